/* board_save.c: saving and resuming games in a small line-based text
 * format, written atomically, read defensively (file:line:col errors).
 *
 * A save stands alone: it carries the puzzle text, so `tessera --check
 * SAVE` needs nothing else.  The format (version 1), one item per line:
 *
 *   tessera save 1
 *   family NAME                  a registered family
 *   source TEXT                  where the puzzle came from (informative)
 *   puzzle-lines N               then N lines, each "| " + a puzzle line
 *   | 8x8:bcddch_bkcic_,2,2,...
 *   elapsed SECONDS              play time, paused time excluded
 *   hints N
 *   checks N
 *   solved-by-engine 0|1
 *   state N V1 ... VN            the board (the family's state vector)
 *   steps N POS                  N undo steps, the first POS applied
 *   step m|s K I1 B1 A1 ... IK BK AK   (one line per step: m a move,
 *                                 s a Solve; element I went from B to A)
 *   end
 *
 * Loading replays the history from the puzzle's start and insists that it
 * arrives at the saved state, so a damaged file is refused rather than
 * shown wrong.  Undo can reach every board of the history, so each must be
 * one the puzzle allows (game_family.state_ok); as the start is, checking
 * the elements each step changes (step_ok) keeps every one allowed, and
 * the cost linear in the file's length.  The saved board is checked whole
 * once, at the end. */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "scan.h"

#define SAVE_MAGIC "tessera save 1"

/* --- the puzzle's identity --- */

/* The puzzle text without what does not matter: CRs, trailing blanks on
 * a line, trailing empty lines.  Caller frees. */
static char *normalized_text(const char *text)
{
    strbuf b = {0};
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        size_t k = len;
        while (k > 0 && (p[k - 1] == '\r' || p[k - 1] == ' ' || p[k - 1] == '\t'))
            k--;
        for (size_t i = 0; i < k; i++)
            sb_putc(&b, p[i]);
        sb_putc(&b, '\n');
        p += len + (e ? 1 : 0);
    }
    while (b.n > 0 && b.s[b.n - 1] == '\n')
        b.s[--b.n] = 0;
    if (!b.s)
        b.s = xcalloc(1, 1);
    return b.s;
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    return h;
}

void board_save_path(const puzzle *pz, const char *dir, char *out, size_t n)
{
    char *norm = normalized_text(pz->text);
    snprintf(out, n, "%s/%s-%016llx.save", dir, pz->family->name, (unsigned long long)fnv1a(norm));
    free(norm);
}

/* --- writing --- */

static void put_step(strbuf *b, const board_step *st)
{
    sb_printf(b, "step %c %d", st->is_solve ? 's' : 'm', st->idx.n);
    for (int j = 0; j < st->idx.n; j++)
        sb_printf(b, " %d %d %d", st->idx.v[j], st->before.v[j], st->after.v[j]);
    sb_putc(b, '\n');
}

static void format_save(const board *b, strbuf *out)
{
    const puzzle *pz = b->pz;
    sb_puts(out, SAVE_MAGIC "\n");
    sb_printf(out, "family %s\n", pz->family->name);
    sb_puts(out, "source ");
    for (const char *p = pz->source; *p; p++)
        sb_putc(out, *p == '\n' || *p == '\r' ? ' ' : *p);
    sb_putc(out, '\n');
    char *norm = normalized_text(pz->text);
    int nlines = 1;
    for (const char *p = norm; *p; p++)
        nlines += *p == '\n';
    sb_printf(out, "puzzle-lines %d\n| ", nlines);
    for (const char *p = norm; *p; p++) {
        sb_putc(out, *p);
        if (*p == '\n')
            sb_puts(out, "| ");
    }
    sb_putc(out, '\n');
    free(norm);
    /* rounded to tenths, a time just under the limit must not pass it */
    sb_printf(out, "elapsed %.1f\n", b->elapsed < SAVE_MAX_SECONDS - 1 ? b->elapsed : SAVE_MAX_SECONDS);
    sb_printf(out, "hints %d\nchecks %d\nsolved-by-engine %d\n", b->hints, b->checks,
              b->solved_by_engine ? 1 : 0);
    sb_printf(out, "state %d", pz->nstate);
    for (int i = 0; i < pz->nstate; i++)
        sb_printf(out, " %d", b->state[i]);
    sb_printf(out, "\nsteps %d %d\n", b->nsteps, b->pos);
    for (int i = 0; i < b->nsteps; i++)
        put_step(out, &b->steps[i]);
    sb_puts(out, "end\n");
}

/* --- reading --- */

/* The save is read a line at a time: sc.pos is the start of the current
 * line, whose number is kept as the lines go by. */
typedef struct {
    scan sc;
    size_t len;   /* the current line's length, without the newline */
    int line;     /* 1-based number of the current line */
    size_t cur;   /* scanning position inside the line */
} reader;

static bool next_line(reader *r)
{
    if (r->line > 0) {
        r->sc.pos += r->len;
        if (r->sc.text[r->sc.pos] != '\n')
            return false;
        r->sc.pos++;
    }
    if (!r->sc.text[r->sc.pos] && r->line > 0)
        return false;
    const char *e = strchr(r->sc.text + r->sc.pos, '\n');
    r->len = e ? (size_t)(e - (r->sc.text + r->sc.pos)) : strlen(r->sc.text + r->sc.pos);
    r->line++;
    r->cur = 0;
    return true;
}

/* Fails at column col0 + 1 of the current line, which may be one past
 * its end (a field missing there).  The line's number is known, so no
 * rescan from the start of a long save is needed. */
static bool fail(reader *r, size_t col0, const char *what)
{
    assert(col0 <= r->len + 1);
    diag_set(r->sc.err, r->line, (int)col0 + 1, "%s", what);
    return false;
}

/* Reads "KEY" at the start of the next line, then a space. */
static bool expect_key(reader *r, const char *key)
{
    /* messages are made only on failure: this runs once a line */
    if (!next_line(r)) {
        diag_set(r->sc.err, r->line + 1, 1, "expected '%s' (the save ends early or is damaged)", key);
        return false;
    }
    size_t k = strlen(key);
    const char *s = r->sc.text + r->sc.pos;
    if (r->len < k || strncmp(s, key, k) != 0 || (r->len > k && s[k] != ' ')) {
        diag_set(r->sc.err, r->line, 1, "expected '%s'", key);
        return false;
    }
    r->cur = k;
    return true;
}

static bool read_long(reader *r, long lo, long hi, long *out, const char *what)
{
    const char *s = r->sc.text + r->sc.pos;
    char msg[160];
    if (r->cur >= r->len || s[r->cur] != ' ') {
        snprintf(msg, sizeof msg, "expected %s", what);
        return fail(r, r->cur, msg);
    }
    r->cur++;
    size_t start = r->cur;
    if (r->cur < r->len && s[r->cur] == '-')
        r->cur++;
    size_t digits = r->cur;
    while (r->cur < r->len && s[r->cur] >= '0' && s[r->cur] <= '9' && r->cur - digits < 12)
        r->cur++;
    if (r->cur == digits || (r->cur < r->len && s[r->cur] != ' ')) {
        snprintf(msg, sizeof msg, "expected %s", what);
        return fail(r, start, msg);
    }
    char buf[24];
    memcpy(buf, s + start, r->cur - start);
    buf[r->cur - start] = 0;
    long v = strtol(buf, NULL, 10);
    if (v < lo || v > hi) {
        snprintf(msg, sizeof msg, "expected %s (%ld..%ld)", what, lo, hi);
        return fail(r, start, msg);
    }
    *out = v;
    return true;
}

static bool line_done(reader *r)
{
    if (r->cur != r->len)
        return fail(r, r->cur, "expected the end of the line");
    return true;
}

static bool key_long(reader *r, const char *key, long lo, long hi, long *out)
{
    return expect_key(r, key) && read_long(r, lo, hi, out, "a number") && line_done(r);
}

/* Applies a step to st, checking its "before" values. */
static bool replay(int *st, const board_step *s, bool forward)
{
    for (int j = 0; j < s->idx.n; j++) {
        int k = s->idx.v[j];
        if (st[k] != (forward ? s->before.v[j] : s->after.v[j]))
            return false;
        st[k] = forward ? s->after.v[j] : s->before.v[j];
    }
    return true;
}

unsigned long long board_load_checked;

/* Checks the whole board st (state_ok), counting the work. */
static bool board_allowed(const puzzle *pz, const int *st, diag *why)
{
    board_load_checked += (unsigned long long)pz->nstate;
    return board_state_allowed(pz, st, NULL, 0, why);
}

/* Checks st after step s changed it, which was allowed before. */
static bool step_allowed(const puzzle *pz, const int *st, const board_step *s, diag *why)
{
    if (!pz->family->step_ok)
        return board_allowed(pz, st, why);
    board_load_checked += (unsigned long long)s->idx.n;
    return board_state_allowed(pz, st, s->idx.v, s->idx.n, why);
}

/* How often the loader looks at the clock (lines). */
#define CLOCK_EVERY 1024

static board *parse_save(const char *text, const char *path, double deadline, bool *ran_out, diag *err)
{
    reader rd = {.sc = scan_start(text, err)};
    reader *r = &rd;
    err->source = path;
    board *b = NULL;
    puzzle *pz = NULL;
    strbuf ptext = {0};
    char *source = NULL;
    int *st = NULL;
    if (!next_line(r) || r->len != strlen(SAVE_MAGIC) || strncmp(text, SAVE_MAGIC, r->len) != 0) {
        diag_set(err, 1, 1, "expected '%s' (this is not a tessera save, or a newer one)", SAVE_MAGIC);
        return NULL;
    }
    if (!expect_key(r, "family"))
        return NULL;
    char name[64];
    size_t nlen = r->len - r->cur;
    if (r->cur >= r->len || nlen - 1 >= sizeof name) {
        fail(r, r->cur, "expected a family name");
        return NULL;
    }
    memcpy(name, text + r->sc.pos + r->cur + 1, nlen - 1);
    name[nlen - 1] = 0;
    const game_family *f = game_find(name);
    if (!f) {
        fail(r, r->cur + 1, "expected the name of a known puzzle family");
        return NULL;
    }
    if (!expect_key(r, "source"))
        return NULL;
    source = xcalloc(r->len + 1, 1);
    if (r->cur < r->len)
        memcpy(source, text + r->sc.pos + r->cur + 1, r->len - r->cur - 1);
    long nlines;
    if (!key_long(r, "puzzle-lines", 1, SAVE_MAX_PUZZLE_LINES, &nlines))
        goto bad;
    int first = r->line + 1;
    for (long i = 0; i < nlines; i++) {
        if (!next_line(r)) {
            diag_set(err, r->line + 1, 1, "expected a puzzle line '| ...'");
            goto bad;
        }
        const char *s = text + r->sc.pos;
        if (r->len >= 2 && s[0] == '|' && s[1] == ' ') {
            for (size_t k = 2; k < r->len; k++)
                sb_putc(&ptext, s[k]);
        } else if (!(r->len == 1 && s[0] == '|')) {
            fail(r, 0, "expected a puzzle line '| ...'");
            goto bad;
        }
        sb_putc(&ptext, '\n');
    }
    if (ptext.n > MAX_PUZZLE_BYTES + 1) { /* + 1: the last line's newline */
        diag_set(err, first, 1, "the saved puzzle is over %u MiB", MAX_PUZZLE_BYTES >> 20);
        goto bad;
    }
    diag perr = {0};
    int nstate = 0;
    void *data = f->parse(ptext.s, &perr, &nstate);
    if (!data) {
        /* the puzzle's own error, placed in the save file (an error at
         * the end of the text: on the last puzzle line, not the next) */
        bool past = perr.line > nlines;
        int line = perr.line > 0 ? first + (past ? (int)nlines : perr.line) - 1 : first;
        int col = perr.line > 0 && !past && perr.col > 0 ? perr.col + 2 : 1;
        diag_set(err, line, col, "in the saved puzzle: %s", perr.msg);
        goto bad;
    }
    pz = xcalloc(1, sizeof *pz);
    pz->family = f;
    pz->data = data;
    pz->nstate = nstate;
    pz->source = source;
    source = NULL;
    pz->text = ptext.s;
    ptext.s = NULL;
    b = board_create(pz);

    long v;
    double elapsed;
    if (!expect_key(r, "elapsed"))
        goto bad;
    {
        const char *s = text + r->sc.pos;
        char buf[40];
        size_t n = r->len - r->cur;
        if (n < 2 || n > sizeof buf - 1) {
            fail(r, r->cur, "expected a number of seconds");
            goto bad;
        }
        memcpy(buf, s + r->cur + 1, n - 1);
        buf[n - 1] = 0;
        char *end;
        elapsed = strtod(buf, &end);
        if (*end || end == buf || !isfinite(elapsed) || elapsed < 0 || elapsed > SAVE_MAX_SECONDS) {
            fail(r, r->cur + 1, "expected a number of seconds");
            goto bad;
        }
        b->elapsed = elapsed;
    }
    if (!key_long(r, "hints", 0, INT_MAX, &v))
        goto bad;
    b->hints = (int)v;
    if (!key_long(r, "checks", 0, INT_MAX, &v))
        goto bad;
    b->checks = (int)v;
    if (!key_long(r, "solved-by-engine", 0, 1, &v))
        goto bad;
    b->solved_by_engine = v != 0;

    if (!expect_key(r, "state") || !read_long(r, pz->nstate, pz->nstate, &v, "the board's size"))
        goto bad;
    int *saved = xcalloc((size_t)pz->nstate + 1, sizeof *saved);
    for (int i = 0; i < pz->nstate; i++)
        if (!read_long(r, INT_MIN + 1L, INT_MAX, &v, "a cell value")) {
            free(saved);
            goto bad;
        } else {
            saved[i] = (int)v;
        }
    if (!line_done(r)) {
        free(saved);
        goto bad;
    }
    int state_line = r->line;
    long nsteps, pos;
    if (!expect_key(r, "steps") || !read_long(r, 0, SAVE_MAX_STEPS, &nsteps, "the number of steps") ||
        !read_long(r, 0, nsteps, &pos, "how many steps are applied") || !line_done(r)) {
        free(saved);
        goto bad;
    }
    /* the history, replayed from the start as it is read */
    st = xcalloc((size_t)pz->nstate + 1, sizeof *st);
    memcpy(st, b->state, (size_t)pz->nstate * sizeof *st);
    if (pos == 0 && memcmp(st, saved, (size_t)pz->nstate * sizeof *st) != 0) {
        diag_set(err, state_line, 1, "the board does not match its history (no steps applied)");
        free(saved);
        goto bad;
    }
    diag why = {0};
    for (long i = 0; i < nsteps; i++) {
        if (deadline > 0 && i % CLOCK_EVERY == 0 && monotonic_seconds() > deadline) {
            *ran_out = true;
            diag_set(err, r->line + 1, 1, "the time limit ran out while reading the save");
            free(saved);
            goto bad;
        }
        if (!expect_key(r, "step")) {
            free(saved);
            goto bad;
        }
        const char *s = text + r->sc.pos;
        if (r->cur + 2 > r->len || s[r->cur] != ' ' || (s[r->cur + 1] != 'm' && s[r->cur + 1] != 's')) {
            fail(r, r->cur + 1, "expected 'm' (a move) or 's' (a solve)");
            free(saved);
            goto bad;
        }
        board_step step = {.is_solve = s[r->cur + 1] == 's'};
        r->cur += 2;
        long k;
        bool ok = read_long(r, 1, pz->nstate, &k, "how many cells the step changes");
        for (long j = 0; ok && j < k; j++) {
            long idx, bef, aft;
            ok = read_long(r, 0, pz->nstate - 1, &idx, "a cell index") &&
                 read_long(r, INT_MIN + 1L, INT_MAX, &bef, "the value before") &&
                 read_long(r, INT_MIN + 1L, INT_MAX, &aft, "the value after");
            if (ok) {
                vec_push(&step.idx, (int)idx);
                vec_push(&step.before, (int)bef);
                vec_push(&step.after, (int)aft);
            }
        }
        ok = ok && line_done(r);
        if (ok && !replay(st, &step, true)) {
            fail(r, 0, "a step that does not follow from the steps before it");
            ok = false;
        }
        if (ok && !step_allowed(pz, st, &step, &why)) {
            diag_set(err, r->line, 1, "this step makes a board the puzzle does not allow: %s", why.msg);
            ok = false;
        }
        if (!ok) {
            vec_free(&step.idx);
            vec_free(&step.before);
            vec_free(&step.after);
            free(saved);
            goto bad;
        }
        board_push_step(b, &step);
        if (i + 1 == pos && memcmp(st, saved, (size_t)pz->nstate * sizeof *st) != 0) {
            diag_set(err, state_line, 1, "the board does not match its history (step %ld)", pos);
            free(saved);
            goto bad;
        }
    }
    if (!board_allowed(pz, saved, &why)) {
        diag_set(err, state_line, 1, "a board the puzzle does not allow: %s", why.msg);
        free(saved);
        goto bad;
    }
    memcpy(b->state, saved, (size_t)pz->nstate * sizeof *saved);
    free(saved);
    b->pos = (int)pos;
    if (!expect_key(r, "end") || !line_done(r))
        goto bad;
    /* after "end": only the final newline */
    if (text[r->sc.pos + r->len] == '\n' && text[r->sc.pos + r->len + 1] != 0) {
        diag_set(err, r->line + 1, 1, "expected nothing after 'end'");
        goto bad;
    }
    free(st);
    return b;
bad:
    free(st);
    free(source);
    sb_free(&ptext);
    if (b)
        board_free(b); /* frees pz too */
    else if (pz)
        puzzle_free(pz);
    return NULL;
}

static board *load_text(const char *text, size_t len, const char *source, double deadline,
                        bool *ran_out, diag *err);

board *board_load(const char *path, diag *err)
{
    bool ran_out = false;
    return board_load_within(path, 0, &ran_out, err);
}

board *board_load_within(const char *path, double seconds, bool *ran_out, diag *err)
{
    double deadline = seconds > 0 ? monotonic_seconds() + seconds : 0;
    *ran_out = false;
    err->source = path;
    size_t len = 0;
    char *text = read_file(path, SAVE_MAX_BYTES, &len);
    if (!text) {
        diag_read_failed(err, errno, SAVE_MAX_BYTES, "a save");
        return NULL;
    }
    board *b = load_text(text, len, path, deadline, ran_out, err);
    free(text);
    return b;
}

board *board_load_text(const char *text, size_t len, const char *source, diag *err)
{
    bool ran_out = false;
    return load_text(text, len, source, 0, &ran_out, err);
}

static board *load_text(const char *text, size_t len, const char *source, double deadline,
                        bool *ran_out, diag *err)
{
    err->source = source;
    size_t n = strnlen(text, len);
    if (n != len) {
        int line, col;
        text_position(text, n, &line, &col);
        diag_set(err, line, col, "binary data (a NUL byte) in a save file");
        return NULL;
    }
    /* parse_save reads up to a terminating NUL, which text may lack */
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = 0;
    board *b = parse_save(copy, source, deadline, ran_out, err);
    free(copy);
    return b;
}

void board_format(const board *b, strbuf *out)
{
    format_save(b, out);
}

/* Formats v into out (emptied first); true when it keeps the limits. */
static bool format_fits(const board *v, size_t max_bytes, int max_steps, strbuf *out)
{
    out->n = 0;
    if (out->s)
        out->s[0] = 0;
    format_save(v, out);
    return out->n <= max_bytes && v->nsteps <= max_steps;
}

/* The first m steps of b's history as one: what they changed together
 * from the starting board (no entries when they undo each other). */
static board_step merged_steps(const board *b, int m)
{
    const puzzle *pz = b->pz;
    int *start = xcalloc((size_t)pz->nstate + 1, sizeof *start);
    int *st = xcalloc((size_t)pz->nstate + 1, sizeof *st);
    pz->family->init_state(pz->data, start);
    memcpy(st, start, (size_t)pz->nstate * sizeof *st);
    for (int i = 0; i < m; i++) {
        bool ok = replay(st, &b->steps[i], true);
        assert(ok); /* the history is a chain from the start */
        (void)ok;
    }
    board_step merged = {0};
    for (int k = 0; k < pz->nstate; k++)
        if (st[k] != start[k]) {
            vec_push(&merged.idx, k);
            vec_push(&merged.before, start[k]);
            vec_push(&merged.after, st[k]);
        }
    free(start);
    free(st);
    return merged;
}

/* A save over the limits (a history of more than SAVE_MAX_STEPS steps,
 * or tens of megabytes of Solve steps on a big board) keeps the board and
 * as much history as fits: the oldest steps are merged into one, more of
 * them each time; if that is not enough, the redo tail goes too. */
bool board_format_checked(const board *b, strbuf *out, diag *err)
{
    if (strlen(b->pz->text) > MAX_PUZZLE_BYTES) {
        diag_set(err, 0, 0, "the puzzle is over %u MiB", MAX_PUZZLE_BYTES >> 20);
        return false;
    }
    return board_format_within(b, SAVE_MAX_BYTES, SAVE_MAX_STEPS, out, err);
}

bool board_format_within(const board *b, size_t max_bytes, int max_steps, strbuf *out,
                         diag *err)
{
    if (format_fits(b, max_bytes, max_steps, out))
        return true;
    board_step *steps = xcalloc((size_t)b->nsteps + 1, sizeof *steps);
    bool fit = false;
    for (int drop_redo = 0; drop_redo < 2 && !fit; drop_redo++) {
        int tail = drop_redo ? 0 : b->nsteps - b->pos;
        int m = b->pos + tail - max_steps + 1;
        m = m < 1 ? 1 : m > b->pos ? b->pos : m;
        for (;; m = m * 2 > b->pos ? b->pos : m * 2) {
            board v = *b;
            board_step merged = m > 0 ? merged_steps(b, m) : (board_step){0};
            int n = 0;
            if (merged.idx.n > 0)
                steps[n++] = merged;
            memcpy(steps + n, b->steps + m, (size_t)(b->pos + tail - m) * sizeof *steps);
            v.steps = steps;
            v.pos = n + b->pos - m;
            v.nsteps = v.pos + tail;
            fit = format_fits(&v, max_bytes, max_steps, out);
            vec_free(&merged.idx);
            vec_free(&merged.before);
            vec_free(&merged.after);
            if (fit || m >= b->pos)
                break;
        }
    }
    free(steps);
    if (!fit)
        diag_set(err, 0, 0, "the game is too large to save (over %zu bytes even without its history)",
                 max_bytes);
    return fit;
}

board *board_resume(const puzzle *pz, const char *dir, diag *note)
{
    char path[PATH_MAX];
    board_save_path(pz, dir, path, sizeof path);
    if (note)
        note->msg[0] = 0;
    struct stat sb;
    if (stat(path, &sb) != 0)
        return NULL;
    diag err = {0};
    board *b = board_load(path, &err);
    char why[PATH_MAX + 512];
    if (b) {
        char *mine = normalized_text(pz->text), *theirs = normalized_text(b->pz->text);
        bool same = strcmp(mine, theirs) == 0 && b->pz->family == pz->family;
        free(mine);
        free(theirs);
        if (same) {
            /* keep the name the player used this time */
            free(b->pz->source);
            b->pz->source = xstrdup(pz->source);
            return b;
        }
        board_free(b);
        b = NULL;
        const char *base = strrchr(path, '/');
        snprintf(why, sizeof why, "%s: it belongs to another puzzle", base ? base + 1 : path);
    } else {
        /* the directory is known (FILES in the manual): name the file only */
        const char *base = strrchr(path, '/');
        err.source = base ? base + 1 : path;
        diag_format(&err, why, sizeof why);
    }
    char aside[PATH_MAX + 16];
    snprintf(aside, sizeof aside, "%s.corrupt", path);
    bool moved = rename(path, aside) == 0;
    /* the reason is cut short, the outcome never */
    diag_set(note, 0, 0, "the saved game was unreadable (%.*s); %s", (int)(sizeof note->msg - 200), why,
             moved ? "set aside as .corrupt, a new game starts" : "it could not be set aside");
    return NULL;
}
