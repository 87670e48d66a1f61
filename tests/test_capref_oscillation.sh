#!/bin/sh
# capref quantities of the viscous 2D drop (tools/capref/q_oscillation.c: drop-mode-2d-viscous,
# drop-release-2d, drop-release-fit-2d).
#   sh tests/test_capref_oscillation.sh BUILD_DIR
# Reference numbers: python3/mpmath (30 digits) from the boundary conditions written with mp.besseli,
# as described in tests/test_oscillation.c (mode: findroot; release: residue of the oscillatory pair +
# a 48-node Talbot sum, equal to mp.invertlaplace dehoog to 1e-27); the fit: a pure-Python
# Gauss-Newton fit of A e^{-beta t} cos(omega t + psi) + c to 2000 mpmath samples of the release.
set -u
build=${1:-build}
# shellcheck source-path=SCRIPTDIR source=capref_lib.sh
. "$(dirname "$0")/capref_lib.sh"

unit="--radius 1 --sigma 1 --rho 1"

# unit drop (the simulations' R = rho = sigma = 1), nu = 0.03: library err ~1e-14, 15 printed digits
# shellcheck disable=SC2086
out=$("$capref" drop-mode-2d-viscous $unit --nu 0.03)
check_close "drop-mode-2d-viscous beta (nu 0.03)" "$(tsv_get "$out" beta 1)" 0.10991666065600625912 1e-13
check_close "drop-mode-2d-viscous omega (nu 0.03)" "$(tsv_get "$out" omega 1)" 2.4386259991129248261 1e-13
check_close "drop-mode-2d-viscous beta_lamb = 4 nu" "$(tsv_get "$out" beta_lamb 1)" 0.12 1e-14
check_close "drop-mode-2d-viscous omega_r = sqrt(6)" "$(tsv_get "$out" omega_r 1)" 2.449489742783178 1e-14
check_close "drop-mode-2d-viscous oh" "$(tsv_get "$out" oh 1)" 0.03 1e-14

# water drop R = 0.3817 mm, defaults sigma = 0.0728 N/m, rho = 998.2 kg/m^3
out=$("$capref" drop-mode-2d-viscous --radius 3.817e-4 --nu 1.004e-6)
check_close "drop-mode-2d-viscous beta (water)" "$(tsv_get "$out" beta 1)" 26.583893375920943641 1e-12
check_close "drop-mode-2d-viscous omega (water)" "$(tsv_get "$out" omega 1)" 2804.0530792904909801 1e-12
out=$("$capref" drop-mode-2d-viscous --n 3 --radius 3.817e-4 --nu 1.004e-6)
check_close "drop-mode-2d-viscous beta (water, n = 3)" "$(tsv_get "$out" beta 1)" 78.539194131640316254 1e-12

# release from rest, eta(t)/eta0 (library err ~1e-13 absolute)
# shellcheck disable=SC2086
check_near "drop-release-2d eta(7.7)" "$(tsv_get "$("$capref" drop-release-2d $unit --nu 0.03 --t 7.7)" eta 1)" \
  0.42859549879000542548 1e-13
# shellcheck disable=SC2086
check_near "drop-release-2d eta(0) = 1" "$(tsv_get "$("$capref" drop-release-2d $unit --nu 0.03 --t 0)" eta 1)" 1 0
check_near "drop-release-2d eta (water, 2.9 ms)" \
  "$(tsv_get "$("$capref" drop-release-2d --radius 3.817e-4 --nu 1.004e-6 --t 2.9e-3)" eta 1)" \
  -0.24584330874372277981 1e-13
# shellcheck disable=SC2086
check_near "drop-release-2d eta (overdamped, nu = 1.3, t = 3)" \
  "$(tsv_get "$("$capref" drop-release-2d $unit --nu 1.3 --t 3)" eta 1)" 0.084225508259414188225 1e-12

# the fit over [0, 3T]; the Python fit agrees with mpmath samples to ~1e-14
# shellcheck disable=SC2086
out=$("$capref" drop-release-fit-2d $unit --nu 0.03)
check_close "drop-release-fit-2d beta (nu 0.03, 3 periods)" "$(tsv_get "$out" beta 1)" 0.109681644894028 1e-11
check_close "drop-release-fit-2d omega (nu 0.03, 3 periods)" "$(tsv_get "$out" omega 1)" 2.43830526409496 1e-11
check_close "drop-release-fit-2d t_end = 3 (2 pi/sqrt 6)" "$(tsv_get "$out" t_end 1)" 7.695298980971186 1e-14
# shellcheck disable=SC2086
check_status "drop-release-fit-2d at the window limit (100 periods)" 0 drop-release-fit-2d $unit --nu 0.03 --periods 100

# JSON output parses
# shellcheck disable=SC2086
check_json "drop-mode-2d-viscous json" drop-mode-2d-viscous $unit --nu 0.03 --format json
# shellcheck disable=SC2086
check_json "drop-release-2d json" drop-release-2d $unit --nu 0.03 --t 1 --format json

# no solution: the n = 2 mode is overdamped above Oh = 0.845093 (exit 1, the reason on stderr)
# shellcheck disable=SC2086
check_stderr "drop-mode-2d-viscous overdamped (Oh = 0.9)" 1 overdamped drop-mode-2d-viscous $unit --nu 0.9
# shellcheck disable=SC2086
check_stderr "drop-release-fit-2d overdamped (Oh = 1.3)" 1 overdamped drop-release-fit-2d $unit --nu 1.3

# out-of-range flags: exit status 2, parameter named on stderr
check_usage "n = 1 rejected" "--n" drop-mode-2d-viscous --n 1 --radius 1e-3 --nu 1e-6
check_usage "n = 101 rejected" "--n" drop-mode-2d-viscous --n 101 --radius 1e-3 --nu 1e-6
check_usage "nu = 0 rejected" "--nu" drop-mode-2d-viscous --radius 1e-3 --nu 0
check_usage "missing nu" "nu" drop-release-2d --radius 1e-3 --t 1e-3
check_usage "negative t rejected" "--t" drop-release-2d --radius 1e-3 --nu 1e-6 --t -1
check_usage "periods below 0.5 rejected" "--periods" drop-release-fit-2d --radius 1e-3 --nu 1e-6 --periods 0.4
check_usage "Oh below 1e-10 rejected (library check)" "Oh" drop-mode-2d-viscous --radius 1 --sigma 1 --rho 1 --nu 1e-11

finish
