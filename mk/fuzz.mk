# mk/fuzz.mk: the fuzz targets of fuzz/ (docs/testing.md "Fuzzing"); included at
# the end of the Makefile.
#   make fuzz [FUZZ_SECONDS=n] [FUZZ_TARGETS="npy npz"]  libFuzzer (clang, ASan + UBSan),
#       each target n seconds from fuzz/corpus/<target>/ (a scratch copy in build/fuzz/),
#       crashes kept in fuzz/crashes/<target>/, executions per target, non-zero on a crash
#   make fuzz-replay   (make test runs it in its system test case `fuzz`) each target built with $(CC) and run once
#       over its corpus and its crash reproducers: no fuzzing, no clang
FUZZ_SECONDS ?= 60
# libFuzzer targets in C, and stdlib Python fuzzers of the Python parsers
FUZZ_C       := $(patsubst fuzz/fuzz_%.c,%,$(wildcard fuzz/fuzz_*.c))
FUZZ_PY      := $(patsubst fuzz/fuzz_%.py,%,$(wildcard fuzz/fuzz_*.py))
FUZZ_ALL     := $(FUZZ_C) $(FUZZ_PY)
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_BUILD   := build/fuzz
# Debian names it clang-14; any clang with libFuzzer does
FUZZ_CC      := $(or $(shell command -v clang 2>/dev/null),$(shell command -v clang-14 2>/dev/null),clang)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# the library under test: coverage-instrumented (fuzzer-no-link) and sanitized;
# no -Werror, gcc's build holds the code to that
FUZZ_CFLAGS  := -std=c11 -O1 -g -Wall -Wextra -D_POSIX_C_SOURCE=200809L $(FUZZ_SAN)
# the parsers and what they stand on, not the whole core: fewer objects to build
FUZZ_SRC     := $(GOLDEN_SRC) $(wildcard sim/regs/generated/*.c sequences/trace/*.c) sim/kernel/sim_knobs.c sim/nvdla/nvdla_knobs.c \
                sim/kernel/generated/sim_knob_table.c sim/kernel/sim_output_error.c $(BFM_SRC) $(wildcard sim/ethosu/*.c) \
                $(wildcard sim/waves/*vcd*.c) $(addprefix sequences/ethosu/ethosu_,payload.c network.c opmap.c)
FUZZ_CORE_OBJ := $(FUZZ_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_LIB     := $(FUZZ_BUILD)/libsimcore.a
FUZZ_BINS    := $(FUZZ_C:%=$(FUZZ_BUILD)/fuzz_%)
FUZZ_UNKNOWN := $(filter-out $(FUZZ_ALL),$(FUZZ_TARGETS))

$(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(INC) $(DEPFLAGS) -c $< $(TMP_OUT) && $(IN_PLACE)
# mk/fuzz.mk too: the objects are intermediate (.SECONDARY), so a source added
# to FUZZ_SRC would not otherwise rebuild an archive newer than it
$(FUZZ_LIB): $(FUZZ_CORE_OBJ) mk/fuzz.mk
	@ar rcs $@.$$$$ $(FUZZ_CORE_OBJ) && $(IN_PLACE)
$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_LIB)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Werror -fsanitize=fuzzer $(INC) $(DEPFLAGS) $< $(TMP_OUT) $(FUZZ_LIB) -lz && $(IN_PLACE)

.PHONY: fuzz fuzz-deps fuzz-build fuzz-replay
fuzz-deps:
	@scripts/build/fuzz_deps.sh
# the objects are many and small: both cores, nice'd
fuzz-build: $(if $(FUZZ_UNKNOWN),,fuzz-deps)
	@if [ -n "$(FUZZ_UNKNOWN)" ]; then echo "make fuzz: FUZZ_TARGETS: no target $(FUZZ_UNKNOWN) (the targets: $(FUZZ_ALL))" >&2; exit 2; fi
	@echo "fuzz: building $(words $(filter $(FUZZ_C),$(FUZZ_TARGETS))) targets with $(FUZZ_CC) -fsanitize=fuzzer,address,undefined in $(FUZZ_BUILD)/"
	@nice $(MAKE) -s --no-print-directory -j$(BUILD_JOBS) $(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(filter $(FUZZ_C),$(FUZZ_TARGETS)))
fuzz: fuzz-build
	@scripts/fuzz/fuzz_run.sh --build $(FUZZ_BUILD) --seconds $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# make test's run of every target over its corpus and reproducers, built by
# $(CC) with the project's flags (sanitized with SAN=1) and fuzz/replay_main.c
FUZZ_REPLAY_BINS := $(FUZZ_C:%=$(BUILD)/fuzz-replay/fuzz_%)
$(BUILD)/fuzz-replay/fuzz_%: $(BUILD)/obj/fuzz/fuzz_%.o $(BUILD)/obj/fuzz/replay_main.o $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(filter %.o,$^) $(TMP_OUT) $(LDFLAGS) $(CORE_LIB) -lz && $(IN_PLACE)
fuzz-replay: deps
	@$(MAKE) -s -j$(BUILD_JOBS) $(FUZZ_REPLAY_BINS) || exit 2; \
	fail=0; for t in $(FUZZ_ALL); do \
	    dirs=fuzz/corpus/$$t; [ -d fuzz/crashes/$$t ] && dirs="$$dirs fuzz/crashes/$$t"; \
	    log=$(BUILD)/fuzz-replay/$$t.log; run=$(BUILD)/fuzz-replay/fuzz_$$t; \
	    [ -f fuzz/fuzz_$$t.py ] && run="python3 fuzz/fuzz_$$t.py --replay"; \
	    if $$run $$dirs >$$log 2>&1; then echo "PASS  fuzz-replay $$t: $$(tail -n 1 $$log)"; \
	    else tail -n 30 $$log >&2; echo "FAIL  fuzz-replay $$t: $$run $$dirs (log $$log)" >&2; fail=1; fi; \
	done; exit $$fail

# the nightly list's share (make regress LIST=nightly): every target a short while
FUZZ_NIGHTLY_SECONDS := 30
.PHONY: fuzz-nightly
fuzz-nightly:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_NIGHTLY_SECONDS)
