/* test_engine.c: the assist engine on small hand-made CNFs, one case per
 * service: solve, an UNSAT core, a hint that must not be given, an
 * explanation, a lazy cut, counting, a budget that runs out. */
#include "sat/assist.h"
#include "sat/card.h"
#include "pigeonhole.h"
#include "testlib.h"

/* x1..x3 with x1 -> x2 (group "A") and x2 -> x3 (group "B"). */
static assist *chain(int *x)
{
    assist *a = assist_create();
    sat_solver *s = assist_sat(a);
    for (int i = 0; i < 3; i++) {
        x[i] = sat_new_var(s);
        assist_add_fact(a, x[i]);  /* fact 2i: xi true */
        assist_add_fact(a, -x[i]); /* fact 2i+1: xi false */
    }
    assist_begin_group(a, "A");
    sat_clause2(s, -x[0], x[1]);
    assist_end_group(a);
    assist_begin_group(a, "B");
    sat_clause2(s, -x[1], x[2]);
    assist_end_group(a);
    return a;
}

/* x0 -> x1 -> ... -> x5, one group "link" per arrow; fact i: xi true. */
static assist *long_chain(void)
{
    assist *a = assist_create();
    sat_solver *s = assist_sat(a);
    int v[6];
    for (int i = 0; i < 6; i++) {
        v[i] = sat_new_var(s);
        assist_add_fact(a, v[i]);
    }
    for (int i = 0; i + 1 < 6; i++) {
        assist_begin_group(a, "link");
        sat_clause2(s, -v[i], v[i + 1]);
        assist_end_group(a);
    }
    return a;
}

static void solve_respects_marks(void)
{
    int x[3];
    assist *a = chain(x);
    bool facts[6];
    int marks[] = {0}; /* x1 true */
    CHECK(assist_solve(a, marks, 1, facts) == ASSIST_OK);
    CHECK(facts[0] && facts[2] && facts[4]);
    CHECK(!facts[1] && !facts[3] && !facts[5]);
    assist_free(a);
}

static void check_gives_minimal_core(void)
{
    int x[3];
    assist *a = chain(x);
    /* x1 true, x2 true, x3 false: {x1, x3 false} and {x2, x3 false} are the
     * minimal conflicts; either will do, all three is not minimal */
    int marks[] = {0, 2, 5};
    int_vec core = {0};
    CHECK(assist_check(a, marks, 3, &core) == ASSIST_NONE);
    CHECK_MSG(core.n == 2, "core size %d", core.n);
    bool has5 = false;
    for (int i = 0; i < core.n; i++)
        has5 |= core.v[i] == 5;
    CHECK(has5);
    int alone[] = {5}; /* and x3 false alone is fine */
    CHECK(assist_check(a, alone, 1, &core) == ASSIST_OK);
    int ok_marks[] = {0, 2};
    CHECK(assist_check(a, ok_marks, 2, &core) == ASSIST_OK);
    vec_free(&core);
    assist_free(a);
}

static void hint_only_forced_facts(void)
{
    int x[3];
    assist *a = chain(x);
    /* No marks: x1 false/true both possible; nothing is forced. */
    assist_hint_result h;
    CHECK(assist_hint(a, NULL, 0, NULL, 0, &h) == ASSIST_OK);
    CHECK_MSG(!h.forced, "claimed fact %d is forced", h.fact);
    CHECK(h.fact >= 0); /* a choice is offered */
    /* With x1 true, x2 and x3 are forced; x3 comes first in the order and
     * its proof (A and B) is simple enough: the nearest wins. */
    int marks[] = {0};
    int order[] = {5, 4, 3, 2, 1, 0};
    CHECK(assist_hint(a, marks, 1, order, 6, &h) == ASSIST_OK);
    CHECK(h.forced);
    CHECK_MSG(h.fact == 4, "fact %d", h.fact);
    assist_free(a);

    /* A long chain x0 -> x1 -> ... -> x5, one group per link: x5 is first
     * in the order but needs five groups, x1 needs one: the simpler wins. */
    a = long_chain();
    int m0[] = {0};
    int far_first[] = {5, 4, 3, 2, 1};
    CHECK(assist_hint(a, m0, 1, far_first, 5, &h) == ASSIST_OK);
    CHECK(h.forced);
    CHECK_MSG(h.fact == 2 || h.fact == 1, "fact %d", h.fact);
    assist_free(a);
}

static void explain_names_the_groups(void)
{
    int x[3];
    assist *a = chain(x);
    int marks[] = {0};
    int_vec groups = {0}, why_marks = {0};
    /* x3 true follows from x1 via A and B */
    CHECK(assist_explain(a, marks, 1, 4, &groups, &why_marks) == ASSIST_OK);
    CHECK(groups.n == 2);
    CHECK(why_marks.n == 1 && why_marks.v[0] == 0);
    /* x2 true needs only A */
    CHECK(assist_explain(a, marks, 1, 2, &groups, &why_marks) == ASSIST_OK);
    CHECK(groups.n == 1 && groups.v[0] == 0);
    CHECK(strcmp(assist_group_label(a, groups.v[0]), "A") == 0);
    /* x3 false is not forced: nothing to explain */
    CHECK(assist_explain(a, marks, 1, 5, &groups, &why_marks) == ASSIST_NONE);
    vec_free(&groups);
    vec_free(&why_marks);
    assist_free(a);
}

/* Lazy rule: "not all three true", added only when a model breaks it. */
static int cuts_added;
static int no_three(void *ctx, sat_solver *s)
{
    int *x = ctx;
    if (sat_value(s, x[0]) && sat_value(s, x[1]) && sat_value(s, x[2])) {
        sat_clause3(s, -x[0], -x[1], -x[2]);
        cuts_added++;
        return 1;
    }
    return 0;
}

static void lazy_cut_is_applied(void)
{
    int x[3];
    assist *a = chain(x);
    static int xs[3];
    memcpy(xs, x, sizeof xs);
    assist_set_lazy(a, no_three, xs, NULL);
    cuts_added = 0;
    bool facts[6];
    int marks[] = {0}; /* x1 -> x2 -> x3: all true, which the lazy rule forbids */
    CHECK(assist_solve(a, marks, 1, facts) == ASSIST_NONE);
    CHECK(cuts_added == 1);
    int m2[] = {3}; /* x2 false: x1 false, x3 free */
    CHECK(assist_solve(a, m2, 1, facts) == ASSIST_OK);
    CHECK(!facts[0] && !facts[2]);
    assist_free(a);
}

static void count_solutions(void)
{
    int x[3];
    assist *a = chain(x);
    long n = 0;
    /* models of x1->x2->x3: FFF FFT FTT TTT = 4 */
    CHECK(assist_count(a, NULL, 0, 100, &n) == ASSIST_OK);
    CHECK_MSG(n == 4, "count %ld", n);
    CHECK(assist_count(a, NULL, 0, 2, &n) == ASSIST_OK && n == 2);
    /* counting leaves the formula as it was */
    CHECK(assist_count(a, NULL, 0, 100, &n) == ASSIST_OK && n == 4);
    int marks[] = {2}; /* x2 true: FTT TTT */
    CHECK(assist_count(a, marks, 1, 100, &n) == ASSIST_OK && n == 2);
    assist_free(a);
}

static void solve_only_clauses_stay_out_of_count(void)
{
    int x[3];
    assist *a = chain(x);
    assist_begin_solve_only(a);
    sat_unit(assist_sat(a), -x[2]); /* "symmetry breaking": x3 false */
    assist_end_solve_only(a);
    bool facts[6];
    CHECK(assist_solve(a, NULL, 0, facts) == ASSIST_OK);
    CHECK(!facts[4]);
    long n = 0;
    CHECK(assist_count(a, NULL, 0, 100, &n) == ASSIST_OK && n == 4);
    assist_hint_result h;
    int marks[] = {0};
    CHECK(assist_hint(a, marks, 1, NULL, 0, &h) == ASSIST_OK && h.forced);
    assist_free(a);
}

/* Pigeonhole on an engine.  Fact 0: pigeon 0 in hole 0. */
static assist *pigeonhole(int pigeons)
{
    assist *a = assist_create();
    assist_add_fact(a, add_pigeonhole(assist_sat(a), pigeons));
    return a;
}

/* A forced set kept between hints keeps the proofs' sizes it measured:
 * asked again on the same marks with no time left, the hint still offers
 * the simpler fact the sizes chose, not the nearest (the player's hint
 * after a focus move, which would otherwise measure them again). */
static void kept_forced_set_keeps_proof_sizes(void)
{
    assist *a = long_chain();
    int m0[] = {0};
    int far_first[] = {5, 4, 3, 2, 1};
    assist_forced *fs = assist_forced_create(a);
    assist_hint_result first, again;
    CHECK(assist_hint_on(a, fs, m0, 1, far_first, 5, &first, NULL) == ASSIST_OK);
    CHECK(first.forced);
    CHECK_MSG(first.fact == 2 || first.fact == 1, "fact %d", first.fact);
    sat_budget none = {.seconds = 1e-9}; /* every solver call: out of time */
    assist_set_budget(a, &none);
    CHECK(assist_hint_on(a, fs, m0, 1, far_first, 5, &again, NULL) == ASSIST_OK);
    CHECK(again.forced);
    CHECK_MSG(again.fact == first.fact, "fact %d, then %d", first.fact, again.fact);
    assist_forced_free(fs);
    assist_free(a);
}

/* An enumerator that needs two asks to finish, as a walk cut short by its
 * budget does: the first lists one solution and answers -1, the second
 * lists it again with one more, a cover (2).  Facts: z, p true, p false,
 * where z is forced only because eleven pigeons do not fit ten holes (each
 * pigeonhole clause has z in it), beyond the solver's conflict budget. */
typedef struct {
    int asked;
} two_asks;

static int two_asks_enumerate(void *ctx, const int *marks, int nmarks, long limit, const sat_budget *budget,
                              assist_solution_fn add, void *add_ctx)
{
    (void)marks, (void)nmarks, (void)limit, (void)budget;
    two_asks *t = ctx;
    int with_p[] = {0, 1}, without_p[] = {0, 2};
    add(add_ctx, with_p, 2);
    if (++t->asked == 1)
        return -1;
    add(add_ctx, without_p, 2);
    return 2;
}

static assist *pigeons_or_z(two_asks *t, bool resumes)
{
    enum { PIGEONS = 11, HOLES = PIGEONS - 1 };
    assist *a = assist_create();
    sat_solver *s = assist_sat(a);
    int z = sat_new_var(s), v[PIGEONS * HOLES];
    for (int i = 0; i < PIGEONS * HOLES; i++)
        v[i] = sat_new_var(s);
    assist_add_fact(a, z);
    assist_add_fact(a, v[0]);
    assist_add_fact(a, -v[0]);
    for (int p = 0; p < PIGEONS; p++) {
        int c[HOLES + 1];
        for (int h = 0; h < HOLES; h++)
            c[h] = v[p * HOLES + h];
        c[HOLES] = z;
        sat_clause(s, c, HOLES + 1);
    }
    for (int h = 0; h < HOLES; h++)
        for (int p = 0; p < PIGEONS; p++)
            for (int q = p + 1; q < PIGEONS; q++) {
                int c[] = {-v[p * HOLES + h], -v[q * HOLES + h], z};
                sat_clause(s, c, 3);
            }
    assist_set_enumerator(a, two_asks_enumerate, t, NULL);
    assist_set_enumerator_resumes(a, resumes);
    sat_budget b = {.conflicts = 200};
    assist_set_budget(a, &b);
    return a;
}

/* A resuming enumerator cut short is asked again by the next update on
 * the same marks, and its finished cover proves z by exhaustion; one that
 * does not resume is asked once per set of marks, and the solver alone
 * cannot prove z within its budget. */
static void cut_enumerator_asked_again_when_it_resumes(void)
{
    for (int resumes = 0; resumes < 2; resumes++) {
        two_asks t = {0};
        assist *a = pigeons_or_z(&t, resumes);
        assist_forced *fs = assist_forced_create(a);
        CHECK(assist_forced_update(a, fs, NULL, 0, NULL, 0, 0) == ASSIST_UNKNOWN);
        CHECK(t.asked == 1);
        assist_status st = assist_forced_update(a, fs, NULL, 0, NULL, 0, 0);
        if (resumes) {
            CHECK_MSG(st == ASSIST_OK && t.asked == 2, "status %d after %d asks", st, t.asked);
            CHECK(assist_forced_status(fs, 0) == ASSIST_FACT_FORCED);
            CHECK(assist_forced_proof(fs, 0) == ASSIST_PROOF_EXHAUSTION);
            CHECK(assist_forced_status(fs, 1) == ASSIST_FACT_REFUTED);
            CHECK(assist_forced_status(fs, 2) == ASSIST_FACT_REFUTED);
            /* finished: not asked again */
            CHECK(assist_forced_update(a, fs, NULL, 0, NULL, 0, 0) == ASSIST_OK && t.asked == 2);
        } else {
            CHECK_MSG(st == ASSIST_UNKNOWN && t.asked == 1, "status %d after %d asks", st, t.asked);
        }
        assist_forced_free(fs);
        assist_free(a);
    }
}

static void budget_runs_out(void)
{
    assist *a = pigeonhole(11);
    sat_budget b = {.conflicts = 50};
    assist_set_budget(a, &b);
    bool facts[1];
    CHECK(assist_solve(a, NULL, 0, facts) == ASSIST_UNKNOWN);
    long n;
    CHECK(assist_count(a, NULL, 0, 2, &n) == ASSIST_UNKNOWN);
    assist_free(a);
}

static bool cancel_now(void *ctx)
{
    (void)ctx;
    return true;
}

static void poll_cancels(void)
{
    assist *a = pigeonhole(12);
    sat_budget b = {.seconds = 30, .poll = cancel_now};
    assist_set_budget(a, &b);
    CHECK(assist_solve(a, NULL, 0, NULL) == ASSIST_UNKNOWN);
    CHECK(assist_was_cancelled(a));
    assist_free(a);
}

/* Every cardinality constraint against brute force over 0..2^n. */
static void cardinality_matches_brute_force(void)
{
    for (int n = 1; n <= 8; n++)
        for (int k = -1; k <= n + 1; k++)
            for (int kind = 0; kind < 4; kind++) {
                assist *a = assist_create();
                sat_solver *s = assist_sat(a);
                int lits[8];
                for (int i = 0; i < n; i++) {
                    lits[i] = sat_new_var(s);
                    assist_add_fact(a, lits[i]);
                }
                if (kind == 0)
                    card_at_most(s, lits, n, k);
                else if (kind == 1)
                    card_at_least(s, lits, n, k);
                else if (kind == 2)
                    card_exactly(s, lits, n, k);
                else
                    card_exactly_totalizer(s, lits, n, k);
                long expect = 0;
                for (int m = 0; m < (1 << n); m++) {
                    int c = __builtin_popcount((unsigned)m);
                    expect += kind == 0 ? c <= k : kind == 1 ? c >= k : c == k;
                }
                long got = -1;
                CHECK(assist_count(a, NULL, 0, 1000, &got) == ASSIST_OK);
                CHECK_MSG(got == expect, "n=%d k=%d kind=%d: %ld solutions, expected %ld", n, k,
                          kind, got, expect);
                assist_free(a);
            }
}

static void wrapper_refuses_misuse(void)
{
    sat_solver *s = sat_create();
    int x = sat_new_var(s);
    sat_unit(s, x);
    /* value before any solve, failed after SAT: refused, not aborted */
    CHECK(!sat_value(s, x));
    CHECK(sat_solve(s, NULL, 0, NULL) == SAT_SAT);
    CHECK(sat_value(s, x));
    CHECK(!sat_failed(s, x));
    int as = -x;
    CHECK(sat_solve(s, &as, 1, NULL) == SAT_UNSAT);
    CHECK(!sat_value(s, x));
    CHECK(sat_failed(s, -x));
    sat_free(s);
}

/* A family's guess: x1, x2, x3 all true (facts 0, 2, 4), said to be
 * accepted by its rules checker (2). */
static int checked_guess(void *ctx, const int *marks, int nmarks, const sat_budget *b, int_vec *facts_out)
{
    (void)marks;
    (void)nmarks;
    (void)b;
    ++*(int *)ctx;
    int all_true[] = {0, 2, 4};
    for (int i = 0; i < 3; i++)
        vec_push(facts_out, all_true[i]);
    return 2;
}

/* check takes a checked proposal as its answer only when it holds every
 * mark: one that leaves a mark out proves nothing about those marks. */
static void check_takes_a_checked_guess_with_the_marks(void)
{
    int x[3], asked = 0;
    assist *a = chain(x);
    assist_set_guess(a, checked_guess, &asked, NULL);
    assist_set_check_by_guess(a, true);
    int held[] = {0, 4};
    CHECK(assist_check(a, held, 2, NULL) == ASSIST_OK);
    int conflict[] = {0, 2, 5}; /* x3 false is not in the proposal */
    int_vec core = {0};
    CHECK(assist_check(a, conflict, 3, &core) == ASSIST_NONE);
    CHECK_MSG(core.n == 2, "core size %d", core.n);
    /* once per check, and again at each of the shrinking's deletion
     * steps: there a proposal that leaves a mark out decides nothing and
     * the mark stays (the core of 2 comes from the solver's core of the
     * whole check), one that holds every mark left shows one needed */
    CHECK_MSG(asked > 2, "guess asked %d times", asked);
    vec_free(&core);
    assist_free(a);
}

int main(void)
{
    RUN(solve_respects_marks);
    RUN(check_gives_minimal_core);
    RUN(hint_only_forced_facts);
    RUN(explain_names_the_groups);
    RUN(lazy_cut_is_applied);
    RUN(count_solutions);
    RUN(solve_only_clauses_stay_out_of_count);
    RUN(kept_forced_set_keeps_proof_sizes);
    RUN(budget_runs_out);
    RUN(cut_enumerator_asked_again_when_it_resumes);
    RUN(poll_cancels);
    RUN(cardinality_matches_brute_force);
    RUN(wrapper_refuses_misuse);
    RUN(check_takes_a_checked_guess_with_the_marks);
    TEST_MAIN_END();
}
