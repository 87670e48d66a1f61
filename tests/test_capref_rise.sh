#!/bin/sh
# capref quantities of the rise module (tools/capref/q_rise.c).
#   sh tests/test_capref_rise.sh BUILD_DIR
# Reference numbers were computed with python3/mpmath (30 digits) from formulas independent of the
# library's code path (see each check); defaults sigma = 0.0728 N/m, rho = 998.2 kg/m^3, g = 9.81 m/s^2.
set -u
build=${1:-build}
# shellcheck source-path=SCRIPTDIR source=capref_lib.sh
. "$(dirname "$0")/capref_lib.sh"

# Jurin: 2 sigma cos(63.7 deg) / (rho g 1.7321e-3) (hand/mpmath); closed form: rtol 1e-12
out=$("$capref" rise-jurin-plates --theta 63.7 --gap 1.7321e-3)
check_close "rise-jurin-plates H" "$(tsv_get "$out" H 1)" 3.80342934406074704e-3 1e-12

# Plates: mpmath psi-integral + bisection in log h0 (tests/test_rise.c); library err ~1e-10: rtol 1e-9
out=$("$capref" rise-plates --theta 63.7 --gap 1.7321e-3)
check_close "rise-plates h0" "$(tsv_get "$out" h0 1)" 3.738275527716784871e-3 1e-9
check_close "rise-plates mean = Jurin H" "$(tsv_get "$out" mean 1)" 3.80342934406074704e-3 1e-9

# Profile, 3 points: x = -gap/2, 0, gap/2; the middle is h0, the ends hw (mpmath)
out=$("$capref" rise-plates-profile --theta 63.7 --gap 1.7321e-3 --npts 3)
check_close "rise-plates-profile z(0) = h0" "$(tsv_get "$out" z 2)" 3.738275527716784871e-3 1e-9
check_close "rise-plates-profile z(gap/2) = hw" "$(tsv_get "$out" z 3)" 3.938759008091659982e-3 1e-9
check_close "rise-plates-profile x(last) = gap/2" "$(tsv_get "$out" x 3)" 8.6605e-4 1e-15

# Single wall: sqrt(2) l_c sqrt(1 - sin theta) (mpmath)
check_close "rise-wall h" "$(tsv_get "$("$capref" rise-wall --theta 63.7)" h 1)" 1.24061218867823124e-3 1e-12
check_close "rise-wall h < 0 for theta > 90" "$(tsv_get "$("$capref" rise-wall --theta 116.3)" h 1)" \
  -1.24061218867823124e-3 1e-12

# x(z = 5e-4 m) from the acosh form of Landau & Lifshitz evaluated in mpmath (the library uses the
# y = ln tan(psi/4) form)
check_close "rise-wall-distance x(z)" "$(tsv_get "$("$capref" rise-wall-distance --theta 63.7 --z 5e-4)" x 1)" \
  2.38802109294476689e-3 1e-12

# z(x = 5 mm): bisection of the mpmath acosh closed form; library root tolerance 1e-10: rtol 1e-9
out=$("$capref" rise-wall-profile --theta 63.7 --xmax 5e-3 --npts 2)
check_close "rise-wall-profile z(0) = h" "$(tsv_get "$out" z 1)" 1.24061218867823124e-3 1e-12
check_close "rise-wall-profile z(5 mm)" "$(tsv_get "$out" z 2)" 1.90804725359175967e-4 1e-9

# JSON output parses
for q in "rise-plates --theta 63.7 --gap 1.7321e-3" "rise-plates-profile --theta 137 --gap 1e-3 --npts 5" \
         "rise-wall-profile --theta 21.3 --xmax 1e-2 --npts 4"; do
  # shellcheck disable=SC2086
  check_json "$q" $q --format json
done

# Out-of-range flags: exit status 2, parameter named on stderr
check_usage "theta = 180 rejected" "--theta 180" rise-plates --theta 180 --gap 1e-3
check_usage "gap = 0 rejected" "--gap 0" rise-jurin-plates --theta 30 --gap 0
check_usage "negative sigma rejected" "--sigma -0.07" rise-wall --theta 30 --sigma -0.07
check_usage "npts = 1 rejected" "--npts 1" rise-wall-profile --theta 30 --xmax 1e-3 --npts 1
check_usage "z above the wall height rejected (library check)" "z = 0.1 m" rise-wall-distance --theta 63.7 --z 0.1

finish
