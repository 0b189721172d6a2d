/* latin_ui.c: the Latin square in the player: one geometry (three columns
 * a cell), the drawing into the canvas with the overlays the front end
 * asks for, and the keys (game.h: game_ui; no curses, canvas.h only). */
#include <stdio.h>
#include <stdlib.h>

#include "games/latin.h"

/* The player's view of one puzzle: what is not on the board (the cursor).
 * create makes it, the other hooks receive it as ui. */
typedef struct {
    int cx, cy;
} latin_ui;

static void *ui_create(const void *pz)
{
    (void)pz;
    return xcalloc(1, sizeof(latin_ui));
}

static void ui_free(void *ui)
{
    free(ui);
}

/* game.h layout: the canvas size this geometry needs, and whether it fits
 * rows x cols.  A family with several geometries picks the largest that
 * fits here and remembers it in ui (tents_ui.c); this one has one. */
static bool ui_layout(const void *pz, void *ui, int rows, int cols, bool ascii, int *need_rows,
                      int *need_cols)
{
    (void)ui;
    (void)ascii; /* the same size in both glyph sets */
    const latin_puzzle *p = pz;
    *need_rows = p->n;
    *need_cols = 3 * p->n;
    return *need_rows <= rows && *need_cols <= cols;
}

/* Does the value at cell c appear again in its row or column? */
static bool repeated(const latin_puzzle *p, const int *state, int c)
{
    int n = p->n, v = state[c];
    for (int i = 0; i < n && v != LATIN_BLANK; i++) {
        int in_row = c / n * n + i, in_col = i * n + c % n;
        if ((in_row != c && state[in_row] == v) || (in_col != c && state[in_col] == v))
            return true;
    }
    return false;
}

/* A cell's glyph: a digit, or a dot for blank (ASCII '.' with --ascii). */
static void put_value(canvas *cv, int c, int n, int v, role r, unsigned marks)
{
    char d[2] = {(char)('0' + v), 0};
    if (v >= 1 && v <= n)
        canvas_put(cv, c / n, 3 * (c % n) + 1, d, d, r, marks);
    else
        canvas_put(cv, c / n, 3 * (c % n) + 1, "\xc2\xb7", ".", ROLE_DIM, marks); /* · */
}

static void mark_cell(canvas *cv, int c, int n, unsigned marks)
{
    canvas_mark(cv, c / n, 3 * (c % n), 1, 3, marks);
}

/* game.h draw: the board from state alone (any state state_ok accepts),
 * then what the view asks for, then the cursor.  Meaning never rests on
 * colour alone: givens are bracketed, overlays are MARK_* attributes. */
static void ui_draw(const void *pz, const void *ui, const int *state, const view *v, canvas *cv)
{
    const latin_puzzle *p = pz;
    const latin_ui *u = ui;
    int n = p->n, cells = n * n;
    for (int c = 0; c < cells; c++) {
        role r = p->given[c] ? ROLE_GIVEN : LATIN_ROLE_PLACED;
        if (repeated(p, state, c))
            r = ROLE_ERROR;
        put_value(cv, c, n, state[c], r, p->given[c] ? MARK_BOLD : 0);
        if (p->given[c]) {
            canvas_put(cv, c / n, 3 * (c % n), "[", "[", ROLE_GIVEN, 0);
            canvas_put(cv, c / n, 3 * (c % n) + 2, "]", "]", ROLE_GIVEN, 0);
        }
        canvas_own(cv, c / n, 3 * (c % n), 1, 3, c); /* a click's target: the cell */
    }
    if (v) {
        int nfacts = cells * n;
        for (int i = 0; i < v->nexplain; i++) { /* groups as encode numbered them */
            int g = v->explain_groups[i];
            for (int k = 0; k < n && g >= 0 && g < 2 * n; k++)
                mark_cell(cv, g < n ? g * n + k : k * n + (g - n), n, MARK_EXPLAIN);
            if (g >= 2 * n && g < 2 * n + cells)
                mark_cell(cv, g - 2 * n, n, MARK_EXPLAIN);
        }
        for (int i = 0; i < v->nexplain_facts; i++)
            if (v->explain_facts[i] >= 0 && v->explain_facts[i] < nfacts)
                mark_cell(cv, v->explain_facts[i] / n, n, MARK_EXPLAIN);
        for (int i = 0; i < v->nconflict; i++)
            if (v->conflict_facts[i] >= 0 && v->conflict_facts[i] < nfacts)
                mark_cell(cv, v->conflict_facts[i] / n, n, MARK_CONFLICT);
        for (int i = 0; i < v->nhint; i++) {
            int f = v->hint_facts[i];
            if (f < 0 || f >= nfacts)
                continue;
            put_value(cv, f / n, n, f % n + 1, LATIN_ROLE_PLACED, 0);
            mark_cell(cv, f / n, n, MARK_HINT);
        }
    }
    mark_cell(cv, u->cy * n + u->cx, n, MARK_CURSOR);
}

/* Sets an open cell to value (LATIN_BLANK clears); givens never change. */
static input_result set_cell(const latin_puzzle *p, const int *state, int c, int value, move *out)
{
    if (p->given[c] || state[c] == value)
        return INPUT_IGNORED;
    move_set(out, c, value);
    return INPUT_MOVE;
}

/* game.h input: neutral keys (game_input.h) and clicks.  A move goes into
 * out and the front end applies it (undo, saves, hints follow); cursor
 * changes stay in ui and ask for a redraw. */
static input_result ui_input(const void *pz, void *ui, const int *state, const input_event *ev,
                             move *out)
{
    const latin_puzzle *p = pz;
    latin_ui *u = ui;
    int n = p->n, here = u->cy * n + u->cx;
    if (ev->kind == INPUT_MOUSE) { /* a press on a cell moves the cursor there */
        if (ev->action != MOUSE_PRESS || ev->target < 0 || ev->target >= n * n)
            return INPUT_IGNORED;
        u->cx = ev->target % n;
        u->cy = ev->target / n;
        return INPUT_UI;
    }
    int dx = 0, dy = 0;
    switch (ev->key) {
    case GAME_KEY_LEFT: dx = -1; break;
    case GAME_KEY_RIGHT: dx = 1; break;
    case GAME_KEY_UP: dy = -1; break;
    case GAME_KEY_DOWN: dy = 1; break;
    case GAME_KEY_DELETE:
    case '0':
    case '.':
    case ' ': return set_cell(p, state, here, LATIN_BLANK, out);
    default:
        if (ev->key >= '1' && ev->key <= '0' + n)
            return set_cell(p, state, here, ev->key - '0', out);
        return INPUT_IGNORED;
    }
    if (u->cx + dx < 0 || u->cx + dx >= n || u->cy + dy < 0 || u->cy + dy >= n)
        return INPUT_IGNORED;
    u->cx += dx;
    u->cy += dy;
    return INPUT_UI;
}

/* game.h fact_distance: hints prefer facts near the cursor. */
static int ui_fact_distance(const void *pz, const void *ui, const int *state, int fact)
{
    (void)state;
    const latin_puzzle *p = pz;
    const latin_ui *u = ui;
    int c = fact / p->n;
    return abs(c % p->n - u->cx) + abs(c / p->n - u->cy);
}

/* The family's own keys, for the help page (the player adds its own). */
static const char *const ui_help[] = {
    "arrows, j k l    move the cursor",
    "1 to n           write that number in the cell",
    "0 . Space Del    clear the cell",
    "left click       move the cursor to the cell",
    NULL,
};

/* How LATIN_ROLE_PLACED looks: 8 and 256 colours, then attributes with
 * colour and without (canvas.h role_colour). */
static const role_colour COLOURS[] = {
    [LATIN_ROLE_PLACED - ROLE_FAMILY] = {COLOUR_CYAN, 31, LOOK_BOLD, LOOK_BOLD, 0, 0},
};

const game_ui latin_ui_hooks = {
    .create = ui_create,
    .free = ui_free,
    .layout = ui_layout,
    .draw = ui_draw,
    .input = ui_input,
    .fact_distance = ui_fact_distance,
    .help = ui_help,
    .colours = {COLOURS, (int)(sizeof COLOURS / sizeof COLOURS[0])},
};
