#!/bin/sh
# The report built from the quick sweeps (BUILD_DIR/out-quick, written by make check before the
# tests): it builds with a clean layout (paper/build.sh: no overfull box, no float too large, no
# undefined reference or citation), every page renders (pdftoppm), its page count is the one LaTeX
# wrote, every figure it names exists, every run has its row in the table on page 1, and the claims come in
# the order of paper/claims.tsv, every seed figure (paper/seed_figures.tsv) whose run ran is drawn with
# its caption and listed on the front page, and every caption gives the resolution and the parameters,
# and the table beside Basilisk has its benchmarks, filled from the outputs ("--" without them).
# Then a figure without a caption line, and a run whose parameters cannot be broken across lines, must
# fail the build.   sh tests/test_paper.sh BUILD_DIR
build=${1:-build}
out="$build/out-quick"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
np=0
nf=0
check() { # check COND-EXIT-STATUS MESSAGE
  if [ "$1" = 0 ]; then echo "PASS  $2"; np=$((np + 1)); else echo "FAIL  $2"; nf=$((nf + 1)); fi
}

sh paper/build.sh "$out" "$tmp/r" >"$tmp/build.log" 2>&1
rc=$?
check $rc "the quick report builds with a clean layout (paper/build.sh exit status $rc)"
[ "$rc" = 0 ] || sed 's/^/    /' "$tmp/build.log"
pdf="$tmp/r/capillab.pdf"
if [ -f "$pdf" ]; then
  written=$(sed -n 's/^Output written on capillab.pdf (\([0-9]*\) pages.*/\1/p' "$tmp/r/capillab.log")
  pages=$(pdfinfo "$pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
  [ -n "$pages" ] && [ "$pages" = "$written" ]
  check $? "page count: pdfinfo $pages, LaTeX wrote ${written:-?}"
  pdftoppm -r 12 -png "$pdf" "$tmp/page" 2>"$tmp/ppm.log"
  rendered=$(find "$tmp" -maxdepth 1 -name 'page*.png' | wc -l)
  [ "$?" = 0 ] && [ "$rendered" = "$pages" ]
  check $? "pdftoppm renders every page ($rendered of $pages)"
else
  check 1 "the report's PDF exists"
fi
figs=$(grep -o 'includegraphics\[[^]]*\]{[^}]*}' "$tmp/r/claims.tex" | sed 's/.*{\(.*\)}/\1/')
nfig=0
missing=0
for f in $figs; do
  nfig=$((nfig + 1))
  [ -f "$f" ] || { missing=$((missing + 1)); echo "    missing: $f"; }
done
made=$(find "$out" -mindepth 2 -maxdepth 2 -name '*.png' | wc -l)
[ "$missing" = 0 ] && [ "$nfig" = "$made" ] && [ "$nfig" -gt 0 ]
check $? "every figure the report names exists ($nfig named, $missing missing, $made made by the runs)"
runs=$(find "$out" -maxdepth 1 -name '*.status' | sed 's|.*/||; s|\.status$||' | sort)
absent=""
for r in $runs; do
  grep -q "texttt{$(echo "$r" | sed 's/_/\\\\_\\\\allowbreak{}/g; s/-/-\\\\allowbreak{}/g')}" "$tmp/r/front.tex" || absent="$absent $r"
done
[ -n "$runs" ] && [ -z "$absent" ]
check $? "every run has its row in the front table (missing:${absent:- none})"
# and that table is on page 1: every run's name in the text of the first page
# (spaces, line breaks, underscores and hyphens dropped: pdftotext reads the typewriter font's
# underscore as a space and joins a name broken at its hyphen)
pdftotext -f 1 -l 1 "$pdf" - 2>/dev/null | tr -d ' \n_-' >"$tmp/page1.txt"
off=""
for r in $runs; do grep -q -F "$(echo "$r" | tr -d _-)" "$tmp/page1.txt" || off="$off $r"; done
[ -s "$tmp/page1.txt" ] && [ -z "$off" ]
check $? "the front table is on page 1 (runs not there:${off:- none})"
order_tsv=$(grep -v '^#' paper/claims.tsv | cut -f3)
order_tex=$(sed -n 's/^\\section{\([^(]*\)\( (.*\)\{0,1\}}.*/\1/p' "$tmp/r/claims.tex" | sed 's/ *$//')
last=0
echo "$order_tex" | while IFS= read -r title; do
  n=$(echo "$order_tsv" | grep -n -x -F "$(echo "$title" | sed "s/\\\\//g")" | cut -d: -f1)
  [ -n "$n" ] && [ "$n" -gt "$last" ] || { echo "    out of order or unlisted: $title"; exit 1; }
  last=$n
done
ok=$?
[ -n "$order_tex" ] && [ "$ok" = 0 ]
check $? "the claims' sections come in the order of paper/claims.tsv ($(echo "$order_tex" | wc -l) sections)"

# every seed figure of paper/seed_figures.tsv whose run ran is drawn, with its caption, and listed on
# the front page
want=0
got=0
listed=0
tab=$(printf '\t')
seeds=$(grep -v '^#' paper/seed_figures.tsv)
while IFS="$tab" read -r fig cite sec run rest; do
  [ -f "$out/$run.status" ] || continue
  want=$((want + 1))
  label="fig:seed:$(echo "$fig" | sed 's/[^A-Za-z0-9]/-/g')"
  grep -B1 "label{$label}" "$tmp/r/claims.tex" | grep -q "reproduced" && got=$((got + 1))
  grep -q "ref{$label}" "$tmp/r/front.tex" && listed=$((listed + 1))
done <<SEEDS
$seeds
SEEDS
[ "$want" -gt 0 ] && [ "$got" = "$want" ] && [ "$listed" = "$want" ]
check $? "every seed figure whose run ran is reproduced with its caption ($got of $want), listed after the front table ($listed)"
# every figure's caption says what it shows (a '# figure' line), the resolution and the parameters
ncap=$(grep -c 'caption{.*\(Grid\|Resolutions of the\).*Parameters:' "$tmp/r/claims.tex")
[ "$ncap" = "$(grep -c 'begin{figure}' "$tmp/r/claims.tex")" ]
check $? "every figure's caption gives the resolution and the parameters ($ncap captions)"

# capillab beside Basilisk (data/ref/basilisk.tsv): every benchmark in the report's table, the
# capillab column read from the runs' outputs (the curvature error at D = 25.6 cells is the kappa_err of
# static_drop/convergence.tsv), and "--" throughout when no run has outputs
bas_rows() { # bas_rows SUMMARY_MD: the table's rows, fields separated by " | "
  sed -n '/^## capillab beside Basilisk/,$p' "$1" | grep '^| ' | sed '1,2d'
}
bas=$(grep -v '^#' data/ref/basilisk.tsv | sed 1d)
nkeys=$(echo "$bas" | cut -f1 | sort -u | wc -l)
absent=""
for t in $(echo "$bas" | cut -f2 | sort -u | tr ' ' '@'); do
  grep -q -F "$(echo "$t" | tr '@' ' ' | sed 's/|/\\|/g')" "$tmp/r/summary.md" || absent="$absent [$t]"
done
ncited=$(grep -c 'cite{basilisk_' "$tmp/r/basilisk.tex")
nrows=$(bas_rows "$tmp/r/summary.md" | wc -l)
[ -z "$absent" ] && [ "$nkeys" = 5 ] && [ "$ncited" = "$nkeys" ] && [ "$nrows" = "$(echo "$bas" | wc -l)" ] &&
  grep -q 'input{basilisk.tex}' paper/capillab.tex &&
  grep -q 'newlabel{sec:basilisk}' "$tmp/r/capillab.aux"
check $? "the table beside Basilisk has its $nkeys benchmarks, each cited ($ncited), and $nrows rows (missing:${absent:- none})"
want=$(awk -F'\t' '!/^#/ && $1 == "25.6" { printf "%.1e", $4 }' "$out/static_drop/convergence.tsv" |
  sed 's/e+0*/e/; s/e-0*/e-/')
got=$(bas_rows "$tmp/r/summary.md" | awk -F' [|] ' '$1 ~ /Curvature error/ && $2 == "D = 25.6 cells" { print $3 }')
dashes=$(bas_rows "$tmp/r/summary.md" | awk -F' [|] ' '$3 == "--"' | wc -l)
[ -n "$want" ] && [ "$got" = "$want" ] && [ "$dashes" = 0 ]
check $? "capillab's column is read from the outputs (curvature at D = 25.6: $got, convergence.tsv $want; $dashes '--')"
python3 paper/summary.py "$tmp/none" "$tmp/e" >/dev/null 2>&1
filled=$(bas_rows "$tmp/e/summary.md" | awk -F' [|] ' '$3 != "--"' | wc -l)
[ -s "$tmp/e/basilisk.tex" ] && [ "$(bas_rows "$tmp/e/summary.md" | wc -l)" = "$nrows" ] && [ "$filled" = 0 ]
check $? "without outputs capillab's column is '--' in every row ($filled filled)"

# a figure without a caption line fails the build, naming the figure
mkdir -p "$tmp/nocap"
cp -r "$out/static_drop" "$out/static_drop.status" "$tmp/nocap/"
cp "$out/static_drop/convergence.png" "$tmp/nocap/static_drop/uncaptioned.png"
sh paper/build.sh "$tmp/nocap" "$tmp/n" >"$tmp/nocap.log" 2>&1
rc=$?
[ "$rc" = 3 ] && grep -q "uncaptioned.png: no caption" "$tmp/nocap.log"
check $? "a figure without a caption line fails the build (exit status $rc, the figure named)"

# the layout check can fail: a run whose parameters have no break point overflows the page
fake="$tmp/fake"
mkdir -p "$fake/static_drop"
echo 0 >"$fake/static_drop.status"
long=$(printf 'x%.0s' $(seq 300))
cat >"$fake/static_drop/summary.json" <<JSON
{"experiment": "static_drop", "claim": "c", "source": "s", "reference": "r", "mode": "quick",
 "parameters": "$long", "commit": "0", "levels": [1], "results": {}, "observed_order": {},
 "checks": [{"what": "w", "value": 1, "limit": 2, "bound": "upper", "pass": true}],
 "verdict": "PASS", "wall_time_s": 1}
JSON
sh paper/build.sh "$fake" "$tmp/f" >"$tmp/fake.log" 2>&1
rc=$?
[ "$rc" = 3 ] && grep -q Overfull "$tmp/fake.log"
check $? "an unbreakable 300-character parameter fails the layout check (exit status $rc, 'Overfull' named)"
echo "$np passed, $nf failed"
[ "$nf" = 0 ]
