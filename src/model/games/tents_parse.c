/* tents_parse.c: reads Tents in its three forms: grid text, the Puzzle
 * Team string and Simon Tatham game IDs.  Errors say line:column and what
 * was expected there. */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "games/tents.h"
#include "scan.h"

tents_puzzle *tents_new(int w, int h)
{
    tents_puzzle *t = xcalloc(1, sizeof *t);
    t->w = w;
    t->h = h;
    t->tree = xcalloc((size_t)(w * h), 1);
    t->given = xmalloc((size_t)(w * h));
    memset(t->given, -1, (size_t)(w * h));
    t->col = xcalloc((size_t)w, sizeof *t->col);
    t->row = xcalloc((size_t)h, sizeof *t->row);
    return t;
}

void tents_index_facts(tents_puzzle *t)
{
    int n = t->w * t->h;
    free(t->fact_of_cell);
    free(t->cell_of_fact);
    t->fact_of_cell = xmalloc((size_t)n * sizeof *t->fact_of_cell);
    t->cell_of_fact = xmalloc((size_t)n * sizeof *t->cell_of_fact);
    int k = 0;
    for (int c = 0; c < n; c++) {
        if (t->tree[c]) {
            t->fact_of_cell[c] = -1;
        } else {
            t->cell_of_fact[k] = c;
            t->fact_of_cell[c] = 2 * k++;
        }
    }
    t->nfacts = 2 * k;
}

void tents_free(void *pz)
{
    tents_puzzle *t = pz;
    if (!t)
        return;
    free(t->tree);
    free(t->given);
    free(t->col);
    free(t->row);
    free(t->fact_of_cell);
    free(t->cell_of_fact);
    free(t);
}

/* Reads ",n" W+H times: the clue list shared by IDs and Puzzle Team strings. */
static bool read_clues(const scan *r, size_t *pos, tents_puzzle *t)
{
    for (int i = 0; i < t->w + t->h; i++) {
        bool is_col = i < t->w;
        int limit = is_col ? t->h : t->w;
        char what[96];
        snprintf(what, sizeof what, "a tent count for %s %d", is_col ? "column" : "row",
                 is_col ? i + 1 : i - t->w + 1);
        if (r->text[*pos] != ',') {
            return scan_fail(r, *pos, "',' then %s (%d column and %d row counts expected)", what,
                             t->w, t->h);
        }
        (*pos)++;
        if (!scan_number(r, pos, limit, is_col ? &t->col[i] : &t->row[i - t->w], what))
            return false;
    }
    return true;
}

static bool at_end(const scan *r, size_t pos)
{
    while (r->text[pos] && isspace((unsigned char)r->text[pos]))
        pos++;
    if (r->text[pos])
        return scan_fail(r, pos, "end of input after the last clue");
    return true;
}

/* WxH[dX]:GRID,clues (Simon Tatham's game ID). */
static tents_puzzle *parse_tatham(const scan *r, size_t pos)
{
    int w, h;
    if (!scan_number(r, &pos, TENTS_MAX_SIDE, &w, "the grid width"))
        return NULL;
    h = w;
    if (r->text[pos] == 'x') {
        pos++;
        if (!scan_number(r, &pos, TENTS_MAX_SIDE, &h, "the grid height after 'x'"))
            return NULL;
    }
    if (w < 1 || h < 1) {
        scan_fail(r, 0, "a grid of at least 1x1");
        return NULL;
    }
    while (r->text[pos] && r->text[pos] != ':') {
        if (!isalnum((unsigned char)r->text[pos])) {
            scan_fail(r, pos, "':' after the parameters (such as 8x8de:)");
            return NULL;
        }
        pos++;
    }
    if (r->text[pos] != ':') {
        scan_fail(r, pos, "':' after the parameters (such as 8x8de:)");
        return NULL;
    }
    pos++;
    tents_puzzle *t = tents_new(w, h);
    long i = 0, area = (long)w * h;
    int last = -1; /* the object just placed, for '!' and '-' */
    for (;;) {
        char c = r->text[pos];
        if (c == '_' || (c >= 'a' && c <= 'y')) {
            i += c == '_' ? 0 : c - 'a' + 1;
            if (i > area) {
                scan_fail(r, pos, "a run that ends inside the grid");
                goto bad;
            }
            if (i == area) { /* the closing sentinel tree */
                pos++;
                break;
            }
            assert(i < area);
            t->tree[i] = 1;
            last = (int)i++;
        } else if (c == 'z') {
            i += 25;
            last = -1;
            if (i > area) {
                scan_fail(r, pos, "a run that ends inside the grid");
                goto bad;
            }
        } else if (c == '!' || c == '-') {
            if (last < 0) {
                scan_fail(r, pos, "a tree for '!' or '-' to turn into a given");
                goto bad;
            }
            t->tree[last] = 0;
            t->given[last] = c == '!' ? TENTS_TENT : TENTS_GRASS;
            last = -1;
        } else if (c == ',' || c == 0 || isspace((unsigned char)c)) {
            scan_fail(r, pos, "more grid: a run letter ending exactly one past the last cell");
            goto bad;
        } else {
            scan_fail(r, pos, "a grid character: '_', 'a'..'z', '!' or '-'");
            goto bad;
        }
        pos++;
    }
    if (!read_clues(r, &pos, t) || !at_end(r, pos))
        goto bad;
    return t;
bad:
    tents_free(t);
    return NULL;
}

/* TREES,c1..cW,r1..rH with runs of empty cells between trees. */
static tents_puzzle *parse_puzzle_team(const scan *r, size_t start)
{
    const char *s = r->text;
    size_t runs_end = start + strcspn(s + start, ",");
    int nclues = 0;
    for (size_t p = runs_end; s[p] && s[p] != '\n'; p++)
        nclues += s[p] == ',';
    if (nclues % 2 != 0 || nclues == 0) {
        scan_fail(r, runs_end, "as many column counts as row counts after the trees (a square grid)");
        return NULL;
    }
    int w = nclues / 2;
    if (w > TENTS_MAX_SIDE) {
        scan_fail(r, runs_end, "at most 256 columns");
        return NULL;
    }
    tents_puzzle *t = tents_new(w, w);
    long i = 0, area = (long)w * w;
    for (size_t p = start; p < runs_end; p++) {
        char c = s[p];
        if (c != '_' && !(c >= 'a' && c <= 'z')) {
            scan_fail(r, p, "a run letter: '_' or 'a'..'z'");
            goto bad;
        }
        if (p > start) { /* a tree stands between consecutive runs */
            if (i >= area) {
                scan_fail(r, p, "no more trees: the grid is already full");
                goto bad;
            }
            t->tree[i++] = 1;
        }
        i += c == '_' ? 0 : c - 'a' + 1;
        if (i > area) {
            scan_fail(r, p, "a shorter run: it goes past the last cell");
            goto bad;
        }
    }
    if (i != area) {
        scan_fail(r, runs_end, "runs covering all %ld cells of a %dx%d grid (they cover %ld)", area,
                  w, w, i);
        goto bad;
    }
    size_t pos = runs_end;
    if (!read_clues(r, &pos, t) || !at_end(r, pos))
        goto bad;
    return t;
bad:
    tents_free(t);
    return NULL;
}

/* Reads whitespace- or comma-separated counts from [pos, end). */
static int read_count_list(const scan *r, size_t pos, size_t end, int *vals, int max, int limit,
                           const char *what)
{
    int n = 0;
    while (pos < end) {
        char c = r->text[pos];
        if (c == ' ' || c == '\t' || c == ',') {
            pos++;
            continue;
        }
        if (n == max) {
            scan_fail(r, pos, "no more clues (one per column)");
            return -1;
        }
        if (!scan_number(r, &pos, limit, &vals[n], what))
            return -1;
        n++;
    }
    return n;
}

/* Grid text: a header of column clues, then rows "clue cells".  Clues of 10
 * or more use the spaced form: "  12 3 4" and "12 ..T.". */
static tents_puzzle *parse_grid_text(const scan *r)
{
    scan_span *lines;
    int n = scan_lines(r->text, 0, &lines);
    tents_puzzle *t = NULL;
    if (n < 2) {
        scan_fail(r, n ? lines[0].start + lines[0].len : 0,
                  "a line of column clues and at least one row");
        goto bad;
    }
    const char *s = r->text;
    scan_span hd = lines[0];
    int h = n - 1;
    if (h > TENTS_MAX_SIDE) {
        scan_fail(r, lines[TENTS_MAX_SIDE + 1].start, "at most 256 rows");
        goto bad;
    }
    /* The width comes from the first row: its cells after the clue. */
    scan_span r0 = lines[1];
    size_t sp = 0;
    while (sp < r0.len && s[r0.start + sp] != ' ' && s[r0.start + sp] != '\t')
        sp++;
    bool spaced_rows = sp < r0.len;
    int w = spaced_rows ? 0 : (int)r0.len - 1;
    if (spaced_rows) {
        size_t p = sp;
        while (p < r0.len && (s[r0.start + p] == ' ' || s[r0.start + p] == '\t'))
            p++;
        w = (int)(r0.len - p);
    }
    if (w < 1) {
        scan_fail(r, r0.start + r0.len, "at least one cell after the row clue");
        goto bad;
    }
    if (w > TENTS_MAX_SIDE) {
        scan_fail(r, r0.start, "at most 256 columns");
        goto bad;
    }
    t = tents_new(w, h);
    /* header: one leading character, then digits or a spaced list */
    bool spaced_header = false;
    for (size_t p = 1; p < hd.len; p++)
        if (s[hd.start + p] == ' ' || s[hd.start + p] == ',')
            spaced_header = true;
    if (spaced_header) {
        int got = read_count_list(r, hd.start + 1, hd.start + hd.len, t->col, w, h,
                                  "a column clue (a number)");
        if (got < 0)
            goto bad;
        if (got != w) {
            scan_fail(r, hd.start + hd.len, "%d column clues (found %d)", w, got);
            goto bad;
        }
    } else {
        if ((int)hd.len - 1 != w) {
            scan_fail(r, hd.start + (hd.len > (size_t)w + 1 ? (size_t)w + 1 : hd.len),
                      "%d column clues after the leading character (found %d)", w, (int)hd.len - 1);
            goto bad;
        }
        for (int x = 0; x < w; x++) {
            char c = s[hd.start + 1 + (size_t)x];
            if (!isdigit((unsigned char)c)) {
                scan_fail(r, hd.start + 1 + (size_t)x, "a column clue digit 0-9");
                goto bad;
            }
            t->col[x] = c - '0';
            if (t->col[x] > h) {
                scan_fail(r, hd.start + 1 + (size_t)x, "a column clue no larger than the number of rows");
                goto bad;
            }
        }
    }
    for (int y = 0; y < h; y++) {
        scan_span ln = lines[y + 1];
        size_t p = ln.start, end = ln.start + ln.len;
        if (!scan_number(r, &p, w, &t->row[y], "a row clue (a tent count)"))
            goto bad;
        if (p - ln.start > 1 || spaced_rows) {
            if (p < end && s[p] != ' ' && s[p] != '\t') {
                scan_fail(r, p, "a space between a spaced row clue and the cells");
                goto bad;
            }
            while (p < end && (s[p] == ' ' || s[p] == '\t'))
                p++;
        }
        if ((int)(end - p) != w) {
            scan_fail(r, (int)(end - p) > w ? p + (size_t)w : end, "%d cells in this row (found %d)", w,
                      (int)(end - p));
            goto bad;
        }
        for (int x = 0; x < w; x++, p++) {
            int c = y * w + x;
            switch (s[p]) {
            case '.': break;
            case 'T': t->tree[c] = 1; break;
            case '*': t->given[c] = TENTS_TENT; break;
            case '-': t->given[c] = TENTS_GRASS; break;
            default:
                scan_fail(r, p, "a cell: '.' empty, 'T' tree, '*' given tent or '-' given grass");
                goto bad;
            }
        }
    }
    free(lines);
    return t;
bad:
    free(lines);
    tents_free(t);
    return NULL;
}

static bool looks_like_puzzle_team(const char *s)
{
    size_t p = 0;
    while (s[p] == '_' || (s[p] >= 'a' && s[p] <= 'z'))
        p++;
    return p > 0 && s[p] == ',';
}

int tents_sniff(const char *s)
{
    s += scan_skip_space_and_comments(s, 0);
    if (scan_looks_like_id(s, ":")) {
        const char *desc = strchr(s, ':') + 1;
        /* Tracks IDs have hex digit pieces and an S clue; Tents have neither. */
        for (const char *p = desc; *p && *p != ','; p++)
            if (!(*p == '_' || *p == '!' || *p == '-' || (*p >= 'a' && *p <= 'z')))
                return 0;
        return strchr(desc, 'S') ? 0 : 2;
    }
    if (looks_like_puzzle_team(s))
        return 2;
    /* grid text: rows of '.', 'T' after a clue */
    return strstr(s, "T") && strspn(s, "0123456789 .T*-\r\n\t#") > 8 ? 1 : 0;
}

void *tents_parse(const char *text, diag *err, int *nstate)
{
    scan r = scan_start(text, err);
    size_t p = scan_skip_space_and_comments(text, 0);
    tents_puzzle *t;
    if (!text[p]) {
        diag_set(err, 1, 1, "a Tents puzzle (the input is empty)");
        return NULL;
    }
    /* copy without leading blank so positions stay right: parse in place */
    if (scan_looks_like_id(text + p, ":"))
        t = parse_tatham(&r, p);
    else if (looks_like_puzzle_team(text + p))
        t = parse_puzzle_team(&r, p);
    else
        t = parse_grid_text(&r);
    if (!t)
        return NULL;
    tents_index_facts(t);
    *nstate = t->w * t->h;
    return t;
}

void tents_write_id(const tents_puzzle *t, strbuf *out)
{
    sb_printf(out, "%dx%d:", t->w, t->h);
    int n = t->w * t->h, run = 0;
    /* Objects: trees, and givens (written as a tree then '!' or '-'). */
    for (int c = 0; c <= n; c++) {
        bool object = c == n || t->tree[c] || t->given[c] >= 0;
        if (!object) {
            if (++run == 26) { /* 'z' skips 25 and places nothing */
                sb_putc(out, 'z');
                run = 1;
            }
            continue;
        }
        sb_putc(out, run == 0 ? '_' : (char)('a' + run - 1));
        run = 0;
        if (c < n && t->given[c] >= 0)
            sb_putc(out, t->given[c] == TENTS_TENT ? '!' : '-');
    }
    for (int x = 0; x < t->w; x++)
        sb_printf(out, ",%d", t->col[x]);
    for (int y = 0; y < t->h; y++)
        sb_printf(out, ",%d", t->row[y]);
}
