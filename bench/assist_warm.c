/* assist_warm.c: warm hint and check, and time-to-warm after a move, as the
 * player feels them: through the session layer (session_think, session_ready,
 * session_wait, session_apply), the player's own code path, for bench/assist.sh.
 *
 *   assist_warm [--timeout S] [--seed N] [--label NAME] [--lines]
 *               [--fractions P,P,...] [--first-only] FILE...
 *
 * For each puzzle: solve it once (the answer goes through the family's
 * checker), then open a session on boards holding 0, 25, 50, 75 and 90% of
 * that solution's marks (drawn as assist_bench draws them: the same seeds;
 * --fractions picks some of these),
 * the marks made as one move through session_apply.  The worker thinks;
 * once it has finished (thinking ahead included, where the session says so),
 * the focus moves a few steps (as arrow keys would) and the player asks at
 * once:
 *   hint   h: from the focus move until the hint for the new focus is ready;
 *   check  c: the same for the check;
 *   ttw    time-to-warm: one more correct mark through session_apply, until
 *          the worker has both answers for the new board;
 *   first  from opening the board until the worker's hint is known (its
 *          first answer, or the one it publishes again once thinking ahead
 *          has finished the forced set), as h pressed at any later time
 *          finds it (--first-only: this alone, no keys or moves after).
 * Up to MOVES correct marks per board, each followed by hint and check again.
 * Prints p50/p95/max milliseconds per operation, wall and CPU (all threads,
 * the worker's included), and how many answers were "not known".  A hint
 * labelled forced must be one of the solution's marks (where fact numbers
 * follow no frame): checked, and counted as an error otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "latency.h"
#include "rng.h"
#include "session.h"

#define MOVES 3
/* A wait longer than this is reported as one (the worker never answered). */
#define WAIT_LIMIT_S 120.0

enum { OP_HINT, OP_CHECK, OP_TTW, OP_FIRST, NOPS };
static const char *const op_name[NOPS] = {"hint", "check", "ttw", "first"};

static latency_samples S[NOPS];
static int errors;
static double timeout_s = 5;
static bool print_lines;
enum { NFRACTIONS = 5 };
static const int fractions[NFRACTIONS] = {0, 25, 50, 75, 90};
static unsigned fraction_set = 0x1f; /* bit k: fractions[k] */
static bool first_only;

/* --fractions: a comma list of fractions[] entries; false on another. */
static bool parse_fractions(const char *list)
{
    fraction_set = 0;
    for (const char *p = list; *p;) {
        char *end;
        long v = strtol(p, &end, 10);
        int k = 0;
        while (k < NFRACTIONS && fractions[k] != v)
            k++;
        if (end == p || k == NFRACTIONS || (*end && *end != ','))
            return false;
        fraction_set |= 1u << k;
        p = *end ? end + 1 : end;
    }
    return fraction_set != 0;
}

/* Until the worker's answer is ready (the hint too with want_hint); the
 * answer in out.  False when it never came. */
static bool wait_ready(session *s, bool want_hint, session_answer *out)
{
    double end = latency_now_ms() + WAIT_LIMIT_S * 1e3;
    while (!session_ready(s, want_hint, out)) {
        if (latency_now_ms() > end)
            return false;
        session_wait(s, 0.01);
    }
    return true;
}

/* Until the worker's hint is known (not "not known"), or it settled
 * without one, or WAIT_LIMIT_S; the last hint label it published. */
static hint_label wait_known_hint(session *s)
{
    double end = latency_now_ms() + WAIT_LIMIT_S * 1e3;
    hint_label last = HINT_PENDING;
    for (;;) {
        session_answer ans = {0};
        bool ready = session_ready(s, true, &ans);
        if (ready)
            last = ans.hint.label;
        session_answer_free(&ans);
        if ((ready && last != HINT_UNKNOWN) || latency_now_ms() > end)
            return last;
        if (session_settled(s)) { /* published before it settled: one last look */
            if (session_ready(s, true, &ans))
                last = ans.hint.label;
            session_answer_free(&ans);
            return last;
        }
        session_wait(s, 0.01);
    }
}

/* Until the worker has nothing left to do for this board. */
static void wait_settled(session *s)
{
#ifdef SESSION_HAS_SETTLED
    double end = latency_now_ms() + WAIT_LIMIT_S * 1e3;
    while (!session_settled(s) && latency_now_ms() < end)
        session_wait(s, 0.01);
#else
    session_answer a = {0};
    wait_ready(s, true, &a);
    session_answer_free(&a);
#endif
}

/* A fact's move, made on the board it is numbered on: the starting board
 * for a family whose numbering follows the board (as session_obvious). */
static void fact_move_on(const game_family *f, const puzzle *p, const int *start, int *state, int fact,
                         move *out)
{
    move m = {0};
    f->fact_move(p->data, f->state_givens ? start : state, fact, &m);
    for (int i = 0; i < m.idx.n; i++) {
        if (!f->state_givens)
            state[m.idx.v[i]] = m.val.v[i];
        move_set(out, m.idx.v[i], m.val.v[i]);
    }
    move_free(&m);
}

/* Moves the focus a few steps, as the arrow keys would; true when it moved. */
static bool move_focus(const game_family *f, const puzzle *p, void *ui, const int *state, rng *r)
{
    bool moved = false;
    int steps = 1 + rng_below(r, 4);
    for (int i = 0; i < steps; i++) {
        input_event ev = {.kind = INPUT_KEY, .key = GAME_KEY_UP + rng_below(r, 4), .target = -1};
        move m = {0};
        input_result res = f->ui->input(p->data, ui, state, &ev, &m);
        moved |= res == INPUT_UI;
        move_free(&m);
    }
    return moved;
}

static const char *hint_name(hint_label l)
{
    static const char *const names[] = {"pending", "not-known", "inconsistent", "decided",
                                        "forced", "forced-no-reason", "choice"};
    return names[l];
}

/* The warm keys after a focus move: h, then (again after a move) c. */
static void warm_keys(session *s, void *ui, rng *r, const bool *in_solution, const char *what)
{
    const board *b = session_board(s);
    const game_family *f = b->pz->family;
    for (int k = 0; k < 2; k++) {
        bool hint = k == 0;
        wait_settled(s);
        if (f->ui && f->ui->input)
            move_focus(f, b->pz, ui, b->state, r);
        double c0 = latency_cpu_ms(), t0 = latency_now_ms();
        session_think(s, ui, 0);
        session_answer ans = {0};
        bool ok = wait_ready(s, hint, &ans);
        double t1 = latency_now_ms(), c1 = latency_cpu_ms();
        bool unknown = !ok || (hint ? ans.hint.label == HINT_UNKNOWN : ans.check.label == CHECK_UNKNOWN);
        latency_record(&S[hint ? OP_HINT : OP_CHECK], t1 - t0, c1 - c0, unknown);
        if (print_lines)
            printf("  %s %s %.1f ms %s\n", what, hint ? "hint" : "check", t1 - t0,
                   hint ? hint_name(ans.hint.label) : ans.check.label == CHECK_OK ? "ok" : "other");
        if (hint && in_solution && ok &&
            (ans.hint.label == HINT_FORCED || ans.hint.label == HINT_FORCED_NO_REASON) &&
            !in_solution[ans.hint.fact]) {
            printf("  ERROR: %s: forced hint %d is not in the solution\n", what, ans.hint.fact);
            errors++;
        }
        if (!hint && ok && ans.check.label != CHECK_OK && ans.check.label != CHECK_UNKNOWN) {
            printf("  ERROR: %s: check calls a correct board inconsistent\n", what);
            errors++;
        }
        session_answer_free(&ans);
    }
}

/* One board: a session on it, the warm keys, then MOVES correct marks. */
static void run_board(const char *text, const char *path, const int *start, const int *take, int ntake,
                      const int *next, int nnext, const bool *in_solution, unsigned long seed,
                      const char *what)
{
    diag err = {0};
    puzzle *p = puzzle_from_text(text, path, strrchr(path, '.') ? strrchr(path, '.') + 1 : NULL, NULL, &err);
    if (!p)
        return;
    const game_family *f = p->family;
    board *b = board_create(p);
    session *s = session_create(b, timeout_s);
    void *ui = f->ui && f->ui->create ? f->ui->create(p->data) : NULL;
    int *state = xcalloc((size_t)p->nstate + 1, sizeof *state);
    memcpy(state, b->state, (size_t)p->nstate * sizeof *state);
    move m = {0};
    for (int i = 0; i < ntake; i++)
        fact_move_on(f, p, start, state, take[i], &m);
    diag why = {0};
    if (m.idx.n > 0 && !board_move_allowed(b, &m, &why)) {
        printf("  %s: the board is not one a player may have (%s): skipped\n", what, why.msg);
        goto out;
    }
    if (m.idx.n > 0)
        session_apply(s, &m, false);
    rng r;
    rng_seed(&r, seed);
    double f0 = latency_now_ms(), fc0 = latency_cpu_ms();
    session_think(s, ui, 0);
    hint_label first = wait_known_hint(s);
    double f1 = latency_now_ms(), fc1 = latency_cpu_ms();
    latency_record(&S[OP_FIRST], f1 - f0, fc1 - fc0, first == HINT_UNKNOWN || first == HINT_PENDING);
    if (print_lines)
        printf("  %s first %.1f ms %s\n", what, f1 - f0, hint_name(first));
    if (first_only)
        goto out;
    /* fact numbers follow the board in some families: check only where not */
    const bool *sol = f->state_givens ? NULL : in_solution;
    warm_keys(s, ui, &r, sol, what);
    for (int k = 0; k < nnext && k < MOVES; k++) {
        move mv = {0};
        memcpy(state, b->state, (size_t)p->nstate * sizeof *state);
        fact_move_on(f, p, start, state, next[k], &mv);
        if (mv.idx.n == 0 || !board_move_allowed(b, &mv, &why)) {
            move_free(&mv);
            continue;
        }
        wait_settled(s);
        double c0 = latency_cpu_ms(), t0 = latency_now_ms();
        bool changed = session_apply(s, &mv, false);
        move_free(&mv);
        if (!changed)
            continue;
        session_answer ans = {0};
        bool ok = wait_ready(s, true, &ans);
        double t1 = latency_now_ms(), c1 = latency_cpu_ms();
        latency_record(&S[OP_TTW], t1 - t0, c1 - c0, !ok || ans.hint.label == HINT_UNKNOWN);
        if (print_lines)
            printf("  %s ttw %.1f ms %s\n", what, t1 - t0, hint_name(ans.hint.label));
        session_answer_free(&ans);
        warm_keys(s, ui, &r, sol, what);
    }
out:
    move_free(&m);
    free(state);
    if (ui)
        f->ui->free(ui);
    session_free(s);
}

/* Solves the puzzle once and runs every board built from the answer. */
static bool run_puzzle(const char *path, unsigned long seed)
{
    size_t len;
    char *text = read_file(path, 16u << 20, &len);
    if (!text) {
        fprintf(stderr, "assist_warm: %s: cannot read\n", path);
        return false;
    }
    diag err = {0};
    puzzle *p = puzzle_from_text(text, path, strrchr(path, '.') ? strrchr(path, '.') + 1 : NULL, NULL, &err);
    if (!p) {
        char buf[512];
        diag_format(&err, buf, sizeof buf);
        fprintf(stderr, "assist_warm: %s\n", buf);
        free(text);
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
    sat_budget bud = {.seconds = 300};
    assist_set_budget(a, &bud);
    int *givens = NULL;
    int ng = puzzle_givens(p, start, &givens);
    assist_set_givens(a, givens, ng);
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
    bool *is_given = xcalloc((size_t)nf + 1, sizeof *is_given);
    int_vec own = {0};
    if (ok) {
        for (int i = 0; i < ng; i++)
            is_given[givens[i]] = true;
        for (int fact = 0; fact < nf; fact++)
            if (facts[fact] && !is_given[fact])
                vec_push(&own, fact);
        char desc[64];
        f->describe(p->data, desc, sizeof desc);
        printf("%s (%s %s): %d facts, %d marks in a solution, %d givens\n", path, f->name, desc, nf,
               own.n, ng);
        for (int k = 0; k < NFRACTIONS; k++) {
            if (!(fraction_set & (1u << k)))
                continue;
            rng r;
            rng_seed(&r, seed * 1000003u + (unsigned long)k);
            rng_shuffle(&r, own.v, own.n);
            int take = (int)((long)own.n * fractions[k] / 100);
            char what[32];
            snprintf(what, sizeof what, "%d%%", fractions[k]);
            run_board(text, path, start, own.v, take, own.v + take, own.n - take, facts,
                      seed * 7919u + (unsigned long)k, what);
        }
        fflush(stdout);
    } else {
        fprintf(stderr, "assist_warm: %s: no checked solution (%s)\n", path, why.msg);
    }
    vec_free(&own);
    free(is_given);
    free(givens);
    free(start);
    free(marks);
    free(facts);
    free(sol);
    free(text);
    puzzle_free(p);
    return ok;
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
        } else if (strcmp(argv[i], "--fractions") == 0 && i + 1 < argc) {
            if (!parse_fractions(argv[++i])) {
                fprintf(stderr, "assist_warm: --fractions takes some of 0,25,50,75,90\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--first-only") == 0) {
            first_only = true;
        } else if (strcmp(argv[i], "--lines") == 0) {
            print_lines = true;
        } else {
            if (!run_puzzle(argv[i], seed + (unsigned long)i))
                errors++;
            nfiles++;
        }
    }
    printf("== %s: %d puzzles, warm (session layer), budget %g s per question; wall ms, then CPU ms\n",
           label, nfiles, timeout_s);
    latency_print(S, op_name, NOPS);
    if (errors)
        printf("%d errors\n", errors);
    return errors ? 1 : 0;
}
