/* test_tetravex_ui.c: the Tetravex drawing without a terminal: tiles as
 * four filled triangles with their digits, in a grid of lines, in the
 * roomy and the compact layout; a mismatched edge, the hint and the
 * cursor each on a tile's frame, never over its colours. */
#include <string.h>

#include "game.h"
#include "games/tetravex.h"
#include "testlib.h"
#include "ui_fixture.h"

typedef struct {
    ui_fixture u; /* the puzzle, its starting board and its canvas */
    const tetravex_puzzle *t;
} fixture;

static bool setup(fixture *fx, int rows, int cols, bool ascii)
{
    diag err = {0};
    puzzle *p = puzzle_load(test_data("tetravex/hand-3x3.tetravex"), NULL, &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    if (!ui_fixture_open(&fx->u, p, rows, cols, ascii))
        return false;
    fx->t = p->data;
    return true;
}

static void teardown(fixture *fx) { ui_fixture_close(&fx->u); }

static void draw(fixture *fx, const view *v)
{
    canvas_clear(&fx->u.cv);
    fx->u.f->ui->draw(fx->t, fx->u.ui, fx->u.state, v, &fx->u.cv);
}

/* Cell (y, x) shows glyph g in role r over fill bg (0: none). */
static bool is(const fixture *fx, int y, int x, const char *g, int r, int bg)
{
    const canvas_cell *c = canvas_at(&fx->u.cv, y, x);
    if (!c || strcmp(c->glyph, g) != 0 || c->role != r || c->bg != bg) {
        fprintf(stderr, "  (%d,%d): '%s' role %d bg %d, want '%s' role %d bg %d\n", y, x,
                c ? c->glyph : "-", c ? c->role : -1, c ? c->bg : -1, g, r, bg);
        return false;
    }
    return true;
}

#define F(v) (TETRAVEX_ROLE_FILL0 + (v))

/* Tile 6427 (top 6, right 4, bottom 2, left 7) first in the tray. */
static void test_roomy_tile(void)
{
    fixture fx;
    if (!setup(&fx, 40, 100, false))
        return;
    draw(&fx, NULL);
    /* tray grid at column 22 (board 19 wide, then 3 apart); inside at (2, 23) */
    CHECK(is(&fx, 1, 22, "┌", ROLE_FRAME, 0));
    CHECK(is(&fx, 2, 23, "◣", F(7), F(6))); /* left below, top above the seam */
    CHECK(is(&fx, 2, 24, " ", F(6), F(6)));
    CHECK(is(&fx, 2, 25, "6", F(6), F(6)));
    CHECK(is(&fx, 2, 27, "◢", F(4), F(6)));
    CHECK(is(&fx, 3, 23, "7", F(7), F(7)));
    CHECK(is(&fx, 3, 24, " ", F(7), F(7)));
    CHECK(is(&fx, 3, 25, "▀", F(6), F(2)));
    CHECK(is(&fx, 3, 27, "4", F(4), F(4)));
    CHECK(is(&fx, 4, 23, "◤", F(7), F(2)));
    CHECK(is(&fx, 4, 25, "2", F(2), F(2)));
    CHECK(is(&fx, 4, 27, "◥", F(4), F(2)));
    CHECK(canvas_at(&fx.u.cv, 2, 23)->marks & MARK_SHAPE);
    CHECK(!(canvas_at(&fx.u.cv, 2, 25)->marks & MARK_SHAPE));
    /* the board's grid joins its lines; an empty slot is blank inside */
    CHECK(is(&fx, 1, 12, "┬", ROLE_FRAME, 0));
    CHECK(is(&fx, 5, 12, "┼", ROLE_FRAME, 0));
    CHECK(is(&fx, 13, 18, "┘", ROLE_FRAME, 0));
    CHECK(is(&fx, 7, 9, " ", ROLE_PLAIN, 0));
    /* the cursor (board, first slot) is a heavy frame; inside nothing is
     * marked, so the tile keeps its colours */
    CHECK(is(&fx, 1, 0, "┏", ROLE_PLAIN, 0));
    CHECK(is(&fx, 3, 6, "┃", ROLE_PLAIN, 0));
    CHECK(canvas_at(&fx.u.cv, 1, 3)->marks & MARK_CURSOR);
    CHECK(!(canvas_at(&fx.u.cv, 3, 3)->marks & MARK_CURSOR));
    CHECK(canvas_owner(&fx.u.cv, 3, 3) == 0);
    CHECK(canvas_owner(&fx.u.cv, 3, 25) == 9); /* tray slot 0 */
    teardown(&fx);
}

/* 3716 then 6427 meet 7 to 7; 6427 then 5146 meet 4 to 6: that line is
 * drawn as an error, the good one stays a plain line. */
static void test_mismatch_and_hint(void)
{
    fixture fx;
    if (!setup(&fx, 40, 100, false))
        return;
    fx.u.state[0] = 5; /* 3716 */
    fx.u.state[1] = 0; /* 6427 */
    fx.u.state[2] = 1; /* 5146 */
    int fact = 4 * fx.t->ntypes + fx.t->type_of[6]; /* 2679 in the centre */
    view v = {.hint_facts = &fact, .nhint = 1};
    draw(&fx, &v);
    CHECK(is(&fx, 3, 6, "┃", ROLE_PLAIN, 0)); /* the cursor's frame (slot 0) */
    CHECK(is(&fx, 3, 12, "┃", ROLE_ERROR, 0));
    CHECK(is(&fx, 2, 12, "┃", ROLE_ERROR, 0));
    CHECK(is(&fx, 1, 12, "┬", ROLE_FRAME, 0));
    /* the hint: the tile drawn in the centre slot with a marked frame */
    CHECK(is(&fx, 6, 9, "2", F(2), F(2)));
    CHECK(is(&fx, 7, 11, "6", F(6), F(6)));
    const canvas_cell *hf = canvas_at(&fx.u.cv, 5, 8), *cf = canvas_at(&fx.u.cv, 1, 2);
    CHECK((hf->marks & MARK_HINT) && !(hf->marks & MARK_CURSOR));
    CHECK((cf->marks & MARK_CURSOR) && !(cf->marks & MARK_HINT));
    CHECK(!(canvas_at(&fx.u.cv, 6, 9)->marks & MARK_HINT));
    teardown(&fx);
}

static void test_compact_and_ascii(void)
{
    fixture fx;
    if (!setup(&fx, 12, 40, false))
        return;
    draw(&fx, NULL);
    CHECK(fx.u.cv.cols == 29 && fx.u.cv.rows == 11);
    /* tray at column 16: inside 3x2 at (2, 17), the top above the others */
    CHECK(is(&fx, 1, 16, "┌", ROLE_FRAME, 0));
    CHECK(is(&fx, 2, 17, "◣", F(7), F(6)));
    CHECK(is(&fx, 2, 18, "6", F(6), F(6)));
    CHECK(is(&fx, 2, 19, "◢", F(4), F(6)));
    CHECK(is(&fx, 3, 17, "7", F(7), F(7)));
    CHECK(is(&fx, 3, 18, "2", F(2), F(2)));
    CHECK(is(&fx, 3, 19, "4", F(4), F(4)));
    CHECK(is(&fx, 4, 20, "┼", ROLE_FRAME, 0));
    teardown(&fx);
    if (!setup(&fx, 40, 100, true))
        return;
    draw(&fx, NULL);
    CHECK(is(&fx, 1, 22, "+", ROLE_FRAME, 0));
    CHECK(is(&fx, 2, 23, " ", F(7), F(6)));
    CHECK(is(&fx, 2, 25, "6", F(6), F(6)));
    CHECK(is(&fx, 1, 0, "#", ROLE_PLAIN, 0));
    CHECK(ui_fixture_ascii_only(&fx.u));
    teardown(&fx);
}

int main(void)
{
    RUN(test_roomy_tile);
    RUN(test_mismatch_and_hint);
    RUN(test_compact_and_ascii);
    TEST_MAIN_END();
}
