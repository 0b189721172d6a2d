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

/* This engine has the labelled API (labels, reasons, givens, the forced
 * set, enumerators): lets tools built against older copies tell. */
#define ASSIST_HAS_LABELS 1

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
 * 2 with a proposal that is a whole solution its own rules checker
 * accepted (every fact true in it listed, every other false, as an
 * enumerator lists one), 3 when its own rules show that the marks cannot
 * all hold (facts_out: some of the player's marks, no given, that cannot
 * all hold together with the givens; solve and check then answer "no
 * solution", the check with those marks as its core), 0 with none (gave
 * up, or found that there is none), -1 when the budget's poll cancelled
 * it.  budget: what is left of
 * the service call's budget (NULL: unlimited).  assist_solve confirms a
 * proposal answered 1 with one solver call under it as assumptions, so
 * its answer is still a model of the encoding, and otherwise searches as
 * usual with the time left; one answered 2 that asserts every mark and
 * given it takes as it is, with no solver call (the solver's model is
 * then not set: the answer is facts_out). */
typedef int (*assist_guess_fn)(void *ctx, const int *marks, int nmarks, const sat_budget *budget,
                               int_vec *facts_out);
void assist_set_guess(assist *a, assist_guess_fn guess, void *ctx, void (*free_ctx)(void *));
/* Opt-in: check asks the guess first too (off by default): a proposal the
 * solver confirms under the marks (or a checked one, answered 2, that
 * asserts them) shows them consistent at once; with no
 * proposal check searches as usual.  For a family whose guess answers at
 * once where it has nothing to propose (Tantrix: any marks at all). */
void assist_set_check_by_guess(assist *a, bool on);
/* Opt-in, for a family whose facts are told in a frame that the placed
 * pieces fix (Tantrix: a hexagon about the lowest-numbered placed tile,
 * which every loop through that tile fits): given facts (givens among
 * them), writes into out[i] the fact that places what facts[i] places in
 * the frame those facts alone fix, and answers true; false when that
 * cannot be told (a fact that says only "too far").  The check's
 * shrinking asks each part of the marks in the part's own frame: asked
 * in the whole board's, a part without the frame's piece would be asked
 * about a smaller board, and a conflict found there could be false of
 * the board the player sees.  A part it cannot reframe counts as having
 * a solution (its marks stay in the conflict set).  ctx is not freed. */
typedef bool (*assist_reframe_fn)(void *ctx, const int *facts, int n, int *out);
void assist_set_reframe(assist *a, assist_reframe_fn reframe, void *ctx);

/* Opt-in: a family's own complete search lists the solutions consistent
 * with the marks (givens included in marks).  For each solution found it
 * calls add(add_ctx, facts, n) with the fact numbers true in that whole
 * solution (every other fact false in it).  Returns 1 when it has listed
 * every solution and there were at most `limit`; 2 when its search was
 * complete and what it listed is a COVER: every fact that is false in
 * some solution is false in some listed one (a search that knows which
 * facts each solution can take lists a few solutions rather than all;
 * limit does not bound a cover); 0 when it stopped at limit + 1 solutions
 * (more exist; a few more may follow as witnesses); -1 when it could not finish (the budget ran out, its poll
 * cancelled it, or its search is not complete under these marks: what it
 * listed is still listed, as witnesses, never as a proof).  The forced set
 * uses it: a finished list or a cover proves by exhaustion which facts
 * every solution has (those true in every listed one), and a finished
 * list that is empty that the marks have no solution (the hint then
 * answers ASSIST_NONE, as when the solver refutes them). */
typedef void (*assist_solution_fn)(void *add_ctx, const int *facts, int n);
typedef int (*assist_enum_fn)(void *ctx, const int *marks, int nmarks, long limit,
                              const sat_budget *budget, assist_solution_fn add, void *add_ctx);
void assist_set_enumerator(assist *a, assist_enum_fn enumerate, void *ctx, void (*free_ctx)(void *));
/* Opt-in (off by default): the enumerator costs more than the solver on
 * the boards CDCL settles at once, so the forced set asks it only when a
 * solver call held to a few hundred conflicts runs out of them, once per
 * set of marks; the answers are the same, only the order of work differs
 * (and with it which proof, UNSAT or exhaustion, a forced fact gets). */
void assist_set_enumerator_deferred(assist *a, bool on);
/* Opt-in (off by default): an enumerator cut short (it answered -1) keeps
 * what it walked and goes on from there when asked again under the same
 * marks, so the forced set asks it again on its next update instead of
 * once per set of marks: each time limit then adds to the walk. */
void assist_set_enumerator_resumes(assist *a, bool on);

/* Opt-in: a family's symmetries.  Given a solution (solution[f] for every
 * fact), it calls add(add_ctx, facts, n) with the true facts of each
 * solution a symmetry of the puzzle maps it to.  The forced set takes
 * each image that agrees with the marks as another witness, once the
 * solver confirms it (one call with its facts assumed), so a wrong image
 * costs time, never a wrong answer. */
typedef void (*assist_images_fn)(void *ctx, const bool *solution, int nfacts, assist_solution_fn add,
                                 void *add_ctx);
void assist_set_images(assist *a, assist_images_fn images, void *ctx, void (*free_ctx)(void *));

/* ctx is freed with free_ctx (may be NULL) when the engine is freed. */
void assist_set_lazy(assist *a, assist_refine_fn refine, void *ctx, void (*free_ctx)(void *));

/* The budget of every service call that follows (NULL: unlimited).  The
 * deadline covers the whole service call, not each solver call. */
void assist_set_budget(assist *a, const sat_budget *budget);
bool assist_was_cancelled(const assist *a);

/* Givens: facts the puzzle itself fixes (a given Tracks piece, a locked
 * Tantrix or Hexiom tile), as opposed to the player's marks.  Every call
 * that follows assumes them, as it assumes the marks, but: a check's
 * conflict set never names a given; an explanation lists the givens it
 * needs apart from the marks (assist_reason.givens, and never in
 * assist_explain's marks_out); a hint never offers one.  A mark that is
 * also a given (or has a given's literal) counts as the given, so callers
 * may pass the whole board's marks, givens included.  Replaces the
 * previous list; NULL/0 clears it.  (Where givens come from: the family's
 * state_givens hook, see game.h.) */
void assist_set_givens(assist *a, const int *givens, int ngivens);
int assist_num_givens(const assist *a);
bool assist_is_given(const assist *a, int fact);

/* One solution consistent with the marks: facts_out[f] for every fact. */
assist_status assist_solve(assist *a, const int *marks, int nmarks, bool *facts_out);

/* ASSIST_OK when the marks still lead to a solution; ASSIST_NONE with a
 * set of conflicting marks (fact numbers, no given) in core_out: minimal
 * where the budget allowed the shrinking to finish, else the part shrunk
 * so far (still holding no solution); ASSIST_UNKNOWN when neither was
 * shown in time or the poll cancelled. */
assist_status assist_check(assist *a, const int *marks, int nmarks, int_vec *core_out);

/* What a hint is known to be: never more than was proved. */
typedef enum {
    ASSIST_LABEL_FORCED = 0,           /* forced (proved), with a reason */
    ASSIST_LABEL_FORCED_NO_REASON = 1, /* forced (proved), no short reason found */
    ASSIST_LABEL_CHOICE = 2,           /* nothing is forced: a fact of one solution */
    ASSIST_LABEL_NOT_KNOWN = 3,        /* the budget ran out before a proof */
} assist_label;

/* How "forced" was proved. */
typedef enum {
    ASSIST_PROOF_NONE = 0,       /* not proved */
    ASSIST_PROOF_UNSAT = 1,      /* the solver found no solution without it */
    ASSIST_PROOF_EXHAUSTION = 2, /* the family's search listed every solution,
                                    and each has it ("by exhaustive search") */
} assist_proof;

typedef struct {
    int fact;    /* the fact to show, or -1 when every fact is decided */
    bool forced; /* true: holds in every solution (proved); false: not proved */
    /* added with the labels: */
    assist_label label; /* assist_hint looks for no reason: a forced fact is
                           ASSIST_LABEL_FORCED_NO_REASON there, and
                           assist_hint_explained says which */
    assist_proof proof; /* with forced: how it was proved */
} assist_hint_result;

/* A fact not yet marked that holds in every solution consistent with the
 * marks.  Candidates are tried in the order given (nearest the player's
 * focus first); order NULL means fact order.  The nearest forced fact is
 * given, unless its proof needs several groups: then the one with the
 * smallest proof among the next few forced facts.  It works on the forced
 * set (assist_forced_update, below), not one solver call per candidate.
 * When nothing is forced, a fact of one consistent solution is offered
 * with forced = false, label ASSIST_LABEL_CHOICE.  ASSIST_UNKNOWN: the
 * budget ran out first; out->label is ASSIST_LABEL_NOT_KNOWN and out->fact
 * a fact of one solution (or -1 when not even one was found), never
 * claimed forced. */
assist_status assist_hint(assist *a, const int *marks, int nmarks, const int *order, int norder,
                          assist_hint_result *out);

/* Why a forced fact holds: a minimal set of groups and of marks which,
 * with the rules (and the givens), force it.  ASSIST_OK only with a
 * minimal reason; ASSIST_UNKNOWN when the budget ran out (the outputs then
 * hold the smallest reason found so far, maybe none: an empty answer is
 * never a budget that ran out).  Givens it needs are in marks_out too,
 * after the marks (so a reason of givens alone is not empty):
 * assist_explain_reason tells them apart. */
assist_status assist_explain(assist *a, const int *marks, int nmarks, int fact, int_vec *groups_out,
                             int_vec *marks_out);

/* How far a reason was shrunk. */
typedef enum {
    ASSIST_REASON_NONE = 0,     /* none found: say nothing about why */
    ASSIST_REASON_SMALLEST = 1, /* it forces the fact, but the budget ran
                                   out while shrinking it: the smallest found */
    ASSIST_REASON_MINIMAL = 2,  /* it forces the fact and every part is needed;
                                   empty only when the rules alone force it */
} assist_reason_kind;

typedef struct {
    assist_reason_kind kind;
    int_vec groups; /* group numbers */
    int_vec marks;  /* the player's marks (fact numbers), givens excluded */
    int_vec givens; /* the givens (fact numbers) it needs */
} assist_reason;

void assist_reason_free(assist_reason *r);

/* Why a fact is forced, labelled.  ASSIST_OK: it is (proved by UNSAT),
 * out->kind MINIMAL or SMALLEST.  ASSIST_NONE: it is not forced (a
 * solution without it exists), or fact is out of range.  ASSIST_UNKNOWN:
 * no proof within the budget; out->kind NONE, lists empty. */
assist_status assist_explain_reason(assist *a, const int *marks, int nmarks, int fact,
                                    assist_reason *out);

/* The reason of a forced hint (hint from assist_hint), as
 * assist_explain_reason, held to ASSIST_REASON_SHARE of the service call's
 * budget (none without a budget): the hint is wanted at once, and shrinking
 * a reason to a minimal one can take the solver seconds (Tantrix with
 * givens: a dozen UNSAT calls, each through the loop cuts), so the hint
 * goes out with the smallest reason found by then, said so, and the
 * player's worker goes on looking in the background.  A fact proved by an
 * enumerator the engine asks first (not deferred: the solver cannot prove
 * such boards at all) has no proof from the solver: its reason is the fact
 * proved again by CDCL, on a board with one solution often longer than the
 * budget, and one cut short still names most of the board; so it keeps
 * only a minimal reason (else ASSIST_UNKNOWN, out->kind NONE: forced with
 * no short reason). */
#define ASSIST_REASON_SHARE 0.02
assist_status assist_explain_hint(assist *a, const int *marks, int nmarks, const assist_hint_result *hint,
                                  assist_reason *out);
/* How long the last search held to the reason's share (assist_explain_hint,
 * assist_hint_explained) could run, in seconds: what "no short reason found
 * within N s" may say.  0 when it had no cap (no budget). */
double assist_reason_seconds(const assist *a);

/* assist_hint, then assist_explain_hint on a forced hint, under one
 * budget: out->label is FORCED with a reason (reason->kind MINIMAL or
 * SMALLEST), FORCED_NO_REASON when the proof stands but no reason came
 * within the budget (reason->kind NONE), CHOICE, or NOT_KNOWN.  reason
 * may be NULL (then no reason is looked for).  Status as assist_hint. */
assist_status assist_hint_explained(assist *a, const int *marks, int nmarks, const int *order,
                                    int norder, assist_hint_result *out, assist_reason *reason);

/* --- the forced set (backbone under the marks) ---
 * For every fact: forced (holds in every solution consistent with the
 * marks and givens, with its proof), refuted (a witness solution without
 * it is kept), marked (a mark or given asserts its literal) or open (not
 * decided yet: the budget ran out).  An assist_forced object keeps its
 * answers between calls: update it after a move and only what the move
 * can have changed is recomputed (facts forced stay forced when marks
 * are only added; a fact stays refuted while its witness agrees with
 * every mark).  It holds no solver: it may be updated through any engine
 * encoding the same puzzle (a worker thread's own engine), one call at a
 * time. */
typedef enum {
    ASSIST_FACT_OPEN = 0,
    ASSIST_FACT_FORCED = 1,
    ASSIST_FACT_REFUTED = 2,
    ASSIST_FACT_MARKED = 3,
} assist_fact_status;

typedef struct assist_forced assist_forced;

assist_forced *assist_forced_create(const assist *a);
void assist_forced_free(assist_forced *fs);

/* Brings fs up to date for these marks (givens: the engine's).  Facts are
 * decided in the order given (nearest first; NULL: fact order), in chunks
 * of the nearest open ones.  want > 0: stop once the first `want` forced
 * facts in that order are known, every fact before them decided; want = 0:
 * decide every fact.  ASSIST_OK: done as asked; ASSIST_NONE: the marks
 * have no solution (nothing else changed); ASSIST_UNKNOWN: the budget ran
 * out or was cancelled, what was decided stays (call again to go on). */
assist_status assist_forced_update(assist *a, assist_forced *fs, const int *marks, int nmarks,
                                   const int *order, int norder, int want);
assist_fact_status assist_forced_status(const assist_forced *fs, int fact);
/* For a forced fact: UNSAT or EXHAUSTION; otherwise NONE. */
assist_proof assist_forced_proof(const assist_forced *fs, int fact);
/* For a refuted fact: a solution consistent with the marks in which it is
 * false, as one bool per fact (valid until the next update); else NULL. */
const bool *assist_forced_witness(const assist_forced *fs, int fact);
/* The forced facts, in the order of the last update. */
void assist_forced_list(const assist_forced *fs, int_vec *out);
/* How many facts are still open. */
int assist_forced_open(const assist_forced *fs);

/* A copy of fs, to be updated through another engine encoding the same
 * puzzle (one thread at a time per copy). */
assist_forced *assist_forced_copy(const assist_forced *fs);
/* Does a solution fs keeps agree with every mark and given (the engine's)?
 * Then the marks still lead to a solution: a check with no solver call.
 * False says nothing (ask assist_check). */
bool assist_forced_consistent(const assist *a, const assist_forced *fs, const int *marks, int nmarks);

/* assist_hint_explained on a forced set the caller keeps between calls
 * (brought up to date here, as by assist_forced_update): after a move only
 * what the move can have changed is recomputed, and a hint asked again on
 * the same marks costs no new forced set.  Answers as assist_hint_explained
 * (reason NULL: as assist_hint). */
assist_status assist_hint_on(assist *a, assist_forced *fs, const int *marks, int nmarks, const int *order,
                             int norder, assist_hint_result *out, assist_reason *reason);

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
