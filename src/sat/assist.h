/* assist.h: the assist engine.  It knows no puzzle: a family declares
 * player-visible FACTS (each mapped to a literal) and constraint GROUPS
 * (each behind a selector literal), and the engine answers solve, check,
 * hint, explain and count under the player's marks (facts assumed true). */
#ifndef TESSERA_SAT_ASSIST_H
#define TESSERA_SAT_ASSIST_H

#include <stdbool.h>
#include <stdio.h>

#include "sat/solver.h"
#include "util.h"

typedef enum {
    ASSIST_OK = 0,      /* answered */
    ASSIST_NONE = 1,    /* no solution under the marks */
    ASSIST_UNKNOWN = 3, /* the budget ran out (or the player cancelled) */
} assist_status;

/* A family's lazy constraint: look at the current model (sat_value) and add
 * clauses that cut it off when it breaks a rule the eager encoding leaves
 * out (one track, one loop).  Returns how many clauses it added; 0 accepts
 * the model.  Every cut must hold in every real solution, and must use only
 * existing variables (the solver passed may be the explanation copy, which
 * shares the numbering). */
typedef int (*assist_refine_fn)(void *ctx, sat_solver *s);

typedef struct assist assist;

assist *assist_create(void);
void assist_free(assist *a);
sat_solver *assist_sat(assist *a);

/* Facts are numbered 0.. in the order declared. */
int assist_add_fact(assist *a, int lit);
int assist_num_facts(const assist *a);
int assist_fact_lit(const assist *a, int fact);

/* Groups: clauses added between begin and end always bind in solve, check,
 * hint and count; explain works on a copy where each group sits behind a
 * selector, to find the groups that force a fact.  Groups are numbered 0..
 * in the order begun; label is what explain shows. */
int assist_begin_group(assist *a, const char *label);
void assist_end_group(assist *a);
int assist_num_groups(const assist *a);
const char *assist_group_label(const assist *a, int group);

/* Clauses added between these bind only in solve (symmetry breaking,
 * anchoring): check, hint, explain and count never assume them. */
void assist_begin_solve_only(assist *a);
void assist_end_solve_only(assist *a);
/* Opt-in: solve works on a copy of the solver where the solve-only clauses
 * bind at the root, which CaDiCaL can simplify with (assumptions it
 * cannot); costs a second solver.  Results are the same. */
void assist_solve_on_copy(assist *a);

/* Opt-in: a family's own search proposes a solution under the marks (fact
 * numbers of a whole solution into facts_out); returns 1 with a proposal,
 * 0 with none (gave up, or found that there is none), -1 when the budget's
 * poll cancelled it.  budget: what is left of the service call's budget
 * (NULL: unlimited).  assist_solve confirms a proposal with one solver call
 * under it as assumptions, so its answer is still a model of the encoding,
 * and otherwise searches as usual with the time left.  Only solve uses it. */
typedef int (*assist_guess_fn)(void *ctx, const int *marks, int nmarks, const sat_budget *budget,
                               int_vec *facts_out);
void assist_set_guess(assist *a, assist_guess_fn guess, void *ctx, void (*free_ctx)(void *));

/* ctx is freed with free_ctx (may be NULL) when the engine is freed. */
void assist_set_lazy(assist *a, assist_refine_fn refine, void *ctx, void (*free_ctx)(void *));

/* The budget of every service call that follows (NULL: unlimited).  The
 * deadline covers the whole service call, not each solver call. */
void assist_set_budget(assist *a, const sat_budget *budget);
bool assist_was_cancelled(const assist *a);

/* One solution consistent with the marks: facts_out[f] for every fact. */
assist_status assist_solve(assist *a, const int *marks, int nmarks, bool *facts_out);

/* ASSIST_OK when the marks still lead to a solution; ASSIST_NONE with a
 * minimal set of conflicting marks (fact numbers) in core_out. */
assist_status assist_check(assist *a, const int *marks, int nmarks, int_vec *core_out);

typedef struct {
    int fact;    /* the fact to show, or -1 when every fact is decided */
    bool forced; /* true: holds in every solution; false: a choice */
} assist_hint_result;

/* A fact not yet marked that holds in every solution consistent with the
 * marks.  Candidates are tried in the order given (nearest the player's
 * focus first); order NULL means fact order.  The nearest forced fact is
 * given, unless its proof needs several groups: then the one with the
 * smallest proof among the next few forced facts.
 * When nothing is forced, a fact of one consistent solution is offered
 * with forced = false. */
assist_status assist_hint(assist *a, const int *marks, int nmarks, const int *order, int norder,
                          assist_hint_result *out);

/* Why a forced fact holds: a minimal set of groups and of marks which,
 * with the rules, force it. */
assist_status assist_explain(assist *a, const int *marks, int nmarks, int fact, int_vec *groups_out,
                             int_vec *marks_out);

/* The clue groups a forced fact needs: every mark stays assumed and only
 * groups are shrunk.  enough = 0: the solver's core, trimmed (cheap, maybe
 * larger than needed); enough > 0: shrunk to a minimal set, except that it
 * stops once `enough` groups are known to be needed (the set then has at
 * least that many).  (assist_explain shrinks marks first, so its proofs
 * lean on clues; this measures how many clues a player must combine: the
 * difficulty grade.) */
assist_status assist_explain_groups(assist *a, const int *marks, int nmarks, int fact, int enough,
                                    int_vec *groups_out);

/* Solutions consistent with the marks, distinguished by their facts, up to
 * limit.  ASSIST_OK with *count (== limit means "at least limit"). */
assist_status assist_count(assist *a, const int *marks, int nmarks, long limit, long *count);

/* The whole encoding as DIMACS CNF for any other solver: every group on,
 * solve-only clauses on, so its models are exactly the puzzle's solutions
 * (up to the symmetry breaking; lazy constraints are not in it).  Fact
 * literals are listed in comments. */
bool assist_write_dimacs(const assist *a, FILE *out);

#endif
