#!/bin/sh
# Tests of the capref quantities of analytic/capref_plateau (Rayleigh-Plateau instability).
#   sh tests/test_capref_plateau.sh BUILD_DIR
# One PASS/FAIL line per check and a closing "N passed, N failed" line.
# Reference numbers were computed independently with python3 + mpmath (40 digits): mpmath.besseli for
# Rayleigh's relation, mpmath.polyroots for Weber's quadratic, findroot on numerical derivatives for the
# fastest modes (see tests/test_plateau.c). Tolerance 1e-12 relative: TSV prints 15 significant digits
# and the library values are accurate to ~1e-14.
set -u
build=${1:-build}
# shellcheck source-path=SCRIPTDIR source=capref_lib.sh
. "$(dirname "$0")/capref_lib.sh"

if [ ! -x "$capref" ]; then
  fail "capref binary $capref missing"
  finish
  exit 1
fi

# rp-growth (dimensionless): columns s2_inv re_inv im_inv re_weber im_weber (each with its _err)
out=$("$capref" rp-growth --kr 0.3817 --oh 0.1732 2>/dev/null)
check_close "rp-growth inviscid Re s, kR=0.3817" "$(tsv_get "$out" re_inv 1)" 0.24723955580960743478 1e-12
check_close "rp-growth Weber Re s, kR=0.3817 Oh=0.1732" "$(tsv_get "$out" re_weber 1)" 0.21447104488854838602 1e-12
out=$("$capref" rp-growth --kr 1.7321 --oh 0.05 2>/dev/null)
check_close "rp-growth inviscid frequency, kR=1.7321" "$(tsv_get "$out" im_inv 1)" 1.49890600013245262109 1e-12
check_close "rp-growth Weber damped-wave frequency, kR=1.7321" "$(tsv_get "$out" im_weber 1)" \
  1.71749680873617243512 1e-12
check_json "rp-growth" rp-growth --kr 0.3817 --format json

# rp-growth-si, water defaults, R = 0.3817 mm, kR = 0.3817 (k = 1000/m)
out=$("$capref" rp-growth-si --radius 0.3817e-3 --kr 0.3817 2>/dev/null)
check_close "rp-growth-si inviscid s (water)" "$(tsv_get "$out" re_inv 1)" 283.133737340086557184 1e-12
check_close "rp-growth-si Weber s (water, nu=1.004e-6)" "$(tsv_get "$out" re_weber 1)" 284.182899021745215353 1e-12
check_json "rp-growth-si" rp-growth-si --radius 0.3817e-3 --kr 0.3817 --format json

# rp-fastest: published x_max = 0.697 (Eggers & Villermaux 2008) and the mpmath values
out=$("$capref" rp-fastest 2>/dev/null)
check_close "rp-fastest inviscid kR_max vs published 0.697 (+-5e-4)" "$(tsv_get "$out" kr_inv 1)" 0.697 7.2e-4
check_close "rp-fastest inviscid kR_max vs mpmath" "$(tsv_get "$out" kr_inv 1)" 0.69701889830632855792 1e-12
check_close "rp-fastest inviscid s_max vs mpmath" "$(tsv_get "$out" s_inv 1)" 0.34333870186129931596 1e-12
out=$("$capref" rp-fastest --oh 0.3817 2>/dev/null)
check_close "rp-fastest Weber kR_max, Oh=0.3817" "$(tsv_get "$out" kr_weber 1)" 0.52563073549157852899 1e-12
check_json "rp-fastest" rp-fastest --oh 0.3817 --format json

# rp-fastest-si, water R = 0.3817 mm
out=$("$capref" rp-fastest-si --radius 0.3817e-3 2>/dev/null)
check_close "rp-fastest-si inviscid k_max (water)" "$(tsv_get "$out" k_inv 1)" 1826.09090465372952035 1e-12
check_close "rp-fastest-si Weber s_max (water)" "$(tsv_get "$out" s_weber 1)" 399.778997492256768421 1e-12
check_json "rp-fastest-si" rp-fastest-si --radius 0.3817e-3 --format json

# rp-dispersion: 3 rows at kR = 0.2, 0.7, 1.2
out=$("$capref" rp-dispersion --n 3 --kr-min 0.2 --kr-max 1.2 --oh 0.3817 2>/dev/null)
nrows=$(tsv_rows "$out")
[ "$nrows" -eq 3 ]; check $? "rp-dispersion emits --n 3 rows (got $nrows)"
check_close "rp-dispersion inviscid s^2 at kR=0.7" "$(tsv_get "$out" s2_inv 2)" 0.117873292363163568689 1e-12
check_close "rp-dispersion Weber Re s at kR=1.2, Oh=0.3817" "$(tsv_get "$out" re_weber 3)" \
  -0.222015297170659740364 1e-12
check_json "rp-dispersion" rp-dispersion --n 7 --format json

# rp-breakup-time
out=$("$capref" rp-breakup-time --radius 0.3817e-3 --eps 1.7321e-6 --nu 0 2>/dev/null)
check_close "rp-breakup-time water inviscid" "$(tsv_get "$out" t_b 1)" 0.0137220565197341730 1e-12
out=$("$capref" rp-breakup-time --sigma 0.0634 --rho 1261 --nu 1.185e-3 --radius 1.7321e-3 --eps 2.3e-5 2>/dev/null)
check_close "rp-breakup-time glycerol (Weber)" "$(tsv_get "$out" t_b 1)" 1.18282139905075364386 1e-12
check_json "rp-breakup-time" rp-breakup-time --radius 0.3817e-3 --eps 1.7321e-6 --format json

# out-of-range inputs: exit status 2, the parameter named on stderr
check_usage "rp-growth --kr 0" kr rp-growth --kr 0
check_usage "rp-growth --kr 2e6" kr rp-growth --kr 2e6
check_usage "rp-growth --oh -0.1" oh rp-growth --kr 0.5 --oh -0.1
check_usage "rp-growth-si --radius -1e-3" radius rp-growth-si --radius -1e-3 --kr 0.5
check_usage "rp-fastest-si --nu -1e-6" nu rp-fastest-si --radius 1e-3 --nu -1e-6
check_usage "rp-dispersion --kr-max < --kr-min" kr-max rp-dispersion --kr-min 0.9 --kr-max 0.3
check_usage "rp-dispersion --n 1" "--n" rp-dispersion --n 1
check_usage "rp-breakup-time --eps > --radius" eps rp-breakup-time --radius 0.3817e-3 --eps 1e-3
check_usage "rp-breakup-time without --eps" eps rp-breakup-time --radius 0.3817e-3

finish
