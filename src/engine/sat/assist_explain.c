/* assist_explain.c: why a fact is forced: the groups, marks and givens of
 * a reason, labelled minimal, the smallest found, or none. */
#include <stdlib.h>

#include "sat/assist_impl.h"

void assist_reason_free(assist_reason *r)
{
    vec_free(&r->groups);
    vec_free(&r->marks);
    vec_free(&r->givens);
    r->kind = ASSIST_REASON_NONE;
}

static void reason_clear(assist_reason *r)
{
    r->kind = ASSIST_REASON_NONE;
    r->groups.n = r->marks.n = r->givens.n = 0;
}

/* Sorts the shrunk literals back into groups, marks and givens. */
static void reason_fill(const assist *a, const int *marks, int nmarks, const int *lits, int n,
                        assist_reason *out)
{
    for (int k = 0; k < n; k++) {
        int lit = lits[k];
        bool done = false;
        for (int g = 0; g < a->group_sels.n && !done; g++)
            if (a->group_sels.v[g] == lit) {
                vec_push(&out->groups, g);
                done = true;
            }
        for (int i = 0; i < a->givens.n && !done; i++)
            if (a->fact_lits.v[a->givens.v[i]] == lit) {
                vec_push(&out->givens, a->givens.v[i]);
                done = true;
            }
        for (int i = 0; i < nmarks && !done; i++)
            if (a->fact_lits.v[marks[i]] == lit) {
                vec_push(&out->marks, marks[i]);
                done = true;
            }
    }
}

/* The proof under the service call already started (no ai_start_call). */
static assist_status explain_now(assist *a, const int *marks, int nmarks, int fact, assist_reason *out)
{
    reason_clear(out);
    if (fact < 0 || fact >= a->fact_lits.n)
        return ASSIST_NONE;
    /* The copy with selectors: its failed selectors name the groups. */
    ai_sync_explainer(a);
    sat_solver *sat = a->explainer;
    int_vec fixed = {0}, items = {0}, as = {0};
    vec_push(&fixed, -a->fact_lits.v[fact]);
    /* Shrinking drops the items it meets first: the player's marks, then
     * the givens, then the groups, so a reason leans on the clues (a given
     * Tracks piece is named by its group, not as a bare given). */
    for (int i = 0; i < nmarks; i++)
        if (!ai_given_lit(a, a->fact_lits.v[marks[i]]))
            vec_push(&items, a->fact_lits.v[marks[i]]);
    for (int i = 0; i < a->givens.n; i++)
        vec_push(&items, a->fact_lits.v[a->givens.v[i]]);
    for (int g = 0; g < a->group_sels.n; g++)
        vec_push(&items, a->group_sels.v[g]);
    for (int i = 0; i < items.n; i++)
        vec_push(&as, items.v[i]);
    vec_push(&as, fixed.v[0]);
    sat_result r = ai_call_on(a, sat, as.v, as.n);
    assist_status st = ai_status_of(r);
    if (r == SAT_SAT) {
        st = ASSIST_NONE; /* not forced: nothing to explain */
    } else if (r == SAT_UNSAT) {
        /* The failed items force the fact already: a reason, which the
         * deletion pass shrinks as far as the budget allows; every set it
         * holds on the way is still a reason. */
        int n = 0;
        for (int i = 0; i < items.n; i++)
            if (sat_failed(sat, items.v[i]))
                items.v[n++] = items.v[i];
        bool timed_out;
        n = ai_shrink_core(a, sat, &fixed, items.v, n, &timed_out);
        st = ASSIST_OK;
        out->kind = timed_out ? ASSIST_REASON_SMALLEST : ASSIST_REASON_MINIMAL;
        reason_fill(a, marks, nmarks, items.v, n, out);
    }
    vec_free(&fixed);
    vec_free(&items);
    vec_free(&as);
    return st;
}

assist_status assist_explain_reason(assist *a, const int *marks, int nmarks, int fact,
                                    assist_reason *out)
{
    ai_start_call(a);
    return explain_now(a, marks, nmarks, fact, out);
}

assist_status ai_explain_hint_now(assist *a, const int *marks, int nmarks, const assist_hint_result *hint,
                                 assist_reason *out)
{
    double keep = ai_hold_to_reason_share(a);
    assist_status st = explain_now(a, marks, nmarks, hint->fact, out);
    a->deadline = keep;
    if (hint->proof == ASSIST_PROOF_EXHAUSTION && !a->enum_deferred && st == ASSIST_OK &&
        out->kind != ASSIST_REASON_MINIMAL) {
        /* a shrink cut short there still names most of the board */
        reason_clear(out);
        st = ASSIST_UNKNOWN;
    }
    return st;
}

assist_status assist_explain_hint(assist *a, const int *marks, int nmarks, const assist_hint_result *hint,
                                  assist_reason *out)
{
    ai_start_call(a);
    return ai_explain_hint_now(a, marks, nmarks, hint, out);
}

assist_status assist_explain(assist *a, const int *marks, int nmarks, int fact, int_vec *groups_out,
                             int_vec *marks_out)
{
    if (groups_out)
        groups_out->n = 0;
    if (marks_out)
        marks_out->n = 0;
    assist_reason r = {0};
    assist_status st = assist_explain_reason(a, marks, nmarks, fact, &r);
    for (int i = 0; groups_out && i < r.groups.n; i++)
        vec_push(groups_out, r.groups.v[i]);
    for (int i = 0; marks_out && i < r.marks.n; i++)
        vec_push(marks_out, r.marks.v[i]);
    /* the givens too: this older answer has no place for them, and left
     * out, a reason of givens alone would read as "the rules alone" */
    for (int i = 0; marks_out && i < r.givens.n; i++)
        vec_push(marks_out, r.givens.v[i]);
    /* only a minimal reason is an answer; a shrink cut short is "not
     * known", with the smallest reason found left in the outputs */
    if (st == ASSIST_OK && r.kind != ASSIST_REASON_MINIMAL)
        st = ASSIST_UNKNOWN;
    assist_reason_free(&r);
    return st;
}
