#!/bin/sh
# The main job, after the build: every experiment at its default resolution, then the summary and
# the report.   sh paper/run.sh BUILD_DIR [--quick] EXPERIMENT_BINARY...
# --quick runs the --quick sweeps instead (into BUILD_DIR/out-quick, shared with make check).
#
# SIDE BY SIDE. JOBS experiments run at once (environment JOBS, default the number of cores), each with
# max(1, cores / JOBS) threads: one thread per experiment wastes none of a core on the sweeps that stay
# sequential (docs/design/threads.md). The longest experiments start first: those whose last complete
# run took longest (BUILD/out/<name>.wall), then those never run, in the order given.
#
# An experiment whose status file (BUILD/out/<name>.status) is newer than its binary is up to date
# and is not run again; the status is written only when a run completes, so an interrupted job
# resumes with the experiments it had not finished, and each of them from its last checkpoint
# (--resume; experiments/harness.h: a checkpoint of another commit or other parameters is refused and
# that experiment starts again). Progress: which experiments run, their expected
# time (the wall time of their last complete run, when there is one) and the elapsed time.
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
cores=$(nproc 2>/dev/null || echo 1)
jobs=${JOBS:-$cores}
case "$jobs" in '' | *[!0-9]* | 0) echo "paper/run.sh: JOBS = '$jobs' is out of range: allowed an integer >= 1" >&2; exit 2 ;; esac
threads=$((cores / jobs))
[ "$threads" -ge 1 ] || threads=1

name_of() { # ARG -> the experiment's name (NAME, NAME-axi or NAME-3d)
  b=${1%@*}
  n=$(basename "$b")
  [ "$b" != "$1" ] && n="$n-${1##*@}"
  echo "$n"
}

# the queue: the experiments not up to date, the longest last run first, then the unknown in order
queue=""
total=$#
k=0
for arg in "$@"; do
  k=$((k + 1))
  bin=${arg%@*}
  name=$(name_of "$arg")
  status="$out/$name.status"
  if [ -f "$status" ] && [ "$status" -nt "$bin" ]; then
    echo "$name: up to date (exit status $(cat "$status"))"
    continue
  fi
  wall=-1
  [ -f "$out/$name.wall" ] && wall=$(cat "$out/$name.wall")
  queue="$queue$wall $k $arg
"
done
queue=$(printf '%s' "$queue" | sort -k1,1nr -k2,2n | awk 'NF { print $3 }')
echo "main job: $(printf '%s\n' "$queue" | grep -c .) of $total experiments to run, $jobs at a time with $threads thread(s) each"

start=$(date +%s)
running="" # entries "pid:name:start"
stop_all() {
  for e in $running; do kill "${e%%:*}" 2>/dev/null; done
  echo "main job: interrupted; the experiments that did not finish run again next time"
  exit 130
}
trap stop_all INT TERM HUP

# waits for one of the running experiments to end, records it and drops it from the list
reap() {
  while :; do
    left=""
    done_one=0
    for e in $running; do
      pid=${e%%:*}; rest=${e#*:}; name=${rest%%:*}; t0=${rest#*:}
      if [ "$done_one" = 0 ] && ! kill -0 "$pid" 2>/dev/null; then
        wait "$pid"
        rc=$?
        echo "$rc" > "$out/$name.status.tmp" && mv "$out/$name.status.tmp" "$out/$name.status"
        el=$(($(date +%s) - t0))
        [ "$rc" -le 1 ] && echo "$el" > "$out/$name.wall"
        echo "$name: exit status $rc ($el s; $(($(date +%s) - start)) s since the start)"
        done_one=1
      else
        left="$left $e"
      fi
    done
    running=$left
    [ "$done_one" = 1 ] && return
    sleep 5
    tick=$(($(date +%s) - start))
    if [ $((tick % 30)) -lt 5 ]; then
      for e in $running; do
        rest=${e#*:}; name=${rest%%:*}; t0=${rest#*:}
        el=$(($(date +%s) - t0))
        left_s=""
        if [ -f "$out/$name.wall" ]; then
          lw=$(cat "$out/$name.wall")
          [ "$lw" -gt "$el" ] && left_s=", about $((lw - el)) s left"
        fi
        echo "    $name ${el} s$left_s: $(grep -E '^\[' "$out/$name.log" 2>/dev/null | tail -n 1)"
      done
    fi
  done
}

n_run=0
for arg in $queue; do
  while [ "$n_run" -ge "$jobs" ]; do
    reap
    n_run=$((n_run - 1))
  done
  bin=${arg%@*}
  name=$(name_of "$arg")
  geo=""
  [ "$bin" != "$arg" ] && geo="--geometry ${arg##*@}"
  expect=""
  [ -f "$out/$name.wall" ] && expect=" (last complete run took $(cat "$out/$name.wall") s)"
  echo "$name: $sweep$expect, $threads thread(s); log in $out/$name.log"
  rm -f "$out/$name/summary.json"
  # shellcheck disable=SC2086
  "$bin" $flag $geo --threads "$threads" --resume --out "$out" >"$out/$name.log" 2>&1 &
  running="$running $!:$name:$(date +%s)"
  n_run=$((n_run + 1))
done
while [ "$n_run" -gt 0 ]; do
  reap
  n_run=$((n_run - 1))
done
trap - INT TERM HUP
echo "main job: every experiment ran ($(($(date +%s) - start)) s)"
sh paper/build.sh "$out" paper/build
case $? in
  0) echo "capillab: report in paper/build/capillab.pdf, summary in paper/build/summary.md" ;;
  4) echo "capillab: pdflatex not found, report skipped; summary in paper/build/summary.md" ;;
  *) exit 3 ;;
esac
