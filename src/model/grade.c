/* grade.c: difficulty by simulated play (forced steps and the size of
 * their explanations), and the generate, prove unique, grade loop. */
#include "grade.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "jobs.h"
#include "rng.h"

static const char *const NAMES[] = {"easy", "medium", "hard"};

/* Explanations are shrunk until this many groups are known to be needed:
 * a step that needs 4 makes a puzzle hard, whatever more it needs. */
#define GRADE_DEEPEST 4

const char *grade_name(grade_level g) { return g >= GRADE_EASY && g <= GRADE_HARD ? NAMES[g] : "ungraded"; }

grade_level grade_from_name(const char *name)
{
    for (int g = GRADE_EASY; g <= GRADE_HARD; g++)
        if (name && strcmp(name, NAMES[g]) == 0)
            return (grade_level)g;
    return GRADE_NONE;
}

grade_level grade_from_text(const char *text)
{
    /* only the comment lines at the top: a grade is the file's first word */
    const char *p = text;
    while (p && *p) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p != '#')
            break;
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, "grade:", 6) == 0) {
            p += 6;
            while (*p == ' ' || *p == '\t')
                p++;
            char word[16];
            int n = 0;
            while (n < 15 && isalpha((unsigned char)p[n])) {
                word[n] = p[n];
                n++;
            }
            word[n] = 0;
            return grade_from_name(word);
        }
        p = strchr(p, '\n');
    }
    return GRADE_NONE;
}

/* The thresholds.  A step is "multi" when even the easiest deduction in
 * sight combines two or more clue groups, "deep" when it combines three or
 * more.
 *   hard:   some step needs 4+ groups, or 3 or more deep steps
 *   easy:   no step needs more than 2 groups, and at most 10% of the
 *           forced steps (or at most 2 steps) need 2
 *   medium: the rest
 * (Set on Simon Tatham's Tents, 8x8 to 25x25: of his 51 "easy" puzzles
 * 40 grade easy, 8 medium, 3 hard; of his 50 "tricky" ones 28 easy, 10
 * medium, 12 hard.) */
grade_level grade_level_of(const grade_report *r)
{
    if (r->forced_steps == 0)
        return r->choice_steps > 0 ? GRADE_HARD : GRADE_EASY;
    if (r->max_groups >= 4 || r->deep_steps >= 3)
        return GRADE_HARD;
    if (r->max_groups <= 2 && (r->multi_steps <= 2 || r->multi_steps * 10 <= r->forced_steps))
        return GRADE_EASY;
    return GRADE_MEDIUM;
}

assist_status grade_count(const puzzle *p, assist *a, const int *marks, int nmarks, long limit,
                          long *count)
{
    if (p->family->count)
        return p->family->count(p->data, a, marks, nmarks, limit, 0, count);
    return assist_count(a, marks, nmarks, limit, count);
}

static void apply_move(int *state, int nstate, const move *m)
{
    for (int i = 0; i < m->idx.n; i++)
        if (m->idx.v[i] >= 0 && m->idx.v[i] < nstate)
            state[m->idx.v[i]] = m->val.v[i];
}

typedef struct {
    const puzzle *p;
    assist *a;
    int nf, nstate;
    int *state, *marks, *cand;
    bool *sol, *marked, *taken, *lit_marked;
    int nlit;
} player;

/* The open facts of the solution under the current marks: true there, not
 * marked (nor said by a mark under another number), not taken yet. */
static int open_facts(player *pl, int nmarks)
{
    int nv = sat_num_vars(assist_sat(pl->a));
    if (nv + 1 > pl->nlit) {
        pl->nlit = 2 * (nv + 1);
        free(pl->lit_marked);
        pl->lit_marked = xmalloc((size_t)pl->nlit * 2 * sizeof *pl->lit_marked);
    }
    memset(pl->lit_marked, 0, (size_t)pl->nlit * 2 * sizeof *pl->lit_marked);
    memset(pl->marked, 0, (size_t)pl->nf * sizeof *pl->marked);
    for (int i = 0; i < nmarks; i++) {
        int lit = assist_fact_lit(pl->a, pl->marks[i]);
        pl->marked[pl->marks[i]] = true;
        pl->lit_marked[lit > 0 ? 2 * lit : -2 * lit + 1] = true;
    }
    int n = 0;
    for (int f = 0; f < pl->nf; f++) {
        int lit = assist_fact_lit(pl->a, f);
        if (pl->sol[f] && !pl->marked[f] && !pl->taken[f] &&
            !pl->lit_marked[lit > 0 ? 2 * lit : -2 * lit + 1])
            pl->cand[n++] = f;
    }
    return n;
}

static bool grade_on(const puzzle *p, assist *a, const grade_options *o, grade_report *out);

bool grade_puzzle(const puzzle *p, const grade_options *o, grade_report *out)
{
    assist *a = puzzle_encode(p);
    bool ok = grade_on(p, a, o, out);
    assist_free(a);
    return ok;
}

/* Grades on a fresh engine with the puzzle encoded (the grade depends on
 * what the solver has learned, so it is always measured from scratch). */
static bool grade_on(const puzzle *p, assist *a, const grade_options *o, grade_report *out)
{
    memset(out, 0, sizeof *out);
    out->level = GRADE_NONE;
    double t0 = monotonic_seconds();
    int max_explains = o && o->max_explains > 0 ? o->max_explains : 600;
    int per_step = o && o->candidates > 0 ? o->candidates : 8;
    int hard_within = o ? o->hard_within : 0;
    /* explanations get the small budget; finding the solution again at
     * each step gets a large one (it is the puzzle's own solve) */
    sat_budget budget = {.conflicts = o && o->conflicts > 0 ? o->conflicts : 2000};
    sat_budget solve_budget = {.conflicts = 1000000};
    const game_family *f = p->family;
    player pl = {.p = p, .a = a};
    assist_set_budget(pl.a, &budget);
    pl.nf = assist_num_facts(pl.a);
    pl.nstate = p->nstate;
    pl.state = xcalloc((size_t)pl.nstate + 1, sizeof *pl.state);
    pl.marks = xcalloc((size_t)pl.nf + 1, sizeof *pl.marks);
    pl.cand = xcalloc((size_t)pl.nf + 1, sizeof *pl.cand);
    pl.sol = xcalloc((size_t)pl.nf + 1, sizeof *pl.sol);
    pl.marked = xcalloc((size_t)pl.nf + 1, sizeof *pl.marked);
    pl.taken = xcalloc((size_t)pl.nf + 1, sizeof *pl.taken);
    f->init_state(p->data, pl.state);
    /* a fixed seed: the same puzzle always gets the same grade */
    rng r;
    rng_seed(&r, 0x7e55e7a);
    int_vec groups = {0};
    bool ok = true;
    int stride = 0;
    double deadline = o && o->seconds > 0 ? t0 + o->seconds : 0;
    for (int step = 0;; step++) {
        if (deadline > 0) {
            /* every call gets what is left; running out is no grade */
            double left = deadline - monotonic_seconds();
            if (left <= 0) {
                ok = false;
                break;
            }
            budget.seconds = solve_budget.seconds = left;
        }
        int nm = f->state_marks(p->data, pl.state, pl.marks, pl.nf + 1);
        /* The solution found last serves while it agrees with every mark
         * (a solution in fact space whatever the board's frame); solved
         * again when it does not: some families renumber their facts as
         * the board fills (Tantrix's frame follows the placed tiles). */
        bool fits = step > 0;
        for (int i = 0; i < nm && fits; i++)
            fits = pl.marks[i] >= 0 && pl.marks[i] < pl.nf && pl.sol[pl.marks[i]];
        assist_status st = ASSIST_OK;
        if (!fits) {
            assist_set_budget(pl.a, &solve_budget);
            st = assist_solve(pl.a, pl.marks, nm, pl.sol);
            assist_set_budget(pl.a, &budget);
        }
        if (st != ASSIST_OK) {
            ok = step > 0 && !(deadline > 0 && monotonic_seconds() >= deadline);
            break;
        }
        int nc = open_facts(&pl, nm);
        if (nc == 0) {
            out->complete = true;
            break;
        }
        if (stride == 0) {
            /* about three explains per measured step; a board with more
             * steps than that allows is measured every stride-th step */
            int measured = max_explains / 3 > 1 ? max_explains / 3 : 1;
            stride = (nc + measured - 1) / measured;
        }
        int pick = -1;
        if (step % stride != 0) {
            pick = pl.cand[rng_below(&r, nc)];
            out->revealed++;
        } else {
            int tries = nc < per_step ? nc : per_step, best_size = INT_MAX;
            for (int i = 0; i < tries; i++) {
                int j = i + rng_below(&r, nc - i), t = pl.cand[i];
                pl.cand[i] = pl.cand[j];
                pl.cand[j] = t;
            }
            /* the solver's trimmed core for each, stopping at a one-clue
             * step; then the smallest two are shrunk to minimal sets */
            int top[2] = {-1, -1}, top_size[2] = {INT_MAX, INT_MAX}, unproved = -1;
            for (int i = 0; i < tries && out->explains < max_explains; i++) {
                out->explains++;
                assist_status es = assist_explain_groups(pl.a, pl.marks, nm, pl.cand[i], 0, &groups);
                if (es == ASSIST_UNKNOWN && unproved < 0)
                    unproved = pl.cand[i];
                if (es == ASSIST_UNKNOWN && top[0] < 0 && i >= 2)
                    break; /* three in a row beyond the budget: a hard spot */
                if (es != ASSIST_OK)
                    continue;
                if (groups.n < top_size[0]) {
                    top[1] = top[0];
                    top_size[1] = top_size[0];
                    top[0] = pl.cand[i];
                    top_size[0] = groups.n;
                } else if (groups.n < top_size[1]) {
                    top[1] = pl.cand[i];
                    top_size[1] = groups.n;
                }
                if (groups.n <= 1)
                    break; /* one clue: as easy as a step gets */
            }
            pick = top[0];
            best_size = top_size[0];
            if (pick < 0 && unproved >= 0) {
                /* no proof within the conflict budget, even with every
                 * clue: no deduction a player makes by looking */
                pick = unproved;
                best_size = GRADE_DEEPEST;
            }
            for (int k = 0; k < 2 && best_size > 1; k++) {
                if (top[k] < 0 || out->explains >= max_explains)
                    break;
                out->explains++;
                if (assist_explain_groups(pl.a, pl.marks, nm, top[k], GRADE_DEEPEST, &groups) == ASSIST_OK &&
                    groups.n < best_size) {
                    best_size = groups.n;
                    pick = top[k];
                }
            }
            if (pick >= 0) {
                if (best_size > GRADE_DEEPEST)
                    best_size = GRADE_DEEPEST; /* "4 or more" */
                out->forced_steps++;
                out->multi_steps += best_size >= 2;
                out->deep_steps += best_size >= 3;
                if (best_size > out->max_groups)
                    out->max_groups = best_size;
                if (grade_level_of(out) == GRADE_HARD)
                    break; /* more steps cannot make it easier */
            } else if (out->explains >= max_explains) {
                break;
            } else {
                pick = pl.cand[0];
                out->choice_steps++;
            }
        }
        if (deadline > 0 && monotonic_seconds() >= deadline) {
            ok = false; /* the last answers may be cut short */
            break;
        }
        move m = {0};
        f->fact_move(p->data, pl.state, pick, &m);
        apply_move(pl.state, pl.nstate, &m);
        move_free(&m);
        pl.taken[pick] = true;
        if (out->explains >= max_explains)
            break;
        if (hard_within > 0 && out->explains >= hard_within) {
            ok = false; /* not hard yet: the caller wants no other answer */
            break;
        }
    }
    vec_free(&groups);
    free(pl.state);
    free(pl.marks);
    free(pl.cand);
    free(pl.sol);
    free(pl.marked);
    free(pl.taken);
    free(pl.lit_marked);
    out->seconds = monotonic_seconds() - t0;
    if (ok)
        out->level = grade_level_of(out);
    return ok;
}

grade_level grade_text(const game_family *f, const char *text, const grade_options *o,
                       grade_report *out)
{
    diag d = {0};
    puzzle *p = puzzle_from_text(text, "generated puzzle", NULL, f->name, &d);
    grade_report r;
    if (!out)
        out = &r;
    memset(out, 0, sizeof *out);
    out->level = GRADE_NONE;
    if (p)
        grade_puzzle(p, o, out);
    puzzle_free(p);
    return out->level;
}

int grade_against(const game_family *f, const char *text, const char *level)
{
    grade_level got = grade_text(f, text, NULL, NULL), want = grade_from_name(level);
    if (got == GRADE_NONE)
        return 1;
    return got < want ? -1 : got > want;
}

typedef enum { CHECKED_HARD_UNKNOWN, CHECKED, CHECK_FAILED } check_result;

/* Grades the text and proves it is a puzzle of the family with exactly one
 * solution (unless the family's generator has just made that very proof:
 * generate_proves_unique, game.h).  With a hard_within option (o) the
 * grade may give up: CHECKED_HARD_UNKNOWN, and the proof, no longer
 * needed, is skipped. */
static check_result check_and_grade(const game_family *f, const char *text, const grade_options *o,
                                    grade_report *r, int *nfacts, diag *err)
{
    diag d = {0};
    puzzle *p = puzzle_from_text(text, "generated puzzle", NULL, f->name, &d);
    if (!p) {
        char buf[300];
        diag_format(&d, buf, sizeof buf);
        diag_set(err, 0, 0, "internal error: the %s parser rejects the generated puzzle: %s", f->title,
                 buf);
        return CHECK_FAILED;
    }
    assist *a = puzzle_encode(p);
    int max = assist_num_facts(a) + 1;
    *nfacts = max - 1;
    /* graded on a fresh engine, as anyone grading the text again would;
     * the proof then runs on the same engine, helped by what the grade
     * has learned (learned clauses hold in every solution) */
    check_result res = CHECKED;
    if (!grade_on(p, a, o, r)) {
        res = o && o->hard_within > 0 ? CHECKED_HARD_UNKNOWN : CHECK_FAILED;
        if (res == CHECK_FAILED)
            diag_set(err, 0, 0, "internal error: the generated %s puzzle could not be graded", f->title);
    }
    if (res == CHECKED && !f->generate_proves_unique) {
        int *state = xcalloc((size_t)p->nstate + 1, sizeof *state);
        int *marks = xcalloc((size_t)max, sizeof *marks);
        f->init_state(p->data, state);
        int nm = f->state_marks(p->data, state, marks, max);
        long count = 0;
        assist_set_budget(a, NULL);
        assist_status st = grade_count(p, a, marks, nm, 2, &count);
        if (st != ASSIST_OK || count != 1) {
            diag_set(err, 0, 0, "internal error: the generated %s puzzle has %s", f->title,
                     st != ASSIST_OK ? "no uniqueness proof" : count == 0 ? "no solution" : "several solutions");
            res = CHECK_FAILED;
        }
        free(marks);
        free(state);
    }
    assist_free(a);
    puzzle_free(p);
    return res;
}

/* How many puzzles --difficulty may make before settling for the closest:
 * more when they are small (fewer facts than GRADE_SMALL), and cheap. */
#define GRADE_ATTEMPTS 8
#define GRADE_ATTEMPTS_SMALL 24
#define GRADE_SMALL 1000
/* When hard is asked for, every attempt but the last is dropped when the
 * grade has not found it hard after this many explain calls: a hard step
 * shows early, on the sparse board (at Train Tracks 30x30 within the first
 * 40), while grading a board to the end costs several seconds. */
#define GRADE_HARD_WITHIN 60
/* Attempts made side by side at most (more would mostly be cancelled). */
#define GRADE_THREADS 4

/* One attempt of grade_generate, made on a worker thread. */
typedef struct {
    bool made;        /* run (not skipped as beyond the attempts wanted) */
    bool generated;   /* the family's generator succeeded */
    check_result cr;
    strbuf text;
    grade_report rep;
    int nfacts;
    diag err;
} attempt;

typedef struct {
    const game_family *f;
    const gen_options *opt;
    grade_level want;
    /* set by take() for attempt 0 (read by later attempts only after
     * jobs_wait_taken(0)): how many attempts this level may make */
    int attempts;
    attempt *slot;
    int best, best_dist, made;
    bool failed;
    diag *err;
} generation;

static void attempt_run(jobs *j, void *ctx, int k, const atomic_bool *cancel)
{
    generation *g = ctx;
    attempt *a = &g->slot[k];
    /* whether this attempt is the last, or wanted at all, depends on
     * attempt 0's size; attempts before GRADE_ATTEMPTS - 1 never are */
    bool last = false;
    if (k + 1 >= GRADE_ATTEMPTS) {
        jobs_wait_taken(j, 0);
        if (k >= g->attempts || atomic_load(cancel))
            return;
        last = k + 1 == g->attempts;
    }
    sat_cancel_on_thread(cancel);
    a->made = true;
    gen_options o = *g->opt;
    if (!o.grade_against)
        o.grade_against = grade_against;
    if (k > 0) { /* attempt k: a seed derived from the given one */
        rng r;
        rng_seed(&r, (uint64_t)g->opt->seed * 0x100000001B3ull + (uint64_t)k);
        o.seed = (unsigned long)rng_next(&r);
    }
    a->generated = g->f->generate(&o, &a->text, &a->err);
    if (a->generated) {
        grade_options probe = {.hard_within = GRADE_HARD_WITHIN};
        a->cr = check_and_grade(g->f, a->text.s ? a->text.s : "",
                                g->want == GRADE_HARD && !last ? &probe : NULL, &a->rep, &a->nfacts, &a->err);
    }
    sat_cancel_on_thread(NULL);
}

/* Takes attempt k in order, as a loop over the attempts would: the first
 * at the level asked for ends it, a failure ends it with its message. */
static bool attempt_take(void *ctx, int k)
{
    generation *g = ctx;
    attempt *a = &g->slot[k];
    if (k >= g->attempts || !a->made)
        return false;
    g->made++;
    if (!a->generated || a->cr == CHECK_FAILED) {
        *g->err = a->err;
        g->failed = true;
        return false;
    }
    if (k == 0 && g->want != GRADE_NONE && a->nfacts < GRADE_SMALL)
        g->attempts = GRADE_ATTEMPTS_SMALL;
    int dist = a->cr == CHECKED_HARD_UNKNOWN ? INT_MAX
               : g->want == GRADE_NONE      ? 0
                                            : abs((int)a->rep.level - (int)g->want);
    if (dist < g->best_dist) {
        g->best_dist = dist;
        g->best = k;
    }
    return g->best_dist > 0 && k + 1 < g->attempts;
}

bool grade_generate(const game_family *f, const gen_options *opt, strbuf *out, diag *err, FILE *note,
                    grade_report *report)
{
    grade_level want = grade_from_name(opt->difficulty);
    generation g = {.f = f, .opt = opt, .want = want, .attempts = want == GRADE_NONE ? 1 : GRADE_ATTEMPTS,
                    .best = -1, .best_dist = INT_MAX, .err = err};
    int most = want == GRADE_NONE ? 1 : GRADE_ATTEMPTS_SMALL;
    g.slot = xcalloc((size_t)most, sizeof *g.slot);
    for (int k = 0; k < most; k++)
        g.slot[k].err = *err;
    /* Attempts run side by side on the machine's processors: the answer is
     * the same as one after the other (results are taken in order), and a
     * level missed costs less waiting */
    job_spec spec = {attempt_run, attempt_take, &g};
    jobs_run(&spec, most, jobs_threads(GRADE_THREADS));
    strbuf best = {0};
    grade_report best_r = {0};
    for (int k = 0; k < most; k++)
        if (k == g.best && !g.failed) {
            best = g.slot[k].text;
            best_r = g.slot[k].rep;
        } else {
            sb_free(&g.slot[k].text);
        }
    free(g.slot);
    if (g.failed)
        return false;
    int best_dist = g.best_dist, attempts = g.attempts, made = g.made;
    if (best_dist > 0 && note)
        fprintf(note,
                "tessera: --generate: no %s %s puzzle in %d attempts from seed %lu; "
                "this one is the closest: %s\n",
                grade_name(want), f->title, attempts, opt->seed, grade_name(best_r.level));
    /* the grade as a comment line, where the family's parser allows one */
    strbuf graded = {0};
    sb_printf(&graded, "# grade: %s\n%s", grade_name(best_r.level), best.s ? best.s : "");
    diag d = {0};
    puzzle *p = puzzle_from_text(graded.s, "generated puzzle", NULL, f->name, &d);
    if (p) {
        puzzle_free(p);
        sb_free(&best);
        *out = graded;
    } else {
        sb_free(&graded);
        *out = best;
    }
    if (report) {
        *report = best_r;
        report->attempts = made;
    }
    return true;
}
