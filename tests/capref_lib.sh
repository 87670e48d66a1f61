# Shared helpers for the capref shell tests (sourced; needs $build set). Each check prints one
# "PASS  ..." or "FAIL  ..." line; finish prints "N passed, N failed" and sets the exit status.
capref="$build/bin/capref"
n_pass=0
n_fail=0
pass() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
fail() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }

# check_value NAME WANT RTOL ARGS... : first output column of the first data row against WANT
check_value() {
  name=$1; want=$2; rtol=$3; shift 3
  got=$("$capref" "$@" | grep -v '^#' | sed -n 2p | cut -f1)
  if awk -v g="$got" -v w="$want" -v t="$rtol" 'BEGIN { e = g - w; if (e < 0) e = -e; if (w < 0) w = -w;
        exit !(g != "" && e <= t * w) }'; then
    pass "$name: got $got want $want (rtol $rtol)"
  else
    fail "$name: got '$got' want $want (rtol $rtol)"
  fi
}

# check_json NAME ARGS... : output parses as JSON
check_json() {
  name=$1; shift
  if "$capref" "$@" | python3 -m json.tool >/dev/null 2>&1; then pass "$name: valid JSON"
  else fail "$name: output is not valid JSON"; fi
}

# check_usage NAME WORD ARGS... : exit status 2 and WORD named on stderr
check_usage() {
  name=$1; word=$2; shift 2
  err=$("$capref" "$@" 2>&1 >/dev/null); rc=$?
  case "$err" in
    *"$word"*) [ "$rc" -eq 2 ] && { pass "$name: exit 2, names '$word'"; return; } ;;
  esac
  fail "$name: exit $rc, stderr '$err' (want exit 2 naming '$word')"
}

# check_status NAME WANT ARGS... : exit status
check_status() {
  name=$1; want=$2; shift 2
  "$capref" "$@" >/dev/null 2>&1; rc=$?
  if [ "$rc" -eq "$want" ]; then pass "$name: exit $rc"; else fail "$name: exit $rc, want $want"; fi
}

finish() {
  echo "$n_pass passed, $n_fail failed"
  [ "$n_fail" -eq 0 ]
}
