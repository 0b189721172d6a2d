/* solver.c: CaDiCaL behind a wrapper that tracks its state, records the
 * clauses (for --dimacs) and turns budgets into terminate callbacks. */
#include "sat/solver.h"

#include <ccadical.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct sat_solver {
    CCaDiCaL *cadical;
    int nvars;
    sat_result last;          /* result of the last solve: guards val/failed */
    bool cancelled;
    bool constrained;         /* the last call had a constraint */
    int_vec clause_lits;      /* every clause, 0-terminated, group guards
                                 included: for DIMACS and for clones */
    long nclauses;
    int_vec guards;           /* selector stack for guarded clauses */
    int_vec guard_is_group;   /* per stack entry: recorded only? */
    unsigned char *group_var; /* group_var[v]: v is a group selector */
    int group_cap;
    bool keep_groups;         /* a clone: emit group guards too */
    int synced;               /* a clone: clause_lits of the source replayed */
    bool in_clause;
    /* budget of the running call */
    double deadline;
    double next_poll;
    const sat_budget *budget;
    const atomic_bool *cancel; /* the calling thread's cancel flag */
};

static _Thread_local const atomic_bool *thread_cancel;

void sat_cancel_on_thread(const atomic_bool *flag) { thread_cancel = flag; }

sat_solver *sat_create(void)
{
    sat_solver *s = xcalloc(1, sizeof *s);
    cxx_out_of_memory_exits(); /* CaDiCaL's bad_alloc: exit 2, not abort */
    s->cadical = ccadical_init();
    /* Options must be set right after init, or CaDiCaL aborts. */
    ccadical_set_option(s->cadical, "quiet", 1);
    ccadical_set_option(s->cadical, "seed", 0);
    s->last = SAT_UNKNOWN;
    return s;
}

void sat_free(sat_solver *s)
{
    if (!s)
        return;
    ccadical_release(s->cadical);
    vec_free(&s->clause_lits);
    vec_free(&s->guards);
    vec_free(&s->guard_is_group);
    free(s->group_var);
    free(s);
}

int sat_new_var(sat_solver *s) { return ++s->nvars; }
int sat_num_vars(const sat_solver *s) { return s->nvars; }
long sat_num_clauses(const sat_solver *s) { return s->nclauses; }

static void emit(sat_solver *s, int lit, bool to_solver)
{
    if (to_solver)
        ccadical_add(s->cadical, lit);
    vec_push(&s->clause_lits, lit);
}

void sat_add(sat_solver *s, int lit)
{
    if (lit == 0) {
        /* a guarded clause only binds while its selectors are assumed */
        for (int i = 0; i < s->guards.n; i++)
            emit(s, -s->guards.v[i], s->keep_groups || !s->guard_is_group.v[i]);
        emit(s, 0, true);
        s->nclauses++;
        s->in_clause = false;
        s->last = SAT_UNKNOWN; /* adding a clause invalidates the model */
        return;
    }
    s->in_clause = true;
    emit(s, lit, true);
}

void sat_clause(sat_solver *s, const int *lits, int n)
{
    for (int i = 0; i < n; i++)
        sat_add(s, lits[i]);
    sat_add(s, 0);
}

void sat_clause2(sat_solver *s, int a, int b) { int c[2] = {a, b}; sat_clause(s, c, 2); }
void sat_clause3(sat_solver *s, int a, int b, int c3) { int c[3] = {a, b, c3}; sat_clause(s, c, 3); }
void sat_unit(sat_solver *s, int a) { sat_clause(s, &a, 1); }

void sat_push_guard(sat_solver *s, int selector)
{
    vec_push(&s->guards, selector);
    vec_push(&s->guard_is_group, 0);
}

void sat_push_group_guard(sat_solver *s, int selector)
{
    if (selector >= s->group_cap) {
        int cap = selector * 2 + 64;
        s->group_var = xrealloc(s->group_var, (size_t)cap);
        memset(s->group_var + s->group_cap, 0, (size_t)(cap - s->group_cap));
        s->group_cap = cap;
    }
    s->group_var[selector] = 1;
    vec_push(&s->guards, selector);
    vec_push(&s->guard_is_group, 1);
}

void sat_pop_guard(sat_solver *s)
{
    if (s->guards.n > 0) {
        s->guards.n--;
        s->guard_is_group.n--;
    }
}

static bool is_group_guard(const sat_solver *s, int lit)
{
    return lit < 0 && -lit < s->group_cap && s->group_var[-lit];
}

sat_solver *sat_clone_with_groups(const sat_solver *s)
{
    sat_solver *c = sat_create();
    c->keep_groups = true;
    sat_sync_clone(c, s);
    return c;
}

void sat_sync_clone(sat_solver *clone, const sat_solver *s)
{
    if (clone->nvars < s->nvars)
        clone->nvars = s->nvars;
    for (int i = clone->synced; i < s->clause_lits.n; i++) {
        int lit = s->clause_lits.v[i];
        ccadical_add(clone->cadical, lit);
        vec_push(&clone->clause_lits, lit);
        if (lit == 0)
            clone->nclauses++;
    }
    clone->synced = s->clause_lits.n;
    clone->last = SAT_UNKNOWN;
}

static int terminate_cb(void *state)
{
    sat_solver *s = state;
    if (s->cancel && atomic_load_explicit(s->cancel, memory_order_relaxed)) {
        s->cancelled = true;
        return 1;
    }
    const sat_budget *b = s->budget;
    if (!b)
        return 0;
    double t = monotonic_seconds();
    if (s->deadline > 0 && t >= s->deadline)
        return 1;
    if (b->poll && t >= s->next_poll) {
        s->next_poll = t + 0.03;
        if (b->poll(b->poll_ctx)) {
            s->cancelled = true;
            return 1;
        }
    }
    return 0;
}

sat_result sat_solve(sat_solver *s, const int *assumptions, int n, const sat_budget *budget)
{
    return sat_solve_constrained(s, assumptions, n, NULL, 0, budget);
}

sat_result sat_solve_constrained(sat_solver *s, const int *assumptions, int n, const int *constraint,
                                 int nc, const sat_budget *budget)
{
    if (s->in_clause) /* an unfinished clause would swallow the assumptions */
        sat_add(s, 0);
    s->cancelled = false;
    s->budget = budget;
    s->cancel = thread_cancel;
    s->deadline = (budget && budget->seconds > 0) ? monotonic_seconds() + budget->seconds : 0;
    s->next_poll = monotonic_seconds() + 0.03;
    /* Assumptions and limits are reset by CaDiCaL after every solve. */
    bool watched = budget || s->cancel;
    if (watched)
        ccadical_set_terminate(s->cadical, s, terminate_cb);
    if (budget && budget->conflicts > 0)
        ccadical_limit(s->cadical, "conflicts", budget->conflicts);
    for (int i = 0; i < n; i++)
        ccadical_assume(s->cadical, assumptions[i]);
    s->constrained = nc > 0;
    if (nc > 0) {
        for (int i = 0; i < nc; i++)
            ccadical_constrain(s->cadical, constraint[i]);
        ccadical_constrain(s->cadical, 0);
    }
    int r = ccadical_solve(s->cadical);
    if (watched)
        ccadical_set_terminate(s->cadical, NULL, NULL);
    s->budget = NULL;
    s->last = r == 10 ? SAT_SAT : r == 20 ? SAT_UNSAT : SAT_UNKNOWN;
    return s->last;
}

bool sat_was_cancelled(const sat_solver *s) { return s->cancelled; }

bool sat_constraint_failed(const sat_solver *s)
{
    return s->last == SAT_UNSAT && s->constrained && ccadical_constraint_failed(s->cadical) != 0;
}

bool sat_value(const sat_solver *s, int lit)
{
    if (s->last != SAT_SAT || lit == 0 || abs(lit) > s->nvars)
        return false;
    return ccadical_val(s->cadical, lit) > 0;
}

bool sat_failed(const sat_solver *s, int lit)
{
    if (s->last != SAT_UNSAT || lit == 0 || abs(lit) > s->nvars)
        return false;
    return ccadical_failed(s->cadical, lit) != 0;
}

bool sat_write_dimacs(const sat_solver *s, FILE *out, const int *units, int nunits)
{
    fprintf(out, "p cnf %d %ld\n", s->nvars, s->nclauses + nunits);
    for (int i = 0; i < nunits; i++)
        fprintf(out, "%d 0\n", units[i]);
    for (int i = 0; i < s->clause_lits.n; i++) {
        int l = s->clause_lits.v[i];
        if (!s->keep_groups && is_group_guard(s, l))
            continue;
        fprintf(out, l ? "%d " : "0\n", l);
    }
    return !ferror(out);
}
