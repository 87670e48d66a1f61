#!/bin/sh
# Runs capillab's tests and adds up their results.
#   tests/run.sh BUILD_DIR TEST... [--build BUILD_DIR2 TEST...]...
# Each TEST is a test binary or a tests/test_*.sh script (run as: sh SCRIPT BUILD_DIR, with the build
# directory of its group: a sanitized build is a second group). A binary of a group whose directory ends
# in /memcheck runs under valgrind memcheck ($CAP_MEMCHECK, default below): a leak or a memory error
# exits with 99 and fails the test (its report is in the test's log). Every test
# prints one PASS/FAIL line per check and closes with "N passed, N failed". A test that exits
# non-zero without failing a check, or prints no closing line (a crash), counts as one failure.
# The last line printed is the total "N passed, N failed"; the exit status is 1 if anything failed.
set -u
build=$1; shift
memcheck=${CAP_MEMCHECK:-valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible}
mkdir -p "$build/tests"
total_pass=0
total_fail=0
for t in "$@"; do
  if [ "$t" = --build ]; then next_is_build=1; continue; fi
  if [ "${next_is_build:-0}" = 1 ]; then build=$t; next_is_build=0; mkdir -p "$build/tests"; continue; fi
  name=$(basename "$t")
  wrap=""
  case "$build" in
    */san) name="$name (sanitized)" ;;
    */memcheck) name="$name (memcheck)"; wrap=$memcheck ;;
  esac
  log="$build/tests/$(basename "$t").log"
  echo "== $name"
  case "$t" in
    *.sh) sh "$t" "$build" >"$log" 2>&1 ;;
    *) $wrap "$t" >"$log" 2>&1 ;;
  esac
  rc=$?
  grep -E '^(PASS|FAIL)  ' "$log"
  closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
  if [ -z "$closing" ]; then
    echo "FAIL  $name: no closing line (exit status $rc); see $log"
    tail -n 5 "$log" | sed 's/^/    /'
    total_fail=$((total_fail + 1))
    continue
  fi
  p=${closing%% passed*}
  f=${closing#*passed, }; f=${f%% failed}
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + f))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "FAIL  $name: exit status $rc with no failed check; see $log"
    total_fail=$((total_fail + 1))
  fi
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
