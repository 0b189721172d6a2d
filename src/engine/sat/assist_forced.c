/* assist_forced.c: the forced set (the backbone under the marks): model
 * filtering plus one "at least one of these flips" call per chunk, with
 * witnesses kept between moves and a family's enumerator as proof by
 * exhaustion (what its proofs promise: tessera(6), "Hints and their
 * labels"). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sat/assist_impl.h"

/* The first chunk holds the FIRST_CHUNK nearest open facts; a chunk that
 * comes back forced doubles the next one, up to MAX_CHUNK (one forced
 * chunk suggests a well-constrained board, where large chunks are cheap
 * to prove; a refuted one keeps the size, since its model refuted every
 * open fact it flips, not only the chunk's). */
#define FIRST_CHUNK 4
#define MAX_CHUNK 512
/* Before chunks, the clause over every open fact, each call held to
 * WIDE_CONFLICTS conflicts: where many solutions exist, any flip is easy
 * to find and a model refutes many facts at once (the nearest facts may be
 * the hard ones to flip); where one clause over everything is slow (a big
 * board with one solution), the first call that runs out hands over to
 * the chunks for good. */
#define WIDE_CONFLICTS 300
/* On a board that holds only the givens, the wide clause is first asked
 * with the solve-only clauses too (a family's symmetry breaking), held to
 * SYM_CONFLICTS conflicts.  Why it helps: the witnesses' images are
 * witnesses too, so what stays open is mostly what all the images of the
 * solutions found share, and the next witness must come from another
 * orbit of solutions; among the orbit's representatives (the solve-only
 * clauses keep one) CDCL finds it far sooner than among all solutions
 * (Hexiom level 38: bench/NOTES.md).  Why it is sound: a model under more
 * clauses is still a solution, so it refutes what it flips; an UNSAT or a
 * limit under them proves nothing, and the search goes on without them.
 * Player's marks need not be symmetric, so the representatives may all
 * contradict them: then it is not tried. */
#define SYM_CONFLICTS 3000
/* The enumerator is asked for up to ENUM_LIMIT solutions: more than that
 * and the solver's witnesses do better than a longer list. */
#define ENUM_LIMIT 32
/* A deferred enumerator (assist_set_enumerator_deferred) is asked once a
 * solver call held to PROBE_CONFLICTS conflicts runs out of them: until
 * then every call is held to that many.  Where CDCL settles the forced set
 * at once (most Hexiom levels, whose DP costs ten times as much there) the
 * enumerator is never asked; where it struggles (Hexiom level 38 from the
 * start, bench/NOTES.md) the probe costs about 15 ms of CPU. */
#define PROBE_CONFLICTS 300

struct assist_forced {
    int nf;
    unsigned char *st;    /* assist_fact_status */
    unsigned char *proof; /* assist_proof, for forced facts */
    int *wit;             /* refuted fact -> index into wits */
    bool **wits;          /* solutions consistent with the marks, one bool per fact */
    int nwits, capwits;
    int_vec lits;         /* sorted assumption literals of the last update */
    bool have_lits;
    bool enum_tried;      /* the enumerator ran under these literals */
    bool enum_again;      /* and was cut short, but resumes: ask it on the next update */
    bool enum_none;       /* and its complete search found no solution */
    int chunk;
    bool wide_done;       /* the clause over every open fact gave out */
    bool sym_done;        /* the same under the solve-only clauses gave out */
    int_vec seq;          /* every fact once: the order of the last update */
    /* forced fact -> its proof's size as the hint measured it under these
     * marks (ai_forced_size), or PROOF_SIZE_UNKNOWN: one solver call
     * each, which a hint after every focus move would otherwise repeat */
    int *size;
};

assist_forced *assist_forced_create(const assist *a)
{
    assist_forced *fs = xcalloc(1, sizeof *fs);
    fs->nf = a->fact_lits.n;
    fs->st = xcalloc((size_t)fs->nf + 1, 1);
    fs->proof = xcalloc((size_t)fs->nf + 1, 1);
    fs->wit = xcalloc((size_t)fs->nf + 1, sizeof *fs->wit);
    fs->size = xmalloc(((size_t)fs->nf + 1) * sizeof *fs->size);
    for (int f = 0; f < fs->nf; f++) {
        fs->wit[f] = -1;
        fs->size[f] = PROOF_SIZE_UNKNOWN;
    }
    fs->chunk = FIRST_CHUNK;
    return fs;
}

void assist_forced_free(assist_forced *fs)
{
    if (!fs)
        return;
    for (int i = 0; i < fs->nwits; i++)
        free(fs->wits[i]);
    free(fs->wits);
    free(fs->st);
    free(fs->proof);
    free(fs->wit);
    free(fs->size);
    vec_free(&fs->lits);
    vec_free(&fs->seq);
    free(fs);
}

assist_forced *assist_forced_copy(const assist_forced *fs)
{
    assist_forced *c = xcalloc(1, sizeof *c);
    *c = *fs;
    size_t nf = (size_t)fs->nf + 1;
    c->st = xmalloc(nf);
    memcpy(c->st, fs->st, nf);
    c->proof = xmalloc(nf);
    memcpy(c->proof, fs->proof, nf);
    c->wit = xmalloc(nf * sizeof *c->wit);
    memcpy(c->wit, fs->wit, nf * sizeof *c->wit);
    c->size = xmalloc(nf * sizeof *c->size);
    memcpy(c->size, fs->size, nf * sizeof *c->size);
    c->capwits = fs->nwits;
    c->wits = xcalloc((size_t)c->capwits + 1, sizeof *c->wits);
    for (int k = 0; k < fs->nwits; k++) {
        c->wits[k] = xmalloc(nf);
        memcpy(c->wits[k], fs->wits[k], nf);
    }
    memset(&c->lits, 0, sizeof c->lits);
    for (int i = 0; i < fs->lits.n; i++)
        vec_push(&c->lits, fs->lits.v[i]);
    memset(&c->seq, 0, sizeof c->seq);
    for (int i = 0; i < fs->seq.n; i++)
        vec_push(&c->seq, fs->seq.v[i]);
    return c;
}

bool assist_forced_consistent(const assist *a, const assist_forced *fs, const int *marks, int nmarks)
{
    assert(fs->nf == a->fact_lits.n);
    int_vec mf = {0};
    ai_all_marks(a, marks, nmarks, &mf);
    bool any = false;
    for (int k = 0; k < fs->nwits && !any; k++) {
        any = true;
        for (int i = 0; i < mf.n && any; i++)
            any = mf.v[i] >= 0 && mf.v[i] < fs->nf && fs->wits[k][mf.v[i]];
    }
    vec_free(&mf);
    return any;
}

assist_fact_status assist_forced_status(const assist_forced *fs, int fact)
{
    return fact >= 0 && fact < fs->nf ? (assist_fact_status)fs->st[fact] : ASSIST_FACT_OPEN;
}

int ai_forced_size(const assist_forced *fs, int fact)
{
    assert(fact >= 0 && fact < fs->nf);
    return fs->size[fact];
}

void ai_forced_set_size(assist_forced *fs, int fact, int size)
{
    assert(fact >= 0 && fact < fs->nf);
    fs->size[fact] = size;
}

assist_proof assist_forced_proof(const assist_forced *fs, int fact)
{
    return fact >= 0 && fact < fs->nf && fs->st[fact] == ASSIST_FACT_FORCED ? (assist_proof)fs->proof[fact]
                                                                           : ASSIST_PROOF_NONE;
}

const bool *assist_forced_witness(const assist_forced *fs, int fact)
{
    if (fact < 0 || fact >= fs->nf || fs->st[fact] != ASSIST_FACT_REFUTED || fs->wit[fact] < 0)
        return NULL;
    return fs->wits[fs->wit[fact]];
}

void assist_forced_list(const assist_forced *fs, int_vec *out)
{
    out->n = 0;
    for (int i = 0; i < fs->seq.n; i++)
        if (fs->st[fs->seq.v[i]] == ASSIST_FACT_FORCED)
            vec_push(out, fs->seq.v[i]);
}

int assist_forced_open(const assist_forced *fs)
{
    int n = 0;
    for (int f = 0; f < fs->nf; f++)
        n += fs->st[f] == ASSIST_FACT_OPEN;
    return n;
}

static bool sorted_has(const int_vec *v, int x)
{
    return v->n > 0 && bsearch(&x, v->v, (size_t)v->n, sizeof x, int_compare) != NULL;
}

/* Does sorted `big` hold every element of sorted `small`? */
static bool sorted_contains(const int_vec *big, const int_vec *small)
{
    int i = 0;
    for (int j = 0; j < small->n; j++) {
        while (i < big->n && big->v[i] < small->v[j])
            i++;
        if (i == big->n || big->v[i] != small->v[j])
            return false;
    }
    return true;
}

/* Keeps a solution as a witness; every open fact false in it is refuted.
 * Returns how many it refuted. */
static int add_witness(assist_forced *fs, bool *w)
{
    if (fs->nwits == fs->capwits) {
        fs->capwits = fs->capwits ? 2 * fs->capwits : 16;
        fs->wits = xrealloc(fs->wits, (size_t)fs->capwits * sizeof *fs->wits);
    }
    int k = fs->nwits++;
    fs->wits[k] = w;
    int n = 0;
    for (int f = 0; f < fs->nf; f++)
        if (fs->st[f] == ASSIST_FACT_OPEN && !w[f]) {
            fs->st[f] = ASSIST_FACT_REFUTED;
            fs->wit[f] = k;
            n++;
        }
    return n;
}

static bool *model_facts(const assist *a, int nf)
{
    bool *w = xmalloc((size_t)nf + 1);
    for (int f = 0; f < nf; f++)
        w[f] = sat_value(a->sat, a->fact_lits.v[f]);
    return w;
}

typedef struct {
    assist *a;
    assist_forced *fs;
    const int_vec *as, *mark_facts;
    int refuted;
} image_ctx;

/* One image of a witness: kept when it agrees with the marks, refutes
 * something still open, and the solver confirms it. */
static void image_add(void *vctx, const int *facts, int n)
{
    image_ctx *ic = vctx;
    assist_forced *fs = ic->fs;
    bool *w = xcalloc((size_t)fs->nf + 1, sizeof *w);
    for (int i = 0; i < n; i++)
        if (facts[i] >= 0 && facts[i] < fs->nf)
            w[facts[i]] = true;
    bool useful = true;
    for (int i = 0; i < ic->mark_facts->n && useful; i++)
        useful = w[ic->mark_facts->v[i]];
    bool refutes = false;
    for (int f = 0; f < fs->nf && useful && !refutes; f++)
        refutes = fs->st[f] == ASSIST_FACT_OPEN && !w[f];
    free(w);
    if (!useful || !refutes)
        return;
    int_vec as = {0};
    for (int i = 0; i < ic->as->n; i++)
        vec_push(&as, ic->as->v[i]);
    for (int i = 0; i < n; i++)
        if (facts[i] >= 0 && facts[i] < fs->nf)
            vec_push(&as, ic->a->fact_lits.v[facts[i]]);
    if (ai_call(ic->a, as.v, as.n) == SAT_SAT) /* the model, not the image: exact */
        ic->refuted += add_witness(fs, model_facts(ic->a, fs->nf));
    vec_free(&as);
}

/* The model as a witness, and its images under the family's symmetries. */
static int add_model(assist *a, assist_forced *fs, const int_vec *as, const int_vec *mark_facts)
{
    bool *w = model_facts(a, fs->nf);
    int refuted = add_witness(fs, w);
    if (a->images) {
        image_ctx ic = {a, fs, as, mark_facts, 0};
        a->images(a->images_ctx, w, fs->nf, image_add, &ic);
        refuted += ic.refuted;
    }
    return refuted;
}

/* After the marks changed: facts a mark or given asserts are marked; forced
 * facts stay forced when the literals only grew (a solution under the new
 * marks is one under the old); witnesses that disagree with a mark go, and
 * the facts they refuted look for another witness or open again. */
static void revalidate(const assist *a, assist_forced *fs, const int_vec *lits, const int_vec *mark_facts)
{
    bool same = fs->have_lits && lits->n == fs->lits.n &&
                (lits->n == 0 || memcmp(lits->v, fs->lits.v, (size_t)lits->n * sizeof *lits->v) == 0);
    bool grew = fs->have_lits && sorted_contains(lits, &fs->lits);
    if (!same)
        fs->enum_tried = fs->enum_again = fs->enum_none = false;
    fs->lits.n = 0;
    for (int i = 0; i < lits->n; i++)
        vec_push(&fs->lits, lits->v[i]);
    fs->have_lits = true;
    if (same)
        return;
    bool *ok = xcalloc((size_t)fs->nwits + 1, sizeof *ok);
    for (int k = 0; k < fs->nwits; k++) {
        ok[k] = true;
        for (int i = 0; i < mark_facts->n && ok[k]; i++)
            ok[k] = fs->wits[k][mark_facts->v[i]];
    }
    int *used = xcalloc((size_t)fs->nwits + 1, sizeof *used);
    for (int f = 0; f < fs->nf; f++) {
        fs->size[f] = PROOF_SIZE_UNKNOWN; /* it held for the marks it was measured under */
        if (sorted_has(lits, a->fact_lits.v[f])) {
            fs->st[f] = ASSIST_FACT_MARKED;
            fs->wit[f] = -1;
            continue;
        }
        if (fs->st[f] == ASSIST_FACT_FORCED && grew)
            continue;
        if (fs->st[f] == ASSIST_FACT_REFUTED && ok[fs->wit[f]]) {
            used[fs->wit[f]] = 1;
            continue;
        }
        fs->st[f] = ASSIST_FACT_OPEN;
        fs->proof[f] = ASSIST_PROOF_NONE;
        fs->wit[f] = -1;
        for (int k = 0; k < fs->nwits; k++)
            if (ok[k] && !fs->wits[k][f]) {
                fs->st[f] = ASSIST_FACT_REFUTED;
                fs->wit[f] = k;
                used[k] = 1;
                break;
            }
    }
    /* keep one consistent witness even if it refutes nothing: it shows the
     * marks still have a solution */
    for (int k = 0; k < fs->nwits; k++)
        if (ok[k]) {
            used[k] = 1;
            break;
        }
    int m = 0;
    for (int k = 0; k < fs->nwits; k++) {
        if (used[k]) {
            used[k] = m;
            fs->wits[m++] = fs->wits[k];
        } else {
            free(fs->wits[k]);
            used[k] = -1;
        }
    }
    fs->nwits = m;
    for (int f = 0; f < fs->nf; f++)
        if (fs->st[f] == ASSIST_FACT_REFUTED)
            fs->wit[f] = used[fs->wit[f]];
    free(ok);
    free(used);
}

/* Every fact once: the order given (valid entries, first time seen), then
 * the rest in fact order. */
static void make_seq(assist_forced *fs, const int *order, int norder)
{
    unsigned char *in = xcalloc((size_t)fs->nf + 1, 1);
    fs->seq.n = 0;
    for (int i = 0; order && i < norder; i++) {
        int f = order[i];
        if (f >= 0 && f < fs->nf && !in[f]) {
            in[f] = 1;
            vec_push(&fs->seq, f);
        }
    }
    for (int f = 0; f < fs->nf; f++)
        if (!in[f])
            vec_push(&fs->seq, f);
    free(in);
}

typedef struct {
    assist_forced *fs;
    const int_vec *mark_facts;
    long listed;
    bool bad; /* a listed solution broke a mark: trust none of it */
    /* the enumerator resumes (assist_set_enumerator_resumes), so it lists
     * again what it listed before: one witness each is enough */
    bool resumed;
} enum_ctx;

static void enum_add(void *vctx, const int *facts, int n)
{
    enum_ctx *ec = vctx;
    assist_forced *fs = ec->fs;
    bool *w = xcalloc((size_t)fs->nf + 1, sizeof *w);
    for (int i = 0; i < n; i++)
        if (facts[i] >= 0 && facts[i] < fs->nf)
            w[facts[i]] = true;
    for (int i = 0; i < ec->mark_facts->n; i++)
        if (!w[ec->mark_facts->v[i]])
            ec->bad = true;
    ec->listed++;
    bool known = false;
    for (int k = 0; ec->resumed && k < fs->nwits && !known && !ec->bad; k++)
        known = memcmp(fs->wits[k], w, (size_t)fs->nf) == 0;
    if (ec->bad || known) {
        free(w);
        return;
    }
    add_witness(fs, w);
}

/* The family's enumerator.  1: it listed every solution, or a cover (the
 * hook answered 1 or 2, assist.h), so the open facts (true in all of them)
 * are forced by exhaustion; -1: its search was complete and listed none
 * (the hook answered 1 with an empty list: the marks have no solution);
 * 0: it gave no proof (more solutions, out of time, or a search cut
 * short with none listed: the solver decides). */
static int run_enumerator(assist *a, assist_forced *fs, const int_vec *mark_facts)
{
    fs->enum_tried = true;
    fs->enum_again = a->enum_resumes; /* till it answers: no time left is no answer */
    sat_budget b = a->budget;
    if (a->deadline > 0) {
        b.seconds = a->deadline - monotonic_seconds();
        if (b.seconds <= 0)
            return 0;
    }
    enum_ctx ec = {.fs = fs, .mark_facts = mark_facts, .resumed = a->enum_resumes};
    int e = a->enumerate(a->enum_ctx, mark_facts->v, mark_facts->n, ENUM_LIMIT,
                         a->has_budget ? &b : NULL, enum_add, &ec);
    fs->enum_again = e == -1 && a->enum_resumes;
    if (e == 1 && ec.listed == 0) {
        fs->enum_none = true;
        return -1;
    }
    if ((e != 1 && e != 2) || ec.bad || ec.listed == 0)
        return 0;
    for (int f = 0; f < fs->nf; f++)
        if (fs->st[f] == ASSIST_FACT_OPEN) {
            fs->st[f] = ASSIST_FACT_FORCED;
            fs->proof[f] = ASSIST_PROOF_EXHAUSTION;
        }
    return 1;
}

/* Done as asked?  want > 0: the first `want` forced facts in seq known with
 * every fact before them decided; want = 0: no fact open. */
static bool done(const assist_forced *fs, int want)
{
    int nforced = 0;
    for (int i = 0; i < fs->seq.n; i++) {
        int st = fs->st[fs->seq.v[i]];
        if (st == ASSIST_FACT_OPEN)
            return false;
        if (st == ASSIST_FACT_FORCED && want > 0 && ++nforced >= want)
            return true;
    }
    return true;
}

const bool *ai_forced_any_witness(const assist_forced *fs)
{
    return fs->nwits > 0 ? fs->wits[0] : NULL;
}

int ai_forced_seq(const assist_forced *fs, const int **seq)
{
    *seq = fs->seq.v;
    return fs->seq.n;
}

assist_status assist_forced_update(assist *a, assist_forced *fs, const int *marks, int nmarks,
                                   const int *order, int norder, int want)
{
    ai_start_call(a);
    return ai_forced_update(a, fs, marks, nmarks, order, norder, want);
}

assist_status ai_forced_update(assist *a, assist_forced *fs, const int *marks, int nmarks,
                               const int *order, int norder, int want)
{
    assert(fs->nf == a->fact_lits.n);
    int_vec as = {0}, lits = {0}, mark_facts = {0}, con = {0};
    ai_base_assumptions(a, marks, nmarks, &as);
    ai_all_marks(a, marks, nmarks, &mark_facts);
    for (int i = 0; i < as.n; i++)
        vec_push(&lits, as.v[i]);
    if (lits.n > 1)
        qsort(lits.v, (size_t)lits.n, sizeof *lits.v, int_compare);
    int m = 0;
    for (int i = 0; i < lits.n; i++)
        if (m == 0 || lits.v[m - 1] != lits.v[i])
            lits.v[m++] = lits.v[i];
    lits.n = m;
    revalidate(a, fs, &lits, &mark_facts);
    if (fs->enum_again) /* this update's budget goes on with its walk */
        fs->enum_tried = fs->enum_again = false;
    make_seq(fs, order, norder);
    assist_status st = ASSIST_OK;
    if (a->enumerate && !a->enum_deferred && !fs->enum_tried && !done(fs, want))
        run_enumerator(a, fs, &mark_facts);
    if (fs->enum_none)
        st = ASSIST_NONE;
    if (st == ASSIST_OK && fs->nwits == 0 && !done(fs, 0)) {
        /* no solution under these marks known yet: the first model gives
         * the candidates (model filtering).  Asked first with the
         * solve-only clauses (symmetry breaking, anchoring), which make
         * one solution far quicker to find and keep it a real one; the
         * family's images then stand for the symmetric ones. */
        sat_result r = SAT_UNSAT;
        if (a->solve_only_sel) {
            vec_push(&as, a->solve_only_sel);
            r = ai_call(a, as.v, as.n);
            as.n--;
        }
        if (r == SAT_UNSAT)
            r = ai_call(a, as.v, as.n);
        if (r == SAT_SAT)
            add_model(a, fs, &as, &mark_facts);
        else
            st = ai_status_of(r);
    }
    while (st == ASSIST_OK && !done(fs, want)) {
        /* the chunk: the nearest open facts, one per literal (all of them
         * while the wide clause still helps) */
        bool sym = !fs->sym_done && a->images && a->solve_only_sel && mark_facts.n == a->givens.n;
        bool wide = sym || !fs->wide_done;
        int size = wide ? fs->nf : fs->chunk;
        con.n = 0;
        for (int i = 0; i < fs->seq.n && con.n < size; i++) {
            int f = fs->seq.v[i];
            if (fs->st[f] != ASSIST_FACT_OPEN)
                continue;
            int neg = -a->fact_lits.v[f];
            bool dup = false;
            for (int k = 0; k < con.n && !dup; k++)
                dup = con.v[k] == neg;
            if (!dup)
                vec_push(&con, neg);
        }
        /* "at least one of them takes the other value" */
        if (sym)
            vec_push(&as, a->solve_only_sel);
        bool probe = a->enumerate && a->enum_deferred && !fs->enum_tried;
        int conflicts = sym ? SYM_CONFLICTS : wide ? WIDE_CONFLICTS : 0;
        if (probe && (conflicts == 0 || conflicts > PROBE_CONFLICTS))
            conflicts = PROBE_CONFLICTS;
        sat_result r = ai_call_limited(a, as.v, as.n, con.v, con.n, conflicts);
        if (sym)
            as.n--;
        if (probe && r == SAT_UNKNOWN && ai_budget_left(a)) {
            /* the solver struggles: the enumerator's turn, then the same
             * call again with its own limit if that settled nothing */
            if (run_enumerator(a, fs, &mark_facts) < 0)
                st = ASSIST_NONE;
            continue;
        }
        if (sym) {
            if (r != SAT_SAT && (r == SAT_UNSAT || ai_budget_left(a))) {
                fs->sym_done = true; /* no proof either way: see SYM_CONFLICTS */
                continue;
            }
        }
        if (r == SAT_UNKNOWN && wide && ai_budget_left(a)) {
            fs->wide_done = true; /* the conflict limit, not the budget */
            continue;
        }
        if (r == SAT_SAT) {
            int refuted = add_model(a, fs, &as, &mark_facts);
            assert(refuted > 0); /* the constraint flips one of the chunk */
            (void)refuted;
        } else if (r == SAT_UNSAT) {
            if (!sat_constraint_failed(a->sat)) {
                st = ASSIST_NONE; /* the marks alone have no solution */
                break;
            }
            /* no solution flips any of them: every one is forced */
            for (int i = 0; i < fs->seq.n; i++) {
                int f = fs->seq.v[i];
                if (fs->st[f] != ASSIST_FACT_OPEN)
                    continue;
                for (int k = 0; k < con.n; k++)
                    if (con.v[k] == -a->fact_lits.v[f]) {
                        fs->st[f] = ASSIST_FACT_FORCED;
                        fs->proof[f] = ASSIST_PROOF_UNSAT;
                        break;
                    }
            }
            if (!wide && fs->chunk < MAX_CHUNK)
                fs->chunk *= 2;
        } else {
            st = ASSIST_UNKNOWN;
        }
    }
    vec_free(&as);
    vec_free(&lits);
    vec_free(&mark_facts);
    vec_free(&con);
    return st;
}
