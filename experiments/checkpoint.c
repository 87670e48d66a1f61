#include "checkpoint.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"

static const unsigned char magic[8] = {'C', 'A', 'P', 'C', 'K', 'P', 'T', '1'};

static void put_u64(unsigned char *p, uint64_t v)
{
  for (int k = 0; k < 8; k++) p[k] = (unsigned char)(v >> (8 * k));
}

static uint64_t get_u64(const unsigned char *p)
{
  uint64_t v = 0;
  for (int k = 0; k < 8; k++) v |= (uint64_t)p[k] << (8 * k);
  return v;
}

static uint64_t fnv1a(const unsigned char *p, size_t n)
{
  uint64_t h = 0xcbf29ce484222325u;
  for (size_t k = 0; k < n; k++) h = (h ^ p[k]) * 0x100000001b3u;
  return h;
}

/* 1 if name[0 .. n-1] is a record name: 1 to EXP_REC_NAME - 1 printable characters. */
static int name_ok(const unsigned char *name, size_t n)
{
  if (n < 1 || n >= EXP_REC_NAME) return 0;
  for (size_t k = 0; k < n; k++)
    if (name[k] < 0x21 || name[k] > 0x7e) return 0;
  return 1;
}

int exp_blob_put(exp_blob *b, const char *name, const void *data, size_t size)
{
  size_t nl = strlen(name);
  if (!name_ok((const unsigned char *)name, nl))
    return CAP_ERROR(CAP_EINVAL, "checkpoint: the record name \"%s\" is not 1 to %d printable characters", name,
                     EXP_REC_NAME - 1);
  size_t need = 1 + nl + 8 + size;
  if (need > b->cap - b->len) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap - b->len < need) cap *= 2;
    unsigned char *more = realloc(b->data, cap);
    if (!more) return CAP_ERROR(CAP_ENOMEM, "checkpoint: cannot grow a record list to %zu bytes", cap);
    b->data = more;
    b->cap = cap;
  }
  unsigned char *p = b->data + b->len;
  p[0] = (unsigned char)nl;
  memcpy(p + 1, name, nl);
  put_u64(p + 1 + nl, size);
  if (size) memcpy(p + 9 + nl, data, size);
  b->len += need;
  return CAP_SUCCESS;
}

int exp_blob_copy(exp_blob *b, const void *data, size_t n)
{
  exp_blob_free(b);
  if (!n) return CAP_SUCCESS;
  if (!(b->data = malloc(n))) return CAP_ERROR(CAP_ENOMEM, "checkpoint: cannot copy %zu bytes of records", n);
  memcpy(b->data, data, n);
  b->len = b->cap = n;
  return CAP_SUCCESS;
}

void exp_blob_free(exp_blob *b)
{
  free(b->data);
  *b = (exp_blob){0};
}

exp_cursor exp_cursor_of(const exp_blob *b) { return (exp_cursor){b->data, b->len, 0}; }

int exp_cursor_end(const exp_cursor *c) { return c->at >= c->len; }

int exp_cursor_next(exp_cursor *c, char *name, const unsigned char **data, size_t *size)
{
  size_t left = c->at < c->len ? c->len - c->at : 0;
  if (left < 1) return CAP_ERROR(CAP_EFORMAT, "checkpoint: a record was expected at byte %zu, the data end", c->at);
  const unsigned char *p = c->data + c->at; /* not before: an empty blob's data is NULL */
  size_t nl = p[0];
  if (left < 1 + nl + 8 || !name_ok(p + 1, nl))
    return CAP_ERROR(CAP_EFORMAT, "checkpoint: the record at byte %zu has no valid name", c->at);
  uint64_t sz = get_u64(p + 1 + nl);
  if (sz > left - 9 - nl)
    return CAP_ERROR(CAP_EFORMAT, "checkpoint: the record at byte %zu claims %llu bytes, %zu are left", c->at,
                     (unsigned long long)sz, left - 9 - nl);
  memcpy(name, p + 1, nl);
  name[nl] = 0;
  *data = p + 9 + nl;
  *size = (size_t)sz;
  c->at += 9 + nl + (size_t)sz;
  return CAP_SUCCESS;
}

int exp_cursor_take(exp_cursor *c, const char *name, const unsigned char **data, size_t *size)
{
  exp_cursor at = *c;
  char got[EXP_REC_NAME];
  int st = exp_cursor_next(&at, got, data, size);
  if (st) return st;
  if (strcmp(got, name) != 0)
    return CAP_ERROR(CAP_EFORMAT, "checkpoint: record \"%s\" where \"%s\" was expected (byte %zu)", got, name, c->at);
  *c = at;
  return CAP_SUCCESS;
}

int exp_cursor_copy(exp_cursor *c, const char *name, void *dst, size_t size)
{
  exp_cursor at = *c;
  const unsigned char *data;
  size_t got;
  int st = exp_cursor_take(&at, name, &data, &got);
  if (st) return st;
  if (got != size)
    return CAP_ERROR(CAP_EFORMAT, "checkpoint: record \"%s\" has %zu bytes, %zu were expected", name, got, size);
  if (size) memcpy(dst, data, size);
  *c = at;
  return CAP_SUCCESS;
}

int exp_cursor_at(const exp_cursor *c, const char *name)
{
  size_t nl = strlen(name);
  return c->at < c->len && c->data[c->at] == nl && c->len - c->at >= 1 + nl &&
         memcmp(c->data + c->at + 1, name, nl) == 0;
}

int exp_ckpt_write(const char *path, const exp_blob *b)
{
  unsigned char head[16], tail[8];
  memcpy(head, magic, 8);
  put_u64(head + 8, b->len);
  put_u64(tail, fnv1a(b->data, b->len));
  cap_file *f = cap_io_file_open(path, "wb");
  if (!f) return CAP_EIO;
  FILE *s = cap_io_file_stream(f);
  int bad =
      fwrite(head, 1, 16, s) != 16 || (b->len && fwrite(b->data, 1, b->len, s) != b->len) || fwrite(tail, 1, 8, s) != 8;
  int err = errno;
  int st = cap_io_file_close(f, bad ? CAP_EIO : CAP_SUCCESS);
  return bad ? CAP_ERROR(CAP_EIO, "cannot write the checkpoint %s: %s", path, strerror(err)) : st;
}

int exp_ckpt_read(const char *path, unsigned char **file, size_t *n)
{
  *file = NULL;
  *n = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return errno == ENOENT ? CAP_ENOSOL : CAP_ERROR(CAP_EIO, "cannot open %s: %s", path, strerror(errno));
  size_t cap = 1 << 16, len = 0;
  unsigned char *buf = malloc(cap);
  int st = buf ? CAP_SUCCESS : CAP_ERROR(CAP_ENOMEM, "cannot allocate a buffer to read %s", path);
  while (!st) {
    if (len == cap) {
      unsigned char *more = realloc(buf, cap *= 2);
      if (!more) {
        st = CAP_ERROR(CAP_ENOMEM, "cannot allocate %zu bytes to read %s", cap, path);
        break;
      }
      buf = more;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) {
      if (ferror(f)) st = CAP_ERROR(CAP_EIO, "cannot read %s", path);
      break;
    }
  }
  fclose(f);
  if (st) {
    free(buf);
    return st;
  }
  *file = buf;
  *n = len;
  return CAP_SUCCESS;
}

int exp_ckpt_open(const unsigned char *file, size_t n, exp_cursor *payload)
{
  if (n < 8 || memcmp(file, magic, 8) != 0)
    return CAP_ERROR(CAP_EFORMAT, "not a capillab checkpoint (its first bytes are not CAPCKPT1)");
  if (n < 24) return CAP_ERROR(CAP_EFORMAT, "truncated: %zu bytes, a checkpoint has at least 24", n);
  uint64_t len = get_u64(file + 8);
  if (len != n - 24)
    return CAP_ERROR(CAP_EFORMAT, "%s: the payload should have %llu bytes, the file holds %zu",
                     len > n - 24 ? "truncated" : "longer than written", (unsigned long long)len, n - 24);
  if (fnv1a(file + 16, (size_t)len) != get_u64(file + 16 + len))
    return CAP_ERROR(CAP_EFORMAT, "wrong checksum: the file was altered after it was written");
  *payload = (exp_cursor){file + 16, (size_t)len, 0};
  return CAP_SUCCESS;
}

/* A string record into s (room bytes): no 0 inside, shorter than room. */
static int take_string(exp_cursor *c, const char *name, char *s, size_t room)
{
  const unsigned char *d;
  size_t n;
  int st = exp_cursor_take(c, name, &d, &n);
  if (st) return st;
  if (n >= room || memchr(d, 0, n))
    return CAP_ERROR(CAP_EFORMAT, "checkpoint: record \"%s\" is not a string of at most %zu characters", name,
                     room - 1);
  memcpy(s, d, n);
  s[n] = 0;
  return CAP_SUCCESS;
}

/* A record sequence that is well formed to its end. */
static int check_sequence(const unsigned char *d, size_t n, const char *what)
{
  exp_cursor c = {d, n, 0};
  char name[EXP_REC_NAME];
  const unsigned char *x;
  size_t sz;
  while (!exp_cursor_end(&c))
    if (exp_cursor_next(&c, name, &x, &sz))
      return CAP_ERROR(CAP_EFORMAT, "checkpoint: the %s image is malformed at byte %zu", what, c.at);
  return CAP_SUCCESS;
}

int exp_ckpt_decode(exp_cursor c, exp_ckpt_state *s)
{
  memset(s, 0, sizeof *s);
  int st = take_string(&c, "commit", s->commit, sizeof s->commit);
  if (!st) st = take_string(&c, "params", s->params, sizeof s->params);
  if (!st) st = exp_cursor_copy(&c, "elapsed", &s->elapsed, sizeof s->elapsed);
  if (!st && !(s->elapsed >= 0 && s->elapsed < 1e9))
    st = CAP_ERROR(CAP_EFORMAT, "checkpoint: an elapsed time of %g s", s->elapsed);
  if (!st) st = exp_cursor_copy(&c, "levels", &s->levels, sizeof s->levels);
  if (!st && (s->levels < 0 || s->levels > EXP_MAX_LEVELS))
    st = CAP_ERROR(CAP_EFORMAT, "checkpoint: %d levels finished, allowed 0 to %d", s->levels, EXP_MAX_LEVELS);
  for (int k = 0; k < s->levels && !st; k++) st = exp_cursor_copy(&c, "run", &s->runs[k], sizeof s->runs[k]);
  if (!st) st = exp_cursor_take(&c, "snaps", &s->snaps, &s->snaps_size);
  if (!st) st = exp_cursor_copy(&c, "phase", &s->phase, sizeof s->phase);
  if (!st && (s->phase < s->levels || s->phase > EXP_MAX_LEVELS))
    st = CAP_ERROR(CAP_EFORMAT, "checkpoint: phase %d with %d levels finished", s->phase, s->levels);
  if (st) return st;
  s->done = c;
  const unsigned char *d;
  size_t n;
  while (!st && exp_cursor_at(&c, "done")) {
    st = exp_cursor_take(&c, "done", &d, &n);
    if (!st) st = check_sequence(d, n, "done");
    s->ndone++;
  }
  if (!st && exp_cursor_at(&c, "running")) {
    st = exp_cursor_take(&c, "running", &d, &n);
    if (!st) st = check_sequence(d, n, "running");
    s->has_running = 1;
    s->running = (exp_cursor){d, n, 0};
  }
  if (!st && !exp_cursor_end(&c))
    st = CAP_ERROR(CAP_EFORMAT, "checkpoint: unexpected data at byte %zu of the payload", c.at);
  return st;
}
