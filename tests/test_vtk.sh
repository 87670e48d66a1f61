#!/bin/sh
# The VTK files read back with the VTK library: test_io's case vtk_series writes an analytic 3D series
# (three .vti files and their .pvd) and a 2D .vti into a temporary directory ($CAP_VTK_OUT), and
# tests/vtk_readback.py reads them with Debian's python3-vtk9 (/usr/bin/python3: the python3 on PATH may
# be another interpreter, without the module; .ci/deps.sh --vtk installs it) and checks the dimensions,
# spacing, origin, arrays, values (to 1e-12), provenance and the series' files and times.
# Builds nothing: BUILD_DIR/tests/test_io must be built. Usage: sh tests/test_vtk.sh BUILD_DIR
build=${1:-build}
root="$(dirname "$0")/.."
bin="$build/tests/test_io"
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stop() { # REASON: one failed check, and the end
  echo "FAIL  $1"
  echo "0 passed, 1 failed"
  exit 1
}
[ -x "$bin" ] || stop "$bin is not built"
"$py" -c 'import vtk' >/dev/null 2>&1 || stop "$py cannot import vtk: install python3-vtk9 (sh .ci/deps.sh --vtk)"

CAP_VTK_OUT="$tmp" "$bin" --case vtk_series >"$tmp/io.log" 2>&1
rc_io=$?
"$py" "$root/tests/vtk_readback.py" "$tmp" >"$tmp/py.log" 2>&1
rc_py=$?
grep -E '^(PASS|FAIL)  ' "$tmp/io.log" "$tmp/py.log" | sed 's/^[^:]*://'
n_pass=$(cat "$tmp/io.log" "$tmp/py.log" | grep -c '^PASS  ')
n_fail=$(cat "$tmp/io.log" "$tmp/py.log" | grep -c '^FAIL  ')
# a program that fails without a failed check (a crash, VTK missing a module) is one failure
if [ "$rc_io" -ne 0 ] && ! grep -q '^FAIL  ' "$tmp/io.log"; then
  echo "FAIL  test_io --case vtk_series: exit status $rc_io"
  tail -n 5 "$tmp/io.log" | sed 's/^/    /'
  n_fail=$((n_fail + 1))
fi
if [ "$rc_py" -ne 0 ] && ! grep -q '^FAIL  ' "$tmp/py.log"; then
  echo "FAIL  vtk_readback.py: exit status $rc_py"
  tail -n 5 "$tmp/py.log" | sed 's/^/    /'
  n_fail=$((n_fail + 1))
fi
echo "$n_pass passed, $n_fail failed"
[ "$n_fail" -eq 0 ]
