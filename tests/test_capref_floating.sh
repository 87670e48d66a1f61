#!/bin/sh
# capref quantities of the floating module (analytic/capref/q_floating.c).
#   sh tests/test_capref_floating.sh BUILD_DIR
# Reference numbers were computed with python3/mpmath (30 digits) from the force balance with a grid,
# mpmath.findroot and mpmath.diff (see tests/test_floating.c), not with the library's code path.
set -u
B="$1/bin/capref"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { echo "PASS  $1"; pass=$((pass + 1)); }
ko() { echo "FAIL  $1"; fail=$((fail + 1)); }
val() { awk -F'\t' -v r="$1" -v c="$2" '!/^#/ { n++; if (n == r + 1) print $(2 * c - 1) }'; }
check() {
  if awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; s = w < 0 ? -w : w;
                                               exit !(g != "" && d <= t * s) }'; then
    ok "$1: got $2 want $3 (rtol $4)"
  else
    ko "$1: got '$2' want $3 (rtol $4)"
  fi
}

# D(phi = 70.73 deg; Bo = 0.3817, theta = 63.7 deg) (mpmath); closed form: rtol 1e-12
check "floating-load D" "$("$B" floating-load --Bo 0.3817 --theta 63.7 --phi 70.73 | val 1 1)" \
  -1.65064699793342503 1e-12
# first point of the curve: D(0) = -(2 / (pi Bo)) sin(theta) (hand)
check "floating-load-curve D(0)" "$("$B" floating-load-curve --Bo 0.3817 --theta 63.7 --npts 3 | val 1 2)" \
  -1.49520824532704077 1e-12
# D_max (mpmath); flat at the maximum, so rounding-level: rtol 1e-12
check "floating-max Dmax" "$("$B" floating-max --Bo 0.3817 --theta 63.7 | val 1 1)" 2.51347527440609402 1e-12
# equilibrium phi for D = 1.4142 (mpmath, 128.957996297549 deg); root tolerance 1e-10 rad: rtol 1e-9
check "floating-equilibrium phi" "$("$B" floating-equilibrium --Bo 0.3817 --theta 63.7 --D 1.4142 | val 1 1)" \
  128.957996297549060 1e-9

# The paperclip (steel wire R = 0.5 mm, water, theta = 100 deg): D = 7.9 floats, D = 25 sinks
"$B" floating-si --radius 0.5e-3 --rho_s 7900 --rho 1000 --sigma 0.072 --g 9.81 --theta 100 >"$tmp/si" 2>&1
rc=$?
if [ "$rc" -eq 0 ]; then ok "floating-si paperclip D = 7.9 floats (exit 0)"; else ko "paperclip D = 7.9: exit $rc"; fi
check "floating-si paperclip depth (m)" "$(val 1 7 <"$tmp/si")" 1.485978586158727685e-3 1e-9
check "floating-si paperclip Dmax" "$(val 1 3 <"$tmp/si")" 20.9137394163599976 1e-12
"$B" floating-si --radius 0.5e-3 --rho_s 25000 --rho 1000 --sigma 0.072 --g 9.81 --theta 100 >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q sinks "$tmp/err"; then ok "floating-si paperclip D = 25 sinks (exit 1)"
else ko "paperclip D = 25: exit $rc, stderr: $(cat "$tmp/err")"; fi

# JSON output parses
for q in "floating-max --Bo 0.3817 --theta 63.7" "floating-load-curve --Bo 1.7 --theta 120 --npts 7" \
         "floating-equilibrium --Bo 0.3817 --theta 63.7 --D 1.4142"; do
  # shellcheck disable=SC2086
  if "$B" $q --format json | python3 -m json.tool >/dev/null 2>&1; then ok "json parses: $q"
  else ko "json does not parse: $q"; fi
done

range() { # NAME TEXT ARGS...: exit 2 and TEXT (naming the parameter) on stderr
  name=$1; param=$2; shift 2
  "$B" "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 2 ] && grep -qF -- "$param" "$tmp/err"; then ok "$name: exit 2, stderr names '$param'"
  else ko "$name: exit $rc, stderr: $(cat "$tmp/err")"; fi
}
range "theta = 0 rejected" "--theta 0" floating-max --Bo 0.3 --theta 0
range "negative Bo rejected" "--Bo -1" floating-load --Bo -1 --theta 30 --phi 10
range "phi = 181 rejected" "--phi 181" floating-load --Bo 1 --theta 30 --phi 181
range "D = 0 rejected" "--D 0" floating-equilibrium --Bo 1 --theta 30 --D 0
range "negative radius rejected" "--radius -1e-3" floating-si --radius -1e-3 --rho_s 7900 --theta 100

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
