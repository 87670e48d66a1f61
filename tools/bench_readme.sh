#!/bin/sh
# make bench: runs every benchmark with 1 and with 2 threads, writes their TSV to BUILD/bench, and
# rewrites the README's performance tables (the lines between "<!-- bench:NAME -->" and
# "<!-- /bench:NAME -->") from those files. Nothing in the tables is typed by hand. Run it on an idle
# machine: a second thread that waits for a busy core (OpenMP's spinning waits) slows a run down.
#   sh tools/bench_readme.sh BUILD_DIR [README]    (TIME=0 skips the time-to-accuracy runs; RUN=0 runs
#   nothing and rewrites the tables from the TSV already in BUILD_DIR/bench)
set -eu
build=${1:-build}
readme=${2:-README.md}
out="$build/bench"
mkdir -p "$out"
bin="$build/bin"

if [ "${RUN:-1}" != 0 ]; then
  echo "bench: bench_poisson, bench_step and bench_vsurf with 1 and 2 threads, in 2D and 3D (several minutes)" >&2
  for t in 1 2; do
    "$bin/bench_poisson" --threads $t --out "$out/poisson-$t.tsv" >/dev/null
    "$bin/bench_vsurf" --threads $t --out "$out/vsurf-$t.tsv" >/dev/null
  done
  # 3D: the pressure solves and the step at 64^3 and 128^3 (about 3 minutes)
  for t in 1 2; do
    "$bin/bench_poisson" --dim 3 --threads $t --out "$out/poisson3d-$t.tsv" >/dev/null
    "$bin/bench_step" --dim 3 --steps 10 --threads $t --out "$out/step3d-$t.tsv" >/dev/null
  done
  # the step five times with 1 and 2 threads in turn: the table takes, per size and thread count, the
  # run of median s/step (a shared machine slows whole runs down, not only single steps)
  for r in 1 2 3 4 5; do
    for t in 1 2; do "$bin/bench_step" --threads $t --out "$out/step-$t-$r.tsv" >/dev/null; done
  done
  for t in 1 2; do
    { grep '^#' "$out/step-$t-1.tsv"; grep -v '^#' "$out/step-$t-1.tsv" | head -n 1
      for r in 1 2 3 4 5; do grep -v '^#' "$out/step-$t-$r.tsv" | tail -n +2; done |
        sort -t"$(printf '\t')" -k2,2n -k5,5g | awk -F'\t' '{ row[$2, ++k[$2]] = $0 }
          END { for (n in k) print row[n, int((k[n] + 1) / 2)] }' | sort -t"$(printf '\t')" -k2,2n
    } >"$out/step-$t.tsv"
  done
fi

body() { grep -v '^#' "$1" | tail -n +2; } # the rows of a TSV (no comments, no column line)
# the rows of the step's table from its TSV with 1 and 2 threads; DIM 3 adds cell-steps/s per thread and
# the bytes per cell:  step_rows TSV1 TSV2 DIM
step_rows() {
  { body "$1"; body "$2"; } | sort -t"$(printf '\t')" -k2,2n -k1,1n | awk -F'\t' -v d3="$3" '
    { if ($1 == 1) one[$2] = $5
      sum = $7 + $8 + $9 + $10 + $11
      printf "| %d%s | %d | %.3g | %.3g | ", $2, d3 == 3 ? "³" : "", $1, $5, $6
      if (d3 == 3) printf "%.3g | ", $6 / $1
      printf "%.2f |", one[$2] / $5
      if (d3 == 3) printf " %.0f |", $14
      for (q = 7; q <= 11; q++) printf " %.0f %% |", 100 * $q / sum
      printf "\n" }'
}

# the pressure solves: seconds per solve with 1 and 2 threads
{
  echo "| n | method | unknowns | iterations | s / solve, 1 thread | s / solve, 2 threads | speed-up |"
  echo "| --- | --- | --- | --- | --- | --- | --- |"
  body "$out/poisson-1.tsv" >"$out/p1"
  body "$out/poisson-2.tsv" >"$out/p2"
  paste "$out/p1" "$out/p2" | awk -F'\t' '{ printf "| %d | %s | %d | %d | %.2g | %.2g | %.2f |\n", $1, $2, $3, $5, $8, $18, $8 / $18 }'
  v1=$(sed -n 's/^# one MG V-cycle at 512^2 ([0-9]* unknowns): \([0-9.e+-]*\) s$/\1/p' "$out/poisson-1.tsv")
  v2=$(sed -n 's/^# one MG V-cycle at 512^2 ([0-9]* unknowns): \([0-9.e+-]*\) s$/\1/p' "$out/poisson-2.tsv")
  echo
  awk -v a="$v1" -v b="$v2" 'BEGIN { printf "One multigrid V-cycle at 512²: %.2g ms with 1 thread, %.2g ms with 2.\n", 1e3 * a, 1e3 * b }'
} >"$out/poisson.md"

# the free-surface step: cost, cell-steps/s and the phase split, per thread count
{
  echo "| n | threads | s / step | cell-steps / s | speed-up | velocity advection | viscosity | projection | extension | level set |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  step_rows "$out/step-1.tsv" "$out/step-2.tsv" 2
  awk -F'\t' '!/^#/ && $1 != "threads" { t = $12 } END { printf "\nThe triad a = b + s c in the same run: %.2g entries/s.\n", t }' "$out/step-1.tsv"
} >"$out/step.md"

# 3D: the pressure solves and the step, with the bytes per cell
if [ -f "$out/poisson3d-1.tsv" ] && [ -f "$out/poisson3d-2.tsv" ]; then
  {
    echo "| n | method | unknowns | iterations | s / solve, 1 thread | s / solve, 2 threads | speed-up | bytes / cell |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
    body "$out/poisson3d-1.tsv" >"$out/q1"
    body "$out/poisson3d-2.tsv" >"$out/q2"
    paste "$out/q1" "$out/q2" | awk -F'\t' '{ printf "| %d³ | %s | %d | %d | %.2g | %.2g | %.2f | %.0f |\n", $1, $2, $3, $5, $8, $19, $8 / $19, $11 }'
  } >"$out/poisson3d.md"
fi
if [ -f "$out/step3d-1.tsv" ] && [ -f "$out/step3d-2.tsv" ]; then
  {
    echo "| n | threads | s / step | cell-steps / s | per thread | speed-up | bytes / cell | velocity advection | viscosity | projection | extension | level set |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    step_rows "$out/step3d-1.tsv" "$out/step3d-2.tsv" 3
  } >"$out/step3d.md"
fi

# the virtual surface's fill
{
  echo "| n | solid | solid cells | first fill (s) | fill (s), 1 thread | fill (s), 2 threads |"
  echo "| --- | --- | --- | --- | --- | --- |"
  body "$out/vsurf-1.tsv" >"$out/v1"
  body "$out/vsurf-2.tsv" >"$out/v2"
  paste "$out/v1" "$out/v2" | awk -F'\t' '{ printf "| %d | %s | %d | %.2g | %.2g | %.2g |\n", $1, $2 == 0 ? "plane" : "disc", $3, $5, $6, $13 }'
} >"$out/vsurf.md"

# time to accuracy: wall seconds and error per resolution of two experiments, 1 and 2 threads
if [ "${TIME:-1}" != 0 ] && [ "${RUN:-1}" != 0 ]; then
  echo "bench: time to accuracy (drop_oscillation and static_drop at 12.8, 25.6, 51.2 cells; several minutes)" >&2
  for t in 1 2; do
    "$bin/drop_oscillation" --levels 12.8,25.6,51.2 --threads $t --out "$out/tta-$t" >/dev/null 2>&1 || true
    "$bin/static_drop" --levels 12.8,25.6,51.2 --threads $t --out "$out/tta-$t" >/dev/null 2>&1 || true
  done
fi
if [ -d "$out/tta-1" ] && [ -d "$out/tta-2" ]; then
  {
    echo "| experiment | error | cells | error value | wall (s), 1 thread | wall (s), 2 threads |"
    echo "| --- | --- | --- | --- | --- | --- |"
    for e in drop_oscillation:period_err static_drop:dp_err; do
      name=${e%%:*} col=${e#*:}
      f1="$out/tta-1/$name/convergence.tsv" f2="$out/tta-2/$name/convergence.tsv"
      [ -f "$f1" ] && [ -f "$f2" ] || continue
      grep -v '^#' "$f1" >"$out/c1"
      grep -v '^#' "$f2" >"$out/c2"
      paste "$out/c1" "$out/c2" | awk -F'\t' -v name="$name" -v col="$col" '
        NR == 1 { n = NF / 2; for (q = 1; q <= n; q++) { if ($q == col "[]") e = q; if ($q == "wall[s]") w = q }; next }
        { printf "| %s | %s | %s | %.3g | %.3g | %.3g |\n", name, col, $1, $e, $w, $(w + n) }'
    done
  } >"$out/tta.md"
fi

# the tables into the README, each between its markers
for name in poisson step poisson3d step3d vsurf tta; do
  [ -f "$out/$name.md" ] || continue
  awk -v name="$name" -v file="$out/$name.md" '
    $0 == "<!-- bench:" name " -->" { print; while ((getline line < file) > 0) print line; skip = 1; next }
    $0 == "<!-- /bench:" name " -->" { skip = 0 }
    !skip { print }' "$readme" >"$out/readme.tmp"
  mv "$out/readme.tmp" "$readme"
done
# the commit and date the step benchmark recorded (its provenance lines), and the machine
commit=$(sed -n 's/^# commit: //p' "$out/step-1.tsv" | head -n 1)
day=$(sed -n 's/^# date: \([0-9-]*\)T.*/\1/p' "$out/step-1.tsv" | head -n 1)
stamp="Measured by \`make bench\` on $day, commit $commit, $(nproc) cores ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1))."
awk -v stamp="$stamp" '$0 == "<!-- bench:stamp -->" { print; print stamp; skip = 1; next }
  $0 == "<!-- /bench:stamp -->" { skip = 0 } !skip { print }' "$readme" >"$out/readme.tmp"
mv "$out/readme.tmp" "$readme"
echo "bench: tables written to $readme (sources in $out)" >&2
