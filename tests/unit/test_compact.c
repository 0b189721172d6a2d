/* test_compact.c: the compact zoom (game.h set_compact) of Tents and Train
 * Tracks: one column a cell, exact glyphs and colour roles, column clues
 * written downwards, the cursor on one cell, ASCII mode, and the way back
 * to the normal zoom. */
#include <string.h>

#include "game.h"
#include "games/tents.h"
#include "games/tracks.h"
#include "testlib.h"
#include "ui_fixture.h"

/* The fixture laid out again in the compact zoom for a rows x cols area;
 * true when the canvas fits it. */
static bool compact(ui_fixture *fx, bool on, int rows, int cols)
{
    CHECK(fx->f->ui->set_compact != NULL);
    if (!fx->f->ui->set_compact)
        return false;
    fx->f->ui->set_compact(fx->ui, on);
    int nr, nc;
    bool fits = fx->f->ui->layout(fx->p->data, fx->ui, rows, cols, fx->cv.ascii, &nr, &nc);
    canvas_free(&fx->cv);
    canvas_init(&fx->cv, nr, nc, fx->cv.ascii);
    ui_fixture_draw(fx);
    return fits;
}

static void feed(ui_fixture *fx, int k)
{
    input_event ev = {.kind = INPUT_KEY, .key = k, .target = -1};
    move m = {0};
    if (fx->f->ui->input(fx->p->data, fx->ui, fx->state, &ev, &m) == INPUT_MOVE)
        for (int i = 0; i < m.idx.n; i++)
            fx->state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    ui_fixture_draw(fx);
}

static bool glyph_is(const ui_fixture *fx, int y, int x, const char *g, role r)
{
    const canvas_cell *c = canvas_at(&fx->cv, y, x);
    bool ok = c && strcmp(c->glyph, g) == 0 && c->role == r;
    if (!ok)
        fprintf(stderr, "  (%d,%d): '%s' role %d, expected '%s' role %d\n", y, x, c ? c->glyph : "-",
                c ? c->role : -1, g, (int)r);
    return ok;
}

static puzzle *load_id(const char *id, const char *game)
{
    diag err = {0};
    puzzle *p = puzzle_from_text(id, "game ID", NULL, game, &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    return p;
}

static const char *TENTS6 = "6x6:baih_cae,1,2,1,1,0,2,2,0,1,2,1,1";

static void test_tents_compact_glyphs(void)
{
    ui_fixture fx;
    if (!ui_fixture_open(&fx, load_id(TENTS6, "tents"), 40, 80, false))
        return;
    const tents_puzzle *t = fx.p->data;
    CHECK(compact(&fx, true, 40, 80));
    /* 6 cells, a blank column, the row clues; 6 rows, one of clues */
    CHECK(fx.cv.rows == 7 && fx.cv.cols == 8);
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 6; x++) {
            int c = y * 6 + x;
            CHECK(canvas_owner(&fx.cv, y, x) == c);
            if (t->tree[c])
                CHECK(glyph_is(&fx, y, x, "\xe2\x99\xa3", TENTS_ROLE_TREE)); /* ♣ */
            else
                CHECK(glyph_is(&fx, y, x, "\xc2\xb7", ROLE_DIM)); /* · */
            unsigned m = canvas_at(&fx.cv, y, x)->marks;
            CHECK(!!(m & MARK_CURSOR) == (c == 0));
        }
    for (int y = 0; y < 6; y++) {
        char d[2] = {(char)('0' + t->row[y]), 0};
        CHECK(glyph_is(&fx, y, 6, " ", ROLE_PLAIN));
        CHECK(glyph_is(&fx, y, 7, d, t->row[y] == 0 ? ROLE_CLUE_MET : ROLE_CLUE));
    }
    for (int x = 0; x < 6; x++) {
        char d[2] = {(char)('0' + t->col[x]), 0};
        CHECK(glyph_is(&fx, 6, x, d, t->col[x] == 0 ? ROLE_CLUE_MET : ROLE_CLUE));
    }
    /* a tent on the first blank cell of a row with a tent to place, and a
     * second one touching it: both in the error colour */
    int c0 = -1;
    for (int c = 0; c < 35 && c0 < 0; c++)
        if (!t->tree[c] && !t->tree[c + 1] && c % 6 < 5)
            c0 = c;
    CHECK(c0 >= 0);
    for (int i = 0; i < c0 % 6; i++)
        feed(&fx, GAME_KEY_RIGHT);
    for (int i = 0; i < c0 / 6; i++)
        feed(&fx, GAME_KEY_DOWN);
    CHECK(canvas_at(&fx.cv, c0 / 6, c0 % 6)->marks & MARK_CURSOR);
    feed(&fx, GAME_KEY_SELECT);
    CHECK(fx.state[c0] == TENTS_TENT);
    CHECK(glyph_is(&fx, c0 / 6, c0 % 6, "\xe2\x96\xb2", TENTS_ROLE_TENT)); /* ▲ */
    feed(&fx, GAME_KEY_RIGHT);
    feed(&fx, GAME_KEY_SELECT);
    CHECK(glyph_is(&fx, c0 / 6, c0 % 6, "\xe2\x96\xb2", ROLE_ERROR));
    CHECK(glyph_is(&fx, c0 / 6, c0 % 6 + 1, "\xe2\x96\xb2", ROLE_ERROR));
    feed(&fx, ' ');
    feed(&fx, ' '); /* grass */
    CHECK(glyph_is(&fx, c0 / 6, c0 % 6 + 1, "\xe2\x80\xa5", TENTS_ROLE_GRASS)); /* ‥ */
    /* the cursor covers one column only */
    {
        int n = 0;
        for (int y = 0; y < fx.cv.rows; y++)
            for (int x = 0; x < fx.cv.cols; x++)
                n += !!(canvas_at(&fx.cv, y, x)->marks & MARK_CURSOR);
        CHECK(n == 1);
    }
    /* back to the normal zoom: the roomiest geometry again */
    CHECK(compact(&fx, false, 40, 80));
    CHECK(fx.cv.cols > 3 * 6);
    ui_fixture_close(&fx);
}

static void test_tents_compact_ascii(void)
{
    ui_fixture fx;
    if (!ui_fixture_open(&fx, load_id(TENTS6, "tents"), 40, 80, true))
        return;
    const tents_puzzle *t = fx.p->data;
    CHECK(compact(&fx, true, 40, 80));
    for (int c = 0; c < 36; c++)
        CHECK(glyph_is(&fx, c / 6, c % 6, t->tree[c] ? "T" : ".", t->tree[c] ? TENTS_ROLE_TREE : ROLE_DIM));
    CHECK(ui_fixture_ascii_only(&fx));
    ui_fixture_close(&fx);
}

/* Two-digit clues go downwards, the tens above; the compact 50x50 needs
 * 52 rows and 53 columns, so in 80x24 only the rows scroll. */
static void test_tents_compact_two_digits(void)
{
    ui_fixture fx;
    diag err = {0};
    if (!ui_fixture_open(&fx, puzzle_load(test_data("tents/50x50-hard-01.tents"), NULL, &err), 200, 400,
                         false))
        return;
    const tents_puzzle *t = fx.p->data;
    CHECK(!compact(&fx, true, 21, 80));
    CHECK(fx.cv.rows == 52 && fx.cv.cols == 53);
    int seen = 0;
    for (int x = 0; x < t->w; x++) {
        char d[16];
        int n = snprintf(d, sizeof d, "%d", t->col[x]);
        for (int i = 0; i < n; i++) {
            char g[2] = {d[i], 0};
            const canvas_cell *c = canvas_at(&fx.cv, t->h + i, x);
            CHECK(strcmp(c->glyph, g) == 0 && c->role == ROLE_CLUE);
        }
        if (n == 1)
            CHECK(strcmp(canvas_at(&fx.cv, t->h + 1, x)->glyph, " ") == 0);
        seen += n == 2;
    }
    CHECK(seen > 0);
    for (int y = 0; y < t->h; y++) {
        char d[16];
        snprintf(d, sizeof d, "%d", t->row[y]);
        char got[3] = {canvas_at(&fx.cv, y, 51)->glyph[0], canvas_at(&fx.cv, y, 52)->glyph[0], 0};
        char want[32];
        snprintf(want, sizeof want, "%2s", d);
        CHECK(strcmp(got, want) == 0);
    }
    ui_fixture_close(&fx);
}

/* Counts 4 2 2 0 / 1 3 3 1, entrance west of row 1, exit under column 1. */
static const char *TRACKS4 = "4x4:p,S4,2,2,0,S1,3,3,1";

static void test_tracks_compact_glyphs(void)
{
    ui_fixture fx;
    if (!ui_fixture_open(&fx, load_id(TRACKS4, "tracks"), 40, 80, false))
        return;
    const tracks_puzzle *t = fx.p->data;
    CHECK(compact(&fx, true, 40, 80));
    /* clue row, label row, frame, 4 cells, frame, label row; columns:
     * label, frame, 4 cells, frame, two blank, the row clues */
    CHECK(fx.cv.rows == 9 && fx.cv.cols == 10);
    static const char *COLS = "4220", *ROWS = "1331";
    for (int x = 0; x < 4; x++) {
        char d[2] = {COLS[x], 0};
        CHECK(glyph_is(&fx, 0, 2 + x, d, COLS[x] == '0' ? ROLE_CLUE_MET : ROLE_CLUE));
    }
    for (int y = 0; y < 4; y++) {
        char d[2] = {ROWS[y], 0};
        CHECK(canvas_at(&fx.cv, 3 + y, 9)->glyph[0] == d[0]);
    }
    CHECK(glyph_is(&fx, 2, 1, "\xe2\x94\x8c", ROLE_FRAME)); /* ┌ */
    CHECK(glyph_is(&fx, 2, 6, "\xe2\x94\x90", ROLE_FRAME)); /* ┐ */
    CHECK(glyph_is(&fx, 7, 1, "\xe2\x94\x94", ROLE_FRAME)); /* └ */
    CHECK(glyph_is(&fx, 4, 1, "\xe2\x94\x82", ROLE_FRAME)); /* │ */
    /* the entrance: a rail through the frame to A; the exit under column 1 */
    CHECK(t->end_cell[0] == 0 || t->end_cell[1] == 0);
    CHECK(glyph_is(&fx, 3, 1, "━", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 3, 0, "A", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 7, 2, "┃", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 8, 2, "B", TRACKS_ROLE_TRACK));
    /* the end cells: half rails towards the frame; the others dots */
    CHECK(glyph_is(&fx, 3, 2, "╸", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 6, 2, "╻", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 4, 2, "\xc2\xb7", ROLE_DIM));
    /* one column a cell: the cells own their single column */
    for (int c = 0; c < 16; c++)
        CHECK(canvas_owner(&fx.cv, 3 + c / 4, 2 + c % 4) == c);
    CHECK(canvas_at(&fx.cv, 3, 2)->marks & MARK_CURSOR);
    CHECK(!(canvas_at(&fx.cv, 3, 3)->marks & MARK_CURSOR));
    /* track laid down from the entrance: a corner and a half rail, in
     * heavy lines, nothing drawn between the cells */
    feed(&fx, GAME_KEY_DOWN | GAME_KEY_SHIFT);
    CHECK(glyph_is(&fx, 3, 2, "┓", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 4, 2, "╹", TRACKS_ROLE_TRACK));
    feed(&fx, GAME_KEY_RIGHT | GAME_KEY_SHIFT);
    CHECK(glyph_is(&fx, 4, 2, "┗", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 4, 3, "╸", TRACKS_ROLE_TRACK));
    CHECK(canvas_at(&fx.cv, 4, 3)->marks & MARK_CURSOR);
    /* no track in a cell: a cross */
    feed(&fx, GAME_KEY_RIGHT);
    feed(&fx, GAME_KEY_RIGHT);
    feed(&fx, ' ');
    CHECK(glyph_is(&fx, 4, 5, "\xc3\x97", TRACKS_ROLE_NO_TRACK)); /* × */
    /* ASCII: the same places in ASCII */
    fx.cv.ascii = true;
    CHECK(compact(&fx, true, 40, 80));
    CHECK(glyph_is(&fx, 3, 2, "+", TRACKS_ROLE_TRACK));
    CHECK(glyph_is(&fx, 4, 5, "x", TRACKS_ROLE_NO_TRACK));
    CHECK(ui_fixture_ascii_only(&fx));
    ui_fixture_close(&fx);
}

/* Tracks 30x30 in the compact zoom is 37 columns: it fits 80 across. */
static void test_tracks_compact_30(void)
{
    ui_fixture fx;
    diag err = {0};
    if (!ui_fixture_open(&fx, puzzle_load(test_data("tracks/30x30-easy-01.tracks"), NULL, &err), 200, 400,
                         false))
        return;
    compact(&fx, true, 21, 80);
    CHECK(fx.cv.cols <= 80);
    CHECK(fx.cv.rows > 21);
    ui_fixture_close(&fx);
}

int main(void)
{
    RUN(test_tents_compact_glyphs);
    RUN(test_tents_compact_ascii);
    RUN(test_tents_compact_two_digits);
    RUN(test_tracks_compact_glyphs);
    RUN(test_tracks_compact_30);
    TEST_MAIN_END();
}
