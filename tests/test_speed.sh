#!/bin/sh
# The speed guard: the cost of each phase of a free-surface step against a memory-bandwidth kernel
# timed in the same run (build/bin/bench_step: the triad a = b + s c), so that the bound does not
# depend on the machine's speed. Cost = seconds per cell-step of the phase times the triad's entries
# per second: the triad entries the phase costs per cell-step. One thread, n = 128, the best of three
# runs of 10 steps. The bounds are 1.5 times the costs measured on the development machine (the
# command and the figures: docs/design/threads.md), so a kernel that slows by half fails here.
# Usage: sh tests/test_speed.sh BUILD_DIR
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in 1 2 3; do
  if ! "$build/bin/bench_step" --sizes 128 --steps 10 --threads 1 --out "$tmp/$r.tsv" >"$tmp/$r.log" 2>&1; then
    echo "FAIL  bench_step run $r: exit status $? (see below)"
    cat "$tmp/$r.log"
    echo "0 passed, 1 failed"
    exit 1
  fi
done
# columns: threads n cells steps s_per_step cell_steps_per_s advect viscous project extend levelset triad_per_s
cat "$tmp"/*.tsv | awk -F'\t' '
  /^#/ || $1 == "threads" { next }
  { for (q = 7; q <= 11; q++) { c = $q / $3 * $12; if (!(q in best) || c < best[q]) best[q] = c }
    t = $5 / $3 * $12; if (!tot || t < tot) tot = t }
  END {
    split("advect viscous project extend levelset", name, " ")
    split("95 180 240 65 95", bound, " ")
    np = nf = 0
    for (q = 7; q <= 11; q++) {
      k = q - 6
      ok = best[q] > 0 && best[q] <= bound[k]
      printf "%s  %s phase: %.0f triad entries per cell-step (bound %d)\n", ok ? "PASS" : "FAIL", name[k], best[q], bound[k]
      if (ok) np++; else nf++
    }
    ok = tot > 0 && tot <= 670
    printf "%s  whole step: %.0f triad entries per cell-step (bound 670)\n", ok ? "PASS" : "FAIL", tot
    if (ok) np++; else nf++
    printf "%d passed, %d failed\n", np, nf
    exit nf > 0
  }'
