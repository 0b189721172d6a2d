/* solver.h: a thin, state-checked wrapper over CaDiCaL's C API.
 * CaDiCaL aborts on API misuse (val after UNSAT, failed after SAT, late
 * options), so every call goes through here and the wrapper refuses it. */
#ifndef TESSERA_SAT_SOLVER_H
#define TESSERA_SAT_SOLVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { SAT_UNKNOWN = 0, SAT_SAT = 10, SAT_UNSAT = 20 } sat_result;

/* How much effort one solve call may spend.  Zero fields mean "no limit". */
typedef struct {
    double seconds;          /* wall-clock deadline, measured from the call */
    int conflicts;           /* CaDiCaL conflict limit */
    /* Called now and then while solving (rate-limited to every ~30 ms);
     * returning true cancels the call, which then answers SAT_UNKNOWN.
     * The TUI uses it to draw a spinner and watch for Esc. */
    bool (*poll)(void *ctx);
    void *poll_ctx;
} sat_budget;

typedef struct sat_solver sat_solver;

sat_solver *sat_create(void);
void sat_free(sat_solver *s);

int sat_new_var(sat_solver *s);
int sat_num_vars(const sat_solver *s);

/* Clauses.  While a guard is pushed, every clause added gets the guard's
 * negation appended, so the clause only binds when the guard is assumed.
 * A GROUP guard is only recorded: this solver gets the clause without it
 * (so solve, check, hint and count need no selector assumptions, which
 * would slow every search down), and a copy made with
 * sat_clone_with_groups() gets it with the selector, for explanations. */
void sat_add(sat_solver *s, int lit);           /* 0 ends the clause */
void sat_clause(sat_solver *s, const int *lits, int n);
void sat_clause2(sat_solver *s, int a, int b);
void sat_clause3(sat_solver *s, int a, int b, int c);
void sat_unit(sat_solver *s, int a);
void sat_push_guard(sat_solver *s, int selector);
void sat_push_group_guard(sat_solver *s, int selector);
void sat_pop_guard(sat_solver *s);
long sat_num_clauses(const sat_solver *s);

/* One solve under assumptions and a budget (NULL: unlimited). */
sat_result sat_solve(sat_solver *s, const int *assumptions, int n, const sat_budget *budget);
/* The same with one extra clause (constraint[0..nc)) that binds for this
 * call only (CaDiCaL's constrain): "at least one of these", asked without
 * adding a clause for good.  nc = 0 is sat_solve. */
sat_result sat_solve_constrained(sat_solver *s, const int *assumptions, int n, const int *constraint,
                                 int nc, const sat_budget *budget);
/* After SAT_UNSAT of a constrained call: was the constraint needed? */
bool sat_constraint_failed(const sat_solver *s);
/* Why the last call answered SAT_UNKNOWN: true when the poll or the
 * thread's cancel flag cancelled it. */
bool sat_was_cancelled(const sat_solver *s);
/* Solve calls made on this thread from now on stop early (SAT_UNKNOWN, as
 * when a budget runs out) once *flag is set; NULL: never.  For work done
 * on speculation on a worker thread, whose answer may stop being wanted
 * (grade_generate's attempts). */
void sat_cancel_on_thread(const atomic_bool *flag);

/* Only valid after SAT_SAT; returns false otherwise (never aborts). */
bool sat_value(const sat_solver *s, int lit);
/* Only valid after SAT_UNSAT: is this assumption part of the core? */
bool sat_failed(const sat_solver *s, int lit);

/* A solver with every clause added to s so far, group guards included.
 * sat_sync_clone() later adds what s got since (lazy cuts, blocking
 * clauses); clauses added to the clone itself stay in the clone. */
sat_solver *sat_clone_with_groups(const sat_solver *s);
void sat_sync_clone(sat_solver *clone, const sat_solver *s);

/* Writes every clause added so far in DIMACS form, as this solver has them
 * (group guards left out), plus the given unit clauses. */
bool sat_write_dimacs(const sat_solver *s, FILE *out, const int *units, int nunits);

#endif
