# SPDX-License-Identifier: Apache-2.0
# FPGA flow (included by the top Makefile). See docs/fpga.md.
#
#   make synth BOARD=icebreaker|ulx3s [ENGINE=e]  the board top fpga/<board>/hwp_board.v (PLL engine
#                                                clock, engine behind async FIFOs) with the engine's
#                                                adapter rtl/board/hwp_adapt_<e>.v and its sizes in
#                                                fpga/<board>/hwp_sizes.vh: bitstream +
#                                                build/synth-board/<board>/<e>/report.json;
#                                                the engine bench when the board has no sizes for it
#   make synth BOARD=ulx3s TOP=soc [ENGINE=e] [PROGRAM=f]  the SoC board top: PicoRV32 with the engine
#                                                on its retire port at one clock, the program (default
#                                                tests/soc/lz.c) baked in -> build/synth-soc/<board>/<e>/
#                                                (docs/soc.md)
#   make synth-bench BOARD=b ENGINE=e            the engine's out-of-context bench -> build/synth/<board>/<e>/
#   make synth-all [SYNTH_JOBS=n] [REBUILD=1]    every board x engine top (stale ones, n at a time), then
#                                                docs/results/fpga.md (fpga/synth-all.sh)
#   make synth-check [ENGINE=e]                  Yosys synth_ice40 + synth_ecp5 of every engine top
#   make prog BOARD=icebreaker|ulx3s ENGINE=e    program the board (iceprog / openFPGALoader)
#   make fpga-report [REBUILD=1|REPORT_ONLY=1] [FPGA_ONLY="b:e ..."]  every (board, engine) build
#                                                (or the listed pairs) -> docs/results/fpga.md
#   make soc-report [REBUILD=1|REPORT_ONLY=1]     the SoC board tops (TOP=soc) of SOC_REPORT_ENGINES
#                                                with their simulated events per second
#                                                -> docs/results/soc.md (fpga/soc-report.sh)
#   make speed-report [REPORT_ONLY=1]             the builds of fpga/speed-targets.txt at their target
#                                                clocks -> docs/results/speed.md
#   make gate-level [GATE_ONLY="b:e ..."]         gate-level check of every board top that routes
#                                                (GATE_TOPS), then docs/results/gatelevel.md
#                                                (fpga/gate-all.sh; the iCE40 strat one is in make test)
#   make fpga-modules [MODSTAT="b:e ..."] [REBUILD=1]  Yosys with the hierarchy kept (no place and
#                                                route) of board tops (default icebreaker:pfp
#                                                icebreaker:strat) -> docs/results/fpga-modules.md,
#                                                cells per module (fpga/modstat.sh)
#   make print-VAR [ENGINE=e]                    print a make variable (used by the scripts)

BOARDS      := icebreaker ulx3s
SYNTHROOT   ?= $(BUILD)/synth
ICEPROG     ?= iceprog
OPENFPGALOADER ?= openFPGALoader
export SYNTHROOT ICEPROG OPENFPGALOADER RTL_DIR

# Default engine of each board's build (meets timing at the board clock; docs/fpga.md).
BOARD_ENGINE_icebreaker := strat
BOARD_ENGINE_ulx3s      := strat

.PHONY: synth synth-bench synth-all synth-check prog fpga-report gate-level speed-report fpga-modules soc-report

synth:
	@test -n "$(BOARD)" || { echo "usage: make synth BOARD=<$(subst $(eval) ,|,$(BOARDS))> [ENGINE=<$(subst $(eval) ,|,$(ENGINES))>]" >&2; exit 2; }
	@e=$(or $(ENGINE),$(BOARD_ENGINE_$(BOARD))); \
	if [ "$(TOP)" = soc ]; then SYNTH_KIND=composed SYNTH_TOP=soc SOC_PROGRAM="$(PROGRAM)" bash fpga/synth.sh $(BOARD) $$e; \
	elif [ -n "$(TOP)" ]; then echo "make synth: TOP must be soc or empty" >&2; exit 2; \
	elif (. fpga/lib.sh && hwp_composed $(BOARD) $$e); then SYNTH_KIND=composed bash fpga/synth.sh $(BOARD) $$e; \
	else bash fpga/synth.sh $(BOARD) $$e; fi

synth-all:
	@BOARDS="$(BOARDS)" SYNTH_JOBS="$(SYNTH_JOBS)" REBUILD="$(REBUILD)" bash fpga/synth-all.sh

gate-level:
	@GATE_TOPS="$(GATE_TOPS)" GATE_ONLY="$(GATE_ONLY)" bash fpga/gate-all.sh

synth-bench:
	@test -n "$(ENGINE)" -a -n "$(BOARD)" || { echo "usage: make synth-bench BOARD=<board> ENGINE=<engine>" >&2; exit 2; }
	@bash fpga/synth.sh $(BOARD) $(ENGINE)

synth-check:
	@bash fpga/synth-check.sh $(ENGINE)

prog:
	@test -n "$(BOARD)" || { echo "usage: make prog BOARD=<board> [ENGINE=<engine>]" >&2; exit 2; }
	@bash fpga/prog.sh $(BOARD) $(or $(ENGINE),$(BOARD_ENGINE_$(BOARD)))

# Builds every (board, engine) that is missing, failed or stale (REBUILD=1: all;
# REPORT_ONLY=1: none), then rewrites docs/results/fpga.md from the summaries.
fpga-report:
	@BOARDS="$(BOARDS)" REBUILD="$(REBUILD)" REPORT_ONLY="$(REPORT_ONLY)" FPGA_ONLY="$(FPGA_ONLY)" bash fpga/report-all.sh

speed-report:
	@REPORT_ONLY="$(REPORT_ONLY)" bash fpga/speed.sh

fpga-modules:
	@REBUILD="$(REBUILD)" bash fpga/modstat.sh $(MODSTAT)

soc-report:
	@SOC_REPORT_ENGINES="$(SOC_REPORT_ENGINES)" REBUILD="$(REBUILD)" REPORT_ONLY="$(REPORT_ONLY)" bash fpga/soc-report.sh

# Generic variable dump so the scripts read engine.mk through make itself.
print-%:
	@:$(info $($*))
