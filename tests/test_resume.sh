#!/bin/sh
# Checkpoint and resume (experiments/harness.h: --checkpoint-every, --resume), against the
# uninterrupted --quick runs in BUILD/out-quick (make check runs them first):
#   kill and resume  each experiment's --quick run (every variant) with a checkpoint every 0.05 s is
#             killed (SIGKILL, CAPILLAB_FAULT=kill:N) after a random number of checkpoints, resumed and
#             killed again after another random number, then resumed to its end: its outputs equal the
#             uninterrupted run's (tools/cmp_outputs.sh: every file, all but wall times and provenance);
#   a kill from outside  one run killed by `kill -KILL` at a random moment, resumed, the same;
#   refused   a checkpoint truncated, one byte changed (checksum), written by another commit, with other
#             parameters, not a checkpoint at all, or whose image does not fit the run: the resumed run
#             says why it refuses it, starts from its beginning, and its outputs equal the reference.
# CKPT_SEED picks the kill points (default: the clock's seconds); it is printed for a rerun.
# Usage: sh tests/test_resume.sh BUILD_DIR
build=${1:-build}
ref="$build/out-quick"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n_pass=0
n_fail=0
ok() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
bad() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }
export SOURCE_DATE_EPOCH=1700000000 OMP_NUM_THREADS=1
unset CAPILLAB_FAULT
seed=${CKPT_SEED:-$(date +%s)}
echo "# CKPT_SEED=$seed"
EVERY=0.05

# picked=a random whole number in 1..max(1, N) (a linear congruential sequence from the seed)
pick() {
  seed=$(((seed * 1103515245 + 12345) % 2147483648))
  picked=$((1 + (seed / 65536) % ($1 > 1 ? $1 : 1)))
}
# the wall seconds of a reference run (summary.json)
wall() { sed -n 's/^ *"wall_time_s": \([0-9.]*\).*/\1/p' "$ref/$1/summary.json"; }
# the arguments of a variant: NAME, NAME-axi or NAME-3d
args() { case "$1" in *-axi) echo "${1%-axi} --geometry axi" ;; *-3d) echo "${1%-3d} --geometry 3d" ;; *) echo "$1" ;; esac; }
same() { sh tools/cmp_outputs.sh "$ref/$1" "$2/$1" >"$tmp/cmp.log" 2>&1; }

# ---- kill, resume, kill, resume ----
for st in "$ref"/*.status; do
  [ -e "$st" ] || { bad "no reference runs in $ref (make check runs them)"; break; }
  v=$(basename "$st" .status)
  [ "$(cat "$st")" = 0 ] && [ -f "$ref/$v/summary.json" ] || { bad "$v: its reference run did not pass"; continue; }
  set -- $(args "$v")
  name=$1
  shift
  n_ckpt=$(awk -v w="$(wall "$v")" -v e=$EVERY 'BEGIN { print int(0.5 * w / e) }')
  pick "$n_ckpt"
  k1=$picked
  pick "$n_ckpt"
  k2=$picked
  out="$tmp/kr-$v"
  CAPILLAB_FAULT=kill:$k1 "$build/bin/$name" --quick "$@" --threads 1 --checkpoint-every $EVERY --out "$out" \
    >"$out.1.log" 2>&1
  rc1=$?
  CAPILLAB_FAULT=kill:$k2 "$build/bin/$name" --quick "$@" --threads 1 --checkpoint-every $EVERY --resume --out "$out" \
    >"$out.2.log" 2>&1
  rc2=$?
  "$build/bin/$name" --quick "$@" --threads 1 --checkpoint-every $EVERY --resume --out "$out" >"$out.3.log" 2>&1
  rc3=$?
  what="$v: killed after $k1 checkpoints (exit $rc1), resumed and killed after $k2 more (exit $rc2), resumed"
  if [ $rc1 != 137 ] || { [ $rc2 != 137 ] && [ $rc2 != 0 ]; }; then
    bad "$what: the first run was not killed, or the second neither killed nor passing"
  elif ! grep -q "resuming from" "$out.2.log"; then
    bad "$what: the second run did not resume"
  elif [ $rc3 != 0 ] && [ $rc2 = 137 ]; then
    bad "$what: exit $rc3 (see the log)"
  elif ! same "$v" "$out"; then
    bad "$what: outputs differ from the uninterrupted run's: $(head -3 "$tmp/cmp.log" | tr '\n' ' ')"
  elif [ -e "$out/$v/checkpoint.bin" ]; then
    bad "$what: the checkpoint is left after the run ended"
  else
    ok "$what: outputs identical to the uninterrupted run's"
  fi
done

# ---- a kill from outside at a random moment ----
v=drop_oscillation
if [ -f "$ref/$v/summary.json" ]; then
  pick "$(awk -v w="$(wall $v)" 'BEGIN { print int(800 * w) }')"
  ms=$picked
  out="$tmp/ext"
  "$build/bin/$v" --quick --threads 1 --checkpoint-every $EVERY --out "$out" >"$out.1.log" 2>&1 &
  pid=$!
  sleep "$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')"
  kill -KILL $pid 2>/dev/null
  wait $pid
  rc1=$?
  "$build/bin/$v" --quick --threads 1 --checkpoint-every $EVERY --resume --out "$out" >"$out.2.log" 2>&1
  rc2=$?
  what="$v killed by kill -KILL after $ms ms (exit $rc1), resumed (exit $rc2)"
  if [ $rc1 = 137 ] && [ $rc2 = 0 ] && same $v "$out"; then ok "$what: outputs identical"
  else bad "$what: $(head -3 "$tmp/cmp.log" | tr '\n' ' ')"; fi
fi

# ---- refused checkpoints ----
v=drop_oscillation-axi
edit() { # FILE FROM TO: the record name or string FROM replaced by TO (same length) and the checksum redone
  python3 - "$@" <<'EOF'
import sys
path, a, b = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
d = bytearray(open(path, 'rb').read())
i = d.find(a, 16)
if i < 0 or len(a) != len(b): sys.exit(1)
d[i:i + len(a)] = b
n = int.from_bytes(d[8:16], 'little')
h = 0xcbf29ce484222325
for c in d[16:16 + n]: h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
d[16 + n:24 + n] = h.to_bytes(8, 'little')
open(path, 'wb').write(d)
EOF
}
refused() { # TAG REASON PREPARE...: a checkpoint prepared by the command PREPARE (run in the output folder) is
  # refused with REASON in the message; the run then matches the reference
  tag=$1 reason=$2
  shift 2
  out="$tmp/ref-$tag"
  mkdir -p "$out/$v"
  cp "$tmp/ckpt.bin" "$out/$v/checkpoint.bin"
  (cd "$out/$v" && "$@") || { bad "$v: refused ($tag): could not prepare the checkpoint"; return; }
  "$build/bin/drop_oscillation" --quick --geometry axi --threads 1 --resume --out "$out" >"$out.log" 2>&1
  rc=$?
  if [ $rc != 0 ]; then bad "$v: refused ($tag): exit $rc"
  elif ! grep -q "refused.*$reason.*starts from its beginning" "$out.log"; then
    bad "$v: refused ($tag): no message with '$reason'"
  elif ! same $v "$out"; then bad "$v: refused ($tag): outputs differ from the reference"
  else ok "$v: a checkpoint $tag is refused ('$reason'), the run starts again and matches the reference"; fi
}
if [ -f "$ref/$v/summary.json" ]; then
  CAPILLAB_FAULT=kill:3 "$build/bin/drop_oscillation" --quick --geometry axi --threads 1 --checkpoint-every 0.01 \
    --out "$tmp/src" >"$tmp/src.log" 2>&1
  cp "$tmp/src/$v/checkpoint.bin" "$tmp/ckpt.bin" 2>/dev/null
  CAPILLAB_FAULT=kill:3 "$build/bin/drop_oscillation" --quick --geometry axi --threads 1 --checkpoint-every 0.01 \
    --sigma 1.5 --out "$tmp/other" >"$tmp/other.log" 2>&1
  if [ ! -s "$tmp/ckpt.bin" ] || [ ! -s "$tmp/other/$v/checkpoint.bin" ]; then
    bad "$v: no checkpoint to refuse (see $tmp/src.log)"
  else
    size=$(wc -c <"$tmp/ckpt.bin")
    refused truncated "truncated" sh -c "head -c $((size / 2)) $tmp/ckpt.bin > checkpoint.bin"
    refused "with one byte changed" "wrong checksum" sh -c \
      "printf 'Z' | dd of=checkpoint.bin bs=1 seek=$((size / 3)) conv=notrunc 2>/dev/null"
    commit=$(sed -n 's/^ *"commit": "\([0-9a-f]*\).*/\1/p' "$ref/$v/summary.json")
    [ -n "$commit" ] && refused "of another commit" "written by commit 0" \
      edit checkpoint.bin "$commit" "$(echo "$commit" | tr '0-9a-f' '0000000000000000')"
    refused "of other parameters" "other parameters" cp "$tmp/other/$v/checkpoint.bin" checkpoint.bin
    refused "that is not one" "not a capillab checkpoint" sh -c "echo 'a text file' > checkpoint.bin"
    refused "whose image does not fit" "does not match this run" edit checkpoint.bin "ns.kappa" "ns.kappA"
  fi
fi

echo "$n_pass passed, $n_fail failed"
[ "$n_fail" -eq 0 ]
