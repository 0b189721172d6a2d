/* test_tantrix_ui.c: the Tantrix drawing without a terminal: each band a
 * line in its colour from edge to edge, the tile in hand keeping its
 * colours under the cursor and the highlight on its outline, the lattice
 * only round placed tiles, placed tiles outlined apart from empty cells,
 * and ASCII lines in ASCII mode. */
#include <string.h>

#include "game.h"
#include "games/tantrix.h"
#include "testlib.h"
#include "ui_fixture.h"

typedef struct {
    ui_fixture u; /* the puzzle, its starting board and its canvas */
    const tantrix_puzzle *t;
} fixture;

enum { CV_ROWS = 30, CV_COLS = 80, HY = 11, HX = 36 }; /* cell (0,0)'s box at the centre */

static bool setup(fixture *fx, bool ascii)
{
    diag err = {0};
    puzzle *p = puzzle_from_text("discovery 5\n", "game ID", NULL, "tantrix", &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    if (!ui_fixture_open(&fx->u, p, CV_ROWS, CV_COLS, ascii))
        return false;
    fx->t = p->data;
    return true;
}

static void teardown(fixture *fx) { ui_fixture_close(&fx->u); }

static void draw(fixture *fx)
{
    ui_fixture_draw(&fx->u);
}

static void key(fixture *fx, int k)
{
    input_event ev = {.kind = INPUT_KEY, .key = k, .target = -1};
    move m = {0};
    if (fx->u.f->ui->input(fx->t, fx->u.ui, fx->u.state, &ev, &m) == INPUT_MOVE)
        for (int i = 0; i < m.idx.n; i++)
            fx->u.state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
}

static bool is_band_glyph(const char *g, bool ascii)
{
    static const char *const U[] = {"─", "│", "╱", "╲", "╭", "╮", "╰", "╯"};
    static const char *const A[] = {"-", "|", "/", "\\", ".", "'"};
    if (ascii) {
        for (size_t i = 0; i < sizeof A / sizeof A[0]; i++)
            if (!strcmp(g, A[i]))
                return true;
        return false;
    }
    for (size_t i = 0; i < sizeof U / sizeof U[0]; i++)
        if (!strcmp(g, U[i]))
            return true;
    return false;
}

/* The inside of cell (0,0): rows 1-3 of its box. */
static bool inside(int dy, int dx)
{
    return (dy == 1 && dx >= 2 && dx <= 6) || ((dy == 2 || dy == 3) && dx >= 1 && dx <= 7);
}

/* Tile `tile` placed at (0,0) turned rot: every colour of its edges has
 * band cells in that colour, bold, in line glyphs, and nothing else is
 * inside but the number. */
static void check_bands(fixture *fx, int tile, int rot, bool ascii)
{
    int seen[TANTRIX_NCOLOURS] = {0};
    for (int dy = 1; dy <= 3; dy++)
        for (int dx = 1; dx <= 7; dx++) {
            if (!inside(dy, dx))
                continue;
            const canvas_cell *c = canvas_at(&fx->u.cv, HY + dy, HX + dx);
            if (!strcmp(c->glyph, " ") || (dy == 2 && dx == 4))
                continue;
            int col = c->role - TANTRIX_ROLE_RED;
            CHECK_MSG(col >= 0 && col < TANTRIX_NCOLOURS, "(%d,%d) role %d", dy, dx, c->role);
            CHECK_MSG(is_band_glyph(c->glyph, ascii), "(%d,%d) '%s'", dy, dx, c->glyph);
            CHECK(c->marks & MARK_BOLD);
            if (col >= 0 && col < TANTRIX_NCOLOURS)
                seen[col]++;
        }
    for (int k = 0; k < 6; k++)
        CHECK_MSG(seen[tantrix_edge(fx->t, tile, rot, k)] > 0, "no band for edge %d", k);
    char num[2] = {(char)('0' + fx->t->label[tile]), 0};
    CHECK(!strcmp(canvas_at(&fx->u.cv, HY + 2, HX + 4)->glyph, num));
}

/* A straight band turned to run from top to bottom is a column of │ (the
 * loop's colour is drawn last, so nothing crosses it). */
static void test_bands(void)
{
    fixture fx;
    if (!setup(&fx, false))
        return;
    /* nothing placed: only the cell where the first tile goes */
    draw(&fx);
    CHECK(!strcmp(canvas_at(&fx.u.cv, HY, HX + 4)->glyph, "_"));
    CHECK(canvas_at(&fx.u.cv, HY, HX + 4)->role == ROLE_DIM);
    CHECK(!strcmp(canvas_at(&fx.u.cv, HY - 4, HX + 4)->glyph, " "));
    int straight = -1, rot = 0;
    for (int i = 0; i < fx.t->n && straight < 0; i++)
        for (int k = 0; k < 3; k++)
            if (fx.t->col[i][k] == fx.t->col[i][k + 3] && fx.t->col[i][k] == fx.t->loop) {
                straight = i;
                rot = (6 - k) % 6;
                break;
            }
    CHECK(straight >= 0);
    if (straight < 0)
        straight = 0;
    for (int tile = 0; tile < fx.t->n; tile++)
        for (int r = 0; r < 6; r++) {
            fx.u.f->init_state(fx.t, fx.u.state);
            fx.u.state[3 * tile] = r;
            fx.u.state[3 * tile + 1] = fx.u.state[3 * tile + 2] = 0;
            draw(&fx);
            check_bands(&fx, tile, r, false);
        }
    fx.u.f->init_state(fx.t, fx.u.state);
    fx.u.state[3 * straight] = rot;
    fx.u.state[3 * straight + 1] = fx.u.state[3 * straight + 2] = 0;
    draw(&fx);
    role loop = (role)(TANTRIX_ROLE_RED + fx.t->loop);
    for (int dy = 1; dy <= 3; dy += 2) {
        const canvas_cell *c = canvas_at(&fx.u.cv, HY + dy, HX + 4);
        CHECK_MSG(!strcmp(c->glyph, "│") && c->role == loop, "row %d: '%s' role %d", dy, c->glyph, c->role);
    }
    /* a placed tile's outline stands out: bold, not the dim lattice */
    const canvas_cell *top = canvas_at(&fx.u.cv, HY, HX + 4);
    CHECK(top->role == ROLE_PLAIN && (top->marks & MARK_BOLD));
    /* the lattice: the neighbours' outlines are drawn, dim; two steps
     * away nothing (cell (0,2)'s top edge, 8 rows down, is (0,1)'s
     * bottom edge; (0,3)'s top edge is blank) */
    const canvas_cell *nb = canvas_at(&fx.u.cv, HY + 8, HX + 4);
    CHECK(!strcmp(nb->glyph, "_") && nb->role == ROLE_DIM);
    CHECK(!strcmp(canvas_at(&fx.u.cv, HY + 12, HX + 4)->glyph, " "));
    CHECK(!strcmp(canvas_at(&fx.u.cv, HY + 4, HX + 18)->glyph, " ")); /* (2,-1) */
    teardown(&fx);
}

/* The tile in hand over the cursor's empty cell: its bands keep their
 * colours, unmarked; the highlight is on the outline. */
static void test_held_tile_keeps_colours(void)
{
    fixture fx;
    if (!setup(&fx, false))
        return;
    key(&fx, GAME_KEY_SELECT); /* take tile 1 from the tray: in hand at the cursor (0,0) */
    draw(&fx);
    check_bands(&fx, 0, 0, false);
    for (int dy = 1; dy <= 3; dy++)
        for (int dx = 1; dx <= 7; dx++) {
            const canvas_cell *c = canvas_at(&fx.u.cv, HY + dy, HX + dx);
            if (inside(dy, dx) && c->role >= TANTRIX_ROLE_RED && c->role <= TANTRIX_ROLE_GREEN)
                CHECK_MSG(!(c->marks & (MARK_CURSOR | MARK_SELECTED)), "(%d,%d)", dy, dx);
        }
    const canvas_cell *edge = canvas_at(&fx.u.cv, HY, HX + 4), *side = canvas_at(&fx.u.cv, HY + 2, HX);
    CHECK((edge->marks & MARK_CURSOR) && (edge->marks & MARK_SELECTED));
    CHECK((side->marks & MARK_CURSOR) && (side->marks & MARK_SELECTED));
    /* the number carries the held highlight, not the cursor */
    const canvas_cell *num = canvas_at(&fx.u.cv, HY + 2, HX + 4);
    CHECK((num->marks & MARK_SELECTED) && !(num->marks & MARK_CURSOR));
    teardown(&fx);
}

static void test_ascii(void)
{
    fixture fx;
    if (!setup(&fx, true))
        return;
    for (int r = 0; r < 6; r++) {
        fx.u.state[0] = r;
        fx.u.state[1] = fx.u.state[2] = 0;
        draw(&fx);
        check_bands(&fx, 0, r, true);
    }
    CHECK(ui_fixture_ascii_only(&fx.u));
    teardown(&fx);
}

int main(void)
{
    RUN(test_bands);
    RUN(test_held_tile_keeps_colours);
    RUN(test_ascii);
    TEST_MAIN_END();
}
