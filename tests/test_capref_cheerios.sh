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
# shellcheck disable=SC2086  # $W3, $W2 and $q are split into capref arguments on purpose
set -u
build=${1:-build}
# shellcheck source-path=SCRIPTDIR source=capref_lib.sh
. "$(dirname "$0")/capref_lib.sh"

W3="--rho-s 1200 --radius 0.4e-3 --theta 63.7"
W2="--rho-s 1500 --radius 1e-3 --theta 63.7"

# ---- 3D
out=$("$capref" cheerios-3d $W3 --sep 1.3e-3)
check $? "cheerios-3d runs"
check_close "cheerios-3d E [J] vs mpmath" "$(tsv_get "$out" E 1)" -2.22740067756674011e-12 1e-11
check_close "cheerios-3d F [N] vs mpmath" "$(tsv_get "$out" F 1)" -1.49099287386656039e-9 1e-11
check_close "cheerios-3d Sigma vs (2D-1)/3 - cos/2 + cos^3/6 by hand" "$(tsv_get "$out" Sigma 1)" \
  0.261070372448602 1e-12

out=$("$capref" cheerios-3d-curve $W3 --sep-min 1e-3 --sep-max 3e-3 --n 2)
check $? "cheerios-3d-curve runs"
check_close "cheerios-3d-curve E(3 mm) [J] vs mpmath" "$(tsv_get "$out" E 2)" -8.44389730423759266e-13 1e-11
check_close "cheerios-3d-curve F(1 mm) [N] vs mpmath" "$(tsv_get "$out" F 1)" -2.05264656302050928e-9 1e-11

# ---- 2D isolated
out=$("$capref" cheerios-2d-float $W2)
check $? "cheerios-2d-float runs"
check_close "cheerios-2d-float phi [deg] vs mpmath bisection" "$(tsv_get "$out" phi 1)" 122.574020714716048 1e-10
rs=$(awk 'BEGIN { pi = atan2(0, -1); p = pi - 63.7 * pi / 180; printf "%.17g", (p - sin(p) * cos(p)) / pi * 998.2 }')
out=$("$capref" cheerios-2d-float --rho-s "$rs" --radius 1e-3 --theta 63.7)
check_close "cheerios-2d-float flat case phi [deg] = 180 - theta (exact)" "$(tsv_get "$out" phi 1)" 116.3 1e-10
check_near "cheerios-2d-float flat case h [m] = 0 (exact)" "$(tsv_get "$out" h 1)" 0 1e-14

# ---- 2D pair
out=$("$capref" cheerios-2d-pair $W2 --sep 3e-3)
check $? "cheerios-2d-pair runs"
check_close "cheerios-2d-pair F [N/m] vs mpmath (original integral form)" "$(tsv_get "$out" F 1)" \
  0.00112502152344824030 1e-9
check_close "cheerios-2d-pair z_m [m] vs mpmath" "$(tsv_get "$out" zm 1)" -0.000479349332571482549 1e-9
check_close "cheerios-2d-pair phi_o [deg] vs mpmath" "$(tsv_get "$out" phi_o 1)" 124.735765195215649 1e-10

# ---- 2D unlike pair: two identical bodies are the pair above (another formulation: shooting from
# both contacts), a heavy hydrophobic and a light hydrophilic body repel
U2="--radius-a 1e-3 --rho-s-a 1500 --theta-a 63.7 --radius-b 1e-3 --rho-s-b 1500 --theta-b 63.7"
out=$("$capref" cheerios-2d-unlike $U2 --sep 3e-3)
check $? "cheerios-2d-unlike runs"
check_close "cheerios-2d-unlike of identical bodies: F [N/m] vs the pair's mpmath value" "$(tsv_get "$out" F 1)" \
  0.00112502152344824030 1e-9
check_close "cheerios-2d-unlike of identical bodies: phi_o_b [deg] vs mpmath" "$(tsv_get "$out" phi_o_b 1)" \
  124.735765195215649 1e-10
out=$("$capref" cheerios-2d-unlike --radius-a 1e-3 --rho-s-a 3000 --theta-a 120 --radius-b 1e-3 --rho-s-b 250 \
  --theta-b 60 --sep 5e-3)
f=$(tsv_get "$out" F 1)
awk -v f="$f" 'BEGIN { exit !(f < 0) }'; check $? "cheerios-2d-unlike: heavy hydrophobic and light hydrophilic repel (F = $f N/m)"

out=$("$capref" cheerios-2d-linear $W2 --sep 3e-3)
check $? "cheerios-2d-linear runs"
check_close "cheerios-2d-linear F_slope [N/m] vs mpmath" "$(tsv_get "$out" F_slope 1)" 0.00735919512487088345 1e-9
check_close "cheerios-2d-linear F_far [N/m] vs mpmath" "$(tsv_get "$out" F_far 1)" 0.00107691918565035561 1e-9
check_close "cheerios-2d-linear F_asym [N/m] vs mpmath" "$(tsv_get "$out" F_asym 1)" 0.00107208945867958927 1e-9

out=$("$capref" cheerios-2d-curve $W2 --sep-min 3e-3 --sep-max 0.02 --n 2)
check $? "cheerios-2d-curve runs"
check_close "cheerios-2d-curve F(20 mm) [N/m] vs mpmath" "$(tsv_get "$out" F 2)" 2.10152026150331169e-6 1e-9
check_close "cheerios-2d-curve F_asym(20 mm) [N/m] vs mpmath" "$(tsv_get "$out" F_asym 2)" \
  2.10119763880379813e-6 1e-9

# ---- JSON
for q in "cheerios-3d $W3 --sep 1.3e-3" "cheerios-3d-curve $W3 --sep-min 1e-3 --sep-max 3e-3 --n 3" \
         "cheerios-2d-float $W2" "cheerios-2d-pair $W2 --sep 3e-3" "cheerios-2d-linear $W2 --sep 3e-3" \
         "cheerios-2d-curve $W2 --sep-min 3e-3 --sep-max 0.02 --n 3" "cheerios-2d-unlike $U2 --sep 3e-3"; do
  check_json "${q%% *}" $q --format json
done

# ---- errors
check_usage "--theta 190" theta cheerios-2d-pair $W2 --sep 3e-3 --theta 190
check_usage "--radius -1" radius cheerios-3d --rho-s 1200 --radius -1 --sep 1e-3
check_usage "overlapping cylinders" sep cheerios-2d-pair $W2 --sep 1.5e-3
check_usage "--theta-b 180" theta-b cheerios-2d-unlike $U2 --sep 3e-3 --theta-b 180
check_usage "overlapping unlike cylinders" sep cheerios-2d-unlike $U2 --sep 1.5e-3
check_stderr "a sinking cylinder (no solution)" 1 sinks cheerios-2d-float --rho-s 9e5 --radius 1e-3 --theta 60
check_usage "non-integer --n" "--n" cheerios-2d-curve $W2 --sep-min 3e-3 --sep-max 0.02 --n 2.5

n=$("$capref" --list | grep -c '^cheerios-')
[ "$n" -eq 7 ]; check $? "capref --list shows the 7 cheerios quantities ($n)"

finish
