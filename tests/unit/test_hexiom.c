/* test_hexiom.c: Hexiom in-process: the level format and its quirks, all
 * 41 levels solved and accepted by the independent checker, solution
 * counts (SAT enumeration and the DP agreeing with each other and with the
 * published numbers), hints that are forced only when they are, pins as
 * marks, and the board's drawing, hit-testing and input. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "games/hexiom.h"
#include "games/hexiom_count.h"
#include "puzzle_util.h"
#include "testlib.h"

static puzzle *load_level(int n)
{
    char name[64];
    snprintf(name, sizeof name, "hexiom/level%02d.txt", n);
    return load_data_file(name);
}

static puzzle *load_text(const char *text, diag *err)
{
    *err = (diag){0};
    return puzzle_from_text(text, "test", "hexiom", NULL, err);
}

/* The marks of a board (the locked tiles, at the start). */
static int marks_of(const puzzle *p, const int *state, int *marks)
{
    return p->family->state_marks(p->data, state, marks, 8 * p->nstate);
}

/* The marks of a level as loaded: its locked tiles and holes. */
static int start_marks(const puzzle *p, int *marks)
{
    int *state = start_state(p);
    int nm = marks_of(p, state, marks);
    free(state);
    return nm;
}

static long dp_count(const puzzle *p, const int *marks, int nm)
{
    long n = -1;
    bool too_big;
    if (hexiom_count_dp(p->data, marks, nm, 1L << 40, 0, &n, &too_big) != ASSIST_OK)
        return -1;
    return n;
}

/* --- the level format --- */

static void parse_level10_geometry(void)
{
    puzzle *p = load_level(10);
    CHECK(p != NULL);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    CHECK(h->side == 3 && h->ncells == 19);
    CHECK(h->ntiles == 7);
    CHECK(h->inv[0] == 2 && h->inv[1] == 2 && h->inv[2] == 3);
    int holes = 0, locked = 0;
    for (int c = 0; c < h->ncells; c++) {
        holes += h->hole[c];
        locked += h->locked[c];
    }
    CHECK(holes == 6 && locked == 1);
    CHECK(h->nslots == 13);
    /* the locked 2 is the centre; its six neighbours are the rings' cells */
    int centre = hexiom_cell_at(h, 0, 0);
    CHECK(centre == 9 && h->locked[centre] && h->start[centre] == 2);
    CHECK(h->row[centre] == 2 && h->idx[centre] == 2);
    /* row 1 is " +. 0 . 2": hole, 0, empty, 2 */
    CHECK(h->hole[3] && h->start[4] == 0 && h->start[5] == -1 && h->start[6] == 2);
    /* neighbours of the first cell of row 2 (0-based): right, and the
     * first cells of rows 1 and 3 */
    int c = h->row_start[2], found = 0;
    for (int k = 0; k < 6; k++) {
        int o = h->nbr[c * 6 + k];
        found += o == c + 1 || o == h->row_start[1] || o == h->row_start[3];
        CHECK(o == -1 || o == c + 1 || o == h->row_start[1] || o == h->row_start[3]);
    }
    CHECK(found == 3);
    puzzle_free(p);
}

static void parse_quirks(void)
{
    diag err;
    /* level00 has one space too many; LF or CRLF; comments; trailing blanks */
    puzzle *p = load_text("1\r\n  .\r\n", &err);
    CHECK(p != NULL);
    puzzle_free(p);
    const char *lf = "# a comment\n2\n . 1\n1 . .\n . .   \n\n  \n";
    const char *crlf = "2\r\n . 1\r\n# between rows\r\n1 . .\r\n . .\r\n";
    puzzle *a = load_text(lf, &err), *b = load_text(crlf, &err);
    CHECK(a && b);
    if (a && b) {
        const hexiom_puzzle *ha = a->data, *hb = b->data;
        CHECK(ha->ntiles == 2 && hb->ntiles == 2);
        CHECK(memcmp(ha->start, hb->start, (size_t)ha->ncells) == 0);
    }
    puzzle_free(a);
    puzzle_free(b);
    /* "3+3": the '+' stands in for the blank between cells */
    p = load_text("2\n 3+3\n. . .\n . .\n", &err);
    CHECK(p != NULL);
    if (p) {
        const hexiom_puzzle *h = p->data;
        CHECK(h->start[0] == 3 && h->start[1] == 3 && !h->locked[0] && h->locked[1]);
    }
    puzzle_free(p);
    CHECK(hexiom_sniff("3\r\n  +.+. .\r\n +. 0 . 2\r\n . 1+2 1 .\r\n  2 . 0+.\r\n   .+.+.\r\n") == 2);
    CHECK(hexiom_sniff("8x8:abc,1,2") == 0);
}

static void parse_errors_name_the_place(void)
{
    struct {
        const char *text;
        int line, col;
        const char *words;
    } cases[] = {
        {"", 1, 1, "side"},
        {"x\n", 1, 1, "side"},
        {"9\n", 1, 1, "side from 1 to 8"},
        {"2\n . .\n. 7 .\n . .\n", 3, 3, "0 to 6"},
        {"2\n . .\n. . . .\n . .\n", 3, 7, "end of row 2"},
        {"2\n . .\n. .\n . .\n", 3, 4, "3 cells in row 2"},
        {"2\n . .\n. x .\n . .\n", 3, 3, "a cell"},
        {"2\n . .\n.+ .\n . .\n", 3, 3, "after '+'"},
        {"2\n . .\n. 33\n . .\n", 3, 4, "between two cells"},
        {"2\n . .\n. . .\n", 4, 1, "row 3 of 3"},
        {"2\n . .\n. . .\n . .\nmore\n", 5, 1, "end of the level"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        diag err;
        puzzle *p = load_text(cases[i].text, &err);
        CHECK_MSG(p == NULL, "case %zu parsed", i);
        puzzle_free(p);
        CHECK_MSG(err.line == cases[i].line && err.col == cases[i].col, "case %zu: %d:%d %s", i, err.line,
                  err.col, err.msg);
        CHECK_MSG(strstr(err.msg, cases[i].words) != NULL, "case %zu: %s", i, err.msg);
    }
}

/* --- solving --- */

/* Every level solved, the answer accepted by the checker; the answer text
 * is itself a level whose starting board the checker accepts. */
static void all_levels_solve_and_verify(void)
{
    for (int n = 0; n <= 40; n++) {
        puzzle *p = load_level(n);
        CHECK_MSG(p != NULL, "level %02d", n);
        if (!p)
            continue;
        assist *a = puzzle_encode(p);
        int *state = start_state(p);
        CHECK_MSG(solve_into(p, a, state, 0) == ASSIST_OK, "level %02d: no solution", n);
        diag why = {0};
        CHECK_MSG(p->family->verify(p->data, state, &why), "level %02d: %s", n, why.msg);
        CHECK_MSG(hexiom_state_ok(p->data, state, &why), "level %02d: %s", n, why.msg);
        strbuf out = {0};
        p->family->format_answer(p->data, state, &out);
        diag err;
        puzzle *q = load_text(out.s, &err);
        CHECK_MSG(q != NULL, "level %02d: the answer does not read back: %s", n, err.msg);
        if (q) {
            int *qs = start_state(q);
            CHECK_MSG(q->family->verify(q->data, qs, &why), "level %02d answer: %s", n, why.msg);
            free(qs);
        }
        puzzle_free(q);
        sb_free(&out);
        free(state);
        assist_free(a);
        puzzle_free(p);
    }
}

/* The checker on its own: a solved board breaks when one tile moves. */
static void checker_rejects_broken_boards(void)
{
    puzzle *p = load_level(4);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    assist *a = puzzle_encode(p);
    int *state = start_state(p);
    CHECK(solve_into(p, a, state, 0) == ASSIST_OK);
    diag why = {0};
    CHECK(hexiom_verify(h, state, &why));
    /* move a free tile onto an empty slot */
    int from = -1, to = -1;
    for (int c = 0; c < h->ncells; c++) {
        if (from < 0 && !h->locked[c] && state[c] != HEXIOM_EMPTY && state[c] != HEXIOM_HOLE)
            from = c;
        if (to < 0 && state[c] == HEXIOM_EMPTY)
            to = c;
    }
    int *bad = xcalloc((size_t)p->nstate, sizeof *bad);
    memcpy(bad, state, (size_t)p->nstate * sizeof *bad);
    bad[to] = bad[from];
    bad[from] = HEXIOM_EMPTY;
    CHECK(!hexiom_verify(h, bad, &why));
    /* a tile missing */
    memcpy(bad, state, (size_t)p->nstate * sizeof *bad);
    bad[from] = HEXIOM_EMPTY;
    CHECK(!hexiom_verify(h, bad, &why));
    CHECK(strstr(why.msg, "tile") != NULL);
    CHECK(!hexiom_state_ok(h, bad, &why));
    /* the locked tile moved */
    for (int c = 0; c < h->ncells; c++)
        if (h->locked[c]) {
            memcpy(bad, state, (size_t)p->nstate * sizeof *bad);
            bad[to] = bad[c];
            bad[c] = HEXIOM_EMPTY;
            CHECK(!hexiom_verify(h, bad, &why));
            CHECK(strstr(why.msg, "locked") != NULL);
        }
    free(bad);
    free(state);
    assist_free(a);
    puzzle_free(p);
}

/* --- counting --- */

/* Published solution counts (distinct boards; equal tiles interchangeable). */
static const long KNOWN[39] = {
    1,   12,  3,   18,   1,   6,   1,   1,   1,   1,      8,      49, 258, 366,
    9,   459, 6,   46,   3,   30,  1,   12,  109821, 112320, 6, 90,  2,   1,
    460, 3,   300, 12,  1052, 316, 48, 48,  3300, 36278, 79,
};

static void counts_by_enumeration(void)
{
    /* the engine's own enumeration (no symmetry breaking) on small counts */
    int levels[] = {0, 1, 2, 4, 5, 8, 10, 14, 18, 26};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        puzzle *p = load_level(levels[i]);
        if (!p)
            continue;
        assist *a = puzzle_encode(p);
        int marks[512];
        int nm = start_marks(p, marks);
        long n = -1;
        CHECK(assist_count(a, marks, nm, 1000, &n) == ASSIST_OK);
        CHECK_MSG(n == KNOWN[levels[i]], "level %02d: %ld solutions, expected %ld", levels[i], n,
                  KNOWN[levels[i]]);
        CHECK_MSG(dp_count(p, marks, nm) == n, "level %02d: the DP disagrees", levels[i]);
        assist_free(a);
        puzzle_free(p);
    }
}

static void counts_by_dp(void)
{
    for (int lv = 0; lv <= 38; lv++) {
        puzzle *p = load_level(lv);
        if (!p)
            continue;
        int marks[512];
        int nm = start_marks(p, marks);
        long n = dp_count(p, marks, nm);
        CHECK_MSG(n == KNOWN[lv], "level %02d: DP counts %ld, expected %ld", lv, n, KNOWN[lv]);
        puzzle_free(p);
    }
}

/* Level 39 (309,196 boards, beyond enumeration): the count must equal the
 * sum of the counts with its first free slot pinned to each content in
 * turn (empty, or a tile of each value); pins change the DP's states and
 * its choice of sweep, so the parts are counted differently from the whole. */
static void level39_count_splits(void)
{
    puzzle *p = load_level(39);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    long whole = dp_count(p, NULL, 0), parts = 0;
    CHECK_MSG(whole == 309196, "level 39: DP counts %ld", whole);
    int slot = 0;
    while (slot < h->nslots && (h->locked[h->cell_of_slot[slot]]))
        slot++;
    for (int what = 0; what < HEXIOM_FACTS_PER_SLOT; what++) {
        int mark = slot * HEXIOM_FACTS_PER_SLOT + what;
        long n = dp_count(p, &mark, 1);
        CHECK(n >= 0);
        parts += n;
    }
    CHECK_MSG(parts == whole, "level 39: parts add up to %ld, whole %ld", parts, whole);
    puzzle_free(p);
}

/* The DP files a partial board and its mirror image together at row ends
 * when the rest of the board is symmetric.  On every level, and under pins
 * that break the symmetry of some rows, it must count what the plain DP
 * counts; on a level with nothing locked it must keep fewer partial boards
 * (or it folded nothing). */
static void count_folded_matches_plain(void)
{
    for (int lv = 0; lv <= 39; lv++) {
        puzzle *p = load_level(lv);
        if (!p)
            continue;
        const hexiom_puzzle *h = p->data;
        int marks[512];
        int nm = start_marks(p, marks);
        /* and once more with the last free slot pinned empty (a pin in the bottom rows) */
        for (int pin = 0; pin < 2; pin++) {
            if (pin) {
                int slot = h->nslots - 1;
                while (slot > 0 && h->locked[h->cell_of_slot[slot]])
                    slot--;
                marks[nm++] = slot * HEXIOM_FACTS_PER_SLOT + HEXIOM_FACT_EMPTY;
            }
            long folded = -1, plain = -2;
            bool big;
            uint64_t sf = 0, sp = 0;
            CHECK(hexiom_count_dp_with(p->data, marks, nm, 1L << 40, 0, 0, &folded, &big, &sf) == ASSIST_OK);
            CHECK(hexiom_count_dp_with(p->data, marks, nm, 1L << 40, 0, HEXIOM_DP_NO_FOLD, &plain, &big, &sp) ==
                  ASSIST_OK);
            CHECK_MSG(folded == plain, "level %02d%s: folded DP counts %ld, plain %ld", lv,
                      pin ? " (pinned)" : "", folded, plain);
            if (!pin && (lv == 22 || lv == 36 || lv == 38))
                CHECK_MSG(sf < sp, "level %02d: folded DP kept %llu partial boards, plain %llu", lv,
                          (unsigned long long)sf, (unsigned long long)sp);
        }
        puzzle_free(p);
    }
}

/* The DP cuts each big step into parts that threads merge side by side
 * and chains their results in order: one thread and four must give the
 * same count and keep the same partial boards.  Level 39's big steps have
 * more parent boards than the DP bothers to cut up (about 10^5), so
 * its cut path runs. */
static void count_same_on_any_number_of_threads(void)
{
    for (int lv = 36; lv <= 39; lv++) {
        puzzle *p = load_level(lv);
        if (!p)
            continue;
        int marks[512];
        int nm = start_marks(p, marks);
        long count[2] = {-1, -2};
        uint64_t states[2] = {0, 1};
        for (int t = 0; t < 2; t++) {
            bool big;
            setenv("TESSERA_THREADS", t ? "4" : "1", 1);
            CHECK(hexiom_count_dp_with(p->data, marks, nm, 1L << 40, 0, 0, &count[t], &big, &states[t]) ==
                  ASSIST_OK);
        }
        CHECK_MSG(count[0] == count[1] && states[0] == states[1],
                  "level %02d: 1 thread counts %ld (%llu partial boards), 4 threads %ld (%llu)", lv, count[0],
                  (unsigned long long)states[0], count[1], (unsigned long long)states[1]);
        CHECK_MSG(count[1] == (lv == 39 ? 309196 : KNOWN[lv]), "level %02d: %ld", lv, count[1]);
        puzzle_free(p);
    }
    unsetenv("TESSERA_THREADS");
}

/* The family hook: small limits answer "at least" quickly, a limit above
 * the count gives the count. */
static void count_hook_limits(void)
{
    puzzle *p = load_level(12);
    if (!p)
        return;
    assist *a = puzzle_encode(p);
    long n = 0;
    CHECK(hexiom_count(p->data, a, NULL, 0, 2, 0, &n) == ASSIST_OK && n == 2);
    CHECK(hexiom_count(p->data, a, NULL, 0, 100000, 0, &n) == ASSIST_OK && n == 258);
    CHECK(hexiom_count(p->data, a, NULL, 0, 258, 0, &n) == ASSIST_OK && n == 258);
    assist_free(a);
    puzzle_free(p);
}

/* Counting under pins: the DP and the engine's enumeration agree. */
static void count_under_pins_agrees(void)
{
    puzzle *p = load_level(12);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    assist *a = puzzle_encode(p);
    int *state = start_state(p);
    CHECK(solve_into(p, a, state, 0) == ASSIST_OK);
    /* pin two slots of one solution, then one slot empty */
    int pinned = 0;
    for (int c = 0; c < h->ncells && pinned < 2; c++)
        if (state[c] != HEXIOM_EMPTY) {
            state[h->ncells + c] = 1;
            pinned++;
        }
    int marks[512];
    int nm = marks_of(p, state, marks);
    CHECK(nm == 2);
    long n = -1;
    CHECK(assist_count(a, marks, nm, 1000, &n) == ASSIST_OK);
    CHECK(n >= 1 && n < 258);
    CHECK_MSG(dp_count(p, marks, nm) == n, "DP %ld, SAT %ld", dp_count(p, marks, nm), n);
    free(state);
    assist_free(a);
    puzzle_free(p);
}

/* --- hints and checks --- */

/* A forced hint holds in every solution: the DP finds as many solutions
 * with it as without it.  A hint that is not forced says so. */
static void hints_are_forced_only_when_they_are(void)
{
    int levels[] = {1, 4, 8, 11, 12, 17, 29};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        puzzle *p = load_level(levels[i]);
        if (!p)
            continue;
        assist *a = puzzle_encode(p);
        int marks[600];
        int nm = start_marks(p, marks);
        assist_hint_result hr;
        CHECK(assist_hint(a, marks, nm, NULL, 0, &hr) == ASSIST_OK);
        CHECK(hr.fact >= 0);
        long all = dp_count(p, marks, nm);
        marks[nm] = hr.fact;
        long with = dp_count(p, marks, nm + 1);
        if (hr.forced)
            CHECK_MSG(with == all, "level %02d: forced hint holds in %ld of %ld solutions", levels[i],
                      with, all);
        else
            CHECK_MSG(with >= 1 && with < all, "level %02d: choice in %ld of %ld", levels[i], with, all);
        if (all == 1)
            CHECK_MSG(hr.forced, "level %02d: unique, yet the hint is a choice", levels[i]);
        assist_free(a);
        puzzle_free(p);
    }
    /* level 01: any edge of the hexagon holds the two 1s: nothing is forced */
    puzzle *p = load_level(1);
    if (p) {
        assist *a = puzzle_encode(p);
        assist_hint_result hr;
        CHECK(assist_hint(a, NULL, 0, NULL, 0, &hr) == ASSIST_OK);
        CHECK(!hr.forced && hr.fact >= 0);
        assist_free(a);
        puzzle_free(p);
    }
}

/* Pins are the marks: a pinned wrong tile makes check fail on that pin;
 * accepting hints step by step ends in a board the checker accepts. */
static void pins_check_and_hint_moves(void)
{
    puzzle *p = load_level(8);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    assist *a = puzzle_encode(p);
    int *sol = start_state(p);
    CHECK(solve_into(p, a, sol, 0) == ASSIST_OK);
    diag why = {0};
    CHECK(hexiom_verify(h, sol, &why));
    int *state = start_state(p);
    int marks[600];
    CHECK(marks_of(p, state, marks) == 0); /* no locks, no pins yet */
    /* put a tile where the (unique) solution has none, pinned */
    int wrong = -1;
    for (int c = 0; c < h->ncells && wrong < 0; c++)
        if (sol[c] == HEXIOM_EMPTY)
            wrong = c;
    move m = {0};
    int v = -1;
    for (int x = 0; x < HEXIOM_VALUES && v < 0; x++)
        if (h->inv[x])
            v = x;
    CHECK(hexiom_place(h, state, wrong, v, &m));
    for (int i = 0; i < m.idx.n; i++)
        state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    CHECK(hexiom_state_ok(h, state, &why));
    CHECK(state[h->ncells + wrong] == 1 && state[wrong] == HEXIOM_TILE(v));
    int nm = marks_of(p, state, marks);
    CHECK(nm == 1 && marks[0] == hexiom_fact(h, wrong, v));
    int_vec core = {0};
    CHECK(assist_check(a, marks, nm, &core) == ASSIST_NONE);
    CHECK(core.n == 1 && core.v[0] == marks[0]);
    /* unpin it: consistent again; then follow hints to the end */
    state[h->ncells + wrong] = 0;
    nm = marks_of(p, state, marks);
    CHECK(assist_check(a, marks, nm, &core) == ASSIST_OK);
    for (int step = 0; step < 2 * h->nslots; step++) {
        nm = marks_of(p, state, marks);
        assist_hint_result hr;
        CHECK(assist_hint(a, marks, nm, NULL, 0, &hr) == ASSIST_OK);
        if (hr.fact < 0)
            break;
        CHECK(hr.forced);
        move hm = {0};
        p->family->fact_move(h, state, hr.fact, &hm);
        CHECK(hm.idx.n > 0);
        for (int i = 0; i < hm.idx.n; i++)
            state[hm.idx.v[i]] = hm.val.v[i];
        move_free(&hm);
        CHECK(hexiom_state_ok(h, state, &why));
    }
    CHECK_MSG(hexiom_verify(h, state, &why), "after the hints: %s", why.msg);
    vec_free(&core);
    free(state);
    free(sol);
    assist_free(a);
    puzzle_free(p);
}

/* Symmetry breaking only binds solve: on level 01 (12 solutions, all one
 * or two orbits) every fact is still possible for check. */
static void symmetry_breaking_stays_out_of_check(void)
{
    puzzle *p = load_level(1);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    assist *a = puzzle_encode(p);
    for (int c = 0; c < h->ncells; c++) {
        int f = hexiom_fact(h, c, 1);
        CHECK_MSG(assist_check(a, &f, 1, NULL) == ASSIST_OK, "a 1 at cell %d refused", c);
        bool *facts = xcalloc((size_t)assist_num_facts(a), sizeof *facts);
        CHECK(assist_solve(a, &f, 1, facts) == ASSIST_OK && facts[f]);
        free(facts);
    }
    assist_free(a);
    puzzle_free(p);
}

/* --- the board in a canvas --- */

static void find_digit_cell(const canvas *cv, int cell, int *y, int *x)
{
    *y = *x = -1;
    for (int r = 0; r < cv->rows && *y < 0; r++)
        for (int c = 0; c < cv->cols; c++)
            if (canvas_owner(cv, r, c) == cell) {
                *y = r;
                *x = c;
                break;
            }
}

static void draw_layout_and_hit_testing(void)
{
    puzzle *p = load_level(10);
    if (!p)
        return;
    const game_family *f = p->family;
    const hexiom_puzzle *h = p->data;
    void *ui = f->ui->create(h);
    int rows, cols;
    /* a big terminal takes the outlined honeycomb, a small one the compact rows */
    CHECK(f->ui->layout(h, ui, 40, 100, false, &rows, &cols));
    int big_r = rows, big_c = cols;
    CHECK(f->ui->layout(h, ui, 5, 10, false, &rows, &cols));
    CHECK(rows <= 5 && cols <= 10 && rows < big_r && cols < big_c);
    CHECK(!f->ui->layout(h, ui, 3, 3, false, &rows, &cols));
    CHECK(rows == 5 && cols == 10); /* the smallest that would fit */
    int *state = start_state(p);
    for (int size = 0; size < 3; size++) {
        int tr[] = {40, 9, 5}, tc[] = {100, 19, 10};
        CHECK(f->ui->layout(h, ui, tr[size], tc[size], false, &rows, &cols));
        canvas cv;
        canvas_init(&cv, rows, cols, false);
        f->ui->draw(h, ui, state, NULL, &cv);
        /* every cell owns screen cells, and the digit drawn in a slot's
         * area is that slot's content */
        for (int c = 0; c < h->ncells; c++) {
            int y, x;
            find_digit_cell(&cv, c, &y, &x);
            /* holes are not drawn and take no clicks */
            CHECK_MSG(h->hole[c] ? y < 0 : y >= 0, "geometry %d: cell %d (hole %d)", size, c, h->hole[c]);
            if (h->hole[c] || y < 0)
                continue;
            bool seen = false;
            for (int i = 0; i < cv.rows * cv.cols; i++) {
                if (cv.cells[i].owner != c)
                    continue;
                const canvas_cell *cc = &cv.cells[i];
                char want = state[c] == HEXIOM_EMPTY ? '.' : (char)('0' + state[c] - 1);
                seen |= cc->glyph[0] == want;
            }
            CHECK_MSG(seen, "geometry %d: cell %d's content not in its area", size, c);
        }
        /* the locked centre 2 is marked */
        char *text = canvas_to_text(&cv);
        CHECK(strstr(text, size == 2 ? "+2" : "[2]") != NULL);
        free(text);
        canvas_free(&cv);
    }
    free(state);
    f->ui->free(ui);
    puzzle_free(p);
}

/* Where the cursor is drawn (MARK_CURSOR on the digit), as a cell. */
static int cursor_cell(const puzzle *p, void *ui, const int *state)
{
    const hexiom_puzzle *h = p->data;
    int rows, cols;
    p->family->ui->layout(h, ui, 40, 100, false, &rows, &cols);
    canvas cv;
    canvas_init(&cv, rows, cols, false);
    p->family->ui->draw(h, ui, state, NULL, &cv);
    int found = -1;
    for (int i = 0; i < rows * cols; i++)
        if ((cv.cells[i].marks & MARK_CURSOR) && cv.cells[i].owner >= 0)
            found = cv.cells[i].owner;
    canvas_free(&cv);
    return found;
}

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

static input_result mouse(const puzzle *p, void *ui, int *state, int button, int action, int target)
{
    input_event ev = {.kind = INPUT_MOUSE, .button = button, .action = action, .target = target};
    move m = {0};
    input_result r = p->family->ui->input(p->data, ui, state, &ev, &m);
    for (int i = 0; i < m.idx.n; i++)
        state[m.idx.v[i]] = m.val.v[i];
    move_free(&m);
    return r;
}

static void cursor_and_moves(void)
{
    puzzle *p = load_level(3); /* side 3, 12 tiles, no locks */
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    void *ui = p->family->ui->create(h);
    int *state = start_state(p);
    int centre = hexiom_cell_at(h, 0, 0);
    CHECK(cursor_cell(p, ui, state) == centre);
    /* the six direction keys and back */
    const int keys[6] = {'w', 'e', 'd', 'x', 'z', 'a'};
    const int back[6] = {'x', 'z', 'a', 'w', 'e', 'd'};
    for (int k = 0; k < 6; k++) {
        CHECK(key(p, ui, state, keys[k]) == INPUT_UI);
        int c = cursor_cell(p, ui, state);
        CHECK_MSG(c >= 0 && c != centre, "key %c", keys[k]);
        key(p, ui, state, back[k]);
        CHECK(cursor_cell(p, ui, state) == centre);
    }
    /* up, up, down, down returns along the same column */
    key(p, ui, state, GAME_KEY_UP);
    key(p, ui, state, GAME_KEY_UP);
    CHECK(h->row[cursor_cell(p, ui, state)] == 0);
    key(p, ui, state, GAME_KEY_DOWN);
    key(p, ui, state, GAME_KEY_DOWN);
    CHECK(cursor_cell(p, ui, state) == centre);
    /* 'h' belongs to the front end (hint) */
    CHECK(key(p, ui, state, 'h') == INPUT_IGNORED);
    /* Enter on a tile picks it up, Enter on another slot drops it (swap) */
    int from = -1, to = -1;
    for (int c = 0; c < h->ncells; c++) {
        if (from < 0 && state[c] != HEXIOM_EMPTY)
            from = c;
        if (to < 0 && state[c] == HEXIOM_EMPTY)
            to = c;
    }
    int tile = state[from];
    CHECK(mouse(p, ui, state, 1, MOUSE_PRESS, from) == INPUT_UI);
    CHECK(mouse(p, ui, state, 1, MOUSE_RELEASE, from) == INPUT_UI); /* a click: still held */
    CHECK(mouse(p, ui, state, 1, MOUSE_PRESS, to) == INPUT_MOVE);
    CHECK(state[to] == tile && state[from] == HEXIOM_EMPTY);
    CHECK(state[h->ncells + to] == 1 && state[h->ncells + from] == 0);
    /* a drag moves it back */
    CHECK(mouse(p, ui, state, 1, MOUSE_PRESS, to) == INPUT_UI);
    CHECK(mouse(p, ui, state, 1, MOUSE_DRAG, from) == INPUT_UI);
    CHECK(mouse(p, ui, state, 1, MOUSE_RELEASE, from) == INPUT_MOVE);
    CHECK(state[from] == tile && state[to] == HEXIOM_EMPTY && state[h->ncells + from] == 1);
    /* keys: go to `from`, Enter, go to `to`, Enter */
    CHECK(mouse(p, ui, state, 3, MOUSE_PRESS, from) == INPUT_MOVE); /* right click unpins */
    CHECK(state[h->ncells + from] == 0);
    CHECK(cursor_cell(p, ui, state) == from);
    CHECK(key(p, ui, state, GAME_KEY_SELECT) == INPUT_UI);
    mouse(p, ui, state, 3, MOUSE_RELEASE, to); /* moves the cursor only on press */
    CHECK(key(p, ui, state, ' ') == INPUT_MOVE); /* Space pins the slot */
    CHECK(state[h->ncells + from] == 1);
    /* a digit brings a tile of that value to the cursor */
    int v = tile - HEXIOM_TILE(0);
    diag why = {0};
    key(p, ui, state, 27);
    int cur = cursor_cell(p, ui, state);
    CHECK(key(p, ui, state, '0' + v) == INPUT_MOVE);
    CHECK(state[cur] == tile && hexiom_state_ok(h, state, &why));
    free(state);
    p->family->ui->free(ui);
    puzzle_free(p);
}

/* Wrong counts are drawn as errors, right ones in their value's colour;
 * a hint shows its proposed content. */
/* Level 10 has holes: the cursor starts on the centre, Up Up reaches the
 * top slot jumping the holes, no key from any slot ever lands on a hole,
 * and positions are named as drawn (holes not counted). */
static void cursor_skips_holes(void)
{
    puzzle *p = load_level(10);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    void *ui = p->family->ui->create(h);
    int *state = start_state(p);
    int centre = hexiom_cell_at(h, 0, 0);
    CHECK(cursor_cell(p, ui, state) == centre);
    key(p, ui, state, GAME_KEY_UP);
    int c1 = cursor_cell(p, ui, state);
    char name[64];
    hexiom_cell_name(h, c1, name, sizeof name);
    /* row 2 starts with a hole: the 0 is its first drawn slot */
    CHECK_MSG(strcmp(name, "row 2, slot 1") == 0, "%s", name);
    key(p, ui, state, GAME_KEY_UP);
    int c2 = cursor_cell(p, ui, state);
    hexiom_cell_name(h, c2, name, sizeof name);
    CHECK_MSG(h->row[c2] == 0 && strcmp(name, "row 1, slot 1") == 0, "%s", name);
    static const int KEYS[] = {GAME_KEY_UP, GAME_KEY_DOWN, GAME_KEY_LEFT, GAME_KEY_RIGHT, 'w', 'e', 'a', 'd', 'z', 'x'};
    for (int c = 0; c < h->ncells; c++) {
        if (h->hole[c])
            continue;
        for (size_t k = 0; k < sizeof KEYS / sizeof KEYS[0]; k++) {
            void *u2 = p->family->ui->create(h);
            mouse(p, u2, state, 1, MOUSE_PRESS, c); /* the cursor to c (maybe picking up) */
            CHECK(cursor_cell(p, u2, state) == c);
            {
                key(p, u2, state, KEYS[k]);
                int to = cursor_cell(p, u2, state);
                CHECK_MSG(to >= 0 && !h->hole[to], "from cell %d key %d: %d", c, KEYS[k], to);
            }
            p->family->ui->free(u2);
        }
    }
    free(state);
    p->family->ui->free(ui);
    puzzle_free(p);
}

static void roles_and_hint_display(void)
{
    puzzle *p = load_level(8);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    assist *a = puzzle_encode(p);
    void *ui = p->family->ui->create(h);
    int *state = start_state(p);
    CHECK(solve_into(p, a, state, 0) == ASSIST_OK);
    int rows, cols;
    p->family->ui->layout(h, ui, 40, 100, false, &rows, &cols);
    canvas cv;
    canvas_init(&cv, rows, cols, false);
    p->family->ui->draw(h, ui, state, NULL, &cv);
    /* solved: every tile in the quiet colour, nothing red */
    int errors = 0, quiet = 0;
    for (int i = 0; i < rows * cols; i++) {
        errors += cv.cells[i].role == ROLE_ERROR;
        quiet += cv.cells[i].role == HEXIOM_ROLE_SATISFIED;
    }
    CHECK(errors == 0 && quiet == h->ntiles);
    canvas_free(&cv);
    /* the starting board: counts not met are plain bold unless they can
     * never be met there (locked neighbours); met ones quiet */
    int *start = start_state(p);
    canvas_init(&cv, rows, cols, false);
    p->family->ui->draw(h, ui, start, NULL, &cv);
    int plain = 0;
    errors = quiet = 0;
    for (int i = 0; i < rows * cols; i++) {
        const canvas_cell *cc = &cv.cells[i];
        bool digit = cc->glyph[0] >= '0' && cc->glyph[0] <= '6' && cc->owner >= 0;
        errors += digit && cc->role == ROLE_ERROR;
        quiet += digit && cc->role == HEXIOM_ROLE_SATISFIED;
        plain += digit && cc->role == ROLE_PLAIN && (cc->marks & MARK_BOLD);
    }
    CHECK_MSG(plain > errors && quiet + plain + errors == h->ntiles, "%d %d %d of %d", quiet, plain,
              errors, h->ntiles);
    canvas_free(&cv);
    /* a 0 next to a pinned tile can never be met there: the error colour,
     * on that tile only */
    int *wrong = start_state(p);
    memcpy(wrong, state, (size_t)p->nstate * sizeof *wrong);
    int zero = -1, pinned = -1;
    for (int c = 0; c < h->ncells && zero < 0; c++)
        for (int d = 0; d < 6 && zero < 0; d++) {
            int o = h->nbr[c * 6 + d];
            if (!h->hole[c] && !h->locked[c] && o >= 0 && !h->hole[o] && wrong[o] != HEXIOM_EMPTY)
                zero = c, pinned = o;
        }
    CHECK(zero >= 0);
    wrong[zero] = HEXIOM_TILE(0);
    wrong[h->ncells + pinned] = 1;
    canvas_init(&cv, rows, cols, false);
    p->family->ui->draw(h, ui, wrong, NULL, &cv);
    errors = 0;
    for (int i = 0; i < rows * cols; i++)
        if (cv.cells[i].role == ROLE_ERROR) {
            errors++;
            CHECK(cv.cells[i].owner == zero && cv.cells[i].glyph[0] == '0');
        }
    CHECK(errors == 1);
    canvas_free(&cv);
    free(wrong);
    /* a hint: the cell shows the proposed content, highlighted */
    int empty = -1;
    for (int c = 0; c < h->ncells && empty < 0; c++)
        if (start[c] == HEXIOM_EMPTY && state[c] != HEXIOM_EMPTY)
            empty = c;
    CHECK(empty >= 0);
    int fact = hexiom_fact(h, empty, state[empty] - HEXIOM_TILE(0));
    view v = {.hint_facts = &fact, .nhint = 1};
    canvas_init(&cv, rows, cols, false);
    p->family->ui->draw(h, ui, start, &v, &cv);
    bool shown = false;
    for (int i = 0; i < rows * cols; i++)
        if (cv.cells[i].owner == empty && (cv.cells[i].marks & MARK_HINT))
            shown |= cv.cells[i].glyph[0] == '0' + state[empty] - HEXIOM_TILE(0);
    CHECK(shown);
    canvas_free(&cv);
    free(start);
    free(state);
    p->family->ui->free(ui);
    assist_free(a);
    puzzle_free(p);
}

int main(void)
{
    RUN(parse_level10_geometry);
    RUN(parse_quirks);
    RUN(parse_errors_name_the_place);
    RUN(all_levels_solve_and_verify);
    RUN(checker_rejects_broken_boards);
    RUN(counts_by_enumeration);
    RUN(counts_by_dp);
    RUN(level39_count_splits);
    RUN(count_same_on_any_number_of_threads);
    RUN(count_folded_matches_plain);
    RUN(count_hook_limits);
    RUN(count_under_pins_agrees);
    RUN(hints_are_forced_only_when_they_are);
    RUN(pins_check_and_hint_moves);
    RUN(symmetry_breaking_stays_out_of_check);
    RUN(draw_layout_and_hit_testing);
    RUN(cursor_and_moves);
    RUN(cursor_skips_holes);
    RUN(roles_and_hint_display);
    TEST_MAIN_END();
}
