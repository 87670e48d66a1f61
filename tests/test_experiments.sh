#!/bin/sh
# Regression of the experiments' --quick runs: each experiment's own verdict, and its headline
# figures against the accepted ones in data/ref/<name>.ref (relative and absolute tolerances, never
# byte for byte). The Makefile runs the experiments first (build/out-quick, stamped).
#   sh tests/test_experiments.sh BUILD_DIR
# A .ref file has lines "key value rtol atol" (comments with #): the check passes when
# |got - value| <= max(rtol |value|, atol).
build=${1:-build}
out="$build/out-quick"
ref_dir="$(dirname "$0")/../data/ref"
n_pass=0
n_fail=0
pass() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
fail() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }

# value of "key": number in the "results" object of a summary.json (one key per line)
result() { sed -n "s/^ *\"$2\": \\([^,]*\\),\\{0,1\\}\$/\\1/p" "$1" | head -n 1; }

for status in "$out"/*.status; do
  [ -e "$status" ] || { fail "no experiment ran (no $out/*.status)"; break; }
  name=$(basename "$status" .status)
  rc=$(cat "$status")
  summary="$out/$name/summary.json"
  if [ "$rc" = 0 ]; then pass "$name --quick: exit 0 (every acceptance check passes)"
  else fail "$name --quick: exit $rc (see $out/$name.log and $summary)"; fi
  ref="$ref_dir/$name.ref"
  if [ ! -f "$ref" ]; then fail "$name: no regression reference $ref"; continue; fi
  if [ ! -f "$summary" ]; then fail "$name: no $summary"; continue; fi
  grep -v '^#' "$ref" | while read -r key want rtol atol; do
    [ -n "$key" ] || continue
    got=$(result "$summary" "$key")
    if awk -v g="$got" -v w="$want" -v r="$rtol" -v a="$atol" 'BEGIN { d = g - w; if (d < 0) d = -d;
          t = r * (w < 0 ? -w : w); if (a > t) t = a; exit !(g != "" && g != "null" && d <= t) }'; then
      echo "PASS  $name $key: $got (accepted $want, rtol $rtol, atol $atol)"
    else
      echo "FAIL  $name $key: '$got' (accepted $want, rtol $rtol, atol $atol)"
    fi
  done > "$out/$name.regression"
  while read -r line; do
    case "$line" in PASS*) pass "${line#PASS  }" ;; *) fail "${line#FAIL  }" ;; esac
  done < "$out/$name.regression"
done
# bad input: every experiment names the flag and exits 2 before computing anything; --help exits 0
for status in "$out"/*.status; do
  [ -e "$status" ] || continue
  name=$(basename "$status" .status)
  bin="$build/bin/$name"
  [ -x "$bin" ] || continue # an -axi variant: the same binary, checked under its own name
  # every physical parameter its --help lists: NaN and a value above any range are refused
  params=$("$bin" --help 2>&1 | sed -n '/physical parameters:/,$p' | sed -n 's/^ *--\([a-z0-9-]*\) .*/\1/p')
  [ -n "$params" ] || fail "$name --help lists no physical parameters"
  cases=""
  for prm in $params; do cases="$cases --$prm|nan:$prm --$prm|1e300:$prm"; done
  for case in "--levels|2:levels" "--levels|12.8,abc:levels" "--levels|4,:levels" "--threads|0:threads" "--threads|2.5:threads" "--levelset-band|3:levelset-band" \
              "--levelset-band|-1:levelset-band" "--no-such-flag|1:no-such-flag" \
              "--geometry|cube:geometry" "--out:unexpected" $cases; do
    args=$(echo "${case%%:*}" | tr '|' ' '); word=${case##*:}
    # shellcheck disable=SC2086
    err=$("$bin" $args --out "$build/tests/bad-input" 2>&1 >/dev/null); rc=$?
    case "$err" in
      *"$word"*) [ "$rc" -eq 2 ] && { pass "$name $args: exit 2, names '$word'"; continue; } ;;
    esac
    fail "$name $args: exit $rc, stderr '$err' (want exit 2 naming '$word')"
  done
  if "$bin" --help >/dev/null 2>&1; then pass "$name --help: exit 0"; else fail "$name --help: exit $?"; fi
done
# a range with a hole (CAP_CLI_OR_ZERO): young_angles takes --angle 0 (the set) or 20..160, not the thin wedges
for a in 15 160.5 -20; do
  err=$("$build/bin/young_angles" --angle $a --out "$build/tests/bad-input" 2>&1 >/dev/null); rc=$?
  case "$err" in
    *"angle = 0 or 20 <= angle <= 160"*) [ "$rc" -eq 2 ] && { pass "young_angles --angle $a: exit 2, names the range"; continue; } ;;
  esac
  fail "young_angles --angle $a: exit $rc, stderr '$err' (want exit 2 naming 'angle = 0 or 20 <= angle <= 160')"
done
# flags each in range that do not go together (exp_def.invalid): an odd mode in drop_oscillation's 3D octant
err=$("$build/bin/drop_oscillation" --geometry 3d --n 3 --out "$build/tests/bad-input" 2>&1 >/dev/null); rc=$?
want="--n with --geometry 3d: allowed 2, 4, 6, 8"
case "$rc:$err" in
  2:*"$want"*) pass "drop_oscillation --geometry 3d --n 3: exit 2, names '$want'" ;;
  *) fail "drop_oscillation --geometry 3d --n 3: exit $rc, stderr '$err' (want exit 2 naming '$want')" ;;
esac
[ -d "$build/tests/bad-input" ] && fail "bad input created $build/tests/bad-input" || pass "bad input wrote no output"

# the quick paper pipeline (summary and LaTeX sources, no PDF) covers every experiment that ran
paper="$build/paper-quick"
if python3 "$(dirname "$0")/../paper/summary.py" "$out" "$paper" >/dev/null 2>&1; then
  pass "paper/summary.py builds the summary from the --quick outputs"
  for status in "$out"/*.status; do
    [ -e "$status" ] || continue
    name=$(basename "$status" .status)
    texname=$(printf '%s' "$name" | sed 's/_/\\_/g')
    if grep -qx "### $name" "$paper/summary.md" && grep -qF "subsection{\\texttt{$texname}}" "$paper/claims.tex"; then
      pass "the summary and the report sources have a subsection for $name"
    else
      fail "no subsection for $name in $paper/summary.md or $paper/claims.tex"
    fi
  done
else
  fail "paper/summary.py failed on $out"
fi
echo "$n_pass passed, $n_fail failed"
[ "$n_fail" -eq 0 ]
