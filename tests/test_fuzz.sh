#!/bin/sh
# The command-line parsers and the checkpoint file's reader fuzzed (libFuzzer under ASan + UBSan; the
# targets and their contracts are in tests/fuzz/fuzz_*.c): each target runs for FUZZ_TIME seconds
# (default 20: 80 s in all; a time, not a count, so that a slow machine does not fail), or FUZZ_RUNS
# inputs if set, from its seeds tests/fuzz/corpus/<target>/ plus what earlier runs kept in
# BUILD_DIR/fuzz/corpus/<target>/. One PASS/FAIL line per target: a crash, leak, hang (over 10 s on
# one input) or broken contract fails, with the saved input and the report. The fuzzers are built by
# make fuzz-build (make check does).
# Usage: sh tests/test_fuzz.sh BUILD_DIR        (make fuzz: FUZZ_TIME=60 by default)
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
time=${FUZZ_TIME:-20}
n_pass=0
n_fail=0
pass() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
fail() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }

for t in cli capref exp ckpt; do
  bin=$build/fuzz/fuzz_$t
  if [ ! -x "$bin" ]; then
    fail "fuzz_$t: $bin is not built (make fuzz-build)"
    continue
  fi
  work=$build/fuzz/corpus/$t
  log=$build/fuzz/fuzz_$t.log
  mkdir -p "$work"
  rm -f "$build/fuzz/$t"-crash-* "$build/fuzz/$t"-leak-* "$build/fuzz/$t"-timeout-* "$build/fuzz/$t"-oom-*
  # -close_fd_mask=3: the targets' own messages (help, usage errors) are not printed; libFuzzer's and
  # the sanitizers' reports still are. timeout(1) is a last guard around -max_total_time.
  timeout $((time + 120)) "$bin" -close_fd_mask=3 -max_total_time="$time" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
    -timeout=10 -max_len=4096 -print_final_stats=1 -artifact_prefix="$build/fuzz/$t-" \
    "$work" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  secs=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | sed 's/.* in \([0-9]*\) second.*/\1/')
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)
  if [ "$rc" -eq 0 ] && [ -n "$runs" ]; then
    pass "fuzz_$t: ${runs} inputs in ${secs:-?} s (${rate} exec/s), ${cov:-cov: ?}; no crash, leak or broken contract"
  else
    fail "fuzz_$t: exit status $rc after ${runs:-?} inputs; see $log"
    for a in "$build/fuzz/$t"-*-*; do
      [ -f "$a" ] || continue
      echo "    input saved as $a; its report (rerun: $bin $a):"
      "$bin" "$a" 2>&1 | grep -E 'contract broken|ERROR|SUMMARY|^    #[0-9] ' | head -n 12 | sed 's/^/    /'
    done
    grep -E 'ERROR|SUMMARY' "$log" | head -n 5 | sed 's/^/    /'
  fi
done

echo "$n_pass passed, $n_fail failed"
[ "$n_fail" -eq 0 ]
