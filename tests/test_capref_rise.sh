#!/bin/sh
# capref quantities of the rise module (analytic/capref/q_rise.c).
#   sh tests/test_capref_rise.sh BUILD_DIR
# Reference numbers were computed with python3/mpmath (30 digits) from formulas independent of the
# library's code path (see each check); defaults sigma = 0.0728 N/m, rho = 998.2 kg/m^3, g = 9.81 m/s^2.
set -u
B="$1/bin/capref"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { echo "PASS  $1"; pass=$((pass + 1)); }
ko() { echo "FAIL  $1"; fail=$((fail + 1)); }
# val ROW COL < tsv: value column COL (1-based, skipping the _err columns) of data row ROW (1-based)
val() { awk -F'\t' -v r="$1" -v c="$2" '!/^#/ { n++; if (n == r + 1) print $(2 * c - 1) }'; }
# check NAME GOT WANT RTOL: |got - want| <= rtol |want|
check() {
  if awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; s = w < 0 ? -w : w;
                                               exit !(g != "" && d <= t * s) }'; then
    ok "$1: got $2 want $3 (rtol $4)"
  else
    ko "$1: got '$2' want $3 (rtol $4)"
  fi
}

# Jurin: 2 sigma cos(63.7 deg) / (rho g 1.7321e-3) (hand/mpmath); closed form: rtol 1e-12
got=$("$B" rise-jurin-plates --theta 63.7 --gap 1.7321e-3 | val 1 1)
check "rise-jurin-plates H" "$got" 3.80342934406074704e-3 1e-12

# Plates: mpmath psi-integral + bisection in log h0 (tests/test_rise.c); library err ~1e-10: rtol 1e-9
"$B" rise-plates --theta 63.7 --gap 1.7321e-3 >"$tmp/p" 2>&1
check "rise-plates h0" "$(val 1 1 <"$tmp/p")" 3.738275527716784871e-3 1e-9
check "rise-plates mean = Jurin H" "$(val 1 3 <"$tmp/p")" 3.80342934406074704e-3 1e-9

# Profile, 3 points: x = -gap/2, 0, gap/2; the middle is h0, the ends hw (mpmath)
"$B" rise-plates-profile --theta 63.7 --gap 1.7321e-3 --npts 3 >"$tmp/pp" 2>&1
check "rise-plates-profile z(0) = h0" "$(val 2 2 <"$tmp/pp")" 3.738275527716784871e-3 1e-9
check "rise-plates-profile z(gap/2) = hw" "$(val 3 2 <"$tmp/pp")" 3.938759008091659982e-3 1e-9
check "rise-plates-profile x(last) = gap/2" "$(val 3 1 <"$tmp/pp")" 8.6605e-4 1e-15

# Single wall: sqrt(2) l_c sqrt(1 - sin theta) (mpmath)
check "rise-wall h" "$("$B" rise-wall --theta 63.7 | val 1 1)" 1.24061218867823124e-3 1e-12
check "rise-wall h < 0 for theta > 90" "$("$B" rise-wall --theta 116.3 | val 1 1)" -1.24061218867823124e-3 1e-12

# x(z = 5e-4 m) from the acosh form of Landau & Lifshitz evaluated in mpmath (the library uses the
# y = ln tan(psi/4) form)
check "rise-wall-distance x(z)" "$("$B" rise-wall-distance --theta 63.7 --z 5e-4 | val 1 1)" \
  2.38802109294476689e-3 1e-12

# z(x = 5 mm): bisection of the mpmath acosh closed form; library root tolerance 1e-10: rtol 1e-9
"$B" rise-wall-profile --theta 63.7 --xmax 5e-3 --npts 2 >"$tmp/wp" 2>&1
check "rise-wall-profile z(0) = h" "$(val 1 2 <"$tmp/wp")" 1.24061218867823124e-3 1e-12
check "rise-wall-profile z(5 mm)" "$(val 2 2 <"$tmp/wp")" 1.90804725359175967e-4 1e-9

# JSON output parses
for q in "rise-plates --theta 63.7 --gap 1.7321e-3" "rise-plates-profile --theta 137 --gap 1e-3 --npts 5" \
         "rise-wall-profile --theta 21.3 --xmax 1e-2 --npts 4"; do
  # shellcheck disable=SC2086
  if "$B" $q --format json | python3 -m json.tool >/dev/null 2>&1; then ok "json parses: $q"
  else ko "json does not parse: $q"; fi
done

# Out-of-range flags: exit status 2, parameter named on stderr
range() { # NAME TEXT ARGS...: exit 2 and TEXT (naming the parameter) on stderr
  name=$1; param=$2; shift 2
  "$B" "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 2 ] && grep -qF -- "$param" "$tmp/err"; then ok "$name: exit 2, stderr names '$param'"
  else ko "$name: exit $rc, stderr: $(cat "$tmp/err")"; fi
}
range "theta = 180 rejected" "--theta 180" rise-plates --theta 180 --gap 1e-3
range "gap = 0 rejected" "--gap 0" rise-jurin-plates --theta 30 --gap 0
range "negative sigma rejected" "--sigma -0.07" rise-wall --theta 30 --sigma -0.07
range "npts = 1 rejected" "--npts 1" rise-wall-profile --theta 30 --xmax 1e-3 --npts 1
range "z above the wall height rejected (library check)" "z = 0.1 m" rise-wall-distance --theta 63.7 --z 0.1

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
