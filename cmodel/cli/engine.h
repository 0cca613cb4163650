/* SPDX-License-Identifier: Apache-2.0
 *
 * The host-side engine interface: what `hwprof run`, `hwprof eval` and
 * `hwprof stream` know of an engine is one hwp_engine, and the list of
 * engines is hwp_engines (engines.c). Each eng_<engine>.c implements its
 * engine's functions, so the report that `stream` prints from a board's
 * output records comes from the same printer as `run`'s report from the C
 * model, and the records `stream` sends are mapped by the same function that
 * feeds `run`'s model.
 *
 * Every engine streams through the one board session of stream.c
 * (hwp_engine.link: options, trace-to-record mapping, INFO and CONFIG, the
 * output records and the report); an engine whose host takes part in the
 * run (the co-processor's virtual time) brings its own loop for the part
 * between the INFO checks and the end of the output (hwp_link_eng.host, and
 * hostop for the SoC harness, which drives the adapter without a link).
 */
#ifndef HWP_ENGINE_H
#define HWP_ENGINE_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>

#include "link/engdesc.h"
#include "link/link.h"
#include "trace.h"

struct cpv_entry; /* a HOSTOP entry (coproc/cp_vtime.h) */

/* One build parameter that the board reports in INFO and that the requested
 * options fix. */
typedef struct hwp_bparam {
    int id;           /* INFO parameter id */
    const char *name; /* its name in the RTL */
    const char *opt;  /* the option that sets it, for messages */
    uint64_t want;
    int check; /* 0: reported but the profile does not depend on it */
} hwp_bparam;
#define HWP_BPARAM_MAX 16
/* The bparam of the engine's INFO parameter named RTL (its id from the
 * description, cmodel/link/engdesc.def). */
#define HWP_BPARAM(ENG, RTL, opt, v, check) \
    ((hwp_bparam){HWL_PAR_##ENG##_##RTL, #RTL, opt, (uint64_t)(v), check})

/* The code of an option of `hwprof run` that `stream` refuses because it
 * needs the C model (hwp_link_eng.run_opts). */
#define HWP_RUN_ONLY 0x7f00

/* What a session knows besides the engine's own state. */
typedef struct hwp_sess {
    const char *cmd;   /* "stream": messages are "hwprof <cmd>: ..." */
    const char *trace; /* the trace file */
    const char *port;  /* the device */
    int json;          /* --json */
    int progress;      /* a progress line on stderr */
    uint64_t max;      /* records to send at most (0: all); begin may lower it */
    uint64_t events;   /* records mapped so far; at the report, records sent (a board
                        * that feeds its engine itself: the events it reports) */
    int end;           /* the END output record has come */
    int have_ctr;      /* the COUNTERS output record has come, in ctr */
    uint64_t ctr[HWL_OREC_MAXF];
} hwp_sess;

/* An engine on the link. Each function gets the engine's session state s
 * (size bytes, zeroed before init). Return conventions: option functions as
 * engopt.h (0 taken / done, 1 not one of this engine's, 2 usage error with
 * message); the others 0 ok, -1 with a message printed, except where noted.
 * end, info, config, host, hostop and free may be NULL (nothing to check, no
 * CONFIG registers, the generic loop, no host loop, nothing to free). */
typedef struct hwp_link_eng {
    int id;        /* HWL_ENG_* */
    int kind;      /* HWP_KIND_* of the records on the wire */
    size_t size;   /* bytes of the session state */
    const char *help; /* the engine's lines of `hwprof stream --engine E --help` */
    int json;         /* --json is taken (as `hwprof run --engine E` takes it) */
    int counters;     /* the report needs the COUNTERS record (hwp_sess.ctr) */
    const struct option *opts;     /* the engine's options (engopt.c) */
    const struct option *out_opts; /* output options of the engine's `run` */
    const struct option *run_opts; /* options of `run` that need the C model
                                    * (code HWP_RUN_ONLY): refused */
    void (*init)(void *s);
    int (*opt)(const char *cmd, int code, const char *arg, void *s);
    int (*finish)(const char *cmd, void *s);
    /* Checks the trace kind before the first record. */
    int (*begin)(void *s, hwp_sess *ss, const hwp_trace_info *ti);
    /* One trace record to the wire record *out: 1 sent, 0 skipped, -1 error. */
    int (*map)(const void *s, const hwp_sess *ss, const hwp_rec *in, hwp_rec *out);
    /* After the last record: limits of the board's counters and the like. */
    int (*end)(const void *s, const hwp_sess *ss);
    /* The build parameters the options fix; returns how many (<= HWP_BPARAM_MAX). */
    int (*params)(const void *s, hwp_bparam *bp);
    /* Checks beyond params on INFO: 0 ok, 1 mismatch (message printed, more
     * checks go on), -1 fatal. */
    int (*info)(void *s, const hwp_sess *ss, const hwl_info *in);
    /* The CONFIG registers 1..n in v; returns n (<= 8). */
    int (*config)(const void *s, uint64_t *v);
    /* One output record other than END and COUNTERS, in order: 0, or -1 with
     * err filled. */
    int (*collect)(void *s, const hwl_orec *x, char *err, size_t errn);
    /* The engine's own host loop after HELLO, the INFO checks and the rate
     * change, in place of RESET, CONFIG, TUPLES, EOS and the wait for END
     * (output records still go to collect, END sets ss->end): 0, or -1 with
     * h->err set. */
    int (*host)(void *s, const hwp_sess *ss, hwl_host *h, const hwl_info *in, const hwp_rec *r,
                uint64_t n);
    /* The same host loop for a transport that feeds the adapter directly,
     * with no link (the SoC harness, tb/soc/soc_engine.c): called once after
     * the INFO checks and then after every output record given to collect
     * (END sets ss->end), it points *e at the HOSTOP entries to send now
     * (in order, after the records mapped so far) and returns their count:
     * 0 when there is nothing to send, -1 with err filled. NULL when host is. */
    long (*hostop)(void *s, const hwp_sess *ss, const struct cpv_entry **e, char *err, size_t errn);
    /* After END: checks that every record came and prints the report with
     * `run`'s printer. 0, or -1 with a message printed (nothing printed on
     * stdout). */
    int (*report)(void *s, const hwp_sess *ss);
    void (*free)(void *s);
} hwp_link_eng;

typedef struct hwp_engine {
    const char *name;
    int (*run)(int argc, char **argv);  /* argv[0] "run", --engine removed */
    int (*eval)(int argc, char **argv); /* argv[0] "eval", --engine removed */
    const hwp_link_eng *link;           /* hwprof stream */
} hwp_engine;

extern const hwp_engine hwp_engines[];
extern const int hwp_n_engines;
/* The engine named name, NULL if none. */
const hwp_engine *hwp_engine_find(const char *name);

extern const hwp_link_eng hwp_link_mhash, hwp_link_strat, hwp_link_rap, hwp_link_pfp;
extern const hwp_link_eng hwp_link_coproc; /* stream_coproc.c */

#endif
