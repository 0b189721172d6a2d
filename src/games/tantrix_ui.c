/* tantrix_ui.c: Tantrix in the terminal: roomy flat-top hexes with each
 * edge's colour as a coloured letter, a tray of unplaced tiles, panning,
 * and the keys and mouse clicks that place, turn, move and lift tiles. */
#include "keys.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"

/* A hex is 9 columns by 5 rows; neighbours share their edge glyphs:
 *      _____         row 0: top edge
 *     /B Y R\        row 1: edges 5, 0, 1 (upper left, top, upper right)
 *    /  12   \       row 2: the tile's number ([12]: a given tile)
 *    \ Y B R /       row 3: edges 4, 3, 2 (lower left, bottom, lower right)
 *     \_____/        row 4: bottom edge (the next hex's top)
 * A column of hexes steps 7 columns right and 2 rows down per q. */
enum { HEX_W = 9, HEX_H = 5, STEP_X = 7, TRAY_ROWS = 4, SLOT_W = 8 };

/* Owners (canvas hit-testing): tray slots are the tile index; board cells
 * are BOARD + packed axial coordinates. */
#define BOARD_TARGET (1 << 24)
#define COORD_BIAS 2048

static const int EDGE_Y[6] = {1, 1, 3, 3, 3, 1}, EDGE_X[6] = {4, 6, 6, 4, 2, 2};

typedef struct {
    int cq, cr;       /* board cursor */
    int vq, vr;       /* the cell drawn at the board's centre */
    int held;         /* tile in hand (from the tray or lifted off the board), -1 none */
    int held_rot;
    bool in_tray;     /* keys move in the tray rather than on the board */
    int tray_pos;     /* tray cursor: index among unplaced tiles */
    int rows, cols;   /* canvas */
    int drag_from;    /* mouse: tile pressed on the board, -1 none */
} tantrix_ui;

const char *const tantrix_help[] = {
    "Arrows          move on the board (or along the tray)",
    "Tab             switch between the board and the tray",
    "Enter, Space    take a tile from the tray or the board; again: put it down",
    "[ ] or z x      turn the tile in hand or under the cursor (left / right)",
    "n b             take the next / previous tile from the tray",
    "d, Delete       put the tile under the cursor (or in hand) back in the tray",
    "m               centre the board on the tiles placed",
    "left click      take a tile (tray or board), click again to put it down; or drag",
    "right click     turn a tile right",
    "                given tiles ([12], bold outline) cannot be moved or turned",
    NULL,
};

static bool placed(const int *state, int t) { return state[3 * t] >= 0 && state[3 * t] < 6; }
static bool given(const tantrix_puzzle *t, int tile) { return tile >= 0 && t->given_rot[tile] != TANTRIX_OFF; }

static int tile_at(const tantrix_puzzle *t, const int *state, int q, int r)
{
    for (int i = 0; i < t->n; i++)
        if (placed(state, i) && state[3 * i + 1] == q && state[3 * i + 2] == r)
            return i;
    return -1;
}

static int board_target(int q, int r) { return BOARD_TARGET | (q + COORD_BIAS) << 12 | (r + COORD_BIAS); }
static bool target_cell(int target, int *q, int *r)
{
    if (target < BOARD_TARGET)
        return false;
    *q = ((target >> 12) & 0xfff) - COORD_BIAS;
    *r = (target & 0xfff) - COORD_BIAS;
    return true;
}

static int board_rows(const tantrix_ui *ui) { return ui->rows - TRAY_ROWS; }

/* Top-left corner of cell (q, r)'s box on the canvas. */
static void cell_origin(const tantrix_ui *ui, int q, int r, int *y, int *x)
{
    int cy = board_rows(ui) / 2 - HEX_H / 2, cx = ui->cols / 2 - HEX_W / 2;
    *x = cx + STEP_X * (q - ui->vq);
    *y = cy + 4 * (r - ui->vr) + 2 * (q - ui->vq);
}

/* Keeps the cursor's hex wholly on the board area. */
static void follow_cursor(tantrix_ui *ui)
{
    int y, x;
    cell_origin(ui, ui->cq, ui->cr, &y, &x);
    if (y < 0 || x < 0 || y + HEX_H > board_rows(ui) || x + HEX_W > ui->cols) {
        ui->vq = ui->cq;
        ui->vr = ui->cr;
    }
}

void *tantrix_ui_create(const void *pz)
{
    (void)pz;
    tantrix_ui *ui = xcalloc(1, sizeof *ui);
    ui->held = -1;
    ui->drag_from = -1;
    ui->in_tray = true; /* a new game starts by taking a tile */
    ui->rows = HEX_H + TRAY_ROWS;
    ui->cols = HEX_W;
    return ui;
}

void tantrix_ui_free(void *ui) { free(ui); }

bool tantrix_layout(const void *pz, void *uip, int rows, int cols, bool ascii, int *need_rows,
                    int *need_cols)
{
    (void)pz;
    (void)ascii; /* every glyph is ASCII already */
    tantrix_ui *ui = uip;
    /* one whole hex and its neighbours' edges, and a few tray slots */
    int min_rows = HEX_H + 2 + TRAY_ROWS, min_cols = 3 * SLOT_W;
    if (rows < min_rows || cols < min_cols) {
        *need_rows = min_rows;
        *need_cols = min_cols;
        return false;
    }
    ui->rows = *need_rows = rows;
    ui->cols = *need_cols = cols;
    follow_cursor(ui);
    return true;
}

/* --- drawing --- */

static role colour_role(int c) { return (role)(ROLE_TANTRIX_RED + c); }

static void put(canvas *cv, int limit, int y, int x, const char *g, role r, unsigned marks)
{
    if (y >= 0 && y < limit)
        canvas_put(cv, y, x, g, g, r, marks);
}

static void draw_outline(canvas *cv, int limit, int y, int x, role r, const role *edge_role)
{
    for (int k = 0; k < 6; k++) {
        role er = edge_role ? edge_role[k] : r;
        switch (k) {
        case 0:
            for (int i = 2; i <= 6; i++)
                put(cv, limit, y, x + i, "_", er, 0);
            break;
        case 1:
            put(cv, limit, y + 1, x + 7, "\\", er, 0);
            put(cv, limit, y + 2, x + 8, "\\", er, 0);
            break;
        case 2:
            put(cv, limit, y + 3, x + 8, "/", er, 0);
            put(cv, limit, y + 4, x + 7, "/", er, 0);
            break;
        case 3:
            for (int i = 2; i <= 6; i++)
                put(cv, limit, y + 4, x + i, "_", er, 0);
            break;
        case 4:
            put(cv, limit, y + 4, x + 1, "\\", er, 0);
            put(cv, limit, y + 3, x, "\\", er, 0);
            break;
        default:
            put(cv, limit, y + 2, x, "/", er, 0);
            put(cv, limit, y + 1, x + 1, "/", er, 0);
            break;
        }
    }
}

/* The inside of a hex: marks over the whole interior, the six edge
 * letters (the loop colour in bold), the tile's number in the middle. */
static void draw_tile(const tantrix_puzzle *t, canvas *cv, int limit, int y, int x, int tile, int rot,
                      unsigned marks, const bool *bad_edge)
{
    static const int row_from[3] = {2, 1, 1}, row_to[3] = {6, 7, 7};
    for (int i = 0; i < 3; i++)
        for (int dx = row_from[i]; dx <= row_to[i]; dx++)
            put(cv, limit, y + 1 + i, x + dx, " ", ROLE_PLAIN, marks);
    for (int k = 0; k < 6; k++) {
        int c = tantrix_edge(t, tile, rot, k);
        char g[2] = {tantrix_colour_letter(c), 0};
        bool bad = bad_edge && bad_edge[k];
        unsigned m = marks | (c == t->loop ? MARK_BOLD : 0);
        put(cv, limit, y + EDGE_Y[k], x + EDGE_X[k], g, bad ? ROLE_ERROR : colour_role(c), m);
    }
    char num[8];
    snprintf(num, sizeof num, "%d", t->label[tile]);
    int len = (int)strlen(num);
    for (int i = 0; i < len; i++) {
        char g[2] = {num[i], 0};
        put(cv, limit, y + 2, x + 4 - len / 2 + i, g, ROLE_PLAIN, marks | MARK_BOLD);
    }
    if (given(t, tile)) { /* locked: the number in brackets */
        put(cv, limit, y + 2, x + 3 - len / 2, "[", ROLE_GIVEN, marks);
        put(cv, limit, y + 2, x + 4 - len / 2 + len, "]", ROLE_GIVEN, marks);
    }
}

static void own_interior(canvas *cv, int limit, int y, int x, int target)
{
    static const int row_from[3] = {2, 1, 1}, row_to[3] = {6, 7, 7};
    for (int i = 0; i < 3; i++)
        if (y + 1 + i >= 0 && y + 1 + i < limit)
            canvas_own(cv, y + 1 + i, x + row_from[i], 1, row_to[i] - row_from[i] + 1, target);
}

static bool held_valid(const tantrix_puzzle *t, const tantrix_ui *ui)
{
    return ui->held >= 0 && ui->held < t->n;
}

/* Unplaced tiles in puzzle order; returns how many. */
static int tray_tiles(const tantrix_puzzle *t, const int *state, int *out)
{
    int m = 0;
    for (int i = 0; i < t->n; i++)
        if (!placed(state, i))
            out[m++] = i;
    return m;
}

/* What the view asks for, per tile, and the hinted placement. */
typedef struct {
    unsigned *tile_marks;
    int hint_tile, hint_q, hint_r, hint_rot;
} view_overlay;

static void read_view(const tantrix_puzzle *t, const int *state, const view *v, view_overlay *o)
{
    o->hint_tile = -1;
    if (!v)
        return;
    tantrix_frame f = tantrix_frame_of(t, state);
    int tile, q, r, rot;
    for (int i = 0; i < v->nhint; i++)
        if (tantrix_fact_place(t, &f, v->hint_facts[i], &tile, &q, &r, &rot)) {
            o->hint_tile = tile;
            o->hint_q = q;
            o->hint_r = r;
            o->hint_rot = rot;
            o->tile_marks[tile] |= MARK_HINT;
        }
    for (int i = 0; i < v->nconflict; i++) {
        int fct = v->conflict_facts[i];
        if (tantrix_fact_place(t, &f, fct, &tile, &q, &r, &rot))
            o->tile_marks[tile] |= MARK_CONFLICT;
        else if (fct >= t->nplace && fct < tantrix_nfacts(t))
            o->tile_marks[fct - t->nplace] |= MARK_CONFLICT;
    }
    for (int i = 0; i < v->nexplain_facts; i++)
        if (tantrix_fact_place(t, &f, v->explain_facts[i], &tile, &q, &r, &rot))
            o->tile_marks[tile] |= MARK_EXPLAIN;
}

static void draw_board(const tantrix_puzzle *t, const tantrix_ui *ui, const int *state, const view_overlay *o,
                       canvas *cv)
{
    int limit = board_rows(ui);
    int cy = limit / 2 - HEX_H / 2, cx = ui->cols / 2 - HEX_W / 2;
    int q0 = ui->vq + (-HEX_W - cx) / STEP_X - 1, q1 = ui->vq + (ui->cols - cx) / STEP_X + 1;
    /* empty cells first, dim, so that tiles' outlines win on shared edges */
    for (int pass = 0; pass < 2; pass++)
        for (int q = q0; q <= q1; q++) {
            int dq = q - ui->vq;
            int r0 = ui->vr + (-HEX_H - cy - 2 * dq) / 4 - 1, r1 = ui->vr + (limit - cy - 2 * dq) / 4 + 1;
            for (int r = r0; r <= r1; r++) {
                int y, x;
                cell_origin(ui, q, r, &y, &x);
                if (y + HEX_H <= 0 || y >= limit || x + HEX_W <= 0 || x >= ui->cols)
                    continue;
                int tile = tile_at(t, state, q, r);
                bool cursor = !ui->in_tray && q == ui->cq && r == ui->cr;
                if (pass == 0) {
                    if (tile < 0)
                        draw_outline(cv, limit, y, x, ROLE_DIM, NULL);
                    continue;
                }
                if (tile < 0) {
                    unsigned m = cursor ? MARK_CURSOR : 0;
                    if (held_valid(t, ui) && cursor) {
                        draw_tile(t, cv, limit, y, x, ui->held, ui->held_rot, MARK_SELECTED | m, NULL);
                    } else if (o->hint_tile >= 0 && q == o->hint_q && r == o->hint_r) {
                        draw_tile(t, cv, limit, y, x, o->hint_tile, o->hint_rot, MARK_HINT | m, NULL);
                    } else if (cursor) {
                        put(cv, limit, y + 2, x + 4, ".", ROLE_DIM, m);
                        canvas_mark(cv, y + 2, x + 3, 1, 3, MARK_CURSOR);
                    }
                    own_interior(cv, limit, y, x, board_target(q, r));
                    continue;
                }
                /* a placed tile: edges that meet another tile in another
                 * colour, or a loop line running into an empty cell */
                bool bad[6];
                role er[6];
                for (int k = 0; k < 6; k++) {
                    int c = tantrix_edge(t, tile, state[3 * tile], k);
                    int other = tile_at(t, state, q + HEX_DQ[k], r + HEX_DR[k]);
                    bad[k] = other >= 0 &&
                             tantrix_edge(t, other, state[3 * other], hex_opposite(k)) != c;
                    er[k] = bad[k] ? ROLE_ERROR : given(t, tile) ? ROLE_GIVEN : ROLE_FRAME;
                }
                draw_outline(cv, limit, y, x, given(t, tile) ? ROLE_GIVEN : ROLE_FRAME, er);
                unsigned m = o->tile_marks[tile] | (cursor ? MARK_CURSOR : 0);
                if (tile == ui->held)
                    m |= MARK_SELECTED;
                draw_tile(t, cv, limit, y, x, tile, tile == ui->held ? ui->held_rot : state[3 * tile], m, bad);
                own_interior(cv, limit, y, x, board_target(q, r));
            }
        }
}

static void draw_tray(const tantrix_puzzle *t, const tantrix_ui *ui, const int *state, const view_overlay *o,
                      canvas *cv)
{
    int top = board_rows(ui);
    int *tiles = xmalloc((size_t)t->n * sizeof *tiles);
    int m = tray_tiles(t, state, tiles);
    for (int x = 0; x < ui->cols; x++)
        canvas_put(cv, top, x, "-", "-", ROLE_FRAME, 0);
    char head[96];
    snprintf(head, sizeof head, " tray: %d of %d tiles, %s loop%s ", m, t->n, tantrix_colour_name(t->loop),
             ui->in_tray ? " [Tab: board]" : " [Tab: tray]");
    canvas_text(cv, top, 2, head, ui->in_tray ? ROLE_CLUE : ROLE_DIM, 0);
    int per = ui->cols / SLOT_W;
    int pos = ui->tray_pos < m ? ui->tray_pos : m - 1;
    int first = pos >= per ? pos - per + 1 : 0;
    for (int s = 0; s < per && first + s < m; s++) {
        int tile = tiles[first + s], x = s * SLOT_W, y = top + 1;
        unsigned mk = o->tile_marks[tile];
        if (ui->in_tray && first + s == pos)
            mk |= MARK_CURSOR;
        if (tile == ui->held)
            mk |= MARK_SELECTED;
        int rot = tile == ui->held ? ui->held_rot : 0;
        for (int row = 0; row < 3; row++)
            for (int dx = 0; dx < SLOT_W - 1; dx++)
                canvas_put(cv, y + row, x + dx, " ", " ", ROLE_PLAIN, mk);
        static const int slot_row[6] = {0, 0, 2, 2, 2, 0}, slot_col[6] = {3, 5, 5, 3, 1, 1};
        for (int k = 0; k < 6; k++) {
            int c = tantrix_edge(t, tile, rot, k);
            char g[2] = {tantrix_colour_letter(c), 0};
            canvas_put(cv, y + slot_row[k], x + slot_col[k], g, g, colour_role(c),
                       mk | (c == t->loop ? MARK_BOLD : 0));
        }
        char num[8];
        snprintf(num, sizeof num, "%d", t->label[tile]);
        canvas_text(cv, y + 1, x + 3 - (int)strlen(num) / 2, num, ROLE_PLAIN, mk | MARK_BOLD);
        canvas_own(cv, y, x, 3, SLOT_W - 1, tile);
    }
    if (first > 0)
        canvas_put(cv, top + 2, ui->cols - 1, "<", "<", ROLE_DIM, 0);
    if (first + per < m)
        canvas_put(cv, top + 2, ui->cols - 1, ">", ">", ROLE_DIM, 0);
    free(tiles);
}

void tantrix_draw(const void *pz, const void *uip, const int *state, const view *v, canvas *cv)
{
    const tantrix_puzzle *t = pz;
    const tantrix_ui *ui = uip;
    view_overlay o = {.tile_marks = xcalloc((size_t)t->n, sizeof(unsigned)), .hint_tile = -1};
    read_view(t, state, v, &o);
    draw_board(t, ui, state, &o, cv);
    draw_tray(t, ui, state, &o, cv);
    free(o.tile_marks);
}

/* --- input --- */

/* Left and right keep to a row of the zigzag; up and down go straight. */
static void step_cursor(tantrix_ui *ui, int key)
{
    int dir = -1;
    bool odd = (ui->cq % 2 + 2) % 2 == 1;
    switch (key) {
    case KEY_UP: dir = 0; break;
    case KEY_DOWN: dir = 3; break;
    case KEY_RIGHT: dir = odd ? 1 : 2; break;
    case KEY_LEFT: dir = odd ? 5 : 4; break;
    default: return;
    }
    int q = ui->cq + HEX_DQ[dir], r = ui->cr + HEX_DR[dir];
    if (abs(q) > TANTRIX_MAX_COORD || abs(r) > TANTRIX_MAX_COORD)
        return;
    ui->cq = q;
    ui->cr = r;
    follow_cursor(ui);
}

static input_result place(const tantrix_puzzle *t, tantrix_ui *ui, const int *state, int q, int r,
                          move *out)
{
    int there = tile_at(t, state, q, r);
    if (there >= 0 && there != ui->held)
        return INPUT_UI; /* the cell is taken: keep holding */
    int tile = ui->held;
    ui->held = -1;
    if (placed(state, tile) && state[3 * tile] == ui->held_rot && state[3 * tile + 1] == q &&
        state[3 * tile + 2] == r)
        return INPUT_UI; /* put back as it was */
    move_set(out, 3 * tile, ui->held_rot);
    move_set(out, 3 * tile + 1, q);
    move_set(out, 3 * tile + 2, r);
    return INPUT_MOVE;
}

static input_result take_or_place(const tantrix_puzzle *t, tantrix_ui *ui, const int *state, move *out)
{
    if (held_valid(t, ui))
        return place(t, ui, state, ui->cq, ui->cr, out);
    int tile = tile_at(t, state, ui->cq, ui->cr);
    if (tile >= 0 && !given(t, tile)) {
        ui->held = tile;
        ui->held_rot = state[3 * tile];
    }
    return INPUT_UI;
}

static input_result to_tray(const tantrix_puzzle *t, tantrix_ui *ui, const int *state, move *out)
{
    int tile = held_valid(t, ui) ? ui->held : ui->in_tray ? -1 : tile_at(t, state, ui->cq, ui->cr);
    ui->held = -1;
    if (tile < 0 || !placed(state, tile) || given(t, tile))
        return INPUT_UI;
    move_set(out, 3 * tile, TANTRIX_OFF);
    return INPUT_MOVE;
}

static input_result turn(const tantrix_puzzle *t, tantrix_ui *ui, const int *state, int by, move *out)
{
    if (held_valid(t, ui)) {
        ui->held_rot = (ui->held_rot + by + 6) % 6;
        return INPUT_UI;
    }
    int tile = ui->in_tray ? -1 : tile_at(t, state, ui->cq, ui->cr);
    if (tile < 0 || given(t, tile))
        return INPUT_UI;
    move_set(out, 3 * tile, (state[3 * tile] + by + 6) % 6);
    return INPUT_MOVE;
}

/* Takes the tray tile after (or before) the one in hand. */
static input_result cycle_tray(const tantrix_puzzle *t, tantrix_ui *ui, const int *state, int by)
{
    int *tiles = xmalloc((size_t)t->n * sizeof *tiles);
    int m = tray_tiles(t, state, tiles);
    if (m > 0) {
        int at = -1;
        for (int i = 0; i < m; i++)
            if (tiles[i] == ui->held)
                at = i;
        at = at < 0 ? (by > 0 ? 0 : m - 1) : (at + by + m) % m;
        ui->held = tiles[at];
        ui->held_rot = 0;
        ui->tray_pos = at;
        ui->in_tray = false;
    }
    free(tiles);
    return INPUT_UI;
}

static void centre_on_tiles(const tantrix_puzzle *t, tantrix_ui *ui, const int *state)
{
    long sq = 0, sr = 0;
    int k = 0;
    for (int i = 0; i < t->n; i++)
        if (placed(state, i)) {
            sq += state[3 * i + 1];
            sr += state[3 * i + 2];
            k++;
        }
    if (k == 0)
        return;
    ui->vq = ui->cq = (int)(sq / k);
    ui->vr = ui->cr = (int)(sr / k);
}

static input_result key_input(const tantrix_puzzle *t, tantrix_ui *ui, const int *state, int key, move *out)
{
    switch (key) {
    case '\t':
        ui->in_tray = !ui->in_tray;
        return INPUT_UI;
    case '[': case 'z': return turn(t, ui, state, -1, out);
    case ']': case 'x': return turn(t, ui, state, 1, out);
    case 'n': return cycle_tray(t, ui, state, 1);
    case 'b': return cycle_tray(t, ui, state, -1);
    case 'd': case KEY_DC: case KEY_BACKSPACE: case 127: return to_tray(t, ui, state, out);
    case 'm':
        centre_on_tiles(t, ui, state);
        return INPUT_UI;
    default: break;
    }
    if (ui->in_tray) {
        int *tiles = xmalloc((size_t)t->n * sizeof *tiles);
        int m = tray_tiles(t, state, tiles);
        input_result res = INPUT_UI;
        if (key == KEY_LEFT && ui->tray_pos > 0)
            ui->tray_pos--;
        else if (key == KEY_RIGHT && ui->tray_pos < m - 1)
            ui->tray_pos++;
        else if (key == KEY_UP)
            ui->in_tray = false;
        else if ((key == 10 || key == ' ' || key == KEY_ENTER) && m > 0) {
            ui->held = tiles[ui->tray_pos < m ? ui->tray_pos : m - 1];
            ui->held_rot = 0;
            ui->in_tray = false;
        } else if (key != KEY_LEFT && key != KEY_RIGHT && key != KEY_DOWN)
            res = INPUT_IGNORED;
        free(tiles);
        return res;
    }
    switch (key) {
    case KEY_UP: case KEY_DOWN: case KEY_LEFT: case KEY_RIGHT:
        step_cursor(ui, key);
        return INPUT_UI;
    case 10: case ' ': case KEY_ENTER:
        return take_or_place(t, ui, state, out);
    default:
        return INPUT_IGNORED;
    }
}

static input_result mouse_input(const tantrix_puzzle *t, tantrix_ui *ui, const int *state,
                                const input_event *ev, move *out)
{
    int q = 0, r = 0;
    bool on_board = target_cell(ev->target, &q, &r);
    bool on_tray = ev->target >= 0 && ev->target < t->n;
    if (ev->button == 3) {
        if (ev->action != MOUSE_PRESS)
            return INPUT_IGNORED;
        if (on_board && !held_valid(t, ui)) {
            ui->cq = q;
            ui->cr = r;
            ui->in_tray = false;
        }
        return turn(t, ui, state, 1, out);
    }
    if (ev->button != 1)
        return INPUT_IGNORED;
    if (ev->action == MOUSE_PRESS) {
        if (on_tray) {
            ui->held = ev->target;
            ui->held_rot = 0;
            ui->in_tray = false;
            return INPUT_UI;
        }
        if (!on_board)
            return INPUT_UI;
        ui->cq = q;
        ui->cr = r;
        ui->in_tray = false;
        if (held_valid(t, ui))
            return place(t, ui, state, q, r, out);
        int tile = tile_at(t, state, q, r);
        if (given(t, tile))
            tile = -1;
        ui->drag_from = tile;
        if (tile >= 0) {
            ui->held = tile;
            ui->held_rot = state[3 * tile];
        }
        return INPUT_UI;
    }
    if (ev->action == MOUSE_RELEASE) {
        /* a drag ends with a drop; a click leaves the tile in hand */
        int from = ui->drag_from;
        ui->drag_from = -1;
        if (from >= 0 && on_board && held_valid(t, ui) && ui->held == from &&
            (q != state[3 * from + 1] || r != state[3 * from + 2])) {
            ui->cq = q;
            ui->cr = r;
            return place(t, ui, state, q, r, out);
        }
        return INPUT_UI;
    }
    if (ev->action == MOUSE_DRAG && on_board) {
        ui->cq = q;
        ui->cr = r;
    }
    return INPUT_UI;
}

input_result tantrix_input(const void *pz, void *uip, const int *state, const input_event *ev, move *out)
{
    const tantrix_puzzle *t = pz;
    tantrix_ui *ui = uip;
    if (ui->held >= t->n)
        ui->held = -1;
    if (ev->kind == INPUT_MOUSE)
        return mouse_input(t, ui, state, ev, out);
    return key_input(t, ui, state, ev->key, out);
}

int tantrix_fact_distance(const void *pz, const void *uip, int fact)
{
    const tantrix_puzzle *t = pz;
    const tantrix_ui *ui = uip;
    int tile, q, r, rot;
    if (!tantrix_fact_place(t, t->frame, fact, &tile, &q, &r, &rot))
        return 1 << 20;
    return hex_distance(q, r, ui->cq, ui->cr);
}
