#!/bin/sh
# The report from the experiments' outputs:   sh paper/build.sh OUT_DIR BUILD_DIR
# paper/summary.py writes BUILD_DIR/summary.md, front.tex, claims.tex, basilisk.tex and provenance.tex
# from OUT_DIR; pdflatex and bibtex then build BUILD_DIR/capillab.pdf from paper/capillab.tex, and the
# layout is checked: any overfull box (a figure, table or line wider or taller than the page), float too
# large for its page, undefined reference or citation, or missing file fails the build, with the
# offending lines of the log. Exit status: 0 built and clean, 3 failed (the reason on stderr), 4 no
# pdflatex.
set -u
out=$1
build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build"
python3 "$top/paper/summary.py" "$out" "$build" || exit 3
command -v pdflatex >/dev/null 2>&1 || { echo "capillab: pdflatex not found, report skipped" >&2; exit 4; }
cd "$build" || exit 3
export BIBINPUTS="$top/paper:" TEXINPUTS="$top/paper:"
log=capillab.latex.log
tex() { pdflatex -interaction=nonstopmode -halt-on-error "$top/paper/capillab.tex" >>"$log" 2>&1; }
: >"$log"
if ! { tex && bibtex capillab >>"$log" 2>&1 && tex && tex; }; then
  echo "capillab: the report did not build, see $build/$log" >&2
  grep -E '^!' -A2 capillab.log >&2 2>/dev/null
  exit 3
fi
bad=$(grep -E '^Overfull|Float too large|undefined|There were undefined|File .* not found' capillab.log)
if [ -n "$bad" ]; then
  echo "capillab: the report's layout is not clean (paper/build.sh):" >&2
  echo "$bad" | sed 's/^/    /' >&2
  exit 3
fi
exit 0
