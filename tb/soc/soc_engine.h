/* SPDX-License-Identifier: Apache-2.0
 *
 * The SoC harness's engine session (docs/soc.md, "Running with an engine"):
 * the host side of an engine attached to the SoC's retire port
 * (rtl/soc/hwp_soc_eng.v), built on the engine's link interface
 * (cmodel/cli/engine.h, hwp_link_eng) exactly as `hwprof stream` uses it for
 * a board: the engine options of `hwprof run --engine E`, the build
 * parameters checked against the engine's INFO word, the CONFIG register
 * values, the output records collected in order, the engine's own host loop
 * if it has one (coproc), and the report printed by `hwprof run`'s printer.
 * Only the transport differs: the harness drives the adapter's ports instead
 * of a UART.
 */
#ifndef SOC_ENGINE_H
#define SOC_ENGINE_H
#include <stddef.h>
#include <stdint.h>
#include "trace.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct soc_eng soc_eng;

/* The session of engine name with the options argv[0..argc-1] (those of
 * `hwprof run --engine name`; argv[0] is skipped as a program name); trace:
 * the retire trace the run writes (the report names it as `hwprof run` on
 * that trace does). NULL with a message printed on a usage error or an
 * engine without a link. */
soc_eng *soc_eng_open(const char *name, const char *trace, int argc, char **argv);
void soc_eng_close(soc_eng *e);

/* Checks the build parameters the options fix against the adapter's INFO
 * word (info[i]: 32-bit words, parameter i + 1 in word i, 16 words): 0, or
 * -1 with the mismatches printed. */
int soc_eng_check_info(soc_eng *e, const uint32_t info[16]);

/* The CONFIG register values in v (register i + 1 in v[i]); returns their
 * number (<= 8). */
int soc_eng_config(const soc_eng *e, uint64_t v[8]);

/* One retire record of the run: mapped as the host maps a trace record (the
 * count of events `hwprof run` reads); 0, or -1 with a message printed. */
int soc_eng_record(soc_eng *e, const hwp_rec *r);
/* Events mapped so far. */
uint64_t soc_eng_events(const soc_eng *e);

/* One output record word of the adapter (orec_*: tag, n fields of f,
 * continuation of the previous record, last piece): 0, 1 when it completed
 * END, or -1 with the reason in err. */
int soc_eng_orec(soc_eng *e, uint8_t tag, int n, int cont, int last, const uint64_t f[3],
                 char *err, size_t errn);

/* The engine's host loop (coproc's virtual time: hwp_link_eng.hostop), once
 * after soc_eng_config and then after every output record: queues the HOSTOP
 * entries to send now. 0, or -1 with the reason in err. Without a host loop
 * nothing is queued. */
int soc_eng_host(soc_eng *e, char *err, size_t errn);
/* The queue's next entry: 1 with op, addr, wdata, or 0 when it is empty;
 * soc_eng_hop_pop removes it once the adapter took it. */
int soc_eng_hop(const soc_eng *e, uint8_t *op, uint16_t *addr, uint64_t *wdata);
void soc_eng_hop_pop(soc_eng *e);

/* After END: the engine's end checks and its report, printed on stdout as
 * `hwprof run --engine E` prints it (the engine's statistics on stderr).
 * 0, or -1 with a message printed. */
int soc_eng_report(soc_eng *e);

#ifdef __cplusplus
}
#endif
#endif
