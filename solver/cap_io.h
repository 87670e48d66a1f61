/* cap_io: files the solver's users write: TSV series with a provenance header, PNG renderings of
 * fields and interfaces (libpng), and VTK image data that ParaView opens.
 *
 * Every file is written to "<path>.tmp" and renamed into place only when complete, so a run that
 * fails midway never leaves a truncated file and never damages a result written before.
 *
 * Provenance: each text file opens with '#' lines naming the program, its parameters, the commit of
 * the code that made it (cap_version_commit()) and the date (UTC; taken from SOURCE_DATE_EPOCH when
 * that is set, so that a rerun can reproduce a file byte for byte).
 */
#ifndef CAP_IO_H
#define CAP_IO_H

#include <stdio.h>

#include "cap_grid.h"
#include "cap_version.h"

typedef struct {
  const char *program; /* e.g. "static_drop" */
  const char *params;  /* e.g. "--quick --theta 60" or "La=12000 D=25.6"; may be NULL */
} cap_provenance;

/* A file written atomically: the data go to "<path>.tmp", renamed to path by cap_io_file_close if
 * `status` is CAP_SUCCESS and nothing failed while writing; otherwise the .tmp is removed and path
 * is left as it was. NULL (with CAP_EINVAL, CAP_ENOMEM or CAP_EIO reported) if it cannot be opened. */
typedef struct cap_file cap_file;
cap_file *cap_io_file_open(const char *path, const char *mode);
FILE *cap_io_file_stream(cap_file *f);
/* Closes f (which is freed in every case); returns status, or the first write or rename error
 * (CAP_EIO, the message naming path and, when the system gives one, the reason). */
int cap_io_file_close(cap_file *f, int status);

/* TEST HOOK (fault injection): the n-th file from now (n >= 1) that cap_io_file_close would complete
 * fails instead, as if the disk were full (ENOSPC): the .tmp is removed, path is left as it was, and
 * CAP_EIO is reported naming path and "injected". The closes that drop a file (a failing status) are
 * not counted. Fires once; n = 0 disarms it. Process-wide and not thread-safe: for the tests and the
 * experiments' CAPILLAB_FAULT=write:N (experiments/harness.h); a library user never needs it. */
void cap_io_fault_write(long n);

/* Writes the '#' provenance lines to f. */
int cap_io_write_provenance(FILE *f, const cap_provenance *prov);

/* A TSV file being written: opened with its provenance and a column line ("t[s]\tE[J]..."), rows
 * appended with cap_io_tsv_row (a non-finite value is written "NA", not available), made visible
 * under its name by cap_io_tsv_close. */
typedef struct cap_tsv cap_tsv;
cap_tsv *cap_io_tsv_open(const char *path, const cap_provenance *prov, const char *columns);
int cap_io_tsv_row(cap_tsv *t, int n, const double *values);
/* Completes the file (rename into place). Returns the first error met while writing, if any. */
int cap_io_tsv_close(cap_tsv *t);
/* Drops an unfinished file (removes the .tmp). Accepts NULL. */
void cap_io_tsv_abort(cap_tsv *t);
/* What has been written to t so far (its .tmp, flushed): a malloc'ed copy in *data (free it), *n
 * bytes. For a checkpoint of a run that writes t. Errors: CAP_EINVAL (NULL argument), t's first
 * write error, CAP_EIO (the .tmp cannot be read back), CAP_ENOMEM; then *data is NULL. */
int cap_io_tsv_contents(cap_tsv *t, char **data, size_t *n);
/* Replaces everything written to t so far by the n bytes of data (a series restored from a
 * checkpoint); later rows follow them. Errors: CAP_EINVAL (NULL argument), t's first write error,
 * CAP_EIO (then t fails every later call). */
int cap_io_tsv_replace(cap_tsv *t, const char *data, size_t n);

typedef enum {
  CAP_CMAP_SEQUENTIAL = 0, /* dark blue - green - yellow (perceptually ordered) */
  CAP_CMAP_DIVERGING = 1   /* blue - white - red, white at the middle of [vmin, vmax] */
} cap_colormap;

/* PNG of a cell-centred field over the interior cells, `scale` x `scale` pixels per cell
 * (1 <= scale <= 64), y upwards, values mapped linearly from [vmin, vmax] (vmin < vmax; values outside
 * are shown at the ends of the map, NaN in grey). If phi is non-NULL the cells where phi changes sign
 * towards a neighbour (the interface) are drawn black. */
int cap_io_png_field(const char *path, const cap_grid *g, const double *field, double vmin, double vmax,
                     cap_colormap cmap, const double *phi, int scale);

/* VTK legacy STRUCTURED_POINTS (image data; ParaView opens it) with cell-centred scalar fields
 * names[k] / fields[k] and, if u and v are non-NULL, the cell-centred velocity averaged from the faces. */
int cap_io_vtk(const char *path, const cap_grid *g, const cap_provenance *prov, int nfields, const char *const *names,
               const double *const *fields, const double *u, const double *v);

#endif
