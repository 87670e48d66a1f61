/* The experiment harness: one executable per paper claim is a table (exp_def) and two functions; the
 * harness owns the command line, the resolution sweep, the outputs, checkpoints and the verdict.
 *
 *   <name> [--quick | --full] [--levels LIST] [--out DIR] [--threads N] [--levelset-band B]
 *          [--geometry G] [--checkpoint-every S] [--resume] [--sample N [--seed S]] [--help]
 *          [--PARAM VALUE ...]
 * A flag given twice: the last one counts (likewise the last of --quick, --full and --levels).
 * --geometry planar (default), axi (exp_def.axi: axisymmetric (r, z), outputs in DIR/<name>-axi/) or 3d
 * (exp_def.standard3d: three dimensions, outputs in DIR/<name>-3d/): the same claim in that geometry.
 *
 * --sample N runs the sweep and its acceptance at N points of the experiment's validated envelope
 * (envelope.h; --seed S, default 1, fixes them), the flags given setting the other parameters.
 * Outputs under DIR/<name>/ (DIR defaults to build/out), each with its provenance (parameters, commit):
 *   convergence.tsv  per resolution: cells across, h, each metric and its observed order from the row
 *                    before, steps, simulated time, wall time, cell-steps per second
 *   summary.json     claim, source, reference, every acceptance check (value, limit, pass), the
 *                    least-squares observed orders, verdict, wall time, parameters, commit
 *   <series>.tsv     written by the experiment (exp_tsv); *.png its figures (plots/<name>.gp) and
 *                    snapshots (exp_snapshot: data in <stem>.dat, drawn by plots/snapshot.gp at the end)
 * CHECKPOINTS (checkpoint.h, docs/design/checkpoints.md): every S wall seconds (default 300; 0: none)
 * the run writes DIR/<name>/checkpoint.bin atomically: the levels finished, and the level (or the
 * finish) under way as the images of its scene runs (scene.h), finished and interrupted. --resume
 * continues from it: the levels finished are taken as they are, the level under way runs again with
 * its finished scene runs restored instead of run and the interrupted one continued from its image;
 * the results are bitwise those of a run never interrupted. A checkpoint of another commit, other
 * parameters, truncated, with a wrong checksum, or whose images do not fit the run is refused (the
 * message says why) and the run starts from its beginning. A run that ends removes it.
 * Exit status: 0 every check passes; 1 a check fails; 2 usage or bad input (also a bad CAPILLAB_FAULT);
 * 3 numerical failure (reported with step, time and location by the solver's message); 4 an output
 * file (or a checkpoint) could not be written (the message names it and why). Files written before a
 * failure stay as they are (cap_io's atomic files); a run removes the .tmp files a killed one left.
 * Fault injection for tests, CAPILLAB_FAULT (unset or empty: none): write:N, the N-th output file the
 * run completes fails as if the disk were full (cap_io_fault_write); nan:N[:FIELD] or inf:N[:FIELD],
 * a NaN or +infinity written into FIELD (phi, the default, u or v) at cell (nx/2, ny/2) at the start
 * of the N-th time step of the process, counted over all its solver runs (cap_ns_fault_inject);
 * kill:N, SIGKILL once the process has written N checkpoints.
 */
#ifndef EXP_HARNESS_H
#define EXP_HARNESS_H

#include "../tools/cli/cap_cli.h"
#include "../solver/cap_io.h"
#include "measure.h" /* the measurement kit comes with the harness */

#define EXP_MAX_LEVELS     8
#define EXP_MAX_METRICS    10
#define EXP_MAX_PARAMS     16
#define EXP_MAX_CHECKS     16
#define EXP_FAULT_ENV      "CAPILLAB_FAULT" /* the fault-injection variable (above) */
#define EXP_MAX_CASES      12
#define EXP_MAX_SERIES     32               /* series (exp_tsv) open at once */
#define EXP_CKPT_FILE      "checkpoint.bin" /* the checkpoint, in the output folder */
#define EXP_CKPT_EVERY     300              /* --checkpoint-every's default, seconds ... */
#define EXP_CKPT_EVERY_MIN 0.01             /* ... and its range besides 0 (none) */
#define EXP_CKPT_EVERY_MAX 86400

/* Marks of a physical parameter (cap_cli_param.flags, beside cap_cli's own flags, which ignore them):
 * its flag range belongs to the experiment's validated envelope (envelope.h), sampled uniformly, or
 * uniformly in log (lo > 0). */
#define EXP_ENVELOPE     (1 << 8)
#define EXP_ENVELOPE_LOG (1 << 9)

typedef struct {
  const char *name; /* column name, e.g. "dp_err" */
  const char *unit; /* "" for dimensionless */
  const char *help;
  int value; /* 1: a measured value, not an error: no observed order (convergence.tsv, summary.json) */
} exp_metric;

/* What one resolution reports (the experiment fills every field but wall). */
typedef struct {
  double cells;                   /* cells across the feature */
  double h;                       /* grid spacing, in the experiment's length unit */
  double metric[EXP_MAX_METRICS]; /* in the order of exp_def.metrics */
  long steps;                     /* time steps taken */
  double sim_time;                /* simulated time reached */
  long grid_cells;                /* cells of the grid */
  double wall;                    /* seconds (set by the harness) */
} exp_run;

typedef struct exp_ctx exp_ctx;

typedef struct {
  const char *name;                     /* executable and output folder, e.g. "static_drop" */
  const char *claim;                    /* one sentence */
  const char *source;                   /* where the claim comes from (refs.bib keys) */
  const char *reference;                /* the reference value and its source */
  cap_cli_param params[EXP_MAX_PARAMS]; /* physical parameters (terminated by name == NULL) */
  double quick[EXP_MAX_LEVELS], standard[EXP_MAX_LEVELS], full[EXP_MAX_LEVELS]; /* cells; 0 ends */
  exp_metric metrics[EXP_MAX_METRICS];                                          /* terminated by name == NULL */
  /* Runs one resolution with parameter values par[] (in params order); *out arrives zeroed. Returns a
   * cap_errno status. */
  int (*run_level)(exp_ctx *ctx, const double *par, double cells, exp_run *out);
  /* After the sweep: extra runs and series, then the acceptance checks (exp_check). */
  int (*finish)(exp_ctx *ctx, const double *par, const exp_run *runs, int nruns);
  int axi; /* 1: --geometry axi is supported */
  /* 3D: --geometry 3d is supported when standard3d[0] > 0, with these sweeps (cells; 0 ends) in place of
   * quick, standard and full: a 3D level costs about the cube of a 2D one's cells per direction */
  double quick3d[EXP_MAX_LEVELS], standard3d[EXP_MAX_LEVELS], full3d[EXP_MAX_LEVELS];
  /* Optional: a list parameter, the cases every level runs (for example impact Weber numbers).
   * --<cases.name> LIST: 1 to EXP_MAX_CASES comma-separated values, each one cases allows (its range
   * and flags; its def is unused), none 0. Defaults: case_standard (the default and --full sweeps)
   * and case_quick (--quick; when empty, case_standard), each ending at its first 0, every value one
   * cases allows. cases.name NULL: no list. */
  cap_cli_param cases;
  double case_quick[EXP_MAX_CASES], case_standard[EXP_MAX_CASES];
  /* Optional: flag values that are each in range but do not go together in geometry geom (par in params
   * order): NULL when they do, else a message naming the flag and the values allowed, which the harness
   * prints before it writes anything (exit status 2). */
  const char *(*invalid)(cap_geometry geom, const double *par);
} exp_def;

/* The range of each --levels entry (cells across). */
#define EXP_LEVEL_MIN 4
#define EXP_LEVEL_MAX 1024

/* What a command line asks of an experiment (exp_parse_args). */
typedef struct {
  const char *mode;                  /* "quick", "standard" (default), "full" or "custom" (--levels) */
  double levels[EXP_MAX_LEVELS + 1]; /* cells across, nlevels of them, then 0 */
  int nlevels;                       /* 1..EXP_MAX_LEVELS */
  const char *out;                   /* --out: the output folder (argv's string; default "build/out") */
  cap_geometry geom;                 /* --geometry: CAP_GEOM_PLANAR (default), CAP_GEOM_AXI if def->axi,
                                      * CAP_GEOM_3D if def->standard3d lists levels */
  int band;                          /* --levelset-band: exp_levelset_band's range; default CAP_LEVELSET_BAND */
  int threads;                       /* --threads: 1..CAP_PAR_MAX_THREADS (1 without OpenMP); 0 not given */
  double par[EXP_MAX_PARAMS];        /* the physical parameters in def->params order: default or flag */
  int npar;                          /* how many def->params lists */
  double ckpt_every;                 /* --checkpoint-every: seconds, 0 (none) or EXP_CKPT_EVERY_MIN to _MAX */
  int resume;                        /* --resume given */
  double cases[EXP_MAX_CASES];       /* def->cases' values, ncases of them (0 without a list) */
  int ncases;
  int sample;         /* --sample: points of the envelope (0: none, the one run) */
  unsigned long seed; /* --seed: 0 to 2^32 - 1, default 1 */
} exp_args;

/* Parses an experiment's command line argv[1..argc-1] (the grammar above) into *out, and only that:
 * no context, no thread count set, no band, no fault read or installed, no folder. Inputs: def, whose
 * sweeps quick, standard and full each list their levels (> 0, at most EXP_MAX_LEVELS, 0 ends a
 * shorter list) and whose params hold up to EXP_MAX_PARAMS entries (a NaN default: required).
 * Returns -1 when the run should proceed: *out is complete, every parameter finite and allowed by its
 * cap_cli_param, the levels those of the chosen sweep or of --levels (EXP_LEVEL_MIN <= each <=
 * EXP_LEVEL_MAX). Returns 0 for --help or -h (the usage printed on stdout), 2 for bad input (an
 * unexpected argument, an unknown flag, a flag without its value, a value out of range, a required
 * parameter missing, an empty sweep, --sample for an experiment without an envelope, with an envelope
 * parameter's flag, or --seed without --sample: the message printed on stderr, parsing stopped at the
 * first error; *out partly filled). A --threads count this build cannot run also sets cap_errno's last
 * error (cap_par_check_threads). */
int exp_parse_args(const exp_def *def, int argc, char **argv, exp_args *out);

/* The whole program: exp_parse_args, then the run (the thread count, the band, CAPILLAB_FAULT, the
 * output folder, the sweep, the checks); returns the exit status. */
int exp_main(const exp_def *def, int argc, char **argv);

/* ---- for the experiment's functions ---- */

/* The cases of def->cases this run asks for: *v points to them; returns their count (0 without a
 * list). */
int exp_cases(const exp_ctx *ctx, const double **v);

/* "quick", "standard" or "full". */
const char *exp_mode(const exp_ctx *ctx);
/* CAP_GEOM_PLANAR, CAP_GEOM_AXI or CAP_GEOM_3D (--geometry). */
cap_geometry exp_geometry(const exp_ctx *ctx);
/* The --geometry word of geom ("planar", "axi", "3d") and the suffix of its output folder ("", "-axi",
 * "-3d"). */
const char *exp_geometry_word(cap_geometry geom);
const char *exp_geometry_suffix(cap_geometry geom);
/* The level set's band in cells that every scene of the run takes (--levelset-band: 0 every cell, else
 * CAP_LEVELSET_MIN_BAND to CAP_LEVELSET_MAX_BAND; default CAP_LEVELSET_BAND, cap_levelset.h). */
int exp_levelset_band(void);
/* Path of a file in the experiment's output folder (valid until the next call; 4 rotating buffers). */
const char *exp_path(exp_ctx *ctx, const char *file);
/* The provenance of every file the experiment writes. */
const cap_provenance *exp_provenance(const exp_ctx *ctx);
/* Opens the series <name>.tsv in the experiment's output folder, the name printf-formatted from fmt,
 * with the provenance header and the tab-separated column names `columns` (cap_io_tsv_open); NULL
 * (and the error set) on failure. */
cap_tsv *exp_tsv(exp_ctx *ctx, const char *columns, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Ends a series: closes it (cap_io_tsv_close) if st is CAP_SUCCESS, else aborts it (the file is left
 * as it was); returns st, or the status of the close. t may be NULL (st is returned). */
int exp_tsv_end(cap_tsv *t, int st);
/* Progress on stderr, at most every 2 s: "[name] label: t = .../..., steps, elapsed". */
void exp_progress(exp_ctx *ctx, const char *label, double t, double t_end, long steps);
/* Least-squares observed order of metric k over the runs (slope of log err against log h); NaN if
 * fewer than two positive values. */
double exp_order(const exp_run *runs, int n, int k);
/* The index of the finest run with at most `cells` cells (the run the acceptance checks read; 0 if
 * every run is finer). */
int exp_level_at(const exp_run *runs, int n, double cells);
/* Adds one solver run to a resolution's accounting (run may be NULL): h, the steps and the grid cells
 * accumulate, sim_time is the last run's. */
void exp_run_add(exp_run *run, double h, long steps, double sim_time, long grid_cells);
/* A snapshot of phi (the diverging map over [-range, range], its zero contour in black) with the solid
 * cells in grey, as <file> in the output folder, scale pixels per cell: the black line continues into
 * the solid as the virtual surface. */
int exp_png_with_solid(exp_ctx *ctx, const char *file, const cap_grid *g, const double *phi, const unsigned char *solid,
                       double range, int scale);
/* The mirror flags of exp_png_surface: the field mirrored across the grid's low side x0, y0, z0. */
#define EXP_MIRROR_X 1
#define EXP_MIRROR_Y 2
#define EXP_MIRROR_Z 4
/* A picture of the surface phi = 0 of a 3D grid (the liquid phi < 0 shaded, the box's edges drawn) as
 * <file> in the output folder: cap_io_png_surface, 480 x 480 pixels, seen from azimuth 30 degrees and
 * elevation 25 degrees, mirrored across the low sides that `mirror` names (EXP_MIRROR_X | ...; 0: none:
 * a drop computed in an octant is shown whole with all three). Errors: cap_io_png_surface's. */
int exp_png_surface(exp_ctx *ctx, const char *file, const cap_grid *g, const double *phi, int mirror);
/* Most frames of one snapshot (a sequence). */
#define EXP_MAX_FRAMES 8
/* A snapshot <stem>.png of n (1 <= n <= EXP_MAX_FRAMES) frames phi[k] of grid g at times t[k], in a
 * row. The data go to <stem>.dat (not .tsv, the experiments' own series, which their plot scripts
 * list by pattern): a header with the grid and the times, then x, y, phi and, with a solid, its
 * signed distance psi (cap_solid.h: psi < 0 inside; NULL: no solid) at the cell centres, bordered by
 * samples on the sides of the box (each field linearly extrapolated from the two cells next to the
 * side), one block per frame. At the end of the run plots/snapshot.gp draws it: the liquid (phi < 0)
 * and the solid (psi < 0) shaded, each bounded by its field's zero level, phi's zero contour as a
 * curve, the reference shapes of exp_snapshot_ref, the axes in the experiment's length unit, each
 * frame's time. mirror != 0 also draws each frame mirrored across its left side x = x0, which must be
 * 0 (the axis or a symmetry plane), whose samples carry the first cell's values (the linear
 * interpolant of the mirrored field there). A snapshot taken again under its stem (a finer level)
 * replaces the first. Returns CAP_SUCCESS when the drawing is queued; CAP_ENOSOL when gnuplot or the
 * script is missing (the data are written; the caller may draw a map instead); CAP_EIO, CAP_ENOMEM,
 * CAP_EDOM (n), CAP_EINVAL (stem over 150 characters, mirror with x0 != 0). */
int exp_snapshot(exp_ctx *ctx, const char *stem, const cap_grid *g, int n, const double *const *phi, const double *t,
                 const double *psi, int mirror);
/* The reference shape over the snapshot <stem> this run took (an analytic cap, meniscus, ...):
 * ncurves >= 1 curves, curve c of npts[c] >= 2 points, their coordinates one curve after another in
 * x[] and y[] (the experiment's length unit), written to <stem>_ref.dat and drawn dashed over every
 * frame (mirrored with it), named `label` in the key (1 to 83 characters, none of ' " \ $ `). A
 * second call replaces the first. Returns CAP_SUCCESS (also when snapshots are not drawn); CAP_EIO;
 * CAP_EINVAL (no snapshot <stem>, the label); CAP_EDOM (ncurves, npts, a non-finite point). */
int exp_snapshot_ref(exp_ctx *ctx, const char *stem, const char *label, int ncurves, const int *npts, const double *x,
                     const double *y);
/* Registers an acceptance check: passes when value <= limit (upper = 1) or value >= limit
 * (upper = 0). `what` says what is checked, with its units. */
void exp_check(exp_ctx *ctx, const char *what, double value, int upper, double limit);
/* exp_check with `what` printf-formatted from fmt. */
void exp_checkf(exp_ctx *ctx, double value, int upper, double limit, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Records a headline number for the summary (e.g. the measured value and the reference). */
void exp_result(exp_ctx *ctx, const char *key, double value);

#endif
