/* SPDX-License-Identifier: Apache-2.0
 *
 * Deterministic inputs for the bundled traces (built natively, see
 * tests/traces/traces.mk):
 *   geninput text BYTES SEED   Zipf-like English-ish text, ~12 words per line
 *   geninput sql ROWS SEED     an SQL script for sqlite3: table, inserts,
 *                              index, joins and aggregate queries
 * Output on stdout; the same arguments always give the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static int usage(void)
{
    fprintf(stderr, "usage: geninput text BYTES SEED | geninput sql ROWS SEED\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc != 4)
        return usage();
    unsigned long n = strtoul(argv[2], NULL, 0), seed = strtoul(argv[3], NULL, 0);
    if (!strcmp(argv[1], "text")) {
        char *buf = malloc(n + 32);
        if (!buf)
            return 1;
        size_t k = gen_text(buf, n + 17, seed);
        fwrite(buf, 1, k, stdout);
        if (k && buf[k - 1] != '\n')
            putchar('\n');
        free(buf);
        return 0;
    }
    if (!strcmp(argv[1], "sql")) {
        uint64_t s = seed ? seed : 1;
        printf("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, cat INTEGER, price REAL, qty INTEGER);\n"
               "CREATE TABLE cat(id INTEGER PRIMARY KEY, label TEXT);\nBEGIN;\n");
        for (int c = 0; c < 20; c++)
            printf("INSERT INTO cat VALUES(%d,'%s-%s');\n", c, vocab[c * 3 % VOCAB_N],
                   vocab[(c * 7 + 1) % VOCAB_N]);
        for (unsigned long i = 0; i < n; i++) {
            uint64_t r = rng_next(&s);
            printf("INSERT INTO item VALUES(%lu,'%s %s',%u,%u.%02u,%u);\n", i,
                   vocab[r % VOCAB_N], vocab[(r >> 8) % VOCAB_N], (unsigned)((r >> 16) % 20),
                   (unsigned)((r >> 24) % 500), (unsigned)((r >> 40) % 100),
                   (unsigned)((r >> 48) % 1000));
        }
        printf("COMMIT;\nCREATE INDEX item_cat ON item(cat);\n"
               "SELECT cat.label, count(*), sum(price*qty), avg(qty) FROM item JOIN cat ON item.cat = cat.id GROUP BY cat.label ORDER BY 3 DESC;\n"
               "SELECT name, count(*) AS c FROM item GROUP BY name ORDER BY c DESC, name LIMIT 20;\n"
               "SELECT cat, max(price), min(price) FROM item WHERE qty > 500 GROUP BY cat;\n"
               "UPDATE item SET price = price * 1.1 WHERE cat %% 3 = 0;\n"
               "SELECT count(*) FROM item a JOIN item b ON a.cat = b.cat AND a.id < b.id WHERE a.id < 300 AND b.id < 300;\n"
               "DELETE FROM item WHERE qty < 100;\n"
               "SELECT substr(name, 1, 3) AS p, count(*) FROM item GROUP BY p ORDER BY 2 DESC LIMIT 10;\n");
        return 0;
    }
    return usage();
}
