/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The unit tests' check: CHECK(cond, fmt, ...) counts a failed condition in
 * `fails` and prints "FAIL file:line: <message>" for the first CHECK_PRINT_MAX
 * of them; CHECK_EXPR(cond) prints the condition itself. Each test's main()
 * ends with `return check_verdict("test_x");`.
 */
#ifndef HWP_TESTS_UNIT_CHECK_H
#define HWP_TESTS_UNIT_CHECK_H

#include <stdio.h>

#define CHECK_PRINT_MAX 50

static int fails;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond) && fails++ < CHECK_PRINT_MAX) {                                                \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

#define CHECK_EXPR(cond) CHECK(cond, "%s", #cond)

/* Prints the test's verdict line, "PASS name" or "FAIL name: N failed
 * checks", and returns main()'s exit status (1 when any check failed). */
static inline int check_verdict(const char *name)
{
    if (fails) {
        printf("FAIL %s: %d failed checks\n", name, fails);
        fflush(stdout);
        return 1;
    }
    printf("PASS %s\n", name);
    return 0;
}

#endif
