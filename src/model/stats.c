/* stats.c: the statistics file (stats.h): its text format, read and
 * written whole, and the sums the player shows after a solve and in the
 * menu.  The format is in the manual's FILES section. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "stats.h"

void stats_add(stats *st, const stats_entry *e)
{
    if (st->n == st->cap) {
        st->cap = st->cap ? st->cap * 2 : 32;
        st->v = xrealloc(st->v, (size_t)st->cap * sizeof *st->v);
    }
    st->v[st->n++] = *e;
}

void stats_free(stats *st)
{
    free(st->v);
    st->v = NULL;
    st->n = st->cap = 0;
}

/* A word of the line: [start, end) and its 1-based column. */
typedef struct {
    const char *s;
    int len, col;
} word;

static int split_words(const char *line, int len, word *w, int max)
{
    int n = 0;
    for (int i = 0; i < len;) {
        while (i < len && line[i] == ' ')
            i++;
        if (i >= len)
            break;
        int start = i;
        while (i < len && line[i] != ' ')
            i++;
        if (n < max)
            w[n] = (word){line + start, i - start, start + 1};
        n++;
    }
    return n;
}

/* A name of letters, digits, '_', '-', '.' and 'x' only (sizes, ids). */
static bool plain_word(const word *w, size_t cap, char *out)
{
    if (w->len < 1 || (size_t)w->len >= cap)
        return false;
    for (int i = 0; i < w->len; i++) {
        char c = w->s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-' || c == '.'))
            return false;
    }
    memcpy(out, w->s, (size_t)w->len);
    out[w->len] = 0;
    return true;
}

static bool number_word(const word *w, double lo, double hi, bool integer, double *out)
{
    char buf[64];
    if (w->len < 1 || w->len >= (int)sizeof buf)
        return false;
    memcpy(buf, w->s, (size_t)w->len);
    buf[w->len] = 0;
    if (!(buf[0] >= '0' && buf[0] <= '9'))
        return false; /* no sign, no "inf", no "nan" */
    char *end;
    errno = 0;
    double v = integer ? (double)strtol(buf, &end, 10) : strtod(buf, &end);
    if (*end || errno || !isfinite(v) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_line(const char *line, int len, stats_entry *e, int lineno, diag *err)
{
    word w[7];
    int n = split_words(line, len, w, 7);
    if (n == 0)
        return true;
    if (w[0].len != 5 || memcmp(w[0].s, "solve", 5) != 0) {
        diag_set(err, lineno, w[0].col, "expected 'solve' at the start of the line");
        return false;
    }
    static const char *const what[] = {NULL, "a family name", "a size", "the seconds taken (0 to 1e9)",
                                       "the hints used (a whole number)", "a puzzle id"};
    if (n < 6) {
        diag_set(err, lineno, len + 1, "expected %s", what[n]);
        return false;
    }
    if (n > 6) {
        diag_set(err, lineno, w[6].col, "expected the end of the line after the puzzle id");
        return false;
    }
    double secs, hints;
    int bad = !plain_word(&w[1], sizeof e->family, e->family) ? 1
              : !plain_word(&w[2], sizeof e->size, e->size)   ? 2
              : !number_word(&w[3], 0, 1e9, false, &secs)    ? 3
              : !number_word(&w[4], 0, INT_MAX, true, &hints) ? 4
              : !plain_word(&w[5], sizeof e->id, e->id)       ? 5
                                                              : 0;
    if (bad) {
        diag_set(err, lineno, w[bad].col, "expected %s, got '%.*s'", what[bad],
                 w[bad].len > 40 ? 40 : w[bad].len, w[bad].s);
        return false;
    }
    e->seconds = secs;
    e->hints = (int)hints;
    return true;
}

bool stats_parse(const char *text, size_t len, const char *source, stats *st, diag *err)
{
    err->source = source;
    size_t mlen = strlen(STATS_MAGIC);
    size_t after = mlen + (len > mlen && text[mlen] == '\r');
    if (len < mlen || memcmp(text, STATS_MAGIC, mlen) != 0 || (len > after && text[after] != '\n')) {
        diag_set(err, 1, 1, "expected '%s' (not a statistics file)", STATS_MAGIC);
        return false;
    }
    int lineno = 1;
    for (size_t pos = after + (len > after); pos < len;) {
        lineno++;
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        const char *line = text + pos;
        int llen = (int)(end - pos);
        const char *zero = memchr(line, 0, (size_t)llen);
        if (zero) {
            diag_set(err, lineno, (int)(zero - line) + 1, "a NUL byte");
            return false;
        }
        if (llen > 0 && line[llen - 1] == '\r')
            llen--;
        if (llen > 0 && line[0] != '#') {
            stats_entry e;
            memset(&e, 0, sizeof e);
            if (!parse_line(line, llen, &e, lineno, err))
                return false;
            if (e.family[0])
                stats_add(st, &e);
        }
        pos = end + 1;
    }
    return true;
}

void stats_format(const stats *st, strbuf *out)
{
    sb_puts(out, STATS_MAGIC "\n");
    sb_puts(out, "# solve FAMILY SIZE SECONDS HINTS PUZZLE: one line per puzzle solved by hand\n");
    for (int i = 0; i < st->n; i++) {
        const stats_entry *e = &st->v[i];
        sb_printf(out, "solve %s %s %.1f %d %s\n", e->family, e->size, e->seconds, e->hints, e->id);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void stats_summarize(const stats *st, const char *family, const char *size, stats_summary *out)
{
    memset(out, 0, sizeof *out);
    double *t = xmalloc(((size_t)st->n + 1) * sizeof *t);
    for (int i = 0; i < st->n; i++) {
        const stats_entry *e = &st->v[i];
        if (strcmp(e->family, family) || strcmp(e->size, size))
            continue;
        t[out->solved++] = e->seconds;
        out->hints += e->hints;
    }
    if (out->solved) {
        qsort(t, (size_t)out->solved, sizeof *t, cmp_double);
        int k = out->solved;
        out->best = t[0];
        out->median = k % 2 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2;
    }
    free(t);
}

bool stats_best_of(const stats *st, const char *id, double *best)
{
    bool any = false;
    for (int i = 0; i < st->n; i++)
        if (strcmp(st->v[i].id, id) == 0 && (!any || st->v[i].seconds < *best)) {
            *best = st->v[i].seconds;
            any = true;
        }
    return any;
}

void stats_entry_of(const puzzle *pz, stats_entry *e)
{
    memset(e, 0, sizeof *e);
    snprintf(e->family, sizeof e->family, "%s", pz->family->name);
    char desc[64] = "";
    pz->family->describe(pz->data, desc, sizeof desc);
    /* the size is what describe says before its first comma: "8x8",
     * "side 4", "12 tiles" */
    size_t k = 0;
    for (const char *p = desc; *p && *p != ',' && k + 1 < sizeof e->size; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                  c == '.';
        e->size[k++] = ok ? c : '_';
    }
    e->size[k] = 0;
    if (k == 0)
        snprintf(e->size, sizeof e->size, "any");
    char path[PATH_MAX];
    board_save_path(pz, "", path, sizeof path);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    snprintf(e->id, sizeof e->id, "%.*s", (int)strcspn(base, "."), base);
}

void stats_size_shown(const char *size, char *out, size_t n)
{
    snprintf(out, n, "%s", size);
    for (char *p = out; *p; p++)
        if (*p == '_')
            *p = ' ';
}

bool stats_path(char *out, size_t n, diag *err)
{
    char dir[PATH_MAX];
    if (!board_state_dir(dir, sizeof dir, err))
        return false;
    if (snprintf(out, n, "%s/stats", dir) >= (int)n) {
        diag_set(err, 0, 0, "the save directory's name is too long");
        return false;
    }
    return true;
}

bool stats_read(const char *path, stats *st, diag *err)
{
    size_t len;
    char *text = read_file(path, STATS_MAX_BYTES, &len);
    err->source = path;
    if (!text) {
        if (errno == ENOENT)
            return true;
        diag_read_failed(err, errno, STATS_MAX_BYTES, "a statistics file");
        return false;
    }
    bool ok = stats_parse(text, len, path, st, err);
    free(text);
    return ok;
}

bool stats_record(const char *path, const stats_entry *e, stats *all, diag *err)
{
    memset(all, 0, sizeof *all);
    /* a lock of our own on the file: two players finishing together would
     * otherwise each write the file without the other's solve */
    board_lock *lock = NULL;
    bool busy = true;
    long holder;
    for (int tries = 0; busy && tries < 100; tries++) {
        lock = board_lock_take(path, &busy, &holder);
        if (busy)
            usleep(20000);
    }
    diag d = {0};
    bool ok = stats_read(path, all, &d);
    if (!ok) {
        char buf[512];
        diag_format(&d, buf, sizeof buf);
        diag_set(err, 0, 0, "%s (the file is left as it is)", buf);
        stats_free(all);
        /* what the player sees is this game alone, the file untouched */
    }
    stats_add(all, e);
    if (ok) {
        strbuf text = {0};
        stats_format(all, &text);
        ok = state_file_write(path, text.s, text.n, err);
        sb_free(&text);
    }
    board_lock_release(lock);
    return ok;
}
