/* cap_errno: the one list of capillab error codes, their messages, and a replaceable error handler.
 *
 * Every library function that can fail returns an int status: CAP_SUCCESS (0) or one of the codes
 * below. On failure it also reports a message through cap_error(), which formats it, stores it as the
 * calling thread's last error (cap_error_message()), and passes it to the installed handler. The
 * library never prints and never exits: the default handler only stores the message; tools install a
 * handler that prints (see cap_error_handler_stderr).
 */
#ifndef CAP_ERRNO_H
#define CAP_ERRNO_H

#include <stddef.h>

/* X(name, value, message) */
#define CAP_ERROR_LIST(X)                                                                                              \
  X(CAP_SUCCESS, 0, "success")                                                                                         \
  X(CAP_EDOM, 1, "input outside its allowed range")                                                                    \
  X(CAP_ENOSOL, 2, "no solution exists for these parameters")                                                          \
  X(CAP_ENOMEM, 3, "out of memory")                                                                                    \
  X(CAP_ESIZE, 4, "mismatched sizes")                                                                                  \
  X(CAP_EMAXITER, 5, "iteration limit reached without convergence")                                                    \
  X(CAP_ENONFINITE, 6, "non-finite value")                                                                             \
  X(CAP_EGEOM, 7, "operation not supported for this geometry")                                                         \
  X(CAP_EIO, 8, "input/output error")                                                                                  \
  X(CAP_ENUMERIC, 9, "numerical method failed")                                                                        \
  X(CAP_EINVAL, 10, "invalid argument")                                                                                \
  X(CAP_EFORMAT, 11, "data not in the expected format")

enum cap_status {
#define CAP_X_ENUM(name, value, msg) name = value,
  CAP_ERROR_LIST(CAP_X_ENUM)
#undef CAP_X_ENUM
};

/* Short description of a status code ("unknown error code" for values not in the list). */
const char *cap_strerror(int code);

/* Handler called on every reported error. `message` is the formatted message, valid only during the
 * call (it is also kept as the thread's last error). */
typedef void cap_error_handler_t(int code, const char *message, const char *file, int line, void *ctx);

/* Installs `handler` (NULL restores the default, which only stores the message); returns the old one. */
cap_error_handler_t *cap_set_error_handler(cap_error_handler_t *handler, void *ctx);

/* A handler for tools and experiments: prints "capillab: <message> [<strerror>]" to stderr. */
cap_error_handler_t cap_error_handler_stderr;

/* Reports an error: formats the message, stores it, calls the handler, and returns `code`. */
int cap_error(int code, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#define CAP_ERROR(code, ...) cap_error((code), __FILE__, __LINE__, __VA_ARGS__)

/* The last error message reported on this thread ("" if none since cap_error_clear()). */
const char *cap_error_message(void);
void cap_error_clear(void);

/* Range checks at the public boundary. Each returns CAP_SUCCESS, or reports CAP_EDOM with a message
 * that names the parameter, its value, its unit and the allowed range, e.g.
 *   "theta = 3.5 rad is out of range: allowed 0 < theta < 3.14159 rad".
 * NaN and infinities are always out of range. `unit` may be "" for dimensionless inputs. */
int cap_check_open(const char *name, double x, double lo, double hi, const char *unit);   /* lo < x < hi */
int cap_check_closed(const char *name, double x, double lo, double hi, const char *unit); /* lo <= x <= hi */
int cap_check_positive(const char *name, double x, const char *unit);                     /* 0 < x < inf */
int cap_check_nonneg(const char *name, double x, const char *unit);                       /* 0 <= x < inf */
int cap_check_finite(const char *name, double x, const char *unit);                       /* any finite x */
int cap_check_int_range(const char *name, long x, long lo, long hi);                      /* lo <= x <= hi */

#endif
