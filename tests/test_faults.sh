#!/bin/sh
# Injected faults in a whole experiment (CAPILLAB_FAULT, experiments/harness.h), on capillary_rise's
# fastest sweep (a meniscus between plates at 8, then 8 and 10, cells across the gap; ~10 s in all):
#   write:N   an output file fails as if the disk were full: exit status 4, the message names the
#             file and the reason, every file written before is byte-identical to a clean run's, a
#             file of an earlier run under the failing name is left as it was, no *.tmp is left
#             (the runs take no checkpoint, but one whose first checkpoint fails: exit status 4, the
#             message names checkpoint.bin);
#   nan:N, inf:N:u, nan:N:v   a NaN or infinity in phi, u or v at the start of the N-th step, in the
#             second level of the sweep: exit status 3 within that step, the message naming the step,
#             the time and the cell; the first level's files written before are intact, and no file of
#             an earlier run is overwritten;
#   a bad CAPILLAB_FAULT: exit status 2, the message naming the variable and the allowed forms.
# Usage: sh tests/test_faults.sh BUILD_DIR
build=${1:-build}
exp="$build/bin/capillary_rise"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n_pass=0
n_fail=0
ok() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
bad() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }
check() { # DESCRIPTION COMMAND...: PASS if the command succeeds
  what=$1
  shift
  if "$@" >/dev/null 2>&1; then ok "$what"; else bad "$what"; fi
}
# the date of every provenance header fixed, so that two runs write identical files
export SOURCE_DATE_EPOCH=1700000000 OMP_NUM_THREADS=1
unset CAPILLAB_FAULT
run() { # TAG FAULT LEVELS [FLAGS]: runs the experiment into $tmp/TAG with CAPILLAB_FAULT=FAULT, no checkpoints
  # unless FLAGS say otherwise (a level's checkpoint is a file written like the others); status in $rc
  CAPILLAB_FAULT=$2 "$exp" --levels "$3" --theta 30 --gap 1 --threads 1 --checkpoint-every 0 ${4:-} --out "$tmp/$1" \
    >"$tmp/$1.log" 2>&1
  rc=$?
}
strip_wall() { # TSV: without its '#' lines and its wall-time columns (wall*, cell_steps_per_s)
  awk -F'\t' '/^#/ {next}
    !h {h = 1; for (i = 1; i <= NF; i++) if ($i ~ /^wall|cell_steps_per_s/) drop[i] = 1}
    {o = ""; for (i = 1; i <= NF; i++) if (!drop[i]) o = o (o == "" ? "" : "\t") $i; print o}' "$1"
}
same_data() { # DIR_A DIR_B FILE...: each FILE in DIR_B dated 2027-01-15, its other lines those in DIR_A
  a=$1 b=$2
  shift 2
  for f in "$@"; do
    grep -q '^# date: 2027-01-15' "$b/$f" || return 1
    grep -v '^#' "$a/$f" >"$tmp/data.a" && grep -v '^#' "$b/$f" >"$tmp/data.b" && cmp -s "$tmp/data.a" "$tmp/data.b" || return 1
  done
}
no_tmp() { [ -z "$(find "$1" -name '*.tmp')" ]; }
same_files() { # DIR_A DIR_B FILE...: each FILE identical, byte for byte, in both
  a=$1 b=$2
  shift 2
  for f in "$@"; do cmp -s "$a/$f" "$b/$f" || return 1; done
}
if [ ! -x "$exp" ]; then
  bad "$exp is not built"
  echo "$n_pass passed, $n_fail failed"
  exit 1
fi

# the clean runs the faulty ones are compared with (their verdict at 8 cells is a FAIL: status 1)
run clean "" 8
c=$tmp/clean/capillary_rise
check "clean run at 8 cells: exit status 0 or 1 (got $rc)" test "$rc" -le 1
run clean2 "" 8,10
c2=$tmp/clean2/capillary_rise
check "clean run at 8, 10 cells: exit status 0 or 1 (got $rc)" test "$rc" -le 1

# --- a write fails: the third file (exact_30_1.tsv, after history_8_30_1.tsv and profile_8_30_1.tsv)
run w3 write:3 8
d=$tmp/w3/capillary_rise
check "write:3: exit status 4, output not written (got $rc)" test "$rc" = 4
check "write:3: the message names the file and the reason" \
  grep -q "cannot write $d/exact_30_1.tsv: No space left on device" "$tmp/w3.log"
check "write:3: the harness says 'output not written'" grep -q "output not written" "$tmp/w3.log"
check "write:3: exact_30_1.tsv not written" test ! -e "$d/exact_30_1.tsv"
check "write:3: the two files written before are byte-identical to the clean run's" \
  same_files "$c" "$d" history_8_30_1.tsv profile_8_30_1.tsv
check "write:3: nothing but those two files written" test "$(ls "$d" | wc -l)" = 2
check "write:3: no *.tmp left" no_tmp "$d"

# the same fault over a folder that holds an earlier run's files (dated differently): the file that
# cannot be written keeps its earlier content, the two written before are replaced, the others untouched
mkdir -p "$tmp/w3old" && cp -r "$c" "$tmp/w3old/" && cp -r "$c" "$tmp/old"
SOURCE_DATE_EPOCH=1800000000 run w3old write:3 8
d=$tmp/w3old/capillary_rise
check "write:3 over an earlier run: exit status 4 (got $rc)" test "$rc" = 4
check "write:3 over an earlier run: exact_30_1.tsv left as it was" cmp -s "$tmp/old/exact_30_1.tsv" "$d/exact_30_1.tsv"
check "write:3 over an earlier run: files after the fault untouched" \
  same_files "$tmp/old" "$d" cases_8.tsv convergence.tsv summary.json rise_30_1.dat
grep -v '^#' "$c/history_8_30_1.tsv" >"$tmp/clean.hist"
check "write:3 over an earlier run: history rewritten with the new date and the same rows" \
  sh -c "grep -q '^# date: 2027-01-15' '$d/history_8_30_1.tsv' && grep -v '^#' '$d/history_8_30_1.tsv' | cmp -s - '$tmp/clean.hist'"
check "write:3 over an earlier run: no *.tmp left" no_tmp "$d"

# --- a checkpoint cannot be written: the first file the run completes is its first checkpoint
run wck write:1 8 "--checkpoint-every 0.01"
d=$tmp/wck/capillary_rise
check "write:1 with a checkpoint every 0.01 s: exit status 4 (got $rc)" test "$rc" = 4
check "write:1: the message names the checkpoint and the reason" \
  grep -q "cannot write $d/checkpoint.bin: No space left on device" "$tmp/wck.log"
check "write:1: no checkpoint, no *.tmp left" sh -c "test ! -e '$d/checkpoint.bin' && test -z \"\$(find '$d' -name '*.tmp')\""

# --- the last file, summary.json, fails: every file before it intact
last=$(ls "$c" | grep -vc '\.png$')
run wlast "write:$last" 8
d=$tmp/wlast/capillary_rise
check "write:$last (summary.json): exit status 4 (got $rc)" test "$rc" = 4
check "write:$last: the message names summary.json" grep -q "cannot write $d/summary.json: " "$tmp/wlast.log"
# shellcheck disable=SC2046
check "write:$last: every other data file byte-identical to the clean run's" \
  same_files "$c" "$d" $(cd "$c" && ls | grep -v -e '\.png$' -e '^summary.json$' -e '^convergence.tsv$')
strip_wall "$c/convergence.tsv" >"$tmp/conv.clean"
strip_wall "$d/convergence.tsv" >"$tmp/conv.fault"
check "write:$last: convergence.tsv complete (equal to the clean run's but for the wall times)" \
  cmp -s "$tmp/conv.clean" "$tmp/conv.fault"
check "write:$last: no summary.json, no *.tmp" sh -c "test ! -e '$d/summary.json' && test -z \"\$(find '$d' -name '*.tmp')\""

# --- a NaN or an infinity in the second level (8 cells took s1 steps; the fault at step 3 of 10 cells)
s1=$(awk -F'\t' '/^#/ {next} !h {for (i = 1; i <= NF; i++) if ($i == "steps") k = i; h = 1; next} {print $k; exit}' \
  "$c2/convergence.tsv")
n=$((s1 + 3))
# the files the 8-cell level writes (the 8-cell run's but for the harness's), and those only the
# 10-cell level or the end of the run write
first=$(cd "$c" && ls | grep -v -e '\.png$' -e '^summary.json$' -e '^convergence.tsv$')
later=$(cd "$c2" && ls | grep -v -x -F -e convergence.tsv $(for f in $first; do printf ' -e %s' "$f"; done))
for fault in "nan:$n phi" "inf:$n:u u" "nan:$n:v v"; do
  spec=${fault% *}
  field=${fault#* }
  tag=$(echo "$spec" | tr ':' '_')
  mkdir -p "$tmp/$tag" && cp -r "$c2" "$tmp/$tag/"
  SOURCE_DATE_EPOCH=1800000000 run "$tag" "$spec" 8,10
  d=$tmp/$tag/capillary_rise
  check "$spec: exit status 3, numerical failure (got $rc)" test "$rc" = 3
  check "$spec: detected in the step it was injected: step 3, its time and cell named" \
    grep -q "step 3 (t = [0-9.e-]* s, dt = [0-9.e-]* s): non-finite $field at ([0-9]*, [0-9]*), x = .*, y = " "$tmp/$tag.log"
  check "$spec: the harness says 'numerical failure at 10 cells'" grep -q "numerical failure at 10 cells" "$tmp/$tag.log"
  check "$spec: the files the 8-cell level wrote before the fault: this run's (new date), the clean data" \
    same_data "$c" "$d" $first
  strip_wall "$d/convergence.tsv" >"$tmp/conv.fault"
  check "$spec: convergence.tsv holds the finished level (the clean 8-cell run's but for the wall times)" \
    cmp -s "$tmp/conv.clean" "$tmp/conv.fault"
  check "$spec: no other file of the earlier run overwritten (the 10-cell series, summary, figures)" \
    same_files "$c2" "$d" $later
  check "$spec: no *.tmp left" no_tmp "$d"
done

# --- bad values
for v in bogus write:0 write: nan:2x inf:3:w nan; do
  run "bad" "$v" 8
  check "CAPILLAB_FAULT=$v: exit status 2 (got $rc)" test "$rc" = 2
  check "CAPILLAB_FAULT=$v: the message names the variable and the allowed forms" \
    grep -q "CAPILLAB_FAULT='$v': allowed write:N .*nan:N\[:FIELD\] or inf:N\[:FIELD\]" "$tmp/bad.log"
done

echo "$n_pass passed, $n_fail failed"
[ "$n_fail" = 0 ]
