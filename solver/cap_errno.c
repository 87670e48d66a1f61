#include "cap_errno.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CAP_MSG_LEN 512

static _Thread_local char last_message[CAP_MSG_LEN];

static void default_handler(int code, const char *message, const char *file, int line, void *ctx)
{
  (void)code;
  (void)message;
  (void)file;
  (void)line;
  (void)ctx;
}

static cap_error_handler_t *handler = default_handler;
static void *handler_ctx = NULL;

const char *cap_strerror(int code)
{
  switch (code) {
#define CAP_X_CASE(name, value, msg)                                                                                   \
  case name: return msg;
    CAP_ERROR_LIST(CAP_X_CASE)
#undef CAP_X_CASE
  }
  return "unknown error code";
}

cap_error_handler_t *cap_set_error_handler(cap_error_handler_t *h, void *ctx)
{
  cap_error_handler_t *old = handler;
  handler = h ? h : default_handler;
  handler_ctx = h ? ctx : NULL;
  return old == default_handler ? NULL : old;
}

void cap_error_handler_stderr(int code, const char *message, const char *file, int line, void *ctx)
{
  (void)file;
  (void)line;
  (void)ctx;
  fprintf(stderr, "capillab: %s [%s]\n", message, cap_strerror(code));
}

int cap_error(int code, const char *file, int line, const char *fmt, ...)
{
  /* format into a local buffer first: the arguments may include cap_error_message() itself */
  char buf[CAP_MSG_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  memcpy(last_message, buf, sizeof buf);
  handler(code, last_message, file, line, handler_ctx);
  return code;
}

const char *cap_error_message(void) { return last_message; }

void cap_error_clear(void) { last_message[0] = '\0'; }

static const char *sep(const char *unit) { return unit[0] ? " " : ""; }

static int range_error(const char *name, double x, const char *unit, const char *range)
{
  return cap_error(CAP_EDOM, __FILE__, __LINE__, "%s = %.9g%s%s is out of range: allowed %s", name, x, sep(unit), unit,
                   range);
}

int cap_check_open(const char *name, double x, double lo, double hi, const char *unit)
{
  if (isfinite(x) && x > lo && x < hi) return CAP_SUCCESS;
  char r[160];
  snprintf(r, sizeof r, "%.9g < %s < %.9g%s%s", lo, name, hi, sep(unit), unit);
  return range_error(name, x, unit, r);
}

int cap_check_closed(const char *name, double x, double lo, double hi, const char *unit)
{
  if (isfinite(x) && x >= lo && x <= hi) return CAP_SUCCESS;
  char r[160];
  snprintf(r, sizeof r, "%.9g <= %s <= %.9g%s%s", lo, name, hi, sep(unit), unit);
  return range_error(name, x, unit, r);
}

int cap_check_positive(const char *name, double x, const char *unit)
{
  if (isfinite(x) && x > 0) return CAP_SUCCESS;
  char r[160];
  snprintf(r, sizeof r, "0 < %s < inf (finite, positive)", name);
  return range_error(name, x, unit, r);
}

int cap_check_nonneg(const char *name, double x, const char *unit)
{
  if (isfinite(x) && x >= 0) return CAP_SUCCESS;
  char r[160];
  snprintf(r, sizeof r, "0 <= %s < inf (finite, non-negative)", name);
  return range_error(name, x, unit, r);
}

int cap_check_finite(const char *name, double x, const char *unit)
{
  if (isfinite(x)) return CAP_SUCCESS;
  return range_error(name, x, unit, "any finite value");
}

int cap_check_int_range(const char *name, long x, long lo, long hi)
{
  if (x >= lo && x <= hi) return CAP_SUCCESS;
  return cap_error(CAP_EDOM, __FILE__, __LINE__, "%s = %ld is out of range: allowed %ld <= %s <= %ld (integer)", name,
                   x, lo, name, hi);
}
