#!/bin/sh
# capref quantities of the statics module (analytic/capref/q_statics.c).
#   sh tests/test_capref_statics.sh BUILD_DIR
# Reference numbers were computed independently with python3/mpmath (30 digits):
#   young-angle: acos(5/14) = 69.0751675723616837 deg  (0.0473 - 0.0213 = 0.026; 0.026/0.0728 = 5/14)
#   cap-2d: R = sqrt(A/(theta - sin cos theta)) = 1.99272022452753525e-3 m (63.7 deg, A = 2.8375e-6 m^2)
#   cap-3d: 2 sigma/R = 88.3256880570131771 Pa (131.3 deg, V = 1.7321e-8 m^3)
#   sessile-drop 2D (63.7 deg, A = 2.8375e-6): quadrature of the exact first integral, b = 447.2648487145281 1/m
#   sessile-drop 3D (131.3 deg, V = 1.7321e-8): Taylor-series ODE in arc length, h = 2.443296174340915e-3 m,
#     a = 1.437551974255406e-3 m
set -u
build=${1:-build}
capref="$build/bin/capref"
pass=0
fail=0
tmp=${TMPDIR:-/tmp}/capref_statics.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

ok() { echo "PASS  $1"; pass=$((pass + 1)); }
ko() { echo "FAIL  $1"; fail=$((fail + 1)); }

# first data row (after the two comment lines and the header) of a TSV output, column $1 (1-based)
col() { awk -v c="$1" '!/^#/ { n++; if (n == 2) { print $c; exit } }'; }
# last data row, column $1
lastcol() { awk -v c="$1" '!/^#/ { n++; if (n >= 2) v = $c } END { print v }'; }
# close GOT WANT RTOL -> exit 0 if |got - want| <= rtol |want|
close() { awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; a = w < 0 ? -w : w;
  exit !(g != "" && d <= t * a) }'; }

check() { # NAME GOT WANT RTOL
  if close "$2" "$3" "$4"; then ok "$1 ($2 vs $3)"; else ko "$1 ($2 vs $3, rtol $4)"; fi
}

v=$("$capref" young-angle --sigma_sa 0.0473 --sigma_sl 0.0213 --sigma_la 0.0728 | col 3)
check "young-angle theta = acos(5/14)" "$v" 69.0751675723616837 1e-13

v=$("$capref" cap-2d --theta 63.7 --area 2.8375e-6 | col 1)
check "cap-2d R" "$v" 1.99272022452753525e-3 1e-13

v=$("$capref" cap-3d --theta 131.3 --volume 1.7321e-8 --sigma 0.0728 | col 9)
check "cap-3d Laplace pressure 2 sigma/R" "$v" 88.3256880570131771 1e-13

# sessile: the library's tolerance is 1e-10 (working) / 1e-12 (tight); expect ~1e-11
v=$("$capref" sessile-drop --dim 2 --theta 63.7 --area 2.8375e-6 | col 1)
check "sessile-drop 2D apex curvature vs mpmath quadrature" "$v" 447.2648487145281 1e-11

v=$("$capref" sessile-drop --dim 3 --theta 131.3 --volume 1.7321e-8 | col 5)
check "sessile-drop 3D height vs mpmath ODE" "$v" 2.443296174340915e-3 1e-11

v=$("$capref" sessile-drop --dim 3 --theta 71.3 --volume 2.9e-9 --g 0 | col 11)
check "sessile-drop g = 0: apparent angle = theta" "$v" 71.3 1e-13

"$capref" sessile-profile --dim 3 --theta 131.3 --volume 1.7321e-8 --points 9 >"$tmp/prof.tsv"
n=$(awk '!/^#/ { n++ } END { print n - 1 }' "$tmp/prof.tsv")
if [ "$n" = 9 ]; then ok "sessile-profile prints --points rows"; else ko "sessile-profile rows: $n, want 9"; fi
v=$(lastcol 3 <"$tmp/prof.tsv")
check "sessile-profile ends at the contact line x = a (mpmath ODE)" "$v" 1.437551974255406e-3 1e-11
v=$(lastcol 5 <"$tmp/prof.tsv")
check "sessile-profile ends at z = h (mpmath ODE)" "$v" 2.443296174340915e-3 1e-11

for q in "young-angle --sigma_sa 0.0473 --sigma_sl 0.0213" "cap-2d --theta 63.7 --area 2.8375e-6" \
         "sessile-drop --theta 131.3 --volume 1.7321e-8" \
         "sessile-profile --dim 2 --theta 131.3 --area 1.2345e-5 --points 7"; do
  # shellcheck disable=SC2086
  if "$capref" $q --format json | python3 -m json.tool >/dev/null 2>&1; then
    ok "json parses: ${q%% *}"
  else
    ko "json does not parse: $q"
  fi
done

expect_exit() { # NAME STATUS WORD ARGS...
  name=$1; want=$2; word=$3; shift 3
  "$capref" "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq "$want" ] && grep -q -- "$word" "$tmp/err"; then
    ok "$name: exit $rc, stderr names $word"
  else
    ko "$name: exit $rc (want $want), stderr: $(head -c 200 "$tmp/err")"
  fi
}
expect_exit "sessile-drop --theta 180 out of range" 2 theta sessile-drop --theta 180 --volume 1e-9
expect_exit "cap-3d negative volume" 2 volume cap-3d --theta 30 --volume -1e-9
expect_exit "sessile-drop --g -9.81 out of range" 2 "--g" sessile-drop --theta 30 --volume 1e-9 --g -9.81
expect_exit "sessile-drop --dim 2 without --area" 2 area sessile-drop --dim 2 --theta 30
expect_exit "sessile-profile --points 1" 2 points sessile-profile --theta 30 --volume 1e-9 --points 1
expect_exit "young-angle complete wetting has no solution" 1 "complete wetting" \
  young-angle --sigma_sa 0.1 --sigma_sl 0.01

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
