/* Tests of the checkpoint file (experiments/checkpoint.h): records put in a blob and read back by a
 * cursor (names, sizes, bytes, empty records), the cursor refusing a wrong name or size without
 * moving, record names refused; the file written, read and opened back; every damaged file refused
 * (magic, each truncation, a byte appended, each payload byte flipped, a header length that lies);
 * and the harness's payload decoded (exp_ckpt_decode): every field of a well-formed one, and each
 * malformed one refused (counts out of range, a wrong size, a bad string, a malformed image, data
 * after the running image, records out of order). Files go to a temporary folder under /tmp. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../experiments/checkpoint.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

/* The bytes k = 0 .. n-1 of a pattern that differs with seed. */
static void pattern(unsigned char *p, size_t n, unsigned seed)
{
  for (size_t k = 0; k < n; k++) p[k] = (unsigned char)(k * 31u + seed * 7u + (k >> 8));
}

/* Records of every kind read back in order: names, sizes and bytes, empty records, a record larger
 * than the blob's first allocation, the longest name; then the end. */
static void records(void)
{
  static unsigned char big[10000], small[5];
  pattern(big, sizeof big, 1);
  pattern(small, sizeof small, 2);
  char longest[EXP_REC_NAME];
  memset(longest, 'z', EXP_REC_NAME - 1);
  longest[EXP_REC_NAME - 1] = 0;
  struct {
    const char *name;
    const void *data;
    size_t size;
  } rec[] = {{"alpha", small, sizeof small},
             {"empty", NULL, 0},
             {"big", big, sizeof big},
             {"x", small, 0},
             {longest, small, 3},
             {"~!#{}", small, 1}};
  int nrec = (int)(sizeof rec / sizeof rec[0]);
  exp_blob b = {0};
  size_t want_len = 0;
  int ok = 1;
  for (int k = 0; k < nrec; k++) {
    ok &= exp_blob_put(&b, rec[k].name, rec[k].data, rec[k].size) == CAP_SUCCESS;
    want_len += 1 + strlen(rec[k].name) + 8 + rec[k].size;
  }
  th_true(ok, "%d records put (one of %zu bytes, one with a %d-character name)", nrec, sizeof big, EXP_REC_NAME - 1);
  th_int((long)b.len, (long)want_len, "the blob holds each record's name length, name, size and bytes");
  exp_cursor c = exp_cursor_of(&b);
  for (int k = 0; k < nrec; k++) {
    char name[EXP_REC_NAME];
    const unsigned char *d = NULL;
    size_t n = 12345;
    th_true(exp_cursor_at(&c, rec[k].name), "record %d: the cursor is at \"%s\"", k, rec[k].name);
    th_int(exp_cursor_next(&c, name, &d, &n), CAP_SUCCESS, "record %d read", k);
    th_true(!strcmp(name, rec[k].name), "record %d: its name \"%s\"", k, name);
    th_int((long)n, (long)rec[k].size, "record %d: its size", k);
    th_true(n == 0 || (d && !memcmp(d, rec[k].data, n)), "record %d: its bytes", k);
  }
  th_true(exp_cursor_end(&c), "every record read: the cursor is at the end");
  size_t at = c.at;
  char name[EXP_REC_NAME];
  const unsigned char *d;
  size_t n;
  th_int(exp_cursor_next(&c, name, &d, &n), CAP_EFORMAT, "no record after the end");
  th_true(c.at == at && !exp_cursor_at(&c, "alpha"), "the cursor stays at the end");

  exp_blob empty = {0};
  exp_cursor e = exp_cursor_of(&empty);
  th_true(exp_cursor_end(&e) && !exp_cursor_at(&e, "alpha"), "an empty blob: its cursor is at the end");
  th_int(exp_cursor_next(&e, name, &d, &n), CAP_EFORMAT, "an empty blob: no record");
  th_int(exp_cursor_take(&e, "alpha", &d, &n), CAP_EFORMAT, "an empty blob: nothing to take");

  exp_blob copy = {0};
  th_int(exp_blob_copy(&copy, b.data, b.len), CAP_SUCCESS, "the blob copied");
  th_true(copy.len == b.len && !memcmp(copy.data, b.data, b.len), "the copy holds the same bytes");
  exp_cursor cc = exp_cursor_of(&copy);
  th_int(exp_cursor_copy(&cc, "alpha", name, sizeof small), CAP_SUCCESS, "the copy's first record read");
  th_true(!memcmp(name, small, sizeof small), "with its bytes");
  exp_blob_free(&copy);
  exp_blob_free(&b);
  th_true(b.data == NULL && b.len == 0 && b.cap == 0, "a freed blob is empty");
}

/* exp_cursor_take and exp_cursor_copy: a wrong name or size refused, the cursor and dst untouched. */
static void take_and_copy(void)
{
  exp_blob b = {0};
  double x = 2.5;
  int i = 7;
  exp_blob_put(&b, "x", &x, sizeof x);
  exp_blob_put(&b, "i", &i, sizeof i);
  exp_cursor c = exp_cursor_of(&b);
  const unsigned char *d;
  size_t n;
  th_int(exp_cursor_take(&c, "i", &d, &n), CAP_EFORMAT, "take: \"i\" where \"x\" is refused");
  th_int((long)c.at, 0, "take: the cursor did not move");
  th_int(exp_cursor_take(&c, "xx", &d, &n), CAP_EFORMAT, "take: a name that \"x\" begins is refused");
  th_int(exp_cursor_take(&c, "", &d, &n), CAP_EFORMAT, "take: an empty name is refused");
  th_int((long)c.at, 0, "take: the cursor still did not move");
  double y = -1;
  th_int(exp_cursor_copy(&c, "i", &y, sizeof y), CAP_EFORMAT, "copy: a wrong name is refused");
  th_int(exp_cursor_copy(&c, "x", &y, sizeof y - 1), CAP_EFORMAT, "copy: a size too small is refused");
  th_int(exp_cursor_copy(&c, "x", &y, sizeof y + 1), CAP_EFORMAT, "copy: a size too large is refused");
  th_true(c.at == 0 && y == -1, "copy: neither the cursor nor dst moved");
  th_int(exp_cursor_copy(&c, "x", &y, sizeof y), CAP_SUCCESS, "copy: the right name and size");
  th_true(y == 2.5 && c.at == 1 + 1 + 8 + sizeof x, "copy: the value, the cursor on the next record");
  th_int(exp_cursor_take(&c, "i", &d, &n), CAP_SUCCESS, "take: the next record");
  th_true(n == sizeof i && !memcmp(d, &i, sizeof i) && exp_cursor_end(&c), "take: its bytes, then the end");
  th_int(exp_cursor_take(&c, "i", &d, &n), CAP_EFORMAT, "take: nothing after the end");
  exp_blob_free(&b);
}

/* exp_blob_put refuses a name that is empty, too long, or not printable, and keeps its records. */
static void names_refused(void)
{
  char long64[EXP_REC_NAME + 1];
  memset(long64, 'a', EXP_REC_NAME);
  long64[EXP_REC_NAME] = 0;
  const char *bad[] = {"", long64, "a b", " a", "a\tb", "a\nb", "\001", "a\177", "caf\303\251"};
  exp_blob b = {0};
  exp_blob_put(&b, "keep", "k", 1);
  size_t len = b.len;
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    th_int(exp_blob_put(&b, bad[k], "v", 1), CAP_EINVAL, "the name %zu (%zu characters) is refused", k, strlen(bad[k]));
    th_int((long)b.len, (long)len, "the name %zu: the blob is unchanged", k);
  }
  long64[EXP_REC_NAME - 1] = 0;
  th_int(exp_blob_put(&b, long64, "v", 1), CAP_SUCCESS, "a name of %d characters is allowed", EXP_REC_NAME - 1);
  exp_blob_free(&b);
}

/* A payload of a few records, one of them empty. */
static void sample_payload(exp_blob *b)
{
  unsigned char bytes[100];
  pattern(bytes, sizeof bytes, 3);
  exp_blob_put(b, "one", bytes, sizeof bytes);
  exp_blob_put(b, "none", NULL, 0);
  exp_blob_put(b, "two", bytes + 10, 17);
}

/* exp_ckpt_write, exp_ckpt_read and exp_ckpt_open: the payload comes back as written. */
static void file_round_trip(void)
{
  char dir[] = "/tmp/capillab-ckptXXXXXX", path[256], tmp[256], empty[256];
  if (!th_true(mkdtemp(dir) != NULL, "a temporary folder")) return;
  snprintf(path, sizeof path, "%s/checkpoint.bin", dir);
  snprintf(tmp, sizeof tmp, "%s/checkpoint.bin.tmp", dir);
  snprintf(empty, sizeof empty, "%s/empty.bin", dir);
  exp_blob b = {0}, none = {0};
  sample_payload(&b);
  th_int(exp_ckpt_write(path, &b), CAP_SUCCESS, "the checkpoint written");
  th_int(exp_ckpt_write(path, &b), CAP_SUCCESS, "and written again over itself");
  th_true(access(tmp, F_OK) != 0, "no .tmp left");
  unsigned char *file = NULL;
  size_t n = 0;
  th_int(exp_ckpt_read(path, &file, &n), CAP_SUCCESS, "the checkpoint read");
  th_int((long)n, (long)(b.len + 24), "its size: header 16, the payload, hash 8");
  th_true(file && n >= 8 && !memcmp(file, "CAPCKPT1", 8), "it begins with CAPCKPT1");
  exp_cursor p = {0};
  th_int(file ? exp_ckpt_open(file, n, &p) : -1, CAP_SUCCESS, "it opens");
  th_true(p.len == b.len && p.at == 0 && p.data == file + 16 && !memcmp(p.data, b.data, b.len),
          "the payload is the one written");
  free(file);

  th_int(exp_ckpt_write(empty, &none), CAP_SUCCESS, "an empty payload written");
  th_int(exp_ckpt_read(empty, &file, &n), CAP_SUCCESS, "and read");
  th_int((long)n, 24, "a file of 24 bytes");
  th_true(file && !exp_ckpt_open(file, n, &p) && p.len == 0 && exp_cursor_end(&p), "it opens on an empty payload");
  free(file);

  char missing[300];
  snprintf(missing, sizeof missing, "%s/missing.bin", dir);
  file = (unsigned char *)missing;
  th_int(exp_ckpt_read(missing, &file, &n), CAP_ENOSOL, "a missing file: CAP_ENOSOL");
  th_true(file == NULL && n == 0, "and nothing read");
  snprintf(missing, sizeof missing, "%s/no/such/folder/checkpoint.bin", dir);
  th_int(exp_ckpt_write(missing, &b), CAP_EIO, "a file in a missing folder cannot be written: CAP_EIO");
  exp_blob_free(&b);
  remove(path);
  remove(empty);
  th_int(rmdir(dir), 0, "the temporary folder removed (nothing else left in it)");
}

/* The bytes of the checkpoint file of payload b, as exp_ckpt_write writes them (read back). */
static unsigned char *file_of(const exp_blob *b, size_t *n)
{
  char dir[] = "/tmp/capillab-ckptXXXXXX", path[256];
  unsigned char *file = NULL;
  *n = 0;
  if (!mkdtemp(dir)) return NULL;
  snprintf(path, sizeof path, "%s/c.bin", dir);
  if (exp_ckpt_write(path, b) || exp_ckpt_read(path, &file, n)) file = NULL;
  remove(path);
  rmdir(dir);
  return file;
}

static void put_le64(unsigned char *p, uint64_t v)
{
  for (int k = 0; k < 8; k++) p[k] = (unsigned char)(v >> (8 * k));
}

/* exp_ckpt_open refuses a wrong magic, every truncation, a byte appended, each byte of the payload or
 * of the hash flipped, and a header length that lies; CAP_EFORMAT each time. */
static void file_refused(void)
{
  exp_blob b = {0};
  sample_payload(&b);
  size_t n;
  unsigned char *file = file_of(&b, &n);
  if (!th_true(file != NULL, "a checkpoint file of %zu bytes", n)) return;
  exp_cursor p;
  unsigned char *buf = malloc(n + 1);
  th_int(exp_ckpt_open(file, n, &p), CAP_SUCCESS, "the file as written opens");

  int refused = 0;
  for (size_t k = 0; k < 8; k++) {
    memcpy(buf, file, n);
    buf[k] ^= 0x20;
    refused += exp_ckpt_open(buf, n, &p) == CAP_EFORMAT;
  }
  th_int(refused, 8, "a magic with any one byte changed is refused");
  th_true(strstr(cap_error_message(), "CAPCKPT1") != NULL, "the message says why: %s", cap_error_message());

  refused = 0;
  for (size_t len = 0; len < n; len++) {
    unsigned char *cut = malloc(len ? len : 1); /* its own allocation: ASan sees a read past the end */
    memcpy(cut, file, len);
    refused += exp_ckpt_open(cut, len, &p) == CAP_EFORMAT;
    free(cut);
  }
  th_int(refused, (long)n, "the file truncated at every length 0 to %zu: each refused", n - 1);

  memcpy(buf, file, n);
  buf[n] = 0;
  th_int(exp_ckpt_open(buf, n + 1, &p), CAP_EFORMAT, "one byte appended: refused");
  th_true(strstr(cap_error_message(), "longer than written") != NULL, "as longer than written: %s",
          cap_error_message());

  refused = 0;
  int named = 1;
  for (size_t k = 16; k < n; k++)
    for (int bit = 0; bit < 8; bit += 7) {
      memcpy(buf, file, n);
      buf[k] ^= (unsigned char)(1u << bit);
      refused += exp_ckpt_open(buf, n, &p) == CAP_EFORMAT;
      named &= strstr(cap_error_message(), "checksum") != NULL;
    }
  th_int(refused, 2 * (long)(n - 16), "each byte of the payload and the hash, flipped (bit 0 or 7): refused");
  th_true(named, "each as a wrong checksum");

  uint64_t lies[] = {b.len - 1, b.len + 1, 0, (uint64_t)n, UINT64_MAX, UINT64_MAX - 23, (uint64_t)1 << 63};
  refused = 0;
  for (size_t k = 0; k < sizeof lies / sizeof lies[0]; k++) {
    memcpy(buf, file, n);
    put_le64(buf + 8, lies[k]);
    refused += exp_ckpt_open(buf, n, &p) == CAP_EFORMAT;
  }
  th_int(refused, (long)(sizeof lies / sizeof lies[0]),
         "a header length that lies (shorter, longer, 0, huge): refused");
  refused = 0;
  for (size_t len = 8; len < 24; len++) {
    unsigned char *cut = malloc(len);
    memcpy(cut, file, 8);
    memset(cut + 8, 0, len - 8);
    if (len >= 16) put_le64(cut + 8, (uint64_t)len - 24); /* the length a file of len bytes would need, wrapped */
    refused += exp_ckpt_open(cut, len, &p) == CAP_EFORMAT;
    free(cut);
  }
  th_int(refused, 16, "files of 8 to 23 bytes, the header's length wrapped to match: refused");
  free(buf);
  free(file);
  exp_blob_free(&b);
}

/* ---- exp_ckpt_decode ---- */

/* How a test payload is built (spec_ok: a well-formed one with 2 levels, 2 done images, a running image). */
typedef struct {
  const char *commit;
  size_t commit_len;
  int levels, nruns;
  size_t run_size;
  int phase;
  int ndone, bad_done; /* bad_done: which inner defect the second done image has (0: none) */
  int running;         /* 1: a running image; 2: and a record after it; 3: and a stray byte after it */
  int bad_running;     /* the running image's inner defect (0: none) */
  int order;           /* 0: as documented; 1: params before commit; 2: phase before snaps; 3: running first */
  double elapsed_bad;  /* 0: the elapsed time below; else this one */
} spec;

static spec spec_ok(void)
{
  return (spec){.commit = "0123456789ab-dirty",
                .commit_len = 18,
                .levels = 2,
                .nruns = 2,
                .run_size = sizeof(exp_run),
                .phase = 2,
                .ndone = 2,
                .running = 1};
}

static exp_run run_of(int k)
{
  exp_run r = {.cells = 4 << k, .h = 1.0 / (4 << k), .steps = 100 + k, .sim_time = 0.5 * k, .grid_cells = 64 << k};
  for (int m = 0; m < EXP_MAX_METRICS; m++) r.metric[m] = k + m * 1e-3;
  r.wall = 1.25 * k;
  return r;
}

static const char params[] = "--radius 0.5 --quick";
static const double elapsed = 123.25;
static const unsigned char snaps[] = {'s', 'n', 'a', 'p', 0, 1, 2};

/* The images: done 0 and 1, running. */
static void image(exp_blob *img, int which, int bad)
{
  unsigned char phi[40];
  pattern(phi, sizeof phi, (unsigned)which + 10);
  double t = 0.5 + which;
  *img = (exp_blob){0};
  exp_blob_put(img, "t", &t, sizeof t);
  exp_blob_put(img, "phi", phi, sizeof phi);
  if (which == 1) exp_blob_put(img, "empty", NULL, 0);
  if (bad == 1) img->len--;                               /* the last record cut in its size */
  if (bad == 2) img->data[1] = ' ';                       /* a name with a space */
  if (bad == 3) img->data[0] = 0;                         /* a name of length 0 */
  if (bad == 4) put_le64(img->data + 2, img->len);        /* a size past the end */
  if (bad == 5) img->data[img->len++] = EXP_REC_NAME - 1; /* a record cut in its name length */
}

static void build(exp_blob *b, const spec *s)
{
  exp_blob img = {0};
  *b = (exp_blob){0};
  if (s->order == 1) exp_blob_put(b, "params", params, strlen(params));
  exp_blob_put(b, "commit", s->commit, s->commit_len);
  if (s->order != 1) exp_blob_put(b, "params", params, strlen(params));
  exp_blob_put(b, "elapsed", s->elapsed_bad != 0 ? &s->elapsed_bad : &elapsed, sizeof elapsed);
  exp_blob_put(b, "levels", &s->levels, sizeof s->levels);
  for (int k = 0; k < s->nruns; k++) {
    unsigned char r[sizeof(exp_run) + 8] = {0};
    exp_run run = run_of(k);
    memcpy(r, &run, sizeof run);
    exp_blob_put(b, "run", r, s->run_size);
  }
  if (s->order == 2) exp_blob_put(b, "phase", &s->phase, sizeof s->phase);
  exp_blob_put(b, "snaps", snaps, sizeof snaps);
  if (s->order != 2) exp_blob_put(b, "phase", &s->phase, sizeof s->phase);
  if (s->running && s->order == 3) {
    image(&img, 2, 0);
    exp_blob_put(b, "running", img.data, img.len);
    exp_blob_free(&img);
  }
  for (int k = 0; k < s->ndone; k++) {
    image(&img, k, k == 1 ? s->bad_done : 0);
    exp_blob_put(b, "done", img.data, img.len);
    exp_blob_free(&img);
  }
  if (s->running && s->order != 3) {
    image(&img, 2, s->bad_running);
    exp_blob_put(b, "running", img.data, img.len);
    exp_blob_free(&img);
  }
  if (s->running == 2) exp_blob_put(b, "extra", "x", 1);
  if (s->running == 3) exp_blob_put(b, "x", NULL, 0), b->len -= 9; /* one stray byte: 1, a name's length */
}

/* The records of an image cursor, read to its end (-1 if one is malformed or the cursor overruns). */
static int walk(exp_cursor c)
{
  int n = 0;
  char name[EXP_REC_NAME];
  const unsigned char *d;
  size_t sz;
  while (!exp_cursor_end(&c)) {
    if (exp_cursor_next(&c, name, &d, &sz) || c.at > c.len) return -1;
    n++;
  }
  return n;
}

/* The image `which` (as image() builds it) is the record the cursor takes next, called `name`. */
static int image_is(exp_cursor *c, const char *name, int which)
{
  exp_blob img;
  image(&img, which, 0);
  const unsigned char *d;
  size_t n;
  int same = !exp_cursor_take(c, name, &d, &n) && n == img.len && !memcmp(d, img.data, n);
  exp_blob_free(&img);
  return same;
}

/* A well-formed payload decoded: every field given back. */
static void decode_ok(void)
{
  spec s = spec_ok();
  exp_blob b;
  build(&b, &s);
  exp_ckpt_state st;
  memset(&st, 0xa5, sizeof st);
  if (!th_int(exp_ckpt_decode(exp_cursor_of(&b), &st), CAP_SUCCESS, "a well-formed payload decoded: %s",
              cap_error_message())) {
    exp_blob_free(&b);
    return;
  }
  th_true(!strcmp(st.commit, s.commit), "commit \"%s\"", st.commit);
  th_true(!strcmp(st.params, params), "params \"%s\"", st.params);
  th_true(st.elapsed == elapsed, "elapsed %g", st.elapsed);
  th_int(st.levels, 2, "levels");
  int runs_ok = 1;
  for (int k = 0; k < 2; k++) {
    exp_run r = run_of(k);
    runs_ok &= !memcmp(&st.runs[k], &r, sizeof r);
  }
  th_true(runs_ok, "both runs, byte for byte");
  th_true(st.snaps_size == sizeof snaps && st.snaps && !memcmp(st.snaps, snaps, sizeof snaps), "snaps (%zu bytes)",
          st.snaps_size);
  th_true(st.snaps >= b.data && st.snaps < b.data + b.len, "snaps stay in the payload");
  th_int(st.phase, 2, "phase");
  th_int(st.ndone, 2, "2 done images");
  exp_cursor done = st.done;
  th_true(image_is(&done, "done", 0) && image_is(&done, "done", 1), "the done cursor gives both images, in order");
  th_true(exp_cursor_at(&done, "running"), "then the running image's record");
  th_int(st.has_running, 1, "a running image");
  exp_blob img;
  image(&img, 2, 0);
  th_true(st.running.at == 0 && st.running.len == img.len && !memcmp(st.running.data, img.data, img.len),
          "the running cursor covers its image");
  exp_blob_free(&img);
  th_int(walk(st.running), 2, "the running image's 2 records read to its end");
  done = st.done;
  const unsigned char *d;
  size_t n;
  exp_cursor_take(&done, "done", &d, &n);
  exp_cursor_take(&done, "done", &d, &n);
  th_int(walk((exp_cursor){d, n, 0}), 3, "the second done image's 3 records read to its end");
  exp_blob_free(&b);

  s = (spec){.commit = "c", .commit_len = 1, .run_size = sizeof(exp_run)};
  build(&b, &s);
  th_int(exp_ckpt_decode(exp_cursor_of(&b), &st), CAP_SUCCESS, "no levels, no images: decoded");
  th_true(st.levels == 0 && st.phase == 0 && st.ndone == 0 && !st.has_running && exp_cursor_end(&st.done),
          "0 levels, phase 0, no image");
  exp_blob_free(&b);

  char c63[EXP_REC_NAME];
  memset(c63, 'c', sizeof c63);
  s = spec_ok();
  s.commit = c63, s.commit_len = EXP_REC_NAME - 1;
  s.levels = s.nruns = s.phase = EXP_MAX_LEVELS;
  build(&b, &s);
  th_int(exp_ckpt_decode(exp_cursor_of(&b), &st), CAP_SUCCESS, "%d levels, a commit of %d characters: decoded",
         EXP_MAX_LEVELS, EXP_REC_NAME - 1);
  th_true(strlen(st.commit) == EXP_REC_NAME - 1 && st.levels == EXP_MAX_LEVELS, "both given back");
  exp_blob_free(&b);
}

/* The payload of spec s refused by exp_ckpt_decode with CAP_EFORMAT, the message naming `what`. */
static void decode_refuses(const spec *s, const char *what, const char *why)
{
  exp_blob b;
  build(&b, s);
  exp_ckpt_state st;
  th_int(exp_ckpt_decode(exp_cursor_of(&b), &st), CAP_EFORMAT, "%s: refused", why);
  th_true(strstr(cap_error_message(), what) != NULL, "%s: the message names %s: %s", why, what, cap_error_message());
  exp_blob_free(&b);
}

static void decode_refused(void)
{
  spec s = spec_ok();
  s.levels = -1, s.nruns = 0;
  decode_refuses(&s, "levels", "levels -1");
  s = spec_ok();
  s.levels = s.nruns = s.phase = EXP_MAX_LEVELS + 1;
  decode_refuses(&s, "levels", "levels EXP_MAX_LEVELS + 1");
  s = spec_ok();
  s.phase = 1;
  decode_refuses(&s, "phase", "phase 1 < levels 2");
  s.phase = EXP_MAX_LEVELS + 1;
  decode_refuses(&s, "phase", "phase EXP_MAX_LEVELS + 1");
  s = spec_ok();
  s.elapsed_bad = NAN;
  decode_refuses(&s, "elapsed", "an elapsed time NaN");
  s.elapsed_bad = -1;
  decode_refuses(&s, "elapsed", "an elapsed time -1 s");
  s = spec_ok();
  s.run_size = sizeof(exp_run) - 1;
  decode_refuses(&s, "run", "a run record a byte short");
  s.run_size = sizeof(exp_run) + 1;
  decode_refuses(&s, "run", "a run record a byte long");
  s = spec_ok();
  s.nruns = 1;
  decode_refuses(&s, "run", "2 levels, 1 run");
  s = spec_ok();
  s.commit = "abc\0def", s.commit_len = 7;
  decode_refuses(&s, "commit", "a commit with an embedded 0");
  char c64[EXP_REC_NAME];
  memset(c64, 'c', sizeof c64);
  s.commit = c64, s.commit_len = EXP_REC_NAME;
  decode_refuses(&s, "commit", "a commit of 64 characters");
  const char *defect[] = {"",
                          "cut in its last size",
                          "with a space in a name",
                          "with a name of length 0",
                          "with a size past its end",
                          "ending in a name's length"};
  for (int k = 1; k <= 5; k++) {
    char why[120];
    s = spec_ok();
    s.bad_done = k;
    snprintf(why, sizeof why, "a done image %s", defect[k]);
    decode_refuses(&s, "done", why);
    s = spec_ok();
    s.bad_running = k;
    snprintf(why, sizeof why, "a running image %s", defect[k]);
    decode_refuses(&s, "running", why);
  }
  s = spec_ok();
  s.running = 2;
  decode_refuses(&s, "unexpected data", "a record after the running image");
  s.running = 3;
  decode_refuses(&s, "unexpected data", "a stray byte after the running image");
  s = spec_ok();
  s.order = 1;
  decode_refuses(&s, "commit", "params before commit");
  s.order = 2;
  decode_refuses(&s, "snaps", "phase before snaps");
  s.order = 3;
  decode_refuses(&s, "unexpected data", "the running image before the done images");
  s = spec_ok();
  s.ndone = 0, s.running = 0;
  exp_blob b;
  build(&b, &s);
  exp_ckpt_state st;
  int cut = 0;
  for (size_t len = 0; len < b.len; len++) {
    exp_cursor c = exp_cursor_of(&b);
    c.len = len;
    cut += exp_ckpt_decode(c, &st) == CAP_EFORMAT;
  }
  th_int(cut, (long)b.len, "the payload without images cut at every length 0 to %zu: each refused", b.len - 1);
  exp_blob_free(&b);
}

static const th_case cases[] = {
    {"records", records},
    {"take_and_copy", take_and_copy},
    {"names_refused", names_refused},
    {"file_round_trip", file_round_trip},
    {"file_refused", file_refused},
    {"decode_ok", decode_ok},
    {"decode_refused", decode_refused},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
