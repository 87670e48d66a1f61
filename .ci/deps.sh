#!/bin/sh
# capillab set-up: make sure the Debian packages the build, the tests, the plots and the report need
# are present. Installs what is missing with apt-get when run as root; otherwise stops and prints the
# exact command to run. Called by the Makefile before anything is compiled; safe to run again.
#
# usage: .ci/deps.sh [--paper] [--memcheck] [--fuzz] [--vtk]   (--paper also checks the LaTeX packages
#        the report needs; --memcheck valgrind, which make memcheck and make check's memcheck subset need;
#        --fuzz clang and its libFuzzer runtime, for make fuzz and make check's short fuzz run; --vtk the
#        VTK library's Python module for Debian's /usr/bin/python3, with which tests/test_vtk.sh (make
#        check, make unit) reads the .vti and .pvd files back)
set -eu

want_paper=0
want_memcheck=0
want_fuzz=0
want_vtk=0
for a in "$@"; do
  case "$a" in
    --paper) want_paper=1 ;;
    --memcheck) want_memcheck=1 ;;
    --fuzz) want_fuzz=1 ;;
    --vtk) want_vtk=1 ;;
    *) echo "deps.sh: unknown argument '$a' (allowed: --paper, --memcheck, --fuzz, --vtk)" >&2; exit 2 ;;
  esac
done

missing=""
need() { # need PACKAGE TEST-COMMAND...
  pkg=$1; shift
  if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}

need build-essential sh -c 'command -v cc && command -v make'
need pkg-config      sh -c 'command -v pkg-config'
need libgsl-dev      sh -c 'pkg-config --exists gsl'
need libpng-dev      sh -c 'pkg-config --exists libpng'
need gnuplot-nox     sh -c 'command -v gnuplot'
need python3         sh -c 'command -v python3'
need clang-format    sh -c 'command -v clang-format'
if [ "$want_paper" = 1 ]; then
  need texlive-latex-recommended sh -c 'command -v pdflatex && kpsewhich booktabs.sty && kpsewhich hyperref.sty'
  need poppler-utils sh -c 'command -v pdftoppm && command -v pdfinfo'
fi
if [ "$want_fuzz" = 1 ]; then
  need clang sh -c 'command -v clang'
  # the libFuzzer runtime: a fuzzer links (clang's default version on bookworm is 14)
  need libclang-rt-14-dev sh -c 'd=$(mktemp -d) && trap "rm -rf $d" EXIT &&
    printf "%s\n" "#include <stddef.h>" "#include <stdint.h>" \
      "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);" \
      "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return d && n; }" > "$d/f.c" &&
    clang -fsanitize=fuzzer,address,undefined -o "$d/f" "$d/f.c"'
fi

if [ "$want_memcheck" = 1 ]; then
  need valgrind sh -c 'command -v valgrind'
fi
if [ "$want_vtk" = 1 ]; then
  # Debian's interpreter, not the first python3 on PATH (which may be another one, without the module)
  need python3-vtk9 sh -c '/usr/bin/python3 -c "import vtk"'
fi

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "deps.sh: installing missing packages:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing >&2
  exit 0
fi

echo "deps.sh: missing packages:$missing" >&2
echo "deps.sh: install them with:  sudo apt-get update && sudo apt-get install -y$missing" >&2
exit 1
