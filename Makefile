# capillab: the one Makefile.
#
#   make                 build the libraries, tools, tests and experiments under build/
#   make check           build and run every test; ends with "N passed, N failed"
#   make unit            the unit tests alone (no experiment sweeps): the quick loop while editing
#   make sanitize        the same tests under AddressSanitizer + UndefinedBehaviorSanitizer
#                        (also: make check SANITIZE=1; objects go to build/san/)
#   make memcheck        the unit-test binaries under valgrind memcheck (build/memcheck/, one thread)
#   make bench           the benchmarks; rewrites the README's performance tables
#   make fuzz            the command-line parsers fuzzed (libFuzzer, clang): FUZZ_TIME s per target
#   make paper           the main job: every experiment at its default resolution, plots, report
#   make envelope        every claim's acceptance over its validated envelope (--sample; QUICK=1: CI-sized)
#   make clean           remove build/ and paper/build/
#
# Missing Debian packages are installed by .ci/deps.sh (as root) before anything is compiled, or it
# stops with the apt-get command to run. CI=true (or WERROR=1) turns warnings into errors.

SANITIZE ?= 0
ifeq ($(SANITIZE),1)
BUILD ?= build/san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
else
BUILD ?= build
SANFLAGS :=
endif

ifneq ($(filter true 1,$(CI) $(WERROR)),)
WERRORFLAG := -Werror
endif

CC ?= cc
OPT ?= -O2 -g
# quiet build lines ("CC file"); V=1 shows the full commands
ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @echo "  $(1)	$(2)"
endif
WARN := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wpedantic
CPPFLAGS_ALL = -D_XOPEN_SOURCE=700 $(GSL_CFLAGS) $(PNG_CFLAGS) $(CPPFLAGS)
# OpenMP threads in the solver's sweeps (gcc's libgomp); OPENMP=0 builds the single-threaded library.
OPENMP ?= 1
ifeq ($(OPENMP),1)
OMPFLAGS := -fopenmp
endif
CFLAGS_ALL = $(WARN) $(WERRORFLAG) $(OPT) $(OMPFLAGS) $(SANFLAGS) $(CFLAGS)
LDLIBS_ALL = $(GSL_LIBS) $(PNG_LIBS) -lm $(LDLIBS)
LDFLAGS_ALL = $(OMPFLAGS) $(SANFLAGS) $(LDFLAGS)

# Set-up: the generated config.mk records the pkg-config flags once the packages are present. GNU make
# remakes an included makefile first, so any goal but clean runs the set-up before compiling.
ifeq ($(filter clean,$(MAKECMDGOALS)),)
include $(BUILD)/config.mk
endif
$(BUILD)/config.mk: .ci/deps.sh
	@sh .ci/deps.sh
	@mkdir -p $(@D)
	@{ echo "GSL_CFLAGS := $$(pkg-config --cflags gsl)"; \
	   echo "GSL_LIBS := $$(pkg-config --libs gsl)"; \
	   echo "PNG_CFLAGS := $$(pkg-config --cflags libpng)"; \
	   echo "PNG_LIBS := $$(pkg-config --libs libpng)"; } > $@.tmp && mv $@.tmp $@

# The commit the code is built from, for the provenance of every output file: regenerated on every
# make, replaced only when it changes (so nothing recompiles needlessly).
COMMIT_H := $(BUILD)/gen/cap_commit.h
.PHONY: FORCE
$(COMMIT_H): FORCE
	@mkdir -p $(@D)
	@c=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
	 if [ "$$c" != unknown ] && ! git diff --quiet HEAD -- 2>/dev/null; then c="$$c-dirty"; fi; \
	 echo "#define CAP_COMMIT \"$$c\"" > $@.tmp; \
	 if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/obj/solver/cap_version.o: $(COMMIT_H)
$(BUILD)/obj/solver/cap_version.o: CPPFLAGS_ALL += -I$(BUILD)/gen

SOLVER_SRC := $(wildcard solver/*.c)
ANALYTIC_SRC := $(wildcard analytic/*.c)
CAPREF_SRC := $(wildcard tools/capref/*.c)
CLI_SRC := $(wildcard tools/cli/*.c)
HARNESS_SRC := experiments/harness.c experiments/envelope.c experiments/checkpoint.c experiments/scene.c experiments/measure.c \
               experiments/cylinder.c
EXPERIMENT_SRC := $(filter-out $(HARNESS_SRC),$(wildcard experiments/*.c))
TEST_SRC := $(wildcard tests/test_*.c)
BENCH_SRC := $(wildcard tests/bench_*.c)

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
LIB_SOLVER := $(BUILD)/lib/libcapillab.a
LIB_ANALYTIC := $(BUILD)/lib/libcapref.a
LIB_HARNESS := $(BUILD)/lib/libcapexp.a
LIB_CLI := $(BUILD)/lib/libcapcli.a
CAPREF := $(BUILD)/bin/capref
EXPERIMENTS := $(patsubst experiments/%.c,$(BUILD)/bin/%,$(EXPERIMENT_SRC))
# Experiments under study (feasibility studies, docs/design/<name>.md): built with the others, but
# neither in make check (no --quick run, no data/ref) nor in the paper until they are finished.
STUDIES :=
CLAIMS := $(filter-out $(patsubst %,$(BUILD)/bin/%,$(STUDIES)),$(EXPERIMENTS))
TESTS := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
BENCHES := $(patsubst tests/%.c,$(BUILD)/bin/%,$(BENCH_SRC))
ALL_SRC := $(SOLVER_SRC) $(ANALYTIC_SRC) $(CAPREF_SRC) $(CLI_SRC) $(HARNESS_SRC) $(EXPERIMENT_SRC) $(TEST_SRC) \
           $(BENCH_SRC) tests/tharness.c tests/tfixtures.c

.PHONY: all check unit sanitize memcheck paper bench fuzz fuzz-build clean envelope envelope-run
# keep intermediate objects (no rebuild, no "rm" lines)
.SECONDARY:
.DEFAULT_GOAL := all

all: $(LIB_SOLVER) $(LIB_ANALYTIC) $(CAPREF) $(EXPERIMENTS) $(TESTS) $(BENCHES)

$(BUILD)/obj/%.o: %.c $(BUILD)/config.mk
	@mkdir -p $(@D)
	$(call say,CC,$<)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(LIB_SOLVER): $(call obj,$(SOLVER_SRC))
	@mkdir -p $(@D)
	@rm -f $@
	$(call say,AR,$@)
	$(Q)$(AR) rcs $@ $^

$(LIB_ANALYTIC): $(call obj,$(ANALYTIC_SRC))
	@mkdir -p $(@D)
	@rm -f $@
	$(call say,AR,$@)
	$(Q)$(AR) rcs $@ $^

$(LIB_CLI): $(call obj,$(CLI_SRC))
	@mkdir -p $(@D)
	@rm -f $@
	$(call say,AR,$@)
	$(Q)$(AR) rcs $@ $^

$(LIB_HARNESS): $(call obj,$(HARNESS_SRC))
	@mkdir -p $(@D)
	@rm -f $@
	$(call say,AR,$@)
	$(Q)$(AR) rcs $@ $^

$(CAPREF): $(call obj,$(CAPREF_SRC)) $(LIB_CLI) $(LIB_ANALYTIC) $(LIB_SOLVER)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

$(BUILD)/bin/%: $(BUILD)/obj/experiments/%.o $(LIB_HARNESS) $(LIB_CLI) $(LIB_ANALYTIC) $(LIB_SOLVER)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

$(BUILD)/bin/bench_%: $(BUILD)/obj/tests/bench_%.o $(LIB_ANALYTIC) $(LIB_SOLVER)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(BUILD)/obj/tests/tharness.o $(BUILD)/obj/tests/tfixtures.o $(LIB_ANALYTIC) $(LIB_SOLVER)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

# the harness's own tests (the harness, its checkpoint file, its measurement kit) link the harness
$(BUILD)/tests/test_harness $(BUILD)/tests/test_checkpoint $(BUILD)/tests/test_measure: $(BUILD)/tests/%: $(BUILD)/obj/tests/%.o \
    $(BUILD)/obj/tests/tharness.o $(LIB_HARNESS) $(LIB_CLI) $(LIB_ANALYTIC) $(LIB_SOLVER)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LDLIBS_ALL)

# The tests: every build/tests/test_* binary and every tests/test_*.sh script; tests/run.sh prints
# each check's line and the closing "N passed, N failed". Under CI the same tests also run built
# with AddressSanitizer + UndefinedBehaviorSanitizer (build/san), counted in the same total.
# Every experiment also runs its --quick sweep (output in $(BUILD)/out-quick, rerun only when its
# binary changes), and tests/test_experiments.sh checks its verdict and its figures against data/ref;
# tests/test_paper.sh builds the report from those outputs and checks its layout (so make check also
# installs the report's LaTeX and poppler-utils: .ci/deps.sh --paper); tests/test_vtk.sh reads the VTK
# files back with python3-vtk9 (.ci/deps.sh --vtk).
SH_TESTS := $(wildcard tests/test_*.sh)
QUICK_OUT := $(BUILD)/out-quick
# Experiments with an axisymmetric variant (--geometry axi; outputs and status under <name>-axi).
AXI_VARIANTS := static_drop drop_oscillation young_angles bouncing_drop
# Axisymmetric variants in the main job only (none at present): a variant whose --quick sweep does
# not pass its checks is not a regression test, and the report shows its default run as it is.
AXI_PAPER_ONLY :=
# Experiments with a 3D variant (--geometry 3d; outputs and status under <name>-3d).
THREE_D_VARIANTS := static_drop drop_oscillation young_angles
QUICK_STATUS := $(patsubst $(BUILD)/bin/%,$(QUICK_OUT)/%.status,$(CLAIMS)) \
                $(patsubst %,$(QUICK_OUT)/%-axi.status,$(AXI_VARIANTS)) \
                $(patsubst %,$(QUICK_OUT)/%-3d.status,$(THREE_D_VARIANTS))
$(QUICK_OUT)/%-axi.status: $(BUILD)/bin/%
	@mkdir -p $(QUICK_OUT)
	$(call say,RUN,$* --quick --geometry axi)
	$(Q)$(BUILD)/bin/$* --quick --geometry axi --threads 1 --out $(QUICK_OUT) 2> $(QUICK_OUT)/$*-axi.log; echo $$? > $@
$(QUICK_OUT)/%-3d.status: $(BUILD)/bin/%
	@mkdir -p $(QUICK_OUT)
	$(call say,RUN,$* --quick --geometry 3d)
	$(Q)$(BUILD)/bin/$* --quick --geometry 3d --threads 1 --out $(QUICK_OUT) 2> $(QUICK_OUT)/$*-3d.log; echo $$? > $@
$(QUICK_OUT)/%.status: $(BUILD)/bin/%
	@mkdir -p $(QUICK_OUT)
	$(call say,RUN,$* --quick)
	$(Q)$(BUILD)/bin/$* --quick --threads 1 --out $(QUICK_OUT) 2> $(QUICK_OUT)/$*.log; echo $$? > $@
ifneq ($(filter true 1,$(CI)),)
ifneq ($(SANITIZE),1)
CHECK_SAN := --build build/san $(patsubst $(BUILD)/%,build/san/%,$(TESTS)) $(filter-out tests/test_experiments.sh tests/test_envelope.sh tests/test_style.sh tests/test_determinism.sh tests/test_speed.sh tests/test_paper.sh tests/test_faults.sh tests/test_resume.sh tests/test_fuzz.sh,$(SH_TESTS))
endif
endif
# Valgrind memcheck (tests/run.sh runs the binaries of a build/memcheck group under it: a leak or a
# memory error fails the test). Built with OPENMP=0: libgomp keeps its pool threads alive at exit, whose
# thread stacks valgrind reports as possibly lost (test_fmm and test_par ask for 2 threads whatever
# OMP_NUM_THREADS says), and one thread is what valgrind runs fastest. make memcheck runs every unit-test
# binary (tens of minutes: test_levelset, test_ns and test_poisson run for minutes natively); make
# check the subset below, the binaries of a few seconds under valgrind (~25 s in all, measured).
MEMCHECK_TESTS := $(patsubst $(BUILD)/%,build/memcheck/%,$(TESTS))
MEMCHECK_CHECK := $(patsubst %,build/memcheck/tests/%,test_errno test_grid test_io test_body test_floating \
                    test_laplace test_force test_advect test_cheerios test_harness test_checkpoint \
                    test_measure test_state)
memcheck:
	@sh .ci/deps.sh --memcheck
	@$(MAKE) --no-print-directory -j$(NPROC) BUILD=build/memcheck OPENMP=0 $(MEMCHECK_TESTS)
	@sh tests/run.sh build/memcheck $(MEMCHECK_TESTS)

# The envelope (experiments/envelope.h): every claim and axisymmetric variant run with --sample,
# side by side (one job per core, one thread each), each sample the --quick sweep and its checks.
# make envelope: ENVELOPE_N points each (default 8, about 90 minutes on 2 cores) into
# $(BUILD)/out-envelope; QUICK=1: 2 points each into $(BUILD)/out-envelope-quick, the sample make
# check runs (tests/test_envelope.sh reads it). ENVELOPE_SEED (default 1) fixes the points; a run is
# repeated when its binary, ENVELOPE_N or ENVELOPE_SEED changes. The report shows the envelope of
# $(BUILD)/out-envelope beside the main job's runs and that of -quick beside the quick ones.
ENVELOPE_SEED ?= 1
ifneq ($(filter 1 true,$(QUICK)),)
ENVELOPE_N ?= 2
ENV_OUT := $(BUILD)/out-envelope-quick
else
ENVELOPE_N ?= 8
ENV_OUT := $(BUILD)/out-envelope
endif
# Claims whose flags are not yet an envelope (docs/design/envelope.md says why): not sampled.
ENVELOPE_NOT_YET := bouncing_drop
ENV_STATUS := $(patsubst $(BUILD)/bin/%,$(ENV_OUT)/%.status,$(filter-out $(patsubst %,$(BUILD)/bin/%,$(ENVELOPE_NOT_YET)),$(CLAIMS))) \
              $(patsubst %,$(ENV_OUT)/%-axi.status,$(filter-out $(ENVELOPE_NOT_YET),$(AXI_VARIANTS)))
# The 3D variants sampled by make envelope, not by its QUICK=1 sample in make check (a 3D quick run takes a
# minute or more; drop_oscillation's 26 s at one thread).
ENVELOPE_3D := static_drop drop_oscillation
ifeq ($(filter 1 true,$(QUICK)),)
ENV_STATUS += $(patsubst %,$(ENV_OUT)/%-3d.status,$(ENVELOPE_3D))
endif
$(ENV_OUT)/config: FORCE
	@mkdir -p $(ENV_OUT)
	@echo "sample $(ENVELOPE_N) seed $(ENVELOPE_SEED)" | cmp -s - $@ || echo "sample $(ENVELOPE_N) seed $(ENVELOPE_SEED)" > $@
ENV_RUN = $(BUILD)/bin/$(1) --quick $(2) --sample $(ENVELOPE_N) --seed $(ENVELOPE_SEED) --threads 1 \
          --checkpoint-every 0 --out $(ENV_OUT)
$(ENV_OUT)/%-axi.status: $(BUILD)/bin/% $(ENV_OUT)/config
	$(call say,RUN,$* --geometry axi --sample $(ENVELOPE_N))
	$(Q)$(call ENV_RUN,$*,--geometry axi) 2> $(ENV_OUT)/$*-axi.log; echo $$? > $@
$(ENV_OUT)/%-3d.status: $(BUILD)/bin/% $(ENV_OUT)/config
	$(call say,RUN,$* --geometry 3d --sample $(ENVELOPE_N))
	$(Q)$(call ENV_RUN,$*,--geometry 3d) 2> $(ENV_OUT)/$*-3d.log; echo $$? > $@
$(ENV_OUT)/%.status: $(BUILD)/bin/% $(ENV_OUT)/config
	$(call say,RUN,$* --sample $(ENVELOPE_N))
	$(Q)$(call ENV_RUN,$*,) 2> $(ENV_OUT)/$*.log; echo $$? > $@
envelope-run: $(ENV_STATUS)
envelope: all
	@$(MAKE) --no-print-directory -j$(NPROC) envelope-run
	@sh tools/envelope_summary.sh $(ENV_OUT) $(notdir $(ENV_STATUS))

# make check builds and runs the quick sweeps with one job per core (the sweeps side by side, one thread
# each: their grids are small), then runs the tests one after another.
NPROC := $(shell nproc 2>/dev/null || echo 1)
check:
	@sh .ci/deps.sh --paper --memcheck --fuzz --vtk
	@$(MAKE) --no-print-directory -j$(NPROC) $(TESTS) $(CAPREF) $(EXPERIMENTS) $(BENCHES)
	@$(MAKE) --no-print-directory fuzz-build
	@$(MAKE) --no-print-directory -j$(NPROC) $(QUICK_STATUS)
	@$(MAKE) --no-print-directory -j$(NPROC) QUICK=1 envelope-run
ifneq ($(CHECK_SAN),)
	@$(MAKE) --no-print-directory -j$(NPROC) SANITIZE=1 build/san/bin/capref $(patsubst $(BUILD)/%,build/san/%,$(TESTS))
endif
	@$(MAKE) --no-print-directory -j$(NPROC) BUILD=build/memcheck OPENMP=0 $(MEMCHECK_CHECK)
	@sh tests/run.sh $(BUILD) $(TESTS) $(SH_TESTS) $(CHECK_SAN) --build build/memcheck $(MEMCHECK_CHECK)

# The unit tests alone (no experiment sweeps, determinism or fault runs, fuzzing, no sanitizers): the quick
# loop while editing. tests/test_vtk.sh reads the VTK files back with python3-vtk9 (.ci/deps.sh --vtk).
unit: $(TESTS) $(CAPREF) $(BENCHES)
	@sh .ci/deps.sh --vtk
	@sh tests/run.sh $(BUILD) $(TESTS) $(filter-out tests/test_experiments.sh tests/test_envelope.sh tests/test_determinism.sh tests/test_paper.sh tests/test_faults.sh tests/test_resume.sh tests/test_fuzz.sh,$(SH_TESTS))

sanitize:
	@$(MAKE) --no-print-directory check SANITIZE=1

# The main job: every experiment at its default resolution (output in $(BUILD)/out; an experiment
# reruns only when its binary changed, and an interrupted job resumes where it stopped: the
# experiments it had not finished continue from their last checkpoint, --resume), then
# paper/build/summary.md and, with LaTeX, paper/build/capillab.pdf (paper/run.sh). JOBS experiments
# run side by side (default: one per core); the longest of the last run start first, and on a first
# run the order below (the slowest first), then the others.
# QUICK=1: the same with the --quick sweeps (a few minutes).
PAPER_FIRST := cheerios capillary_rise young_angles hysteresis floating_density
PAPER_ORDER := $(filter $(CLAIMS),$(patsubst %,$(BUILD)/bin/%,$(PAPER_FIRST))) $(filter-out $(patsubst %,$(BUILD)/bin/%,$(PAPER_FIRST)),$(CLAIMS))
paper: all
	@sh .ci/deps.sh --paper
	@$(if $(JOBS),JOBS=$(JOBS) )sh paper/run.sh $(BUILD) $(if $(filter 1 true,$(QUICK)),--quick) $(PAPER_ORDER) \
	   $(patsubst %,$(BUILD)/bin/%@axi,$(AXI_VARIANTS) $(if $(filter 1 true,$(QUICK)),,$(AXI_PAPER_ONLY))) \
	   $(patsubst %,$(BUILD)/bin/%@3d,$(THREE_D_VARIANTS))

# The benchmarks with 1 and 2 threads, and the README's performance tables rewritten from their
# output (tools/bench_readme.sh; TIME=0 skips the time-to-accuracy runs).
bench: all
	@sh tools/bench_readme.sh $(BUILD) README.md

# Fuzzing: libFuzzer targets tests/fuzz/fuzz_<target>.c, built by clang with ASan + UBSan into
# $(BUILD)/fuzz/ (fuzz-build; the libraries they link are rebuilt there by clang, without OpenMP):
# fuzz_cli drives cap_cli_parse, fuzz_capref capref's command line (parsing only), fuzz_exp the
# experiments' (exp_parse_args), fuzz_ckpt the checkpoint file read back (exp_ckpt_open,
# exp_ckpt_decode). make fuzz runs each target for FUZZ_TIME seconds (default 60, per target:
# 4 minutes in all), or for FUZZ_RUNS inputs (FUZZ_TIME still stops it), from its seeds
# tests/fuzz/corpus/<target>/ and the inputs earlier runs kept in $(BUILD)/fuzz/corpus/<target>/; a
# crash is saved as $(BUILD)/fuzz/<target>-crash-*.
# make check runs the same script, tests/test_fuzz.sh, for 20 s per target.
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_CC ?= clang
FUZZ_TIME ?= 60
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS = $(WARN) $(WERRORFLAG) -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer
FUZZ_LIBS := $(FUZZ_DIR)/lib/libcapref.a $(FUZZ_DIR)/lib/libcapillab.a
FUZZ_CAPREF_SRC := $(filter-out tools/capref/main.c,$(CAPREF_SRC))
FUZZ_HDR := tests/fuzz/fuzz_contract.h $(wildcard tools/cli/*.h tools/capref/*.h)
FUZZERS := $(FUZZ_DIR)/fuzz_cli $(FUZZ_DIR)/fuzz_capref $(FUZZ_DIR)/fuzz_exp $(FUZZ_DIR)/fuzz_ckpt

fuzz-build:
	@sh .ci/deps.sh --fuzz
	@$(MAKE) --no-print-directory $(if $(Q),-s) BUILD=$(FUZZ_DIR) SANITIZE=0 OPENMP=0 CC=$(FUZZ_CC) \
	   CFLAGS='$(FUZZ_SAN)' $(FUZZ_LIBS)
	@$(MAKE) --no-print-directory $(if $(Q),-s) $(FUZZERS)

fuzz: fuzz-build
	@FUZZ_TIME=$(FUZZ_TIME) $(if $(FUZZ_RUNS),FUZZ_RUNS=$(FUZZ_RUNS) )sh tests/test_fuzz.sh $(BUILD)

$(FUZZ_DIR)/fuzz_cli: tests/fuzz/fuzz_cli.c $(CLI_SRC) $(FUZZ_HDR)
	@mkdir -p $(@D)
	$(call say,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(CPPFLAGS_ALL) $(FUZZ_CFLAGS) -o $@ $< $(CLI_SRC) -lm

$(FUZZ_DIR)/fuzz_capref: tests/fuzz/fuzz_capref.c $(FUZZ_CAPREF_SRC) $(CLI_SRC) $(FUZZ_HDR) $(FUZZ_LIBS)
	@mkdir -p $(@D)
	$(call say,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(CPPFLAGS_ALL) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_CAPREF_SRC) $(CLI_SRC) $(FUZZ_LIBS) $(LDLIBS_ALL)

# the harness (and the checkpoint file it saves and resumes) compiled here with the fuzzer's coverage;
# the solver library it calls from build/fuzz/lib
$(FUZZ_DIR)/fuzz_exp: tests/fuzz/fuzz_exp.c experiments/harness.c experiments/envelope.c experiments/checkpoint.c \
                      $(CLI_SRC) $(FUZZ_HDR) experiments/harness.h experiments/envelope.h experiments/checkpoint.h \
                      experiments/measure.h $(FUZZ_LIBS)
	@mkdir -p $(@D)
	$(call say,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(CPPFLAGS_ALL) $(FUZZ_CFLAGS) -o $@ $< experiments/harness.c experiments/envelope.c experiments/checkpoint.c $(CLI_SRC) \
	   $(FUZZ_LIBS) $(LDLIBS_ALL)

# the checkpoint file compiled here with the fuzzer's coverage; cap_errno and cap_io from build/fuzz/lib
$(FUZZ_DIR)/fuzz_ckpt: tests/fuzz/fuzz_ckpt.c experiments/checkpoint.c $(FUZZ_HDR) experiments/checkpoint.h \
                       experiments/harness.h experiments/measure.h $(FUZZ_LIBS)
	@mkdir -p $(@D)
	$(call say,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(CPPFLAGS_ALL) $(FUZZ_CFLAGS) -o $@ $< experiments/checkpoint.c $(FUZZ_DIR)/lib/libcapillab.a \
	   $(LDLIBS_ALL)

clean:
	rm -rf build paper/build

-include $(patsubst %.c,$(BUILD)/obj/%.d,$(ALL_SRC))
