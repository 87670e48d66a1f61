#!/bin/sh
# capref quantities of the floating module (tools/capref/q_floating.c).
#   sh tests/test_capref_floating.sh BUILD_DIR
# Reference numbers were computed with python3/mpmath (30 digits) from the force balance with a grid,
# mpmath.findroot and mpmath.diff (see tests/test_floating.c), not with the library's code path.
set -u
build=${1:-build}
# shellcheck source-path=SCRIPTDIR source=capref_lib.sh
. "$(dirname "$0")/capref_lib.sh"

# D(phi = 70.73 deg; Bo = 0.3817, theta = 63.7 deg) (mpmath); closed form: rtol 1e-12
out=$("$capref" floating-load --Bo 0.3817 --theta 63.7 --phi 70.73)
check_close "floating-load D" "$(tsv_get "$out" D 1)" -1.65064699793342503 1e-12
# first point of the curve: D(0) = -(2 / (pi Bo)) sin(theta) (hand)
out=$("$capref" floating-load-curve --Bo 0.3817 --theta 63.7 --npts 3)
check_close "floating-load-curve D(0)" "$(tsv_get "$out" D 1)" -1.49520824532704077 1e-12
# D_max (mpmath); flat at the maximum, so rounding-level: rtol 1e-12
out=$("$capref" floating-max --Bo 0.3817 --theta 63.7)
check_close "floating-max Dmax" "$(tsv_get "$out" Dmax 1)" 2.51347527440609402 1e-12
# equilibrium phi for D = 1.4142 (mpmath, 128.957996297549 deg); root tolerance 1e-10 rad: rtol 1e-9
out=$("$capref" floating-equilibrium --Bo 0.3817 --theta 63.7 --D 1.4142)
check_close "floating-equilibrium phi" "$(tsv_get "$out" phi 1)" 128.957996297549060 1e-9

# The paperclip (steel wire R = 0.5 mm, water, theta = 100 deg): D = 7.9 floats, D = 25 sinks
out=$("$capref" floating-si --radius 0.5e-3 --rho-s 7900 --rho 1000 --sigma 0.072 --g 9.81 --theta 100)
check $? "floating-si paperclip D = 7.9 floats (exit 0)"
check_close "floating-si paperclip depth (m)" "$(tsv_get "$out" depth 1)" 1.485978586158727685e-3 1e-9
check_close "floating-si paperclip Dmax" "$(tsv_get "$out" Dmax 1)" 20.9137394163599976 1e-12
check_stderr "floating-si paperclip D = 25 sinks" 1 sinks \
  floating-si --radius 0.5e-3 --rho-s 25000 --rho 1000 --sigma 0.072 --g 9.81 --theta 100

# JSON output parses
for q in "floating-max --Bo 0.3817 --theta 63.7" "floating-load-curve --Bo 1.7 --theta 120 --npts 7" \
         "floating-equilibrium --Bo 0.3817 --theta 63.7 --D 1.4142"; do
  # shellcheck disable=SC2086
  check_json "$q" $q --format json
done

# Out-of-range flags: exit status 2, parameter named on stderr
check_usage "theta = 0 rejected" "--theta 0" floating-max --Bo 0.3 --theta 0
check_usage "negative Bo rejected" "--Bo -1" floating-load --Bo -1 --theta 30 --phi 10
check_usage "phi = 181 rejected" "--phi 181" floating-load --Bo 1 --theta 30 --phi 181
check_usage "D = 0 rejected" "--D 0" floating-equilibrium --Bo 1 --theta 30 --D 0
check_usage "negative radius rejected" "--radius -1e-3" floating-si --radius -1e-3 --rho-s 7900 --theta 100

finish
