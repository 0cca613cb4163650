/* SPDX-License-Identifier: Apache-2.0
 *
 * Each engine's link contract (cmodel/link/engdesc.def) as C tables: the
 * engines, their INFO build parameters, CONFIG registers and output
 * records. The device emulator (devemu.c) takes register counts, ranges,
 * reset values and INFO values from here; `make gen` writes the Verilog
 * adapters' includes and the docs/protocol.md table from the same rows.
 */
#ifndef HWP_ENGDESC_H
#define HWP_ENGDESC_H

#include <stddef.h>
#include <stdint.h>

#include "link/devemu.h"

#define HWL_DESC_MAXPAR 16 /* INFO carries 16 build parameters (512 bits) */
#define HWL_DESC_MAXREG 7  /* CONFIG registers 1..7 */

/* Output record tags: HWL_TAG_<ENGINE>_<NAME>. */
enum {
#define TAG(key, tag, name, nf, fields, doc) HWL_TAG_##key##_##name = tag,
#include "link/engdesc.def"
};

/* CONFIG register ids: HWL_REG_<ENGINE>_<name>; INFO build parameter ids:
 * HWL_PAR_<ENGINE>_<RTL name>. */
enum {
#define REG(key, id, name, port, wpar, wadd, lo, hikind, hiarg, dflt, doc) HWL_REG_##key##_##name = id,
#include "link/engdesc.def"
};
enum {
#define PAR(key, i, rtl, cexpr, doc) HWL_PAR_##key##_##rtl = i,
#include "link/engdesc.def"
};

/* How a register's upper bound follows from the build (engdesc.def). */
enum { DH_CONST, DH_POW2, DH_MASK, DH_PAR };

typedef struct hwl_desc_eng {
    int id;           /* HWL_ENG_* */
    const char *name; /* "mhash", ... */
    const char *key;  /* "MHASH", ... */
    int kind;         /* HWP_KIND_* on the wire */
    int nf;           /* TUPLES fields per record */
} hwl_desc_eng;

typedef struct hwl_desc_par {
    int eng, i;
    const char *rtl, *doc;
} hwl_desc_par;

typedef struct hwl_desc_reg {
    int eng, id;
    const char *name, *port;
    int wpar, wadd; /* width: P[wpar] (0: none) + wadd */
    uint64_t lo;
    int hikind;
    uint64_t hiarg;
    const char *doc;
} hwl_desc_reg;

typedef struct hwl_desc_tag {
    int eng, tag;
    const char *name;
    int nf;
    const char *fields, *doc;
} hwl_desc_tag;

extern const hwl_desc_eng hwl_desc_engs[];
extern const int hwl_desc_neng;
extern const hwl_desc_par hwl_desc_pars[];
extern const int hwl_desc_npar;
extern const hwl_desc_reg hwl_desc_regs[];
extern const int hwl_desc_nreg;
extern const hwl_desc_tag hwl_desc_tags[];
extern const int hwl_desc_ntag;

/* The engine with INFO id, NULL if none. */
const hwl_desc_eng *hwl_desc_find(int id);
/* INFO parameters of the build c in order into v (HWL_DESC_MAXPAR); returns
 * how many. */
int hwl_desc_info(const hwl_dev_cfg *c, uint64_t *v);
/* CONFIG registers of engine eng: how many (ids 1..n). */
int hwl_desc_nregs(int eng);
/* Reset values of the build c's CONFIG registers into r[1..n] (r[0] and the
 * rest of r[0..HWL_DESC_MAXREG] zero). */
void hwl_desc_reg_defaults(const hwl_dev_cfg *c, uint64_t *r);
/* Range of register id of the build c: 1 with lo..hi, 0 if the engine has
 * no such register. */
int hwl_desc_reg_range(const hwl_dev_cfg *c, int id, uint64_t *lo, uint64_t *hi);
/* strat's run-time settings as strat_cfg_check derives them (rthr from rate). */
strat_cfg hwl_desc_strat(const hwl_dev_cfg *c);

#endif
