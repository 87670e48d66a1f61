#!/bin/sh
# The main job's driver: runs each experiment at its default resolution and builds the report.
#   paper/run.sh BUILD_DIR [EXPERIMENT_BINARY ...]
set -eu
build=$1; shift
if [ $# -eq 0 ]; then
  echo "capillab: no experiments yet (the analytic references are available: $build/bin/capref --help)"
  exit 0
fi
for e in "$@"; do
  echo "== $(basename "$e")" >&2
  "$e" --out "$build/out"
done
