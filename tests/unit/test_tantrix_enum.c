/* test_tantrix_enum.c: Tantrix's enumerator under placed tiles (the loop
 * search run to the end, tantrix_search_all) and the count and hint that
 * use it.  Every listed solution is accepted by the independent rules
 * checker, has every mark, appears once, and the list is as long as an
 * independent count: the engine's CDCL count (assist_count, another
 * method) on the bundled generated puzzles, on boards with fewer givens
 * and with placement marks from a verified solution, and lwiest's
 * SolvingTantrix counts for Discovery 3..8 with tile 1 held.  A wrong mark
 * gets no solution, said to be complete (and the check says so); a budget
 * far too small never says complete; the cold hint on a hard start is
 * labelled proved by exhaustion, with a fact of the verified solution;
 * a solve under marks, through the search's checked loop, is verified.
 * The witnesses' sources (stretches laid again, loops moved onto marks,
 * the enumerator under short budgets) are held to the walk run to the end
 * under the same marks: never a loop outside its list, never a forced
 * fact of its list missing; so is the restarted search, with a tile's
 * placement banned and without, and the enumerator's cover.  With one tile placed, whichever, the guess
 * finds a loop through it.  A check's conflict set holds no loop even on
 * the board that holds only its marks, and names the frame's tile with a
 * tile too far from it. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "games/tantrix.h"
#include "hexgrid.h"
#include "puzzle_util.h"
#include "rng.h"
#include "session.h"
#include "testlib.h"

static puzzle *load_text(const char *text) { return load_family_text("tantrix", text); }

static puzzle *load_bundled(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tantrix/%s", TESSERA_SOURCE_PUZZLE_DIR, name);
    diag err = {0};
    return report_load(puzzle_load(path, NULL, &err), &err);
}

/* The solutions an enumerator listed, each as its sorted facts. */
typedef struct {
    int n, cap, width;
    int *facts; /* n rows of width */
} listing;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void listing_add(void *ctx, const int *facts, int n)
{
    listing *l = ctx;
    CHECK(n == l->width);
    if (n != l->width)
        return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->facts = xrealloc(l->facts, (size_t)l->cap * (size_t)l->width * sizeof *l->facts);
    }
    int *row = l->facts + (size_t)l->n * (size_t)l->width;
    memcpy(row, facts, (size_t)n * sizeof *facts);
    qsort(row, (size_t)n, sizeof *row, cmp_int);
    l->n++;
}

/* The enumerator's answer under marks, listed into l. */
static int enumerate_into(const puzzle *p, const int *marks, int nm, long limit, const sat_budget *b, listing *l)
{
    const tantrix_puzzle *t = p->data;
    memset(l, 0, sizeof *l);
    l->width = t->n;
    return p->family->enumerate(p->data, marks, nm, limit, b, listing_add, l);
}

/* Every listed solution: a board the rules checker accepts, with every
 * mark, and no two alike.  what names the case in messages. */
static void check_listing(const puzzle *p, const int *marks, int nm, const listing *l, const char *what)
{
    const tantrix_puzzle *t = p->data;
    int *state = start_state(p);
    for (int i = 0; i < l->n; i++) {
        const int *row = l->facts + (size_t)i * (size_t)l->width;
        for (int u = 0; u < t->n; u++)
            state[3 * u] = TANTRIX_OFF;
        tantrix_frame f = {0, 0, 0};
        for (int j = 0; j < l->width; j++) {
            int tile, q, r, rot;
            CHECK(tantrix_fact_place(t, &f, row[j], &tile, &q, &r, &rot));
            state[3 * tile] = rot;
            state[3 * tile + 1] = q;
            state[3 * tile + 2] = r;
        }
        diag why = {0};
        CHECK_MSG(p->family->verify(p->data, state, &why), "%s, solution %d: %s", what, i, why.msg);
        for (int m = 0; m < nm; m++)
            CHECK_MSG(bsearch(&marks[m], row, (size_t)l->width, sizeof *row, cmp_int) != NULL,
                      "%s, solution %d lacks mark %d", what, i, marks[m]);
        for (int k = 0; k < i; k++)
            CHECK_MSG(memcmp(row, l->facts + (size_t)k * (size_t)l->width, (size_t)l->width * sizeof *row) != 0,
                      "%s: solutions %d and %d are the same", what, k, i);
    }
    free(state);
}

/* A listed solution (its facts) as a board. */
static void listed_board(const tantrix_puzzle *t, const int *row, int width, int *state)
{
    for (int u = 0; u < t->n; u++)
        state[3 * u] = TANTRIX_OFF;
    tantrix_frame f = {0, 0, 0};
    for (int j = 0; j < width; j++) {
        int tile, q, r, rot;
        CHECK(tantrix_fact_place(t, &f, row[j], &tile, &q, &r, &rot));
        state[3 * tile] = rot;
        state[3 * tile + 1] = q;
        state[3 * tile + 2] = r;
    }
}

/* The engine's CDCL count under the marks (not the family's hook). */
static long cdcl_count(const puzzle *p, const int *marks, int nm, long limit)
{
    assist *a = puzzle_encode(p);
    long n = -1;
    if (assist_count(a, marks, nm, limit, &n) != ASSIST_OK)
        n = -1;
    assist_free(a);
    return n;
}

/* The marks of a board (givens and placed tiles, in its frame). */
static int board_marks_of(const puzzle *p, const int *state, int *marks)
{
    const tantrix_puzzle *t = p->data;
    return p->family->state_marks(p->data, state, marks, tantrix_nfacts(t));
}

/* The list under marks, checked, and as long as the CDCL count. */
static void agrees_with_cdcl(const puzzle *p, const int *state, long limit, const char *what)
{
    const tantrix_puzzle *t = p->data;
    int *marks = xcalloc((size_t)tantrix_nfacts(t), sizeof *marks);
    int nm = board_marks_of(p, state, marks);
    double t0 = monotonic_seconds();
    listing l;
    int e = enumerate_into(p, marks, nm, limit, NULL, &l);
    check_listing(p, marks, nm, &l, what);
    long c = cdcl_count(p, marks, nm, limit + 1);
    printf("%s: %d marks, answer %d, %d listed, CDCL counts %ld (%.1f s)\n", what, nm, e, l.n, c,
           monotonic_seconds() - t0);
    CHECK_MSG(e == 1, "%s: answer %d", what, e);
    CHECK_MSG(l.n == c, "%s: %d listed, CDCL counts %ld", what, l.n, c);
    free(l.facts);
    free(marks);
}

/* The bundled generated puzzles of 6 to 12 tiles, from their starts: the
 * list is every solution (one each), as the CDCL count says. */
static void bundled_starts_listed_completely(void)
{
    static const char *const names[] = {
        "gen-06-easy-1",   "gen-06-easy-2",   "gen-06-easy-3",   "gen-08-easy-1",   "gen-08-easy-2",
        "gen-08-medium-1", "gen-08-medium-2", "gen-08-medium-3", "gen-10-easy-1",   "gen-10-easy-2",
        "gen-10-hard-1",   "gen-10-medium-1", "gen-10-medium-2", "gen-12-easy-1",   "gen-12-easy-2",
        "gen-12-hard-1",   "gen-12-medium-1", "gen-12-medium-2", "gen-12-medium-3",
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char file[64];
        snprintf(file, sizeof file, "%s.tantrix", names[k]);
        puzzle *p = load_bundled(file);
        CHECK(p != NULL);
        if (!p)
            continue;
        int *state = start_state(p);
        agrees_with_cdcl(p, state, 50, names[k]);
        free(state);
        puzzle_free(p);
    }
}

/* A tile set with one given of its puzzle only: several solutions, all
 * listed, as the CDCL count says; then with two more tiles placed as a
 * verified solution has them (a player's marks), and with one of them
 * turned wrong (no solution, and complete). */
static void fewer_givens_and_placement_marks(void)
{
    /* gen-06-easy-1 and gen-08-medium-1 with one of their givens,
     * gen-10-medium-1 and gen-12-easy-1 with two (CDCL takes a call per
     * solution, each through the lazy loop cuts: a hundred take minutes) */
    static const char *const sets[] = {
        "tiles 5 6 10 23 35 44\nloop yellow\ngiven 6 -1 -1 3\n",
        "tiles 3 5 15 16 20 44 50 53\nloop yellow\ngiven 15 1 -3 0\n",
        "tiles 1 3 4 5 11 44 47 50 54 56\nloop blue\ngiven 3 0 1 0\ngiven 50 -2 1 0\n",
        "tiles 2 3 6 15 22 23 31 32 43 51 52 53\nloop yellow\ngiven 22 1 2 0\ngiven 31 1 0 3\n",
    };
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        puzzle *p = load_text(sets[k]);
        CHECK(p != NULL);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        char what[64];
        snprintf(what, sizeof what, "set %zu, fewer givens", k);
        int *state = start_state(p);
        agrees_with_cdcl(p, state, 400, what);
        /* a verified solution, and two of its tiles placed as the player would */
        int *sol = start_state(p);
        assist *a = puzzle_encode(p);
        diag why = {0};
        bool solved = solve_into(p, a, sol, 60) == ASSIST_OK && p->family->verify(p->data, sol, &why);
        assist_free(a);
        CHECK_MSG(solved, "%s: no verified solution (%s)", what, why.msg);
        int placed = 0, last = -1;
        for (int u = 0; u < t->n && solved && placed < 2; u++) {
            if (t->given_rot[u] != TANTRIX_OFF)
                continue;
            memcpy(&state[3 * u], &sol[3 * u], 3 * sizeof *state);
            placed++;
            last = u;
        }
        snprintf(what, sizeof what, "set %zu, two marks", k);
        if (solved)
            agrees_with_cdcl(p, state, 400, what);
        /* the last of them turned: no solution, said to be complete */
        if (last >= 0) {
            state[3 * last] = (state[3 * last] + 1) % 6;
            int *marks = xcalloc((size_t)tantrix_nfacts(t), sizeof *marks);
            int nm = board_marks_of(p, state, marks);
            listing l;
            int e = enumerate_into(p, marks, nm, 400, NULL, &l);
            long c = cdcl_count(p, marks, nm, 400);
            CHECK_MSG(e == 1 && l.n == 0 && c == 0, "set %zu, a wrong mark: answer %d, %d listed, CDCL %ld", k,
                      e, l.n, c);
            /* the check (the guess proposes nothing: the solver decides) */
            assist *ca = puzzle_encode(p);
            CHECK(assist_check(ca, marks, nm, NULL) == ASSIST_NONE);
            assist_free(ca);
            free(l.facts);
            free(marks);
        }
        free(sol);
        free(state);
        puzzle_free(p);
    }
}

/* Discovery 3..8 and tiles 1-7 red with tile 1 held at the origin
 * unturned (a mark): as many loops as lwiest's SolvingTantrix, an
 * enumeration by another method, finds (2, 2, 4, 8, 36 blue, 84; 32). */
static void discovery_counts_with_tile_1_held(void)
{
    static const char *const texts[] = {"discovery 3\n", "discovery 4\n", "discovery 5\n", "discovery 6\n",
                                        "discovery 7\n", "discovery 8\n", "tiles 1-7\nloop red\n"};
    static const int want[] = {2, 2, 4, 8, 36, 84, 32};
    for (int k = 0; k < 7; k++) {
        puzzle *p = load_text(texts[k]);
        CHECK(p != NULL);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        int mark = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0);
        listing l;
        int e = enumerate_into(p, &mark, 1, 200, NULL, &l);
        check_listing(p, &mark, 1, &l, texts[k]);
        CHECK_MSG(e == 1 && l.n == want[k], "%s: answer %d, %d listed, want %d", texts[k], e, l.n, want[k]);
        free(l.facts);
        puzzle_free(p);
    }
}

/* Marks that cannot all hold: two tiles on one cell, one tile in two
 * places, a tile too far: none listed, complete.  A budget far too small,
 * and a limit below the count: never "complete". */
static void impossible_marks_and_short_budgets(void)
{
    puzzle *p = load_text("discovery 10\n");
    CHECK(p != NULL);
    if (!p)
        return;
    const tantrix_puzzle *t = p->data;
    int c0 = tantrix_cell(t, 0, 0), c1 = tantrix_cell(t, 1, 0);
    int cases[][2] = {
        {tantrix_fact(t, 0, c0, 0), tantrix_fact(t, 1, c0, 0)},
        {tantrix_fact(t, 0, c0, 0), tantrix_fact(t, 0, c1, 0)},
        {tantrix_fact(t, 0, c0, 0), t->nplace + 2},
    };
    for (int k = 0; k < 3; k++) {
        listing l;
        int e = enumerate_into(p, cases[k], 2, 10, NULL, &l);
        CHECK_MSG(e == 1 && l.n == 0, "case %d: answer %d, %d listed", k, e, l.n);
        free(l.facts);
    }
    int mark = tantrix_fact(t, 0, c0, 0);
    listing l;
    sat_budget tiny = {.seconds = 1e-9};
    CHECK(enumerate_into(p, &mark, 1, 1000, &tiny, &l) == -1);
    free(l.facts);
    int e = enumerate_into(p, &mark, 1, 3, NULL, &l);
    /* the walk's four loops, then maybe loops of the restarted search as
     * witnesses, which may repeat them */
    CHECK_MSG(e == 0 && l.n >= 4, "limit 3: answer %d, %d listed", e, l.n);
    int listed = l.n;
    l.n = 4;
    check_listing(p, &mark, 1, &l, "discovery 10, limit 3");
    int *one = start_state(p);
    for (int i = 4; i < listed; i++) {
        listed_board(t, l.facts + (size_t)i * (size_t)l.width, l.width, one);
        diag why = {0};
        CHECK_MSG(p->family->verify(p->data, one, &why) && one[0] == 0 && one[1] == 0 && one[2] == 0,
                  "discovery 10, witness %d: %s", i, why.msg);
    }
    free(one);
    free(l.facts);
    puzzle_free(p);
}

/* The family's count under givens is the search's (gen-12-hard-1: one),
 * and the cold hint on its start is proved by exhaustion, a fact of the
 * verified solution. */
static void cold_hint_proved_by_exhaustion(void)
{
    puzzle *p = load_bundled("gen-12-hard-1.tantrix");
    CHECK(p != NULL);
    if (!p)
        return;
    const tantrix_puzzle *t = p->data;
    int *state = start_state(p);
    int *marks = xcalloc((size_t)tantrix_nfacts(t), sizeof *marks);
    int nm = board_marks_of(p, state, marks);
    assist *a = puzzle_encode(p);
    long n = -1;
    CHECK(p->family->count(p->data, a, marks, nm, 2, 0, &n) == ASSIST_OK && n == 1);
    int *sol = start_state(p);
    diag why = {0};
    CHECK(solve_into(p, a, sol, 60) == ASSIST_OK && p->family->verify(p->data, sol, &why));
    assist_free(a);
    free(marks);
    session *s = session_create(board_create(p), 10);
    session_answer ans = {0};
    session_hint_now(s, NULL, &ans);
    const session_hint *h = &ans.hint;
    CHECK_MSG(h->label == HINT_FORCED || h->label == HINT_FORCED_NO_REASON, "label %d", (int)h->label);
    CHECK_MSG(h->exhaustive, "label %d: proof by exhaustion expected", (int)h->label);
    move m = {0};
    p->family->fact_move(p->data, state, h->fact, &m);
    CHECK(m.idx.n == 3);
    for (int i = 0; i < m.idx.n; i++)
        CHECK_MSG(sol[m.idx.v[i]] == m.val.v[i], "hint fact %d is not in the solution", h->fact);
    move_free(&m);
    session_answer_free(&ans);
    session_free(s); /* frees the board and the puzzle */
    free(sol);
    free(state);
}

/* Discovery 20 with tiles of a verified loop placed (tile 1 among them,
 * so the frame is the board's): the walk cannot finish, and the loops the
 * enumerator lists instead are solutions with every mark, which between
 * them lay every other tile in two ways, so no placement is forced; the
 * player's hint says "a choice" at once instead of running out of time. */
static void witnesses_under_marks_on_a_large_board(void)
{
    puzzle *p = load_text("discovery 20\n");
    CHECK(p != NULL);
    if (!p)
        return;
    const tantrix_puzzle *t = p->data;
    int *loop = start_state(p), *one = start_state(p), *seen = start_state(p);
    diag why = {0};
    CHECK(tantrix_search_loop(t, loop, TANTRIX_SEARCH_NODES) == 1 && p->family->verify(p->data, loop, &why));
    for (int k = 1; k <= 3; k += 2) {
        int marks[3];
        for (int u = 0; u < k; u++)
            marks[u] = tantrix_fact(t, u, tantrix_cell(t, loop[3 * u + 1], loop[3 * u + 2]), loop[3 * u]);
        sat_budget b = {.seconds = 5};
        listing l;
        int e = enumerate_into(p, marks, k, 32, &b, &l);
        CHECK_MSG(e != 1, "%d marks: said complete", k);
        bool varied[TANTRIX_MAX_TILES] = {false};
        for (int i = 0; i < l.n; i++) {
            listed_board(t, l.facts + (size_t)i * (size_t)l.width, l.width, one);
            CHECK_MSG(p->family->verify(p->data, one, &why), "%d marks, loop %d: %s", k, i, why.msg);
            for (int u = 0; u < k; u++)
                CHECK_MSG(memcmp(&one[3 * u], &loop[3 * u], 3 * sizeof *one) == 0,
                          "%d marks, loop %d moves tile %d", k, i, u + 1);
            for (int u = 0; u < t->n; u++)
                varied[u] = varied[u] || (i > 0 && memcmp(&one[3 * u], &seen[3 * u], 3 * sizeof *one) != 0);
            if (i == 0)
                memcpy(seen, one, (size_t)p->nstate * sizeof *one);
        }
        for (int u = k; u < t->n; u++)
            CHECK_MSG(varied[u], "%d marks: tile %d lies one way in all %d loops listed", k, u + 1, l.n);
        free(l.facts);

        /* the player's hint on that board */
        puzzle *q = load_text("discovery 20\n");
        session *s = session_create(board_create(q), 5);
        for (int u = 0; u < k; u++) {
            move m = {0};
            q->family->fact_move(q->data, session_board(s)->state, marks[u], &m);
            CHECK(session_apply(s, &m, false));
            move_free(&m);
        }
        session_answer ans = {0};
        session_hint_now(s, NULL, &ans);
        CHECK_MSG(ans.hint.label == HINT_CHOICE, "%d marks: hint label %d", k, (int)ans.hint.label);
        session_answer_free(&ans);
        session_free(s);
    }
    free(seen);
    free(one);
    free(loop);
    puzzle_free(p);
}

/* Every loop under the marks by the walk run to the end, as sorted facts
 * rows (each passed the rules checker in the search): the plain-C
 * reference the faster witnesses are held to. */
typedef struct {
    const tantrix_puzzle *t;
    listing *l;
} walk_ctx;

static void walk_to_listing(void *ctx, const int *state)
{
    walk_ctx *w = ctx;
    int row[TANTRIX_MAX_TILES];
    for (int u = 0; u < w->t->n; u++)
        row[u] = tantrix_fact(w->t, u, tantrix_cell(w->t, state[3 * u + 1], state[3 * u + 2]), state[3 * u]);
    listing_add(w->l, row, w->t->n);
}

static void complete_list(const puzzle *p, const int *fixed, listing *l)
{
    const tantrix_puzzle *t = p->data;
    memset(l, 0, sizeof *l);
    l->width = t->n;
    walk_ctx w = {t, l};
    int r = tantrix_search_all(t, fixed, 1000000, 0, NULL, walk_to_listing, &w);
    CHECK_MSG(r == 1, "the walk to the end: answer %d", r);
}

/* Is the loop (a state in the frame's coordinates) one of the list's? */
static bool listed_state(const tantrix_puzzle *t, const listing *l, const int *state)
{
    int row[TANTRIX_MAX_TILES];
    for (int u = 0; u < t->n; u++) {
        int cell = tantrix_cell(t, state[3 * u + 1], state[3 * u + 2]);
        if (cell < 0)
            return false;
        row[u] = tantrix_fact(t, u, cell, state[3 * u]);
    }
    qsort(row, (size_t)t->n, sizeof *row, cmp_int);
    for (int i = 0; i < l->n; i++)
        if (memcmp(row, l->facts + (size_t)i * (size_t)l->width, (size_t)t->n * sizeof *row) == 0)
            return true;
    return false;
}

typedef struct {
    const tantrix_puzzle *t;
    const listing *all;
    int found, outside;
    int first[3 * TANTRIX_MAX_TILES];
    bool other; /* a loop other than the first */
} relay_check;

static void relay_found(void *ctx, const int *state)
{
    relay_check *c = ctx;
    if (!listed_state(c->t, c->all, state))
        c->outside++;
    if (c->found++ == 0)
        memcpy(c->first, state, (size_t)c->t->n * 3 * sizeof *state);
    else if (memcmp(c->first, state, (size_t)c->t->n * 3 * sizeof *state) != 0)
        c->other = true;
}

/* The witnesses' sources against the walk to the end, on Discovery 10 and
 * 12 with tiles of a verified loop placed far apart (every fourth round
 * the loop): each stretch laid again (tantrix_relay) is a loop of the
 * complete list, and some stretch gives another; every loop of the
 * puzzle (tile 1 held) moved onto the marks (tantrix_move_loop) is
 * accepted exactly when it is in the complete list under the marks, and
 * all of that list is reached so; the enumerator under budgets from far
 * too small to ample lists only loops of the complete list, says
 * complete only with all of it, and what it leaves open (true in all it
 * listed) includes every fact the complete list has in every loop (so
 * the forced set it gives can never be larger than the true one). */
static void witnesses_against_the_complete_list(void)
{
    static const char *const texts[] = {"discovery 10", "discovery 12"};
    for (int k = 0; k < 2; k++) {
        char text[32];
        snprintf(text, sizeof text, "%s\n", texts[k]);
        puzzle *p = load_text(text);
        CHECK(p != NULL);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        int *loop = start_state(p), *fixed = start_state(p), *moved = start_state(p);
        diag why = {0};
        CHECK(tantrix_search_loop(t, loop, TANTRIX_SEARCH_NODES) == 1 && p->family->verify(p->data, loop, &why));
        int order[TANTRIX_MAX_TILES];
        CHECK(tantrix_loop_order(t, loop, order));
        for (int u = 0; u < t->n; u++)
            fixed[3 * u] = TANTRIX_OFF;
        int marks[TANTRIX_MAX_TILES], nm = 0;
        for (int i = 0; i < t->n; i += 4) {
            int u = order[i];
            memcpy(&fixed[3 * u], &loop[3 * u], 3 * sizeof *fixed);
        }
        /* the marks as the frame has them: tile 1 is among them, at the
         * origin unturned (the loop search puts it there) */
        CHECK(fixed[0] == 0 && fixed[1] == 0 && fixed[2] == 0);
        for (int u = 0; u < t->n; u++)
            if (fixed[3 * u] != TANTRIX_OFF)
                marks[nm++] = tantrix_fact(t, u, tantrix_cell(t, fixed[3 * u + 1], fixed[3 * u + 2]), fixed[3 * u]);
        listing all;
        complete_list(p, fixed, &all);
        check_listing(p, marks, nm, &all, texts[k]);
        CHECK(listed_state(t, &all, loop));
        printf("%s: %d marks, %d loops under them\n", texts[k], nm, all.n);

        /* stretches laid again */
        relay_check rc = {t, &all, 0, 0, {0}, false};
        for (int from = 0; from < t->n; from += 2)
            tantrix_relay(t, loop, order, fixed, from, 6, 8, 100000, NULL, relay_found, &rc);
        CHECK_MSG(rc.outside == 0, "%s: %d of %d relaid loops not in the complete list", texts[k], rc.outside,
                  rc.found);
        CHECK_MSG(all.n < 2 || rc.other, "%s: no stretch laid another way", texts[k]);

        /* every loop of the puzzle moved onto the marks */
        int one = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0);
        listing held;
        CHECK(enumerate_into(p, &one, 1, 1000000, NULL, &held) == 1);
        int taken = 0;
        for (int i = 0; i < held.n; i++) {
            listed_board(t, held.facts + (size_t)i * (size_t)held.width, held.width, loop);
            bool ok = tantrix_move_loop(t, loop, fixed, moved);
            bool in = ok && listed_state(t, &all, moved);
            CHECK_MSG(ok == in, "%s: loop %d moved onto the marks: %d, in the list: %d", texts[k], i, ok, in);
            taken += ok;
        }
        CHECK_MSG(taken == all.n, "%s: %d loops moved onto the marks, %d under them", texts[k], taken, all.n);
        free(held.facts);

        /* the enumerator under budgets from far too small to none */
        bool *forced = xcalloc((size_t)tantrix_nfacts(t), sizeof *forced);
        for (int f = 0; f < tantrix_nfacts(t); f++) {
            bool in_all = all.n > 0;
            for (int i = 0; i < all.n && in_all; i++)
                in_all = bsearch(&f, all.facts + (size_t)i * (size_t)all.width, (size_t)all.width,
                                 sizeof f, cmp_int) != NULL;
            forced[f] = in_all;
        }
        static const double budgets[] = {0.002, 0.02, 0.2, 0};
        for (int b = 0; b < 4; b++) {
            tantrix_loop_memo_free((tantrix_puzzle *)t); /* no loops of earlier calls */
            sat_budget bud = {.seconds = budgets[b]};
            listing l;
            int e = enumerate_into(p, marks, nm, 1000000, budgets[b] > 0 ? &bud : NULL, &l);
            int outside = 0;
            for (int i = 0; i < l.n; i++) {
                listed_board(t, l.facts + (size_t)i * (size_t)l.width, l.width, moved);
                outside += !listed_state(t, &all, moved);
            }
            CHECK_MSG(outside == 0, "%s, budget %g: %d of %d listed not in the complete list", texts[k],
                      budgets[b], outside, l.n);
            for (int f = 0; f < tantrix_nfacts(t) && l.n > 0; f++) {
                if (!forced[f])
                    continue;
                for (int i = 0; i < l.n; i++)
                    CHECK_MSG(bsearch(&f, l.facts + (size_t)i * (size_t)l.width, (size_t)l.width, sizeof f,
                                      cmp_int) != NULL,
                              "%s, budget %g: loop %d lacks forced fact %d", texts[k], budgets[b], i, f);
            }
            if (e == 1)
                CHECK_MSG(l.n >= all.n, "%s, budget %g: complete with %d of %d", texts[k], budgets[b], l.n, all.n);
            /* a cover: every fact some loop lacks, some listed loop lacks */
            for (int f = 0; f < tantrix_nfacts(t) && e == 2; f++) {
                bool in_listed = l.n > 0;
                for (int i = 0; i < l.n && in_listed; i++)
                    in_listed = bsearch(&f, l.facts + (size_t)i * (size_t)l.width, (size_t)l.width, sizeof f,
                                        cmp_int) != NULL;
                CHECK_MSG(in_listed == forced[f], "%s, budget %g: a cover with fact %d in all listed: %d, forced: %d",
                          texts[k], budgets[b], f, in_listed, forced[f]);
            }
            if (budgets[b] == 0)
                CHECK_MSG(e == 1, "%s, no budget: answer %d", texts[k], e);
            printf("%s, budget %g: answer %d, %d listed\n", texts[k], budgets[b], e, l.n);
            free(l.facts);
        }
        /* loops kept for later boards are loops of the puzzle */
        int *kept = xmalloc((size_t)64 * (size_t)t->n * 3 * sizeof *kept);
        int nkept = tantrix_loop_memo_recent(t, kept, 64);
        CHECK(nkept > 0);
        for (int i = 0; i < nkept; i++)
            CHECK_MSG(p->family->verify(p->data, kept + (size_t)i * (size_t)t->n * 3, &why), "%s, kept loop %d: %s",
                      texts[k], i, why.msg);
        free(kept);
        free(forced);
        free(all.facts);
        free(moved);
        free(fixed);
        free(loop);
        puzzle_free(p);
    }
}

/* Does every loop of the list have tile u at (q, r) turned rot? */
static bool all_listed_have(const tantrix_puzzle *t, const listing *l, int u, int rot, int q, int r)
{
    int fact = tantrix_fact(t, u, tantrix_cell(t, q, r), rot);
    for (int i = 0; i < l->n; i++)
        if (!bsearch(&fact, l->facts + (size_t)i * (size_t)l->width, (size_t)l->width, sizeof fact, cmp_int))
            return false;
    return true;
}

/* Every third tile round the loop (order) placed as the loop has it,
 * the others not placed, into fixed. */
static void place_every_third(const tantrix_puzzle *t, const int *loop, const int *order, int *fixed)
{
    for (int u = 0; u < t->n; u++)
        fixed[3 * u] = TANTRIX_OFF;
    for (int i = 0; i < t->n; i += 3)
        memcpy(&fixed[3 * order[i]], &loop[3 * order[i]], 3 * sizeof *fixed);
}

/* The placed tiles of fixed as marks, into marks; returns how many. */
static int marks_of_placed(const tantrix_puzzle *t, const int *fixed, int *marks)
{
    int nm = 0;
    for (int u = 0; u < t->n; u++)
        if (fixed[3 * u] != TANTRIX_OFF)
            marks[nm++] = tantrix_fact(t, u, tantrix_cell(t, fixed[3 * u + 1], fixed[3 * u + 2]), fixed[3 * u]);
    return nm;
}

/* Discovery n with a loop of its tiles that the rules checker accepts
 * (into loop, a state) and the tiles' order round it; NULL when it does
 * not load. */
static puzzle *discovery_and_loop(int n, int **loop, int *order)
{
    char text[32];
    snprintf(text, sizeof text, "discovery %d\n", n);
    puzzle *p = load_text(text);
    CHECK(p != NULL);
    if (!p)
        return NULL;
    const tantrix_puzzle *t = p->data;
    *loop = start_state(p);
    diag why = {0};
    CHECK(tantrix_search_loop(t, *loop, TANTRIX_SEARCH_NODES) == 1 && p->family->verify(p->data, *loop, &why));
    CHECK(tantrix_loop_order(t, *loop, order));
    return p;
}

/* Each tile not placed in fixed banned where the loop has it: the
 * restarted search finds a listed loop with it lying otherwise, or says
 * "none" exactly when every listed loop has it so.  Returns how many
 * tiles the list has one way only. */
static int bans_against_the_list(const puzzle *p, const int *loop, const int *fixed, const listing *all, int *state)
{
    const tantrix_puzzle *t = p->data;
    int forced = 0;
    for (int u = 0; u < t->n; u++) {
        if (fixed[3 * u] != TANTRIX_OFF)
            continue;
        int ban[4] = {u, loop[3 * u], loop[3 * u + 1], loop[3 * u + 2]};
        bool in_all = all_listed_have(t, all, u, ban[1], ban[2], ban[3]);
        int r = tantrix_search_placed(t, fixed, ban, 1, 1000000L, NULL, state);
        CHECK_MSG(r == (in_all ? -2 : 1), "discovery %d, tile %d banned: answer %d, in every loop: %d", t->n, u + 1,
                  r, in_all);
        if (r == 1)
            CHECK_MSG(listed_state(t, all, state) && memcmp(&state[3 * u], &loop[3 * u], 3 * sizeof *state) != 0,
                      "discovery %d, tile %d banned: a loop outside the list or with the ban", t->n, u + 1);
        forced += in_all;
    }
    return forced;
}

/* Do the named marks (core, some of marks) hold no solution: no loop by
 * the walk to the end with only their tiles placed, and none by CaDiCaL
 * with the guess left out? */
static void check_core_holds_no_loop(const puzzle *p, const int *marks, int nm, const int_vec *core, const char *who)
{
    const tantrix_puzzle *t = p->data;
    int *only = start_state(p);
    for (int u = 0; u < t->n; u++)
        only[3 * u] = TANTRIX_OFF;
    for (int j = 0; j < core->n; j++) {
        int tile, q, r, rot;
        tantrix_frame f = {0, 0, 0};
        bool known = false;
        for (int i = 0; i < nm; i++)
            known |= marks[i] == core->v[j];
        CHECK_MSG(known && tantrix_fact_place(t, &f, core->v[j], &tile, &q, &r, &rot),
                  "discovery %d, %s: names fact %d, not a mark", t->n, who, core->v[j]);
        if (known) {
            only[3 * tile] = rot;
            only[3 * tile + 1] = q;
            only[3 * tile + 2] = r;
        }
    }
    listing left;
    complete_list(p, only, &left);
    CHECK_MSG(left.n == 0, "discovery %d, %s: %d loops through the named marks alone", t->n, who, left.n);
    free(left.facts);
    free(only);
    assist *a = puzzle_encode(p);
    assist_set_check_by_guess(a, false);
    int_vec cdcl_core = {0};
    CHECK_MSG(assist_check(a, core->v, core->n, &cdcl_core) == ASSIST_NONE,
              "discovery %d, %s: the solver finds the named marks consistent", t->n, who);
    vec_free(&cdcl_core);
    assist_free(a);
}

/* The guess on the placed tiles of fixed as marks (nloops: how many
 * loops the walk to the end lists under them): a refutation (3) only
 * where that list is empty, never on the loop's own tiles (as_placed),
 * and naming marks that hold no loop (check_core_holds_no_loop).  The
 * engine's check, the guess on, says "no solution" exactly where the
 * list is empty (on these small boards), with a core that holds none.
 * True when the guess refuted. */
static bool refutation_against_the_list(const puzzle *p, const int *fixed, int nloops, bool as_placed)
{
    const tantrix_puzzle *t = p->data;
    int marks[TANTRIX_MAX_TILES];
    int nm = marks_of_placed(t, fixed, marks);
    sat_budget b = {.seconds = 1};
    int_vec core = {0};
    int g = tantrix_guess((void *)t, marks, nm, &b, &core);
    if (g == 3) {
        CHECK_MSG(nloops == 0 && !as_placed, "discovery %d: refuted with %d loops listed", t->n, nloops);
        check_core_holds_no_loop(p, marks, nm, &core, "the guess's refutation");
    }
    assist *a = puzzle_encode(p);
    assist_set_budget(a, &b);
    core.n = 0;
    assist_status st = assist_check(a, marks, nm, &core);
    CHECK_MSG(st == (nloops == 0 ? ASSIST_NONE : ASSIST_OK), "discovery %d: check %d with %d loops listed", t->n,
              (int)st, nloops);
    if (st == ASSIST_NONE)
        check_core_holds_no_loop(p, marks, nm, &core, "the check's core");
    assist_free(a);
    vec_free(&core);
    return g == 3;
}

/* The walk to the end from each placed tile in turn (any will do: every
 * loop passes them all), on Discovery 9 to 13 with every third tile of a
 * verified loop placed: the same loops as from the tile the walk picks
 * itself, each a board the rules checker accepts. */
static void walk_from_every_placed_tile(void)
{
    for (int n = 9; n <= 13; n++) {
        int *loop, order[TANTRIX_MAX_TILES];
        puzzle *p = discovery_and_loop(n, &loop, order);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        int *fixed = start_state(p);
        diag why = {0};
        place_every_third(t, loop, order, fixed);
        listing all;
        complete_list(p, fixed, &all);
        CHECK_MSG(all.n > 0 && listed_state(t, &all, loop), "discovery %d: the loop itself not listed", n);
        for (int u = 0; u < t->n; u++) {
            if (fixed[3 * u] == TANTRIX_OFF)
                continue;
            listing from = {0};
            from.width = t->n;
            walk_ctx w = {t, &from};
            long steps = 0;
            int r = tantrix_search_all_from(t, fixed, u, 1000000, 0, NULL, walk_to_listing, &w, &steps);
            CHECK_MSG(r == 1 && from.n == all.n && steps > 0, "discovery %d, from tile %d: answer %d, %d loops of %d",
                      n, u + 1, r, from.n, all.n);
            int *one = start_state(p);
            for (int i = 0; i < from.n; i++) {
                listed_board(t, from.facts + (size_t)i * (size_t)from.width, from.width, one);
                CHECK_MSG(listed_state(t, &all, one) && p->family->verify(p->data, one, &why),
                          "discovery %d, from tile %d: loop %d not in the list", n, u + 1, i);
            }
            free(one);
            free(from.facts);
        }
        free(all.facts);
        free(fixed);
        free(loop);
        puzzle_free(p);
    }
}

/* The hint on Discovery 20 with every third tile of a verified loop
 * placed, each placed tile turned by a sixth in turn, the solver held to
 * a few conflicts (too few to refute such boards): "no solution" exactly
 * where the walk to the end lists no loop, from the enumerator's walk. */
static void hint_refuted_by_the_walk(void)
{
    int *loop, order[TANTRIX_MAX_TILES], refuted = 0;
    puzzle *p = discovery_and_loop(20, &loop, order);
    if (!p)
        return;
    const tantrix_puzzle *t = p->data;
    int *fixed = start_state(p);
    for (int turned = 0; turned < t->n; turned += 3) {
        place_every_third(t, loop, order, fixed);
        fixed[3 * order[turned]] = (fixed[3 * order[turned]] + 1) % 6;
        listing all;
        complete_list(p, fixed, &all);
        int marks[TANTRIX_MAX_TILES];
        int nm = marks_of_placed(t, fixed, marks);
        sat_budget few = {.conflicts = 5};
        assist *a = puzzle_encode(p);
        assist_set_budget(a, &few);
        assist_hint_result hr;
        assist_status st = assist_hint(a, marks, nm, NULL, 0, &hr);
        CHECK_MSG(all.n == 0 ? st == ASSIST_NONE : st != ASSIST_NONE,
                  "discovery 20, tile %d turned: hint %d with %d loops listed", order[turned] + 1, (int)st, all.n);
        refuted += st == ASSIST_NONE;
        assist_free(a);
        free(all.facts);
    }
    CHECK_MSG(refuted > 0, "discovery 20: no board without a loop");
    free(fixed);
    free(loop);
    puzzle_free(p);
}

/* A board of a loop's tiles placed as the loop has them (a quarter of
 * them, or three quarters), and one more tile placed where the loop does
 * not have it, near a placed one. */
static void board_with_a_wrong_tile(const tantrix_puzzle *t, const int *loop, rng *g, bool many, int *state)
{
    int idx[TANTRIX_MAX_TILES], n = t->n;
    for (int u = 0; u < n; u++)
        idx[u] = u;
    rng_shuffle(g, idx, n);
    int k = many ? 3 * n / 4 : n / 4;
    for (int u = 0; u < n; u++)
        state[3 * u] = TANTRIX_OFF;
    for (int i = 0; i < k; i++)
        memcpy(&state[3 * idx[i]], &loop[3 * idx[i]], 3 * sizeof *state);
    int wrong = idx[k], near = idx[rng_below(g, (unsigned long)k)];
    for (;;) {
        int q = loop[3 * near + 1] + (int)rng_below(g, 9) - 4, r = loop[3 * near + 2] + (int)rng_below(g, 9) - 4;
        int rot = (int)rng_below(g, 6);
        bool taken = q == loop[3 * wrong + 1] && r == loop[3 * wrong + 2] && rot == loop[3 * wrong];
        for (int i = 0; i < k && !taken; i++)
            taken = state[3 * idx[i] + 1] == q && state[3 * idx[i] + 2] == r;
        if (!taken) {
            state[3 * wrong] = rot;
            state[3 * wrong + 1] = q;
            state[3 * wrong + 2] = r;
            return;
        }
    }
}

/* The check on boards with one wrong tile, Discovery 10, 12 and 16: its
 * conflict set must hold no loop on the board that holds only those
 * marks.  The marks are told in the frame of the lowest-numbered placed
 * tile, and a set without that tile, asked in that frame, would be asked
 * about a smaller board (the hexagon about that tile).  So each set that
 * does not hold the frame's tile is laid in its own frame (its lowest
 * tile at the origin, unturned) and the walk run to the end must find no
 * loop through it (or two of its tiles lie farther apart than a loop
 * spans); a set that names a tile "too far" says so from the others, and
 * stands as it is. */
static void check_conflicts_hold_on_their_own(void)
{
    static const int sizes[] = {10, 12, 16};
    int refuted_alone = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int *loop, order[TANTRIX_MAX_TILES];
        puzzle *p = discovery_and_loop(sizes[s], &loop, order);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        int *state = start_state(p), *fixed = start_state(p);
        for (int c = 0; c < 20; c++) {
            rng g;
            rng_seed(&g, 1000 + (unsigned long)c);
            board_with_a_wrong_tile(t, loop, &g, c % 2 == 1, state);
            int marks[TANTRIX_MAX_TILES + 1];
            int nm = p->family->state_marks(t, state, marks, TANTRIX_MAX_TILES + 1);
            assist *a = puzzle_encode(p);
            sat_budget b = {.seconds = 10};
            assist_set_budget(a, &b);
            int_vec core = {0};
            assist_status st = assist_check(a, marks, nm, &core);
            assist_free(a);
            CHECK_MSG(st == ASSIST_NONE && core.n > 0, "discovery %d, board %d: check %d, %d marks named",
                      sizes[s], c, (int)st, core.n);
            int frame_tile = -1, low = -1;
            bool too_far = false;
            tantrix_frame board_frame = {0, 0, 0}, own = {0, 0, 0};
            for (int u = 0; u < t->n && frame_tile < 0; u++)
                if (state[3 * u] != TANTRIX_OFF)
                    frame_tile = u;
            for (int u = 0; u < t->n; u++)
                fixed[3 * u] = TANTRIX_OFF;
            for (int i = 0; i < core.n; i++) {
                int tile, q, r, rot;
                if (!tantrix_fact_place(t, &board_frame, core.v[i], &tile, &q, &r, &rot)) {
                    too_far = true;
                    continue;
                }
                fixed[3 * tile] = rot;
                fixed[3 * tile + 1] = q;
                fixed[3 * tile + 2] = r;
                if (low < 0 || tile < low) {
                    low = tile;
                    own = (tantrix_frame){q, r, rot};
                }
            }
            if (too_far || low == frame_tile) {
                vec_free(&core);
                continue;
            }
            bool apart = false; /* two tiles farther apart than a loop spans */
            for (int u = 0; u < t->n; u++)
                if (fixed[3 * u] != TANTRIX_OFF) {
                    tantrix_to_frame(&own, fixed[3 * u + 1], fixed[3 * u + 2], fixed[3 * u], &fixed[3 * u + 1],
                                     &fixed[3 * u + 2], &fixed[3 * u]);
                    apart = apart || hex_distance(fixed[3 * u + 1], fixed[3 * u + 2], 0, 0) > t->n / 2;
                }
            refuted_alone++;
            if (apart) {
                vec_free(&core);
                continue;
            }
            listing none;
            complete_list(p, fixed, &none);
            CHECK_MSG(none.n == 0, "discovery %d, board %d: %d marks said to conflict hold %d loops on their own",
                      sizes[s], c, core.n, none.n);
            free(none.facts);
            vec_free(&core);
        }
        free(fixed);
        free(state);
        free(loop);
        puzzle_free(p);
    }
    CHECK_MSG(refuted_alone > 0, "no conflict set without the frame's tile");
}

/* The check on boards where a tile lies beyond the frame's hexagon (the
 * "too far" fact): the far tile alone may be right, with the frame's tile
 * (the lowest-numbered placed) moved, so the conflict set names both, and
 * says which tile it is too far from; with the frame's tile a given, the
 * far tile alone.  Two far tiles: the frame's tile and one of them. */
static void far_tile_named_with_the_frame_tile(void)
{
    puzzle *p = load_text("discovery 10\n");
    puzzle *g = load_bundled("gen-08-medium-1.tantrix"); /* tile 3 given at the origin */
    CHECK(p != NULL && g != NULL);
    if (!p || !g) {
        puzzle_free(p);
        puzzle_free(g);
        return;
    }
    struct {
        puzzle *p;
        int far[2], nfar, want;
    } cases[] = {{p, {1}, 1, 2}, {p, {1, 2}, 2, 2}, {g, {1}, 1, 1}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        const tantrix_puzzle *t = cases[k].p->data;
        int *state = start_state(cases[k].p);
        state[0] = state[1] = state[2] = 0; /* tile 0 at the origin (or given there) */
        for (int i = 0; i < cases[k].nfar; i++) {
            int u = cases[k].far[i];
            state[3 * u] = 0;
            state[3 * u + 1] = 8 + 2 * i; /* beyond n/2 steps of the origin */
            state[3 * u + 2] = 0;
        }
        int marks[TANTRIX_MAX_TILES + 1];
        int nm = cases[k].p->family->state_marks(t, state, marks, TANTRIX_MAX_TILES + 1);
        assist *a = puzzle_encode(cases[k].p);
        sat_budget b = {.seconds = 10};
        assist_set_budget(a, &b);
        int ngiv = 0, givens[TANTRIX_MAX_TILES + 1];
        if (cases[k].p->family->state_givens)
            ngiv = cases[k].p->family->state_givens(t, state, givens, TANTRIX_MAX_TILES + 1);
        assist_set_givens(a, givens, ngiv);
        int_vec core = {0}; /* the marks as the session asks: givens among them */
        assist_status st = assist_check(a, marks, nm, &core);
        assist_free(a);
        CHECK_MSG(st == ASSIST_NONE && core.n == cases[k].want, "case %zu: check %d, %d marks named, want %d", k,
                  (int)st, core.n, cases[k].want);
        int frame_fact = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0), nframe = 0, nfar = 0;
        for (int i = 0; i < core.n; i++) {
            nframe += core.v[i] == frame_fact;
            for (int j = 0; j < cases[k].nfar; j++)
                if (core.v[i] == t->nplace + cases[k].far[j]) {
                    nfar++;
                    char text[200];
                    cases[k].p->family->fact_text(t, state, core.v[i], text, sizeof text);
                    char want[64];
                    snprintf(want, sizeof want, "too far from tile %d", t->label[0]);
                    CHECK_MSG(strstr(text, want) != NULL, "case %zu: \"%s\"", k, text);
                }
        }
        CHECK_MSG(nfar == 1 && nframe == cases[k].want - 1, "case %zu: %d far, %d frame marks named", k, nfar,
                  nframe);
        vec_free(&core);
        free(state);
    }
    puzzle_free(p);
    puzzle_free(g);
}

/* The restarted search (tantrix_search_placed) against the walk to the
 * end, on Discovery 7 to 12 with every third tile of a verified loop
 * placed, as the loop has them and with each placed tile turned by a
 * sixth in turn: a loop it finds is in the complete list; "none" only
 * where that list is empty, and on these small boards every empty list
 * is proved so within the steps (a run that walks its whole tree).  With
 * a tile's placement banned, as bans_against_the_list says; the guess's
 * refutations as refutation_against_the_list says. */
static void restarted_search_against_the_complete_list(void)
{
    for (int n = 7; n <= 12; n++) {
        int *loop, order[TANTRIX_MAX_TILES], proved = 0, empty = 0, refuted = 0;
        puzzle *p = discovery_and_loop(n, &loop, order);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        int *fixed = start_state(p), *state = start_state(p);
        listing all;
        for (int turned = -1; turned < t->n; turned += 3) {
            place_every_third(t, loop, order, fixed);
            if (turned >= 0)
                fixed[3 * order[turned]] = (fixed[3 * order[turned]] + 1) % 6;
            complete_list(p, fixed, &all);
            empty += all.n == 0;
            for (unsigned long seed = 1; seed <= 3; seed++) {
                int r = tantrix_search_placed(t, fixed, NULL, seed, 1000000L, NULL, state);
                CHECK_MSG(r == 1 || r == -2, "discovery %d, tile %d turned, seed %lu: answer %d", n,
                          turned < 0 ? 0 : order[turned] + 1, seed, r);
                if (r == 1)
                    CHECK_MSG(listed_state(t, &all, state), "discovery %d, seed %lu: a loop not in the list", n,
                              seed);
                if (r == -2)
                    CHECK_MSG(all.n == 0, "discovery %d, seed %lu: none, with %d loops listed", n, seed, all.n);
                proved += r == -2;
            }
            refuted += refutation_against_the_list(p, fixed, all.n, turned < 0);
            free(all.facts);
        }
        /* on these small boards the guess settles every board with no
         * loop (its short walk or the restarted search ends) */
        CHECK_MSG(refuted == empty, "discovery %d: %d of %d boards with no loop refuted by the guess", n, refuted,
                  empty);
        place_every_third(t, loop, order, fixed);
        complete_list(p, fixed, &all);
        int forced = bans_against_the_list(p, loop, fixed, &all, state);
        free(all.facts);
        printf("discovery %d: %d boards with no loop, %d proofs of none, %d tiles forced\n", n, empty, proved,
               forced);
        CHECK_MSG(empty == 0 || proved > 0, "discovery %d: no proof of none", n);
        free(state);
        free(fixed);
        free(loop);
        puzzle_free(p);
    }
}

/* One tile placed, whichever: the guess that answers the check and solve
 * (tantrix_guess) takes the set's own loop, moved and turned onto it,
 * where the restarted search from some single tiles of Discovery 29 finds
 * none within the steps of a 5 s budget.  Each loop it gives passes the
 * rules checker with the tile where the mark has it. */
static void one_placed_tile_takes_the_sets_loop(void)
{
    puzzle *p = load_bundled("discovery-29.tantrix");
    CHECK(p != NULL);
    if (!p)
        return;
    const tantrix_puzzle *t = p->data;
    int *state = start_state(p);
    for (int u = 0; u < t->n; u++) {
        /* with one tile placed the frame has it at the origin, unturned */
        int mark = tantrix_fact(t, u, tantrix_cell(t, 0, 0), 0);
        sat_budget b = {.seconds = 5};
        int_vec facts = {0};
        CHECK_MSG(tantrix_guess((void *)t, &mark, 1, &b, &facts) == 2, "tile %d alone: no loop", u + 1);
        if (facts.n == t->n) {
            listed_board(t, facts.v, facts.n, state);
            diag why = {0};
            CHECK_MSG(p->family->verify(p->data, state, &why), "tile %d alone: %s", u + 1, why.msg);
            CHECK_MSG(state[3 * u] == 0 && state[3 * u + 1] == 0 && state[3 * u + 2] == 0,
                      "tile %d alone: the loop moves it", u + 1);
        }
        vec_free(&facts);
    }
    free(state);
    puzzle_free(p);
}

int main(void)
{
    RUN(bundled_starts_listed_completely);
    RUN(fewer_givens_and_placement_marks);
    RUN(discovery_counts_with_tile_1_held);
    RUN(impossible_marks_and_short_budgets);
    RUN(cold_hint_proved_by_exhaustion);
    RUN(restarted_search_against_the_complete_list);
    RUN(hint_refuted_by_the_walk);
    RUN(check_conflicts_hold_on_their_own);
    RUN(far_tile_named_with_the_frame_tile);
    RUN(walk_from_every_placed_tile);
    RUN(witnesses_under_marks_on_a_large_board);
    RUN(witnesses_against_the_complete_list);
    RUN(one_placed_tile_takes_the_sets_loop);
    TEST_MAIN_END();
}
