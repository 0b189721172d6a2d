/* test_hexiom_cover.c: Hexiom's cover of the forced set (hexiom_cover.c,
 * the enumerate hook answering 2) against a brute-force enumeration judged
 * by the family's checker, and the engine's labels built on it. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "games/hexiom.h"
#include "puzzle_util.h"
#include "testlib.h"

/* Solutions as one bool per fact. */
typedef struct {
    int nf, n, cap;
    bool **s;
} sols;

static void sols_add(sols *l, const int *facts, int n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->s = xrealloc(l->s, (size_t)l->cap * sizeof *l->s);
    }
    bool *w = xcalloc((size_t)l->nf + 1, sizeof *w);
    for (int i = 0; i < n; i++)
        if (facts[i] >= 0 && facts[i] < l->nf)
            w[facts[i]] = true;
    l->s[l->n++] = w;
}

static void sols_free(sols *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    memset(l, 0, sizeof *l);
}

static void listed_add(void *ctx, const int *facts, int n)
{
    sols_add(ctx, facts, n);
}

/* A solution's board for the checker: each listed fact's content. */
static int *board_of(const hexiom_puzzle *h, const bool *w)
{
    int *st = xcalloc(2 * (size_t)h->ncells, sizeof *st);
    for (int c = 0; c < h->ncells; c++) {
        st[c] = h->hole[c] ? HEXIOM_HOLE : HEXIOM_EMPTY;
        for (int what = 0; what < HEXIOM_FACTS_PER_SLOT && !h->hole[c]; what++)
            if (w[hexiom_fact(h, c, what)])
                st[c] = what == HEXIOM_FACT_EMPTY ? HEXIOM_EMPTY : HEXIOM_TILE(what);
    }
    return st;
}

/* Every solution, by brute force: each way to occupy the slots with as
 * many tiles as the level has, every tile valued by its count of occupied
 * neighbours, kept when the checker accepts it. */
static void brute_force(const puzzle *p, sols *out)
{
    const hexiom_puzzle *h = p->data;
    int slot[32], ns = 0;
    for (int c = 0; c < h->ncells; c++)
        if (!h->hole[c])
            slot[ns++] = c;
    assert(ns <= 20); /* small levels only */
    int *st = xcalloc(2 * (size_t)h->ncells, sizeof *st), facts[32];
    for (unsigned long m = 0; m < 1ul << ns; m++) {
        if (__builtin_popcountl(m) != h->ntiles)
            continue;
        for (int c = 0; c < h->ncells; c++)
            st[c] = h->hole[c] ? HEXIOM_HOLE : HEXIOM_EMPTY;
        for (int i = 0; i < ns; i++)
            if (m >> i & 1)
                st[slot[i]] = HEXIOM_TILE(0);
        for (int i = 0; i < ns; i++) {
            int c = slot[i], cnt = 0;
            if (!(m >> i & 1))
                continue;
            for (int k = 0; k < 6; k++) {
                int o = h->nbr[c * 6 + k];
                cnt += o >= 0 && !h->hole[o] && st[o] != HEXIOM_EMPTY;
            }
            st[c] = HEXIOM_TILE(cnt); /* counted before: only occupied or not matters */
        }
        if (!p->family->verify(p->data, st, NULL))
            continue;
        int nf = 0;
        for (int i = 0; i < ns; i++) {
            int c = slot[i];
            facts[nf++] = hexiom_fact(h, c, st[c] == HEXIOM_EMPTY ? HEXIOM_FACT_EMPTY : st[c] - HEXIOM_TILE(0));
        }
        sols_add(out, facts, nf);
    }
    free(st);
}

/* The solutions of all that agree with the marks. */
static void agreeing(const sols *all, const int *marks, int nm, sols *out)
{
    out->nf = all->nf;
    for (int i = 0; i < all->n; i++) {
        bool agrees = true;
        for (int a = 0; a < nm && agrees; a++)
            agrees = all->s[i][marks[a]];
        if (!agrees)
            continue;
        int facts[HEXIOM_FACTS_PER_SLOT * 20], nf = 0;
        for (int f = 0; f < all->nf; f++)
            if (all->s[i][f])
                facts[nf++] = f;
        sols_add(out, facts, nf);
    }
}

/* Do the listed solutions show exactly what all of them show: the facts
 * some solution has, and the facts every solution has (forced)?  why: the
 * first difference. */
static bool cover_matches(const sols *all, const sols *listed, char *why, size_t n)
{
    for (int f = 0; f < all->nf; f++) {
        bool some_a = false, every_a = true, some_l = false, every_l = true;
        for (int i = 0; i < all->n; i++) {
            some_a |= all->s[i][f];
            every_a &= all->s[i][f];
        }
        for (int i = 0; i < listed->n; i++) {
            some_l |= listed->s[i][f];
            every_l &= listed->s[i][f];
        }
        if (some_a != some_l || (all->n > 0 && every_a != every_l)) {
            snprintf(why, n, "fact %d: in some solution %d, shown %d; in every solution %d, in every one listed %d",
                     f, some_a, some_l, every_a, every_l);
            return false;
        }
    }
    return true;
}

static int start_marks(const puzzle *p, int *marks)
{
    int *state = start_state(p);
    int nm = p->family->state_marks(p->data, state, marks, 8 * p->nstate);
    free(state);
    return nm;
}

static puzzle *load_level(int n)
{
    char name[64];
    snprintf(name, sizeof name, "hexiom/level%02d.txt", n);
    return load_data_file(name);
}

/* The levels of side 3 or less (at most 19 slots: brute force is quick). */
static const int SMALL[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 26, 27, 31};
#define NSMALL ((int)(sizeof SMALL / sizeof *SMALL))

/* Marks for case k of a level: its givens, then k slots of one solution
 * (k = 0: none; slots spread over the board by a fixed stride), or, for
 * k < 0, a content no solution gives a slot. */
static int case_marks(const puzzle *p, const sols *all, int k, int *marks)
{
    const hexiom_puzzle *h = p->data;
    int nm = start_marks(p, marks);
    if (k > 0 && all->n > 0) {
        const bool *w = all->s[all->n / 2];
        for (int i = 0; i < k; i++) {
            int slot = (i * 7 + 3) % h->nslots;
            for (int what = 0; what < HEXIOM_FACTS_PER_SLOT; what++)
                if (w[slot * HEXIOM_FACTS_PER_SLOT + what])
                    marks[nm++] = slot * HEXIOM_FACTS_PER_SLOT + what;
        }
    } else if (k < 0) {
        for (int f = 0; f < all->nf; f++) {
            bool some = false;
            for (int i = 0; i < all->n && !some; i++)
                some = all->s[i][f];
            if (!some) {
                marks[nm++] = f;
                break;
            }
        }
    }
    return nm;
}

static const int CASES[] = {0, 1, 3, -1};
#define NCASES ((int)(sizeof CASES / sizeof *CASES))

/* On every small level, with and without marks: the cover's solutions are
 * all accepted by the checker and agree with the marks, and between them
 * they show exactly the contents some solution has and force exactly what
 * every solution has.  Dropping the last listed solution must break that
 * somewhere (else the comparison could not catch a broken cover). */
static void cover_equals_brute_force(void)
{
    int caught = 0, dropped = 0, total_listed = 0;
    for (int i = 0; i < NSMALL; i++) {
        puzzle *p = load_level(SMALL[i]);
        CHECK(p != NULL);
        if (!p)
            continue;
        const hexiom_puzzle *h = p->data;
        int nf = h->nslots * HEXIOM_FACTS_PER_SLOT;
        int *marks = xcalloc((size_t)nf + 8, sizeof *marks);
        sols free_all = {.nf = nf};
        brute_force(p, &free_all);
        for (int c = 0; c < NCASES; c++) {
            int nm = case_marks(p, &free_all, CASES[c], marks);
            sols all = {.nf = nf}, listed = {.nf = nf};
            agreeing(&free_all, marks, nm, &all);
            int e = p->family->enumerate(p->data, marks, nm, 32, NULL, listed_add, &listed);
            CHECK_MSG(e == 2 || (e == 1 && all.n == 0), "level %02d case %d: answer %d", SMALL[i], CASES[c], e);
            CHECK_MSG(listed.n <= all.n, "level %02d case %d: %d listed, %d solutions", SMALL[i], CASES[c],
                      listed.n, all.n);
            total_listed += listed.n;
            for (int w = 0; w < listed.n; w++) {
                int *st = board_of(h, listed.s[w]);
                diag why = {0};
                CHECK_MSG(p->family->verify(p->data, st, &why), "level %02d case %d, listed %d: %s", SMALL[i],
                          CASES[c], w, why.msg);
                free(st);
                for (int m = 0; m < nm; m++)
                    CHECK_MSG(listed.s[w][marks[m]], "level %02d case %d, listed %d breaks mark %d", SMALL[i],
                              CASES[c], w, marks[m]);
            }
            char why[200];
            CHECK_MSG(cover_matches(&all, &listed, why, sizeof why), "level %02d case %d: %s", SMALL[i],
                      CASES[c], why);
            if (listed.n >= 2) { /* the broken pass: one solution fewer */
                listed.n--;
                dropped++;
                caught += !cover_matches(&all, &listed, why, sizeof why);
                listed.n++;
            }
            sols_free(&all);
            sols_free(&listed);
        }
        sols_free(&free_all);
        free(marks);
        puzzle_free(p);
    }
    printf("small levels: %d solutions listed; a dropped one caught %d times of %d\n", total_listed, caught,
           dropped);
    CHECK(caught > 0);
    /* the cover is greedy: every listed solution shows something new, so
     * dropping the last one always loses a content */
    CHECK(caught == dropped);
}

/* The engine on the cover: every fact forced by exhaustion is forced in
 * the brute-force list and the other way round, every other fact refuted.
 * With an enumerator that drops the cover's last solution yet still
 * answers 2, the same comparison must fail on some level. */
typedef struct {
    void *pz;
    sols kept;
} dropping;

static void keep_add(void *ctx, const int *facts, int n)
{
    sols_add(ctx, facts, n);
}

static int dropping_enumerate(void *ctx, const int *marks, int nmarks, long limit, const sat_budget *b,
                              assist_solution_fn add, void *add_ctx)
{
    dropping *d = ctx;
    sols_free(&d->kept);
    d->kept.nf = ((const hexiom_puzzle *)d->pz)->nslots * HEXIOM_FACTS_PER_SLOT;
    int e = hexiom_enumerate_cover(d->pz, marks, nmarks, limit, b, keep_add, &d->kept);
    int facts[HEXIOM_FACTS_PER_SLOT * 20];
    int keep = d->kept.n >= 2 ? d->kept.n - 1 : d->kept.n; /* the last one dropped */
    for (int i = 0; i < keep; i++) {
        int nf = 0;
        for (int f = 0; f < d->kept.nf; f++)
            if (d->kept.s[i][f])
                facts[nf++] = f;
        add(add_ctx, facts, nf);
    }
    return e;
}

/* Does the engine's forced set (enumerator first) match the brute force? */
static bool engine_matches(const puzzle *p, assist *a, const int *marks, int nm, const sols *all, bool *exhaustion)
{
    assist_forced *fs = assist_forced_create(a);
    bool ok = assist_forced_update(a, fs, marks, nm, NULL, 0, 0) == ASSIST_OK;
    *exhaustion = true;
    for (int f = 0; f < all->nf && ok; f++) {
        assist_fact_status st = assist_forced_status(fs, f);
        if (st == ASSIST_FACT_MARKED)
            continue;
        bool every = true;
        for (int i = 0; i < all->n; i++)
            every &= all->s[i][f];
        ok = (st == ASSIST_FACT_FORCED) == every && (st == ASSIST_FACT_FORCED || st == ASSIST_FACT_REFUTED);
        if (st == ASSIST_FACT_FORCED)
            *exhaustion &= assist_forced_proof(fs, f) == ASSIST_PROOF_EXHAUSTION;
    }
    (void)p;
    assist_forced_free(fs);
    return ok;
}

static void engine_forced_set_from_cover(void)
{
    int caught = 0, tried = 0;
    for (int i = 0; i < NSMALL; i++) {
        puzzle *p = load_level(SMALL[i]);
        CHECK(p != NULL);
        if (!p)
            continue;
        const hexiom_puzzle *h = p->data;
        int nf = h->nslots * HEXIOM_FACTS_PER_SLOT;
        int *marks = xcalloc((size_t)nf + 8, sizeof *marks);
        sols free_all = {.nf = nf};
        brute_force(p, &free_all);
        for (int c = 0; c < NCASES; c++) {
            if (CASES[c] < 0)
                continue; /* no solution: the solver's answer, not the cover's */
            int nm = case_marks(p, &free_all, CASES[c], marks);
            sols all = {.nf = nf};
            agreeing(&free_all, marks, nm, &all);
            assist *a = puzzle_encode(p);
            assist_set_enumerator_deferred(a, false); /* the cover first, whatever the solver could do */
            bool exh;
            CHECK_MSG(engine_matches(p, a, marks, nm, &all, &exh), "level %02d case %d: forced set differs",
                      SMALL[i], CASES[c]);
            CHECK_MSG(exh, "level %02d case %d: a forced fact not proved by exhaustion", SMALL[i], CASES[c]);
            assist_free(a);
            /* the broken cover */
            dropping d = {.pz = p->data};
            a = puzzle_encode(p);
            assist_set_enumerator(a, dropping_enumerate, &d, NULL);
            assist_set_enumerator_deferred(a, false);
            tried++;
            caught += !engine_matches(p, a, marks, nm, &all, &exh);
            assist_free(a);
            sols_free(&d.kept);
            sols_free(&all);
        }
        sols_free(&free_all);
        free(marks);
        puzzle_free(p);
    }
    printf("engine on a cover short of one solution: wrong forced set caught %d times of %d\n", caught, tried);
    CHECK(caught > 0);
}

/* Level 38 from the start: the cover is complete (answer 2), its
 * solutions pass the checker, and between them they refute every fact but
 * the locked tiles: nothing is forced.  Its cold hint through the engine
 * as the player gets it (the cover deferred) is a choice. */
static void level38_nothing_forced(void)
{
    puzzle *p = load_level(38);
    CHECK(p != NULL);
    if (!p)
        return;
    const hexiom_puzzle *h = p->data;
    int nf = h->nslots * HEXIOM_FACTS_PER_SLOT;
    int *marks = xcalloc((size_t)nf + 8, sizeof *marks);
    int nm = start_marks(p, marks);
    sols listed = {.nf = nf};
    int e = p->family->enumerate(p->data, marks, nm, 32, NULL, listed_add, &listed);
    printf("level 38: answer %d, %d listed\n", e, listed.n);
    CHECK(e == 2);
    CHECK(listed.n > 1);
    bool *every = xcalloc((size_t)nf + 1, sizeof *every);
    for (int f = 0; f < nf; f++)
        every[f] = listed.n > 0;
    for (int w = 0; w < listed.n; w++) {
        int *st = board_of(h, listed.s[w]);
        diag why = {0};
        CHECK_MSG(p->family->verify(p->data, st, &why), "level 38, listed %d: %s", w, why.msg);
        free(st);
        for (int f = 0; f < nf; f++)
            every[f] &= listed.s[w][f];
    }
    for (int f = 0; f < nf; f++) {
        bool is_mark = false;
        for (int m = 0; m < nm; m++)
            is_mark |= marks[m] == f;
        CHECK_MSG(!every[f] || is_mark, "level 38: fact %d in every listed solution", f);
    }
    assist *a = puzzle_encode(p);
    assist_hint_result hr;
    CHECK(assist_hint(a, marks, nm, NULL, 0, &hr) == ASSIST_OK);
    CHECK(!hr.forced && hr.label == ASSIST_LABEL_CHOICE);
    assist_free(a);
    free(every);
    sols_free(&listed);
    free(marks);
    puzzle_free(p);
}

/* Level 40 keeps far more partial boards than the cover may: it answers
 * -1 and lists nothing; so does a budget already spent. */
static void cover_declines(void)
{
    puzzle *p = load_level(40);
    CHECK(p != NULL);
    if (!p)
        return;
    int *marks = xcalloc(8 * (size_t)p->nstate + 8, sizeof *marks);
    int nm = start_marks(p, marks);
    sols listed = {.nf = ((const hexiom_puzzle *)p->data)->nslots * HEXIOM_FACTS_PER_SLOT};
    CHECK(p->family->enumerate(p->data, marks, nm, 32, NULL, listed_add, &listed) == -1);
    CHECK(listed.n == 0);
    puzzle_free(p);
    p = load_level(38);
    CHECK(p != NULL);
    if (p) {
        nm = start_marks(p, marks);
        sat_budget tiny = {.seconds = 1e-9};
        CHECK(p->family->enumerate(p->data, marks, nm, 32, &tiny, listed_add, &listed) == -1);
        CHECK(listed.n == 0);
        puzzle_free(p);
    }
    sols_free(&listed);
    free(marks);
}

int main(void)
{
    RUN(cover_equals_brute_force);
    RUN(engine_forced_set_from_cover);
    RUN(level38_nothing_forced);
    RUN(cover_declines);
    TEST_MAIN_END();
}
