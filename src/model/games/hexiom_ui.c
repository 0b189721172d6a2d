/* hexiom_ui.c: the Hexiom board in the terminal: the hexagon in one of
 * three geometries, met tiles quiet and impossible ones in the error
 * colour, a legend on what pins mean, cursor moves over the slots (never
 * a hole), picking up and dropping tiles by key or mouse, and pins. */
#include <stdlib.h>
#include <string.h>

#include "games/hexiom.h"
#include "hexgrid.h"

/* Screen geometries, roomiest first.  A cell's centre column is measured
 * in half-cell units u = 2q + r + 2m (0..4m; m = side-1), its row in
 * v = r + m (0..2m); neighbours on a row are 2 units apart and the two
 * above or below are 1 unit to either side, as in the level files.
 *   OUTLINED: a honeycomb of ASCII hexes, "| 3 |" between "/ \" rows;
 *   SPACED:   3-column cells on every other line, no outlines;
 *   COMPACT:  the level-file layout, 2 columns per cell, one line per row. */
enum { GEOM_OUTLINED, GEOM_SPACED, GEOM_COMPACT, GEOM_COUNT };

typedef struct {
    int cursor;   /* a slot (never a hole: moves jump over holes) */
    int held;     /* the picked-up tile's cell, -1 none */
    int want_u;   /* column kept by up/down moves, which zigzag */
    int dragging; /* mouse: the held tile was picked by the current press */
    int geom;
    bool legend;  /* the pin legend fits under the board */
    int board_x;  /* the board's left column (centred over a wider legend) */
} hexiom_ui;

/* Direction indices of hexgrid.h (drawn flat-topped there: "top, then
 * clockwise") as they lie on this row-by-row (pointy) screen layout. */
enum { DIR_NW = 0, DIR_NE = 1, DIR_E = 2, DIR_SE = 3, DIR_SW = 4, DIR_W = 5 };

static const char *const ui_help[] = {
    "Left Right, l   move along the row",
    "Up Down, k j    move up or down (zigzag in a column)",
    "w e             to the upper-left / upper-right neighbour",
    "a d             to the left / right neighbour",
    "z x             to the lower-left / lower-right neighbour",
    "Enter           pick up a tile; again: drop it (swaps)",
    "Space           pin or unpin a slot: only pinned slots and locked",
    "                tiles count for check (c) and hint (h)",
    "0-6             bring a tile of that value here, pinned",
    ". -             move this slot's tile away, pin it empty",
    "left click      pick up, then drop; or drag a tile",
    "right click     pin or unpin a slot",
    NULL,
};

static int unit_u(const hexiom_puzzle *h, int c) { return 2 * h->q[c] + h->r[c] + 2 * (h->side - 1); }
static int unit_v(const hexiom_puzzle *h, int c) { return h->r[c] + h->side - 1; }

static void geom_size(const hexiom_puzzle *h, int g, int *rows, int *cols)
{
    int m = h->side - 1;
    switch (g) {
    case GEOM_OUTLINED: *rows = 4 * m + 3; *cols = 8 * m + 5; break;
    case GEOM_SPACED: *rows = 4 * m + 1; *cols = 8 * m + 3; break;
    default: *rows = 2 * m + 1; *cols = 4 * m + 2; break;
    }
}

/* Screen position of a cell's digit. */
static void cell_pos(const hexiom_puzzle *h, int g, int c, int *y, int *x)
{
    int u = unit_u(h, c), v = unit_v(h, c);
    switch (g) {
    case GEOM_OUTLINED: *y = 2 * v + 1; *x = 2 * u + 2; break;
    case GEOM_SPACED: *y = 2 * v; *x = 2 * u + 1; break;
    default: *y = v; *x = u + 1; break;
    }
}

/* The slot nearest the centre (the centre itself unless it is a hole). */
static int first_slot(const hexiom_puzzle *h)
{
    int best = 0, bd = 1 << 20;
    for (int c = 0; c < h->ncells; c++)
        if (!h->hole[c] && hex_distance(h->q[c], h->r[c], 0, 0) < bd) {
            best = c;
            bd = hex_distance(h->q[c], h->r[c], 0, 0);
        }
    return best;
}

static void *ui_create(const void *pz)
{
    const hexiom_puzzle *h = pz;
    hexiom_ui *ui = xcalloc(1, sizeof *ui);
    ui->cursor = first_slot(h);
    ui->held = -1;
    ui->want_u = unit_u(h, ui->cursor);
    ui->geom = GEOM_COMPACT;
    return ui;
}

static void ui_free(void *ui) { free(ui); }
                    
/* The legend under the board says what pins are for (tessera(6), Hexiom:
 * only pinned slots are marks, so a wrong board with none pinned still
 * checks as "every mark still leads to a solution"); one line per
 * geometry's markers. */
static const char *legend(int g)
{
    return g == GEOM_COMPACT ? "*3 pinned, +3 locked: only these count for check (c) and hint (h)"
                             : "<3> pinned, [3] locked: only these count for check (c) and hint (h)";
}

static bool ui_layout(const void *pz, void *uip, int rows, int cols, bool ascii, int *need_rows,
                      int *need_cols)
{
    const hexiom_puzzle *h = pz;
    hexiom_ui *ui = uip;
    (void)ascii; /* every glyph here is ASCII already */
    for (int g = 0; g < GEOM_COUNT; g++) {
        geom_size(h, g, need_rows, need_cols);
        if (*need_rows <= rows && *need_cols <= cols) {
            ui->geom = g;
            ui->legend = false;
            int lw = (int)strlen(legend(g));
            if (*need_rows + 2 <= rows && lw <= cols) { /* room for a blank line and the legend */
                ui->legend = true;
                ui->board_x = lw > *need_cols ? (lw - *need_cols) / 2 : 0;
                *need_rows += 2;
                if (lw > *need_cols)
                    *need_cols = lw;
            } else {
                ui->board_x = 0;
            }
            return true;
        }
    }
    ui->geom = GEOM_COMPACT;
    return false;
}

static bool is_tile(int x) { return x >= HEXIOM_TILE(0) && x <= HEXIOM_TILE(HEXIOM_VALUES - 1); }

static int occupied_neighbours(const hexiom_puzzle *h, const int *state, int c)
{
    int k = 0;
    for (int d = 0; d < 6; d++) {
        int o = h->nbr[c * 6 + d];
        k += o >= 0 && is_tile(state[o]);
    }
    return k;
}

static bool held_valid(const hexiom_puzzle *h, const hexiom_ui *ui, const int *state)
{
    return ui->held >= 0 && ui->held < h->ncells && is_tile(state[ui->held]) && !h->locked[ui->held];
}

/* Overlay marks the view asks for, per cell; a hinted cell shows the
 * content the hint proposes (shown[c], else -1) before it is accepted. */
static void view_marks(const hexiom_puzzle *h, const view *v, unsigned *marks, int *shown)
{
    if (!v)
        return;
    int nf = h->nslots * HEXIOM_FACTS_PER_SLOT;
    for (int i = 0; i < v->nhint; i++)
        if (v->hint_facts[i] >= 0 && v->hint_facts[i] < nf) {
            int c = h->cell_of_slot[v->hint_facts[i] / HEXIOM_FACTS_PER_SLOT];
            int what = v->hint_facts[i] % HEXIOM_FACTS_PER_SLOT;
            marks[c] |= MARK_HINT;
            shown[c] = what == HEXIOM_FACT_EMPTY ? HEXIOM_EMPTY : HEXIOM_TILE(what);
        }
    for (int i = 0; i < v->nconflict; i++)
        if (v->conflict_facts[i] >= 0 && v->conflict_facts[i] < nf)
            marks[h->cell_of_slot[v->conflict_facts[i] / HEXIOM_FACTS_PER_SLOT]] |= MARK_CONFLICT;
    for (int i = 0; i < v->nexplain_facts; i++)
        if (v->explain_facts[i] >= 0 && v->explain_facts[i] < nf)
            marks[h->cell_of_slot[v->explain_facts[i] / HEXIOM_FACTS_PER_SLOT]] |= MARK_EXPLAIN;
    /* groups 0..nslots-1 are the slots' neighbour counts (hexiom.h) */
    for (int i = 0; i < v->nexplain; i++)
        if (v->explain_groups[i] >= 0 && v->explain_groups[i] < h->nslots)
            marks[h->cell_of_slot[v->explain_groups[i]]] |= MARK_EXPLAIN;
}

static void draw_outline(canvas *cv, int y, int x)
{
    canvas_put(cv, y - 1, x - 1, "/", "/", ROLE_FRAME, 0);
    canvas_put(cv, y - 1, x + 1, "\\", "\\", ROLE_FRAME, 0);
    canvas_put(cv, y, x - 2, "|", "|", ROLE_FRAME, 0);
    canvas_put(cv, y, x + 2, "|", "|", ROLE_FRAME, 0);
    canvas_put(cv, y + 1, x - 1, "\\", "\\", ROLE_FRAME, 0);
    canvas_put(cv, y + 1, x + 1, "/", "/", ROLE_FRAME, 0);
}

/* A tile that cannot be right where it is, whatever moves elsewhere:
 * its fixed neighbours (locked tiles, pinned tiles) already exceed its
 * value, or too few neighbours could ever hold a tile (holes, slots
 * pinned empty).  Only such tiles take the error colour; a count that
 * is merely not met yet stays plain. */
static bool tile_wrong(const hexiom_puzzle *h, const int *state, int c, int val)
{
    int n = h->ncells, fixed = 0, possible = 0;
    for (int d = 0; d < 6; d++) {
        int o = h->nbr[c * 6 + d];
        if (o < 0 || h->hole[o])
            continue;
        bool pinned = h->locked[o] || state[n + o] != 0;
        if (is_tile(state[o]) && pinned)
            fixed++;
        if (is_tile(state[o]) || !pinned)
            possible++;
    }
    return fixed > val || possible < val;
}

static void ui_draw(const void *pz, const void *uip, const int *state, const view *v, canvas *cv)
{
    const hexiom_puzzle *h = pz;
    const hexiom_ui *ui = uip;
    int g = ui->geom, n = h->ncells;
    unsigned *marks = xcalloc((size_t)n, sizeof *marks);
    int *shown = xmalloc((size_t)n * sizeof *shown);
    for (int c = 0; c < n; c++)
        shown[c] = -1;
    view_marks(h, v, marks, shown);
    if (ui->cursor >= 0 && ui->cursor < n && !h->hole[ui->cursor])
        marks[ui->cursor] |= MARK_CURSOR;
    if (held_valid(h, ui, state))
        marks[ui->held] |= MARK_SELECTED;
    /* outlines first, so that shared edges are simply drawn twice */
    if (g == GEOM_OUTLINED)
        for (int c = 0; c < n; c++)
            if (!h->hole[c]) {
                int y, x;
                cell_pos(h, g, c, &y, &x);
                draw_outline(cv, y, x + ui->board_x);
            }
    for (int c = 0; c < n; c++) {
        if (h->hole[c])
            continue; /* not a slot: not drawn, not a target */
        int y, x;
        cell_pos(h, g, c, &y, &x);
        x += ui->board_x;
        int left = x - 1, width = g == GEOM_COMPACT ? 2 : 3;
        unsigned mk = marks[c];
        int content = shown[c] >= 0 ? shown[c] : state[c];
        bool pinned = state[n + c] != 0;
        const char *lmark = " ", *rmark = " ";
        role mrole = ROLE_DIM;
        if (h->locked[c]) {
            lmark = g == GEOM_COMPACT ? "+" : "[";
            rmark = "]";
            mrole = HEXIOM_ROLE_LOCKED;
        } else if (pinned) {
            lmark = g == GEOM_COMPACT ? "*" : "<";
            rmark = ">";
            mrole = ROLE_GIVEN;
        }
        canvas_put(cv, y, x - 1, lmark, lmark, mrole, mk);
        if (g != GEOM_COMPACT)
            canvas_put(cv, y, x + 1, h->locked[c] || pinned ? rmark : " ",
                       h->locked[c] || pinned ? rmark : " ", mrole, mk);
        if (is_tile(content)) {
            int val = content - HEXIOM_TILE(0);
            char digit[2] = {(char)('0' + val), 0};
            /* met: a quiet colour; wrong: the error colour; else plain */
            role r = occupied_neighbours(h, state, c) == val ? HEXIOM_ROLE_SATISFIED
                     : tile_wrong(h, state, c, val)          ? ROLE_ERROR
                                                             : ROLE_PLAIN;
            canvas_put(cv, y, x, digit, digit, r, mk | (r == ROLE_PLAIN ? MARK_BOLD : 0));
        } else {
            canvas_put(cv, y, x, ".", ".", ROLE_DIM, mk);
        }
        canvas_own(cv, y, left, 1, width, c);
        if (g == GEOM_OUTLINED) {
            /* the points above and below the digit row are inside the hex */
            canvas_own(cv, y - 1, x, 1, 1, c);
            canvas_own(cv, y + 1, x, 1, 1, c);
        }
    }
    if (ui->legend)
        canvas_text(cv, cv->rows - 1, 0, legend(g), ROLE_DIM, 0);
    free(shown);
    free(marks);
}

/* The first slot from c in direction d (hexgrid.h order), jumping over
 * holes, or -1 at the edge: the cursor never stands on a hole. */
static int step(const hexiom_puzzle *h, int c, int d)
{
    int o = h->nbr[c * 6 + d];
    while (o >= 0 && h->hole[o])
        o = h->nbr[o * 6 + d];
    return o;
}

/* Up or down: the nearest row above (below) with a slot within reach (k
 * rows away, at most k half-cells aside; failing that, the nearest row
 * with any slot), and in it the slot nearest the
 * column the player started moving in, so that repeated presses zigzag
 * along a straight column; holes are jumped over. */
static int vertical(const hexiom_puzzle *h, const hexiom_ui *ui, bool up)
{
    int u0 = unit_u(h, ui->cursor), v0 = unit_v(h, ui->cursor);
    /* first within reach; failing that, any slot in the nearest row */
    for (int wide = 0; wide < 2; wide++)
    for (int k = 1; k <= 2 * (h->side - 1); k++) {
        int best = -1, bd = 0;
        for (int c = 0; c < h->ncells; c++) {
            if (h->hole[c] || unit_v(h, c) != v0 + (up ? -k : k) || (!wide && abs(unit_u(h, c) - u0) > k))
                continue;
            int d = abs(unit_u(h, c) - ui->want_u);
            /* ties: left going up, right going down (as the zigzag goes) */
            if (best < 0 || d < bd || (d == bd && (up ? unit_u(h, c) < unit_u(h, best)
                                                      : unit_u(h, c) > unit_u(h, best)))) {
                best = c;
                bd = d;
            }
        }
        if (best >= 0)
            return best;
    }
    return -1;
}

/* Drop the held tile on cell `to`: swap contents, pin the destination. */
static input_result drop(const hexiom_puzzle *h, hexiom_ui *ui, const int *state, int to, move *out)
{
    int from = ui->held;
    if (to == from) {
        ui->held = -1; /* put back where it was */
        return INPUT_UI;
    }
    if (to < 0 || h->hole[to] || h->locked[to])
        return INPUT_UI; /* keep holding: nowhere to put it */
    int n = h->ncells;
    move_set(out, from, state[to]);
    move_set(out, n + from, 0);
    move_set(out, to, state[from]);
    move_set(out, n + to, 1);
    ui->held = -1;
    return INPUT_MOVE;
}

static bool movable(const hexiom_puzzle *h, const int *state, int c)
{
    return c >= 0 && c < h->ncells && !h->hole[c] && !h->locked[c] && is_tile(state[c]);
}

static input_result pick_or_drop(const hexiom_puzzle *h, hexiom_ui *ui, const int *state, int c,
                                 move *out)
{
    if (held_valid(h, ui, state))
        return drop(h, ui, state, c, out);
    ui->held = movable(h, state, c) ? c : -1;
    return INPUT_UI;
}

static input_result toggle_pin(const hexiom_puzzle *h, const int *state, int c, move *out)
{
    if (c < 0 || c >= h->ncells || h->hole[c] || h->locked[c])
        return INPUT_UI;
    move_set(out, h->ncells + c, !state[h->ncells + c]);
    return INPUT_MOVE;
}

static input_result key_input(const hexiom_puzzle *h, hexiom_ui *ui, const int *state, int key,
                              move *out)
{
    int dir = -1;
    switch (key) {
    case GAME_KEY_LEFT: case 'a': dir = DIR_W; break;
    case GAME_KEY_RIGHT: case 'd': dir = DIR_E; break;
    case 'w': dir = DIR_NW; break;
    case 'e': dir = DIR_NE; break;
    case 'z': dir = DIR_SW; break;
    case 'x': dir = DIR_SE; break;
    case GAME_KEY_UP: {
        int to = vertical(h, ui, true);
        if (to >= 0)
            ui->cursor = to;
        return INPUT_UI;
    }
    case GAME_KEY_DOWN: {
        int to = vertical(h, ui, false);
        if (to >= 0)
            ui->cursor = to;
        return INPUT_UI;
    }
    case GAME_KEY_SELECT:
        return pick_or_drop(h, ui, state, ui->cursor, out);
    case ' ':
        return toggle_pin(h, state, ui->cursor, out);
    case '.': case '-':
        ui->held = -1;
        return hexiom_place(h, state, ui->cursor, HEXIOM_FACT_EMPTY, out) ? INPUT_MOVE : INPUT_UI;
    default:
        if (key >= '0' && key < '0' + HEXIOM_VALUES) {
            ui->held = -1;
            return hexiom_place(h, state, ui->cursor, key - '0', out) ? INPUT_MOVE : INPUT_UI;
        }
        return INPUT_IGNORED;
    }
    int to = step(h, ui->cursor, dir);
    if (to >= 0) {
        ui->cursor = to;
        ui->want_u = unit_u(h, to);
    }
    return INPUT_UI;
}

static input_result mouse_input(const hexiom_puzzle *h, hexiom_ui *ui, const int *state,
                                const input_event *ev, move *out)
{
    int c = ev->target >= 0 && ev->target < h->ncells && !h->hole[ev->target] ? ev->target : -1;
    if (ev->button == GAME_MOUSE_RIGHT) {
        if (ev->action != MOUSE_PRESS || c < 0)
            return INPUT_IGNORED;
        ui->cursor = c;
        ui->want_u = unit_u(h, c);
        return toggle_pin(h, state, c, out);
    }
    if (ev->button != GAME_MOUSE_LEFT)
        return INPUT_IGNORED;
    if (c >= 0) {
        ui->cursor = c;
        ui->want_u = unit_u(h, c);
    }
    switch (ev->action) {
    case MOUSE_PRESS:
        if (c < 0) {
            ui->held = -1;
            return INPUT_UI;
        }
        ui->dragging = !held_valid(h, ui, state) && movable(h, state, c);
        return pick_or_drop(h, ui, state, c, out);
    case MOUSE_RELEASE: {
        /* a drag ends with a drop; a click leaves the tile held */
        bool drag = ui->dragging;
        ui->dragging = 0;
        if (drag && c >= 0 && c != ui->held && held_valid(h, ui, state))
            return drop(h, ui, state, c, out);
        return INPUT_UI;
    }
    default:
        return INPUT_UI;
    }
}

static input_result ui_input(const void *pz, void *uip, const int *state, const input_event *ev, move *out)
{
    const hexiom_puzzle *h = pz;
    hexiom_ui *ui = uip;
    if (!held_valid(h, ui, state))
        ui->held = -1; /* an undo may have moved it */
    if (ev->kind == INPUT_MOUSE)
        return mouse_input(h, ui, state, ev, out);
    return key_input(h, ui, state, ev->key, out);
}

static int ui_fact_distance(const void *pz, const void *uip, const int *state, int fact)
{
    (void)state; /* the facts lie still on the board */
    const hexiom_puzzle *h = pz;
    const hexiom_ui *ui = uip;
    if (fact < 0 || fact >= h->nslots * HEXIOM_FACTS_PER_SLOT)
        return 1 << 20;
    int c = h->cell_of_slot[fact / HEXIOM_FACTS_PER_SLOT];
    return hex_distance(h->q[c], h->r[c], h->q[ui->cursor], h->r[ui->cursor]);
}

static const role_colour COLOURS[] = {
    [HEXIOM_ROLE_LOCKED - ROLE_FAMILY] = {COLOUR_CYAN, 31, LOOK_BOLD, LOOK_UNDERLINE, 0, 0},
    [HEXIOM_ROLE_SATISFIED - ROLE_FAMILY] = {COLOUR_GREEN, 65, 0, LOOK_DIM, 0, 0},
};

const game_ui hexiom_ui_hooks = {
    .create = ui_create,
    .free = ui_free,
    .layout = ui_layout,
    .draw = ui_draw,
    .input = ui_input,
    .fact_distance = ui_fact_distance,
    .help = ui_help,
    .colours = {COLOURS, (int)(sizeof COLOURS / sizeof COLOURS[0])},
};
