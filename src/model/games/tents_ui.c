/* tents_ui.c: Tents in the terminal: geometry choice, drawing the board
 * into the canvas (clue states, touching tents, overlays), and what keys
 * and mouse clicks mean (as in Simon Tatham's Tents). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tents.h"

/* A geometry: cell pitch in columns and rows, with or without box lines
 * between cells.  The largest that fits the terminal is used. */
typedef struct {
    int px, py;
    bool lines;
} tents_geom;

static const tents_geom GEOMS[] = {
    {4, 2, true},  /* boxed cells */
    {3, 1, false}, /* roomy glyph rows */
    {2, 1, false}, /* narrow glyph rows */
};
#define NGEOMS ((int)(sizeof GEOMS / sizeof GEOMS[0]))
/* The compact zoom (game.h set_compact): one column a cell, column clues
 * written downwards under the board. */
static const tents_geom COMPACT = {1, 1, false};

typedef struct {
    int cx, cy; /* cursor cell */
    tents_geom g;
    int rdig, cdig;        /* digits of the widest row / column clue */
    int clue_x, clue_y;    /* where row clues start, where column clues sit */
    int press_button;      /* mouse: button held, 0 none */
    int press_cell;        /* cell pressed on, -1 none */
    int drag_cell;         /* cell under a right-button drag, -1 none */
    bool compact;          /* the compact zoom is asked for */
} tents_ui;

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
    const tents_puzzle *t = pz;
    tents_ui *u = xcalloc(1, sizeof *u);
    u->g = GEOMS[0];
    u->press_cell = u->drag_cell = -1;
    for (int y = 0; y < t->h; y++)
        if (digits(t->row[y]) > u->rdig)
            u->rdig = digits(t->row[y]);
    for (int x = 0; x < t->w; x++)
        if (digits(t->col[x]) > u->cdig)
            u->cdig = digits(t->col[x]);
    return u;
}

static void ui_free(void *ui)
{
    free(ui);
}

/* Screen column of cell x's glyph and row of cell y within the canvas. */
static int glyph_x(const tents_ui *u, int x)
{
    return u->g.lines ? x * 4 + 2 : u->g.px == 3 ? x * 3 + 1 : x * u->g.px;
}

static int glyph_y(const tents_ui *u, int y)
{
    return u->g.lines ? y * 2 + 1 : y;
}

static void geom_size(const tents_puzzle *t, const tents_ui *u, tents_geom g, int *rows, int *cols)
{
    if (g.lines) {
        *rows = 2 * t->h + 1 + 1;
        *cols = 4 * t->w + 1 + 1 + u->rdig;
    } else if (g.px == 1) { /* a blank column, then the row clues */
        *rows = t->h + u->cdig;
        *cols = t->w + 1 + u->rdig;
    } else {
        *rows = t->h + 1;
        *cols = g.px * t->w + u->rdig;
    }
}

static void ui_set_compact(void *ui, bool on)
{
    ((tents_ui *)ui)->compact = on;
}

static bool ui_layout(const void *pz, void *ui, int rows, int cols, bool ascii, int *need_rows,
                      int *need_cols)
{
    const tents_puzzle *t = pz;
    tents_ui *u = ui;
    (void)ascii;
    if (u->compact) { /* one geometry; the front end scrolls what does not fit */
        u->g = COMPACT;
        geom_size(t, u, COMPACT, need_rows, need_cols);
        u->clue_x = t->w + 1;
        u->clue_y = t->h;
        return *need_rows <= rows && *need_cols <= cols;
    }
    int best = -1, smallest = -1;
    for (int i = 0; i < NGEOMS; i++) {
        /* two-digit column clues need more than two columns a cell */
        if (!GEOMS[i].lines && GEOMS[i].px <= u->cdig)
            continue;
        int r, c;
        geom_size(t, u, GEOMS[i], &r, &c);
        smallest = i;
        if (best < 0 && r <= rows && c <= cols)
            best = i;
    }
    int pick = best >= 0 ? best : smallest;
    geom_size(t, u, GEOMS[pick], need_rows, need_cols);
    if (best < 0)
        return false;
    u->g = GEOMS[best];
    u->clue_x = u->g.lines ? 4 * t->w + 2 : u->g.px * t->w;
    u->clue_y = u->g.lines ? 2 * t->h + 1 : t->h;
    return true;
}

/* How a row or column stands: its tents, its blank cells, its clue. */
static role clue_role(int tents, int blanks, int clue)
{
    if (tents > clue || tents + blanks < clue)
        return ROLE_CLUE_BROKEN;
    return tents == clue ? ROLE_CLUE_MET : ROLE_CLUE;
}

static bool touches_tent(const tents_puzzle *t, const int *state, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && ny >= 0 && nx < t->w && ny < t->h &&
                state[ny * t->w + nx] == TENTS_TENT)
                return true;
        }
    return false;
}

static void put_value(canvas *cv, int y, int x, int v, role r, unsigned marks)
{
    switch (v) {
    case TENTS_TREE: canvas_put(cv, y, x, "\xe2\x99\xa3", "T", r, marks); break;     /* ♣ */
    case TENTS_TENT: canvas_put(cv, y, x, "\xe2\x96\xb2", "A", r, marks); break;     /* ▲ */
    case TENTS_GRASS: canvas_put(cv, y, x, "\xe2\x80\xa5", "-", r, marks); break;    /* ‥ */
    default: canvas_put(cv, y, x, "\xc2\xb7", ".", r, marks); break;                 /* · */
    }
}

static void draw_lines(const tents_puzzle *t, canvas *cv)
{
    int W = 4 * t->w, H = 2 * t->h;
    for (int y = 0; y <= H; y++)
        for (int x = 0; x <= W; x++) {
            bool vline = x % 4 == 0, hline = y % 2 == 0;
            if (!vline && !hline)
                continue;
            const char *g, *a;
            if (vline && hline) {
                bool top = y == 0, bot = y == H, left = x == 0, right = x == W;
                a = "+";
                if (top)
                    g = left ? "\xe2\x94\x8c" : right ? "\xe2\x94\x90" : "\xe2\x94\xac";
                else if (bot)
                    g = left ? "\xe2\x94\x94" : right ? "\xe2\x94\x98" : "\xe2\x94\xb4";
                else
                    g = left ? "\xe2\x94\x9c" : right ? "\xe2\x94\xa4" : "\xe2\x94\xbc";
            } else if (hline) {
                g = "\xe2\x94\x80";
                a = "-";
            } else {
                g = "\xe2\x94\x82";
                a = "|";
            }
            canvas_put(cv, y, x, g, a, ROLE_FRAME, 0);
        }
}

/* The screen rectangle of a cell (what the cursor and clicks cover). */
static void cell_box(const tents_ui *u, int x, int y, int *by, int *bx, int *bw)
{
    *by = glyph_y(u, y);
    if (u->g.lines) {
        *bx = x * 4 + 1;
        *bw = 3;
    } else {
        *bx = x * u->g.px;
        *bw = u->g.px;
    }
}

static void mark_cell(const tents_ui *u, canvas *cv, int cell, int w, unsigned marks)
{
    int by, bx, bw;
    cell_box(u, cell % w, cell / w, &by, &bx, &bw);
    /* the glyph, plus the padding inside boxed cells */
    if (u->g.lines)
        canvas_mark(cv, by, bx, 1, bw, marks);
    else
        canvas_mark(cv, by, glyph_x(u, cell % w), 1, 1, marks);
}

static void draw_clue(canvas *cv, int y, int x_right, int value, role r, unsigned marks)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%d", value);
    canvas_text(cv, y, x_right - (int)strlen(buf) + 1, buf, r, marks);
}

/* A column clue under its column: across the cell in the roomier
 * geometries, its digits downwards in the compact zoom. */
static void draw_col_clue(const tents_ui *u, canvas *cv, int x, int value, role r, unsigned marks)
{
    if (u->g.px > 1) {
        draw_clue(cv, u->clue_y, glyph_x(u, x), value, r, marks);
        return;
    }
    char buf[16];
    int n = snprintf(buf, sizeof buf, "%d", value);
    for (int i = 0; i < n; i++) {
        char g[2] = {buf[i], 0};
        canvas_put(cv, u->clue_y + i, glyph_x(u, x), g, g, r, marks);
    }
}

/* The blank cells between the drag's start and the cell under it, when
 * they share a row or a column (-1 when not). */
static bool drag_span(const tents_puzzle *t, const tents_ui *u, int *a, int *b, int *step)
{
    if (u->press_button != GAME_MOUSE_RIGHT || u->press_cell < 0 || u->drag_cell < 0 || u->drag_cell == u->press_cell)
        return false;
    int p = u->press_cell, q = u->drag_cell;
    if (p / t->w == q / t->w)
        *step = 1;
    else if (p % t->w == q % t->w)
        *step = t->w;
    else
        return false;
    *a = p < q ? p : q;
    *b = p < q ? q : p;
    return true;
}

static void ui_draw(const void *pz, const void *ui, const int *state, const view *v, canvas *cv)
{
    const tents_puzzle *t = pz;
    const tents_ui *u = ui;
    int w = t->w, h = t->h;
    if (u->g.lines)
        draw_lines(t, cv);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = y * w + x, val = state[c];
            role r = ROLE_DIM;
            if (val == TENTS_TREE)
                r = TENTS_ROLE_TREE;
            else if (val == TENTS_TENT)
                r = touches_tent(t, state, x, y) ? ROLE_ERROR : TENTS_ROLE_TENT;
            else if (val == TENTS_GRASS)
                r = TENTS_ROLE_GRASS;
            else
                val = TENTS_BLANK; /* anything unknown shows as blank */
            unsigned m = t->given[c] >= 0 ? MARK_BOLD : 0;
            int by, bx, bw;
            cell_box(u, x, y, &by, &bx, &bw);
            put_value(cv, glyph_y(u, y), glyph_x(u, x), val, r, m);
            if (t->given[c] >= 0 && u->g.px >= 3) {
                /* a given mark in brackets: the player's own have none
                 * (the compact layout has no room; givens stay bold) */
                canvas_put(cv, glyph_y(u, y), glyph_x(u, x) - 1, "[", "[", ROLE_GIVEN, 0);
                canvas_put(cv, glyph_y(u, y), glyph_x(u, x) + 1, "]", "]", ROLE_GIVEN, 0);
            }
            canvas_own(cv, by, bx, 1, bw, c);
        }
    /* clues: row clues on the right, column clues below (as Tatham) */
    for (int y = 0; y < h; y++) {
        int tents = 0, blanks = 0;
        for (int x = 0; x < w; x++) {
            tents += state[y * w + x] == TENTS_TENT;
            blanks += state[y * w + x] == TENTS_BLANK;
        }
        draw_clue(cv, glyph_y(u, y), u->clue_x + u->rdig - 1, t->row[y],
                  clue_role(tents, blanks, t->row[y]), 0);
    }
    for (int x = 0; x < w; x++) {
        int tents = 0, blanks = 0;
        for (int y = 0; y < h; y++) {
            tents += state[y * w + x] == TENTS_TENT;
            blanks += state[y * w + x] == TENTS_BLANK;
        }
        draw_col_clue(u, cv, x, t->col[x], clue_role(tents, blanks, t->col[x]), 0);
    }
    /* overlays the front end asked for */
    int a, b, step;
    if (drag_span(t, u, &a, &b, &step))
        for (int c = a; c <= b; c += step)
            mark_cell(u, cv, c, w, MARK_SELECTED);
    if (v) {
        for (int i = 0; i < v->nexplain; i++) {
            int g = v->explain_groups[i];
            if (g >= 0 && g < h) {
                draw_clue(cv, glyph_y(u, g), u->clue_x + u->rdig - 1, t->row[g], ROLE_CLUE, MARK_EXPLAIN);
            } else if (g >= h && g < h + w) {
                draw_col_clue(u, cv, g - h, t->col[g - h], ROLE_CLUE, MARK_EXPLAIN);
            } else if (g >= h + w) {
                int k = g - h - w; /* the k-th tree in row-major order */
                for (int c = 0; c < w * h; c++)
                    if (t->tree[c] && k-- == 0) {
                        mark_cell(u, cv, c, w, MARK_EXPLAIN);
                        break;
                    }
            }
        }
        for (int i = 0; i < v->nexplain_facts; i++) {
            int f = v->explain_facts[i];
            if (f >= 0 && f < t->nfacts)
                mark_cell(u, cv, t->cell_of_fact[f / 2], w, MARK_EXPLAIN);
        }
        for (int i = 0; i < v->nconflict; i++) {
            int f = v->conflict_facts[i];
            if (f >= 0 && f < t->nfacts)
                mark_cell(u, cv, t->cell_of_fact[f / 2], w, MARK_CONFLICT);
        }
        for (int i = 0; i < v->nhint; i++) {
            int f = v->hint_facts[i];
            if (f < 0 || f >= t->nfacts)
                continue;
            int c = t->cell_of_fact[f / 2];
            int pv = f % 2 ? TENTS_GRASS : TENTS_TENT;
            put_value(cv, glyph_y(u, c / w), glyph_x(u, c % w), pv,
                      pv == TENTS_TENT ? TENTS_ROLE_TENT : TENTS_ROLE_GRASS, 0);
            mark_cell(u, cv, c, w, MARK_HINT);
        }
    }
    mark_cell(u, cv, u->cy * w + u->cx, w, MARK_CURSOR);
}

/* Tatham's rule: on a blank cell place what the key or button asks for;
 * on a marked cell either one clears it.  Trees and givens never change. */
static bool toggle(const tents_puzzle *t, const int *state, int c, int want, move *out)
{
    if (c < 0 || c >= t->w * t->h || t->tree[c] || t->given[c] >= 0)
        return false;
    move_set(out, c, state[c] == TENTS_BLANK ? want : TENTS_BLANK);
    return true;
}

static input_result ui_input(const void *pz, void *ui, const int *state, const input_event *ev,
                             move *out)
{
    const tents_puzzle *t = pz;
    tents_ui *u = ui;
    int w = t->w, h = t->h;
    if (ev->kind == INPUT_KEY) {
        int dx = 0, dy = 0;
        switch (ev->key) {
        case GAME_KEY_LEFT: dx = -1; break;
        case GAME_KEY_RIGHT: dx = 1; break;
        case GAME_KEY_UP: dy = -1; break;
        case GAME_KEY_DOWN: dy = 1; break;
        case GAME_KEY_SELECT:
            return toggle(t, state, u->cy * w + u->cx, TENTS_TENT, out) ? INPUT_MOVE : INPUT_IGNORED;
        case ' ':
            return toggle(t, state, u->cy * w + u->cx, TENTS_GRASS, out) ? INPUT_MOVE : INPUT_IGNORED;
        default: return INPUT_IGNORED;
        }
        int nx = u->cx + dx, ny = u->cy + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h)
            return INPUT_IGNORED;
        u->cx = nx;
        u->cy = ny;
        return INPUT_UI;
    }
    /* mouse: act on release over the cell pressed (or along a right drag) */
    int target = ev->target >= 0 && ev->target < w * h ? ev->target : -1;
    if (ev->action == MOUSE_PRESS) {
        u->press_button = ev->button;
        u->press_cell = u->drag_cell = target;
        if (target >= 0) {
            u->cx = target % w;
            u->cy = target / w;
        }
        return INPUT_UI;
    }
    if (ev->action == MOUSE_DRAG) {
        if (u->press_cell < 0 || target < 0 || target == u->drag_cell)
            return INPUT_IGNORED;
        u->drag_cell = target;
        return INPUT_UI;
    }
    /* release */
    if (target >= 0)
        u->drag_cell = target;
    int a, b, step;
    input_result res = INPUT_UI;
    if (drag_span(t, u, &a, &b, &step)) {
        for (int c = a; c <= b; c += step)
            if (state[c] == TENTS_BLANK && !t->tree[c] && t->given[c] < 0)
                move_set(out, c, TENTS_GRASS);
        res = out->idx.n ? INPUT_MOVE : INPUT_UI;
    } else if (u->press_cell >= 0 && u->press_cell == u->drag_cell) {
        int want = u->press_button == GAME_MOUSE_RIGHT ? TENTS_GRASS : TENTS_TENT;
        if (u->press_button == GAME_MOUSE_LEFT || u->press_button == GAME_MOUSE_RIGHT)
            res = toggle(t, state, u->press_cell, want, out) ? INPUT_MOVE : INPUT_UI;
    }
    u->press_button = 0;
    u->press_cell = u->drag_cell = -1;
    return res;
}

static int ui_fact_distance(const void *pz, const void *ui, const int *state, int fact)
{
    (void)state; /* the facts lie still on the board */
    const tents_puzzle *t = pz;
    const tents_ui *u = ui;
    if (fact < 0 || fact >= t->nfacts)
        return 1 << 30;
    int c = t->cell_of_fact[fact / 2];
    return abs(c % t->w - u->cx) + abs(c / t->w - u->cy);
}

static const char *const ui_help[] = {
    "arrows, j k l   move the cursor",
    "Enter           tent (on a marked cell: clear)",
    "Space           grass, no tent here (again: clear)",
    "left click      tent; on a marked cell: clear",
    "right click     grass; on a marked cell: clear",
    "right drag      grass on the blank cells of a row or column",
    NULL,
};

static const role_colour COLOURS[] = {
    [TENTS_ROLE_TREE - ROLE_FAMILY] = {COLOUR_GREEN, 28, LOOK_BOLD, 0, 0, 0},
    [TENTS_ROLE_TENT - ROLE_FAMILY] = {COLOUR_YELLOW, 172, LOOK_BOLD, 0, 0, 0},
    [TENTS_ROLE_GRASS - ROLE_FAMILY] = {COLOUR_GREEN, 107, 0, LOOK_DIM, 0, 0},
};

const game_ui tents_ui_hooks = {
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
