/* Tests of solver/cap_errno: messages, handler, range checks. */
#include <math.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "tharness.h"

static int handled_code;
static char handled_msg[512];

static void record(int code, const char *message, const char *file, int line, void *ctx)
{
  (void)file;
  (void)line;
  handled_code = code;
  strncpy(handled_msg, message, sizeof handled_msg - 1);
  *(int *)ctx += 1;
}

/* The message of each code. */
static void strerror_messages(void)
{
  th_true(strcmp(cap_strerror(CAP_SUCCESS), "success") == 0, "strerror(SUCCESS)");
  th_true(strstr(cap_strerror(CAP_EDOM), "range") != NULL, "strerror(EDOM) mentions range");
  th_true(strcmp(cap_strerror(12345), "unknown error code") == 0, "strerror of an unknown code");
}

/* The range checks: what each accepts and rejects, and the message naming parameter, value, unit
 * and range. */
static void range_checks(void)
{
  th_int(cap_check_positive("radius", 0.3817, "m"), CAP_SUCCESS, "positive radius accepted");
  th_int(cap_check_positive("radius", 0.0, "m"), CAP_EDOM, "zero radius rejected");
  th_true(strstr(cap_error_message(), "radius") && strstr(cap_error_message(), "0 < radius"),
          "message names the parameter and the range: '%s'", cap_error_message());
  th_int(cap_check_positive("radius", NAN, "m"), CAP_EDOM, "NaN radius rejected");
  th_int(cap_check_positive("radius", INFINITY, "m"), CAP_EDOM, "infinite radius rejected");
  th_int(cap_check_open("theta", 3.2, 0, M_PI, "rad"), CAP_EDOM, "theta above pi rejected");
  th_true(strstr(cap_error_message(), "theta = 3.2 rad") != NULL, "message gives value and unit: '%s'",
          cap_error_message());
  th_int(cap_check_open("theta", 0.0, 0, M_PI, "rad"), CAP_EDOM, "open range excludes its end");
  th_int(cap_check_closed("theta", 0.0, 0, M_PI, "rad"), CAP_SUCCESS, "closed range includes its end");
  th_int(cap_check_nonneg("rho_out", 0.0, "kg/m^3"), CAP_SUCCESS, "zero accepted as non-negative");
  th_int(cap_check_nonneg("rho_out", -1e-300, "kg/m^3"), CAP_EDOM, "negative rejected as non-negative");
  th_int(cap_check_finite("x", -7.25, ""), CAP_SUCCESS, "finite accepted");
  th_int(cap_check_int_range("n", 1, 2, 100), CAP_EDOM, "integer below range rejected");
  th_true(strstr(cap_error_message(), "2 <= n <= 100") != NULL, "integer range message: '%s'", cap_error_message());
}

/* A replaceable handler sees the code and the message; the default comes back; clear empties the
 * last message. */
static void error_handler(void)
{
  int calls = 0;
  cap_set_error_handler(record, &calls);
  int code = CAP_ERROR(CAP_EMAXITER, "solver stopped after %d iterations", 17);
  th_int(code, CAP_EMAXITER, "CAP_ERROR returns its code");
  th_int(calls, 1, "handler called once");
  th_int(handled_code, CAP_EMAXITER, "handler sees the code");
  th_true(strcmp(handled_msg, "solver stopped after 17 iterations") == 0, "handler sees the message");
  cap_set_error_handler(NULL, NULL);
  cap_check_positive("sigma", -1, "N/m");
  th_int(calls, 1, "default handler restored (custom one not called)");
  cap_error_clear();
  th_true(cap_error_message()[0] == '\0', "clear empties the last message");
}

static const th_case cases[] = {
    {"strerror_messages", strerror_messages},
    {"range_checks", range_checks},
    {"error_handler", error_handler},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
