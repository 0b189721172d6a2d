/* cli.c: the batch commands.  Every answer printed is first accepted by
 * the family's independent checker, so an encoding bug shows as an error
 * rather than a wrong answer. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_status.h"
#include "game.h"
#include "grade.h"
#include "heap_pages.h"

int cli_finish_output(int rc)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return rc;
    /* errno is the failed write's (fflush retries what is left); an error
     * met by an earlier write with nothing left to retry has none */
    fprintf(stderr, "tessera: standard output: cannot write: %s\n",
            errno ? strerror(errno) : "write error");
    return EXIT_BAD_INPUT;
}

static puzzle *load_or_report(const char *arg, const cli_options *o)
{
    diag err = {0};
    puzzle *p = puzzle_load(arg, o->game, &err);
    if (!p)
        diag_report(&err);
    return p;
}

static void apply_budget(assist *a, const cli_options *o)
{
    if (o->timeout > 0) {
        sat_budget b = {.seconds = o->timeout};
        assist_set_budget(a, &b);
    }
}

static int limit_message(const char *what)
{
    fprintf(stderr, "tessera: %s: the time limit ran out before an answer\n", what);
    return EXIT_LIMIT;
}

/* What every puzzle command starts from: the puzzle, its encoding, and the
 * marks of its givens. */
typedef struct {
    puzzle *p;
    assist *a;
    int *state; /* the starting board: givens in */
    int *marks;
    int nmarks;
} batch_job;

/* Board entries from which an encoding's process pays for huge pages
 * (heap_pages.h): Tents 30x30 (900) takes half the CPU with them, 20x20
 * (400) and the smaller boards a few per cent more (bench/NOTES.md). */
#define BIG_BOARD 800

/* Opens a job on an already loaded puzzle p (the job owns it); decided,
 * when not NULL, is what deduce decided (game.h, encode_decided). */
static void job_open_loaded(batch_job *j, puzzle *p, const cli_options *o, const int *decided)
{
    memset(j, 0, sizeof *j);
    j->p = p;
    if (p->nstate >= BIG_BOARD)
        heap_use_huge_pages();
    if (decided && p->family->encode_decided) {
        j->a = assist_create();
        p->family->encode_decided(p->data, decided, j->a);
    } else {
        j->a = puzzle_encode(j->p);
    }
    apply_budget(j->a, o);
    j->state = xcalloc((size_t)j->p->nstate + 1, sizeof *j->state);
    j->p->family->init_state(j->p->data, j->state);
    int max = assist_num_facts(j->a) + 1;
    j->marks = xcalloc((size_t)max, sizeof *j->marks);
    j->nmarks = j->p->family->state_marks(j->p->data, j->state, j->marks, max);
}

static bool job_open(batch_job *j, const char *arg, const cli_options *o)
{
    puzzle *p = load_or_report(arg, o);
    if (!p)
        return false;
    job_open_loaded(j, p, o, NULL);
    return true;
}

/* The family's plain-C deductions (game.h, deduce), when they decide the
 * whole board and the checker accepts it: printed without building the
 * encoding.  Returns false when the engine has to answer; *stuck is then
 * the board the deductions reached (forced entries only, the engine's
 * starting marks), or NULL. */
static bool solve_by_deduction(const puzzle *p, int **stuck)
{
    const game_family *f = p->family;
    *stuck = NULL;
    if (!f->deduce)
        return false;
    int *state = xcalloc((size_t)p->nstate + 1, sizeof *state);
    f->init_state(p->data, state);
    int r = f->deduce(p->data, state);
    bool ok = r == 1 && f->verify(p->data, state, NULL);
    if (ok) {
        strbuf out = {0};
        f->format_answer(p->data, state, &out);
        fputs(out.s ? out.s : "", stdout);
        sb_free(&out);
    } else if (r == 0) {
        *stuck = state;
        return false;
    }
    free(state);
    return ok;
}

static void job_close(batch_job *j)
{
    free(j->marks);
    free(j->state);
    assist_free(j->a);
    puzzle_free(j->p);
}

int cli_solve(const char *arg, const cli_options *o)
{
    puzzle *p = load_or_report(arg, o);
    if (!p)
        return EXIT_BAD_INPUT;
    int *stuck;
    if (solve_by_deduction(p, &stuck)) {
        puzzle_free(p);
        return EXIT_DONE;
    }
    batch_job j;
    job_open_loaded(&j, p, o, stuck);
    if (stuck) { /* what the deductions decided holds in every solution */
        j.nmarks = p->family->state_marks(p->data, stuck, j.marks, assist_num_facts(j.a) + 1);
        free(stuck);
    }
    const game_family *f = j.p->family;
    bool *facts = xcalloc((size_t)assist_num_facts(j.a) + 1, sizeof *facts);
    int rc = EXIT_DONE;
    assist_status st = assist_solve(j.a, j.marks, j.nmarks, facts);
    if (st == ASSIST_NONE) {
        fprintf(stderr, "tessera: %s: no solution\n", j.p->source);
        rc = EXIT_NO_SOLUTION;
    } else if (st == ASSIST_UNKNOWN) {
        rc = limit_message(j.p->source);
    } else {
        f->apply_solution(j.p->data, facts, j.state);
        diag why = {0};
        if (!f->verify(j.p->data, j.state, &why)) {
            fprintf(stderr, "tessera: %s: internal error: the checker rejects the solver's answer: %s\n",
                    j.p->source, why.msg);
            rc = EXIT_NO_SOLUTION;
        } else {
            strbuf out = {0};
            f->format_answer(j.p->data, j.state, &out);
            fputs(out.s ? out.s : "", stdout);
            sb_free(&out);
        }
    }
    free(facts);
    job_close(&j);
    return rc;
}

int cli_count(const char *arg, const cli_options *o)
{
    batch_job j;
    if (!job_open(&j, arg, o))
        return EXIT_BAD_INPUT;
    const game_family *f = j.p->family;
    long count = 0, limit = o->count_limit > 0 ? o->count_limit : 2;
    assist_status st = f->count ? f->count(j.p->data, j.a, j.marks, j.nmarks, limit, o->timeout, &count)
                                : assist_count(j.a, j.marks, j.nmarks, limit, &count);
    int rc = EXIT_DONE;
    if (st == ASSIST_UNKNOWN) {
        fprintf(stderr, "tessera: %s: the time limit ran out after %ld solutions\n", j.p->source, count);
        rc = EXIT_LIMIT;
    } else if (count >= limit) {
        printf("at least %ld\n", limit);
    } else {
        printf("%ld\n", count);
        if (count == 0)
            rc = EXIT_NO_SOLUTION;
    }
    job_close(&j);
    return rc;
}

int cli_dimacs(const char *arg, const cli_options *o)
{
    batch_job j;
    if (!job_open(&j, arg, o))
        return EXIT_BAD_INPUT;
    /* givens become unit clauses so the file stands alone */
    for (int i = 0; i < j.nmarks; i++)
        sat_unit(assist_sat(j.a), assist_fact_lit(j.a, j.marks[i]));
    int rc = EXIT_DONE;
    if (strcmp(o->dimacs, "-") == 0) {
        /* on standard output: checked, flushed, by cli_finish_output */
        assist_write_dimacs(j.a, stdout);
    } else {
        FILE *f = fopen(o->dimacs, "w");
        bool ok = f && assist_write_dimacs(j.a, f);
        if (f && fclose(f) != 0)
            ok = false;
        if (!ok) {
            fprintf(stderr, "tessera: %s: cannot write: %s\n", o->dimacs, strerror(errno));
            rc = EXIT_BAD_INPUT;
        }
    }
    job_close(&j);
    return rc;
}

static bool parse_size(const char *s, int *w, int *h)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || a < 1 || a > 1000)
        return false;
    long b = a;
    if (*end == 'x') {
        const char *q = end + 1;
        b = strtol(q, &end, 10);
        if (end == q || b < 1 || b > 1000)
            return false;
    }
    if (*end)
        return false;
    *w = (int)a;
    *h = (int)b;
    return true;
}

bool cli_generate_options(const cli_options *o, gen_options *g)
{
    if (o->size && !parse_size(o->size, &g->width, &g->height)) {
        fprintf(stderr, "tessera: --size: expected N or WxH (1 to 1000), got '%s'\n", o->size);
        return false;
    }
    g->params = o->params; /* the family decodes them (params_help) */
    if (o->difficulty && strcmp(o->difficulty, "easy") && strcmp(o->difficulty, "medium") &&
        strcmp(o->difficulty, "hard")) {
        fprintf(stderr, "tessera: --difficulty: expected easy, medium or hard, got '%s'\n",
                o->difficulty);
        return false;
    }
    g->difficulty = o->difficulty;
    if (o->seed) {
        char *end;
        errno = 0;
        g->seed = strtoul(o->seed, &end, 10);
        if (*end || errno || o->seed[0] == '-') {
            fprintf(stderr, "tessera: --seed: expected a non-negative number, got '%s'\n", o->seed);
            return false;
        }
    }
    return true;
}

int cli_generate(const char *family, const cli_options *o)
{
    const game_family *f = game_find(family);
    if (!f) {
        fprintf(stderr, "tessera: --generate: unknown game '%s'\n", family);
        return EXIT_BAD_INPUT;
    }
    if (!f->generate) {
        fprintf(stderr, "tessera: --generate: no generator for %s yet\n", f->title);
        return EXIT_BAD_INPUT;
    }
    gen_options g = {.progress = stderr};
    if (!cli_generate_options(o, &g))
        return EXIT_BAD_INPUT;
    if (g.params && !f->params_help) {
        fprintf(stderr, "tessera: --params: %s takes none\n", f->title);
        return EXIT_BAD_INPUT;
    }
    strbuf out = {0};
    diag err = {.source = "--generate"};
    /* proved unique, graded, retried for --difficulty (grade.c) */
    if (!grade_generate(f, &g, &out, &err, stderr, NULL)) {
        diag_report(&err);
        sb_free(&out);
        return EXIT_BAD_INPUT;
    }
    fputs(out.s ? out.s : "", stdout);
    if (out.n && out.s[out.n - 1] != '\n')
        putchar('\n');
    sb_free(&out);
    return EXIT_DONE;
}
