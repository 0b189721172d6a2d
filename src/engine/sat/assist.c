/* assist.c: solve, check, hint, explain and count over facts and groups,
 * with lazy cuts and one deadline per service call. */
#include "sat/assist_impl.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>


assist *assist_create(void)
{
    assist *a = xcalloc(1, sizeof *a);
    a->sat = sat_create();
    return a;
}

void assist_free(assist *a)
{
    if (!a)
        return;
    if (a->free_ctx)
        a->free_ctx(a->refine_ctx);
    if (a->free_guess_ctx)
        a->free_guess_ctx(a->guess_ctx);
    if (a->free_enum_ctx)
        a->free_enum_ctx(a->enum_ctx);
    if (a->free_images_ctx)
        a->free_images_ctx(a->images_ctx);
    vec_free(&a->givens);
    free(a->given_sign);
    for (int i = 0; i < a->group_sels.n; i++)
        free(a->group_labels[i]);
    free(a->group_labels);
    vec_free(&a->fact_lits);
    vec_free(&a->group_sels);
    sat_free(a->sat);
    sat_free(a->explainer);
    sat_free(a->solver_copy);
    free(a);
}

sat_solver *assist_sat(assist *a) { return a->sat; }

int assist_add_fact(assist *a, int lit)
{
    vec_push(&a->fact_lits, lit);
    return a->fact_lits.n - 1;
}

int assist_num_facts(const assist *a) { return a->fact_lits.n; }
int assist_fact_lit(const assist *a, int fact)
{
    assert(fact >= 0 && fact < a->fact_lits.n);
    return a->fact_lits.v[fact];
}

int assist_begin_group(assist *a, const char *label)
{
    int sel = sat_new_var(a->sat);
    vec_push(&a->group_sels, sel);
    a->group_labels = xrealloc(a->group_labels, (size_t)a->group_sels.n * sizeof *a->group_labels);
    a->group_labels[a->group_sels.n - 1] = xstrdup(label ? label : "");
    sat_push_group_guard(a->sat, sel);
    return a->group_sels.n - 1;
}

void assist_end_group(assist *a) { sat_pop_guard(a->sat); }
int assist_num_groups(const assist *a) { return a->group_sels.n; }

const char *assist_group_label(const assist *a, int group)
{
    return (group >= 0 && group < a->group_sels.n) ? a->group_labels[group] : "";
}

void assist_begin_solve_only(assist *a)
{
    if (!a->solve_only_sel)
        a->solve_only_sel = sat_new_var(a->sat);
    sat_push_guard(a->sat, a->solve_only_sel);
}

void assist_end_solve_only(assist *a) { sat_pop_guard(a->sat); }

void assist_set_lazy(assist *a, assist_refine_fn refine, void *ctx, void (*free_ctx)(void *))
{
    if (a->free_ctx)
        a->free_ctx(a->refine_ctx);
    a->refine = refine;
    a->refine_ctx = ctx;
    a->free_ctx = free_ctx;
}

void assist_set_guess(assist *a, assist_guess_fn guess, void *ctx, void (*free_ctx)(void *))
{
    if (a->free_guess_ctx)
        a->free_guess_ctx(a->guess_ctx);
    a->guess = guess;
    a->guess_ctx = ctx;
    a->free_guess_ctx = free_ctx;
}

void assist_set_enumerator(assist *a, assist_enum_fn enumerate, void *ctx, void (*free_ctx)(void *))
{
    if (a->free_enum_ctx)
        a->free_enum_ctx(a->enum_ctx);
    a->enumerate = enumerate;
    a->enum_ctx = ctx;
    a->free_enum_ctx = free_ctx;
}

void assist_set_enumerator_deferred(assist *a, bool on)
{
    a->enum_deferred = on;
}

void assist_set_enumerator_resumes(assist *a, bool on)
{
    a->enum_resumes = on;
}

void assist_set_images(assist *a, assist_images_fn images, void *ctx, void (*free_ctx)(void *))
{
    if (a->free_images_ctx)
        a->free_images_ctx(a->images_ctx);
    a->images = images;
    a->images_ctx = ctx;
    a->free_images_ctx = free_ctx;
}

void assist_set_givens(assist *a, const int *givens, int ngivens)
{
    a->givens.n = 0;
    free(a->given_sign);
    a->given_cap = sat_num_vars(a->sat) + 1;
    a->given_sign = xcalloc((size_t)a->given_cap, 1);
    for (int i = 0; i < ngivens; i++) {
        int f = givens[i];
        if (f < 0 || f >= a->fact_lits.n)
            continue;
        int lit = a->fact_lits.v[f];
        int v = abs(lit);
        if (v < a->given_cap && a->given_sign[v] == (lit > 0 ? 1 : -1))
            continue; /* the same literal twice */
        if (v < a->given_cap)
            a->given_sign[v] = (signed char)(lit > 0 ? 1 : -1);
        vec_push(&a->givens, f);
    }
}

int assist_num_givens(const assist *a) { return a->givens.n; }

/* Does a given assert this literal? */
bool ai_given_lit(const assist *a, int lit)
{
    int v = abs(lit);
    return v < a->given_cap && a->given_sign[v] == (lit > 0 ? 1 : -1);
}

bool assist_is_given(const assist *a, int fact)
{
    return fact >= 0 && fact < a->fact_lits.n && ai_given_lit(a, a->fact_lits.v[fact]);
}

void assist_set_budget(assist *a, const sat_budget *budget)
{
    a->has_budget = budget != NULL;
    if (budget)
        a->budget = *budget;
}

bool assist_was_cancelled(const assist *a) { return a->cancelled; }

void ai_start_call(assist *a)
{
    a->cancelled = false;
    a->deadline = (a->has_budget && a->budget.seconds > 0) ? monotonic_seconds() + a->budget.seconds : 0;
}

double ai_hold_to_reason_share(assist *a)
{
    double keep = a->deadline;
    a->reason_seconds = 0;
    if (a->has_budget && a->budget.seconds > 0) {
        double now = monotonic_seconds(), cap = now + a->budget.seconds * ASSIST_REASON_SHARE;
        if (a->deadline == 0 || cap < a->deadline)
            a->deadline = cap;
        /* what the search may really take: the call's own deadline may
         * come first */
        a->reason_seconds = a->deadline > now ? a->deadline - now : 0;
    }
    return keep;
}

double assist_reason_seconds(const assist *a) { return a->reason_seconds; }

/* Assumption list: the givens, then the marks that are not givens, as
 * fact literals. */
void ai_base_assumptions(const assist *a, const int *marks, int nmarks, int_vec *out)
{
    out->n = 0;
    for (int i = 0; i < a->givens.n; i++)
        vec_push(out, a->fact_lits.v[a->givens.v[i]]);
    for (int i = 0; i < nmarks; i++)
        if (!ai_given_lit(a, a->fact_lits.v[marks[i]]))
            vec_push(out, a->fact_lits.v[marks[i]]);
}

/* The givens and the marks that are not givens, as fact numbers (for a
 * family's own search, which knows no givens). */
void ai_all_marks(const assist *a, const int *marks, int nmarks, int_vec *out)
{
    out->n = 0;
    for (int i = 0; i < a->givens.n; i++)
        vec_push(out, a->givens.v[i]);
    for (int i = 0; i < nmarks; i++)
        if (!ai_given_lit(a, a->fact_lits.v[marks[i]]))
            vec_push(out, marks[i]);
}

/* One solver call under the service's deadline, repeated while the family's
 * lazy check cuts the model off; constraint (nc literals, may be 0) binds
 * for the call only. */
sat_result ai_call_constrained(assist *a, sat_solver *sat, const int *assumptions, int n,
                                   const int *constraint, int nc)
{
    for (;;) {
        sat_budget b = a->budget;
        const sat_budget *bp = NULL;
        if (a->has_budget) {
            if (a->deadline > 0) {
                double left = a->deadline - monotonic_seconds();
                if (left <= 0)
                    return SAT_UNKNOWN;
                b.seconds = left;
            }
            bp = &b;
        }
        sat_result r = sat_solve_constrained(sat, assumptions, n, constraint, nc, bp);
        if (r == SAT_UNKNOWN && sat_was_cancelled(sat))
            a->cancelled = true;
        if (r != SAT_SAT || !a->refine)
            return r;
        if (a->refine(a->refine_ctx, sat) == 0)
            return r;
    }
}

sat_result ai_call_on(assist *a, sat_solver *sat, const int *assumptions, int n)
{
    return ai_call_constrained(a, sat, assumptions, n, NULL, 0);
}

sat_result ai_call(assist *a, const int *assumptions, int n)
{
    return ai_call_on(a, a->sat, assumptions, n);
}

bool ai_budget_left(const assist *a)
{
    return !a->cancelled && (a->deadline == 0 || monotonic_seconds() < a->deadline);
}

sat_result ai_call_limited(assist *a, const int *assumptions, int n, const int *constraint, int nc, int conflicts)
{
    sat_budget keep = a->budget;
    bool had = a->has_budget;
    if (conflicts > 0) {
        if (!had)
            memset(&a->budget, 0, sizeof a->budget);
        a->has_budget = true;
        a->budget.conflicts = conflicts;
    }
    sat_result r = ai_call_constrained(a, a->sat, assumptions, n, constraint, nc);
    a->budget = keep;
    a->has_budget = had;
    return r;
}

assist_status ai_status_of(sat_result r)
{
    return r == SAT_SAT ? ASSIST_OK : r == SAT_UNSAT ? ASSIST_NONE : ASSIST_UNKNOWN;
}

static void read_facts(const assist *a, bool *facts_out)
{
    for (int f = 0; f < a->fact_lits.n; f++)
        facts_out[f] = sat_value(a->sat, a->fact_lits.v[f]);
}

void assist_solve_on_copy(assist *a) { a->solve_on_copy = true; }

/* Solve under the solve-only clauses on a copy where they (and every
 * group) bind at the root: CaDiCaL simplifies with root units, not with
 * assumptions.  Returns SAT_UNSAT when the copy has none. */
static sat_result solve_copy(assist *a, const int *assumptions, int n, bool *facts_out)
{
    if (!a->solver_copy) {
        a->solver_copy = sat_clone_with_groups(a->sat);
        for (int g = 0; g < a->group_sels.n; g++)
            sat_unit(a->solver_copy, a->group_sels.v[g]);
        sat_unit(a->solver_copy, a->solve_only_sel);
    } else {
        sat_sync_clone(a->solver_copy, a->sat);
    }
    sat_result r = ai_call_on(a, a->solver_copy, assumptions, n);
    if (r == SAT_SAT && facts_out)
        for (int f = 0; f < a->fact_lits.n; f++)
            facts_out[f] = sat_value(a->solver_copy, a->fact_lits.v[f]);
    return r;
}

/* Does a proposal (fact numbers) assert every mark and given (all)? */
static bool proposal_has_marks(const assist *a, const int_vec *all, const int_vec *facts)
{
    for (int i = 0; i < all->n; i++) {
        int lit = a->fact_lits.v[all->v[i]];
        bool found = false;
        for (int j = 0; j < facts->n && !found; j++)
            found = facts->v[j] >= 0 && facts->v[j] < a->fact_lits.n && a->fact_lits.v[facts->v[j]] == lit;
        if (!found)
            return false;
    }
    return true;
}

/* Are the facts of a refutation (answered 3) some of the player's marks
 * (marks[0..nmarks)), none of them a given? */
static bool core_of_marks(const assist *a, const int *marks, int nmarks, const int_vec *facts)
{
    for (int j = 0; j < facts->n; j++) {
        int f = facts->v[j];
        if (f < 0 || f >= a->fact_lits.n || ai_given_lit(a, a->fact_lits.v[f]))
            return false;
        bool found = false;
        for (int i = 0; i < nmarks && !found; i++)
            found = marks[i] == f;
        if (!found)
            return false;
    }
    return facts->n > 0;
}

/* The family's proposal (assist_set_guess), confirmed by the solver under
 * the marks and the proposal as assumptions, or, answered 2 (a whole
 * solution the family's rules checker accepted) and asserting every mark,
 * taken as it is.  SAT_SAT: the solution's facts in facts_out (may be
 * NULL); SAT_UNKNOWN: cancelled or out of time; SAT_UNSAT: no usable
 * proposal (search as usual), or, with *refuted set, the family's rules
 * refute the marks (answered 3), the marks it named in core (may be
 * NULL).  The guess gets `share` of the time left.  all: the givens and
 * marks as fact numbers (as ai_all_marks gives them, or as a reframe
 * gives them back); marks: the part a refutation may name. */
static sat_result guess_on(assist *a, const int_vec *all, const int *marks, int nmarks, double share,
                           bool *facts_out, bool *refuted, int_vec *core)
{
    *refuted = false;
    sat_budget b = a->budget;
    if (a->deadline > 0) {
        b.seconds = (a->deadline - monotonic_seconds()) * share;
        if (b.seconds <= 0)
            return SAT_UNKNOWN;
    }
    int_vec facts = {0}, as = {0};
    int g = a->guess(a->guess_ctx, all->v, all->n, a->has_budget ? &b : NULL, &facts);
    sat_result r = SAT_UNSAT;
    if (g < 0) {
        a->cancelled = true;
        r = SAT_UNKNOWN;
    } else if (g == 3 && core_of_marks(a, marks, nmarks, &facts)) {
        *refuted = true;
        for (int j = 0; j < facts.n && core; j++)
            vec_push(core, facts.v[j]);
    } else if (g == 2 && proposal_has_marks(a, all, &facts)) {
        /* a fact is true when its literal is one of the proposal's (facts
         * may share a literal) */
        r = SAT_SAT;
        for (int f = 0; f < a->fact_lits.n && facts_out; f++) {
            facts_out[f] = false;
            for (int j = 0; j < facts.n && !facts_out[f]; j++)
                facts_out[f] = facts.v[j] >= 0 && facts.v[j] < a->fact_lits.n &&
                               a->fact_lits.v[facts.v[j]] == a->fact_lits.v[f];
        }
    } else if (g > 0) {
        for (int i = 0; i < all->n; i++)
            vec_push(&as, a->fact_lits.v[all->v[i]]);
        for (int i = 0; i < facts.n; i++)
            if (facts.v[i] >= 0 && facts.v[i] < a->fact_lits.n)
                vec_push(&as, a->fact_lits.v[facts.v[i]]);
        r = ai_call(a, as.v, as.n); /* UNSAT: a wrong proposal, the usual search decides */
        if (r == SAT_SAT && facts_out)
            read_facts(a, facts_out);
    }
    vec_free(&facts);
    vec_free(&as);
    return r;
}

/* guess_on the marks and givens in the board's own frame. */
static sat_result solve_by_guess(assist *a, const int *marks, int nmarks, double share, bool *facts_out,
                                 bool *refuted, int_vec *core)
{
    int_vec all = {0};
    ai_all_marks(a, marks, nmarks, &all);
    sat_result r = guess_on(a, &all, marks, nmarks, share, facts_out, refuted, core);
    vec_free(&all);
    return r;
}

assist_status assist_solve(assist *a, const int *marks, int nmarks, bool *facts_out)
{
    ai_start_call(a);
    if (a->guess) {
        bool refuted;
        sat_result r = solve_by_guess(a, marks, nmarks, 1, facts_out, &refuted, NULL);
        if (r != SAT_UNSAT || refuted)
            return ai_status_of(r);
    }
    int_vec as = {0};
    ai_base_assumptions(a, marks, nmarks, &as);
    if (a->solve_on_copy && a->solve_only_sel) {
        sat_result r = solve_copy(a, as.v, as.n, facts_out);
        if (r == SAT_UNSAT) { /* as below: ask again without them */
            r = ai_call(a, as.v, as.n);
            if (r == SAT_SAT && facts_out)
                read_facts(a, facts_out);
        }
        vec_free(&as);
        return ai_status_of(r);
    }
    if (a->solve_only_sel)
        vec_push(&as, a->solve_only_sel);
    sat_result r = ai_call(a, as.v, as.n);
    /* Solve-only clauses (symmetry breaking) keep one solution of each
     * symmetric family; marks that fit only another member would look
     * inconsistent, so UNSAT is asked again without them. */
    if (r == SAT_UNSAT && a->solve_only_sel)
        r = ai_call(a, as.v, as.n - 1);
    if (r == SAT_SAT && facts_out)
        read_facts(a, facts_out);
    vec_free(&as);
    return ai_status_of(r);
}

/* Deletion-based shrinking: items[0..n) (assumption literals) are known to
 * be unsatisfiable together with fixed[]; drop each item whose removal keeps
 * the set unsatisfiable, narrowing to the solver's failed subset each time,
 * and stop once `enough` items are known to be needed (the set left then
 * holds at least that many).  Returns the new length (items reordered in
 * place); on timeout *timed_out is set and items[0..length) is the set
 * shrunk so far, which is still unsatisfiable with fixed[]. */
int ai_shrink_until(assist *a, sat_solver *sat, const int_vec *fixed, int *items, int n,
                        int enough, bool *timed_out)
{
    *timed_out = false;
    int_vec as = {0};
    int i = 0;
    while (i < n && i < enough) {
        as.n = 0;
        for (int k = 0; k < fixed->n; k++)
            vec_push(&as, fixed->v[k]);
        for (int k = 0; k < n; k++)
            if (k != i)
                vec_push(&as, items[k]);
        sat_result r = ai_call_on(a, sat, as.v, as.n);
        if (r == SAT_UNKNOWN) {
            /* items[0..n) still force the conflict: the smallest found */
            *timed_out = true;
            break;
        }
        if (r == SAT_SAT) {
            i++; /* items[0..i] are needed */
            continue;
        }
        /* still UNSAT without items[i]: keep only the failed ones (they
         * include every needed item seen so far, since those are needed) */
        int m = 0;
        for (int k = 0; k < n; k++)
            if (k != i && (k < i || sat_failed(sat, items[k])))
                items[m++] = items[k];
        n = m;
    }
    vec_free(&as);
    return n;
}

/* A minimal core: shrink until every item left is needed. */
int ai_shrink_core(assist *a, sat_solver *sat, const int_vec *fixed, int *items, int n,
                       bool *timed_out)
{
    return ai_shrink_until(a, sat, fixed, items, n, n, timed_out);
}

void assist_set_check_by_guess(assist *a, bool on) { a->check_by_guess = on; }

void assist_set_reframe(assist *a, assist_reframe_fn reframe, void *ctx)
{
    a->reframe = reframe;
    a->reframe_ctx = ctx;
}

/* The guess's part of the time left at each deletion step of the check's
 * shrinking, where the check goes by the guess.  Where the guess cannot
 * tell, neither could the solver within 1,000 conflicts on any of 18
 * such steps (Tantrix, Discovery 10-24, bench/NOTES.md): a step whose
 * marks hold a solution needs a whole one, a step whose marks hold none
 * a proof, and both take CDCL seconds on these boards.  So the step is
 * left undecided there, its mark kept.  A hundredth: the steps the guess
 * decides at all it decides within it (over the 357 bundled Tantrix
 * bench boards the conflict sets add up to the same size at a twentieth
 * and at a hundredth, bench/NOTES.md), and each undecided step costs the
 * player all of it. */
#define SHRINK_GUESS_SHARE 0.01

/* One deletion step of the check's shrinking: are the givens and
 * facts[0..n) but facts[skip] (the marks, as fact numbers) satisfiable?
 * The part is asked about in the frame it fixes itself
 * (assist_set_reframe), so that its answer is the board's with only that
 * part marked; a part the family cannot reframe counts as
 * satisfiable (its marks stay in the conflict set, which stays true).
 * With a guess: the guess alone, within SHRINK_GUESS_SHARE of the time
 * left; SAT_UNKNOWN when it could not tell (the item then stays in the
 * core, which still holds no solution); without: the solver.  SAT_UNSAT
 * with the facts of the part that the refutation needs in core (the
 * guess's named marks, or the solver's failed ones). */
static sat_result check_step(assist *a, const int *facts, int n, int skip, int_vec *core)
{
    int_vec part = {0}, asked = {0};
    core->n = 0;
    for (int k = 0; k < n; k++)
        if (k != skip)
            vec_push(&part, facts[k]);
    /* the givens, then the part: asked[ng + j] says what part[j] says,
     * in the reframed list too */
    int ng = a->givens.n;
    for (int k = 0; k < ng; k++)
        vec_push(&asked, a->givens.v[k]);
    for (int j = 0; j < part.n; j++)
        vec_push(&asked, part.v[j]);
    if (a->reframe) {
        int *out = xmalloc(((size_t)asked.n + 1) * sizeof *out);
        bool ok = a->reframe(a->reframe_ctx, asked.v, asked.n, out);
        for (int k = 0; ok && k < asked.n; k++)
            ok = out[k] >= 0 && out[k] < a->fact_lits.n;
        if (!ok) {
            free(out);
            vec_free(&asked);
            vec_free(&part);
            return SAT_SAT;
        }
        for (int k = 0; k < asked.n; k++)
            asked.v[k] = out[k];
        free(out);
    }
    sat_result r = SAT_UNKNOWN;
    if (a->guess && a->check_by_guess) {
        bool refuted;
        int_vec named = {0};
        sat_result g = guess_on(a, &asked, asked.v + ng, asked.n - ng, SHRINK_GUESS_SHARE, NULL, &refuted, &named);
        if (g == SAT_SAT || refuted)
            r = g;
        /* the named marks, back in the marks' own frame */
        for (int i = 0; refuted && i < named.n; i++)
            for (int j = 0; j < part.n; j++)
                if (asked.v[ng + j] == named.v[i]) {
                    vec_push(core, part.v[j]);
                    break;
                }
        vec_free(&named);
    } else {
        int_vec as = {0};
        for (int k = 0; k < asked.n; k++)
            vec_push(&as, a->fact_lits.v[asked.v[k]]);
        r = ai_call(a, as.v, as.n);
        for (int j = 0; r == SAT_UNSAT && j < part.n; j++)
            if (sat_failed(a->sat, as.v[ng + j]))
                vec_push(core, part.v[j]);
        vec_free(&as);
    }
    vec_free(&part);
    vec_free(&asked);
    return r;
}

/* The check's core shrunk by deletion, as ai_shrink_core, on the marks'
 * fact numbers: minimal but for the marks a step could not decide
 * (check_step). */
static int shrink_check_core(assist *a, int *facts, int n, bool *timed_out)
{
    *timed_out = false;
    int_vec core = {0};
    int i = 0;
    while (i < n) {
        sat_result r = check_step(a, facts, n, i, &core);
        if (r == SAT_UNKNOWN && !ai_budget_left(a)) {
            *timed_out = true;
            break;
        }
        if (r == SAT_UNKNOWN) {
            i++; /* undecided (check_step): kept */
            continue;
        }
        if (r == SAT_SAT) {
            i++; /* facts[0..i] are needed */
            continue;
        }
        /* as in ai_shrink_until: keep the needed ones and those the
         * refutation needs */
        int m = 0;
        for (int k = 0; k < n; k++) {
            bool named = false;
            for (int j = 0; j < core.n && !named; j++)
                named = core.v[j] == facts[k];
            if (k != i && (k < i || named))
                facts[m++] = facts[k];
        }
        n = m;
    }
    vec_free(&core);
    return n;
}

/* The check's answer for marks (fact numbers, no given) known to hold no
 * solution together with the givens: ASSIST_NONE with them shrunk to a
 * minimal core in core_out (may be NULL); when the shrinking runs out of
 * time, the set shrunk so far, which still holds no solution (a true
 * answer, if not the shortest); ASSIST_UNKNOWN only when cancelled. */
static assist_status shrunk_core(assist *a, const int *marks, int nmarks, int_vec *core_out)
{
    int *facts = xcalloc((size_t)nmarks + 1, sizeof *facts);
    for (int i = 0; i < nmarks; i++)
        facts[i] = marks[i];
    bool timed_out;
    int n = shrink_check_core(a, facts, nmarks, &timed_out);
    bool cancelled = timed_out && a->cancelled;
    for (int k = 0; k < n && core_out && !cancelled; k++)
        vec_push(core_out, facts[k]);
    free(facts);
    return cancelled ? ASSIST_UNKNOWN : ASSIST_NONE;
}

assist_status assist_check(assist *a, const int *marks, int nmarks, int_vec *core_out)
{
    ai_start_call(a);
    if (core_out)
        core_out->n = 0;
    if (a->guess && a->check_by_guess) {
        bool refuted;
        int_vec named = {0};
        sat_result g = solve_by_guess(a, marks, nmarks, 1, NULL, &refuted, &named);
        if (refuted) {
            assist_status st = shrunk_core(a, named.v, named.n, core_out);
            vec_free(&named);
            return st;
        }
        vec_free(&named);
        if (g != SAT_UNSAT) /* a confirmed proposal, or out of time */
            return ai_status_of(g);
    }
    int_vec as = {0};
    ai_base_assumptions(a, marks, nmarks, &as);
    sat_result r = ai_call(a, as.v, as.n);
    if (r != SAT_UNSAT) {
        vec_free(&as);
        return ai_status_of(r);
    }
    /* Marks in the solver's core, then shrunk to a minimal set; the givens
     * stay assumed throughout, so they are never part of it. */
    int_vec failed = {0};
    for (int i = 0; i < nmarks; i++)
        if (!ai_given_lit(a, a->fact_lits.v[marks[i]]) && sat_failed(a->sat, a->fact_lits.v[marks[i]]))
            vec_push(&failed, marks[i]);
    vec_free(&as);
    assist_status st = shrunk_core(a, failed.v, failed.n, core_out);
    vec_free(&failed);
    return st;
}

void ai_sync_explainer(assist *a)
{
    if (!a->explainer)
        a->explainer = sat_clone_with_groups(a->sat);
    else
        sat_sync_clone(a->explainer, a->sat);
}

assist_status assist_explain_groups(assist *a, const int *marks, int nmarks, int fact, int enough,
                                    int_vec *groups_out)
{
    ai_start_call(a);
    groups_out->n = 0;
    if (fact < 0 || fact >= a->fact_lits.n)
        return ASSIST_NONE;
    ai_sync_explainer(a);
    sat_solver *sat = a->explainer;
    /* the marks and the fact's negation are fixed; only selectors shrink */
    int_vec fixed = {0}, items = {0}, as = {0};
    ai_base_assumptions(a, marks, nmarks, &fixed);
    vec_push(&fixed, -a->fact_lits.v[fact]);
    for (int g = 0; g < a->group_sels.n; g++)
        vec_push(&items, a->group_sels.v[g]);
    for (int i = 0; i < fixed.n; i++)
        vec_push(&as, fixed.v[i]);
    for (int i = 0; i < items.n; i++)
        vec_push(&as, items.v[i]);
    sat_result r = ai_call_on(a, sat, as.v, as.n);
    assist_status st = ai_status_of(r);
    if (r == SAT_SAT) {
        st = ASSIST_NONE; /* not forced */
    } else if (r == SAT_UNSAT) {
        int n = 0;
        for (int i = 0; i < items.n; i++)
            if (sat_failed(sat, items.v[i]))
                items.v[n++] = items.v[i];
        /* trim: solve again with the core alone (UNSAT, so cheap) while
         * its core keeps shrinking; only then the deletion pass, whose
         * satisfiable calls are the expensive ones */
        for (int round = 0; round < 8 && n > 1 && r == SAT_UNSAT; round++) {
            as.n = 0;
            for (int i = 0; i < fixed.n; i++)
                vec_push(&as, fixed.v[i]);
            for (int i = 0; i < n; i++)
                vec_push(&as, items.v[i]);
            r = ai_call_on(a, sat, as.v, as.n);
            int m = 0;
            for (int i = 0; r == SAT_UNSAT && i < n; i++)
                if (sat_failed(sat, items.v[i]))
                    items.v[m++] = items.v[i];
            if (r != SAT_UNSAT || m == n)
                break;
            n = m;
        }
        if (r == SAT_UNKNOWN)
            n = -1;
        else if (enough > 0 && n > 1) {
            bool timed_out;
            n = ai_shrink_until(a, sat, &fixed, items.v, n, enough, &timed_out);
            if (timed_out)
                n = -1;
        }
        if (n < 0) {
            st = ASSIST_UNKNOWN;
        } else {
            st = ASSIST_OK;
            for (int k = 0; k < n; k++)
                for (int g = 0; g < a->group_sels.n; g++)
                    if (a->group_sels.v[g] == items.v[k])
                        vec_push(groups_out, g);
        }
    }
    vec_free(&fixed);
    vec_free(&items);
    vec_free(&as);
    return st;
}

assist_status assist_count(assist *a, const int *marks, int nmarks, long limit, long *count)
{
    ai_start_call(a);
    *count = 0;
    /* Blocking clauses go behind a fresh activation literal, retired at the
     * end, so counting leaves the formula as it found it. */
    int act = sat_new_var(a->sat);
    int_vec as = {0};
    ai_base_assumptions(a, marks, nmarks, &as);
    vec_push(&as, act);
    /* block on the distinct variables behind the facts */
    int nvars = sat_num_vars(a->sat);
    bool *seen = xcalloc((size_t)nvars + 1, sizeof *seen);
    int_vec vars = {0};
    for (int f = 0; f < a->fact_lits.n; f++) {
        int v = abs(a->fact_lits.v[f]);
        if (!seen[v]) {
            seen[v] = true;
            vec_push(&vars, v);
        }
    }
    free(seen);
    assist_status st = ASSIST_OK;
    int_vec block = {0};
    while (*count < limit) {
        sat_result r = ai_call(a, as.v, as.n);
        if (r == SAT_UNSAT)
            break;
        if (r == SAT_UNKNOWN) {
            st = ASSIST_UNKNOWN;
            break;
        }
        (*count)++;
        block.n = 0;
        vec_push(&block, -act);
        for (int i = 0; i < vars.n; i++)
            vec_push(&block, sat_value(a->sat, vars.v[i]) ? -vars.v[i] : vars.v[i]);
        sat_clause(a->sat, block.v, block.n);
    }
    sat_unit(a->sat, -act);
    vec_free(&block);
    vec_free(&vars);
    vec_free(&as);
    return st;
}

bool assist_write_dimacs(const assist *a, FILE *out)
{
    fprintf(out, "c tessera encoding: %d facts, %d groups\n", a->fact_lits.n, a->group_sels.n);
    for (int f = 0; f < a->fact_lits.n; f++)
        fprintf(out, "c fact %d %d\n", f, a->fact_lits.v[f]);
    int_vec units = {0};
    if (a->solve_only_sel)
        vec_push(&units, a->solve_only_sel);
    bool ok = sat_write_dimacs(a->sat, out, units.v, units.n);
    vec_free(&units);
    return ok;
}
