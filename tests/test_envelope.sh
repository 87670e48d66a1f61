#!/bin/sh
# The CI-sized envelope sample (make check runs make envelope-run QUICK=1 first: every claim and
# axisymmetric variant with --quick --sample 2 into BUILD_DIR/out-envelope-quick): each one's exit
# status, and its envelope.tsv, checks.tsv and envelope.json as experiments/envelope.h lists them,
# one row per sample, each sample's verdict "pass".
#   sh tests/test_envelope.sh BUILD_DIR
build=${1:-build}
out="$build/out-envelope-quick"
n_pass=0
n_fail=0
pass() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
fail() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }

want=$(sed -n 's/^sample \([0-9]*\) seed .*/\1/p' "$out/config" 2>/dev/null)
[ -n "$want" ] || fail "no envelope sample ran ($out/config missing)"
for status in "$out"/*.status; do
  [ -e "$status" ] || { fail "no claim's envelope ran (no $out/*.status)"; break; }
  name=$(basename "$status" .status)
  dir="$out/$name-envelope"
  rc=$(cat "$status")
  if [ "$rc" = 0 ]; then pass "$name --sample $want: exit 0 (every sample passes its checks)"
  else fail "$name --sample $want: exit $rc (see $out/$name.log and $dir/checks.tsv)"; fi
  tsv="$dir/envelope.tsv"
  rows=$(grep -v '^#' "$tsv" 2>/dev/null | awk -F'\t' 'NR == 1 { for (k = 1; k <= NF; k++) if ($k == "verdict") v = k; next }
        { n++; if ($v == "pass") p++ } END { print n + 0, p + 0 }')
  if [ "$rows" = "$want $want" ]; then pass "$name: envelope.tsv has $want rows, each a pass"
  else fail "$name: envelope.tsv rows and passes '$rows', not '$want $want'"; fi
  if grep -q '^# commit: ' "$tsv" 2>/dev/null && grep -q '"commit": ' "$dir/envelope.json" 2>/dev/null &&
     [ -s "$dir/checks.tsv" ]; then pass "$name: checks.tsv and envelope.json written, with their provenance"
  else fail "$name: checks.tsv or envelope.json missing, or no provenance"; fi
done
echo "$n_pass passed, $n_fail failed"
[ "$n_fail" = 0 ]
