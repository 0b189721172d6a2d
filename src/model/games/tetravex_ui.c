/* tetravex_ui.c: Tetravex in the terminal, laid out as GNOME Tetravex: the
 * board on the left, the tray of unplaced tiles on the right; pick up and
 * drop with Enter or the mouse (click-click or drag), swap by dropping on
 * a placed tile, Shift+arrows shift the whole placed block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetravex.h"

/* Geometry: the pitch of a tile slot.  Slots sit in a grid of lines (one
 * line shared between neighbours), so a tile's inside is px-1 by py-1:
 * roomy 5x3, each side a triangle of its value's colour with the digit
 * in it, as GNOME Tetravex draws them; compact 3x2, the top side above
 * the left, bottom and right ones. */
typedef struct {
    int px, py;
} tv_geom;

static const tv_geom GEOMS[] = {{6, 4}, {4, 3}};
#define NGEOMS 2
#define GAP 3   /* columns between board and tray */
#define TOP 1   /* a row of labels above the grids */

enum { AREA_BOARD, AREA_TRAY };

typedef struct {
    tv_geom g;
    int area, cx, cy;         /* cursor */
    int held;                 /* tile picked up, -1 none */
    int held_area, held_slot; /* where it was picked up */
    bool dragging;            /* mouse button down on the held tile */
} tv_ui;

static void *ui_create(const void *pz)
{
    tv_ui *u = xcalloc(1, sizeof *u);
    u->g = GEOMS[0];
    u->held = -1;
    return u;
}

static void ui_free(void *ui) { free(ui); }
                    
static int grid_cols(const tetravex_puzzle *t, tv_geom g) { return t->n * g.px + 1; }

static void size_of(const tetravex_puzzle *t, tv_geom g, int *rows, int *cols)
{
    *rows = TOP + t->n * g.py + 1;
    *cols = 2 * grid_cols(t, g) + GAP;
}

static bool ui_layout(const void *pz, void *ui, int rows, int cols, bool ascii, int *need_rows,
                      int *need_cols)
{
    const tetravex_puzzle *t = pz;
    tv_ui *u = ui;
    for (int i = 0; i < NGEOMS; i++) {
        size_of(t, GEOMS[i], need_rows, need_cols);
        if (*need_rows <= rows && *need_cols <= cols) {
            u->g = GEOMS[i];
            return true;
        }
    }
    u->g = GEOMS[NGEOMS - 1];
    return false;
}

/* Left column of an area's grid. */
static int area_x(const tetravex_puzzle *t, const tv_ui *u, int area)
{
    return area == AREA_TRAY ? grid_cols(t, u->g) + GAP : 0;
}

/* Top-left corner of a slot's lines; its inside starts one in and down. */
static void slot_origin(const tetravex_puzzle *t, const tv_ui *u, int area, int slot, int *y, int *x)
{
    *y = TOP + (slot / t->n) * u->g.py;
    *x = area_x(t, u, area) + (slot % t->n) * u->g.px;
}

/* Where each side's digit sits inside a tile (relative to the inside). */
static void side_pos(const tv_ui *u, int side, int *dy, int *dx)
{
    if (u->g.px == GEOMS[0].px) {
        static const int DY[4] = {0, 1, 2, 1}, DX[4] = {2, 4, 2, 0};
        *dy = DY[side];
        *dx = DX[side];
    } else {
        static const int DY[4] = {0, 1, 1, 1}, DX[4] = {1, 2, 1, 0};
        *dy = DY[side];
        *dx = DX[side];
    }
}

/* One cell of a tile's inside: glyph in role fg over fill bg. */
static void fill_cell(canvas *cv, int y, int x, const char *g, const char *ascii, int fg, int bg,
                      unsigned marks)
{
    canvas_put(cv, y, x, g, ascii, (role)(TETRAVEX_ROLE_FILL0 + fg), marks);
    canvas_bg(cv, y, x, (role)(TETRAVEX_ROLE_FILL0 + bg));
}

/* A tile's inside: every cell filled with the colour of the side it
 * belongs to; the corners between two sides are half-filled shapes (the
 * diagonal seams of the four triangles), blank without colour. */
static void draw_tile(canvas *cv, const tv_ui *u, int y, int x, const unsigned char *tl)
{
    int T = tl[TV_TOP], R = tl[TV_RIGHT], B = tl[TV_BOTTOM], L = tl[TV_LEFT];
    y++, x++;
    if (u->g.px == GEOMS[0].px) {
        fill_cell(cv, y, x, "◣", " ", L, T, MARK_SHAPE);
        fill_cell(cv, y, x + 1, " ", " ", T, T, 0);
        fill_cell(cv, y, x + 3, " ", " ", T, T, 0);
        fill_cell(cv, y, x + 4, "◢", " ", R, T, MARK_SHAPE);
        fill_cell(cv, y + 1, x + 1, " ", " ", L, L, 0);
        fill_cell(cv, y + 1, x + 2, "▀", " ", T, B, MARK_SHAPE);
        fill_cell(cv, y + 1, x + 3, " ", " ", R, R, 0);
        fill_cell(cv, y + 2, x, "◤", " ", L, B, MARK_SHAPE);
        fill_cell(cv, y + 2, x + 1, " ", " ", B, B, 0);
        fill_cell(cv, y + 2, x + 3, " ", " ", B, B, 0);
        fill_cell(cv, y + 2, x + 4, "◥", " ", R, B, MARK_SHAPE);
    } else {
        fill_cell(cv, y, x, "◣", " ", L, T, MARK_SHAPE);
        fill_cell(cv, y, x + 2, "◢", " ", R, T, MARK_SHAPE);
    }
    for (int s = 0; s < 4; s++) {
        int dy, dx;
        side_pos(u, s, &dy, &dx);
        char d[2] = {(char)('0' + tl[s]), 0};
        fill_cell(cv, y + dy, x + dx, d, d, tl[s], tl[s], 0);
    }
}

/* The lines of one area: a grid of n x n slots, joined where they meet. */
static void draw_grid(canvas *cv, const tetravex_puzzle *t, const tv_ui *u, int area)
{
    int n = t->n, y0 = TOP, x0 = area_x(t, u, area);
    int h = n * u->g.py, w = n * u->g.px;
    bool a = cv->ascii;
    for (int dy = 0; dy <= h; dy++)
        for (int dx = 0; dx <= w; dx++) {
            bool hl = dy % u->g.py == 0, vl = dx % u->g.px == 0;
            if (!hl && !vl)
                continue;
            const char *g;
            if (hl && vl) {
                static const char *J[3][3] = {{"┌", "┬", "┐"}, {"├", "┼", "┤"}, {"└", "┴", "┘"}};
                int r = dy == 0 ? 0 : dy == h ? 2 : 1, c = dx == 0 ? 0 : dx == w ? 2 : 1;
                g = a ? "+" : J[r][c];
            } else {
                g = hl ? (a ? "-" : "─") : (a ? "|" : "│");
            }
            canvas_put(cv, y0 + dy, x0 + dx, g, g, ROLE_FRAME, 0);
        }
}

/* Redraws the lines round one slot in heavy glyphs, in role r with marks:
 * the cursor, a held tile, a hint or a wrong tile shows on its frame, so
 * the tile's colours stay as they are. */
static void slot_frame(canvas *cv, const tetravex_puzzle *t, const tv_ui *u, int area, int slot,
                       role r, unsigned marks)
{
    int y, x;
    slot_origin(t, u, area, slot, &y, &x);
    int h = u->g.py, w = u->g.px;
    for (int dy = 0; dy <= h; dy++)
        for (int dx = 0; dx <= w; dx++) {
            bool top = dy == 0, bot = dy == h, left = dx == 0, right = dx == w;
            const char *g, *ag;
            if ((top || bot) && (left || right)) {
                g = top ? (left ? "┏" : "┓") : (left ? "┗" : "┛");
                ag = "#";
            } else if (top || bot) {
                g = "━", ag = "=";
            } else if (left || right) {
                g = "┃", ag = "#";
            } else {
                continue;
            }
            canvas_put(cv, y + dy, x + dx, g, ag, r, marks);
        }
}

/* The line between board cells a and b (b right of or below a), without
 * its ends, in role r with marks: a mismatched or explaining edge. */
static void edge_line(canvas *cv, const tetravex_puzzle *t, const tv_ui *u, int a, int b, role r,
                      unsigned marks)
{
    int y, x;
    slot_origin(t, u, AREA_BOARD, b, &y, &x);
    if (b == a + 1)
        for (int dy = 1; dy < u->g.py; dy++)
            canvas_put(cv, y + dy, x, "┃", "!", r, marks);
    else
        for (int dx = 1; dx < u->g.px; dx++)
            canvas_put(cv, y, x + dx, "━", "=", r, marks);
}

/* Is the held tile still where it was picked up (undo may have moved it)? */
static bool hold_valid(const tetravex_puzzle *t, const tv_ui *u, const int *state)
{
    if (u->held < 0)
        return false;
    if (u->held_area == AREA_BOARD)
        return state[u->held_slot] == u->held;
    for (int c = 0; c < t->ntiles; c++)
        if (state[c] == u->held)
            return false;
    return true;
}

static void ui_draw(const void *pz, const void *ui, const int *state, const view *v, canvas *cv)
{
    const tetravex_puzzle *t = pz;
    const tv_ui *u = ui;
    int n = t->n, cells = t->ntiles;
    canvas_text(cv, 0, area_x(t, u, AREA_BOARD) + 1, "board", ROLE_DIM, 0);
    canvas_text(cv, 0, area_x(t, u, AREA_TRAY) + 1, "tray", ROLE_DIM, 0);
    draw_grid(cv, t, u, AREA_BOARD);
    draw_grid(cv, t, u, AREA_TRAY);
    bool *on_board = xcalloc((size_t)cells, sizeof *on_board);
    for (int c = 0; c < cells; c++)
        if (state[c] >= 0 && state[c] < cells)
            on_board[state[c]] = true;
    for (int c = 0; c < cells; c++) {
        int y, x;
        slot_origin(t, u, AREA_BOARD, c, &y, &x);
        canvas_own(cv, y + 1, x + 1, u->g.py - 1, u->g.px - 1, c);
        if (state[c] >= 0 && state[c] < cells)
            draw_tile(cv, u, y, x, t->tile[state[c]]);
    }
    for (int i = 0; i < cells; i++) {
        int y, x;
        slot_origin(t, u, AREA_TRAY, i, &y, &x);
        canvas_own(cv, y + 1, x + 1, u->g.py - 1, u->g.px - 1, cells + i);
        if (!on_board[i])
            draw_tile(cv, u, y, x, t->tile[i]);
    }
    /* a number that meets a different one across an edge: the line
     * between them in the error colour */
    for (int c = 0; c < cells; c++) {
        int a = state[c];
        if (a < 0 || a >= cells)
            continue;
        if (c % n + 1 < n && state[c + 1] >= 0 && state[c + 1] < cells &&
            t->tile[a][TV_RIGHT] != t->tile[state[c + 1]][TV_LEFT])
            edge_line(cv, t, u, c, c + 1, ROLE_ERROR, 0);
        if (c + n < cells && state[c + n] >= 0 && state[c + n] < cells &&
            t->tile[a][TV_BOTTOM] != t->tile[state[c + n]][TV_TOP])
            edge_line(cv, t, u, c, c + n, ROLE_ERROR, 0);
    }
    if (v) {
        int nedges_h = n * (n - 1);
        for (int i = 0; i < v->nexplain; i++) {
            int g = v->explain_groups[i];
            if (g < 0)
                continue;
            if (g < nedges_h) {
                int a = (g / (n - 1)) * n + g % (n - 1);
                edge_line(cv, t, u, a, a + 1, ROLE_FRAME, MARK_EXPLAIN);
            } else if (g < 2 * nedges_h) {
                int a = g - nedges_h;
                edge_line(cv, t, u, a, a + n, ROLE_FRAME, MARK_EXPLAIN);
            } else if (g - 2 * nedges_h < t->ntypes) {
                int k = g - 2 * nedges_h;
                for (int i2 = 0; i2 < cells; i2++)
                    if (t->type_of[i2] == k && !on_board[i2])
                        slot_frame(cv, t, u, AREA_TRAY, i2, ROLE_FRAME, MARK_EXPLAIN);
            }
        }
        for (int i = 0; i < v->nexplain_facts; i++)
            if (v->explain_facts[i] >= 0 && v->explain_facts[i] < cells * t->ntypes)
                slot_frame(cv, t, u, AREA_BOARD, v->explain_facts[i] / t->ntypes, ROLE_FRAME,
                           MARK_EXPLAIN);
        for (int i = 0; i < v->nconflict; i++)
            if (v->conflict_facts[i] >= 0 && v->conflict_facts[i] < cells * t->ntypes)
                slot_frame(cv, t, u, AREA_BOARD, v->conflict_facts[i] / t->ntypes, ROLE_ERROR,
                           MARK_CONFLICT);
        for (int i = 0; i < v->nhint; i++) {
            int f = v->hint_facts[i];
            if (f < 0 || f >= cells * t->ntypes)
                continue;
            int c = f / t->ntypes, y, x;
            slot_origin(t, u, AREA_BOARD, c, &y, &x);
            draw_tile(cv, u, y, x, t->tile[t->type_tile[f % t->ntypes]]);
            slot_frame(cv, t, u, AREA_BOARD, c, ROLE_FRAME, MARK_HINT);
        }
    }
    bool held = hold_valid(t, u, state);
    if (held)
        slot_frame(cv, t, u, u->held_area, u->held_slot, ROLE_PLAIN, MARK_SELECTED);
    int cur = u->cy * n + u->cx;
    /* the cursor's frame: on the held tile's frame it keeps the highlight
     * (the theme darkens it) */
    slot_frame(cv, t, u, u->area, cur, ROLE_PLAIN,
               MARK_CURSOR | (held && u->held_area == u->area && u->held_slot == cur ? MARK_SELECTED : 0));
    free(on_board);
}

/* The tile in a slot: on the board, state; in the tray, tile i unless it
 * is on the board. */
static int tile_at(const tetravex_puzzle *t, const int *state, int area, int slot)
{
    if (area == AREA_BOARD)
        return state[slot];
    for (int c = 0; c < t->ntiles; c++)
        if (state[c] == slot)
            return -1;
    return slot;
}

/* Drops the held tile on a slot: on a board cell it swaps with whatever is
 * there (which goes where the held tile came from, or to the tray); on
 * the tray it goes back to its own slot. */
static input_result drop(const tetravex_puzzle *t, tv_ui *u, const int *state, int area, int slot,
                         move *out)
{
    int tile = u->held;
    u->held = -1;
    if (area == AREA_BOARD) {
        if (u->held_area == AREA_BOARD && u->held_slot == slot)
            return INPUT_UI;
        int there = state[slot];
        move_set(out, slot, tile);
        if (u->held_area == AREA_BOARD)
            move_set(out, u->held_slot, there);
        return INPUT_MOVE;
    }
    if (u->held_area == AREA_BOARD) {
        move_set(out, u->held_slot, -1);
        return INPUT_MOVE;
    }
    return INPUT_UI;
}

static input_result pick_or_drop(const tetravex_puzzle *t, tv_ui *u, const int *state, int area,
                                 int slot, move *out)
{
    if (hold_valid(t, u, state))
        return drop(t, u, state, area, slot, out);
    int tile = tile_at(t, state, area, slot);
    if (tile < 0) {
        u->held = -1;
        return INPUT_UI;
    }
    u->held = tile;
    u->held_area = area;
    u->held_slot = slot;
    return INPUT_UI;
}

/* Shifts every placed tile one cell in a direction, when none would fall
 * off the board. */
static input_result shift_block(const tetravex_puzzle *t, const int *state, int dx, int dy, move *out)
{
    int n = t->n;
    bool any = false;
    for (int c = 0; c < t->ntiles; c++) {
        if (state[c] < 0)
            continue;
        any = true;
        int x = c % n + dx, y = c / n + dy;
        if (x < 0 || y < 0 || x >= n || y >= n)
            return INPUT_IGNORED;
    }
    if (!any)
        return INPUT_IGNORED;
    for (int c = 0; c < t->ntiles; c++) {
        int x = c % n - dx, y = c / n - dy; /* the cell that moves into c */
        int from = x >= 0 && y >= 0 && x < n && y < n ? state[y * n + x] : -1;
        if (from != state[c])
            move_set(out, c, from);
    }
    return INPUT_MOVE;
}

static input_result ui_input(const void *pz, void *ui, const int *state, const input_event *ev,
                             move *out)
{
    const tetravex_puzzle *t = pz;
    tv_ui *u = ui;
    int n = t->n;
    if (!hold_valid(t, u, state))
        u->held = -1;
    if (ev->kind == INPUT_KEY) {
        int dx = 0, dy = 0;
        switch (ev->key) {
        case GAME_KEY_LEFT: dx = -1; break;
        case GAME_KEY_RIGHT: dx = 1; break;
        case GAME_KEY_UP: dy = -1; break;
        case GAME_KEY_DOWN: dy = 1; break;
        case GAME_KEY_LEFT | GAME_KEY_SHIFT: return shift_block(t, state, -1, 0, out);
        case GAME_KEY_RIGHT | GAME_KEY_SHIFT: return shift_block(t, state, 1, 0, out);
        case GAME_KEY_UP | GAME_KEY_SHIFT: return shift_block(t, state, 0, -1, out);
        case GAME_KEY_DOWN | GAME_KEY_SHIFT: return shift_block(t, state, 0, 1, out);
        case '\t': case 'x':
            u->area = u->area == AREA_BOARD ? AREA_TRAY : AREA_BOARD;
            return INPUT_UI;
        case GAME_KEY_SELECT:
            return pick_or_drop(t, u, state, u->area, u->cy * n + u->cx, out);
        case ' ': case GAME_KEY_DELETE:
            if (u->area == AREA_BOARD && state[u->cy * n + u->cx] >= 0) {
                u->held = -1;
                move_set(out, u->cy * n + u->cx, -1);
                return INPUT_MOVE;
            }
            return INPUT_IGNORED;
        default: return INPUT_IGNORED;
        }
        int nx = u->cx + dx, ny = u->cy + dy;
        if (ny < 0 || ny >= n)
            return INPUT_IGNORED;
        if (nx >= n && u->area == AREA_BOARD) { /* walk across into the tray */
            u->area = AREA_TRAY;
            nx = 0;
        } else if (nx < 0 && u->area == AREA_TRAY) {
            u->area = AREA_BOARD;
            nx = n - 1;
        } else if (nx < 0 || nx >= n) {
            return INPUT_IGNORED;
        }
        u->cx = nx;
        u->cy = ny;
        return INPUT_UI;
    }
    if (ev->action == MOUSE_DRAG)
        return INPUT_IGNORED; /* the drop happens on release */
    if (ev->target < 0 || ev->target >= 2 * t->ntiles) {
        u->dragging = false; /* let go outside: the tile stays picked up */
        return INPUT_IGNORED;
    }
    int area = ev->target < t->ntiles ? AREA_BOARD : AREA_TRAY;
    int slot = ev->target % t->ntiles;
    if (ev->action == MOUSE_PRESS) {
        u->area = area;
        u->cx = slot % n;
        u->cy = slot / n;
        if (ev->button == GAME_MOUSE_RIGHT) { /* right click: back to the tray */
            u->held = -1;
            if (area == AREA_BOARD && state[slot] >= 0) {
                move_set(out, slot, -1);
                return INPUT_MOVE;
            }
            return INPUT_UI;
        }
        bool was_holding = u->held >= 0;
        input_result r = pick_or_drop(t, u, state, area, slot, out);
        u->dragging = !was_holding && u->held >= 0;
        return r;
    }
    /* release: the end of a drag drops the tile; a click keeps holding it */
    if (ev->button == GAME_MOUSE_RIGHT || !u->dragging || u->held < 0)
        return INPUT_IGNORED;
    u->dragging = false;
    if (area == u->held_area && slot == u->held_slot)
        return INPUT_UI;
    u->cx = slot % n;
    u->cy = slot / n;
    u->area = area;
    return drop(t, u, state, area, slot, out);
}

static int ui_fact_distance(const void *pz, const void *ui, const int *state, int fact)
{
    (void)state; /* the facts lie still on the board */
    const tetravex_puzzle *t = pz;
    const tv_ui *u = ui;
    if (fact < 0 || fact >= t->ntiles * t->ntypes)
        return 1 << 30;
    int c = fact / t->ntypes;
    int d = abs(c % t->n - u->cx) + abs(c / t->n - u->cy);
    /* holding a tile: its type first */
    if (u->held >= 0 && t->type_of[u->held] != fact % t->ntypes)
        d += 2 * t->n;
    return d;
}

static const char *const ui_help[] = {
    "arrows, j k l   move (right from the board walks into the tray)",
    "Tab, x          switch between board and tray",
    "Enter           pick up a tile; again: drop it (on a tile: swap)",
    "Space, Del      send the tile under the cursor back to the tray",
    "Shift+arrows    shift every placed tile one cell (or H J K L)",
    "left click      pick up, then click where to drop (or drag)",
    "right click     send a placed tile back to the tray",
    NULL,
};

/* Light fills under black digits in 256 colours, ten hues apart; 8
 * colours repeat hues from 7 on, with the other text colour, and the
 * digit always tells. */
static const role_colour COLOURS[] = {
    {COLOUR_BLACK, 16, LOOK_BOLD, 0, COLOUR_WHITE, 250},
    {COLOUR_WHITE, 16, LOOK_BOLD, 0, COLOUR_RED, 203},
    {COLOUR_BLACK, 16, LOOK_BOLD, 0, COLOUR_GREEN, 114},
    {COLOUR_BLACK, 16, LOOK_BOLD, 0, COLOUR_YELLOW, 227},
    {COLOUR_WHITE, 16, LOOK_BOLD, 0, COLOUR_BLUE, 75},
    {COLOUR_WHITE, 16, LOOK_BOLD, 0, COLOUR_MAGENTA, 213},
    {COLOUR_BLACK, 16, LOOK_BOLD, 0, COLOUR_CYAN, 87},
    {COLOUR_BLACK, 16, LOOK_BOLD, 0, COLOUR_RED, 215},
    {COLOUR_WHITE, 16, LOOK_BOLD, 0, COLOUR_GREEN, 180},
    {COLOUR_BLACK, 16, LOOK_BOLD, 0, COLOUR_MAGENTA, 141},
};

const game_ui tetravex_ui_hooks = {
    .create = ui_create,
    .free = ui_free,
    .layout = ui_layout,
    .draw = ui_draw,
    .input = ui_input,
    .fact_distance = ui_fact_distance,
    .help = ui_help,
    .colours = {COLOURS, (int)(sizeof COLOURS / sizeof COLOURS[0])},
};
