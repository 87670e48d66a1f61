#!/bin/sh
# capref quantities of the statics module (tools/capref/q_statics.c).
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
# shellcheck source=tests/capref_lib.sh
. "$(dirname "$0")/capref_lib.sh"

out=$("$capref" young-angle --sigma-sa 0.0473 --sigma-sl 0.0213 --sigma-la 0.0728)
check_close "young-angle theta = acos(5/14)" "$(tsv_get "$out" theta 1)" 69.0751675723616837 1e-13

out=$("$capref" cap-2d --theta 63.7 --area 2.8375e-6)
check_close "cap-2d R" "$(tsv_get "$out" R 1)" 1.99272022452753525e-3 1e-13

out=$("$capref" cap-3d --theta 131.3 --volume 1.7321e-8 --sigma 0.0728)
check_close "cap-3d Laplace pressure 2 sigma/R" "$(tsv_get "$out" dp 1)" 88.3256880570131771 1e-13

# sessile: the library's tolerance is 1e-10 (working) / 1e-12 (tight); expect ~1e-11
out=$("$capref" sessile-drop --dim 2 --theta 63.7 --area 2.8375e-6)
check_close "sessile-drop 2D apex curvature vs mpmath quadrature" "$(tsv_get "$out" b 1)" 447.2648487145281 1e-11

out=$("$capref" sessile-drop --dim 3 --theta 131.3 --volume 1.7321e-8)
check_close "sessile-drop 3D height vs mpmath ODE" "$(tsv_get "$out" h 1)" 2.443296174340915e-3 1e-11

out=$("$capref" sessile-drop --dim 3 --theta 71.3 --volume 2.9e-9 --g 0)
check_close "sessile-drop g = 0: apparent angle = theta" "$(tsv_get "$out" theta_app 1)" 71.3 1e-13

out=$("$capref" sessile-profile --dim 3 --theta 131.3 --volume 1.7321e-8 --points 9)
rows=$(tsv_rows "$out")
[ "$rows" = 9 ]; check $? "sessile-profile prints --points rows (got $rows, want 9)"
check_close "sessile-profile ends at the contact line x = a (mpmath ODE)" "$(tsv_get "$out" x 9)" 1.437551974255406e-3 1e-11
check_close "sessile-profile ends at z = h (mpmath ODE)" "$(tsv_get "$out" z 9)" 2.443296174340915e-3 1e-11

check_json "young-angle json" young-angle --sigma-sa 0.0473 --sigma-sl 0.0213 --format json
check_json "cap-2d json" cap-2d --theta 63.7 --area 2.8375e-6 --format json
check_json "sessile-drop json" sessile-drop --theta 131.3 --volume 1.7321e-8 --format json
check_json "sessile-profile json" sessile-profile --dim 2 --theta 131.3 --area 1.2345e-5 --points 7 --format json

check_usage "sessile-drop --theta 180 out of range" theta sessile-drop --theta 180 --volume 1e-9
check_usage "cap-3d negative volume" volume cap-3d --theta 30 --volume -1e-9
check_usage "sessile-drop --g -9.81 out of range" "--g" sessile-drop --theta 30 --volume 1e-9 --g -9.81
check_usage "sessile-drop --dim 2 without --area" area sessile-drop --dim 2 --theta 30
check_usage "sessile-profile --points 1" points sessile-profile --theta 30 --volume 1e-9 --points 1
check_stderr "young-angle complete wetting has no solution" 1 "complete wetting" \
  young-angle --sigma-sa 0.1 --sigma-sl 0.01
finish
