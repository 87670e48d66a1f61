#!/bin/sh
# The tree's shape, checked: public headers are contracts (at most 40 comment lines before the first
# declaration), every experiment is one page (at most 300 lines), and every C file is formatted by
# the project's .clang-format (clang-format from Debian, installed by .ci/deps.sh).
# Usage: sh tests/test_style.sh [BUILD_DIR]   (run from anywhere; checks the tree it sits in)
cd "$(dirname "$0")/.." || exit 1
n_pass=0
n_fail=0
pass() { echo "PASS  $1"; n_pass=$((n_pass + 1)); }
fail() { echo "FAIL  $1"; n_fail=$((n_fail + 1)); }

# comment lines before the first declaration (the measure the project's review uses)
for h in solver/*.h analytic/*.h experiments/*.h tools/*/*.h; do
  n=$(awk '/^(typedef|struct|enum|extern|static|int|double|void|const|unsigned|long|size_t|cap_)/ {print c + 0; exit}
           /^[ \t]*(\/\*|\*)/ {c++}' "$h")
  if [ "${n:-0}" -le 40 ]; then pass "$h: $n comment lines before its first declaration (<= 40)"
  else fail "$h: $n comment lines before its first declaration (<= 40)"; fi
done

# an experiment is its page and its physics; the shared layer is not an experiment
for e in experiments/*.c; do
  case "$(basename "$e" .c)" in harness|envelope|checkpoint|scene|measure|cylinder) continue ;; esac
  n=$(wc -l < "$e")
  if [ "$n" -le 300 ]; then pass "$e: $n lines (<= 300)"; else fail "$e: $n lines (<= 300)"; fi
done

# formatting
if command -v clang-format >/dev/null 2>&1; then
  for f in $(git ls-files '*.c' '*.h' 2>/dev/null || ls solver/*.[ch] analytic/*.[ch] experiments/*.[ch] tools/*/*.[ch] tests/*.[ch]); do
    if clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then pass "$f: formatted (.clang-format)"
    else fail "$f: not formatted as .clang-format says (run: clang-format -i $f)"; fi
  done
else
  fail "clang-format is not installed (.ci/deps.sh installs it)"
fi

echo "$n_pass passed, $n_fail failed"
[ "$n_fail" -eq 0 ]
