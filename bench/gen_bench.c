/* gen_bench.c: times puzzle generation in-process: the family's generator
 * alone, the grading of the puzzle chosen, and the whole --generate
 * (uniqueness proof, grades, retries for a level); run by hand by
 * bench/generate.sh, not by ctest.
 *   gen_bench FAMILY SIZE DIFFICULTY|- SEED... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "grade.h"

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: gen_bench FAMILY SIZE DIFFICULTY|- SEED...\n");
        return 2;
    }
    const game_family *f = game_find(argv[1]);
    if (!f || !f->generate) {
        fprintf(stderr, "gen_bench: no generator for '%s'\n", argv[1]);
        return 2;
    }
    gen_options g = {0};
    char *end;
    g.width = (int)strtol(argv[2], &end, 10);
    g.height = *end == 'x' ? (int)strtol(end + 1, &end, 10) : g.width;
    g.difficulty = strcmp(argv[3], "-") ? argv[3] : NULL;
    g.grade_against = grade_against;
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("%-9s %-6s %-7s %6s %9s %9s %9s %8s %-7s\n", "family", "size", "level", "seed", "gen s",
           "grade s", "total s", "attempts", "grade");
    int rc = 0;
    for (int i = 4; i < argc; i++) {
        g.seed = strtoul(argv[i], NULL, 10);
        strbuf out = {0};
        diag err = {.source = "gen_bench"};
        double t0 = monotonic_seconds();
        bool ok = f->generate(&g, &out, &err);
        double t1 = monotonic_seconds();
        sb_free(&out);
        grade_report r = {0};
        ok = ok && grade_generate(f, &g, &out, &err, NULL, &r);
        double t2 = monotonic_seconds();
        sb_free(&out);
        if (!ok) {
            char buf[512];
            diag_format(&err, buf, sizeof buf);
            fprintf(stderr, "gen_bench: %s\n", buf);
            rc = 1;
            continue;
        }
        printf("%-9s %-6s %-7s %6lu %9.3f %9.3f %9.3f %8d %-7s\n", f->name, argv[2], argv[3], g.seed,
               t1 - t0, r.seconds, t2 - t1, r.attempts, grade_name(r.level));
    }
    return rc;
}
