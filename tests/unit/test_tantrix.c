/* test_tantrix.c: Tantrix in-process: the built-in tile table against the
 * data file, the puzzle text, Discovery 3..30 solved and accepted by the
 * independent checker, the Cryptol article's three-tile yellow loop, the
 * checker's refusals, check/hint under placed tiles (also far apart),
 * the board's drawing and input, counts up to moving the whole loop,
 * given tiles, and the generator. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "games/tantrix.h"
#include "grade.h"
#include "hexgrid.h"
#include "puzzle_util.h"
#include "testlib.h"

static puzzle *load_text(const char *text) { return load_family_text("tantrix", text); }

static puzzle *discovery(int n)
{
    char text[32];
    snprintf(text, sizeof text, "discovery %d\n", n);
    return load_text(text);
}


static bool verified(const puzzle *p, const int *state, diag *why)
{
    return p->family->verify(p->data, state, why);
}

/* A verified solution of Discovery n (the caller frees). */
static int *solved(puzzle *p)
{
    assist *a = puzzle_encode(p);
    int *state = start_state(p);
    diag why = {0};
    assist_status st = solve_into(p, a, state, 60);
    CHECK_MSG(st == ASSIST_OK && verified(p, state, &why), "status %d, %s", st, why.msg);
    assist_free(a);
    return state;
}

/* --- the tile table --- */

static void tile_table_matches_the_data_file(void)
{
    FILE *f = fopen(test_data("tantrix/tiles.txt"), "r");
    CHECK(f != NULL);
    if (!f)
        return;
    char line[256];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        int num;
        char e[6][4], back[4];
        if (sscanf(line, "%d %3s %3s %3s %3s %3s %3s %3s", &num, e[0], e[1], e[2], e[3], e[4], e[5], back) != 8)
            continue;
        rows++;
        CHECK(num >= 1 && num <= TANTRIX_SET_SIZE);
        if (num < 1 || num > TANTRIX_SET_SIZE)
            continue;
        for (int k = 0; k < 6; k++)
            CHECK_MSG(tantrix_set[num - 1].edges[k] == e[k][0], "tile %d edge %d", num, k);
        CHECK_MSG(tantrix_set[num - 1].back == back[0], "tile %d back", num);
    }
    fclose(f);
    CHECK(rows == TANTRIX_SET_SIZE);
    /* three lines: each colour on two edges or none; all 56 different
     * even when turned, mirror images included */
    for (int i = 0; i < TANTRIX_SET_SIZE; i++) {
        int count[128] = {0}, colours = 0;
        for (int k = 0; k < 6; k++)
            count[(unsigned char)tantrix_set[i].edges[k]]++;
        for (int c = 0; c < 128; c++) {
            CHECK(count[c] == 0 || count[c] == 2);
            colours += count[c] == 2;
        }
        CHECK(colours == 3);
        for (int j = 0; j < i; j++)
            for (int r = 0; r < 6; r++) {
                bool same = true;
                for (int k = 0; k < 6; k++)
                    same &= tantrix_set[i].edges[k] == tantrix_set[j].edges[(k + r) % 6];
                CHECK_MSG(!same, "tiles %d and %d are the same turned", i + 1, j + 1);
            }
    }
}

/* --- puzzle text --- */

static void parses_the_three_forms(void)
{
    puzzle *p = discovery(10);
    CHECK(p && strcmp(p->family->name, "tantrix") == 0);
    if (p) {
        const tantrix_puzzle *t = p->data;
        CHECK(t->n == 10 && t->loop == TANTRIX_RED && t->discovery == 10);
        CHECK(t->label[0] == 1 && t->label[9] == 10);
        CHECK(p->nstate == 30);
        puzzle_free(p);
    }
    /* the Junior puzzle: a set and a colour, sniffed without an extension */
    diag err = {0};
    p = puzzle_from_text("# Junior\ntiles 3 5 8 12 14 43 46 50 52 54\nloop blue\n", "test", NULL, NULL, &err);
    CHECK(p && strcmp(p->family->name, "tantrix") == 0);
    if (p) {
        const tantrix_puzzle *t = p->data;
        CHECK(t->n == 10 && t->loop == TANTRIX_BLUE && t->label[9] == 54);
        puzzle_free(p);
    }
    p = load_text("tiles 1-3, 7\r\nTILES 9\r\nloop Yellow\r\n");
    CHECK(p && ((const tantrix_puzzle *)p->data)->n == 5);
    puzzle_free(p);
    /* tiles by colours are numbered in order, after 56 when mixed */
    p = load_text("tile r y y b r b\ntile R B Y Y B R\ntile yellow yellow red red blue blue\nloop y\n");
    CHECK(p != NULL);
    if (p) {
        const tantrix_puzzle *t = p->data;
        CHECK(t->n == 3 && t->label[0] == 1 && t->label[2] == 3 && t->loop == TANTRIX_YELLOW);
        CHECK(t->col[0][0] == TANTRIX_RED && t->col[0][3] == TANTRIX_BLUE);
        puzzle_free(p);
    }
    p = load_text("tiles 1 2\ntile r y y b r b\nloop yellow\n");
    CHECK(p && ((const tantrix_puzzle *)p->data)->label[2] == 57);
    puzzle_free(p);
    /* errors name the place */
    err = (diag){0};
    CHECK(puzzle_from_text("tiles 1-4\nloop red\ntile r r y y b\n", "x", "tantrix", NULL, &err) == NULL);
    CHECK(err.line == 3 && err.col == 15);
    err = (diag){0};
    CHECK(puzzle_from_text("tile r r r y b b\nloop red\n", "x", "tantrix", NULL, &err) == NULL);
    CHECK(err.line == 1 && err.col == 6 && strstr(err.msg, "red is on 3"));
}

static void discovery_loop_colours(void)
{
    /* the back of tile n, n = 3..30 */
    const char *want = "YRRBBBYRRYBBRRYRRYYYYRRRRRRR";
    for (int n = 3; n <= 30; n++) {
        puzzle *p = discovery(n);
        CHECK(p != NULL);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        CHECK_MSG(tantrix_colour_letter(t->loop) == want[n - 3], "n=%d", n);
        puzzle_free(p);
    }
}

/* --- solving --- */

static void discovery_3_to_30_solved_and_verified(void)
{
    for (int n = 3; n <= 30; n++) {
        puzzle *p = discovery(n);
        CHECK(p != NULL);
        if (!p)
            continue;
        assist *a = puzzle_encode(p);
        int *state = start_state(p);
        diag why = {0};
        assist_status st = solve_into(p, a, state, 60);
        CHECK_MSG(st == ASSIST_OK, "discovery %d: status %d (3: the time ran out)", n, st);
        if (st == ASSIST_OK)
            CHECK_MSG(verified(p, state, &why), "discovery %d: %s", n, why.msg);
        /* the answer: one line per tile, "N Q R COLOURS" */
        strbuf out = {0};
        p->family->format_answer(p->data, state, &out);
        int lines = 0;
        for (const char *s = out.s; s && *s; s++)
            lines += *s == '\n';
        CHECK(lines == n);
        int num, q, r;
        char cols[8];
        CHECK(out.s && sscanf(out.s, "%d %d %d %7s", &num, &q, &r, cols) == 4 && num == 1 && strlen(cols) == 6);
        sb_free(&out);
        free(state);
        assist_free(a);
        puzzle_free(p);
    }
}

/* The Cryptol article's first tile is given as [r, y, y, b, r, b] (tile 1
 * turned); its other tiles are not in the stored copy, so tiles 2 and 3
 * come from the data file, by colours, to make the three-tile yellow
 * loop the article asks for. */
static void cryptol_three_tile_yellow_loop(void)
{
    puzzle *p = load_text("tile r y y b r b\ntile r b y y b r\ntile y y r r b b\nloop yellow\n");
    CHECK(p != NULL);
    if (!p)
        return;
    int *state = solved(p);
    /* three tiles around one lattice point, each pair touching */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            CHECK(hex_distance(state[3 * i + 1], state[3 * i + 2], state[3 * j + 1], state[3 * j + 2]) == 1);
    assist *a = puzzle_encode(p);
    long count = 0;
    /* with tile 1 fixed at the origin unturned, its yellow corner fixes
     * the lattice point; tiles 2 and 3 may swap: two layouts */
    int anchor = tantrix_fact(p->data, 0, tantrix_cell(p->data, 0, 0), 0);
    assist_status st = assist_count(a, &anchor, 1, 10, &count);
    CHECK_MSG(st == ASSIST_OK && count == 2, "status %d, count %ld", st, count);
    assist_free(a);
    free(state);
    puzzle_free(p);
}

/* Six bends each turning 60 degrees can only close round one cell: a
 * hole.  The solver finds nothing; the checker refuses the ring. */
static void a_ring_round_a_hole_is_no_solution(void)
{
    puzzle *p = load_text("tile y y r b r b\ntile y y r b r b\ntile y y r b r b\n"
                          "tile y y r b r b\ntile y y r b r b\ntile y y r b r b\nloop red\n");
    CHECK(p != NULL);
    if (!p)
        return;
    assist *a = puzzle_encode(p);
    int *state = start_state(p);
    CHECK(solve_into(p, a, state, 30) == ASSIST_NONE);
    /* ring cell k sits in direction k of the centre, its red edges (2, 4
     * at rotation 0) turned to face the ring neighbours k+2, k+4 */
    for (int k = 0; k < 6; k++) {
        state[3 * k] = k;
        state[3 * k + 1] = HEX_DQ[k];
        state[3 * k + 2] = HEX_DR[k];
    }
    diag why = {0};
    CHECK(!verified(p, state, &why));
    CHECK_MSG(strstr(why.msg, "hole") != NULL, "%s", why.msg);
    free(state);
    assist_free(a);
    puzzle_free(p);
}

/* Two loops of three: refused by the checker; no single loop exists. */
static void two_loops_are_refused(void)
{
    puzzle *p = load_text("tile y y r r b b\ntile y y r r b b\ntile y y r r b b\n"
                          "tile y y r r b b\ntile y y r r b b\ntile y y r r b b\nloop yellow\n");
    CHECK(p != NULL);
    if (!p)
        return;
    /* three yellow corners round the point below (0,0), twice */
    int *state = start_state(p);
    static const int q[6] = {0, 1, 0, 5, 6, 5}, r[6] = {0, 0, 1, 0, 0, 1}, rot[6] = {2, 4, 0, 2, 4, 0};
    for (int i = 0; i < 6; i++) {
        state[3 * i] = rot[i];
        state[3 * i + 1] = q[i];
        state[3 * i + 2] = r[i];
    }
    diag why = {0};
    CHECK(!verified(p, state, &why));
    CHECK_MSG(strstr(why.msg, "passes 3 of the 6") != NULL, "%s", why.msg);
    assist *a = puzzle_encode(p);
    int *fresh = start_state(p);
    CHECK(solve_into(p, a, fresh, 30) == ASSIST_NONE);
    free(fresh);
    assist_free(a);
    /* the same three as a puzzle of three: one loop */
    free(state);
    puzzle_free(p);
}

static void checker_refuses_broken_answers(void)
{
    puzzle *p = discovery(10);
    if (!p)
        return;
    int *good = solved(p);
    int *s = xmalloc((size_t)p->nstate * sizeof *s);
    diag why = {0};
    for (int i = 0; i < 10; i++) { /* any tile turned breaks some edge */
        memcpy(s, good, (size_t)p->nstate * sizeof *s);
        s[3 * i] = (s[3 * i] + 1) % 6;
        CHECK_MSG(!verified(p, s, &why), "tile %d turned", i + 1);
    }
    memcpy(s, good, (size_t)p->nstate * sizeof *s);
    s[3 * 4] = TANTRIX_OFF;
    CHECK(!verified(p, s, &why) && strstr(why.msg, "tile 5 is not placed"));
    memcpy(s, good, (size_t)p->nstate * sizeof *s);
    s[3 * 4 + 1] = s[3 * 3 + 1];
    s[3 * 4 + 2] = s[3 * 3 + 2];
    CHECK(!verified(p, s, &why) && strstr(why.msg, "share the cell"));
    /* moved as a whole and turned: still a solution */
    memcpy(s, good, (size_t)p->nstate * sizeof *s);
    for (int i = 0; i < 10; i++) {
        int q = s[3 * i + 1], r = s[3 * i + 2];
        hex_rotate(&q, &r, 2);
        s[3 * i] = (s[3 * i] + 2) % 6;
        s[3 * i + 1] = q + 7;
        s[3 * i + 2] = r - 3;
    }
    CHECK(verified(p, s, &why));
    free(s);
    free(good);
    puzzle_free(p);
}

/* --- check and hint under placed tiles --- */

static int *marks_of(const puzzle *p, const int *state, int *n)
{
    int max = tantrix_nfacts(p->data) + 1;
    int *marks = xcalloc((size_t)max, sizeof *marks);
    *n = p->family->state_marks(p->data, state, marks, max);
    return marks;
}

static void hint_finds_the_last_tile(void)
{
    puzzle *p = discovery(8);
    if (!p)
        return;
    int *sol = solved(p);
    /* the solution moved away from the origin: the placed tiles fix the frame */
    for (int i = 0; i < 8; i++) {
        sol[3 * i + 1] += 20;
        sol[3 * i + 2] -= 11;
    }
    int *state = xmalloc((size_t)p->nstate * sizeof *state);
    memcpy(state, sol, (size_t)p->nstate * sizeof *state);
    state[3 * 5] = TANTRIX_OFF; /* tile 6 back in the tray */
    assist *a = puzzle_encode(p);
    int nm;
    int *marks = marks_of(p, state, &nm);
    CHECK(nm == 7);
    assist_hint_result hr;
    CHECK(assist_hint(a, marks, nm, NULL, 0, &hr) == ASSIST_OK);
    CHECK(hr.forced && hr.fact >= 0);
    diag why = {0};
    char text[128];
    p->family->ui->fact_text(p->data, state, hr.fact, text, sizeof text);
    /* named by the tiles round it, not by coordinates the screen lacks */
    CHECK_MSG(strncmp(text, "tile 6 ", 7) == 0 && strstr(text + 7, "tile ") &&
                  strstr(text, "turned as shown") && !strchr(text, '('),
              "%s", text);
    /* the batch commands say the same (tui/player_batch_agree.sh) ... */
    char batch[128];
    p->family->fact_text(p->data, state, hr.fact, batch, sizeof batch);
    CHECK_MSG(strcmp(batch, text) == 0, "%s / %s", batch, text);
    /* ... but with no tile beside the place, only the player's screen
     * highlights it: batch gives the place and edges, as --solve writes */
    const tantrix_puzzle *tp = p->data;
    int *empty = xmalloc((size_t)p->nstate * sizeof *empty);
    for (int i = 0; i < p->nstate; i++)
        empty[i] = TANTRIX_OFF;
    int alone = tantrix_fact(tp, 0, tantrix_cell(tp, 0, 0), 0);
    p->family->ui->fact_text(p->data, empty, alone, text, sizeof text);
    CHECK_MSG(strstr(text, "in the highlighted hex") != NULL, "%s", text);
    p->family->fact_text(p->data, empty, alone, batch, sizeof batch);
    CHECK_MSG(strstr(batch, " at 0 0 with edges ") && !strstr(batch, "highlighted"), "%s", batch);
    free(empty);
    move m = {0};
    p->family->fact_move(p->data, state, hr.fact, &m);
    for (int i = 0; i < m.idx.n; i++)
        state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    CHECK_MSG(verified(p, state, &why), "%s", why.msg);
    /* one tile turned wrongly: check names it */
    free(marks);
    memcpy(state, sol, (size_t)p->nstate * sizeof *state);
    state[3 * 2] = (state[3 * 2] + 3) % 6;
    marks = marks_of(p, state, &nm);
    int_vec core = {0};
    CHECK(assist_check(a, marks, nm, &core) == ASSIST_NONE);
    bool names_tile3 = false;
    for (int i = 0; i < core.n; i++) {
        int tile, q, r, rot;
        tantrix_frame f = tantrix_frame_of(p->data, state);
        if (tantrix_fact_place(p->data, &f, core.v[i], &tile, &q, &r, &rot))
            names_tile3 |= tile == 2;
    }
    CHECK(names_tile3);
    vec_free(&core);
    free(marks);
    free(state);
    free(sol);
    assist_free(a);
    puzzle_free(p);
}

/* With no tile placed nothing is forced (the loop may lie anywhere):
 * the hint is a choice, and taking it keeps the puzzle solvable. */
static void hint_without_tiles_is_a_choice(void)
{
    puzzle *p = discovery(6);
    if (!p)
        return;
    assist *a = puzzle_encode(p);
    int *state = start_state(p);
    assist_hint_result hr;
    CHECK(assist_hint(a, NULL, 0, NULL, 0, &hr) == ASSIST_OK);
    CHECK(!hr.forced && hr.fact >= 0 && hr.fact < ((tantrix_puzzle *)p->data)->nplace);
    move m = {0};
    p->family->fact_move(p->data, state, hr.fact, &m);
    for (int i = 0; i < m.idx.n; i++)
        state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    int nm;
    int *marks = marks_of(p, state, &nm);
    CHECK(nm == 1 && assist_check(a, marks, nm, NULL) == ASSIST_OK);
    diag why = {0};
    CHECK(solve_into(p, a, state, 30) == ASSIST_OK && verified(p, state, &why));
    free(marks);
    free(state);
    assist_free(a);
    puzzle_free(p);
}

/* Two tiles of a solution placed as far apart as they lie in it: the
 * frame's inner rings do not reach the second, so the engine must ground
 * outer rings before it can answer. */
static void tiles_far_apart_are_still_consistent(void)
{
    puzzle *p = discovery(14);
    if (!p)
        return;
    int *sol = solved(p);
    int best = 0, bi = 0, bj = 1;
    for (int i = 0; i < 14; i++)
        for (int j = i + 1; j < 14; j++) {
            int d = hex_distance(sol[3 * i + 1], sol[3 * i + 2], sol[3 * j + 1], sol[3 * j + 2]);
            if (d > best) {
                best = d;
                bi = i;
                bj = j;
            }
        }
    CHECK(best >= 4);
    int *state = start_state(p);
    for (int k = 0; k < 3; k++) {
        state[3 * bi + k] = sol[3 * bi + k];
        state[3 * bj + k] = sol[3 * bj + k];
    }
    assist *a = puzzle_encode(p);
    int nm;
    int *marks = marks_of(p, state, &nm);
    CHECK(nm == 2 && assist_check(a, marks, nm, NULL) == ASSIST_OK);
    diag why = {0};
    CHECK(solve_into(p, a, state, 60) == ASSIST_OK);
    CHECK_MSG(verified(p, state, &why), "%s", why.msg);
    for (int k = 0; k < 3; k++)
        CHECK(state[3 * bi + k] == sol[3 * bi + k] && state[3 * bj + k] == sol[3 * bj + k]);
    /* a tile farther than any loop of 14 reaches: inconsistent, and that
     * tile is named with tile 1, the frame's (either may be the wrong one) */
    free(marks);
    int *far = start_state(p);
    far[0] = 0;
    far[3] = 0, far[4] = 8, far[5] = 0;
    marks = marks_of(p, far, &nm);
    int_vec core = {0};
    CHECK(assist_check(a, marks, nm, &core) == ASSIST_NONE);
    const tantrix_puzzle *t = p->data;
    int frame_mark = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0);
    CHECK_MSG(core.n == 2 && ((core.v[0] == t->nplace + 1 && core.v[1] == frame_mark) ||
                              (core.v[1] == t->nplace + 1 && core.v[0] == frame_mark)),
              "%d marks named", core.n);
    vec_free(&core);
    free(far);
    free(marks);
    free(state);
    free(sol);
    assist_free(a);
    puzzle_free(p);
}

/* --- frame, states --- */

static void frame_round_trip(void)
{
    tantrix_frame f = {5, -3, 4};
    for (int q = -3; q <= 3; q++)
        for (int r = -3; r <= 3; r++)
            for (int rot = 0; rot < 6; rot++) {
                int bq, br, brot, q2, r2, rot2;
                tantrix_to_board(&f, q, r, rot, &bq, &br, &brot);
                tantrix_to_frame(&f, bq, br, brot, &q2, &r2, &rot2);
                CHECK(q2 == q && r2 == r && rot2 == rot);
            }
    int bq, br, brot;
    tantrix_to_board(&f, 0, 0, 0, &bq, &br, &brot);
    CHECK(bq == 5 && br == -3 && brot == 4);
}

static void state_ok_refuses_impossible_boards(void)
{
    puzzle *p = discovery(4);
    if (!p)
        return;
    int *s = start_state(p);
    diag why = {0};
    CHECK(p->family->state_ok(p->data, s, &why));
    s[0] = 6;
    CHECK(!p->family->state_ok(p->data, s, &why));
    s[0] = 0;
    s[1] = 5000;
    CHECK(!p->family->state_ok(p->data, s, &why));
    s[1] = 0;
    s[3] = 2;
    CHECK(!p->family->state_ok(p->data, s, &why) && strstr(why.msg, "share"));
    free(s);
    puzzle_free(p);
}

/* --- drawing and input --- */

static input_result key(const puzzle *p, void *ui, int *state, int k)
{
    input_event ev = {.kind = INPUT_KEY, .key = k, .target = -1};
    move m = {0};
    input_result r = p->family->ui->input(p->data, ui, state, &ev, &m);
    for (int i = 0; i < m.idx.n; i++)
        state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    return r;
}

static void board_drawing_and_keys(void)
{
    puzzle *p = discovery(5);
    if (!p)
        return;
    const game_family *f = p->family;
    void *ui = f->ui->create(p->data);
    int nr, nc;
    CHECK(!f->ui->layout(p->data, ui, 5, 20, false, &nr, &nc) && nr > 5);
    CHECK(f->ui->layout(p->data, ui, 30, 80, false, &nr, &nc) && nr == 30 && nc == 80);
    int *state = start_state(p);
    canvas cv;
    canvas_init(&cv, nr, nc, false);
    f->ui->draw(p->data, ui, state, NULL, &cv);
    char *text = canvas_to_text(&cv);
    CHECK(strstr(text, "tray: 5 of 5 tiles, red loop") != NULL);
    CHECK(strstr(text, "\\_____/") != NULL);
    free(text);
    /* take tile 1 from the tray, put it down, turn it, move and lift it */
    CHECK(key(p, ui, state, GAME_KEY_SELECT) == INPUT_UI);
    CHECK(key(p, ui, state, GAME_KEY_SELECT) == INPUT_MOVE);
    CHECK(state[0] == 0 && state[1] == 0 && state[2] == 0);
    CHECK(key(p, ui, state, ']') == INPUT_MOVE && state[0] == 1);
    CHECK(key(p, ui, state, 'z') == INPUT_MOVE && state[0] == 0);
    CHECK(key(p, ui, state, GAME_KEY_DOWN) == INPUT_UI);
    CHECK(key(p, ui, state, 'n') == INPUT_UI);          /* tile 2 in hand */
    CHECK(key(p, ui, state, 'x') == INPUT_UI);          /* turned in hand */
    CHECK(key(p, ui, state, ' ') == INPUT_MOVE);
    CHECK(state[3] == 1 && state[4] == 0 && state[5] == 1);
    /* tile 1 and 2 touch: 1's bottom edge (Y) against 2's top edge turned
     * once (R): drawn as a mismatch */
    canvas_clear(&cv);
    f->ui->draw(p->data, ui, state, NULL, &cv);
    bool error_seen = false;
    for (int y = 0; y < cv.rows; y++)
        for (int x = 0; x < cv.cols; x++)
            error_seen |= canvas_at(&cv, y, x)->role == ROLE_ERROR;
    CHECK(error_seen);
    /* the mouse: the hex interior of (0,1) belongs to that cell; a right
     * click turns the tile there */
    int hy = -1, hx = -1;
    for (int y = 0; y < cv.rows && hy < 0; y++)
        for (int x = 0; x < cv.cols && hy < 0; x++)
            if (strcmp(canvas_at(&cv, y, x)->glyph, "2") == 0) {
                hy = y;
                hx = x;
            }
    CHECK(hy >= 0);
    input_event ev = {.kind = INPUT_MOUSE, .button = 3, .action = MOUSE_PRESS, .target = canvas_owner(&cv, hy, hx)};
    move m = {0};
    CHECK(f->ui->input(p->data, ui, state, &ev, &m) == INPUT_MOVE);
    CHECK(m.idx.n == 1 && m.idx.v[0] == 3 && m.val.v[0] == 2);
    move_free(&m);
    /* back to the tray */
    CHECK(key(p, ui, state, 'd') == INPUT_MOVE && state[3] == TANTRIX_OFF);
    CHECK(key(p, ui, state, 'q') == INPUT_IGNORED);
    canvas_free(&cv);
    free(state);
    f->ui->free(ui);
    puzzle_free(p);
}

/* --- counting, givens, the generator --- */

/* Solutions under the state's placed tiles, the family's way (--count). */
static long count_under(const puzzle *p, const int *state, long limit)
{
    assist *a = puzzle_encode(p);
    int nf = assist_num_facts(a);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    int nm = p->family->state_marks(p->data, state, marks, nf);
    long n = -1;
    if (p->family->count(p->data, a, marks, nm, limit, 0, &n) != ASSIST_OK)
        n = -1;
    free(marks);
    assist_free(a);
    return n;
}

/* Counts up to moving and turning the whole loop agree with lwiest's
 * SolvingTantrix, an enumeration by another method (tile 1 fixed, a
 * position hash): 2, 2, 4, 8, 36 blue, 84 for Discovery 3 to 8. */
static void discovery_counts_up_to_rigid_motion(void)
{
    static const long want[] = {2, 2, 4, 8, 36, 84};
    for (int n = 3; n <= 8; n++) {
        puzzle *p = discovery(n);
        if (!p)
            continue;
        int *state = start_state(p);
        long c = count_under(p, state, 200);
        CHECK_MSG(c == want[n - 3], "discovery %d: %ld solutions, want %ld", n, c, want[n - 3]);
        free(state);
        puzzle_free(p);
    }
    puzzle *p = load_text("tiles 1-7\nloop red\n");
    if (p) {
        int *state = start_state(p);
        CHECK_MSG(count_under(p, state, 200) == 32, "7 tiles, red loop");
        free(state);
        puzzle_free(p);
    }
}

/* Given tiles start placed and fix the frame (nothing is held: one given
 * alone leaves all 4 layouts of Discovery 5, two leave the one that has
 * them), cannot be moved in a saved board, and keys neither lift nor
 * turn them. */
static void given_tiles_are_placed_and_locked(void)
{
    puzzle *one = load_text("tiles 1-5\nloop red\ngiven 3 1 -2 1\n");
    if (one) {
        int *state = start_state(one);
        CHECK(state[6] == 1 && state[7] == 1 && state[8] == -2 && state[0] == TANTRIX_OFF);
        long c = count_under(one, state, 10);
        CHECK_MSG(c == 4, "%ld solutions with tile 3 given", c);
        free(state);
        puzzle_free(one);
    }
    /* tiles 1 and 3 where one of Discovery 5's layouts has them */
    puzzle *p = load_text("tiles 1-5\nloop red\ngiven 1 0 0 0\ngiven 3 1 -2 1\n");
    if (!p)
        return;
    const tantrix_puzzle *t = p->data;
    CHECK(t->ngiven == 2 && t->given_rot[2] == 1 && t->given_q[2] == 1 && t->given_r[2] == -2);
    int *state = start_state(p);
    CHECK(state[0] == 0 && state[6] == 1 && state[7] == 1 && state[8] == -2 && state[3] == TANTRIX_OFF);
    long c = count_under(p, state, 10);
    CHECK_MSG(c == 1, "%ld solutions with tiles 1 and 3 given", c);
    diag why = {0};
    CHECK(p->family->state_ok(p->data, state, &why));
    int *s2 = start_state(p);
    s2[6] = 2;
    CHECK(!p->family->state_ok(p->data, s2, &why) && strstr(why.msg, "given"));
    s2[6] = TANTRIX_OFF;
    CHECK(!p->family->state_ok(p->data, s2, &why));
    free(s2);
    /* the solver's answer keeps the given where it is; the checker agrees */
    assist *a = puzzle_encode(p);
    CHECK(solve_into(p, a, state, 60) == ASSIST_OK && verified(p, state, &why));
    CHECK(state[6] == 1 && state[7] == 1 && state[8] == -2);
    assist_free(a);
    /* keys: to the board, the cursor on tile 1 at the origin; Enter, ]
     * and d change nothing */
    free(state);
    state = start_state(p);
    void *ui = p->family->ui->create(p->data);
    int nr, nc;
    p->family->ui->layout(p->data, ui, 40, 100, false, &nr, &nc);
    key(p, ui, state, '\t');
    int moves = 0;
    int *before = start_state(p);
    moves += key(p, ui, state, ']') == INPUT_MOVE;
    moves += key(p, ui, state, 'd') == INPUT_MOVE;
    key(p, ui, state, ' ');
    moves += key(p, ui, state, GAME_KEY_DOWN) == INPUT_MOVE;
    moves += key(p, ui, state, ' ') == INPUT_MOVE;
    CHECK_MSG(moves == 0 && memcmp(before, state, (size_t)p->nstate * sizeof *state) == 0,
              "a given tile moved (%d moves)", moves);
    canvas cv;
    canvas_init(&cv, nr, nc, false);
    p->family->ui->draw(p->data, ui, state, NULL, &cv);
    char *text = canvas_to_text(&cv);
    CHECK_MSG(strstr(text, "[1]") && strstr(text, "[3]") && !strstr(text, "[2]"),
              "the given tiles are not drawn as [1] and [3]");
    free(text);
    canvas_free(&cv);
    free(before);
    p->family->ui->free(ui);
    free(state);
    puzzle_free(p);
}

/* Generated puzzles from fixed seeds: exactly one solution (the family's
 * count under the givens), the solver's answer accepted by the checker
 * with every given in place, the same text from the same seed. */
static void generated_puzzles_unique_verified_reproducible(void)
{
    static const struct {
        int n;
        const char *level;
    } cases[] = {{5, NULL}, {6, "easy"}, {8, NULL}, {8, "medium"}, {10, NULL}, {12, "easy"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (unsigned long seed = 1; seed <= 2; seed++) {
            gen_options o = {.width = cases[k].n, .height = cases[k].n, .difficulty = cases[k].level,
                             .seed = seed};
            strbuf a = {0}, b = {0};
            diag err = {0};
            grade_report r;
            bool ok = grade_generate(&tantrix_family, &o, &a, &err, NULL, &r);
            CHECK_MSG(ok, "n %d seed %lu: %s", cases[k].n, seed, err.msg);
            if (!ok)
                continue;
            CHECK(grade_generate(&tantrix_family, &o, &b, &err, NULL, NULL) && strcmp(a.s, b.s) == 0);
            CHECK(grade_from_text(a.s) == r.level);
            puzzle *p = load_text(a.s);
            CHECK(p != NULL);
            if (p) {
                const tantrix_puzzle *t = p->data;
                CHECK(t->n == cases[k].n && t->ngiven < t->n);
                int *state = start_state(p);
                long c = count_under(p, state, 5);
                CHECK_MSG(c == 1, "n %d seed %lu: %ld solutions\n%s", cases[k].n, seed, c, a.s);
                assist *as = puzzle_encode(p);
                diag why = {0};
                CHECK_MSG(solve_into(p, as, state, 60) == ASSIST_OK && verified(p, state, &why),
                          "n %d seed %lu: %s", cases[k].n, seed, why.msg);
                CHECK(p->family->state_ok(p->data, state, &why));
                assist_free(as);
                free(state);
                puzzle_free(p);
            }
            sb_free(&a);
            sb_free(&b);
        }
    /* sizes out of range are refused */
    gen_options o = {.width = 3, .height = 3};
    strbuf out = {0};
    diag err = {0};
    CHECK(!tantrix_family.generate(&o, &out, &err) && strstr(err.msg, "4 to 20"));
    sb_free(&out);
}

int main(void)
{
    RUN(tile_table_matches_the_data_file);
    RUN(parses_the_three_forms);
    RUN(discovery_loop_colours);
    RUN(frame_round_trip);
    RUN(state_ok_refuses_impossible_boards);
    RUN(cryptol_three_tile_yellow_loop);
    RUN(a_ring_round_a_hole_is_no_solution);
    RUN(two_loops_are_refused);
    RUN(checker_refuses_broken_answers);
    RUN(hint_finds_the_last_tile);
    RUN(hint_without_tiles_is_a_choice);
    RUN(tiles_far_apart_are_still_consistent);
    RUN(board_drawing_and_keys);
    RUN(discovery_counts_up_to_rigid_motion);
    RUN(given_tiles_are_placed_and_locked);
    RUN(generated_puzzles_unique_verified_reproducible);
    RUN(discovery_3_to_30_solved_and_verified);
    TEST_MAIN_END();
}
