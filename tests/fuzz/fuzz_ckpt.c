/* libFuzzer target: the checkpoint file (experiments/checkpoint.h) read from untrusted bytes. The
 * input is used three times: as a whole file (exp_ckpt_open, and exp_ckpt_decode of its payload if it
 * opens); as a bare payload (exp_ckpt_decode of a cursor over the input: the hash makes a random file
 * rarely open); and as a record sequence walked with exp_cursor_next until it ends or is refused.
 *
 * Contract, checked against the file format as the header documents it (not checkpoint.c's code):
 * every call returns CAP_SUCCESS or CAP_EFORMAT and reads nothing outside the input (ASan). A file
 * that opens begins with CAPCKPT1, its header's length is the size less 24, the payload cursor covers
 * exactly those bytes and the FNV-1a 64 hash (computed here) matches. A decoded payload has commit
 * and params terminated within their arrays, 0 <= levels <= phase <= EXP_MAX_LEVELS, snaps inside the
 * payload; its done cursor yields ndone "done" records, then the "running" one if has_running, then
 * nothing; every image, walked with exp_cursor_next, yields records inside it, the cursor never past
 * its length and ending exactly at it; and the fields written again with exp_blob_put, in the
 * documented order, give back the payload byte for byte (the encoding has one form). A record refused
 * by exp_cursor_next leaves the cursor where it was. */
#include <stdint.h>
#include <string.h>

#include "../../experiments/checkpoint.h"
#include "../../solver/cap_errno.h"
#include "fuzz_contract.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t le64(const uint8_t *p)
{
  uint64_t v = 0;
  for (int k = 0; k < 8; k++) v |= (uint64_t)p[k] << (8 * k);
  return v;
}

static uint64_t fnv1a64(const uint8_t *p, size_t n)
{
  uint64_t h = 14695981039346656037u;
  for (size_t k = 0; k < n; k++) h = (h ^ p[k]) * 1099511628211u;
  return h;
}

/* 1 if [p, p + n) lies in [lo, lo + len). */
static int inside(const unsigned char *p, size_t n, const unsigned char *lo, size_t len)
{
  return p >= lo && p <= lo + len && n <= (size_t)(lo + len - p);
}

/* Walks the image c to its end with exp_cursor_next (decode found it well formed). */
static void walk_image(exp_cursor c, const char *what)
{
  char name[EXP_REC_NAME];
  const unsigned char *d;
  size_t sz;
  while (!exp_cursor_end(&c)) {
    size_t at = c.at;
    int st = exp_cursor_next(&c, name, &d, &sz);
    FUZZ_CHECK(st == CAP_SUCCESS, "the %s image, which decode accepted, refused at byte %zu: %d", what, at, st);
    FUZZ_CHECK(c.at > at && c.at <= c.len, "the %s image's cursor went from %zu to %zu (length %zu)", what, at, c.at,
               c.len);
    FUZZ_CHECK(inside(d, sz, c.data, c.len), "a record of the %s image (%zu bytes) outside it", what, sz);
    size_t nl = strlen(name);
    FUZZ_CHECK(nl >= 1 && nl < EXP_REC_NAME && d == c.data + at + 1 + nl + 8, "the %s image's record at %zu", what, at);
  }
  FUZZ_CHECK(c.at == c.len, "the %s image's cursor ends at %zu, its length is %zu", what, c.at, c.len);
}

/* The decoded state s of payload p against the contract above. */
static void check_state(const exp_ckpt_state *s, exp_cursor p)
{
  FUZZ_CHECK(memchr(s->commit, 0, sizeof s->commit) && memchr(s->params, 0, sizeof s->params), "strings terminated");
  FUZZ_CHECK(s->levels >= 0 && s->levels <= s->phase && s->phase <= EXP_MAX_LEVELS, "levels %d, phase %d", s->levels,
             s->phase);
  FUZZ_CHECK(inside(s->snaps, s->snaps_size, p.data, p.len), "snaps (%zu bytes) outside the payload", s->snaps_size);
  FUZZ_CHECK(s->ndone >= 0 && (s->has_running == 0 || s->has_running == 1), "ndone %d, has_running %d", s->ndone,
             s->has_running);
  FUZZ_CHECK(s->done.data == p.data && s->done.len == p.len && s->done.at <= p.len, "the done cursor");

  exp_blob b = {0};
  int st = exp_blob_put(&b, "commit", s->commit, strlen(s->commit));
  if (!st) st = exp_blob_put(&b, "params", s->params, strlen(s->params));
  if (!st) st = exp_blob_put(&b, "elapsed", &s->elapsed, sizeof s->elapsed);
  if (!st) st = exp_blob_put(&b, "levels", &s->levels, sizeof s->levels);
  for (int k = 0; k < s->levels && !st; k++) st = exp_blob_put(&b, "run", &s->runs[k], sizeof s->runs[k]);
  if (!st) st = exp_blob_put(&b, "snaps", s->snaps, s->snaps_size);
  if (!st) st = exp_blob_put(&b, "phase", &s->phase, sizeof s->phase);
  FUZZ_CHECK(st == CAP_SUCCESS, "the head written again: %d", st);
  FUZZ_CHECK(b.len == s->done.at, "the head written again has %zu bytes, the done images start at %zu", b.len,
             s->done.at);

  exp_cursor c = s->done;
  const unsigned char *d;
  size_t n;
  for (int k = 0; k < s->ndone; k++) {
    st = exp_cursor_take(&c, "done", &d, &n);
    FUZZ_CHECK(st == CAP_SUCCESS, "done image %d of %d not taken: %d", k, s->ndone, st);
    FUZZ_CHECK(inside(d, n, p.data, p.len), "done image %d outside the payload", k);
    walk_image((exp_cursor){d, n, 0}, "done");
    FUZZ_CHECK(exp_blob_put(&b, "done", d, n) == CAP_SUCCESS, "done image %d not written again", k);
  }
  if (s->has_running) {
    FUZZ_CHECK(exp_cursor_take(&c, "running", &d, &n) == CAP_SUCCESS, "the running image not next");
    FUZZ_CHECK(d == s->running.data && n == s->running.len && s->running.at == 0, "the running cursor");
    FUZZ_CHECK(inside(d, n, p.data, p.len), "the running image outside the payload");
    walk_image(s->running, "running");
    FUZZ_CHECK(exp_blob_put(&b, "running", d, n) == CAP_SUCCESS, "the running image not written again");
  }
  FUZZ_CHECK(exp_cursor_end(&c) && c.at == p.len, "%zu bytes after the last image", p.len - c.at);
  FUZZ_CHECK(b.len == p.len && (p.len == 0 || !memcmp(b.data, p.data, p.len)),
             "written again: %zu bytes, not the payload's %zu", b.len, p.len);
  exp_blob_free(&b);
}

/* The input as a record sequence: exp_cursor_next to its end or its first refusal. */
static void walk_records(const uint8_t *data, size_t size)
{
  exp_cursor c = {data, size, 0};
  char name[EXP_REC_NAME];
  const unsigned char *d;
  size_t sz;
  while (!exp_cursor_end(&c)) {
    size_t at = c.at;
    int st = exp_cursor_next(&c, name, &d, &sz);
    FUZZ_CHECK(st == CAP_SUCCESS || st == CAP_EFORMAT, "exp_cursor_next returned %d", st);
    if (st) {
      FUZZ_CHECK(c.at == at, "a refused record moved the cursor from %zu to %zu", at, c.at);
      return;
    }
    FUZZ_CHECK(c.at > at && c.at <= size, "the cursor went from %zu to %zu (length %zu)", at, c.at, size);
    FUZZ_CHECK(inside(d, sz, data, size) && exp_cursor_at(&(exp_cursor){data, size, at}, name),
               "the record \"%s\" at %zu", name, at);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  exp_cursor p = {0};
  exp_ckpt_state s;
  int st = exp_ckpt_open(data, size, &p);
  FUZZ_CHECK(st == CAP_SUCCESS || st == CAP_EFORMAT, "exp_ckpt_open returned %d", st);
  if (st == CAP_SUCCESS) {
    FUZZ_CHECK(size >= 24 && !memcmp(data, "CAPCKPT1", 8) && le64(data + 8) == size - 24, "a file opened (%zu bytes)",
               size);
    FUZZ_CHECK(p.data == data + 16 && p.len == size - 24 && p.at == 0, "the payload cursor");
    FUZZ_CHECK(fnv1a64(p.data, p.len) == le64(data + size - 8), "a file opened with a wrong hash");
    st = exp_ckpt_decode(p, &s);
    FUZZ_CHECK(st == CAP_SUCCESS || st == CAP_EFORMAT, "exp_ckpt_decode returned %d", st);
    if (st == CAP_SUCCESS) check_state(&s, p);
  }

  exp_cursor raw = {data, size, 0};
  st = exp_ckpt_decode(raw, &s);
  FUZZ_CHECK(st == CAP_SUCCESS || st == CAP_EFORMAT, "exp_ckpt_decode (raw) returned %d", st);
  if (st == CAP_SUCCESS) check_state(&s, raw);

  walk_records(data, size);
  return 0;
}
