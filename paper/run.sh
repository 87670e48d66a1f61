#!/bin/sh
# The main job, after the build: every experiment at its default resolution, then the summary and
# the report.   sh paper/run.sh BUILD_DIR [--quick] EXPERIMENT_BINARY...
# --quick runs the --quick sweeps instead (into BUILD_DIR/out-quick, shared with make check).
#
# An experiment whose status file (BUILD/out/<name>.status) is newer than its binary is up to date
# and is not run again; the status is written only when a run completes, so an interrupted job
# resumes with the experiments it had not finished. Progress: which experiment, its expected time
# (the wall time of its last complete run, when there is one) and the elapsed time.
set -u
build=$1; shift
out="$build/out"
flag=""
sweep="default sweep"
if [ "${1:-}" = --quick ]; then
  shift
  out="$build/out-quick"
  flag="--quick"
  sweep="quick sweep"
fi
mkdir -p "$out" paper/build
total=$#
k=0
start=$(date +%s)
for arg in "$@"; do
  k=$((k + 1))
  bin=${arg%@axi}
  name=$(basename "$bin")
  geo=""
  if [ "$bin" != "$arg" ]; then name="$name-axi"; geo="--geometry axi"; fi
  status="$out/$name.status"
  if [ -f "$status" ] && [ "$status" -nt "$bin" ]; then
    echo "[$k/$total] $name: up to date (exit status $(cat "$status"))"
    continue
  fi
  expect=""
  last_wall=""
  if [ -f "$out/$name.wall" ]; then
    last_wall=$(cat "$out/$name.wall")
    expect=" (last complete run took $last_wall s)"
  fi
  echo "[$k/$total] $name: $sweep$expect; log in $out/$name.log"
  t0=$(date +%s)
  rm -f "$out/$name/summary.json"
  # shellcheck disable=SC2086
  "$bin" $flag $geo --out "$out" >"$out/$name.log" 2>&1 &
  pid=$!
  # stopped from outside: stop the experiment too; its status is not written, so it reruns next time
  trap 'kill "$pid" 2>/dev/null; echo "[$k/$total] $name: interrupted"; exit 130' INT TERM HUP
  while kill -0 "$pid" 2>/dev/null; do
    sleep 5
    last=$(grep -E '^\[' "$out/$name.log" | tail -n 1)
    el=$(($(date +%s) - t0))
    left=""
    [ -n "$last_wall" ] && [ "$last_wall" -gt "$el" ] && left=", about $((last_wall - el)) s left"
    echo "    ${el} s$left: $last"
  done
  wait "$pid"
  rc=$?
  trap - INT TERM HUP
  echo "$rc" > "$status.tmp" && mv "$status.tmp" "$status"
  [ "$rc" -le 1 ] && echo $(($(date +%s) - t0)) > "$out/$name.wall"
  echo "[$k/$total] $name: exit status $rc ($(($(date +%s) - t0)) s; $(($(date +%s) - start)) s since the start)"
done
python3 paper/summary.py "$out" paper/build || exit 3
if command -v pdflatex >/dev/null 2>&1; then
  (cd paper/build &&
     pdflatex -interaction=nonstopmode -halt-on-error ../capillab.tex >capillab.latex.log 2>&1 &&
     bibtex capillab >>capillab.latex.log 2>&1 &&
     pdflatex -interaction=nonstopmode -halt-on-error ../capillab.tex >>capillab.latex.log 2>&1 &&
     pdflatex -interaction=nonstopmode -halt-on-error ../capillab.tex >>capillab.latex.log 2>&1) ||
    { echo "capillab: the report did not build, see paper/build/capillab.latex.log"; exit 3; }
  echo "capillab: report in paper/build/capillab.pdf, summary in paper/build/summary.md"
else
  echo "capillab: pdflatex not found, report skipped; summary in paper/build/summary.md"
fi
