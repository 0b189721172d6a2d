/* tantrix_ui.c: Tantrix in the terminal: roomy flat-top hexes with each
 * tile's three coloured bands drawn as lines through it, the lattice only
 * round placed tiles, a tray of unplaced tiles, panning, and the keys and
 * mouse clicks that place, turn, move and lift tiles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"

/* A hex is 9 columns by 5 rows; neighbours share their edge glyphs:
 *      _____         row 0: top edge
 *     / ╲ │ \        rows 1-3: the inside, where each band runs as a line
 *    /───12──\       from one edge to the other of its colour; the
 *    \ ╱ │   /       tile's number in the middle ([12]: a given tile)
 *     \_____/        row 4: bottom edge (the next hex's top)
 * A column of hexes steps 7 columns right and 2 rows down per q. */
enum { HEX_W = 9, HEX_H = 5, STEP_X = 7, TRAY_ROWS = 4, SLOT_W = 9 };

/* Owners (canvas hit-testing): tray slots are the tile index; board cells
 * are BOARD + packed axial coordinates. */
#define BOARD_TARGET (1 << 24)
#define COORD_BIAS 2048


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

static const char *const ui_help[] = {
    "arrows, j k l   move on the board (or along the tray)",
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

static void *ui_create(const void *pz)
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

static void ui_free(void *ui) { free(ui); }
                    
static bool ui_layout(const void *pz, void *uip, int rows, int cols, bool ascii, int *need_rows,
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

static role colour_role(int c) { return (role)(TANTRIX_ROLE_RED + c); }

static void put(canvas *cv, int limit, int y, int x, const char *g, role r, unsigned marks)
{
    if (y >= 0 && y < limit)
        canvas_put(cv, y, x, g, g, r, marks);
}

/* A hex's six edges; anything but the dim lattice in bold, so placed
 * tiles stand out from the empty cells round them. */
static void draw_outline(canvas *cv, int limit, int y, int x, role r, const role *edge_role)
{
    for (int k = 0; k < 6; k++) {
        role er = edge_role ? edge_role[k] : r;
        unsigned b = er == ROLE_DIM ? 0 : MARK_BOLD;
        switch (k) {
        case 0:
            for (int i = 2; i <= 6; i++)
                put(cv, limit, y, x + i, "_", er, b);
            break;
        case 1:
            put(cv, limit, y + 1, x + 7, "\\", er, b);
            put(cv, limit, y + 2, x + 8, "\\", er, b);
            break;
        case 2:
            put(cv, limit, y + 3, x + 8, "/", er, b);
            put(cv, limit, y + 4, x + 7, "/", er, b);
            break;
        case 3:
            for (int i = 2; i <= 6; i++)
                put(cv, limit, y + 4, x + i, "_", er, b);
            break;
        case 4:
            put(cv, limit, y + 4, x + 1, "\\", er, b);
            put(cv, limit, y + 3, x, "\\", er, b);
            break;
        default:
            put(cv, limit, y + 2, x, "/", er, b);
            put(cv, limit, y + 1, x + 1, "/", er, b);
            break;
        }
    }
}

/* ORs overlay marks into a hex's outline glyphs (not its inside). */
static void mark_outline(canvas *cv, int limit, int y, int x, unsigned m)
{
    static const int SIDE_Y[8] = {1, 1, 2, 2, 3, 3, 4, 4}, SIDE_X[8] = {1, 7, 0, 8, 0, 8, 1, 7};
    for (int i = 2; i <= 6; i++) {
        if (y >= 0 && y < limit)
            canvas_mark(cv, y, x + i, 1, 1, m);
        if (y + 4 >= 0 && y + 4 < limit)
            canvas_mark(cv, y + 4, x + i, 1, 1, m);
    }
    for (int i = 0; i < 8; i++)
        if (y + SIDE_Y[i] >= 0 && y + SIDE_Y[i] < limit)
            canvas_mark(cv, y + SIDE_Y[i], x + SIDE_X[i], 1, 1, m);
}

/* Edge midpoints in a hex's own coordinates (rows, columns; a cell's
 * centre is +0.5): the flat top and bottom at rows 1 and 5, the slanted
 * sides half-way along their two glyphs. */
static const double MID_Y[6] = {1.0, 2.0, 4.0, 5.0, 4.0, 2.0};
static const double MID_X[6] = {4.5, 8.0, 8.0, 4.5, 1.0, 1.0};
#define CENTRE_Y 3.0
#define CENTRE_X 4.5

/* The inside cells of a hex (rows 1-3), where bands are drawn. */
static bool inside(int dy, int dx)
{
    return (dy == 1 && dx >= 2 && dx <= 6) || ((dy == 2 || dy == 3) && dx >= 1 && dx <= 7);
}

/* The glyph of a band cell from where the band comes from and goes to
 * (the cells before and after it, as offsets): a rounded corner where it
 * turns between a row and a column, else a straight or slanted line along
 * the way from one to the other (columns are half as wide as rows are
 * tall, so a run along a row stays a row). */
static void band_glyph(int py, int px, int ny, int nx, const char **g, const char **ascii)
{
    bool p_orth = (py == 0) != (px == 0), n_orth = (ny == 0) != (nx == 0);
    if (p_orth && n_orth && (py == 0) != (ny == 0)) {
        /* ports: the sides towards the cell before and the cell after */
        bool up = py < 0 || ny < 0, left = px < 0 || nx < 0;
        if (up)
            *g = left ? "╯" : "╰";
        else
            *g = left ? "╮" : "╭";
        *ascii = up ? (left ? "'" : "'") : ".";
        return;
    }
    int vy = ny - py, vx = nx - px;
    if (vy == 0 || abs(vx) > 2 * abs(vy))
        *g = "─", *ascii = "-";
    else if (vx == 0)
        *g = "│", *ascii = "|";
    else if ((vx > 0) == (vy > 0))
        *g = "╲", *ascii = "\\";
    else
        *g = "╱", *ascii = "/";
}

/* Draws one band from edge a to edge b of a hex whose inside cell (1, 1)
 * is at (y, x): a quadratic curve from one edge's midpoint to the other's,
 * bent towards the centre as the tile's arcs are (a sharp arc round the
 * corner for neighbouring edges, a gentle one for edges one apart,
 * straight across for opposite ones), cut into the cells it crosses, each
 * with a glyph from its neighbours along the curve.  clip: keep to the
 * hexagon's inside (else to its 3x7 box, as in the tray). */
static void draw_band(canvas *cv, int limit, int y, int x, int a, int b, role r, bool clip)
{
    int apart = (b - a + 6) % 6;
    if (apart > 3)
        apart = 6 - apart;
    double my = (MID_Y[a] + MID_Y[b]) / 2, mx = (MID_X[a] + MID_X[b]) / 2;
    double pull = apart == 1 ? 0.55 : apart == 2 ? 1.0 : 0.0;
    double cy = my + (CENTRE_Y - my) * pull, cx = mx + (CENTRE_X - mx) * pull;
    enum { STEPS = 64, MAXC = 40 };
    int cy_[MAXC], cx_[MAXC], n = 0;
    /* the cells crossed, with one more outside each edge (the direction
     * the band leaves in) */
    for (int i = -1; i <= STEPS + 1 && n < MAXC; i++) {
        double py, px;
        if (i < 0 || i > STEPS) {
            int e = i < 0 ? a : b;
            py = MID_Y[e] + (MID_Y[e] - CENTRE_Y) * 0.5;
            px = MID_X[e] + (MID_X[e] - CENTRE_X) * 0.5;
        } else {
            double t = (double)i / STEPS, u = 1 - t;
            py = u * u * MID_Y[a] + 2 * u * t * cy + t * t * MID_Y[b];
            px = u * u * MID_X[a] + 2 * u * t * cx + t * t * MID_X[b];
        }
        int ry = (int)py, rx = (int)px;
        if (n == 0 || ry != cy_[n - 1] || rx != cx_[n - 1]) {
            cy_[n] = ry;
            cx_[n] = rx;
            n++;
        }
    }
    for (int i = 1; i + 1 < n; i++) {
        int dy = cy_[i], dx = cx_[i];
        bool keep = clip ? inside(dy, dx) : dy >= 1 && dy <= 3 && dx >= 1 && dx <= 7;
        if (!keep)
            continue;
        const char *g, *ag;
        band_glyph(cy_[i - 1] - dy, cx_[i - 1] - dx, cy_[i + 1] - dy, cx_[i + 1] - dx, &g, &ag);
        put(cv, limit, y + dy - 1, x + dx - 1, cv->ascii ? ag : g, r, MARK_BOLD);
    }
}

/* A tile's three bands, the loop's colour last so that it stays whole
 * where bands cross; then the number in the middle. */
static void draw_bands(const tantrix_puzzle *t, canvas *cv, int limit, int y, int x, int tile, int rot,
                       unsigned num_marks, bool clip)
{
    for (int pass = 0; pass < 2; pass++)
        for (int a = 0; a < 6; a++) {
            int c = tantrix_edge(t, tile, rot, a);
            if ((c == t->loop) != (pass == 1))
                continue;
            for (int b = a + 1; b < 6; b++)
                if (tantrix_edge(t, tile, rot, b) == c)
                    draw_band(cv, limit, y, x, a, b, colour_role(c), clip);
        }
    char num[8];
    snprintf(num, sizeof num, "%d", t->label[tile]);
    int len = (int)strlen(num);
    for (int i = 0; i < len; i++) {
        char g[2] = {num[i], 0};
        put(cv, limit, y + 1, x + 3 - len / 2 + i, g, ROLE_PLAIN, num_marks | MARK_BOLD);
    }
    if (given(t, tile)) { /* locked: the number in brackets */
        put(cv, limit, y + 1, x + 2 - len / 2, "[", ROLE_GIVEN, num_marks);
        put(cv, limit, y + 1, x + 3 - len / 2 + len, "]", ROLE_GIVEN, num_marks);
    }
}

/* The inside of a hex: cleared, then the bands.  Marks (hint, held,
 * conflict) go on the number only; the outline carries them too (see
 * draw_board), so the bands keep their colours under any highlight. */
static void draw_tile(const tantrix_puzzle *t, canvas *cv, int limit, int y, int x, int tile, int rot,
                      unsigned marks)
{
    static const int row_from[3] = {2, 1, 1}, row_to[3] = {6, 7, 7};
    for (int i = 0; i < 3; i++)
        for (int dx = row_from[i]; dx <= row_to[i]; dx++)
            put(cv, limit, y + 1 + i, x + dx, " ", ROLE_PLAIN, 0);
    draw_bands(t, cv, limit, y + 1, x + 1, tile, rot, marks, true);
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

/* Is (q, r) next to a placed tile (or one)?  Only there is the lattice
 * drawn: the cells a tile could go to next. */
static bool near_tiles(const tantrix_puzzle *t, const int *state, int q, int r)
{
    for (int i = 0; i < t->n; i++)
        if (placed(state, i) && hex_distance(q, r, state[3 * i + 1], state[3 * i + 2]) <= 1)
            return true;
    return false;
}

static void draw_board(const tantrix_puzzle *t, const tantrix_ui *ui, const int *state, const view_overlay *o,
                       canvas *cv)
{
    int limit = board_rows(ui);
    int cy = limit / 2 - HEX_H / 2, cx = ui->cols / 2 - HEX_W / 2;
    int q0 = ui->vq + (-HEX_W - cx) / STEP_X - 1, q1 = ui->vq + (ui->cols - cx) / STEP_X + 1;
    /* pass 0: the lattice round placed tiles, dim; pass 1: the tiles, in
     * bold outlines; pass 2: the outlines that carry the cursor, the tile
     * in hand, a hint or a conflict, so that they win on shared edges */
    for (int pass = 0; pass < 3; pass++)
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
                bool hinted = tile < 0 && o->hint_tile >= 0 && q == o->hint_q && r == o->hint_r;
                bool holding = held_valid(t, ui) && cursor && tile < 0;
                if (pass == 0) {
                    /* the cursor's cell even from the tray: where a tile goes */
                    bool at_cursor = q == ui->cq && r == ui->cr;
                    if (tile < 0 && (near_tiles(t, state, q, r) || at_cursor || hinted))
                        draw_outline(cv, limit, y, x, ROLE_DIM, NULL);
                    continue;
                }
                if (pass == 2) {
                    unsigned m = (cursor ? MARK_CURSOR : 0) | (hinted ? MARK_HINT : 0) |
                                 (holding ? MARK_SELECTED : 0);
                    if (tile >= 0)
                        m |= o->tile_marks[tile] | (tile == ui->held ? MARK_SELECTED : 0);
                    if (m) {
                        if (tile < 0)
                            draw_outline(cv, limit, y, x, ROLE_PLAIN, NULL);
                        mark_outline(cv, limit, y, x, m);
                    }
                    continue;
                }
                if (tile < 0) {
                    if (holding)
                        draw_tile(t, cv, limit, y, x, ui->held, ui->held_rot, MARK_SELECTED);
                    else if (hinted)
                        draw_tile(t, cv, limit, y, x, o->hint_tile, o->hint_rot, MARK_HINT);
                    own_interior(cv, limit, y, x, board_target(q, r));
                    continue;
                }
                /* a placed tile: edges that meet another tile in another
                 * colour in the error colour */
                role er[6];
                for (int k = 0; k < 6; k++) {
                    int c = tantrix_edge(t, tile, state[3 * tile], k);
                    int other = tile_at(t, state, q + HEX_DQ[k], r + HEX_DR[k]);
                    bool bad = other >= 0 &&
                               tantrix_edge(t, other, state[3 * other], hex_opposite(k)) != c;
                    er[k] = bad ? ROLE_ERROR : given(t, tile) ? ROLE_GIVEN : ROLE_PLAIN;
                }
                draw_outline(cv, limit, y, x, ROLE_PLAIN, er);
                unsigned m = o->tile_marks[tile] | (tile == ui->held ? MARK_SELECTED : 0);
                draw_tile(t, cv, limit, y, x, tile, tile == ui->held ? ui->held_rot : state[3 * tile], m);
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
        /* the bands as on the board; highlights on the slot's ends */
        draw_bands(t, cv, cv->rows, y, x + 1, tile, rot, mk & ~(unsigned)MARK_CURSOR, false);
        for (int row = 0; row < 3; row++) {
            canvas_put(cv, y + row, x, "▕", "[", ROLE_DIM, mk);
            canvas_put(cv, y + row, x + SLOT_W - 1, "▏", "]", ROLE_DIM, mk);
        }
        canvas_own(cv, y, x, 3, SLOT_W, tile);
    }
    if (first > 0)
        canvas_put(cv, top + 2, ui->cols - 1, "<", "<", ROLE_DIM, 0);
    if (first + per < m)
        canvas_put(cv, top + 2, ui->cols - 1, ">", ">", ROLE_DIM, 0);
    free(tiles);
}

static void ui_draw(const void *pz, const void *uip, const int *state, const view *v, canvas *cv)
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
    case GAME_KEY_UP: dir = 0; break;
    case GAME_KEY_DOWN: dir = 3; break;
    case GAME_KEY_RIGHT: dir = odd ? 1 : 2; break;
    case GAME_KEY_LEFT: dir = odd ? 5 : 4; break;
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
    case 'd': case GAME_KEY_DELETE: return to_tray(t, ui, state, out);
    case 'm':
        centre_on_tiles(t, ui, state);
        return INPUT_UI;
    default: break;
    }
    if (ui->in_tray) {
        int *tiles = xmalloc((size_t)t->n * sizeof *tiles);
        int m = tray_tiles(t, state, tiles);
        input_result res = INPUT_UI;
        if (key == GAME_KEY_LEFT && ui->tray_pos > 0)
            ui->tray_pos--;
        else if (key == GAME_KEY_RIGHT && ui->tray_pos < m - 1)
            ui->tray_pos++;
        else if (key == GAME_KEY_UP)
            ui->in_tray = false;
        else if ((key == GAME_KEY_SELECT || key == ' ') && m > 0) {
            ui->held = tiles[ui->tray_pos < m ? ui->tray_pos : m - 1];
            ui->held_rot = 0;
            ui->in_tray = false;
        } else if (key != GAME_KEY_LEFT && key != GAME_KEY_RIGHT && key != GAME_KEY_DOWN)
            res = INPUT_IGNORED;
        free(tiles);
        return res;
    }
    switch (key) {
    case GAME_KEY_UP: case GAME_KEY_DOWN: case GAME_KEY_LEFT: case GAME_KEY_RIGHT:
        step_cursor(ui, key);
        return INPUT_UI;
    case GAME_KEY_SELECT: case ' ':
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
    if (ev->button == GAME_MOUSE_RIGHT) {
        if (ev->action != MOUSE_PRESS)
            return INPUT_IGNORED;
        if (on_board && !held_valid(t, ui)) {
            ui->cq = q;
            ui->cr = r;
            ui->in_tray = false;
        }
        return turn(t, ui, state, 1, out);
    }
    if (ev->button != GAME_MOUSE_LEFT)
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

static input_result ui_input(const void *pz, void *uip, const int *state, const input_event *ev, move *out)
{
    const tantrix_puzzle *t = pz;
    tantrix_ui *ui = uip;
    if (ui->held >= t->n)
        ui->held = -1;
    if (ev->kind == INPUT_MOUSE)
        return mouse_input(t, ui, state, ev, out);
    return key_input(t, ui, state, ev->key, out);
}

static int ui_fact_distance(const void *pz, const void *uip, const int *state, int fact)
{
    const tantrix_puzzle *t = pz;
    const tantrix_ui *ui = uip;
    tantrix_frame f = tantrix_frame_of(t, state);
    int tile, q, r, rot;
    if (!tantrix_fact_place(t, &f, fact, &tile, &q, &r, &rot))
        return 1 << 20;
    return hex_distance(q, r, ui->cq, ui->cr);
}

static const role_colour COLOURS[] = {
    [TANTRIX_ROLE_RED - ROLE_FAMILY] = {COLOUR_RED, 160, LOOK_BOLD, 0, 0, 0},
    [TANTRIX_ROLE_YELLOW - ROLE_FAMILY] = {COLOUR_YELLOW, 178, LOOK_BOLD, 0, 0, 0},
    [TANTRIX_ROLE_BLUE - ROLE_FAMILY] = {COLOUR_BLUE, 27, LOOK_BOLD, 0, 0, 0},
    [TANTRIX_ROLE_GREEN - ROLE_FAMILY] = {COLOUR_GREEN, 34, LOOK_BOLD, 0, 0, 0},
};

const game_ui tantrix_ui_hooks = {
    .create = ui_create,
    .free = ui_free,
    .layout = ui_layout,
    .draw = ui_draw,
    .input = ui_input,
    .fact_distance = ui_fact_distance,
    .fact_text = tantrix_screen_fact_text,
    .help = ui_help,
    .colours = {COLOURS, (int)(sizeof COLOURS / sizeof COLOURS[0])},
    /* the board is edgeless: the view pans and cuts tiles at its edge */
    .draws_past_edge = true,
};
