/* tracks_parse.c: reads Train Tracks in its two forms, the CSV grid of the
 * SMT article and Simon Tatham game IDs, and writes Tatham IDs.  Errors say
 * line:column and what was expected there. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tracks.h"
#include "scan.h"

tracks_puzzle *tracks_new(int w, int h)
{
    tracks_puzzle *t = xcalloc(1, sizeof *t);
    t->w = w;
    t->h = h;
    t->given = xcalloc((size_t)(w * h), 1);
    t->col = xcalloc((size_t)w, sizeof *t->col);
    t->row = xcalloc((size_t)h, sizeof *t->row);
    t->nh = (w - 1) * h;
    t->nedges = t->nh + w * (h - 1);
    t->end_cell[0] = t->end_cell[1] = -1;
    return t;
}

void tracks_free(void *pz)
{
    tracks_puzzle *t = pz;
    if (!t)
        return;
    free(t->given);
    free(t->col);
    free(t->row);
    free(t);
}

/* Tatham's direction bits are 1 right, 2 up, 4 left, 8 down; ours are
 * 1 east, 2 south, 4 west, 8 north. */
static int from_tatham(int v)
{
    return (v & 1 ? TRACKS_E : 0) | (v & 2 ? TRACKS_N : 0) | (v & 4 ? TRACKS_W : 0) |
           (v & 8 ? TRACKS_S : 0);
}

static int to_tatham(int v)
{
    return (v & TRACKS_E ? 1 : 0) | (v & TRACKS_N ? 2 : 0) | (v & TRACKS_W ? 4 : 0) |
           (v & TRACKS_S ? 8 : 0);
}

static int popcount4(int v) { return (v & 1) + (v >> 1 & 1) + (v >> 2 & 1) + (v >> 3 & 1); }

/* Directions of a cell's sides that face off the board. */
static int border_bits(const tracks_puzzle *t, int cell)
{
    int x = cell % t->w, y = cell / t->w;
    return (x == t->w - 1 ? TRACKS_E : 0) | (y == t->h - 1 ? TRACKS_S : 0) |
           (x == 0 ? TRACKS_W : 0) | (y == 0 ? TRACKS_N : 0);
}

static void skip_blanks(const char *s, size_t *pos)
{
    while (s[*pos] == ' ' || s[*pos] == '\t')
        (*pos)++;
}

static bool at_end(const scan *r, size_t pos)
{
    pos = scan_skip_space_and_comments(r->text, pos);
    if (r->text[pos])
        return scan_fail(r, pos, "end of input after the last clue");
    return true;
}

/* Positions of the given pieces, so that a late check can point at one. */
typedef struct {
    int_vec cell, pos;
} piece_list;

/* The given pieces must not point off the board except at the two ends. */
static bool check_pieces(const scan *r, const tracks_puzzle *t, const piece_list *pl)
{
    for (int i = 0; i < pl->cell.n; i++) {
        int c = pl->cell.v[i];
        int off = t->given[c] & border_bits(t, c) & ~tracks_end_bits(t, c);
        if (off)
            return scan_fail(r, (size_t)pl->pos.v[i],
                             "a piece that stays on the board (the piece at row %d, column %d points "
                             "off it away from the entrance and exit)",
                             c / t->w + 1, c % t->w + 1);
    }
    return true;
}

/* WxH[dX][o]:GRID,c0..c(W-1),r0..r(H-1), one column and one row count with
 * an 'S' prefix (Simon Tatham's game ID). */
static tracks_puzzle *parse_tatham(const scan *r, size_t pos)
{
    const char *s = r->text;
    int w, h;
    size_t start = pos;
    if (!scan_number(r, &pos, TRACKS_MAX_SIDE, &w, "the grid width"))
        return NULL;
    h = w;
    if (s[pos] == 'x') {
        pos++;
        if (!scan_number(r, &pos, TRACKS_MAX_SIDE, &h, "the grid height after 'x'"))
            return NULL;
    }
    if (w < 1 || h < 1) {
        scan_fail(r, start, "a grid of at least 1x1");
        return NULL;
    }
    while (s[pos] && s[pos] != ':') {
        if (s[pos] == '#') {
            scan_fail(r, pos, "':' and the grid (a random-seed ID with '#' can only be replayed by "
                              "Tatham's own generator)");
            return NULL;
        }
        if (!isalnum((unsigned char)s[pos])) {
            scan_fail(r, pos, "':' after the parameters (such as 8x8dt:)");
            return NULL;
        }
        pos++;
    }
    if (s[pos] != ':') {
        scan_fail(r, pos, "':' after the parameters (such as 8x8dt:)");
        return NULL;
    }
    pos++;
    tracks_puzzle *t = tracks_new(w, h);
    piece_list pl = {{0}, {0}};
    long i = 0, area = (long)w * h;
    while (i < area) {
        char c = s[pos];
        if (c >= 'a' && c <= 'z') {
            i += c - 'a' + 1;
            if (i > area) {
                scan_fail(r, pos, "a run that ends inside the grid (%ld cells)", area);
                goto bad;
            }
        } else if (isdigit((unsigned char)c) || (c >= 'A' && c <= 'F')) {
            int v = isdigit((unsigned char)c) ? c - '0' : c - 'A' + 10;
            if (v != 0) {
                if (popcount4(v) != 2) {
                    scan_fail(r, pos, "a track piece with exactly two ends: 3, 5, 6, 9, A or C "
                                      "(1 right, 2 up, 4 left, 8 down)");
                    goto bad;
                }
                t->given[i] = (unsigned char)from_tatham(v);
                vec_push(&pl.cell, (int)i);
                vec_push(&pl.pos, (int)pos);
            }
            i++;
        } else if (c == ',' || c == 0 || isspace((unsigned char)c)) {
            scan_fail(r, pos, "more grid: %ld more cells of the %dx%d grid", area - i, w, h);
            goto bad;
        } else {
            scan_fail(r, pos, "a grid character: 'a'..'z' (empty cells) or a hex digit piece "
                              "(3, 5, 6, 9, A, C)");
            goto bad;
        }
        pos++;
    }
    int scol = -1, srow = -1;
    for (int k = 0; k < w + h; k++) {
        bool is_col = k < w;
        int idx = is_col ? k : k - w;
        if (s[pos] != ',') {
            scan_fail(r, pos, "',' then the track count of %s %d (%d column and %d row counts)",
                      is_col ? "column" : "row", idx + 1, w, h);
            goto bad;
        }
        pos++;
        if (s[pos] == 'S') {
            int *sp = is_col ? &scol : &srow;
            if (*sp >= 0) {
                scan_fail(r, pos, "one 'S' among the %s counts (%s %d already has it)",
                          is_col ? "column" : "row", is_col ? "column" : "row", *sp + 1);
                goto bad;
            }
            *sp = idx;
            pos++;
        }
        char what[96];
        snprintf(what, sizeof what, "the track count of %s %d", is_col ? "column" : "row", idx + 1);
        if (!scan_number(r, &pos, is_col ? h : w, is_col ? &t->col[idx] : &t->row[idx], what))
            goto bad;
    }
    if (scol < 0 || srow < 0) {
        scan_fail(r, pos, "an 'S' before one %s count (it marks the %s)", scol < 0 ? "column" : "row",
                  scol < 0 ? "exit on the bottom edge" : "entrance on the left edge");
        goto bad;
    }
    if (!at_end(r, pos))
        goto bad;
    t->end_cell[0] = srow * w;
    t->end_dir[0] = TRACKS_W;
    t->end_cell[1] = (h - 1) * w + scol;
    t->end_dir[1] = TRACKS_S;
    if (!check_pieces(r, t, &pl))
        goto bad;
    vec_free(&pl.cell);
    vec_free(&pl.pos);
    return t;
bad:
    vec_free(&pl.cell);
    vec_free(&pl.pos);
    tracks_free(t);
    return NULL;
}

/* Reads ",n" items of a CSV line from *pos (before each item a comma,
 * blanks allowed around it). */
static bool csv_next(const scan *r, size_t *pos, size_t end, const char *what)
{
    skip_blanks(r->text, pos);
    if (*pos >= end || r->text[*pos] != ',')
        return scan_fail(r, *pos, "',' then %s", what);
    (*pos)++;
    skip_blanks(r->text, pos);
    return true;
}

static bool csv_line_end(const scan *r, size_t pos, size_t end, const char *what)
{
    skip_blanks(r->text, &pos);
    if (pos < end && r->text[pos] == ',') { /* a trailing comma is harmless */
        pos++;
        skip_blanks(r->text, &pos);
    }
    if (pos < end)
        return scan_fail(r, pos, "the end of the line after %s", what);
    return true;
}

/* "R,c1,...,cW" then per row "r,code,...,code" (the SMT article's CSV). */
static tracks_puzzle *parse_csv(const scan *r, size_t from)
{
    const char *s = r->text;
    scan_span *lines = NULL;
    int n = scan_lines(s, from, &lines);
    tracks_puzzle *t = NULL;
    piece_list pl = {{0}, {0}};
    assert(n >= 1); /* looks_like_csv saw the header */
    scan_span hd = lines[0];
    size_t end = hd.start + hd.len, pos = hd.start;
    skip_blanks(s, &pos);
    pos++; /* the 'R' */
    /* the width is the number of items on the header line */
    int w = 0;
    for (size_t p = pos; p < end; p++)
        w += s[p] == ',';
    if (w > 0 && s[end - 1] == ',')
        w--;
    if (w < 1) {
        scan_fail(r, end, "',' then the column counts after 'R'");
        goto bad;
    }
    if (w > TRACKS_MAX_SIDE) {
        scan_fail(r, hd.start, "at most %d columns", TRACKS_MAX_SIDE);
        goto bad;
    }
    int h = n - 1;
    if (h < 1) {
        scan_fail(r, end, "a row line (its count, then one piece code per column) after the header");
        goto bad;
    }
    if (h > TRACKS_MAX_SIDE) {
        scan_fail(r, lines[TRACKS_MAX_SIDE + 1].start, "at most %d rows", TRACKS_MAX_SIDE);
        goto bad;
    }
    t = tracks_new(w, h);
    char what[96];
    for (int x = 0; x < w; x++) {
        snprintf(what, sizeof what, "the track count of column %d", x + 1);
        if (!csv_next(r, &pos, end, what) || !scan_number(r, &pos, h, &t->col[x], what))
            goto bad;
    }
    if (!csv_line_end(r, pos, end, "the last column count"))
        goto bad;
    for (int y = 0; y < h; y++) {
        scan_span ln = lines[y + 1];
        pos = ln.start;
        end = ln.start + ln.len;
        skip_blanks(s, &pos);
        snprintf(what, sizeof what, "the track count of row %d", y + 1);
        if (!scan_number(r, &pos, w, &t->row[y], what))
            goto bad;
        for (int x = 0; x < w; x++) {
            snprintf(what, sizeof what, "the piece code of row %d, column %d (%d columns)", y + 1,
                     x + 1, w);
            if (!csv_next(r, &pos, end, what))
                goto bad;
            size_t at = pos;
            int v;
            if (!scan_number(r, &pos, 99, &v, what))
                goto bad;
            if (v != 0 && (v > 15 || popcount4(v) != 2)) {
                scan_fail(r, at, "a piece code: 0 (none) or 3, 5, 6, 9, 10, 12 (two of 1 east, "
                                 "2 south, 4 west, 8 north)");
                goto bad;
            }
            int c = y * w + x;
            t->given[c] = (unsigned char)v;
            if (v) {
                vec_push(&pl.cell, c);
                vec_push(&pl.pos, (int)at);
            }
        }
        if (!csv_line_end(r, pos, end, "the last piece of the row"))
            goto bad;
    }
    /* The ends are the given pieces pointing off the board. */
    int nends = 0;
    for (int i = 0; i < pl.cell.n; i++) {
        int c = pl.cell.v[i];
        int off = t->given[c] & border_bits(t, c);
        for (int d = 1; d <= 8; d <<= 1) {
            if (!(off & d))
                continue;
            if (nends == 2) {
                scan_fail(r, (size_t)pl.pos.v[i],
                          "only two pieces pointing off the board (the entrance and the exit); "
                          "this is a third");
                goto bad;
            }
            t->end_cell[nends] = c;
            t->end_dir[nends++] = d;
        }
    }
    if (nends < 2) {
        scan_fail(r, lines[n - 1].start + lines[n - 1].len,
                  "two given pieces pointing off the board, the entrance and the exit (found %d)",
                  nends);
        goto bad;
    }
    vec_free(&pl.cell);
    vec_free(&pl.pos);
    free(lines);
    return t;
bad:
    vec_free(&pl.cell);
    vec_free(&pl.pos);
    free(lines);
    tracks_free(t);
    return NULL;
}

static bool looks_like_csv(const char *s)
{
    if (*s != 'R' && *s != 'r')
        return false;
    s++;
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == ',';
}

int tracks_sniff(const char *text)
{
    const char *s = text + scan_skip_space_and_comments(text, 0);
    if (looks_like_csv(s))
        return 2;
    if (!scan_looks_like_id(s, ":#"))
        return 0;
    const char *desc = strchr(s, ':');
    if (!desc)
        return 1;
    bool piece = false;
    const char *p = desc + 1;
    for (; *p && *p != ','; p++)
        piece |= isdigit((unsigned char)*p) || (*p >= 'A' && *p <= 'F');
    /* Every Tracks ID has an S on one count; Tents IDs never do. */
    return strchr(p, 'S') ? 2 : piece ? 1 : 0;
}

void *tracks_parse(const char *text, diag *err, int *nstate)
{
    scan r = scan_start(text, err);
    size_t p = scan_skip_space_and_comments(text, 0);
    tracks_puzzle *t;
    if (!text[p]) {
        diag_set(err, 1, 1, "a Train Tracks puzzle (the input is empty)");
        return NULL;
    }
    if (isdigit((unsigned char)text[p]))
        t = parse_tatham(&r, p);
    else if (looks_like_csv(text + p))
        t = parse_csv(&r, p);
    else {
        scan_fail(&r, p, "a Train Tracks puzzle: a CSV grid starting with 'R,' or a game ID such as "
                         "8x8:...");
        return NULL;
    }
    if (!t)
        return NULL;
    *nstate = tracks_nstate(t);
    return t;
}

static void put_run(strbuf *out, int *run)
{
    while (*run > 0) {
        int k = *run > 26 ? 26 : *run;
        sb_putc(out, (char)('a' + k - 1));
        *run -= k;
    }
}

bool tracks_write_id(const tracks_puzzle *t, strbuf *out)
{
    int a = -1, b = -1; /* which end is Tatham's entrance, which his exit */
    for (int k = 0; k < 2; k++) {
        int c = t->end_cell[k];
        if (t->end_dir[k] == TRACKS_W && c % t->w == 0 && a < 0)
            a = k;
        else if (t->end_dir[k] == TRACKS_S && c / t->w == t->h - 1 && b < 0)
            b = k;
    }
    if (a < 0 || b < 0)
        return false;
    sb_printf(out, "%dx%d:", t->w, t->h);
    int run = 0;
    for (int c = 0; c < t->w * t->h; c++) {
        if (!t->given[c]) {
            run++;
            continue;
        }
        put_run(out, &run);
        sb_putc(out, "0123456789ABCDEF"[to_tatham(t->given[c])]);
    }
    put_run(out, &run);
    int scol = t->end_cell[b] % t->w, srow = t->end_cell[a] / t->w;
    for (int x = 0; x < t->w; x++)
        sb_printf(out, ",%s%d", x == scol ? "S" : "", t->col[x]);
    for (int y = 0; y < t->h; y++)
        sb_printf(out, ",%s%d", y == srow ? "S" : "", t->row[y]);
    return true;
}
