# shellcheck shell=sh disable=SC2154  # build is set by the sourcing script
# Shared helpers for the capref shell tests (POSIX sh). A test script sets build (the build
# directory) and sources this file:
#   build=${1:-build}
#   . "$(dirname "$0")/capref_lib.sh"
# Each check prints one "PASS  ..." or "FAIL  ..." line; finish prints "N passed, N failed" and sets
# the exit status (0 only if nothing failed), so a script ends with finish.
capref="$build/bin/capref"
n_pass=0
n_fail=0

# ---- counting and printing

# pass LABEL / fail LABEL : print "PASS  LABEL" or "FAIL  LABEL" and count it
pass() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
fail() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }

# check STATUS LABEL : pass LABEL if STATUS is 0, else fail LABEL (use: some_test; check $? LABEL)
check() { if [ "$1" -eq 0 ]; then pass "$2"; else fail "$2"; fi; }

# finish : print "N passed, N failed"; exit status 0 only if nothing failed
finish() {
  echo "$n_pass passed, $n_fail failed"
  [ "$n_fail" -eq 0 ]
}

# ---- numbers (status only, no output; an empty GOT never matches)

# close GOT WANT RTOL : |GOT - WANT| <= RTOL |WANT|
close() {
  awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; s = w < 0 ? -w : w;
                                           exit !(g != "" && d <= t * s) }'
}

# near GOT WANT ATOL : |GOT - WANT| <= ATOL
near() {
  awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= t) }'
}

# check_close LABEL GOT WANT RTOL : close, reported as "LABEL: got GOT want WANT (rtol RTOL)"
check_close() {
  if close "$2" "$3" "$4"; then pass "$1: got $2 want $3 (rtol $4)"
  else fail "$1: got '$2' want $3 (rtol $4)"; fi
}

# check_near LABEL GOT WANT ATOL : near, reported as "LABEL: got GOT want WANT (atol ATOL)"
check_near() {
  if near "$2" "$3" "$4"; then pass "$1: got $2 want $3 (atol $4)"
  else fail "$1: got '$2' want $3 (atol $4)"; fi
}

# ---- TSV output of capref: "#" comment lines, one header line of "NAME[unit]" and "NAME_err"
# columns, then the data rows

# tsv_get OUTPUT NAME ROW : value of the column headed "NAME[unit]" in data row ROW (1-based) of
# OUTPUT; prints nothing if there is no such column or row
tsv_get() {
  printf '%s\n' "$1" | awk -F'\t' -v name="$2" -v row="$3" '
    /^#/ { next }
    !hdr { for (i = 1; i <= NF; i++) if (index($i, name "[") == 1) c = i; hdr = 1; next }
    { n++; if (n == row) { if (c) print $c; exit } }'
}

# tsv_rows OUTPUT : number of non-empty data rows of OUTPUT
tsv_rows() { printf '%s\n' "$1" | grep -v '^#' | tail -n +2 | grep -c .; }

# ---- checks that run capref ARGS...

# check_value NAME WANT RTOL ARGS... : first output column of the first data row against WANT
check_value() {
  name=$1; want=$2; rtol=$3; shift 3
  got=$("$capref" "$@" | grep -v '^#' | sed -n 2p | cut -f1)
  check_close "$name" "$got" "$want" "$rtol"
}

# check_json NAME ARGS... : output parses as JSON (ARGS include --format json)
check_json() {
  name=$1; shift
  if "$capref" "$@" | python3 -m json.tool >/dev/null 2>&1; then pass "$name: valid JSON"
  else fail "$name: output is not valid JSON"; fi
}

# check_stderr NAME STATUS WORD ARGS... : exit status STATUS and the text WORD on stderr
check_stderr() {
  name=$1; want=$2; word=$3; shift 3
  err=$("$capref" "$@" 2>&1 >/dev/null); rc=$?
  case "$err" in
    *"$word"*) [ "$rc" -eq "$want" ] && { pass "$name: exit $rc, stderr names '$word'"; return; } ;;
  esac
  fail "$name: exit $rc, stderr '$err' (want exit $want naming '$word')"
}

# check_usage NAME WORD ARGS... : a usage error: exit status 2 and WORD (the parameter) on stderr
check_usage() {
  name=$1; word=$2; shift 2
  check_stderr "$name" 2 "$word" "$@"
}

# check_status NAME WANT ARGS... : exit status
check_status() {
  name=$1; want=$2; shift 2
  "$capref" "$@" >/dev/null 2>&1; rc=$?
  if [ "$rc" -eq "$want" ]; then pass "$name: exit $rc"; else fail "$name: exit $rc, want $want"; fi
}
