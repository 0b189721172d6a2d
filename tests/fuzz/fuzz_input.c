/* fuzz_input.c: fuzz harness for the player's input: key and mouse events
 * through every family's input hook, as the player sends them (a mouse
 * event's target read from the drawn canvas), with undo, redo, resizes and
 * the board drawn after every event.
 *
 * Promises kept or the harness aborts: every move the hook returns sets
 * elements of the state that exist; every board it leads to passes the
 * family's state_ok (the check the save loader runs); every save written
 * loads again and writes the same text.
 *
 * Input: byte 0 picks a puzzle (PUZZLES below), bytes 1-2 the terminal
 * size and ASCII glyphs, then 4 bytes an event: kind, then three
 * operands (see run_event). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

#define FUZZ_MAX_EVENTS 3000

/* Small puzzles of every family, and a Tantrix given at the edge of the
 * range where a loop through it still fits the board (tantrix.h). */
static const struct {
    const char *ext, *text;
} PUZZLES[] = {
    {"tents", "6x6:baih_cae,1,2,1,1,0,2,2,0,1,2,1,1"},
    {"tents", "8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0"},
    {"tracks", "8x8de:CkCn3kAgAc5kC,6,4,6,7,5,3,5,S5,S3,5,6,6,6,8,5,2"},
    {"tetravex", "2027\n5562\n6791\n9261\n9325\n0295\n6567\n6565\n6131\n"},
    {"hexiom", "2\n  . 1\n . 1 1\n  1 .\n"},
    {"hexiom", "3\n  +3+4+3\n +3+6+5 .\n 2+5+4+.+.\n  .+5 3+1\n  +3+3+2\n"},
    {"tantrix", "discovery 5\n"},
    {"tantrix", "tiles 1-7\nloop red\ngiven 1 972 -972 0\n"},
};
#define NPUZZLES ((int)(sizeof PUZZLES / sizeof PUZZLES[0]))

/* Keys the families read, as the player hands them over (tui/keymap.c),
 * the rest left to raw bytes. */
static const int KEYS[] = {
    GAME_KEY_UP, GAME_KEY_DOWN, GAME_KEY_LEFT, GAME_KEY_RIGHT,
    GAME_KEY_UP | GAME_KEY_SHIFT, GAME_KEY_DOWN | GAME_KEY_SHIFT,
    GAME_KEY_LEFT | GAME_KEY_SHIFT, GAME_KEY_RIGHT | GAME_KEY_SHIFT,
    GAME_KEY_SELECT, GAME_KEY_DELETE, GAME_KEY_SELECT, GAME_KEY_DELETE, 'g', 'G', 'f', 'c',
    10, '\r', '\t', ' ', '-', '.', '[', ']', 27,
    'h', 'j', 'k', 'l', 'H', 'J', 'K', 'L', 'a', 'b', 'd', 'e', 'm', 'n', 'w', 'x', 'z',
    '0', '1', '2', '3', '4', '5', '6', '7',
};
#define NKEYS ((int)(sizeof KEYS / sizeof KEYS[0]))

static void contract(bool ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_input: broken contract: %s\n", what);
    abort();
}

typedef struct {
    const game_family *f;
    board *b;
    void *ui;
    canvas cv;
    bool fits, ascii;
} player;

/* As the player lays out (screen.c): the largest geometry that fits, else
 * the smallest at the size it names, which the player scrolls over. */
static void relayout(player *p, int rows, int cols)
{
    int nr = 0, nc = 0;
    p->fits = p->f->ui->layout(p->b->pz->data, p->ui, rows, cols, p->ascii, &nr, &nc);
    canvas_free(&p->cv);
    memset(&p->cv, 0, sizeof p->cv);
    if (p->fits) {
        contract(nr > 0 && nc > 0 && nr <= rows && nc <= cols, "layout needs more than it was given");
    } else {
        int r2 = 0, c2 = 0;
        contract(nr > 0 && nc > 0, "layout names no size that would fit");
        p->fits = p->f->ui->layout(p->b->pz->data, p->ui, nr, nc, p->ascii, &r2, &c2);
        contract(p->fits && r2 == nr && c2 == nc, "layout refuses the size it asked for");
    }
    canvas_init(&p->cv, nr, nc, p->ascii);
}

static void draw(player *p)
{
    if (!p->fits)
        return;
    view v = {0};
    canvas_clear(&p->cv);
    p->f->ui->draw(p->b->pz->data, p->ui, p->b->state, &v, &p->cv);
}

/* The board must be one the save loader accepts. */
static void check_board(const player *p)
{
    diag why = {0};
    if (p->f->state_ok && !p->f->state_ok(p->b->pz->data, p->b->state, &why)) {
        fprintf(stderr, "fuzz_input: %s: %s\n", p->f->name, why.msg);
        contract(false, "a move leads to a board the save loader refuses");
    }
}

/* Written out, the game loads again and writes the same text. */
static void check_save(const player *p)
{
    strbuf once = {0}, twice = {0};
    board_format(p->b, &once);
    diag err = {0};
    board *again = board_load_text(once.s, once.n, "fuzz-save", &err);
    if (!again)
        fprintf(stderr, "fuzz_input: reloading: %d:%d: %s\n", err.line, err.col, err.msg);
    contract(again != NULL, "a save of a played game does not load");
    board_format(again, &twice);
    contract(once.n == twice.n && memcmp(once.s, twice.s, once.n) == 0, "a save written twice changes");
    board_free(again);
    sb_free(&once);
    sb_free(&twice);
}

/* Returns whether the screen would change (the player redraws then). */
static bool send_event(player *p, const input_event *ev)
{
    move m = {0};
    input_result r = p->f->ui->input(p->b->pz->data, p->ui, p->b->state, ev, &m);
    contract(r == INPUT_IGNORED || r == INPUT_UI || r == INPUT_MOVE, "an unknown input result");
    if (r == INPUT_MOVE) {
        contract(m.idx.n == m.val.n, "a move with more places than values");
        for (int i = 0; i < m.idx.n; i++)
            contract(m.idx.v[i] >= 0 && m.idx.v[i] < p->b->pz->nstate, "a move outside the state");
        board_apply(p->b, &m, false);
        check_board(p);
    }
    move_free(&m);
    return r != INPUT_IGNORED;
}

/* kind % 10: 0-3 a key (a: from KEYS, or the raw byte b when a >= 240),
 * 4-6 a mouse event (a: button and action, b, c: row and column, one
 * beyond the canvas on each side), 7 undo, 8 redo, 9 a resize to (a, c),
 * in the compact zoom (set_compact) when b is odd;
 * the board is drawn after each, as the player draws it. */
static void run_event(player *p, const uint8_t *e)
{
    int kind = e[0] % 10;
    bool redraw = true;
    if (kind <= 3) {
        if (!p->fits)
            return; /* the player reads only q then */
        input_event ev = {.kind = INPUT_KEY, .key = e[1] < 240 ? KEYS[e[1] % NKEYS] : e[2], .target = -1};
        redraw = send_event(p, &ev);
    } else if (kind <= 6) {
        if (!p->fits)
            return;
        input_event ev = {.kind = INPUT_MOUSE};
        ev.button = e[1] & 1 ? 3 : 1;
        ev.action = (e[1] >> 1) % 3 == 0 ? MOUSE_PRESS : (e[1] >> 1) % 3 == 1 ? MOUSE_DRAG : MOUSE_RELEASE;
        ev.y = e[2] % (p->cv.rows + 2) - 1;
        ev.x = e[3] % (p->cv.cols + 2) - 1;
        ev.target = canvas_owner(&p->cv, ev.y, ev.x);
        redraw = send_event(p, &ev);
    } else if (kind == 7) {
        board_undo(p->b);
        check_board(p);
    } else if (kind == 8) {
        board_redo(p->b);
        check_board(p);
    } else {
        if (p->f->ui->set_compact)
            p->f->ui->set_compact(p->ui, e[2] & 1);
        relayout(p, 4 + e[1] % 60, 10 + e[3] % 150);
    }
    /* the canvas the next mouse event aims at; an ignored event leaves it
     * as it is (drawing is most of the time a run takes under ASan) */
    if (redraw)
        draw(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3 || (size - 3) / 4 > FUZZ_MAX_EVENTS)
        return 0;
    int which = data[0] % NPUZZLES;
    diag err = {0};
    puzzle *pz = puzzle_from_text(PUZZLES[which].text, "fuzz", PUZZLES[which].ext, NULL, &err);
    if (!pz)
        fprintf(stderr, "fuzz_input: puzzle %d: %d:%d: %s\n", which, err.line, err.col, err.msg);
    contract(pz != NULL, "a built-in puzzle does not parse");
    player p = {.f = pz->family, .b = board_create(pz), .ascii = data[2] & 1};
    p.ui = p.f->ui->create(pz->data);
    relayout(&p, 10 + data[1] % 50, 30 + (data[2] >> 1) % 130);
    draw(&p);
    for (size_t i = 3; i + 4 <= size; i += 4)
        run_event(&p, data + i);
    check_board(&p);
    check_save(&p);
    p.f->ui->free(p.ui);
    canvas_free(&p.cv);
    board_free(p.b);
    return 0;
}
