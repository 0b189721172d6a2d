/* test_viewport.c: the window onto a board larger than the terminal:
 * sizes and scroll bars, following the cursor (margins, half-window jumps,
 * no jitter, resizes), scroll bar thumbs, and clicks mapped through the
 * offset to the real Tents 50x50 board. */
#include <string.h>

#include "game.h"
#include "games/tents.h"
#include "testlib.h"
#include "tui/viewport.h"
#include "ui_fixture.h"

static void test_size_fits(void)
{
    viewport vp = {.off_y = 5, .off_x = 7};
    CHECK(viewport_size(&vp, 10, 30, 20, 80));
    CHECK(!vp.vbar && !vp.hbar);
    CHECK(vp.view_rows == 10 && vp.view_cols == 30);
    CHECK(vp.off_y == 0 && vp.off_x == 0); /* nothing to scroll */
}

static void test_size_scrolls(void)
{
    viewport vp = {0};
    /* taller only: a vertical bar, which takes a column */
    CHECK(viewport_size(&vp, 52, 53, 21, 80));
    CHECK(vp.vbar && !vp.hbar);
    CHECK(vp.view_rows == 21 && vp.view_cols == 53);
    /* 80 columns exactly: the bar's column makes it too wide as well */
    CHECK(viewport_size(&vp, 52, 80, 21, 80));
    CHECK(vp.vbar && vp.hbar);
    CHECK(vp.view_rows == 20 && vp.view_cols == 79);
    /* wider only: a horizontal bar takes a row, then it is too tall */
    CHECK(viewport_size(&vp, 21, 151, 21, 80));
    CHECK(vp.vbar && vp.hbar);
    /* too small to scroll in */
    CHECK(!viewport_size(&vp, 52, 151, 3, 80));
    CHECK(!viewport_size(&vp, 52, 151, 21, 10));
    /* ...but a small board in a small area is fine */
    CHECK(viewport_size(&vp, 3, 8, 3, 10));
}

static void test_size_keeps_offset(void)
{
    viewport vp = {0};
    CHECK(viewport_size(&vp, 100, 150, 21, 80));
    vp.off_y = 60;
    vp.off_x = 20;
    /* bigger terminal: the same place, clamped to the new maximum */
    CHECK(viewport_size(&vp, 100, 150, 50, 120));
    CHECK(vp.off_y == 100 - vp.view_rows);
    CHECK(vp.off_x == 20);
    /* the whole board fits: back to the origin */
    CHECK(viewport_size(&vp, 100, 150, 120, 200));
    CHECK(vp.off_y == 0 && vp.off_x == 0);
}

static void test_follow_axis(void)
{
    /* window 20 over 100, margin 3 */
    CHECK(viewport_follow_axis(0, 20, 100, 5, 6, 3) == 0);    /* inside */
    CHECK(viewport_follow_axis(0, 20, 100, 16, 17, 3) == 0);  /* at the margin */
    CHECK(viewport_follow_axis(0, 20, 100, 17, 18, 3) == 10); /* half a window */
    CHECK(viewport_follow_axis(10, 20, 100, 12, 13, 3) == 0); /* back up */
    CHECK(viewport_follow_axis(0, 20, 100, 70, 71, 3) == 54); /* far: margin kept */
    CHECK(viewport_follow_axis(0, 20, 100, 99, 100, 3) == 80); /* the edge: clamped */
    CHECK(viewport_follow_axis(80, 20, 100, 0, 1, 3) == 0);
    CHECK(viewport_follow_axis(30, 20, 10, 3, 4, 3) == 0);    /* fits: no offset */
    CHECK(viewport_follow_axis(0, 20, 100, 0, 0, 3) == 0);    /* no span: stays */
    /* a span wider than the window: its start is shown */
    CHECK(viewport_follow_axis(0, 10, 100, 40, 60, 3) == 40);
    CHECK(viewport_follow_axis(80, 10, 100, 40, 60, 3) == 40);
}

/* A cursor walking down and up one step at a time: always in view with
 * its margin (but at the ends), few moves, none that undoes the last. */
static void test_follow_no_jitter(void)
{
    int off = 0, moves = 0, win = 21, total = 100, margin = 3;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < total; i++) {
            int y = pass ? total - 1 - i : i;
            int prev = off;
            off = viewport_follow_axis(off, win, total, y, y + 1, margin);
            CHECK(y >= off && y < off + win);
            CHECK(y - off >= margin || off == 0);
            CHECK(off + win - 1 - y >= margin || off == total - win);
            if (off != prev) {
                moves++;
                CHECK(pass ? off < prev : off > prev);
                CHECK(abs(off - prev) >= win / 2 || off == 0 || off == total - win);
            }
            /* a step back and forth again does not move the window */
            int back = viewport_follow_axis(off, win, total, y, y + 1, margin);
            CHECK(back == off);
        }
    CHECK(moves <= 2 * (total / (win / 2) + 1));
    CHECK(moves >= 2 * ((total - win) / win));
}

static void test_thumb(void)
{
    int s, n;
    viewport_thumb(20, 0, 20, 100, &s, &n);
    CHECK(s == 0 && n == 4);
    viewport_thumb(20, 80, 20, 100, &s, &n);
    CHECK(s == 16 && n == 4 && s + n == 20);
    viewport_thumb(20, 40, 20, 100, &s, &n);
    CHECK(s == 8 && n == 4);
    /* one row down: the thumb leaves the top cell (more is above) */
    viewport_thumb(20, 1, 20, 100, &s, &n);
    CHECK(s >= 1);
    /* one row short of the end: it keeps off the bottom cell */
    viewport_thumb(20, 79, 20, 100, &s, &n);
    CHECK(s + n <= 19);
    /* a huge canvas: still one cell */
    viewport_thumb(10, 5000, 10, 100000, &s, &n);
    CHECK(n == 1 && s >= 0 && s < 10);
    viewport_thumb(10, 0, 10, 10, &s, &n);
    CHECK(s == 0 && n == 10);
}

static void test_to_canvas_and_marked(void)
{
    viewport vp = {.rows = 100, .cols = 150, .view_rows = 20, .view_cols = 70, .off_y = 33, .off_x = 12};
    int y, x;
    CHECK(viewport_to_canvas(&vp, 0, 0, &y, &x) && y == 33 && x == 12);
    CHECK(viewport_to_canvas(&vp, 19, 69, &y, &x) && y == 52 && x == 81);
    CHECK(!viewport_to_canvas(&vp, 20, 5, &y, &x)); /* the scroll bar row */
    CHECK(!viewport_to_canvas(&vp, 5, 70, &y, &x));
    CHECK(!viewport_to_canvas(&vp, -1, 5, &y, &x));

    canvas cv;
    canvas_init(&cv, 10, 10, false);
    vp_box none = viewport_marked(&cv, MARK_CURSOR);
    CHECK(none.h == 0 && none.w == 0);
    canvas_mark(&cv, 4, 2, 1, 3, MARK_CURSOR);
    canvas_mark(&cv, 7, 8, 1, 1, MARK_HINT);
    vp_box b = viewport_marked(&cv, MARK_CURSOR);
    CHECK(b.y == 4 && b.x == 2 && b.h == 1 && b.w == 3);
    b = viewport_marked(&cv, MARK_CURSOR | MARK_HINT);
    CHECK(b.y == 4 && b.x == 2 && b.h == 4 && b.w == 7);
    canvas_free(&cv);
}

/* The bundled Tents 50x50 in an 80x24 terminal (21 rows for the board):
 * laid out at the smallest geometry's full size, the window follows the
 * cursor down, and a click on the screen lands on the cell drawn there. */
typedef struct {
    ui_fixture u;
    viewport vp;
} big;

/* Draws; after a key the window follows the cursor (after a click it
 * stays put, as in the player: the cell clicked is in view already and
 * the board must not move under the mouse between press and release). */
static void big_draw(big *b, bool follow)
{
    ui_fixture_draw(&b->u);
    if (follow)
        viewport_follow(&b->vp, viewport_marked(&b->u.cv, MARK_CURSOR));
}

static input_result big_feed(big *b, input_event ev)
{
    move m = {0};
    input_result r = b->u.f->ui->input(b->u.p->data, b->u.ui, b->u.state, &ev, &m);
    if (r == INPUT_MOVE)
        for (int i = 0; i < m.idx.n; i++)
            b->u.state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    big_draw(b, ev.kind == INPUT_KEY);
    return r;
}

/* A click as the player's loop makes it: screen position in the window,
 * through the offset, to the canvas owner. */
static input_result big_click(big *b, int sy, int sx, int action)
{
    input_event ev = {.kind = INPUT_MOUSE, .button = 1, .action = action, .target = -1};
    int cy, cx;
    if (viewport_to_canvas(&b->vp, sy, sx, &cy, &cx))
        ev.target = canvas_owner(&b->u.cv, cy, cx);
    ev.y = sy + b->vp.off_y;
    ev.x = sx + b->vp.off_x;
    return big_feed(b, ev);
}

static void test_tents_50_scrolls(void)
{
    diag err = {0};
    big b = {0};
    puzzle *p = puzzle_load(test_data("tents/50x50-hard-01.tents"), NULL, &err);
    /* open at a size that holds it, then lay out as the player does */
    if (!ui_fixture_open(&b.u, p, 200, 400, false))
        return;
    const tents_puzzle *t = p->data;
    int nr, nc;
    CHECK(!b.u.f->ui->layout(p->data, b.u.ui, 21, 80, false, &nr, &nc));
    int r2, c2;
    CHECK(b.u.f->ui->layout(p->data, b.u.ui, nr, nc, false, &r2, &c2));
    CHECK(r2 == nr && c2 == nc && nr > 21 && nc > 80);
    canvas_free(&b.u.cv);
    canvas_init(&b.u.cv, nr, nc, false);
    CHECK(viewport_size(&b.vp, nr, nc, 21, 80));
    CHECK(b.vp.vbar && b.vp.hbar);
    big_draw(&b, true);
    CHECK(b.vp.off_y == 0 && b.vp.off_x == 0);
    /* down the first column: the cursor stays in the window */
    int offs[64], nmoves = 0;
    for (int i = 0; i < t->h - 1; i++) {
        int before = b.vp.off_y;
        CHECK(big_feed(&b, (input_event){.kind = INPUT_KEY, .key = GAME_KEY_DOWN, .target = -1}) == INPUT_UI);
        vp_box c = viewport_marked(&b.u.cv, MARK_CURSOR);
        CHECK(c.y >= b.vp.off_y && c.y + c.h <= b.vp.off_y + b.vp.view_rows);
        if (b.vp.off_y != before && nmoves < 64)
            offs[nmoves++] = b.vp.off_y;
    }
    CHECK(nmoves >= 2 && nmoves <= 10);
    for (int i = 1; i < nmoves; i++)
        CHECK(offs[i] > offs[i - 1]);
    CHECK(b.vp.off_y + b.vp.view_rows >= t->h); /* the last row is in view */
    /* right along the last row */
    for (int i = 0; i < t->w - 1; i++)
        big_feed(&b, (input_event){.kind = INPUT_KEY, .key = GAME_KEY_RIGHT, .target = -1});
    vp_box c = viewport_marked(&b.u.cv, MARK_CURSOR);
    CHECK(c.x >= b.vp.off_x && c.x + c.w <= b.vp.off_x + b.vp.view_cols);
    CHECK(b.vp.off_x > 0);

    /* a click in the window's middle lands on the cell drawn there: find a
     * blank cell on screen, click it, and it holds a tent */
    int target = -1, sy = 0, sx = 0;
    for (int y = 0; y < b.vp.view_rows && target < 0; y++)
        for (int x = 0; x < b.vp.view_cols && target < 0; x++) {
            const canvas_cell *cc = canvas_at(&b.u.cv, y + b.vp.off_y, x + b.vp.off_x);
            if (cc->owner >= 0 && cc->owner < t->w * t->h && b.u.state[cc->owner] == TENTS_BLANK &&
                strcmp(cc->glyph, "\xc2\xb7") == 0) {
                target = cc->owner;
                sy = y;
                sx = x;
            }
        }
    CHECK(target >= 0);
    /* the same screen spot without the offset would be another cell */
    CHECK(canvas_owner(&b.u.cv, sy, sx) != target);
    big_click(&b, sy, sx, MOUSE_PRESS);
    CHECK(big_click(&b, sy, sx, MOUSE_RELEASE) == INPUT_MOVE);
    CHECK(b.u.state[target] == TENTS_TENT);
    /* a click on the scroll bar is no cell */
    CHECK(big_click(&b, b.vp.view_rows, 3, MOUSE_PRESS) == INPUT_UI);
    CHECK(big_click(&b, b.vp.view_rows, 3, MOUSE_RELEASE) == INPUT_UI);

    /* a resize to 100x40: the window grows, the cursor stays in it */
    CHECK(viewport_size(&b.vp, nr, nc, 37, 100));
    big_draw(&b, true);
    c = viewport_marked(&b.u.cv, MARK_CURSOR);
    CHECK(c.y >= b.vp.off_y && c.y + c.h <= b.vp.off_y + b.vp.view_rows);
    CHECK(c.x >= b.vp.off_x && c.x + c.w <= b.vp.off_x + b.vp.view_cols);
    ui_fixture_close(&b.u);
}

int main(void)
{
    RUN(test_size_fits);
    RUN(test_size_scrolls);
    RUN(test_size_keeps_offset);
    RUN(test_follow_axis);
    RUN(test_follow_no_jitter);
    RUN(test_thumb);
    RUN(test_to_canvas_and_marked);
    RUN(test_tents_50_scrolls);
    TEST_MAIN_END();
}
