#!/bin/sh
# Checks of the capref quantities of the Cheerios module.
#   sh tests/test_capref_cheerios.sh BUILD_DIR        (binary: BUILD_DIR/bin/capref)
# Reference numbers: python3 + mpmath (30 digits), written independently of the C code:
#  - 3D: E = -2 pi sigma (R Bo Sigma)^2 K0(l/l_c), F = -2 pi sigma R Bo^2.5 Sigma^2 K1(l/l_c), mpmath besselk,
#    water sigma = 0.0728 N/m, rho = 998.2 kg/m^3, g = 9.81 m/s^2, R = 0.4 mm, rho_s = 1200, theta = 63.7 deg;
#  - 2D: the pair equations in their original form (unknowns phi_o, phi_i, z_m; inner distance as the
#    integral over the inclination p of cos p / sqrt(z_m^2 + 2(1 - cos p)), mpmath tanh-sinh quadrature,
#    mpmath findroot), R = 1 mm, rho_s = 1500, theta = 63.7 deg; the isolated cylinder by bisection.
#  - flat-interface case: exact, phi = 180 - theta when pi D = phi - sin(phi) cos(phi).
set -u
B=${1:-build}/bin/capref
pass=0
fail=0
ok() { echo "PASS  $1"; pass=$((pass + 1)); }
ko() { echo "FAIL  $1"; fail=$((fail + 1)); }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else ko "$2"; fi; }

# get OUTPUT NAME ROW: value of column NAME (header "NAME[unit]") in data row ROW (1-based) of TSV output
get() {
  printf '%s\n' "$1" | awk -F'\t' -v name="$2" -v row="$3" '
    /^#/ { next }
    !hdr { for (i = 1; i <= NF; i++) if (index($i, name "[") == 1) c = i; hdr = 1; next }
    { n++; if (n == row) { print $c; exit } }'
}
# close GOT WANT RTOL: |got - want| <= rtol |want|
close() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; w = b < 0 ? -b : b; exit !(a != "" && d <= t * w) }'; }
# small GOT ATOL: |got| <= atol
small() { awk -v a="$1" -v t="$2" 'BEGIN { if (a < 0) a = -a; exit !(a <= t) }'; }

W3="--rho_s 1200 --radius 0.4e-3 --theta 63.7"
W2="--rho_s 1500 --radius 1e-3 --theta 63.7"

# ---- 3D
out=$($B cheerios-3d $W3 --sep 1.3e-3)
check $? "cheerios-3d runs"
v=$(get "$out" E 1); close "$v" -2.22740067756674011e-12 1e-11; check $? "cheerios-3d E = $v J vs mpmath -2.22740067756674e-12"
v=$(get "$out" F 1); close "$v" -1.49099287386656039e-9 1e-11; check $? "cheerios-3d F = $v N vs mpmath -1.49099287386656e-09"
v=$(get "$out" Sigma 1); close "$v" 0.261070372448602 1e-12; check $? "cheerios-3d Sigma = $v vs (2D-1)/3 - cos/2 + cos^3/6 by hand"

out=$($B cheerios-3d-curve $W3 --sep_min 1e-3 --sep_max 3e-3 --n 2)
check $? "cheerios-3d-curve runs"
v=$(get "$out" E 2); close "$v" -8.44389730423759266e-13 1e-11; check $? "cheerios-3d-curve E(3 mm) = $v J vs mpmath"
v=$(get "$out" F 1); close "$v" -2.05264656302050928e-9 1e-11; check $? "cheerios-3d-curve F(1 mm) = $v N vs mpmath"

# ---- 2D isolated
out=$($B cheerios-2d-float $W2)
check $? "cheerios-2d-float runs"
v=$(get "$out" phi 1); close "$v" 122.574020714716048 1e-10; check $? "cheerios-2d-float phi = $v deg vs mpmath bisection"
rs=$(awk 'BEGIN { pi = atan2(0, -1); p = pi - 63.7 * pi / 180; printf "%.17g", (p - sin(p) * cos(p)) / pi * 998.2 }')
out=$($B cheerios-2d-float --rho_s "$rs" --radius 1e-3 --theta 63.7)
v=$(get "$out" phi 1); close "$v" 116.3 1e-10; check $? "cheerios-2d-float flat case phi = $v deg = 180 - theta (exact)"
v=$(get "$out" h 1); small "$v" 1e-14; check $? "cheerios-2d-float flat case h = $v m = 0 (exact)"

# ---- 2D pair
out=$($B cheerios-2d-pair $W2 --sep 3e-3)
check $? "cheerios-2d-pair runs"
v=$(get "$out" F 1); close "$v" 0.00112502152344824030 1e-9; check $? "cheerios-2d-pair F = $v N/m vs mpmath (original integral form)"
v=$(get "$out" zm 1); close "$v" -0.000479349332571482549 1e-9; check $? "cheerios-2d-pair z_m = $v m vs mpmath"
v=$(get "$out" phi_o 1); close "$v" 124.735765195215649 1e-10; check $? "cheerios-2d-pair phi_o = $v deg vs mpmath"

out=$($B cheerios-2d-linear $W2 --sep 3e-3)
check $? "cheerios-2d-linear runs"
v=$(get "$out" F_slope 1); close "$v" 0.00735919512487088345 1e-9; check $? "cheerios-2d-linear F_slope = $v N/m vs mpmath"
v=$(get "$out" F_far 1); close "$v" 0.00107691918565035561 1e-9; check $? "cheerios-2d-linear F_far = $v N/m vs mpmath"
v=$(get "$out" F_asym 1); close "$v" 0.00107208945867958927 1e-9; check $? "cheerios-2d-linear F_asym = $v N/m vs mpmath"

out=$($B cheerios-2d-curve $W2 --sep_min 3e-3 --sep_max 0.02 --n 2)
check $? "cheerios-2d-curve runs"
v=$(get "$out" F 2); close "$v" 2.10152026150331169e-6 1e-9; check $? "cheerios-2d-curve F(20 mm) = $v N/m vs mpmath"
v=$(get "$out" F_asym 2); close "$v" 2.10119763880379813e-6 1e-9; check $? "cheerios-2d-curve F_asym(20 mm) = $v N/m vs mpmath"

# ---- JSON
for q in "cheerios-3d $W3 --sep 1.3e-3" "cheerios-3d-curve $W3 --sep_min 1e-3 --sep_max 3e-3 --n 3" \
         "cheerios-2d-float $W2" "cheerios-2d-pair $W2 --sep 3e-3" "cheerios-2d-linear $W2 --sep 3e-3" \
         "cheerios-2d-curve $W2 --sep_min 3e-3 --sep_max 0.02 --n 3"; do
  # shellcheck disable=SC2086
  $B $q --format json | python3 -m json.tool >/dev/null 2>&1
  check $? "--format json parses: ${q%% *}"
done

# ---- errors
err=$($B cheerios-2d-pair $W2 --sep 3e-3 --theta 190 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && printf '%s' "$err" | grep -q theta; check $? "--theta 190 gives exit 2 naming theta (rc $rc)"
err=$($B cheerios-3d --rho_s 1200 --radius -1 --sep 1e-3 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && printf '%s' "$err" | grep -q radius; check $? "--radius -1 gives exit 2 naming radius (rc $rc)"
err=$($B cheerios-2d-pair $W2 --sep 1.5e-3 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && printf '%s' "$err" | grep -q sep; check $? "overlapping cylinders give exit 2 naming sep (rc $rc)"
err=$($B cheerios-2d-float --rho_s 9e5 --radius 1e-3 --theta 60 2>&1 >/dev/null); rc=$?
[ $rc -eq 1 ] && printf '%s' "$err" | grep -q sinks; check $? "a sinking cylinder gives exit 1 (no solution) (rc $rc)"
err=$($B cheerios-2d-curve $W2 --sep_min 3e-3 --sep_max 0.02 --n 2.5 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && printf '%s' "$err" | grep -q -- "--n"; check $? "non-integer --n gives exit 2 naming n (rc $rc)"

n=$($B --list | grep -c '^cheerios-')
[ "$n" -eq 6 ]; check $? "capref --list shows the 6 cheerios quantities ($n)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
