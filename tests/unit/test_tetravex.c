/* test_tetravex.c: Tetravex in-process: random boards 2x2..7x7 solved and
 * checked by the independent checker, the hand-made 3x3 file, the
 * TetraSAT project's 3x3 and 4x4 examples, duplicate
 * tiles counted once, generated puzzles unique and reproducible, hints
 * that agree with the solution, the search complete (its "none" agrees
 * with CaDiCaL's, its count with brute force) and moves from the board UI. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "games/tetravex.h"
#include "rng.h"
#include "puzzle_util.h"
#include "testlib.h"

static puzzle *load(const char *text) { return load_family_text("tetravex", text); }

/* Solves from an empty board; the state on success, NULL otherwise. */
static int *solve(puzzle *p)
{
    assist *a = puzzle_encode(p);
    bool *facts = xcalloc((size_t)assist_num_facts(a), sizeof *facts);
    int *state = xcalloc((size_t)p->nstate, sizeof *state);
    p->family->init_state(p->data, state);
    if (assist_solve(a, NULL, 0, facts) == ASSIST_OK) {
        p->family->apply_solution(p->data, facts, state);
    } else {
        free(state);
        state = NULL;
    }
    free(facts);
    assist_free(a);
    return state;
}

static long count_of(puzzle *p, long limit)
{
    assist *a = puzzle_encode(p);
    long n = -1;
    if (assist_count(a, NULL, 0, limit, &n) != ASSIST_OK)
        n = -1;
    assist_free(a);
    return n;
}

/* A random solved board as a shuffled tile list (GNOME's model). */
static void random_board(rng *r, int n, int values, strbuf *out)
{
    unsigned char (*tl)[4] = xcalloc((size_t)(n * n), sizeof *tl);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            unsigned char *t = tl[y * n + x];
            t[TV_TOP] = y ? tl[(y - 1) * n + x][TV_BOTTOM] : (unsigned char)rng_below(r, values);
            t[TV_LEFT] = x ? tl[y * n + x - 1][TV_RIGHT] : (unsigned char)rng_below(r, values);
            t[TV_RIGHT] = (unsigned char)rng_below(r, values);
            t[TV_BOTTOM] = (unsigned char)rng_below(r, values);
        }
    int *order = xmalloc((size_t)(n * n) * sizeof *order);
    for (int i = 0; i < n * n; i++)
        order[i] = i;
    rng_shuffle(r, order, n * n);
    for (int i = 0; i < n * n; i++) {
        unsigned char *t = tl[order[i]];
        sb_printf(out, "%d%d%d%d\n", t[0], t[1], t[2], t[3]);
    }
    free(order);
    free(tl);
}

static void random_boards_solve_and_check(void)
{
    rng r;
    rng_seed(&r, 42);
    for (int n = 2; n <= 7; n++)
        for (int rep = 0; rep < 3; rep++) {
            strbuf text = {0};
            random_board(&r, n, n <= 3 ? 4 : 10, &text);
            puzzle *p = load(text.s);
            CHECK(p != NULL);
            if (p) {
                int *state = solve(p);
                diag why = {0};
                CHECK_MSG(state && tetravex_verify(p->data, state, &why), "%dx%d: %s", n,
                          n, why.msg);
                free(state);
            }
            puzzle_free(p);
            sb_free(&text);
        }
}

/* The proposal of the dedicated search as a board (NULL if none). */
static int *proposal(puzzle *p, const int *marks, int nmarks, const sat_budget *b, int *status)
{
    const tetravex_puzzle *t = p->data;
    int_vec facts = {0};
    *status = tetravex_search(t, marks, nmarks, b, &facts);
    int *state = NULL;
    if (*status == 1) {
        bool *on = xcalloc((size_t)(t->ntiles * t->ntypes), sizeof *on);
        for (int i = 0; i < facts.n; i++)
            if (facts.v[i] >= 0 && facts.v[i] < t->ntiles * t->ntypes)
                on[facts.v[i]] = true;
        state = xcalloc((size_t)p->nstate, sizeof *state);
        p->family->apply_solution(p->data, on, state);
        free(on);
    }
    vec_free(&facts);
    return state;
}

static bool cancel_at_once(void *ctx) { (void)ctx; return true; }

/* The search the engine confirms: its boards pass the independent checker
 * (2x2..8x8, few and many numbers, so duplicates too), it keeps the marks,
 * proves an impossible tile set impossible, gives clashing marks up, and
 * stops when the budget's poll says so. */
static void search_proposals(void)
{
    rng r;
    rng_seed(&r, 7);
    for (int n = 2; n <= 8; n++)
        for (int rep = 0; rep < 3; rep++) {
            strbuf text = {0};
            random_board(&r, n, rep == 0 ? 3 : 10, &text);
            puzzle *p = load(text.s);
            CHECK(p != NULL);
            if (p) {
                int st;
                int *state = proposal(p, NULL, 0, NULL, &st);
                diag why = {0};
                CHECK_MSG(st == 1 && state && tetravex_verify(p->data, state, &why),
                          "%dx%d: status %d %s", n, n, st, why.msg);
                if (state && n >= 3) {
                    /* the same board's first cells as marks: kept */
                    const tetravex_puzzle *t = p->data;
                    int marks[3];
                    for (int c = 0; c < 3; c++)
                        marks[c] = tetravex_fact(t, c, t->type_of[state[c]]);
                    int *again = proposal(p, marks, 3, NULL, &st);
                    CHECK_MSG(st == 1 && again && tetravex_verify(p->data, again, &why),
                              "%dx%d with marks: status %d %s", n, n, st, why.msg);
                    for (int c = 0; again && c < 3; c++)
                        CHECK(t->type_of[again[c]] == t->type_of[state[c]]);
                    free(again);
                }
                free(state);
            }
            puzzle_free(p);
            sb_free(&text);
        }
    /* no two tiles share a number, so no two can touch */
    puzzle *p = load("1111\n2222\n3333\n4444\n");
    CHECK(p != NULL);
    if (p) {
        int st;
        int *state = proposal(p, NULL, 0, NULL, &st);
        CHECK(st == 0 && state == NULL);
        free(state);
        CHECK(solve(p) == NULL);
        puzzle_free(p);
    }
    /* two marks that clash (3 meets 4), and a hard 10x10 cancelled */
    p = load("0300\n0004\n0000\n0000\n");
    CHECK(p != NULL);
    if (p) {
        const tetravex_puzzle *t = p->data;
        int marks[2] = {tetravex_fact(t, 0, t->type_of[0]), tetravex_fact(t, 1, t->type_of[1])};
        int st;
        int *state = proposal(p, marks, 2, NULL, &st);
        CHECK(st == 0 && state == NULL);
        free(state);
        assist *a = puzzle_encode(p);
        CHECK(assist_solve(a, marks, 2, NULL) == ASSIST_NONE);
        CHECK(assist_solve(a, NULL, 0, NULL) == ASSIST_OK);
        assist_free(a);
        puzzle_free(p);
    }
    strbuf text = {0};
    rng_seed(&r, 10);
    random_board(&r, 10, 10, &text);
    p = load(text.s);
    CHECK(p != NULL);
    if (p) {
        sat_budget b = {.poll = cancel_at_once};
        int st;
        int *state = proposal(p, NULL, 0, &b, &st);
        CHECK_MSG(st == -1 && state == NULL, "status %d", st);
        free(state);
        puzzle_free(p);
    }
    sb_free(&text);
}

/* The four corner searches run side by side on threads, and the corner
 * that finishes first in turn order wins, as on one thread: boards with
 * many solutions (few numbers) and boards that take thousands of turns
 * (8x8, ten numbers) give the same board on one thread and on four. */
static void search_same_on_any_number_of_threads(void)
{
    rng r;
    rng_seed(&r, 11);
    int differ = 0, boards = 0;
    for (int n = 4; n <= 8; n++)
        for (int rep = 0; rep < 3; rep++) {
            strbuf text = {0};
            random_board(&r, n, n <= 6 ? 3 + rep : 10, &text);
            puzzle *p = load(text.s);
            CHECK(p != NULL);
            int *state[2] = {NULL, NULL};
            for (int t = 0; p && t < 2; t++) {
                setenv("TESSERA_THREADS", t ? "4" : "1", 1);
                int st;
                state[t] = proposal(p, NULL, 0, NULL, &st);
                CHECK_MSG(st == 1 && state[t], "%dx%d: status %d", n, n, st);
            }
            if (state[0] && state[1]) {
                boards++;
                differ += memcmp(state[0], state[1], (size_t)p->nstate * sizeof *state[0]) != 0;
            }
            free(state[0]);
            free(state[1]);
            puzzle_free(p);
            sb_free(&text);
        }
    unsetenv("TESSERA_THREADS");
    CHECK_MSG(boards == 15 && differ == 0, "%d of %d boards differ between 1 and 4 threads", differ, boards);
}

/* The search's answer on board `text` (n x n, case rep) against
 * CaDiCaL's: "none" exactly when the solver finds none, and a proposal
 * the checker accepts; counted into *solvable or *impossible. */
static void search_agrees_with_solver(const char *text, int n, int rep, int *solvable, int *impossible)
{
    puzzle *p = load(text);
    CHECK(p != NULL);
    if (!p)
        return;
    int st;
    int *state = proposal(p, NULL, 0, NULL, &st);
    assist *a = puzzle_encode(p);
    int sat = assist_solve(a, NULL, 0, NULL);
    assist_free(a);
    diag why = {0};
    if (st == 1)
        CHECK_MSG(state && tetravex_verify(p->data, state, &why), "%dx%d: %s", n, n, why.msg);
    CHECK_MSG((st == 1 && sat == ASSIST_OK) || (st == 0 && sat == ASSIST_NONE), "%dx%d #%d: search %d, solver %d",
              n, n, rep, st, sat);
    *solvable += st == 1;
    *impossible += st == 0;
    free(state);
    puzzle_free(p);
}

/* The search takes its corner squares in bands of likelihood, down to a
 * last band that takes all the rest: on boards with one number changed
 * (some still solvable, some not) it proves "none" exactly when CaDiCaL
 * does, and every board it proposes passes the checker. */
static void search_bands_are_complete(void)
{
    rng r;
    rng_seed(&r, 11);
    int solvable = 0, impossible = 0;
    for (int n = 3; n <= 5; n++)
        for (int rep = 0; rep < 12; rep++) {
            strbuf text = {0};
            random_board(&r, n, 3 + rep % 2, &text);
            /* one number of one tile replaced by another */
            int at = rng_below(&r, n * n) * 5 + rng_below(&r, 4);
            text.s[at] = (char)('0' + (text.s[at] - '0' + 1 + rng_below(&r, 3)) % 4);
            search_agrees_with_solver(text.s, n, rep, &solvable, &impossible);
            sb_free(&text);
        }
    CHECK_MSG(solvable > 0 && impossible > 0, "%d solvable, %d impossible", solvable, impossible);
}

/* The search cuts a ring when the next ring's arms or corner cannot be
 * laid (chain_ok in tetravex_search.c): on larger boards, where those cuts
 * fire, half of them with one number changed, the search proves "none"
 * exactly when CaDiCaL does and every board it proposes passes the
 * checker.  Few numbers make long chains and twins; ten make short ones. */
static void search_ring_cuts_are_sound(void)
{
    rng r;
    rng_seed(&r, 29);
    int solvable = 0, impossible = 0;
    for (int n = 4; n <= 7; n++)
        for (int rep = 0; rep < 8; rep++) {
            strbuf text = {0};
            random_board(&r, n, rep % 4 == 0 ? 3 : rep % 4 == 1 ? 5 : 10, &text);
            if (rep % 2) {
                int at = rng_below(&r, n * n) * 5 + rng_below(&r, 4);
                text.s[at] = (char)('0' + (text.s[at] - '0' + 1 + rng_below(&r, 2)) % 10);
            }
            search_agrees_with_solver(text.s, n, rep, &solvable, &impossible);
            sb_free(&text);
        }
    CHECK_MSG(solvable > 0 && impossible > 0, "%d solvable, %d impossible", solvable, impossible);
}

/* Two identical tiles side by side, the only way the board fits: the
 * search's look one cell ahead must count the twin left in the tray
 * (it once dropped such a tile, since the tile itself fits its
 * neighbour).  Twins in a row (left = right) and in a column (top =
 * bottom). */
static void search_twins_side_by_side(void)
{
    const char *boards[] = {
        "0120\n3321\n2454\n2454\n", /* A B / T T */
        "0120\n5651\n2178\n5651\n", /* A T / C T */
    };
    for (int i = 0; i < 2; i++) {
        puzzle *p = load(boards[i]);
        CHECK(p != NULL);
        if (!p)
            continue;
        int st;
        int *state = proposal(p, NULL, 0, NULL, &st);
        diag why = {0};
        CHECK_MSG(st == 1 && state && tetravex_verify(p->data, state, &why), "board %d: status %d %s",
                  i, st, why.msg);
        free(state);
        puzzle_free(p);
    }
}

/* Brute force for the count: every arrangement of the tile types (each
 * type as often as it has tiles), with the cell `mark_cell` holding
 * `mark_type` when mark_cell >= 0, judged by the independent checker.
 * No pruning: only the checker decides. */
typedef struct {
    const tetravex_puzzle *t;
    int *cell_type, *left, *state, mark_cell, mark_type;
    long found;
} brute;

static void brute_fill(brute *b, int c)
{
    const tetravex_puzzle *t = b->t;
    if (c == t->ntiles) {
        /* the tiles of each type in order: identical tiles are one */
        int *next = xcalloc((size_t)t->ntypes, sizeof *next);
        for (int i = 0; i < t->ntiles; i++) {
            int k = b->cell_type[i], seen = 0;
            for (int tile = 0; tile < t->ntiles; tile++)
                if (t->type_of[tile] == k && seen++ == next[k]) {
                    b->state[i] = tile;
                    break;
                }
            next[k]++;
        }
        free(next);
        diag why = {0};
        b->found += tetravex_verify(t, b->state, &why);
        return;
    }
    for (int k = 0; k < t->ntypes; k++) {
        if (b->left[k] == 0 || (c == b->mark_cell && k != b->mark_type))
            continue;
        b->left[k]--;
        b->cell_type[c] = k;
        brute_fill(b, c + 1);
        b->left[k]++;
    }
}

static long brute_count(const tetravex_puzzle *t, int mark_cell, int mark_type)
{
    brute b = {.t = t, .mark_cell = mark_cell, .mark_type = mark_type};
    b.cell_type = xcalloc((size_t)t->ntiles, sizeof *b.cell_type);
    b.state = xcalloc((size_t)t->ntiles, sizeof *b.state);
    b.left = xcalloc((size_t)t->ntypes, sizeof *b.left);
    for (int k = 0; k < t->ntypes; k++)
        b.left[k] = t->type_count[k];
    brute_fill(&b, 0);
    free(b.cell_type);
    free(b.state);
    free(b.left);
    return b.found;
}

/* The family's count (the enumerator run to the end, with the border
 * surplus cutting branches) finds exactly the arrangements that brute
 * force and the checker find, with and without a mark, on small boards
 * with few numbers (many solutions, many identical tiles, and boards with
 * none after one number is changed), and stops at its limit. */
static void count_matches_brute_force(void)
{
    rng r;
    rng_seed(&r, 23);
    int several = 0, none = 0;
    for (int n = 2; n <= 3; n++)
        for (int rep = 0; rep < 16; rep++) {
            strbuf text = {0};
            random_board(&r, n, 2 + rep % 3, &text);
            if (rep % 4 == 3) { /* one number of one tile changed */
                int at = rng_below(&r, n * n) * 5 + rng_below(&r, 4);
                text.s[at] = (char)('0' + (text.s[at] - '0' + 1) % 4);
            }
            puzzle *p = load(text.s);
            CHECK(p != NULL);
            if (!p) {
                sb_free(&text);
                continue;
            }
            const tetravex_puzzle *t = p->data;
            long want = brute_count(t, -1, 0), got = -1, got2 = -1;
            CHECK(tetravex_count(t, NULL, NULL, 0, 1000000, 0, &got) == ASSIST_OK);
            CHECK_MSG(got == want, "%dx%d #%d: count %ld, brute force %ld", n, n, rep, got, want);
            CHECK(tetravex_count(t, NULL, NULL, 0, 2, 0, &got2) == ASSIST_OK);
            CHECK_MSG(got2 == (want < 2 ? want : 2), "%dx%d #%d: limit 2 gave %ld of %ld", n, n, rep,
                      got2, want);
            int cell = rng_below(&r, t->ntiles), type = rng_below(&r, t->ntypes);
            int mark = tetravex_fact(t, cell, type);
            long mwant = brute_count(t, cell, type), mgot = -1;
            CHECK(tetravex_count(t, NULL, &mark, 1, 1000000, 0, &mgot) == ASSIST_OK);
            CHECK_MSG(mgot == mwant, "%dx%d #%d, type %d in cell %d: count %ld, brute force %ld", n,
                      n, rep, type, cell, mgot, mwant);
            several += want > 1;
            none += want == 0;
            puzzle_free(p);
            sb_free(&text);
        }
    CHECK_MSG(several > 0 && none > 0, "%d with several solutions, %d with none", several, none);
}

/* What tetravex_enumerate listed: every solution's facts, in order. */
typedef struct {
    puzzle *p;
    int_vec facts;
    long listed, rejected;
} listing;

static void list_solution(void *ctx, const int *facts, int n)
{
    listing *l = ctx;
    const tetravex_puzzle *t = l->p->data;
    bool *on = xcalloc((size_t)(t->ntiles * t->ntypes) + 1, sizeof *on);
    for (int i = 0; i < n; i++) {
        vec_push(&l->facts, facts[i]);
        on[facts[i]] = true;
    }
    int *state = xcalloc((size_t)l->p->nstate, sizeof *state);
    l->p->family->init_state(l->p->data, state);
    l->p->family->apply_solution(l->p->data, on, state);
    diag why = {0};
    l->rejected += !tetravex_verify(t, state, &why);
    l->listed++;
    free(state);
    free(on);
}

/* The enumerator walks boards of 7x7 and up in subtrees on two threads
 * (enumerate_split in tetravex_search.c): it lists what one thread lists,
 * in the same order, every solution passing the checker, as many as the
 * walk without the ring cuts counts (tetravex_count_steps, the
 * generator's walk), with no marks and with one mark from a solution. */
static void enumerate_on_two_threads_lists_every_solution(void)
{
    rng r;
    rng_seed(&r, 41);
    int several = 0;
    for (int rep = 0; rep < 26; rep++) {
        /* one in seven such 7x7 boards has several solutions */
        int n = rep < 24 ? 7 : 8;
        strbuf text = {0};
        random_board(&r, n, 9 + rep % 2, &text);
        puzzle *p = load(text.s);
        CHECK(p != NULL);
        if (!p) {
            sb_free(&text);
            continue;
        }
        const tetravex_puzzle *t = p->data;
        int mark = -1;
        for (int with_mark = 0; with_mark < 2; with_mark++) {
            listing l[2] = {{.p = p}, {.p = p}};
            int st[2];
            for (int th = 0; th < 2; th++) {
                setenv("TESSERA_THREADS", th ? "2" : "1", 1);
                st[th] = tetravex_enumerate(p->data, &mark, with_mark, 1000, NULL, list_solution, &l[th]);
            }
            unsetenv("TESSERA_THREADS");
            long want = -1;
            if (!with_mark)
                CHECK(tetravex_count_steps(t, 1001, 0, &want));
            CHECK_MSG(st[0] == 1 && st[1] == 1, "%dx%d #%d: status %d and %d", n, n, rep, st[0], st[1]);
            CHECK_MSG(l[0].listed == l[1].listed && l[0].facts.n == l[1].facts.n &&
                          memcmp(l[0].facts.v, l[1].facts.v, (size_t)l[0].facts.n * sizeof(int)) == 0,
                      "%dx%d #%d mark %d: %ld solutions on one thread, %ld on two, or in another order", n,
                      n, rep, with_mark, l[0].listed, l[1].listed);
            CHECK_MSG(l[1].rejected == 0, "%dx%d #%d: %ld listed solutions fail the checker", n, n, rep,
                      l[1].rejected);
            if (!with_mark) {
                CHECK_MSG(l[1].listed == want && want >= 1, "%dx%d #%d: %ld listed, the walk counts %ld", n,
                          n, rep, l[1].listed, want);
                several += want > 1;
                if (l[1].facts.n >= t->ntiles)
                    mark = l[1].facts.v[rng_below(&r, t->ntiles)];
            } else {
                CHECK_MSG(l[1].listed >= 1, "%dx%d #%d: nothing listed under a solution's mark", n, n, rep);
            }
            vec_free(&l[0].facts);
            vec_free(&l[1].facts);
            if (mark < 0)
                break;
        }
        puzzle_free(p);
        sb_free(&text);
    }
    CHECK_MSG(several > 0, "no board with several solutions");
}

/* A walk cut short by its time limit goes on where it stopped when asked
 * again on the same board (tetravex_walk_memo.c): asked with limits that
 * grow from a few milliseconds, it lists in the end exactly what one
 * uncut walk on a fresh copy of the puzzle lists, in the same order,
 * every solution passing the checker; once finished, it answers again
 * with no time at all, even after a walk of another board (one mark
 * placed) in between.  8x8 boards, two threads (the split walk). */
static void enumerate_resumes_where_it_was_cut(void)
{
    rng r;
    rng_seed(&r, 7301);
    int cut_boards = 0;
    setenv("TESSERA_THREADS", "2", 1);
    for (int rep = 0; rep < 6; rep++) {
        strbuf text = {0};
        random_board(&r, 8, 9 + rep % 2, &text);
        puzzle *whole = load(text.s), *resumed = load(text.s);
        CHECK(whole && resumed);
        if (!whole || !resumed) {
            puzzle_free(whole);
            puzzle_free(resumed);
            sb_free(&text);
            continue;
        }
        listing want = {.p = whole};
        CHECK(tetravex_enumerate(whole->data, NULL, 0, 1000, NULL, list_solution, &want) == 1);
        listing got = {.p = resumed};
        int st = -1, cuts = 0;
        for (int ask = 0; ask < 40 && st == -1; ask++) {
            got.facts.n = 0;
            got.listed = got.rejected = 0;
            sat_budget b = {.seconds = 0.002 * (1 << (ask / 2))};
            st = tetravex_enumerate(resumed->data, NULL, 0, 1000, &b, list_solution, &got);
            cuts += st == -1;
        }
        cut_boards += cuts > 0;
        CHECK_MSG(st == 1, "8x8 #%d: status %d after %d cut asks", rep, st, cuts);
        CHECK_MSG(got.listed == want.listed && got.facts.n == want.facts.n &&
                      memcmp(got.facts.v, want.facts.v, (size_t)want.facts.n * sizeof(int)) == 0,
                  "8x8 #%d: %ld solutions after %d cut asks, %ld in one walk, or in another order", rep,
                  got.listed, cuts, want.listed);
        CHECK(got.rejected == 0 && want.listed >= 1);
        listing marked = {.p = resumed};
        int mark = want.facts.v[0];
        CHECK(tetravex_enumerate(resumed->data, &mark, 1, 1000, NULL, list_solution, &marked) == 1);
        CHECK(marked.listed >= 1 && marked.rejected == 0);
        vec_free(&marked.facts);
        got.facts.n = 0;
        got.listed = 0;
        sat_budget none = {.seconds = 1e-9};
        CHECK_MSG(tetravex_enumerate(resumed->data, NULL, 0, 1000, &none, list_solution, &got) == 1 &&
                      got.listed == want.listed,
                  "8x8 #%d: a finished walk asked again with no time: %ld listed", rep, got.listed);
        vec_free(&want.facts);
        vec_free(&got.facts);
        puzzle_free(whole);
        puzzle_free(resumed);
        sb_free(&text);
    }
    unsetenv("TESSERA_THREADS");
    CHECK_MSG(cut_boards > 0, "no walk was cut short: nothing resumed");
}

/* The count held to a step budget (what the generator uses): without a
 * budget it agrees with tetravex_count, and a budget of one step stops a
 * walk that needs more than its first slice, saying so (false) instead of
 * giving a count; 8x8 boards with ten numbers, whose walks take millions
 * of placements. */
static void count_steps_stops_at_the_budget(void)
{
    rng r;
    rng_seed(&r, 29);
    int stopped = 0;
    for (int rep = 0; rep < 3; rep++) {
        strbuf text = {0};
        random_board(&r, 8, 10, &text);
        puzzle *p = load(text.s);
        CHECK(p != NULL);
        if (p) {
            const tetravex_puzzle *t = p->data;
            long want = -1, got = -1, capped = -1;
            CHECK(tetravex_count(t, NULL, NULL, 0, 2, 0, &want) == ASSIST_OK);
            CHECK(tetravex_count_steps(t, 2, 0, &got));
            CHECK_MSG(got == want && want >= 1, "#%d: %ld with no budget, %ld by tetravex_count", rep,
                      got, want);
            if (!tetravex_count_steps(t, 2, 1, &capped))
                stopped++;
            else
                CHECK_MSG(capped == want, "#%d: %ld within the budget, %ld without", rep, capped, want);
        }
        puzzle_free(p);
        sb_free(&text);
    }
    CHECK_MSG(stopped > 0, "no walk ran past a budget of one step");
}

static void hand_made_3x3(void)
{
    char *text = read_file(test_data("tetravex/hand-3x3.tetravex"), 1 << 16, NULL);
    CHECK(text != NULL);
    puzzle *p = text ? load(text) : NULL;
    CHECK(p != NULL);
    if (p) {
        int *state = solve(p);
        diag why = {0};
        CHECK_MSG(state && tetravex_verify(p->data, state, &why), "%s", why.msg);
        strbuf ans = {0};
        p->family->format_answer(p->data, state, &ans);
        CHECK_MSG(strcmp(ans.s, "1532 4865 0298\n3716 6427 9054\n1983 2679 5146\n") == 0, "%s", ans.s);
        CHECK(count_of(p, 5) == 1);
        /* swapping two tiles breaks it, and the checker says where */
        int tmp = state[0];
        state[0] = state[1];
        state[1] = tmp;
        CHECK(!tetravex_verify(p->data, state, &why));
        sb_free(&ans);
        free(state);
    }
    puzzle_free(p);
    free(text);
}

/* The TetraSAT project's own examples (3x3 and 4x4): solved, accepted by
 * the checker, unique, and equal to the answers found by a separate
 * brute-force search (recorded in the data files). */
static void tetrasat_examples(void)
{
    static const struct {
        const char *file, *answer;
    } ex[] = {
        {"tetravex/tetrasat-3x3.tetravex", "4026 3920 2439\n2072 2520 3725\n7260 2612 2546\n"},
        {"tetravex/tetrasat-4x4.tetravex", "9580 5845 7008 0390\n8020 4590 0895 9728\n"
                                           "2800 9738 9917 2279\n0697 3866 1308 7683\n"},
    };
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        char *text = read_file(test_data(ex[i].file), 1 << 16, NULL);
        CHECK(text != NULL);
        puzzle *p = text ? load(text) : NULL;
        CHECK(p != NULL);
        if (p) {
            int *state = solve(p);
            diag why = {0};
            CHECK_MSG(state && tetravex_verify(p->data, state, &why), "%s: %s", ex[i].file,
                      why.msg);
            if (state) {
                strbuf ans = {0};
                p->family->format_answer(p->data, state, &ans);
                CHECK_MSG(ans.s && strcmp(ans.s, ex[i].answer) == 0, "%s", ans.s ? ans.s : "");
                sb_free(&ans);
            }
            CHECK(count_of(p, 5) == 1);
            free(state);
        }
        puzzle_free(p);
        free(text);
    }
}

/* Four identical tiles: one arrangement, not 4! of them. */
static void duplicates_are_one_solution(void)
{
    puzzle *p = load("1111\n1111\n1111\n1111\n");
    CHECK(p != NULL);
    if (!p)
        return;
    const tetravex_puzzle *t = p->data;
    CHECK(t->ntypes == 1 && t->type_count[0] == 4);
    CHECK(count_of(p, 10) == 1);
    int *state = solve(p);
    diag why = {0};
    CHECK_MSG(state && tetravex_verify(p->data, state, &why), "%s", why.msg);
    free(state);
    puzzle_free(p);
}

static void generator_unique_and_reproducible(void)
{
    for (int n = 3; n <= 6; n++) {
        gen_options g = {.width = n, .height = n, .seed = 7u + (unsigned)n};
        strbuf a = {0}, b = {0};
        diag err = {0};
        CHECK(tetravex_generate(&g, &a, &err));
        CHECK(tetravex_generate(&g, &b, &err));
        CHECK(a.s && b.s && strcmp(a.s, b.s) == 0);
        puzzle *p = a.s ? load(a.s) : NULL;
        CHECK(p != NULL);
        if (p) {
            CHECK_MSG(count_of(p, 2) == 1, "%dx%d not unique", n, n);
            int *state = solve(p);
            diag why = {0};
            CHECK_MSG(state && tetravex_verify(p->data, state, &why), "%s", why.msg);
            free(state);
        }
        puzzle_free(p);
        sb_free(&a);
        sb_free(&b);
    }
    gen_options bad = {.width = 1};
    strbuf o = {0};
    diag err = {0};
    CHECK(!tetravex_generate(&bad, &o, &err));
    sb_free(&o);
}

/* Hints taken one after another rebuild the (checked) unique solution. */
static void hints_rebuild_the_solution(void)
{
    gen_options g = {.width = 4, .height = 4, .seed = 3};
    strbuf text = {0};
    diag err = {0};
    CHECK(tetravex_generate(&g, &text, &err));
    puzzle *p = load(text.s);
    if (!p)
        return;
    assist *a = puzzle_encode(p);
    int *state = xcalloc((size_t)p->nstate, sizeof *state);
    p->family->init_state(p->data, state);
    int marks[64];
    for (int step = 0; step < 20; step++) {
        int nm = p->family->state_marks(p->data, state, marks, 64);
        assist_hint_result h;
        CHECK(assist_hint(a, marks, nm, NULL, 0, &h) == ASSIST_OK);
        if (h.fact < 0)
            break;
        CHECK(h.forced);
        move m = {0};
        p->family->fact_move(p->data, state, h.fact, &m);
        for (int i = 0; i < m.idx.n; i++)
            state[m.idx.v[i]] = m.val.v[i];
        move_free(&m);
    }
    diag why = {0};
    CHECK_MSG(tetravex_verify(p->data, state, &why), "%s", why.msg);
    /* a wrong tile: check names it */
    int tmp = state[0];
    state[0] = state[5];
    state[5] = tmp;
    for (int c = 1; c < 16; c++)
        if (c != 5)
            state[c] = -1;
    int nm = p->family->state_marks(p->data, state, marks, 64);
    int_vec core = {0};
    CHECK(assist_check(a, marks, nm, &core) == ASSIST_NONE);
    CHECK(core.n >= 1);
    vec_free(&core);
    free(state);
    assist_free(a);
    puzzle_free(p);
    sb_free(&text);
}

/* The board UI: pick from the tray with Enter, drop on the board, swap,
 * send back; Shift+Right shifts the block. */
static void ui_moves(void)
{
    puzzle *p = load("1532\n4865\n0298\n3716\n6427\n9054\n1983\n2679\n5146\n");
    if (!p)
        return;
    const game_family *f = p->family;
    void *ui = f->ui->create(p->data);
    int rows, cols;
    CHECK(f->ui->layout(p->data, ui, 40, 100, false, &rows, &cols));
    int state[9];
    f->init_state(p->data, state);
    move m = {0};
    input_event ev = {.kind = INPUT_KEY};
    /* cursor starts on the board; Tab to the tray, Enter picks tile 0 */
    ev.key = '\t';
    CHECK(f->ui->input(p->data, ui, state, &ev, &m) == INPUT_UI);
    ev.key = GAME_KEY_SELECT;
    CHECK(f->ui->input(p->data, ui, state, &ev, &m) == INPUT_UI);
    ev.key = '\t';
    f->ui->input(p->data, ui, state, &ev, &m);
    ev.key = GAME_KEY_SELECT; /* drop on board cell 0 */
    CHECK(f->ui->input(p->data, ui, state, &ev, &m) == INPUT_MOVE);
    CHECK(m.idx.n == 1 && m.idx.v[0] == 0 && m.val.v[0] == 0);
    state[0] = 0;
    move_free(&m);
    /* the canvas shows the tile's numbers on the board */
    canvas cv;
    canvas_init(&cv, rows, cols, true);
    f->ui->draw(p->data, ui, state, NULL, &cv);
    char *txt = canvas_to_text(&cv);
    CHECK(strstr(txt, "  1  ") != NULL);
    free(txt);
    canvas_free(&cv);
    /* Shift+Right moves the block one cell */
    ev.key = GAME_KEY_RIGHT | GAME_KEY_SHIFT;
    CHECK(f->ui->input(p->data, ui, state, &ev, &m) == INPUT_MOVE);
    CHECK(m.idx.n == 2);
    move_free(&m);
    /* Space sends the tile under the cursor back to the tray */
    ev.key = ' ';
    CHECK(f->ui->input(p->data, ui, state, &ev, &m) == INPUT_MOVE);
    CHECK(m.idx.n == 1 && m.val.v[0] == -1);
    move_free(&m);
    f->ui->free(ui);
    puzzle_free(p);
}

int main(void)
{
    RUN(random_boards_solve_and_check);
    RUN(search_proposals);
    RUN(search_bands_are_complete);
    RUN(search_ring_cuts_are_sound);
    RUN(search_twins_side_by_side);
    RUN(search_same_on_any_number_of_threads);
    RUN(count_matches_brute_force);
    RUN(count_steps_stops_at_the_budget);
    RUN(enumerate_on_two_threads_lists_every_solution);
    RUN(enumerate_resumes_where_it_was_cut);
    RUN(hand_made_3x3);
    RUN(tetrasat_examples);
    RUN(duplicates_are_one_solution);
    RUN(generator_unique_and_reproducible);
    RUN(hints_rebuild_the_solution);
    RUN(ui_moves);
    TEST_MAIN_END();
}
