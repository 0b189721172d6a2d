/* test_tracks_ui.c: Train Tracks drawing and input without a terminal:
 * track laid by keys and by mouse drags must make a board the independent
 * checker accepts; clues turn broken, loops show as errors, ASCII mode
 * stays ASCII. */
#include <string.h>

#include "game.h"
#include "games/tracks.h"
#include "testlib.h"
#include "ui_fixture.h"

/* Counts 4 2 2 0 / 1 3 3 1, entrance west of row 1, exit under column 1:
 * the answer runs down, right, right, down, left, left, down. */
static const char *LOOP_TRAP = "4x4:p,S4,2,2,0,S1,3,3,1";

typedef struct {
    ui_fixture u; /* the puzzle, its starting board and its canvas */
    const tracks_puzzle *t;
} fixture;

static bool setup(fixture *fx, const char *id, int rows, int cols, bool ascii)
{
    diag err = {0};
    puzzle *p = puzzle_from_text(id, "game ID", NULL, "tracks", &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    if (!ui_fixture_open(&fx->u, p, rows, cols, ascii))
        return false;
    fx->t = p->data;
    return true;
}

static void teardown(fixture *fx) { ui_fixture_close(&fx->u); }

static void redraw(fixture *fx)
{
    ui_fixture_draw(&fx->u);
}

/* Sends an event and applies the move it makes; returns the result. */
static input_result feed(fixture *fx, input_event ev)
{
    move m = {0};
    input_result r = fx->u.f->ui->input(fx->t, fx->u.ui, fx->u.state, &ev, &m);
    if (r == INPUT_MOVE)
        for (int i = 0; i < m.idx.n; i++)
            fx->u.state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    redraw(fx);
    return r;
}

static input_result key(fixture *fx, int k)
{
    return feed(fx, (input_event){.kind = INPUT_KEY, .key = k, .target = -1});
}

/* The canvas position of a target (its first owned screen cell). */
static bool find_target(const fixture *fx, int target, int *y, int *x)
{
    for (int r = 0; r < fx->u.cv.rows; r++)
        for (int c = 0; c < fx->u.cv.cols; c++)
            if (canvas_owner(&fx->u.cv, r, c) == target) {
                *y = r;
                *x = c;
                return true;
            }
    return false;
}

static input_result mouse(fixture *fx, int action, int button, int target)
{
    input_event ev = {.kind = INPUT_MOUSE, .button = button, .action = action, .target = target};
    CHECK(find_target(fx, target, &ev.y, &ev.x));
    return feed(fx, ev);
}

static bool solved(const fixture *fx)
{
    diag why = {0};
    return tracks_verify(fx->t, fx->u.state, &why);
}

static void keys_lay_the_answer(void)
{
    fixture fx;
    if (!setup(&fx, LOOP_TRAP, 40, 100, false))
        return;
    redraw(&fx);
    /* the cursor starts on the entrance; shifted arrows and H J K L lay
     * track to the next cell and follow it */
    CHECK(key(&fx, GAME_KEY_DOWN | GAME_KEY_SHIFT) == INPUT_MOVE);
    int cells = tracks_cells(fx.t);
    CHECK(fx.u.state[cells + tracks_edge(fx.t, 0, TRACKS_S)] == TRACKS_TRACK);
    CHECK(key(&fx, GAME_KEY_RIGHT | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(key(&fx, GAME_KEY_RIGHT | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(key(&fx, GAME_KEY_DOWN | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(!solved(&fx));
    CHECK(key(&fx, GAME_KEY_LEFT | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(key(&fx, GAME_KEY_LEFT | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(key(&fx, GAME_KEY_DOWN | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(solved(&fx));
    /* again over the last edge lifts it */
    CHECK(key(&fx, GAME_KEY_UP | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(!solved(&fx));
    CHECK(key(&fx, GAME_KEY_DOWN | GAME_KEY_SHIFT) == INPUT_MOVE);
    CHECK(solved(&fx));
    /* plain arrows only move; Space marks no track; the checker rejects a
     * no-track mark on the track */
    CHECK(key(&fx, GAME_KEY_UP) == INPUT_UI);
    CHECK(key(&fx, ' ') == INPUT_IGNORED); /* the track passes: refused */
    CHECK(key(&fx, GAME_KEY_RIGHT) == INPUT_UI);
    CHECK(key(&fx, GAME_KEY_RIGHT) == INPUT_UI);
    CHECK(key(&fx, GAME_KEY_RIGHT) == INPUT_UI);
    CHECK(key(&fx, ' ') == INPUT_MOVE);
    CHECK(fx.u.state[2 * 4 + 3] == TRACKS_NONE);
    CHECK(solved(&fx));
    CHECK(key(&fx, GAME_KEY_SELECT) == INPUT_MOVE); /* Enter: a track mark there */
    CHECK(fx.u.state[2 * 4 + 3] == TRACKS_TRACK);
    CHECK(!solved(&fx));
    CHECK(key(&fx, GAME_KEY_SELECT) == INPUT_MOVE);
    CHECK(fx.u.state[2 * 4 + 3] == TRACKS_BLANK);
    /* x then a direction: no track across that edge */
    CHECK(key(&fx, 'x') == INPUT_UI);
    CHECK(key(&fx, GAME_KEY_UP) == INPUT_MOVE);
    CHECK(fx.u.state[cells + tracks_edge(fx.t, 2 * 4 + 3, TRACKS_N)] == TRACKS_NONE);
    teardown(&fx);
}

static void drag_lays_the_answer(void)
{
    fixture fx;
    if (!setup(&fx, LOOP_TRAP, 40, 100, false))
        return;
    redraw(&fx);
    /* the drag is shown as it goes and applied on release, as one move
     * (one undo) */
    static const int path[] = {0, 4, 5, 6, 10, 9, 8, 12};
    CHECK(mouse(&fx, MOUSE_PRESS, 1, path[0]) == INPUT_UI);
    for (int i = 1; i < 8; i++)
        CHECK(mouse(&fx, MOUSE_DRAG, 1, path[i]) == INPUT_UI);
    int y, x;
    CHECK(find_target(&fx, 9, &y, &x));
    CHECK(canvas_at(&fx.u.cv, y, x + 1)->marks & MARK_SELECTED);
    CHECK(!solved(&fx));
    CHECK(mouse(&fx, MOUSE_RELEASE, 1, path[7]) == INPUT_MOVE);
    CHECK(solved(&fx));
    CHECK(!(canvas_at(&fx.u.cv, y, x + 1)->marks & MARK_SELECTED));
    /* a drag that starts along track lifts it */
    mouse(&fx, MOUSE_PRESS, 1, 12);
    mouse(&fx, MOUSE_DRAG, 1, 8);
    CHECK(mouse(&fx, MOUSE_RELEASE, 1, 8) == INPUT_MOVE);
    CHECK(!solved(&fx));
    int cells = tracks_cells(fx.t);
    CHECK(fx.u.state[cells + tracks_edge(fx.t, 8, TRACKS_S)] == TRACKS_BLANK);
    /* going back over the drag's own path takes those steps back */
    mouse(&fx, MOUSE_PRESS, 1, 8);
    mouse(&fx, MOUSE_DRAG, 1, 12);
    mouse(&fx, MOUSE_DRAG, 1, 13);
    mouse(&fx, MOUSE_DRAG, 1, 12);
    CHECK(mouse(&fx, MOUSE_RELEASE, 1, 12) == INPUT_MOVE);
    CHECK(fx.u.state[cells + tracks_edge(fx.t, 12, TRACKS_E)] == TRACKS_BLANK);
    CHECK(solved(&fx));
    teardown(&fx);
}

static void release_without_motion_and_jumps(void)
{
    fixture fx;
    if (!setup(&fx, LOOP_TRAP, 40, 100, false))
        return;
    redraw(&fx);
    /* press on the entrance, release three cells down: no motion reports
     * arrived, and the track still runs the whole way */
    mouse(&fx, MOUSE_PRESS, 1, 0);
    CHECK(mouse(&fx, MOUSE_RELEASE, 1, 12) == INPUT_MOVE);
    int cells = tracks_cells(fx.t);
    for (int c = 0; c < 12; c += 4)
        CHECK(fx.u.state[cells + tracks_edge(fx.t, c, TRACKS_S)] == TRACKS_TRACK);
    /* the straight run is a right answer only with the loop, which the
     * checker refuses; the loop is drawn in the error colour */
    mouse(&fx, MOUSE_PRESS, 1, 5);
    mouse(&fx, MOUSE_DRAG, 1, 6);
    mouse(&fx, MOUSE_DRAG, 1, 10);
    mouse(&fx, MOUSE_DRAG, 1, 9);
    mouse(&fx, MOUSE_DRAG, 1, 5);
    CHECK(mouse(&fx, MOUSE_RELEASE, 1, 5) == INPUT_MOVE);
    /* a right drag rules out the cells it passes */
    mouse(&fx, MOUSE_PRESS, 3, 3);
    mouse(&fx, MOUSE_DRAG, 3, 7);
    CHECK(mouse(&fx, MOUSE_RELEASE, 3, 15) == INPUT_MOVE);
    CHECK(fx.u.state[3] == TRACKS_NONE && fx.u.state[7] == TRACKS_NONE && fx.u.state[11] == TRACKS_NONE &&
          fx.u.state[15] == TRACKS_NONE);
    diag why = {0};
    CHECK(!tracks_verify(fx.t, fx.u.state, &why));
    CHECK(strstr(why.msg, "loop") != NULL);
    int y, x;
    CHECK(find_target(&fx, 5, &y, &x));
    CHECK(canvas_at(&fx.u.cv, y, x + 1)->role == ROLE_ERROR);
    CHECK(find_target(&fx, 0, &y, &x));
    CHECK(canvas_at(&fx.u.cv, y, x + 1)->role != ROLE_ERROR);
    teardown(&fx);
}

static void clicks_and_clue_states(void)
{
    fixture fx;
    if (!setup(&fx, LOOP_TRAP, 40, 100, false))
        return;
    redraw(&fx);
    /* right click marks no track; row 2 needs 3 of its 4 cells */
    mouse(&fx, MOUSE_PRESS, 3, 4 + 3);
    CHECK(mouse(&fx, MOUSE_RELEASE, 3, 4 + 3) == INPUT_MOVE);
    CHECK(fx.u.state[7] == TRACKS_NONE);
    int y, x;
    CHECK(find_target(&fx, 4, &y, &x));
    /* the row clue is the last digit on the cell's screen row */
    int cx = fx.u.cv.cols - 1;
    while (cx > 0 && strcmp(canvas_at(&fx.u.cv, y, cx)->glyph, " ") == 0)
        cx--;
    CHECK(strcmp(canvas_at(&fx.u.cv, y, cx)->glyph, "3") == 0);
    CHECK(canvas_at(&fx.u.cv, y, cx)->role == ROLE_CLUE);
    mouse(&fx, MOUSE_PRESS, 3, 4 + 2);
    mouse(&fx, MOUSE_RELEASE, 3, 4 + 2);
    CHECK(canvas_at(&fx.u.cv, y, cx)->role == ROLE_CLUE_BROKEN);
    /* a left click on an edge lays track across it; a right click on a
     * cell with track is refused */
    int e = tracks_cells(fx.t) + tracks_edge(fx.t, 4, TRACKS_E);
    mouse(&fx, MOUSE_PRESS, 1, e);
    CHECK(mouse(&fx, MOUSE_RELEASE, 1, e) == INPUT_MOVE);
    CHECK(fx.u.state[e] == TRACKS_TRACK);
    mouse(&fx, MOUSE_PRESS, 3, 5);
    CHECK(mouse(&fx, MOUSE_RELEASE, 3, 5) == INPUT_UI);
    CHECK(fx.u.state[5] == TRACKS_BLANK);
    /* the entrance cell is fixed */
    mouse(&fx, MOUSE_PRESS, 3, 0);
    CHECK(mouse(&fx, MOUSE_RELEASE, 3, 0) == INPUT_UI);
    CHECK(fx.u.state[0] == TRACKS_TRACK);
    teardown(&fx);
}

static bool all_ascii(const canvas *cv)
{
    for (int i = 0; i < cv->rows * cv->cols; i++)
        for (const char *g = cv->cells[i].glyph; *g; g++)
            if ((unsigned char)*g >= 0x80)
                return false;
    return true;
}

static void geometries_and_ascii(void)
{
    /* the SMT article's 8x8: big cells in a roomy terminal, A and B shown */
    fixture fx;
    const char *id = "8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1";
    if (!setup(&fx, id, 40, 100, false))
        return;
    redraw(&fx);
    char *text = canvas_to_text(&fx.u.cv);
    CHECK(strstr(text, "A\xe2\x94\x81") != NULL); /* A━ : the entrance stub, a heavy rail */
    /* given pieces in double lines and the given role, nothing else so */
    int doubles = 0;
    for (int y = 0; y < fx.u.cv.rows; y++)
        for (int x = 0; x < fx.u.cv.cols; x++) {
            const canvas_cell *c = canvas_at(&fx.u.cv, y, x);
            bool dbl = strstr("═║╔╗╚╝╠╣╦╩╬", c->glyph) && strcmp(c->glyph, " ") && c->glyph[0];
            if (dbl) {
                doubles++;
                CHECK(c->role == ROLE_GIVEN || c->role == ROLE_ERROR);
            }
        }
    CHECK(doubles > 0);
    CHECK(strstr(text, "B") != NULL);
    CHECK(!all_ascii(&fx.u.cv));
    free(text);
    int big_rows = fx.u.cv.rows;
    teardown(&fx);
    /* too short for big cells: small ones */
    if (!setup(&fx, id, 14, 100, true))
        return;
    CHECK(fx.u.cv.rows < big_rows);
    redraw(&fx);
    CHECK(all_ascii(&fx.u.cv));
    text = canvas_to_text(&fx.u.cv);
    CHECK(strstr(text, "A-") != NULL);
    free(text);
    teardown(&fx);
    /* and too small for anything */
    diag err = {0};
    puzzle *p = puzzle_from_text(id, "game ID", NULL, NULL, &err);
    void *ui = p->family->ui->create(p->data);
    int nr = 0, nc = 0;
    CHECK(!p->family->ui->layout(p->data, ui, 5, 10, false, &nr, &nc));
    CHECK(nr > 5 && nc > 10);
    p->family->ui->free(ui);
    puzzle_free(p);
}

int main(void)
{
    RUN(keys_lay_the_answer);
    RUN(drag_lays_the_answer);
    RUN(release_without_motion_and_jumps);
    RUN(clicks_and_clue_states);
    RUN(geometries_and_ascii);
    TEST_MAIN_END();
}
