#!/bin/sh
# tools/cmp_outputs.sh BASE_DIR NEW_DIR
#
# Compares two output folders of one experiment (an old tree's build/out-quick/<name> and this
# tree's) to show that a change of structure changed no result, to the bit. Every file must be in
# both. TSV files must be equal once their '#' provenance lines and wall-time columns (wall*,
# cell_steps_per_s) are dropped; summary.json once its "commit", "date" and "wall_time_s" lines are;
# VTK files (.vti) up to their last block, the provenance (commit and date); every other file (PNG) byte for
# byte; snapshot data (.dat) once their '#' lines are. Prints a DIFF line per difference and
# "SAME BASE NEW" when there is none.
# Exit status: 0 same, 1 different, 2 usage.
set -u
if [ $# -ne 2 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
  echo "usage: $0 BASE_DIR NEW_DIR (two existing output folders)" >&2
  exit 2
fi
b=$1
n=$2
rc=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

strip_tsv() {
  awk -F'\t' '/^#/ {next}
    !hdr {hdr = 1; for (i = 1; i <= NF; i++) if ($i ~ /^wall|cell_steps_per_s/) drop[i] = 1}
    {out = ""; for (i = 1; i <= NF; i++) if (!drop[i]) out = out (out == "" ? "" : "\t") $i; print out}' "$1"
}
normalise() { # FILE OUT
  case "$1" in
    *.tsv) strip_tsv "$1" > "$2" ;;
    *.dat) grep -v '^#' "$1" > "$2" ;;
    */summary.json) grep -v -E '"(commit|wall_time_s|date)"' "$1" > "$2" ;;
    *.vti) # the bytes before the provenance block (cap_io_vtk writes it last): offset + the data's start
      off=$(grep -a -m1 -o 'Name="provenance" NumberOfTuples="[0-9]*" format="appended" offset="[0-9]*"' "$1" |
        sed 's/.*offset="//; s/"$//')
      at=$(grep -a -b -m1 -o '^   _' "$1" | cut -d: -f1)
      if [ -n "$off" ] && [ -n "$at" ]; then head -c $((at + 4 + off)) "$1" > "$2"; else cp "$1" "$2"; fi ;;
    *) cp "$1" "$2" ;;
  esac
}

for f in $(cd "$b" && ls); do
  if [ ! -e "$n/$f" ]; then echo "DIFF missing in $n: $f"; rc=1; continue; fi
  normalise "$b/$f" "$tmp/a"
  normalise "$n/$f" "$tmp/b"
  cmp -s "$tmp/a" "$tmp/b" || { echo "DIFF $f"; rc=1; }
done
for f in $(cd "$n" && ls); do
  [ -e "$b/$f" ] || { echo "DIFF not in $b: $f"; rc=1; }
done
[ $rc = 0 ] && echo "SAME $b $n"
exit $rc
