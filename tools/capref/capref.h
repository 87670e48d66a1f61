/* capref: the command-line front end to the analytic library (build/bin/capref).
 *
 * The tool is table-driven: each analytic module contributes a group of quantities in its own file
 * (tools/capref/q_<module>.c). A quantity names its inputs (flags, in user units, with the allowed
 * range) and its outputs, and has an eval function that calls the library and emits one row of
 * results (or many rows, for a profile). capref.c parses flags, checks ranges, and prints TSV or JSON.
 */
#ifndef CAPREF_H
#define CAPREF_H

#include "../../solver/cap_errno.h"
#include "../cli/cap_cli.h"
#include "../../analytic/capref_result.h"

#define CAPREF_MAX_PARAMS 12
#define CAPREF_MAX_OUTS   12

/* Inputs are command-line parameters (tools/cli/cap_cli.h). */
typedef cap_cli_param capref_param;
#define CAPREF_LO_OPEN CAP_CLI_LO_OPEN
#define CAPREF_HI_OPEN CAP_CLI_HI_OPEN
#define CAPREF_INTEGER CAP_CLI_INTEGER

typedef struct {
  const char *name;
  const char *unit;
  const char *help;
} capref_output;

typedef struct capref_sink capref_sink;

/* Emits one row: one capref_result per output of the quantity, in table order. Returns 0, or non-zero
 * if the row could not be written (eval should then stop and return CAP_EIO). */
int capref_emit(capref_sink *sink, const capref_result *row);

/* The usual last step of an eval function: if status is CAP_SUCCESS, emits row (as capref_emit) and
 * returns CAP_SUCCESS, or CAP_EIO if the row could not be written; otherwise emits nothing and returns
 * status. */
int capref_emit_status(capref_sink *sink, int status, const capref_result *row);

/* r (an angle in radians with its error) in degrees: val and err divided by CAPREF_DEG. */
capref_result capref_to_deg(capref_result r);

typedef struct {
  const char *name;     /* e.g. "jurin-height" */
  const char *summary;  /* one line */
  const char *citation; /* source, e.g. "de Gennes, Brochard-Wyart & Quere (2004) Sec. 2.1.2" */
  int profile;          /* 1 if the quantity emits many rows (a curve), 0 for one row */
  capref_param params[CAPREF_MAX_PARAMS];
  capref_output outs[CAPREF_MAX_OUTS];
  /* in[i] is params[i] in user units. Returns a cap_errno status. */
  int (*eval)(const double *in, capref_sink *sink);
} capref_quantity;

typedef struct {
  const char *title;
  const capref_quantity *q;
  int n;
} capref_group;

#define CAPREF_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
/* The initialiser of a group: its title and all of the array table. */
#define CAPREF_GROUP(title, table)                                                                                     \
  {                                                                                                                    \
    title, table, CAPREF_COUNT(table)                                                                                  \
  }
#define CAPREF_DEG (3.14159265358979323846 / 180.0)

/* An input in the open range (0, inf) with default def (NAN: the flag is required). */
#define CAPREF_POSITIVE(name, unit, help, def)                                                                         \
  {                                                                                                                    \
    name, unit, help, def, 0, INFINITY, CAPREF_LO_OPEN | CAPREF_HI_OPEN                                                \
  }

/* Inputs shared by several groups: water at 20 C in air under standard gravity, and a contact angle
 * in (0, 180) deg measured through the liquid that the user must give. */
#define CAPREF_P_SIGMA CAPREF_POSITIVE("sigma", "N/m", "surface tension", 0.0728)
#define CAPREF_P_RHO   CAPREF_POSITIVE("rho", "kg/m^3", "liquid density", 998.2)
#define CAPREF_P_G     CAPREF_POSITIVE("g", "m/s^2", "gravity", 9.81)
#define CAPREF_P_THETA                                                                                                 \
  {                                                                                                                    \
    "theta", "deg", "contact angle through the liquid", NAN, 0, 180, CAPREF_LO_OPEN | CAPREF_HI_OPEN                   \
  }

/* A command line, parsed: the quantity, its inputs in user units (defaults where not given) and the
 * output format. */
enum { CAPREF_FMT_TSV, CAPREF_FMT_JSON };
typedef struct {
  const capref_quantity *q;
  double in[CAPREF_MAX_PARAMS];
  int format; /* CAPREF_FMT_TSV or CAPREF_FMT_JSON */
} capref_args;

/* Parses capref's argv, computing nothing: returns -1 with args filled when a quantity is to be
 * computed (every given input in its range, every required one given), or else the exit status of a
 * command that is done (0 after --help or --list, 2 after a usage error, its message on stderr). */
int capref_parse_args(int argc, char **argv, capref_args *args);

/* Computes args's quantity and prints it (TSV or JSON); returns capref's exit status. */
int capref_run(const capref_args *args);

/* The groups, one per analytic module (defined in q_<module>.c). */
extern const capref_group capref_group_laplace;
extern const capref_group capref_group_statics;
extern const capref_group capref_group_rise;
extern const capref_group capref_group_oscillation;
extern const capref_group capref_group_plateau;
extern const capref_group capref_group_floating;
extern const capref_group capref_group_cheerios;

#endif
