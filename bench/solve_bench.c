/* solve_bench.c: in-process timing of the engine, for the bench scripts.
 * For each puzzle (a file, or a game ID per line of a list file), it
 * parses, encodes and solves REPEAT times on a fresh engine and prints the
 * median milliseconds of the whole and of the solver call alone.  Every
 * answer goes through the family's checker; a rejected one is an error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One timed run; false when the puzzle has no (checked) answer. */
static bool run_once(const char *text, const char *source, const char *game, double *total,
                     double *solver)
{
    double t0 = now_ms();
    diag err = {0};
    puzzle *p = puzzle_from_text(text, source, NULL, game, &err);
    if (!p) {
        char buf[512];
        diag_format(&err, buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
        return false;
    }
    assist *a = puzzle_encode(p);
    int nf = assist_num_facts(a);
    int *state = xcalloc((size_t)p->nstate + 1, sizeof *state);
    p->family->init_state(p->data, state);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    int nm = p->family->state_marks(p->data, state, marks, nf);
    bool *facts = xcalloc((size_t)nf + 1, sizeof *facts);
    double t1 = now_ms();
    assist_status st = assist_solve(a, marks, nm, facts);
    double t2 = now_ms();
    bool ok = st == ASSIST_OK;
    diag why = {0};
    if (ok) {
        p->family->apply_solution(p->data, facts, state);
        ok = p->family->verify(p->data, state, &why);
        if (!ok)
            fprintf(stderr, "%s: the checker rejects the answer: %s\n", source, why.msg);
    } else {
        fprintf(stderr, "%s: no answer (status %d)\n", source, (int)st);
    }
    free(facts);
    free(marks);
    free(state);
    assist_free(a);
    puzzle_free(p);
    *total = now_ms() - t0;
    *solver = t2 - t1;
    return ok;
}

int main(int argc, char **argv)
{
    const char *game = NULL;
    int repeat = 5, i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (!strcmp(argv[i], "--game") && i + 1 < argc)
            game = argv[++i];
        else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else
            break;
    }
    if (i >= argc || repeat < 1) {
        fprintf(stderr, "usage: solve_bench [--game NAME] [--repeat N] FILE... | --ids LIST\n");
        return 2;
    }
    bool ids = !strcmp(argv[i], "--ids");
    if (ids)
        i++;
    int bad = 0;
    double *tot = xcalloc((size_t)repeat, sizeof *tot), *sol = xcalloc((size_t)repeat, sizeof *sol);
    printf("%-40s %12s %12s\n", "puzzle", "total_ms", "solver_ms");
    for (; i < argc; i++) {
        char *all = read_file(argv[i], 64u << 20, NULL);
        if (!all) {
            perror(argv[i]);
            return 2;
        }
        char *save = NULL;
        char *line = ids ? strtok_r(all, "\n", &save) : all;
        for (; line; line = ids ? strtok_r(NULL, "\n", &save) : NULL) {
            line[strcspn(line, "\r")] = ids ? 0 : line[strcspn(line, "\r")];
            if (!*line)
                continue;
            const char *name = ids ? line : argv[i];
            bool ok = true;
            for (int r = 0; r < repeat && ok; r++)
                ok = run_once(line, name, game, &tot[r], &sol[r]);
            if (!ok) {
                bad++;
                continue;
            }
            char label[41];
            snprintf(label, sizeof label, "%s", name);
            printf("%-40s %12.3f %12.3f\n", label, median(tot, repeat), median(sol, repeat));
        }
        free(all);
    }
    free(tot);
    free(sol);
    return bad ? 1 : 0;
}
