/* test_board.c: the board (undo/redo, saves: round trips, corrupt and
 * foreign saves, atomic writes) and Tents' terminal hooks rendered into a
 * canvas with no terminal at all (geometry, clue states, overlays, input). */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"
#include "games/tents.h"
#include "rng.h"
#include "testlib.h"

/* 8x8, trees as in Tatham's worked example; one solution. */
static const char *ID = "8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0";
/* Another puzzle (a given tent at row 5, column 3). */
static const char *ID2 = "8x8:iacbbcdc!_pcbab,3,0,3,0,2,1,1,2,1,3,0,3,1,0,1,3";

static char tmpdir[512];

static void make_tmpdir(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/tessera-board-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        exit(1);
    }
}

static puzzle *load(const char *text)
{
    diag err = {0};
    puzzle *p = puzzle_from_text(text, "test", "tents", NULL, &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    return p;
}

static void set(board *b, int cell, int v)
{
    move m = {0};
    move_set(&m, cell, v);
    board_apply(b, &m, false);
    move_free(&m);
}

static char *slurp(const char *path)
{
    size_t len;
    return read_file(path, 1 << 20, &len);
}

static void write_text(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fwrite(text, 1, n, f);
    fclose(f);
}

/* Files in dir whose names end in suffix. */
static int count_files(const char *dir, const char *suffix)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    size_t k = strlen(suffix);
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        n += len > k && strcmp(e->d_name + len - k, suffix) == 0;
    }
    if (d)
        closedir(d);
    return n;
}

static void undo_redo(void)
{
    board *b = board_create(load(ID));
    CHECK(b->state[2] == TENTS_TREE);
    set(b, 0, TENTS_GRASS);
    set(b, 1, TENTS_TENT);
    CHECK(b->nsteps == 2 && b->pos == 2);
    move same = {0};
    move_set(&same, 1, TENTS_TENT);
    CHECK(!board_apply(b, &same, false)); /* no change: no step */
    move_free(&same);
    CHECK(board_undo(b) && b->state[1] == TENTS_BLANK);
    CHECK(board_undo(b) && b->state[0] == TENTS_BLANK);
    CHECK(!board_undo(b));
    CHECK(board_redo(b) && b->state[0] == TENTS_GRASS);
    set(b, 9, TENTS_TENT); /* a new step drops the redo tail */
    CHECK(b->nsteps == 2 && !board_redo(b));
    board_free(b);
}

/* One gate for moves and saves: a tree is the puzzle's, so a board with a
 * tent on it is refused, whether the whole board or the changed cell is
 * looked at, and a move that would make it is refused too. */
static void gate_moves_and_boards(void)
{
    board *b = board_create(load(ID));
    diag why = {0};
    CHECK(board_state_allowed(b->pz, b->state, NULL, 0, &why));
    CHECK(b->state[2] == TENTS_TREE);
    move m = {0};
    move_set(&m, 2, TENTS_TENT);
    CHECK(!board_move_allowed(b, &m, &why) && why.msg[0]);
    b->state[2] = TENTS_TENT;
    int changed = 2;
    why.msg[0] = 0;
    CHECK(!board_state_allowed(b->pz, b->state, NULL, 0, &why) && why.msg[0]);
    CHECK(!board_state_allowed(b->pz, b->state, &changed, 1, &why));
    b->state[2] = TENTS_TREE;
    move_free(&m);
    move_set(&m, 0, TENTS_TENT);
    CHECK(board_move_allowed(b, &m, &why));
    move_free(&m);
    board_free(b);
}

static void save_round_trip(void)
{
    board *b = board_create(load(ID));
    set(b, 0, TENTS_GRASS);
    set(b, 1, TENTS_TENT);
    set(b, 9, TENTS_TENT);
    board_undo(b);
    b->elapsed = 83.4;
    b->hints = 2;
    b->checks = 1;
    char path[700];
    diag err = {0};
    snprintf(path, sizeof path, "%s/rt.save", tmpdir);
    CHECK_MSG(board_save(b, path, &err), "%s", err.msg);
    diag d = {0};
    board *c = board_load(path, &d);
    CHECK_MSG(c != NULL, "%d:%d: %s", d.line, d.col, d.msg);
    if (c) {
        CHECK(c->pz->nstate == b->pz->nstate);
        CHECK(memcmp(c->state, b->state, (size_t)b->pz->nstate * sizeof *b->state) == 0);
        CHECK(c->nsteps == 3 && c->pos == 2);
        CHECK(c->elapsed > 83.3 && c->elapsed < 83.5);
        CHECK(c->hints == 2 && c->checks == 1 && !c->solved_by_engine);
        CHECK(board_redo(c) && c->state[9] == TENTS_TENT); /* the history came back too */
        CHECK(board_undo(c) && board_undo(c) && c->state[1] == TENTS_BLANK);
        board_free(c);
    }
    /* a multi-line puzzle (grid text) survives too */
    board *g = board_create(load("x3102\n1.T..\n0....\n1..T.\n1T...\n"));
    set(g, 0, TENTS_TENT);
    g->solved_by_engine = true;
    CHECK(board_save(g, path, &err));
    c = board_load(path, &d);
    CHECK_MSG(c != NULL, "%d:%d: %s", d.line, d.col, d.msg);
    if (c) {
        CHECK(c->state[0] == TENTS_TENT && c->state[1] == TENTS_TREE && c->solved_by_engine);
        CHECK(c->pz->nstate == 16);
        board_free(c);
    }
    board_free(g);
    board_free(b);
}

static void save_path_ignores_line_ends(void)
{
    puzzle *a = load("x3102\n1.T..\n0....\n1..T.\n1T...\n");
    puzzle *b = load("x3102\r\n1.T..  \r\n0....\r\n1..T.\r\n1T...\r\n\r\n");
    puzzle *c = load(ID);
    char pa[700], pb[700], pc[700];
    board_save_path(a, "D", pa, sizeof pa);
    board_save_path(b, "D", pb, sizeof pb);
    board_save_path(c, "D", pc, sizeof pc);
    CHECK(strcmp(pa, pb) == 0);
    CHECK(strcmp(pa, pc) != 0);
    CHECK(strncmp(pa, "D/tents-", 8) == 0);
    puzzle_free(a);
    puzzle_free(b);
    puzzle_free(c);
}

static void resume_and_foreign_save(void)
{
    char dir[700], path[800];
    diag note = {0};
    diag err = {0};
    snprintf(dir, sizeof dir, "%s/resume", tmpdir);
    mkdir(dir, 0700);
    puzzle *p = load(ID);
    CHECK(board_resume(p, dir, &note) == NULL && note.msg[0] == 0); /* nothing saved yet */
    board *b = board_create(load(ID));
    set(b, 1, TENTS_TENT);
    board_save_path(b->pz, dir, path, sizeof path);
    CHECK(board_save(b, path, &err));
    board *r = board_resume(p, dir, &note);
    CHECK(r != NULL && r->state[1] == TENTS_TENT);
    board_free(r);
    /* another puzzle's save under this puzzle's name is set aside */
    board *o = board_create(load(ID2));
    CHECK(board_save(o, path, &err));
    r = board_resume(p, dir, &note);
    CHECK(r == NULL);
    CHECK_MSG(strstr(note.msg, "another puzzle") != NULL, "%s", note.msg);
    char aside[900];
    snprintf(aside, sizeof aside, "%s.corrupt", path);
    struct stat sb;
    CHECK(stat(aside, &sb) == 0 && stat(path, &sb) != 0);
    /* garbage is set aside as well, with where it went wrong */
    write_text(path, "tessera save 1\nfamily tents\nnonsense\n", 37);
    r = board_resume(p, dir, &note);
    CHECK_MSG(r == NULL && strstr(note.msg, ":3:1:") != NULL, "%s", note.msg);
    CHECK(stat(path, &sb) != 0);
    board_free(o);
    board_free(b);
    puzzle_free(p);
}

/* Every truncation of a valid save is refused with a position (only the
 * final newline may go), and nothing crashes. */
static void corrupt_truncated(void)
{
    board *b = board_create(load(ID));
    set(b, 0, TENTS_GRASS);
    set(b, 10, TENTS_TENT);
    char path[700], cut[700];
    diag err = {0};
    snprintf(path, sizeof path, "%s/full.save", tmpdir);
    snprintf(cut, sizeof cut, "%s/cut.save", tmpdir);
    CHECK(board_save(b, path, &err));
    char *text = slurp(path);
    size_t n = strlen(text);
    int refused = 0;
    for (size_t k = 0; k < n - 1; k++) {
        write_text(cut, text, k);
        diag d = {0};
        board *c = board_load(cut, &d);
        if (!c && d.line > 0)
            refused++;
        else
            fprintf(stderr, "truncated at %zu: %s\n", k, c ? "accepted" : d.msg);
        board_free(c);
    }
    CHECK(refused == (int)n - 1);
    free(text);
    board_free(b);
}

/* Random damage: bytes flipped, lines dropped, numbers changed.  Either the
 * save is refused with a position, or it loads into a board the puzzle
 * allows whose history replays to it. */
static void corrupt_garbage(void)
{
    board *b = board_create(load(ID));
    set(b, 0, TENTS_GRASS);
    set(b, 10, TENTS_TENT);
    set(b, 20, TENTS_TENT);
    board_undo(b);
    char path[700], bad[700];
    diag err = {0};
    snprintf(path, sizeof path, "%s/g.save", tmpdir);
    snprintf(bad, sizeof bad, "%s/bad.save", tmpdir);
    CHECK(board_save(b, path, &err));
    char *text = slurp(path);
    size_t n = strlen(text);
    rng r;
    rng_seed(&r, 12345);
    int refused = 0, loaded = 0;
    static const char junk[] = "0123456789 -|\n\r\tabcxyz\x01\xff";
    for (int trial = 0; trial < 1500; trial++) {
        char *t = xmalloc(n + 1);
        memcpy(t, text, n + 1);
        int edits = 1 + (int)rng_below(&r, 3);
        for (int e = 0; e < edits; e++)
            t[rng_below(&r, (int)n)] = junk[rng_below(&r, (int)sizeof junk - 1)];
        write_text(bad, t, n);
        diag d = {0};
        board *c = board_load(bad, &d);
        if (c) {
            diag why = {0};
            CHECK(tents_state_ok(c->pz->data, c->state, &why));
            loaded++;
            board_free(c);
        } else {
            CHECK_MSG(d.line > 0 && d.col > 0, "%s", d.msg);
            refused++;
        }
        free(t);
    }
    CHECK(refused > 1000); /* most damage is caught */
    /* pure garbage and an empty file */
    write_text(bad, "\x89PNG\r\n\x1a\n", 8);
    diag d = {0};
    CHECK(board_load(bad, &d) == NULL && d.line == 1);
    write_text(bad, "", 0);
    CHECK(board_load(bad, &d) == NULL && d.line == 1);
    /* a tent written over a tree, consistently in state and history */
    char *t = xmalloc(n + 64);
    snprintf(t, n + 64, "%s", text);
    char *st = strstr(t, "state 64 ");
    CHECK(st != NULL);
    if (st) {
        st[9 + 2 * 2] = '1'; /* cell 2 is a tree */
        write_text(bad, t, n);
        CHECK(board_load(bad, &d) == NULL);
    }
    free(t);
    (void)loaded;
    free(text);
    board_free(b);
}

/* The previous save survives a failed write. */
static void atomic_save_keeps_previous(void)
{
    char dir[700], path[800];
    diag err = {0};
    snprintf(dir, sizeof dir, "%s/atomic", tmpdir);
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/a.save", dir);
    board *b = board_create(load(ID));
    set(b, 1, TENTS_TENT);
    CHECK(board_save(b, path, &err));
    char *before = slurp(path);
    set(b, 0, TENTS_GRASS);
    /* the temporary file cannot be written in full: a file size limit
     * (as a full disk, write() fails; SIGXFSZ ignored as the player does) */
    struct rlimit was;
    CHECK(getrlimit(RLIMIT_FSIZE, &was) == 0);
    struct rlimit small = {100, was.rlim_max};
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    CHECK(setrlimit(RLIMIT_FSIZE, &small) == 0);
    CHECK(!board_save(b, path, &err) && strstr(err.msg, "File too large"));
    CHECK(setrlimit(RLIMIT_FSIZE, &was) == 0);
    signal(SIGXFSZ, old_handler);
    char *after = slurp(path);
    CHECK(before && after && strcmp(before, after) == 0);
    free(after);
    /* a read-only directory (root may write anyway; then the save is new) */
    chmod(dir, 0500);
    bool wrote = board_save(b, path, &err);
    after = slurp(path);
    if (!wrote)
        CHECK(after && strcmp(before, after) == 0);
    else
        CHECK(geteuid() == 0 && after && strcmp(before, after) != 0);
    chmod(dir, 0700);
    /* no temporary files left behind either way */
    CHECK(count_files(dir, ".tmp") == 0);
    free(before);
    free(after);
    board_free(b);
}

static void state_dir_from_environment(void)
{
    char out[700], want[800];
    diag err = {0};
    snprintf(want, sizeof want, "%s/xdg", tmpdir);
    setenv("XDG_STATE_HOME", want, 1);
    CHECK(board_state_dir(out, sizeof out, &err));
    strcat(want, "/tessera");
    CHECK(strcmp(out, want) == 0);
    struct stat sb;
    CHECK(stat(want, &sb) == 0 && S_ISDIR(sb.st_mode));
    setenv("XDG_STATE_HOME", "relative/ignored", 1);
    setenv("HOME", tmpdir, 1);
    CHECK(board_state_dir(out, sizeof out, &err));
    CHECK(strstr(out, "/.local/state/tessera") != NULL);
}

/* --- Tents' hooks, rendered without a terminal --- */

typedef struct {
    puzzle *p;
    const tents_puzzle *t;
    void *ui;
    int *state;
    canvas cv;
} render;

static void render_open(render *r, const char *id, int rows, int cols, bool ascii)
{
    r->p = load(id);
    r->t = r->p->data;
    r->ui = r->p->family->ui->create(r->p->data);
    r->state = xcalloc((size_t)r->p->nstate, sizeof *r->state);
    r->p->family->init_state(r->p->data, r->state);
    int nr, nc;
    CHECK(r->p->family->ui->layout(r->p->data, r->ui, rows, cols, ascii, &nr, &nc));
    canvas_init(&r->cv, nr, nc, ascii);
}

static void render_draw(render *r, const view *v)
{
    canvas_clear(&r->cv);
    r->p->family->ui->draw(r->p->data, r->ui, r->state, v, &r->cv);
}

static void render_close(render *r)
{
    canvas_free(&r->cv);
    r->p->family->ui->free(r->ui);
    free(r->state);
    puzzle_free(r->p);
}

/* Where cell (x, y)'s glyph is: found through the hit-test owners. */
static bool glyph_of(const render *r, int cell, int *gy, int *gx)
{
    for (int y = 0; y < r->cv.rows; y++)
        for (int x = 0; x < r->cv.cols; x++)
            if (canvas_owner(&r->cv, y, x) == cell && strcmp(canvas_at(&r->cv, y, x)->glyph, " ") != 0) {
                *gy = y;
                *gx = x;
                return true;
            }
    return false;
}

static void render_geometry(void)
{
    render r;
    render_open(&r, ID, 40, 100, false);
    render_draw(&r, NULL);
    char *txt = canvas_to_text(&r.cv);
    /* boxed cells: 17 rows of grid and one of column clues */
    CHECK(r.cv.rows == 18);
    CHECK(strncmp(txt, "\xe2\x94\x8c\xe2\x94\x80", 6) == 0); /* ┌─ */
    CHECK(strstr(txt, "\xe2\x99\xa3") != NULL);               /* a tree */
    free(txt);
    int gy, gx;
    CHECK(glyph_of(&r, 2, &gy, &gx)); /* the tree at row 1, column 3 */
    CHECK(strcmp(canvas_at(&r.cv, gy, gx)->glyph, "\xe2\x99\xa3") == 0);
    CHECK(canvas_at(&r.cv, gy, gx)->role == TENTS_ROLE_TREE);
    CHECK(gy == 1 && gx == 2 + 4 * 2);
    /* the row clue "3" at the end of row 1, column clues under the grid */
    CHECK(strcmp(canvas_at(&r.cv, 1, 4 * 8 + 2)->glyph, "3") == 0);
    CHECK(strcmp(canvas_at(&r.cv, 17, 2 + 4 * 3)->glyph, "3") == 0);
    render_close(&r);
    /* smaller terminals get glyph rows, three columns a cell, then two;
     * a tiny one none */
    render_open(&r, ID, 12, 30, false);
    CHECK(r.cv.rows == 9 && r.cv.cols == 25);
    render_close(&r);
    render_open(&r, ID, 12, 24, false);
    CHECK(r.cv.rows == 9 && r.cv.cols == 17);
    int nr, nc;
    CHECK(!r.p->family->ui->layout(r.p->data, r.ui, 8, 17, false, &nr, &nc));
    CHECK(nr == 9 && nc == 17); /* says what would fit */
    render_close(&r);
}

static void render_clue_states_and_errors(void)
{
    render r;
    render_open(&r, ID, 40, 100, true);
    /* row 2 (clue 0) gets a tent: broken.  Row 1 (clue 3) with three
     * tents: met.  Tents at (0,0),(1,1) touch: both errors. */
    r.state[8 + 0] = TENTS_TENT;  /* row 2, column 1 */
    r.state[1] = TENTS_TENT;
    r.state[3] = TENTS_TENT;
    r.state[7] = TENTS_TENT;
    render_draw(&r, NULL);
    int clue_x = 4 * 8 + 2;
    CHECK(canvas_at(&r.cv, 3, clue_x)->role == ROLE_CLUE_BROKEN); /* row 2 */
    CHECK(canvas_at(&r.cv, 1, clue_x)->role == ROLE_CLUE_MET);    /* row 1: 3 tents */
    CHECK(canvas_at(&r.cv, 5, clue_x)->role == ROLE_CLUE);        /* row 3: open */
    int gy, gx;
    CHECK(glyph_of(&r, 8, &gy, &gx) && canvas_at(&r.cv, gy, gx)->role == ROLE_ERROR);
    CHECK(glyph_of(&r, 1, &gy, &gx) && canvas_at(&r.cv, gy, gx)->role == ROLE_ERROR);
    CHECK(glyph_of(&r, 7, &gy, &gx) && canvas_at(&r.cv, gy, gx)->role == TENTS_ROLE_TENT);
    CHECK(strcmp(canvas_at(&r.cv, gy, gx)->glyph, "A") == 0); /* ASCII tent */
    CHECK(strcmp(canvas_at(&r.cv, 0, 0)->glyph, "+") == 0);
    /* grass fills a row's last blanks: the clue can no longer be met */
    for (int x = 0; x < 8; x++)
        if (r.state[16 + x] == TENTS_BLANK)
            r.state[16 + x] = TENTS_GRASS;
    render_draw(&r, NULL);
    CHECK(canvas_at(&r.cv, 5, clue_x)->role == ROLE_CLUE_BROKEN); /* row 3 wants 3 */
    render_close(&r);
}

static void render_overlays(void)
{
    render r;
    render_open(&r, ID, 40, 100, false);
    const tents_puzzle *t = r.t;
    int cell = 9; /* row 2, column 2: blank */
    int hint = tents_fact(t, cell, 1);
    int groups[] = {1, 8 + 8 + 0}; /* row 2's clue, the first tree */
    int conflict = tents_fact(t, 0, 0);
    view v = {.hint_facts = &hint, .nhint = 1, .explain_groups = groups, .nexplain = 2,
              .conflict_facts = &conflict, .nconflict = 1};
    render_draw(&r, &v);
    int gy, gx;
    CHECK(glyph_of(&r, cell, &gy, &gx));
    CHECK(canvas_at(&r.cv, gy, gx)->marks & MARK_HINT);
    CHECK(canvas_at(&r.cv, gy, gx)->role == TENTS_ROLE_GRASS); /* shows what it proposes */
    CHECK(canvas_at(&r.cv, 3, 4 * 8 + 2)->marks & MARK_EXPLAIN); /* row 2 clue */
    CHECK(glyph_of(&r, 2, &gy, &gx) && (canvas_at(&r.cv, gy, gx)->marks & MARK_EXPLAIN)); /* tree 0 */
    CHECK(glyph_of(&r, 0, &gy, &gx) && (canvas_at(&r.cv, gy, gx)->marks & MARK_CONFLICT));
    CHECK(canvas_at(&r.cv, gy, gx)->marks & MARK_CURSOR); /* the cursor starts top left */
    CHECK(!(canvas_at(&r.cv, 5, 4 * 8 + 2)->marks & MARK_EXPLAIN));
    /* a column group marks the column clue */
    int col_group[] = {8 + 3};
    view v2 = {.explain_groups = col_group, .nexplain = 1};
    render_draw(&r, &v2);
    CHECK(canvas_at(&r.cv, 17, 2 + 4 * 3)->marks & MARK_EXPLAIN);
    render_close(&r);
}

static input_result key(render *r, int k, move *m)
{
    input_event ev = {.kind = INPUT_KEY, .key = k, .target = -1};
    return r->p->family->ui->input(r->p->data, r->ui, r->state, &ev, m);
}

static input_result mouse(render *r, int button, int action, int cell, move *m)
{
    int gy = -1, gx = -1;
    glyph_of(r, cell, &gy, &gx);
    input_event ev = {.kind = INPUT_MOUSE, .button = button, .action = action, .y = gy, .x = gx,
                      .target = canvas_owner(&r->cv, gy, gx)};
    return r->p->family->ui->input(r->p->data, r->ui, r->state, &ev, m);
}

static void apply(render *r, move *m)
{
    for (int i = 0; i < m->idx.n; i++)
        r->state[m->idx.v[i]] = m->val.v[i];
    move_free(m);
}

static void input_keys_and_mouse(void)
{
    render r;
    render_open(&r, ID, 40, 100, false);
    render_draw(&r, NULL);
    move m = {0};
    CHECK(key(&r, GAME_KEY_LEFT, &m) == INPUT_IGNORED); /* already at the edge */
    CHECK(key(&r, GAME_KEY_RIGHT, &m) == INPUT_UI);
    CHECK(key(&r, GAME_KEY_SELECT, &m) == INPUT_MOVE && m.idx.n == 1 && m.idx.v[0] == 1 && m.val.v[0] == TENTS_TENT);
    apply(&r, &m);
    CHECK(key(&r, ' ', &m) == INPUT_MOVE && m.val.v[0] == TENTS_BLANK); /* again: clears */
    apply(&r, &m);
    CHECK(key(&r, ' ', &m) == INPUT_MOVE && m.val.v[0] == TENTS_GRASS);
    apply(&r, &m);
    CHECK(key(&r, GAME_KEY_RIGHT, &m) == INPUT_UI);
    CHECK(key(&r, GAME_KEY_SELECT, &m) == INPUT_IGNORED && m.idx.n == 0); /* a tree */
    CHECK(key(&r, GAME_KEY_DOWN, &m) == INPUT_UI && key(&r, GAME_KEY_UP, &m) == INPUT_UI);
    /* a left click on a blank places a tent; on it again clears */
    CHECK(mouse(&r, 1, MOUSE_PRESS, 12, &m) == INPUT_UI);
    CHECK(mouse(&r, 1, MOUSE_RELEASE, 12, &m) == INPUT_MOVE && m.val.v[0] == TENTS_TENT);
    apply(&r, &m);
    mouse(&r, 1, MOUSE_PRESS, 12, &m);
    CHECK(mouse(&r, 1, MOUSE_RELEASE, 12, &m) == INPUT_MOVE && m.val.v[0] == TENTS_BLANK);
    apply(&r, &m);
    /* right click: grass */
    mouse(&r, 3, MOUSE_PRESS, 13, &m);
    CHECK(mouse(&r, 3, MOUSE_RELEASE, 13, &m) == INPUT_MOVE && m.val.v[0] == TENTS_GRASS);
    apply(&r, &m);
    /* a right drag along row 6 (cells 40..47, a tree at 45) grasses the
     * blank cells only, and shows the span while dragging */
    r.state[42] = TENTS_TENT;
    mouse(&r, 3, MOUSE_PRESS, 40, &m);
    CHECK(mouse(&r, 3, MOUSE_DRAG, 47, &m) == INPUT_UI);
    render_draw(&r, NULL);
    int gy, gx;
    CHECK(glyph_of(&r, 44, &gy, &gx) && (canvas_at(&r.cv, gy, gx)->marks & MARK_SELECTED));
    CHECK(mouse(&r, 3, MOUSE_RELEASE, 47, &m) == INPUT_MOVE);
    CHECK(m.idx.n == 6); /* 8 cells, less the tree and the tent */
    for (int i = 0; i < m.idx.n; i++)
        CHECK(m.val.v[i] == TENTS_GRASS && m.idx.v[i] != 42 && m.idx.v[i] != 45);
    apply(&r, &m);
    /* a drag that leaves the line does nothing */
    mouse(&r, 3, MOUSE_PRESS, 0, &m);
    mouse(&r, 3, MOUSE_DRAG, 9, &m);
    CHECK(mouse(&r, 3, MOUSE_RELEASE, 9, &m) == INPUT_UI && m.idx.n == 0);
    /* hints prefer facts near the cursor */
    const game_family *f = r.p->family;
    CHECK(f->ui->fact_distance(r.p->data, r.ui, r.state, tents_fact(r.t, 0, 0)) <
          f->ui->fact_distance(r.p->data, r.ui, r.state, tents_fact(r.t, 63, 0)));
    render_close(&r);
}

int main(void)
{
    make_tmpdir();
    RUN(undo_redo);
    RUN(gate_moves_and_boards);
    RUN(save_round_trip);
    RUN(save_path_ignores_line_ends);
    RUN(resume_and_foreign_save);
    RUN(corrupt_truncated);
    RUN(corrupt_garbage);
    RUN(atomic_save_keeps_previous);
    RUN(state_dir_from_environment);
    RUN(render_geometry);
    RUN(render_clue_states_and_errors);
    RUN(render_overlays);
    RUN(input_keys_and_mouse);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
