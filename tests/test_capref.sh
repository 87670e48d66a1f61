#!/bin/sh
# Tests of the capref command-line tool itself (flags, formats, errors) on the Laplace, oscillation
# and groups quantities. Usage: sh tests/test_capref.sh BUILD_DIR
build=${1:-build}
# shellcheck source-path=SCRIPTDIR source=capref_lib.sh
. "$(dirname "$0")/capref_lib.sh"

# values against hand computations (python3): 2*0.0728/1e-3 = 145.6 Pa; sqrt(8*0.0728/(998.2e-9))
check_value "laplace-jump 3D" 145.6 1e-12 laplace-jump --radius 1e-3
check_value "laplace-jump 2D" 72.8 1e-12 laplace-jump --dim 2 --radius 1e-3
check_value "drop-mode 3D n=2 omega" 763.839125980518 1e-12 drop-mode --radius 1e-3
check_value "groups capillary length" 0.00272660610763476 1e-12 groups --length 1e-3
check_json "laplace-jump json" laplace-jump --radius 1e-3 --format json
check_json "drop-mode json" drop-mode --radius 1e-3 --nu 1e-6 --format json
check_usage "negative radius" radius laplace-jump --radius -1
check_usage "non-integer dim" dim laplace-jump --dim 2.5 --radius 1
check_usage "not a number" sigma laplace-jump --sigma abc --radius 1
check_usage "missing required radius" radius laplace-jump
check_usage "unknown flag" bogus laplace-jump --radius 1 --bogus 3
check_usage "unknown quantity" no-such-thing no-such-thing
check_usage "bad format" format laplace-jump --radius 1 --format xml
check_usage "n below 2" n drop-mode --radius 1e-3 --n 1
check_usage "nu with outer density" nu drop-mode --radius 1e-3 --nu 1e-6 --rho-out 1.2
# found by tests/fuzz/fuzz_cli: a subnormal value is a number (it was refused as "not a finite number");
# a non-zero value that underflows to 0 is refused as too small, never taken as 0
check_status "subnormal nu accepted" 0 drop-mode --radius 1e-3 --nu 4.9e-324
case "$("$capref" drop-mode --radius 1e-3 --nu 0x0.0000000000001p-1022 | head -n 1)" in
  *"--nu 4.94065645841247e-324") pass "subnormal nu kept as given" ;;
  *) fail "subnormal nu kept as given" ;;
esac
check_stderr "nu underflowing to 0 refused" 2 "too small" drop-mode --radius 1e-3 --nu 1e-400
check_status "help exits 0" 0 --help
check_status "quantity help exits 0" 0 drop-mode --help
out=$("$capref" --help)
for q in $("$capref" --list); do
  case "$out" in *"$q:"*) pass "--help lists $q" ;; *) fail "--help lists $q" ;; esac
done
finish
