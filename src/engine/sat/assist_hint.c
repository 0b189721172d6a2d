/* assist_hint.c: which fact a hint offers, from the forced set, and its
 * label (forced with or without a reason, a choice, or not known). */
#include <stdlib.h>

#include "sat/assist_impl.h"

/* A hint looks further than the nearest forced fact only when that one's
 * proof needs more than SIMPLE_PROOF groups, and then compares up to
 * HINT_CHOICES forced facts, nearest first. */
#define SIMPLE_PROOF 2
#define HINT_CHOICES 4

/* How many groups the proof of a forced fact needs, judged by one solver
 * call on the copy with selectors (its failed selectors: a core, not
 * always the smallest, but a fair measure); -1 when out of time. */
static int proof_size(assist *a, const int *marks, int nmarks, int fact)
{
    ai_sync_explainer(a);
    int_vec as = {0};
    ai_base_assumptions(a, marks, nmarks, &as);
    for (int g = 0; g < a->group_sels.n; g++)
        vec_push(&as, a->group_sels.v[g]);
    vec_push(&as, -a->fact_lits.v[fact]);
    int size = -1;
    if (ai_call_on(a, a->explainer, as.v, as.n) == SAT_UNSAT) {
        size = 0;
        for (int g = 0; g < a->group_sels.n; g++)
            size += sat_failed(a->explainer, a->group_sels.v[g]);
    }
    vec_free(&as);
    return size;
}

/* proof_size, measured once per fact and marks (kept in fs: a hint after
 * each focus move asks again about the same nearest facts). */
static int kept_proof_size(assist *a, assist_forced *fs, const int *marks, int nmarks, int fact)
{
    int size = ai_forced_size(fs, fact);
    if (size == PROOF_SIZE_UNKNOWN) {
        size = proof_size(a, marks, nmarks, fact);
        if (!assist_was_cancelled(a)) /* cut short, it says nothing */
            ai_forced_set_size(fs, fact, size);
    }
    return size;
}

/* Is a forced fact's proof size worth a solver call?  Proved by UNSAT,
 * yes; by exhaustion, only from a deferred enumerator (the solver found
 * the board hard but not hopeless: a forced fact's core comes in one
 * call, as it did before that enumerator ran); an enumerator asked first
 * stands where the solver cannot prove at all (Tetravex's corners). */
static bool sizable(const assist *a, const assist_forced *fs, int fact)
{
    assist_proof p = assist_forced_proof(fs, fact);
    return p == ASSIST_PROOF_UNSAT || (p == ASSIST_PROOF_EXHAUSTION && a->enum_deferred);
}

/* The forced fact to offer among those known: the nearest, unless its
 * proof needs many groups (then the smallest proof among the nearest few;
 * a proof by exhaustion is not sized: the solver may need minutes). */
static int pick_forced(assist *a, assist_forced *fs, const int *marks, int nmarks, const int *order,
                       int norder)
{
    int_vec list = {0};
    assist_forced_list(fs, &list);
    int first = list.v[0];
    int best = first;
    if (a->group_sels.n == 0 || !sizable(a, fs, first)) {
        vec_free(&list);
        return best;
    }
    int best_size = kept_proof_size(a, fs, marks, nmarks, first);
    if (best_size < 0 || best_size <= SIMPLE_PROOF) {
        vec_free(&list);
        return best;
    }
    if (list.n < HINT_CHOICES) {
        /* a few more forced facts to compare (what it proves stays) */
        ai_forced_update(a, fs, marks, nmarks, order, norder, HINT_CHOICES);
        assist_forced_list(fs, &list);
    }
    for (int i = 1; i < list.n && i < HINT_CHOICES; i++) {
        int f = list.v[i];
        if (!sizable(a, fs, f))
            continue;
        int size = kept_proof_size(a, fs, marks, nmarks, f);
        if (size < 0)
            break;
        if (size < best_size) {
            best = f;
            best_size = size;
        }
        if (best_size <= SIMPLE_PROOF)
            break;
    }
    vec_free(&list);
    return best;
}

/* Under the service call already started. */
static assist_status hint_now(assist *a, assist_forced *keep, const int *marks, int nmarks,
                              const int *order, int norder, assist_hint_result *out)
{
    out->fact = -1;
    out->forced = false;
    out->label = ASSIST_LABEL_NOT_KNOWN;
    out->proof = ASSIST_PROOF_NONE;
    assist_forced *fs = keep ? keep : assist_forced_create(a);
    assist_status st = ai_forced_update(a, fs, marks, nmarks, order, norder, 1);
    if (st == ASSIST_NONE) {
        if (!keep)
            assist_forced_free(fs);
        return st;
    }
    int_vec list = {0};
    assist_forced_list(fs, &list);
    if (list.n > 0) {
        /* proved, whatever the budget did afterwards; the proofs' sizes
         * are part of the reason's search and get its share of the budget
         * (assist_explain_hint): a hint is wanted at once */
        double keep_deadline = ai_hold_to_reason_share(a);
        out->fact = pick_forced(a, fs, marks, nmarks, order, norder);
        a->deadline = keep_deadline;
        out->forced = true;
        out->label = ASSIST_LABEL_FORCED_NO_REASON;
        out->proof = assist_forced_proof(fs, out->fact);
        st = ASSIST_OK;
    } else {
        /* a fact of one solution: labelled a choice only when every fact
         * is decided and none is forced */
        const bool *w = ai_forced_any_witness(fs);
        const int *seq;
        int nseq = ai_forced_seq(fs, &seq);
        for (int i = 0; w && i < nseq && out->fact < 0; i++)
            if (assist_forced_status(fs, seq[i]) != ASSIST_FACT_MARKED && w[seq[i]])
                out->fact = seq[i];
        out->label = st == ASSIST_OK ? ASSIST_LABEL_CHOICE : ASSIST_LABEL_NOT_KNOWN;
    }
    vec_free(&list);
    if (!keep)
        assist_forced_free(fs);
    return st;
}

assist_status assist_hint(assist *a, const int *marks, int nmarks, const int *order, int norder,
                          assist_hint_result *out)
{
    ai_start_call(a);
    return hint_now(a, NULL, marks, nmarks, order, norder, out);
}

assist_status assist_hint_explained(assist *a, const int *marks, int nmarks, const int *order,
                                    int norder, assist_hint_result *out, assist_reason *reason)
{
    return assist_hint_on(a, NULL, marks, nmarks, order, norder, out, reason);
}

assist_status assist_hint_on(assist *a, assist_forced *fs, const int *marks, int nmarks, const int *order,
                             int norder, assist_hint_result *out, assist_reason *reason)
{
    ai_start_call(a);
    if (reason) {
        reason->kind = ASSIST_REASON_NONE;
        reason->groups.n = reason->marks.n = reason->givens.n = 0;
    }
    assist_status st = hint_now(a, fs, marks, nmarks, order, norder, out);
    if (st != ASSIST_OK || !out->forced || !reason)
        return st;
    /* the reason gets what is left of the same budget */
    if (ai_explain_hint_now(a, marks, nmarks, out, reason) == ASSIST_OK &&
        reason->kind != ASSIST_REASON_NONE)
        out->label = ASSIST_LABEL_FORCED;
    else
        reason->kind = ASSIST_REASON_NONE;
    return st;
}
