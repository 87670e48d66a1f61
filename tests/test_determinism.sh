#!/bin/sh
# Determinism of the threaded solver in whole experiments: each run below is made with 1 and with 2
# threads, every sweep threaded however small its grid (CAP_PAR_MIN_WORK=1), and the two output
# folders must agree byte for byte but for wall times and the commit (tools/cmp_outputs.sh).
# The runs cover the drop (free surface, stress viscosity, MG-PCG), the axisymmetric drop, and a
# meniscus between solid plates (virtual surface, contact angles). Usage: sh tests/test_determinism.sh BUILD_DIR
build=${1:-build}
root="$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n_pass=0
n_fail=0
# OMP_WAIT_POLICY=passive: idle threads sleep, so a loaded machine (make -j) is not oversubscribed by spinning
export CAP_PAR_MIN_WORK=1 OMP_WAIT_POLICY=passive
run() { # NAME ARGS...: runs the experiment NAME with ARGS at 1 and 2 threads and compares the outputs
  name=$1
  shift
  tag=$(echo "$name $*" | tr ' ,.-' '____')
  for t in 1 2; do
    "$build/bin/$name" "$@" --threads $t --out "$tmp/$t-$tag" >"$tmp/$t-$tag.log" 2>&1
    echo $? >"$tmp/$t-$tag.status"
  done
  if ! cmp -s "$tmp/1-$tag.status" "$tmp/2-$tag.status"; then
    echo "FAIL  $name $*: exit $(cat "$tmp/1-$tag.status") with 1 thread, $(cat "$tmp/2-$tag.status") with 2"
    n_fail=$((n_fail + 1))
  elif sub=$(cd "$tmp/1-$tag" && ls) && out=$(sh "$root/tools/cmp_outputs.sh" "$tmp/1-$tag/$sub" "$tmp/2-$tag/$sub" 2>&1); then
    echo "PASS  $name $*: outputs with 1 and 2 threads identical"
    n_pass=$((n_pass + 1))
  else
    echo "FAIL  $name $*: outputs with 1 and 2 threads differ"
    echo "$out" | head -5
    n_fail=$((n_fail + 1))
  fi
}
run drop_oscillation --levels 12.8,25.6
run drop_oscillation --geometry axi --levels 12.8
run capillary_rise --levels 8 --theta 30 --gap 1
echo "$n_pass passed, $n_fail failed"
[ "$n_fail" = 0 ]
