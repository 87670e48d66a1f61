#!/bin/sh
# Tests of the capref quantities of analytic/cap_plateau (Rayleigh-Plateau instability).
#   sh tests/test_capref_plateau.sh BUILD_DIR
# One PASS/FAIL line per check and a closing "N passed, N failed" line.
# Reference numbers were computed independently with python3 + mpmath (40 digits): mpmath.besseli for
# Rayleigh's relation, mpmath.polyroots for Weber's quadratic, findroot on numerical derivatives for the
# fastest modes (see tests/test_plateau.c). Tolerance 1e-12 relative: TSV prints 15 significant digits
# and the library values are accurate to ~1e-14.
set -u
build=${1:-build}
capref="$build/bin/capref"
pass=0
fail=0
tmp=${TMPDIR:-/tmp}/capref_plateau.$$
trap 'rm -f "$tmp".out "$tmp".err' EXIT

ok() { echo "PASS  $1"; pass=$((pass + 1)); }
ko() { echo "FAIL  $1"; fail=$((fail + 1)); }

# column COL of the last TSV row of: capref ARGS...
col() {
  c=$1; shift
  "$capref" "$@" 2>/dev/null | tail -n 1 | cut -f "$c"
}

# near GOT WANT RTOL LABEL
near() {
  if python3 -c 'import sys
g, w, t = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
sys.exit(0 if abs(g - w) <= t * abs(w) else 1)' "$1" "$2" "$3" 2>/dev/null; then
    ok "$4 ($1)"
  else
    ko "$4: got '$1' want $2 (rtol $3)"
  fi
}

# usage_error PARAM LABEL ARGS...: exit status 2 and PARAM named on stderr
usage_error() {
  p=$1; l=$2; shift 2
  "$capref" "$@" >"$tmp".out 2>"$tmp".err
  rc=$?
  if [ "$rc" -eq 2 ] && grep -q -- "$p" "$tmp".err; then
    ok "$l: exit 2, '$p' named on stderr"
  else
    ko "$l: exit $rc, stderr: $(cat "$tmp".err)"
  fi
}

json_ok() {
  l=$1; shift
  if "$capref" "$@" --format json 2>/dev/null | python3 -m json.tool >/dev/null 2>&1; then
    ok "$l: --format json parses"
  else
    ko "$l: --format json does not parse"
  fi
}

if [ ! -x "$capref" ]; then
  ko "capref binary $capref missing"
  echo "$pass passed, $fail failed"
  exit 1
fi

# rp-growth (dimensionless): columns s2 err re err im err re_w err im_w err
near "$(col 3 rp-growth --kr 0.3817 --oh 0.1732)" 0.24723955580960743478 1e-12 "rp-growth inviscid Re s, kR=0.3817"
near "$(col 7 rp-growth --kr 0.3817 --oh 0.1732)" 0.21447104488854838602 1e-12 "rp-growth Weber Re s, kR=0.3817 Oh=0.1732"
near "$(col 5 rp-growth --kr 1.7321 --oh 0.05)" 1.49890600013245262109 1e-12 "rp-growth inviscid frequency, kR=1.7321"
near "$(col 9 rp-growth --kr 1.7321 --oh 0.05)" 1.71749680873617243512 1e-12 "rp-growth Weber damped-wave frequency, kR=1.7321"
json_ok "rp-growth" rp-growth --kr 0.3817

# rp-growth-si, water defaults, R = 0.3817 mm, kR = 0.3817 (k = 1000/m)
near "$(col 5 rp-growth-si --radius 0.3817e-3 --kr 0.3817)" 283.133737340086557184 1e-12 "rp-growth-si inviscid s (water)"
near "$(col 9 rp-growth-si --radius 0.3817e-3 --kr 0.3817)" 284.182899021745215353 1e-12 "rp-growth-si Weber s (water, nu=1.004e-6)"
json_ok "rp-growth-si" rp-growth-si --radius 0.3817e-3 --kr 0.3817

# rp-fastest: published x_max = 0.697 (Eggers & Villermaux 2008) and the mpmath values
near "$(col 1 rp-fastest)" 0.697 7.2e-4 "rp-fastest inviscid kR_max vs published 0.697 (+-5e-4)"
near "$(col 1 rp-fastest)" 0.69701889830632855792 1e-12 "rp-fastest inviscid kR_max vs mpmath"
near "$(col 3 rp-fastest)" 0.34333870186129931596 1e-12 "rp-fastest inviscid s_max vs mpmath"
near "$(col 5 rp-fastest --oh 0.3817)" 0.52563073549157852899 1e-12 "rp-fastest Weber kR_max, Oh=0.3817"
json_ok "rp-fastest" rp-fastest --oh 0.3817

# rp-fastest-si, water R = 0.3817 mm
near "$(col 1 rp-fastest-si --radius 0.3817e-3)" 1826.09090465372952035 1e-12 "rp-fastest-si inviscid k_max (water)"
near "$(col 11 rp-fastest-si --radius 0.3817e-3)" 399.778997492256768421 1e-12 "rp-fastest-si Weber s_max (water)"
json_ok "rp-fastest-si" rp-fastest-si --radius 0.3817e-3

# rp-dispersion: 3 rows at kR = 0.2, 0.7, 1.2
rows=$("$capref" rp-dispersion --n 3 --kr-min 0.2 --kr-max 1.2 --oh 0.3817 2>/dev/null | grep -v '^#' | tail -n +2)
nrows=$(printf '%s\n' "$rows" | grep -c .)
if [ "$nrows" -eq 3 ]; then ok "rp-dispersion emits --n 3 rows"; else ko "rp-dispersion emits $nrows rows, want 3"; fi
near "$(printf '%s\n' "$rows" | sed -n 2p | cut -f 3)" 0.117873292363163568689 1e-12 "rp-dispersion inviscid s^2 at kR=0.7"
near "$(printf '%s\n' "$rows" | sed -n 3p | cut -f 9)" -0.222015297170659740364 1e-12 "rp-dispersion Weber Re s at kR=1.2, Oh=0.3817"
json_ok "rp-dispersion" rp-dispersion --n 7

# rp-breakup-time
near "$(col 1 rp-breakup-time --radius 0.3817e-3 --eps 1.7321e-6 --nu 0)" 0.0137220565197341730 1e-12 \
  "rp-breakup-time water inviscid"
near "$(col 1 rp-breakup-time --sigma 0.0634 --rho 1261 --nu 1.185e-3 --radius 1.7321e-3 --eps 2.3e-5)" \
  1.18282139905075364386 1e-12 "rp-breakup-time glycerol (Weber)"
json_ok "rp-breakup-time" rp-breakup-time --radius 0.3817e-3 --eps 1.7321e-6

# out-of-range inputs: exit status 2, the parameter named on stderr
usage_error kr "rp-growth --kr 0" rp-growth --kr 0
usage_error kr "rp-growth --kr 2e6" rp-growth --kr 2e6
usage_error oh "rp-growth --oh -0.1" rp-growth --kr 0.5 --oh -0.1
usage_error radius "rp-growth-si --radius -1e-3" rp-growth-si --radius -1e-3 --kr 0.5
usage_error nu "rp-fastest-si --nu -1e-6" rp-fastest-si --radius 1e-3 --nu -1e-6
usage_error kr-max "rp-dispersion --kr-max < --kr-min" rp-dispersion --kr-min 0.9 --kr-max 0.3
usage_error "--n" "rp-dispersion --n 1" rp-dispersion --n 1
usage_error eps "rp-breakup-time --eps > --radius" rp-breakup-time --radius 0.3817e-3 --eps 1e-3
usage_error eps "rp-breakup-time without --eps" rp-breakup-time --radius 0.3817e-3

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
