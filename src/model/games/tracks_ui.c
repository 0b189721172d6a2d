/* tracks_ui.c: Train Tracks in the terminal: geometry, drawing pieces with
 * box-drawing lines (ASCII fallback), clue states, loops and branches in
 * the error colour, and what keys, clicks and drags mean. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tracks.h"

static const int DIRS[4] = {TRACKS_E, TRACKS_S, TRACKS_W, TRACKS_N};

/* Two geometries: "big" cells 4 columns by 2 rows, with a row between
 * cells for the north-south edges, and "small" cells 2 by 1 where only
 * east-west edges have a place of their own. */
typedef struct {
    int cx, cy;         /* cursor cell */
    bool big;
    bool compact;       /* the compact zoom: one column a cell, no edge spots */
    int ox, oy;         /* canvas position of cell (0, 0)'s glyph */
    int px, py;         /* pitch */
    int crows;          /* rows of column clues above the board */
    int clue_x;         /* first column of the row clues */
    int rdig, cdig;     /* digits of the widest row / column clue */
    bool pending_x;     /* 'x' typed: the next direction marks an edge */
    int button;         /* mouse button held, 0 none */
    int press_target;   /* owner pressed on */
    int_vec path;       /* cells a drag went through, in order (shown, then
                         * applied as one move on release: one undo) */
} tracks_ui;

static int digits(int v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

static void *ui_create(const void *pz)
{
    const tracks_puzzle *t = pz;
    tracks_ui *u = xcalloc(1, sizeof *u);
    u->big = true;
    u->press_target = -1;
    for (int y = 0; y < t->h; y++)
        if (digits(t->row[y]) > u->rdig)
            u->rdig = digits(t->row[y]);
    for (int x = 0; x < t->w; x++)
        if (digits(t->col[x]) > u->cdig)
            u->cdig = digits(t->col[x]);
    /* start on the entrance, where a player begins */
    u->cx = t->end_cell[0] % t->w;
    u->cy = t->end_cell[0] / t->w;
    return u;
}

static void ui_free(void *ui)
{
    tracks_ui *u = ui;
    if (u)
        vec_free(&u->path);
    free(u);
}

/* Sets the geometry fields for big or small cells; returns the size. */
static void geometry(const tracks_puzzle *t, tracks_ui *u, bool big, int *rows, int *cols)
{
    u->big = big;
    u->px = big ? 4 : u->compact ? 1 : 2;
    u->py = big ? 2 : 1;
    /* big cells have room for clues written across; small ones stack the
     * digits of a column clue downwards */
    u->crows = big ? 1 : u->cdig;
    /* left to right: label, frame, half a cell, then the cells */
    u->ox = big ? 3 : 2;
    u->oy = u->crows + 2; /* clue rows, label row, frame row */
    int last_x = u->ox + u->px * (t->w - 1), last_y = u->oy + u->py * (t->h - 1);
    int frame_r = last_x + (big ? 2 : 1), frame_b = last_y + 1;
    u->clue_x = frame_r + 3;
    *cols = u->clue_x + u->rdig;
    *rows = frame_b + 2;
}

static bool ui_layout(const void *pz, void *ui, int rows, int cols, bool ascii, int *need_rows,
                      int *need_cols)
{
    const tracks_puzzle *t = pz;
    tracks_ui *u = ui;
    (void)ascii;
    int r, c;
    geometry(t, u, !u->compact, &r, &c);
    if (!u->compact && r <= rows && c <= cols) {
        *need_rows = r;
        *need_cols = c;
        return true;
    }
    geometry(t, u, false, &r, &c);
    *need_rows = r;
    *need_cols = c;
    return r <= rows && c <= cols;
}

static void ui_set_compact(void *ui, bool on)
{
    ((tracks_ui *)ui)->compact = on;
}

static int gx(const tracks_ui *u, int x) { return u->ox + u->px * x; }
static int gy(const tracks_ui *u, int y) { return u->oy + u->py * y; }

/* --- glyphs --- */

/* The player's rails in heavy lines; given pieces in double lines, so
 * that they stand apart from the player's (no double half-lines exist:
 * a given end stays heavy, in the given colour). */
static const char *const PIECE_UTF8[16] = {
    NULL, "╺", "╻", "┏", /* -, E, S, ES */
    "╸",  "━", "┓", "┳", /* W, EW, SW, ESW */
    "╹",  "┗", "┃", "┣", /* N, EN, SN, ESN */
    "┛",  "┻", "┫", "╋", /* WN, EWN, SWN, all */
};
static const char *const PIECE_GIVEN[16] = {
    NULL, "╺", "╻", "╔", "╸", "═", "╗", "╦", "╹", "╚", "║", "╠", "╝", "╩", "╣", "╬",
};
static const char *const PIECE_ASCII[16] = {
    NULL, "-", "|", "+", "-", "-", "+", "#", "|", "+", "|", "#", "+", "#", "#", "#",
};
#define G_HLINE "\xe2\x94\x80"
#define G_VLINE "\xe2\x94\x82"
#define G_RAIL_H "━"
#define G_RAIL_V "┃"
#define G_CROSS "\xc3\x97" /* × */
#define G_DOT "\xc2\xb7"   /* · */
#define G_BULLET "\xe2\x80\xa2"

static int bit_count(int v) { return (v & 1) + (v >> 1 & 1) + (v >> 2 & 1) + (v >> 3 & 1); }

/* Which cells sit on a closed loop of the player's track (no end in it,
 * every cell with two ends): those are drawn as errors, as Tatham does. */
static unsigned char *find_loops(const tracks_puzzle *t, const int *state)
{
    int cells = tracks_cells(t);
    unsigned char *loop = xcalloc((size_t)cells, 1);
    int *comp = xcalloc((size_t)cells, sizeof *comp), *queue = xmalloc((size_t)cells * sizeof *queue);
    int id = 0;
    for (int c0 = 0; c0 < cells; c0++) {
        if (comp[c0] || !tracks_piece(t, state, c0))
            continue;
        id++;
        int n = 0, head = 0;
        bool closed = true;
        queue[n++] = c0;
        comp[c0] = id;
        while (head < n) {
            int c = queue[head++];
            int bits = tracks_piece(t, state, c);
            if (bit_count(bits) != 2 || tracks_end_bits(t, c))
                closed = false;
            for (int k = 0; k < 4; k++) {
                int e = tracks_edge(t, c, DIRS[k]);
                if (e < 0 || state[cells + e] != TRACKS_TRACK)
                    continue;
                int nb = tracks_neighbour(t, c, DIRS[k]);
                if (!comp[nb]) {
                    comp[nb] = id;
                    queue[n++] = nb;
                }
            }
        }
        if (closed)
            for (int i = 0; i < n; i++)
                loop[queue[i]] = 1;
    }
    free(comp);
    free(queue);
    return loop;
}

/* The screen spot of an edge's glyph(s): row, first column, width. */
static void edge_spot(const tracks_puzzle *t, const tracks_ui *u, int e, int *y, int *x, int *n,
                      bool *vertical)
{
    int a, b;
    tracks_edge_cells(t, e, &a, &b);
    *vertical = e >= t->nh;
    if (!*vertical && u->compact) { /* no room: shown on the cell west of it */
        *y = gy(u, a / t->w);
        *x = gx(u, a % t->w);
        *n = 1;
    } else if (!*vertical) {
        *y = gy(u, a / t->w);
        *x = gx(u, a % t->w) + 1;
        *n = u->big ? 3 : 1;
    } else if (u->big) {
        *y = gy(u, a / t->w) + 1;
        *x = gx(u, a % t->w);
        *n = 1;
    } else { /* small cells: a north-south edge shows on the upper cell */
        *y = gy(u, a / t->w);
        *x = gx(u, a % t->w);
        *n = 1;
    }
}

static void mark_entry(const tracks_puzzle *t, const tracks_ui *u, canvas *cv, int i, unsigned m)
{
    int cells = tracks_cells(t);
    if (i < 0 || i >= tracks_nstate(t))
        return;
    if (i < cells) {
        int x = gx(u, i % t->w) - (u->big ? 1 : 0);
        canvas_mark(cv, gy(u, i / t->w), x, 1, u->big ? 3 : 1, m);
        return;
    }
    int y, x, n;
    bool vert;
    edge_spot(t, u, i - cells, &y, &x, &n, &vert);
    canvas_mark(cv, y, x, 1, n, m);
}

/* An edge drawn with value v (track, no track or blank). */
static void draw_edge(const tracks_puzzle *t, const tracks_ui *u, canvas *cv, int e, int v, role r,
                      unsigned m)
{
    int y, x, n;
    bool vert;
    edge_spot(t, u, e, &y, &x, &n, &vert);
    if ((vert && !u->big) || u->compact) {
        /* no room: a hint or mark on a north-south edge in small cells
         * (on any edge in the compact zoom) only shows through the marks
         * on the upper (western) cell */
        canvas_mark(cv, y, x, 1, 1, m);
        return;
    }
    for (int i = 0; i < n; i++) {
        bool mid = i == n / 2;
        if (v == TRACKS_TRACK)
            canvas_put(cv, y, x + i, r == ROLE_GIVEN ? (vert ? "║" : "═") : vert ? G_RAIL_V : G_RAIL_H,
                       vert ? "|" : "-", r, m);
        else if (v == TRACKS_NONE && mid)
            canvas_put(cv, y, x + i, G_CROSS, "x", TRACKS_ROLE_NO_TRACK, m);
        else
            canvas_put(cv, y, x + i, " ", " ", ROLE_PLAIN, m);
    }
}

static void draw_cell(const tracks_puzzle *t, const tracks_ui *u, canvas *cv, const int *state,
                      int c, const unsigned char *loop, unsigned m)
{
    int bits = tracks_piece(t, state, c);
    int y = gy(u, c / t->w), x = gx(u, c % t->w);
    if (bits) {
        role r = bit_count(bits) > 2 || loop[c] ? ROLE_ERROR : t->given[c] ? ROLE_GIVEN : TRACKS_ROLE_TRACK;
        const char *h = t->given[c] ? "═" : G_RAIL_H;
        canvas_put(cv, y, x, t->given[c] ? PIECE_GIVEN[bits] : PIECE_UTF8[bits], PIECE_ASCII[bits], r,
                   m | (t->given[c] ? MARK_BOLD : 0));
        if (u->big) { /* the line runs on to the cell's sides */
            canvas_put(cv, y, x - 1, bits & TRACKS_W ? h : " ", bits & TRACKS_W ? "-" : " ", r, m);
            canvas_put(cv, y, x + 1, bits & TRACKS_E ? h : " ", bits & TRACKS_E ? "-" : " ", r, m);
        }
    } else if (state[c] == TRACKS_NONE) {
        canvas_put(cv, y, x, G_CROSS, "x", TRACKS_ROLE_NO_TRACK, m);
    } else if (state[c] == TRACKS_TRACK) {
        canvas_put(cv, y, x, G_BULLET, "o", TRACKS_ROLE_TRACK, m);
    } else {
        canvas_put(cv, y, x, G_DOT, ".", ROLE_DIM, m);
    }
}

static void draw_frame(const tracks_puzzle *t, const tracks_ui *u, canvas *cv)
{
    int left = u->ox - (u->big ? 2 : 1), top = u->oy - 1;
    int right = gx(u, t->w - 1) + (u->big ? 2 : 1), bottom = gy(u, t->h - 1) + 1;
    for (int x = left + 1; x < right; x++) {
        canvas_put(cv, top, x, G_HLINE, "-", ROLE_FRAME, 0);
        canvas_put(cv, bottom, x, G_HLINE, "-", ROLE_FRAME, 0);
    }
    for (int y = top + 1; y < bottom; y++) {
        canvas_put(cv, y, left, G_VLINE, "|", ROLE_FRAME, 0);
        canvas_put(cv, y, right, G_VLINE, "|", ROLE_FRAME, 0);
    }
    canvas_put(cv, top, left, "\xe2\x94\x8c", "+", ROLE_FRAME, 0);
    canvas_put(cv, top, right, "\xe2\x94\x90", "+", ROLE_FRAME, 0);
    canvas_put(cv, bottom, left, "\xe2\x94\x94", "+", ROLE_FRAME, 0);
    canvas_put(cv, bottom, right, "\xe2\x94\x98", "+", ROLE_FRAME, 0);
    /* the entrance A and the exit B: the track runs through the frame to a
     * letter outside it */
    for (int k = 0; k < 2; k++) {
        int c = t->end_cell[k], d = t->end_dir[k];
        int y = gy(u, c / t->w), x = gx(u, c % t->w);
        const char *label = k ? "B" : "A";
        if (d == TRACKS_W || d == TRACKS_E) {
            int fx = d == TRACKS_W ? left : right, s = d == TRACKS_W ? -1 : 1;
            for (int i = x + s * (u->big ? 2 : 1); i != fx + s; i += s)
                canvas_put(cv, y, i, G_RAIL_H, "-", TRACKS_ROLE_TRACK, 0);
            canvas_put(cv, y, fx, G_RAIL_H, "-", TRACKS_ROLE_TRACK, 0);
            canvas_put(cv, y, fx + s, label, label, TRACKS_ROLE_TRACK, MARK_BOLD);
        } else {
            int fy = d == TRACKS_N ? top : bottom, s = d == TRACKS_N ? -1 : 1;
            canvas_put(cv, fy, x, G_RAIL_V, "|", TRACKS_ROLE_TRACK, 0);
            canvas_put(cv, fy + s, x, label, label, TRACKS_ROLE_TRACK, MARK_BOLD);
        }
    }
}

/* How a line stands: track cells, cells ruled out, its length, the clue. */
static role clue_role(int track, int none, int len, int clue)
{
    if (track > clue || len - none < clue)
        return ROLE_CLUE_BROKEN;
    return track == clue ? ROLE_CLUE_MET : ROLE_CLUE;
}

static void line_counts(const tracks_puzzle *t, const int *state, int first, int step, int len,
                        int *track, int *none)
{
    *track = *none = 0;
    for (int i = 0, c = first; i < len; i++, c += step) {
        if (tracks_piece(t, state, c) || state[c] == TRACKS_TRACK)
            (*track)++;
        else if (state[c] == TRACKS_NONE)
            (*none)++;
    }
}

static void draw_row_clue(const tracks_puzzle *t, const tracks_ui *u, canvas *cv, int y, role r,
                          unsigned m)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%d", t->row[y]);
    canvas_text(cv, gy(u, y), u->clue_x + u->rdig - (int)strlen(buf), buf, r, m);
}

static void draw_col_clue(const tracks_puzzle *t, const tracks_ui *u, canvas *cv, int x, role r,
                          unsigned m)
{
    char buf[16];
    int n = snprintf(buf, sizeof buf, "%d", t->col[x]);
    if (u->big) {
        canvas_text(cv, 0, gx(u, x) - (n - 1) / 2, buf, r, m);
        return;
    }
    for (int i = 0; i < n; i++) { /* stacked, the last digit lowest */
        char g[2] = {buf[i], 0};
        canvas_put(cv, u->crows - n + i, gx(u, x), g, g, r, m);
    }
}

static void ui_draw(const void *pz, const void *ui, const int *state, const view *v, canvas *cv)
{
    const tracks_puzzle *t = pz;
    const tracks_ui *u = ui;
    int w = t->w, h = t->h, cells = tracks_cells(t);
    unsigned char *loop = find_loops(t, state);
    draw_frame(t, u, cv);
    for (int e = 0; e < t->nedges; e++) {
        int a, b;
        tracks_edge_cells(t, e, &a, &b);
        int val = state[cells + e];
        role r = TRACKS_ROLE_TRACK;
        if (val == TRACKS_TRACK && (loop[a] || bit_count(tracks_piece(t, state, a)) > 2 ||
                                    bit_count(tracks_piece(t, state, b)) > 2))
            r = ROLE_ERROR;
        else if (tracks_edge_fixed(t, e))
            r = ROLE_GIVEN;
        /* a cross that says no more than its cells do is left out: after a
         * solve the board would be nothing but crosses */
        if (val == TRACKS_NONE && (state[a] == TRACKS_NONE || state[b] == TRACKS_NONE ||
                                   bit_count(tracks_piece(t, state, a)) >= 2 ||
                                   bit_count(tracks_piece(t, state, b)) >= 2))
            val = TRACKS_BLANK;
        draw_edge(t, u, cv, e, val, r, 0);
        int y, x, n;
        bool vert;
        edge_spot(t, u, e, &y, &x, &n, &vert);
        if (!vert && !u->big && !u->compact)
            canvas_own(cv, y, x, 1, n, cells + e);
        else if (u->big)
            canvas_own(cv, y, vert ? x - 1 : x + 1, 1, vert ? 3 : 1, cells + e);
    }
    for (int c = 0; c < cells; c++) {
        draw_cell(t, u, cv, state, c, loop, 0);
        int x = gx(u, c % w) - (u->big ? 1 : 0);
        canvas_own(cv, gy(u, c / w), x, 1, u->big ? 3 : 1, c);
    }
    draw_frame(t, u, cv); /* again: the end stubs go over cell padding */
    for (int y = 0; y < h; y++) {
        int tr, no;
        line_counts(t, state, y * w, 1, w, &tr, &no);
        draw_row_clue(t, u, cv, y, clue_role(tr, no, w, t->row[y]), 0);
    }
    for (int x = 0; x < w; x++) {
        int tr, no;
        line_counts(t, state, x, w, h, &tr, &no);
        draw_col_clue(t, u, cv, x, clue_role(tr, no, h, t->col[x]), 0);
    }
    if (v) {
        for (int i = 0; i < v->nexplain; i++) {
            int g = v->explain_groups[i];
            if (g >= 0 && g < h) {
                int tr, no;
                line_counts(t, state, g * w, 1, w, &tr, &no);
                draw_row_clue(t, u, cv, g, clue_role(tr, no, w, t->row[g]), MARK_EXPLAIN);
            } else if (g >= h && g < h + w) {
                int tr, no;
                line_counts(t, state, g - h, w, h, &tr, &no);
                draw_col_clue(t, u, cv, g - h, clue_role(tr, no, h, t->col[g - h]), MARK_EXPLAIN);
            } else if (g >= h + w) {
                int k = g - h - w; /* the k-th given piece in row-major order */
                for (int c = 0; c < cells; c++)
                    if (t->given[c] && k-- == 0) {
                        mark_entry(t, u, cv, c, MARK_EXPLAIN);
                        break;
                    }
            }
        }
        for (int i = 0; i < v->nexplain_facts; i++)
            mark_entry(t, u, cv, v->explain_facts[i] / 2, MARK_EXPLAIN);
        for (int i = 0; i < v->nconflict; i++)
            mark_entry(t, u, cv, v->conflict_facts[i] / 2, MARK_CONFLICT);
        for (int i = 0; i < v->nhint; i++) {
            int f = v->hint_facts[i];
            if (f < 0 || f >= 2 * tracks_nstate(t))
                continue;
            int entry = f / 2, val = f % 2 ? TRACKS_NONE : TRACKS_TRACK;
            if (entry < cells) {
                int y = gy(u, entry / w), x = gx(u, entry % w);
                if (!tracks_piece(t, state, entry)) {
                    if (val == TRACKS_NONE)
                        canvas_put(cv, y, x, G_CROSS, "x", TRACKS_ROLE_NO_TRACK, 0);
                    else
                        canvas_put(cv, y, x, G_BULLET, "o", TRACKS_ROLE_TRACK, 0);
                }
            } else {
                draw_edge(t, u, cv, entry - cells, val, TRACKS_ROLE_TRACK, 0);
            }
            mark_entry(t, u, cv, entry, MARK_HINT);
        }
    }
    /* a drag in progress: its path, drawn as track, selected */
    for (int k = 0; k < u->path.n; k++) {
        int a = u->path.v[k];
        mark_entry(t, u, cv, a, MARK_SELECTED);
        if (k + 1 < u->path.n && u->button == GAME_MOUSE_LEFT) {
            int b = u->path.v[k + 1];
            int dir = b == a + 1 ? TRACKS_E : b == a - 1 ? TRACKS_W : b > a ? TRACKS_S : TRACKS_N;
            int e = tracks_edge(t, a, dir);
            draw_edge(t, u, cv, e, TRACKS_TRACK, TRACKS_ROLE_TRACK, MARK_SELECTED);
        }
    }
    mark_entry(t, u, cv, u->cy * w + u->cx, MARK_CURSOR);
    free(loop);
}

/* --- input --- */

/* The change that sets board entry i to v, unless the rules of play refuse
 * it (Tatham's UI does too): givens and the ends stay, no track through a
 * cell marked empty, no third end on a cell. */
static bool set_entry(const tracks_puzzle *t, const int *state, int i, int v, move *out)
{
    int cells = tracks_cells(t);
    if (i < 0 || i >= tracks_nstate(t) || state[i] == v)
        return false;
    if (i < cells) {
        if (tracks_cell_fixed(t, i))
            return false;
        if (v == TRACKS_NONE && tracks_piece(t, state, i))
            return false;
        move_set(out, i, v);
        return true;
    }
    int e = i - cells, a, b;
    if (tracks_edge_fixed(t, e))
        return false;
    tracks_edge_cells(t, e, &a, &b);
    if (v == TRACKS_TRACK) {
        if (state[a] == TRACKS_NONE || state[b] == TRACKS_NONE)
            return false;
        if (bit_count(tracks_piece(t, state, a)) >= 2 || bit_count(tracks_piece(t, state, b)) >= 2)
            return false;
    }
    move_set(out, i, v);
    return true;
}

static int toggled(int cur, int want) { return cur == want ? TRACKS_BLANK : want; }

/* Lay (or lift) the track between the cursor cell and its neighbour. */
static input_result step_track(const tracks_puzzle *t, tracks_ui *u, const int *state, int dir,
                               move *out)
{
    int c = u->cy * t->w + u->cx, e = tracks_edge(t, c, dir);
    if (e < 0)
        return INPUT_IGNORED;
    int i = tracks_cells(t) + e;
    int nb = tracks_neighbour(t, c, dir);
    u->cx = nb % t->w;
    u->cy = nb / t->w;
    return set_entry(t, state, i, toggled(state[i], TRACKS_TRACK), out) ? INPUT_MOVE : INPUT_UI;
}

static int key_dir(int key, bool *shifted)
{
    *shifted = false;
    switch (key) {
    case GAME_KEY_RIGHT: return TRACKS_E;
    case GAME_KEY_LEFT: return TRACKS_W;
    case GAME_KEY_UP: return TRACKS_N;
    case GAME_KEY_DOWN: return TRACKS_S;
    case GAME_KEY_RIGHT | GAME_KEY_SHIFT: *shifted = true; return TRACKS_E;
    case GAME_KEY_LEFT | GAME_KEY_SHIFT: *shifted = true; return TRACKS_W;
    case GAME_KEY_UP | GAME_KEY_SHIFT: *shifted = true; return TRACKS_N;
    case GAME_KEY_DOWN | GAME_KEY_SHIFT: *shifted = true; return TRACKS_S;
    default: return 0;
    }
}

/* The cell nearest a canvas position, -1 when off the board. */
static int cell_at(const tracks_puzzle *t, const tracks_ui *u, int y, int x)
{
    int fx = x - u->ox + u->px / 2, fy = y - u->oy + u->py / 2;
    if (fx < 0 || fy < 0)
        return -1;
    int cx = fx / u->px, cy = fy / u->py;
    if (cx >= t->w || cy >= t->h)
        return -1;
    return cy * t->w + cx;
}

/* The drag goes on to cell `to`: along the row first, then the column,
 * one cell at a time, so a fast mouse leaves no gap; stepping back onto
 * the cell before takes the last step back. */
static void drag_to(const tracks_puzzle *t, tracks_ui *u, int to)
{
    int c = u->path.v[u->path.n - 1];
    while (c != to) {
        int dx = to % t->w - c % t->w, dy = to / t->w - c / t->w;
        int dir = dx > 0 ? TRACKS_E : dx < 0 ? TRACKS_W : dy > 0 ? TRACKS_S : TRACKS_N;
        c = tracks_neighbour(t, c, dir);
        if (u->path.n >= 2 && u->path.v[u->path.n - 2] == c)
            u->path.n--;
        else
            vec_push(&u->path, c);
    }
}

/* The drag's move.  Left: lay track along the path, or lift it when the
 * first step is already track (as Tatham's drags set or clear); right:
 * no-track marks on the blank cells passed. */
static void drag_move(const tracks_puzzle *t, const tracks_ui *u, const int *state, move *out)
{
    int cells = tracks_cells(t), total = tracks_nstate(t);
    int *tmp = xmalloc((size_t)total * sizeof *tmp);
    memcpy(tmp, state, (size_t)total * sizeof *tmp);
    int mode = 0;
    for (int k = 0; k + 1 < u->path.n; k++) {
        int a = u->path.v[k], b = u->path.v[k + 1];
        if (u->button == GAME_MOUSE_RIGHT) {
            if (k == 0 && tmp[a] == TRACKS_BLANK && !tracks_piece(t, tmp, a))
                set_entry(t, tmp, a, TRACKS_NONE, out);
            if (tmp[b] == TRACKS_BLANK && !tracks_piece(t, tmp, b))
                set_entry(t, tmp, b, TRACKS_NONE, out);
        } else {
            int dir = b == a + 1 ? TRACKS_E : b == a - 1 ? TRACKS_W : b > a ? TRACKS_S : TRACKS_N;
            int i = cells + tracks_edge(t, a, dir);
            if (!mode)
                mode = tmp[i] == TRACKS_TRACK ? TRACKS_BLANK : TRACKS_TRACK;
            if ((mode == TRACKS_TRACK) != (tmp[i] == TRACKS_TRACK))
                set_entry(t, tmp, i, mode, out);
        }
        for (int j = 0; j < out->idx.n; j++) /* later steps see earlier ones */
            tmp[out->idx.v[j]] = out->val.v[j];
    }
    free(tmp);
}

static input_result mouse(const tracks_puzzle *t, tracks_ui *u, const int *state,
                          const input_event *ev, move *out)
{
    int cells = tracks_cells(t);
    if (ev->action == MOUSE_PRESS) {
        u->button = ev->button;
        u->press_target = ev->target;
        u->path.n = 0;
        int c = ev->target >= 0 && ev->target < cells ? ev->target : cell_at(t, u, ev->y, ev->x);
        if (c >= 0) {
            vec_push(&u->path, c);
            u->cx = c % t->w;
            u->cy = c / t->w;
        }
        return INPUT_UI;
    }
    if (!u->button)
        return INPUT_IGNORED;
    /* only whole cells count while dragging: passing over an edge's glyph
     * decides nothing.  A release over another cell finishes the drag even
     * when the terminal reported no motion on the way. */
    bool moved = false;
    if (ev->target >= 0 && ev->target < cells && u->path.n > 0 &&
        ev->target != u->path.v[u->path.n - 1]) {
        drag_to(t, u, ev->target);
        moved = true;
        u->cx = ev->target % t->w;
        u->cy = ev->target / t->w;
    }
    if (ev->action == MOUSE_DRAG)
        return moved ? INPUT_UI : INPUT_IGNORED;
    /* release: a drag's whole path as one move, or a click when the pointer
     * never left what it pressed */
    if (u->path.n >= 2) {
        drag_move(t, u, state, out);
    } else if (ev->target >= 0 && ev->target == u->press_target) {
        int i = ev->target;
        int want = u->button == GAME_MOUSE_RIGHT ? TRACKS_NONE : TRACKS_TRACK;
        set_entry(t, state, i, toggled(state[i], want), out);
    }
    u->button = 0;
    u->press_target = -1;
    u->path.n = 0;
    return out->idx.n ? INPUT_MOVE : INPUT_UI;
}

static input_result ui_input(const void *pz, void *ui, const int *state, const input_event *ev,
                             move *out)
{
    const tracks_puzzle *t = pz;
    tracks_ui *u = ui;
    if (ev->kind == INPUT_MOUSE)
        return mouse(t, u, state, ev, out);
    int c = u->cy * t->w + u->cx;
    bool shifted;
    int dir = key_dir(ev->key, &shifted);
    if (u->pending_x) {
        u->pending_x = false;
        if (!dir)
            return INPUT_UI; /* anything else cancels */
        int e = tracks_edge(t, c, dir);
        if (e < 0)
            return INPUT_UI;
        int i = tracks_cells(t) + e;
        return set_entry(t, state, i, toggled(state[i], TRACKS_NONE), out) ? INPUT_MOVE : INPUT_UI;
    }
    if (dir && shifted)
        return step_track(t, u, state, dir, out);
    if (dir) {
        int nb = tracks_neighbour(t, c, dir);
        if (nb < 0)
            return INPUT_IGNORED;
        u->cx = nb % t->w;
        u->cy = nb / t->w;
        return INPUT_UI;
    }
    switch (ev->key) {
    case GAME_KEY_SELECT:
        return set_entry(t, state, c, toggled(state[c], TRACKS_TRACK), out) ? INPUT_MOVE : INPUT_IGNORED;
    case ' ':
        return set_entry(t, state, c, toggled(state[c], TRACKS_NONE), out) ? INPUT_MOVE : INPUT_IGNORED;
    case 'x':
        u->pending_x = true;
        return INPUT_UI;
    default: return INPUT_IGNORED;
    }
}

static int ui_fact_distance(const void *pz, const void *ui, const int *state, int fact)
{
    (void)state; /* the facts lie still on the board */
    const tracks_puzzle *t = pz;
    const tracks_ui *u = ui;
    int cells = tracks_cells(t);
    if (fact < 0 || fact >= 2 * tracks_nstate(t))
        return 1 << 30;
    int i = fact / 2, a = i, b = i;
    if (i >= cells)
        tracks_edge_cells(t, i - cells, &a, &b);
    int da = abs(a % t->w - u->cx) + abs(a / t->w - u->cy);
    int db = abs(b % t->w - u->cx) + abs(b / t->w - u->cy);
    return da < db ? da : db;
}

static const char *const ui_help[] = {
    "arrows, j k l   move the cursor",
    "Shift+arrows    lay track to the next cell (again: lift it)",
    "H J K L         the same, by letter",
    "Enter           track in this cell (again: clear)",
    "Space           no track in this cell (again: clear)",
    "x, then arrow   no track across that edge (again: clear)",
    "left drag       lay track cell to cell (starting on track: lift)",
    "left click      a cell: track mark; an edge: track",
    "right click     no track (cell or edge); right drag: cells",
    NULL,
};

static const role_colour COLOURS[] = {
    [TRACKS_ROLE_TRACK - ROLE_FAMILY] = {COLOUR_YELLOW, 130, LOOK_BOLD, 0, 0, 0},
    [TRACKS_ROLE_NO_TRACK - ROLE_FAMILY] = {-1, 244, 0, LOOK_DIM, 0, 0},
};

const game_ui tracks_ui_hooks = {
    .create = ui_create,
    .free = ui_free,
    .layout = ui_layout,
    .draw = ui_draw,
    .input = ui_input,
    .fact_distance = ui_fact_distance,
    .help = ui_help,
    .colours = {COLOURS, (int)(sizeof COLOURS / sizeof COLOURS[0])},
    .set_compact = ui_set_compact,
};
