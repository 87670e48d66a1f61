"""Reads back, with the VTK library (Debian's python3-vtk9), the files that `test_io --case vtk_series`
writes (tests/test_io.c says the formulas; the same ones are below) and checks what ParaView would see:
the image's dimensions (cells + 1 points), spacing and origin, the cell arrays' names, types, numbers
of components and values against the analytic fields (to 1e-12), the provenance, and the .pvd's list
of files and times as VTK's XML parser reads it.

Usage: /usr/bin/python3 tests/vtk_readback.py DIR   (prints a PASS or FAIL line per check; exit status 1
if any check failed)
"""
import math
import os
import sys

import vtk

TOL = 1e-12
NX, NY, NZ = 12, 10, 8
H = 0.3817 / 8
ORIGIN = (-0.31, 0.127, 1.5)
TIMES = (0.0, 0.125, 0.25)
FILES = ("step_0000.vti", "step_0001.vti", "step_0002.vti")
COMMIT_DATE = "date: 2023-11-14T22:13:20Z"  # SOURCE_DATE_EPOCH=1700000000, set by test_io

n_pass = 0
n_fail = 0


def check(ok, what):
    global n_pass, n_fail
    print(("PASS  " if ok else "FAIL  ") + what)
    if ok:
        n_pass += 1
    else:
        n_fail += 1


def phi3(x, y, z, t):
    return math.sqrt((x - 0.05) ** 2 + (y - 0.35) ** 2 + (z - 1.68) ** 2) - 0.3817 * (1 + t)


def p3(x, y, z, t):
    return math.cos(2 * x) * math.sin(3 * y) * math.exp(-z) + t


def vel3(x, y, z, t):
    return (1 + 2 * x - y + 0.5 * z + t, -0.25 + x + 3 * y - z, 0.75 - 2 * x + y + 2 * t * z)


def read_vti(path):
    """The image data of path and the number of errors and warnings VTK reported reading it."""
    reader = vtk.vtkXMLImageDataReader()
    reported = []
    for event in ("ErrorEvent", "WarningEvent"):
        reader.AddObserver(event, lambda obj, ev: reported.append(ev))
    reader.SetFileName(path)
    reader.Update()
    return reader.GetOutput(), len(reported)


def check_arrays(img, name, want):
    """want: [(array name, components)], in order."""
    cd = img.GetCellData()
    got = [(cd.GetArrayName(k), cd.GetArray(k).GetNumberOfComponents()) for k in range(cd.GetNumberOfArrays())]
    check(got == want, f"{name}: cell arrays (name, components) {got}, want {want}")
    ncell = img.GetNumberOfCells()
    ok = all(cd.GetArray(a).GetDataType() == vtk.VTK_DOUBLE and cd.GetArray(a).GetNumberOfTuples() == ncell
             for a, _ in want if cd.GetArray(a))
    check(ok, f"{name}: every cell array is Float64 with one tuple per cell ({ncell})")


def check_provenance(img, name):
    arr = img.GetFieldData().GetAbstractArray("provenance")
    vals = [arr.GetValue(k) for k in range(arr.GetNumberOfValues())] if arr else []
    ok = (len(vals) == 4 and vals[0] == "program: test_io" and vals[1] == "parameters: --radius 0.3817 --quick"
          and vals[2].startswith("commit: ") and len(vals[2]) > len("commit: ") and vals[3] == COMMIT_DATE)
    check(ok, f"{name}: field data 'provenance' gives program, parameters, commit and date: {vals}")


def max_error(img, nx, ny, nz, h, origin, arrays):
    """The largest |value - formula| over the cells; arrays: [(name, f(x, y, z) -> tuple)]."""
    cd = img.GetCellData()
    err = 0.0
    for k in range(nz):
        for j in range(ny):
            for i in range(nx):
                x, y, z = (origin[0] + (i + 0.5) * h, origin[1] + (j + 0.5) * h, origin[2] + (k + 0.5) * h)
                cell = i + nx * (j + ny * k)
                for name, f in arrays:
                    got = cd.GetArray(name).GetTuple(cell)
                    want = f(x, y, z)
                    err = max(err, max(abs(a - b) for a, b in zip(got, want)))
    return err


def main():
    d = sys.argv[1]
    for path, t in zip(FILES, TIMES):
        img, reported = read_vti(os.path.join(d, path))
        check(reported == 0 and img.GetNumberOfCells() > 0, f"{path}: read by vtkXMLImageDataReader, no error")
        check(img.GetDimensions() == (NX + 1, NY + 1, NZ + 1),
              f"{path}: dimensions {img.GetDimensions()} = cells + 1 ({NX + 1}, {NY + 1}, {NZ + 1})")
        check(img.GetSpacing() == (H, H, H), f"{path}: spacing {img.GetSpacing()} = h = {H}")
        check(img.GetOrigin() == ORIGIN, f"{path}: origin {img.GetOrigin()} = {ORIGIN}")
        check(img.GetNumberOfCells() == NX * NY * NZ, f"{path}: {img.GetNumberOfCells()} cells")
        check_arrays(img, path, [("phi", 1), ("p", 1), ("velocity", 3)])
        err = max_error(img, NX, NY, NZ, H, ORIGIN,
                        [("phi", lambda x, y, z: (phi3(x, y, z, t),)), ("p", lambda x, y, z: (p3(x, y, z, t),)),
                         ("velocity", lambda x, y, z: vel3(x, y, z, t))])
        check(err <= TOL, f"{path}: phi, p and velocity at every cell centre within {TOL:g} of the formulas "
                          f"(t = {t}; largest error {err:.3g})")
        check_provenance(img, path)

    img, reported = read_vti(os.path.join(d, "flat.vti"))
    check(reported == 0 and img.GetNumberOfCells() > 0, "flat.vti: read by vtkXMLImageDataReader, no error")
    check(img.GetDimensions() == (8, 6, 1) and img.GetNumberOfCells() == 35,
          f"flat.vti: 2D grid 7 x 5 as a plane of cells: dimensions {img.GetDimensions()}, "
          f"{img.GetNumberOfCells()} cells")
    check(img.GetSpacing() == (0.1, 0.1, 0.1) and img.GetOrigin() == (0.1 + 0.2, -0.5, 0.0),
          f"flat.vti: spacing {img.GetSpacing()}, origin {img.GetOrigin()}")
    check_arrays(img, "flat.vti", [("phi", 1), ("velocity", 3)])
    err = max_error(img, 7, 5, 1, 0.1, (0.1 + 0.2, -0.5, 0.0),
                    [("phi", lambda x, y, z: (x * y,)),
                     ("velocity", lambda x, y, z: (1 + 2 * x - y, -0.25 + x + 3 * y, 0.0))])
    check(err <= TOL, f"flat.vti: phi and velocity (z component 0) within {TOL:g} (largest error {err:.3g})")

    # the .pvd through VTK's XML parser, read as ParaView's PVD reader reads it: the Collection element
    # among the root's, its DataSet elements' timestep and file
    parser = vtk.vtkXMLDataParser()
    parser.SetFileName(os.path.join(d, "series.pvd"))
    ok = parser.Parse() == 1
    root = parser.GetRootElement() if ok else None
    check(ok and root is not None and root.GetName() == "VTKFile" and root.GetAttribute("type") == "Collection",
          "series.pvd: parsed by vtkXMLDataParser, a VTKFile of type Collection")
    coll = root.FindNestedElementWithName("Collection") if root else None
    sets = [coll.GetNestedElement(k) for k in range(coll.GetNumberOfNestedElements())] if coll else []
    listed = [(float(e.GetAttribute("timestep")), e.GetAttribute("file")) for e in sets if e.GetName() == "DataSet"]
    check(listed == list(zip(TIMES, FILES)), f"series.pvd lists {listed}")
    check(all(os.path.isfile(os.path.join(d, f)) for _, f in listed),
          "series.pvd: every file it lists exists beside it")
    prov = root.FindNestedElementWithName("Provenance") if root else None
    check(prov is not None and prov.GetAttribute("program") == "test_io" and prov.GetAttribute("commit")
          and prov.GetAttribute("parameters") == "--radius 0.3817 --quick",
          "series.pvd: its Provenance element gives program, parameters and commit")


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # a crash is one failed check, with its reason
        check(False, f"vtk_readback.py stopped: {type(e).__name__}: {e}")
    sys.exit(1 if n_fail else 0)
