/* assist_bench.c: cold hint, explain and check latency of the engine, as
 * `tessera --hint SAVE` and `--check SAVE` feel it, for bench/assist.sh.
 *
 *   assist_bench [--timeout S] [--seed N] [--label NAME] [--lines] FILE...
 *
 * For each puzzle: solve it once (the answer goes through the family's
 * checker), then build boards from that solution's marks: 0, 25, 50, 75
 * and 90% of them (givens always in), and the 25% and 75% boards with one
 * mark the solution does not have.  On each board, on a fresh engine
 * (encoding included, as a new process pays it): hint (the hint call),
 * explain (the reason of a forced hint), check.  Prints p50/p95/max
 * milliseconds per operation over every board of every FILE, wall and
 * CPU (all threads), with how many answers were "not known within the
 * budget".  With --lines, one line per answer besides; a check's line
 * ends with the size of the conflict set it named (0 when none).  A hint
 * labelled forced on a correct board must be one of the solution's marks:
 * checked, and counted as an error otherwise.  Builds against the engine
 * with or without the labelled API (ASSIST_HAS_LABELS), so the same
 * driver measures the code before and after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "latency.h"
#include "rng.h"

enum { OP_HINT, OP_EXPLAIN, OP_CHECK, OP_WARM, NOPS };
static const char *const op_name[NOPS] = {"hint", "explain", "check", "update"};

static latency_samples S[NOPS];
static int errors;
static double timeout_s = 10;
static bool print_lines, warm;

static double cpu_start;

static void record(int op, double ms, bool unknown)
{
    latency_record(&S[op], ms, latency_cpu_ms() - cpu_start, unknown);
}

static assist *fresh_engine(const puzzle *p, const int *givens, int ng)
{
    assist *a = puzzle_encode(p);
    sat_budget b = {.seconds = timeout_s};
    assist_set_budget(a, &b);
#ifdef ASSIST_HAS_LABELS
    assist_set_givens(a, givens, ng);
#else
    (void)givens;
    (void)ng;
#endif
    return a;
}

static const char *status_name(assist_status st)
{
    return st == ASSIST_OK ? "ok" : st == ASSIST_NONE ? "none" : "unknown";
}

/* One board: the three cold operations. */
static void run_board(const puzzle *p, const int *givens, int ng, const int *marks, int nm,
                      const bool *in_solution, bool correct, const char *what)
{
    /* hint */
    cpu_start = latency_cpu_ms();
    double t0 = latency_now_ms();
    assist *a = fresh_engine(p, givens, ng);
    assist_hint_result hr;
    assist_status st = assist_hint(a, marks, nm, NULL, 0, &hr);
    double t1 = latency_now_ms();
    const char *label = hr.fact < 0 ? "-" : hr.forced ? "forced" : "choice";
#ifdef ASSIST_HAS_LABELS
    static const char *const names[] = {"forced", "forced-no-reason", "choice", "not-known"};
    label = names[hr.label];
    if (hr.forced && hr.proof == ASSIST_PROOF_EXHAUSTION)
        label = "forced-by-search";
#endif
    if (st == ASSIST_UNKNOWN)
        label = "not-known";
    record(OP_HINT, t1 - t0, st == ASSIST_UNKNOWN);
    if (print_lines)
        printf("  %s hint %.1f ms %s %s\n", what, t1 - t0, status_name(st), label);
    if (st == ASSIST_OK && hr.forced && correct && !in_solution[hr.fact]) {
        printf("  ERROR: %s: forced hint %d is not in the solution\n", what, hr.fact);
        errors++;
    }
    /* explain, on the same engine (the CLI's next call) */
    if (st == ASSIST_OK && hr.forced) {
        cpu_start = latency_cpu_ms();
        double t2 = latency_now_ms();
        const char *kind;
#ifdef ASSIST_HAS_LABELS
        assist_reason r = {0};
        assist_status es = assist_explain_reason(a, marks, nm, hr.fact, &r);
        kind = r.kind == ASSIST_REASON_MINIMAL ? "minimal" : r.kind == ASSIST_REASON_SMALLEST ? "smallest" : "none";
        bool unknown = r.kind != ASSIST_REASON_MINIMAL;
        assist_reason_free(&r);
#else
        int_vec g = {0}, m = {0};
        assist_status es = assist_explain(a, marks, nm, hr.fact, &g, &m);
        kind = es == ASSIST_OK ? "minimal" : "none";
        bool unknown = es != ASSIST_OK;
        vec_free(&g);
        vec_free(&m);
#endif
        double t3 = latency_now_ms();
        record(OP_EXPLAIN, t3 - t2, unknown);
        if (print_lines)
            printf("  %s explain %.1f ms %s %s\n", what, t3 - t2, status_name(es), kind);
    }
    assist_free(a);
    /* check */
    cpu_start = latency_cpu_ms();
    t0 = latency_now_ms();
    a = fresh_engine(p, givens, ng);
    int_vec core = {0};
    st = assist_check(a, marks, nm, &core);
    t1 = latency_now_ms();
    record(OP_CHECK, t1 - t0, st == ASSIST_UNKNOWN);
    if (print_lines)
        printf("  %s check %.1f ms %s %d\n", what, t1 - t0, status_name(st), core.n);
    if (correct && st == ASSIST_NONE) {
        printf("  ERROR: %s: check calls a correct board inconsistent\n", what);
        errors++;
    }
    vec_free(&core);
#ifdef ASSIST_HAS_LABELS
    /* time-to-warm, engine part: the forced set complete, then one more
     * correct mark and the incremental update */
    if (warm && correct) {
        assist_forced *fs = assist_forced_create(a);
        if (assist_forced_update(a, fs, marks, nm, NULL, 0, 0) == ASSIST_OK) {
            int *more = xcalloc((size_t)nm + 2, sizeof *more);
            memcpy(more, marks, (size_t)nm * sizeof *more);
            int nf = assist_num_facts(a), extra = -1;
            for (int f = 0; f < nf && extra < 0; f++)
                if (in_solution[f] && assist_forced_status(fs, f) != ASSIST_FACT_MARKED)
                    extra = f;
            if (extra >= 0) {
                more[nm] = extra;
                cpu_start = latency_cpu_ms();
                t0 = latency_now_ms();
                st = assist_forced_update(a, fs, more, nm + 1, NULL, 0, 0);
                t1 = latency_now_ms();
                record(OP_WARM, t1 - t0, st == ASSIST_UNKNOWN);
                if (print_lines)
                    printf("  %s update %.1f ms %s\n", what, t1 - t0, status_name(st));
            }
            free(more);
        }
        assist_forced_free(fs);
    }
#endif
    assist_free(a);
}

/* Solves the puzzle once and runs every board built from the answer. */
static bool run_puzzle(const char *path, unsigned long seed)
{
    size_t len;
    char *text = read_file(path, 16u << 20, &len);
    if (!text) {
        fprintf(stderr, "assist_bench: %s: cannot read\n", path);
        return false;
    }
    diag err = {0};
    puzzle *p = puzzle_from_text(text, path, strrchr(path, '.') ? strrchr(path, '.') + 1 : NULL, NULL, &err);
    free(text);
    if (!p) {
        char buf[512];
        diag_format(&err, buf, sizeof buf);
        fprintf(stderr, "assist_bench: %s\n", buf);
        return false;
    }
    const game_family *f = p->family;
    int *start = xcalloc((size_t)p->nstate + 1, sizeof *start);
    f->init_state(p->data, start);
    assist *a = puzzle_encode(p);
    int nf = assist_num_facts(a);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    int n0 = f->state_marks(p->data, start, marks, nf + 1);
    bool *facts = xcalloc((size_t)nf + 1, sizeof *facts);
    sat_budget b = {.seconds = 300};
    assist_set_budget(a, &b);
    assist_status st = assist_solve(a, marks, n0, facts);
    assist_free(a);
    int *sol = xcalloc((size_t)p->nstate + 1, sizeof *sol);
    memcpy(sol, start, (size_t)p->nstate * sizeof *sol);
    diag why = {0};
    bool ok = st == ASSIST_OK;
    if (ok) {
        f->apply_solution(p->data, facts, sol);
        ok = f->verify(p->data, sol, &why);
    }
    if (!ok) {
        fprintf(stderr, "assist_bench: %s: no checked solution (%s)\n", path, why.msg);
        free(start), free(marks), free(facts), free(sol);
        puzzle_free(p);
        return false;
    }
    /* The solution's facts, in the numbering of the starting board's
     * marks (a Tantrix frame follows the placed tiles: the boards below
     * never go through a state, so they stay in that one frame), and the
     * givens among them.  Every fact is one a player can mark. */
    int *givens = NULL;
    int ng = 0;
#ifdef ASSIST_HAS_LABELS
    ng = puzzle_givens(p, start, &givens);
#else
    /* before the givens API, givens were passed as marks, as the CLI did */
    givens = xcalloc((size_t)nf + 1, sizeof *givens);
    ng = f->state_marks(p->data, start, givens, nf + 1);
#endif
    bool *in_solution = facts;
    bool *is_given = xcalloc((size_t)nf + 1, sizeof *is_given);
    for (int i = 0; i < ng; i++)
        is_given[givens[i]] = true;
    int_vec own = {0};
    for (int fact = 0; fact < nf; fact++)
        if (facts[fact] && !is_given[fact])
            vec_push(&own, fact);
    char desc[64];
    f->describe(p->data, desc, sizeof desc);
    printf("%s (%s %s): %d facts, %d marks in a solution, %d givens\n", path, f->name, desc, nf, own.n, ng);
    static const int fractions[] = {0, 25, 50, 75, 90};
    int *board = xcalloc((size_t)nf + own.n + ng + 2, sizeof *board);
    for (int k = 0; k < 7; k++) {
        int frac = k < 5 ? fractions[k] : k == 5 ? 25 : 75;
        bool wrong = k >= 5;
        rng r;
        rng_seed(&r, seed * 1000003u + (unsigned long)k);
        rng_shuffle(&r, own.v, own.n);
        int n = 0;
        for (int i = 0; i < ng; i++)
            board[n++] = givens[i];
        int take = (int)((long)own.n * frac / 100);
        for (int i = 0; i < take; i++)
            board[n++] = own.v[i];
        if (wrong) {
            int bad = -1;
            for (int tries = 0; tries < 1000 && bad < 0; tries++) {
                int c = rng_below(&r, nf);
                if (!in_solution[c])
                    bad = c;
            }
            if (bad < 0)
                continue;
            board[n++] = bad;
        }
        char what[32];
        snprintf(what, sizeof what, "%d%%%s", frac, wrong ? "+wrong" : "");
        run_board(p, givens, ng, board, n, in_solution, !wrong, what);
    }
    fflush(stdout);
    vec_free(&own);
    free(board);
    free(is_given);
    free(givens);
    free(start);
    free(marks);
    free(facts);
    free(sol);
    puzzle_free(p);
    return true;
}

int main(int argc, char **argv)
{
    unsigned long seed = 1;
    const char *label = "";
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) {
            timeout_s = atof(argv[++i]);
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            seed = strtoul(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--label") == 0 && i + 1 < argc) {
            label = argv[++i];
        } else if (strcmp(argv[i], "--lines") == 0) {
            print_lines = true;
        } else if (strcmp(argv[i], "--warm") == 0) {
            warm = true;
        } else {
            if (!run_puzzle(argv[i], seed + (unsigned long)i))
                errors++;
            nfiles++;
        }
    }
    printf("== %s: %d puzzles, cold, budget %g s per call; wall ms, then CPU ms\n", label, nfiles,
           timeout_s);
    latency_print(S, op_name, NOPS);
    if (errors)
        printf("%d errors\n", errors);
    return errors ? 1 : 0;
}
