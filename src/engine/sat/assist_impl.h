/* assist_impl.h: the engine's insides, shared by its parts (assist.c:
 * setup, solve, check, count; assist_explain.c; assist_forced.c). */
#ifndef TESSERA_SAT_ASSIST_IMPL_H
#define TESSERA_SAT_ASSIST_IMPL_H

#include "sat/assist.h"

struct assist {
    sat_solver *sat;         /* groups always on: solve, check, hint, count */
    sat_solver *explainer;   /* groups behind selectors: explain (made on demand) */
    sat_solver *solver_copy; /* solve-only clauses as root clauses (assist_solve_on_copy) */
    bool solve_on_copy;
    int_vec fact_lits;
    int_vec group_sels;
    char **group_labels;
    int solve_only_sel; /* 0 until a solve-only clause is added */
    assist_refine_fn refine;
    void *refine_ctx;
    void (*free_ctx)(void *);
    assist_guess_fn guess;
    void *guess_ctx;
    void (*free_guess_ctx)(void *);
    bool check_by_guess; /* assist_set_check_by_guess */
    assist_reframe_fn reframe; /* assist_set_reframe */
    void *reframe_ctx;
    assist_enum_fn enumerate;
    void *enum_ctx;
    void (*free_enum_ctx)(void *);
    bool enum_deferred; /* assist_set_enumerator_deferred */
    bool enum_resumes;  /* assist_set_enumerator_resumes */
    assist_images_fn images;
    void *images_ctx;
    void (*free_images_ctx)(void *);
    int_vec givens;          /* fact numbers */
    signed char *given_sign; /* [var]: +1/-1 when a given asserts +var/-var */
    int given_cap;
    sat_budget budget;
    bool has_budget;
    double deadline; /* absolute, for the running service call */
    double reason_seconds; /* the last reason's share (assist_reason_seconds) */
    bool cancelled;
};

/* A service call starts: its deadline runs from now. */
void ai_start_call(assist *a);
/* Holds the service call already started to ASSIST_REASON_SHARE of its
 * budget from now (nothing without a budget), recording the seconds that
 * leaves (assist_reason_seconds); returns the deadline to put back
 * afterwards. */
double ai_hold_to_reason_share(assist *a);
/* The givens, then the marks that are not givens, as fact literals. */
void ai_base_assumptions(const assist *a, const int *marks, int nmarks, int_vec *out);
/* The same as fact numbers (for a family's own search). */
void ai_all_marks(const assist *a, const int *marks, int nmarks, int_vec *out);
/* Does a given assert this literal? */
bool ai_given_lit(const assist *a, int lit);
/* Solver calls under the service call's deadline, with the lazy cuts. */
sat_result ai_call_constrained(assist *a, sat_solver *sat, const int *assumptions, int n,
                               const int *constraint, int nc);
sat_result ai_call_on(assist *a, sat_solver *sat, const int *assumptions, int n);
/* Is the service call's budget still running (so that a solver call that
 * came back unknown hit its own conflict limit)? */
bool ai_budget_left(const assist *a);
/* As ai_call_constrained on the main solver, held to `conflicts` conflicts
 * (0: only the service call's budget). */
sat_result ai_call_limited(assist *a, const int *assumptions, int n, const int *constraint, int nc, int conflicts);
sat_result ai_call(assist *a, const int *assumptions, int n);
assist_status ai_status_of(sat_result r);
/* Deletion-based shrinking of an unsatisfiable set (see assist.c). */
int ai_shrink_until(assist *a, sat_solver *sat, const int_vec *fixed, int *items, int n, int enough,
                    bool *timed_out);
int ai_shrink_core(assist *a, sat_solver *sat, const int_vec *fixed, int *items, int n,
                   bool *timed_out);
/* assist_explain_hint within the service call already started. */
assist_status ai_explain_hint_now(assist *a, const int *marks, int nmarks, const assist_hint_result *hint,
                                 assist_reason *out);
/* assist_forced_update within the service call already started. */
assist_status ai_forced_update(assist *a, assist_forced *fs, const int *marks, int nmarks,
                               const int *order, int norder, int want);
/* One solution consistent with the marks of fs's last update, or NULL. */
const bool *ai_forced_any_witness(const assist_forced *fs);
/* The order of fs's last update: every fact once. */
int ai_forced_seq(const assist_forced *fs, const int **seq);
/* A forced fact's proof size kept in fs for the marks of its last update
 * (assist_hint.c measures it): the number of groups, -1 for a
 * measurement that ran out of time, or PROOF_SIZE_UNKNOWN. */
#define PROOF_SIZE_UNKNOWN (-2)
int ai_forced_size(const assist_forced *fs, int fact);
void ai_forced_set_size(assist_forced *fs, int fact, int size);
/* The copy with group selectors, brought up to date. */
void ai_sync_explainer(assist *a);

#endif
