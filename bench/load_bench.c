/* load_bench.c: the wall and CPU time of reading one saved game in
 * process (board_load), without the solver a --check would add; and the
 * long saves to read (--make).
 *   load_bench SAVE
 *   load_bench --make PUZZLE STEPS OUT   a valid save of STEPS steps that
 *       put grass on blank cells and take it away again, in turn */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"

static int make(const char *puzzle_file, long steps, const char *out)
{
    diag err = {0};
    puzzle *pz = puzzle_load(puzzle_file, NULL, &err);
    if (!pz) {
        fprintf(stderr, "load_bench: %s: %s\n", puzzle_file, err.msg);
        return 2;
    }
    board *b = board_create(pz);
    int *blank = malloc((size_t)pz->nstate * sizeof *blank), n = 0;
    for (int i = 0; i < pz->nstate; i++)
        if (b->state[i] == 0)
            blank[n++] = i;
    strbuf s = {0};
    board_format(b, &s);
    /* the history replaces "steps 0 0\nend\n"; the board ends as it began */
    s.n -= strlen("steps 0 0\nend\n");
    s.s[s.n] = 0;
    FILE *f = fopen(out, "w");
    if (!f || n == 0) {
        perror(out);
        return 2;
    }
    fputs(s.s, f);
    fprintf(f, "steps %ld %ld\n", steps, steps);
    for (long k = 0; k < steps / 2; k++)
        fprintf(f, "step m 1 %d 0 2\nstep m 1 %d 2 0\n", blank[k % n], blank[k % n]);
    fputs("end\n", f);
    fclose(f);
    free(blank);
    sb_free(&s);
    board_free(b);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "--make") == 0)
        return make(argv[2], atol(argv[3]) / 2 * 2, argv[4]);
    if (argc != 2) {
        fprintf(stderr, "usage: load_bench SAVE | load_bench --make PUZZLE STEPS OUT\n");
        return 2;
    }
    double t0 = monotonic_seconds();
    clock_t c0 = clock();
    diag err = {0};
    board *b = board_load(argv[1], &err);
    double wall = monotonic_seconds() - t0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (!b) {
        char msg[512];
        diag_format(&err, msg, sizeof msg);
        fprintf(stderr, "load_bench: %s\n", msg);
        return 1;
    }
    printf("%.3f %.3f %d\n", wall, cpu, b->nsteps);
    board_free(b);
    return 0;
}
