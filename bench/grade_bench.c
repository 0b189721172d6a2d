/* grade_bench.c: grades puzzle files (or game IDs) and prints the figures
 * behind each grade and the time it took; run by hand, not by ctest.
 *   grade_bench [--explains N] [--candidates K] [--conflicts C] FILE... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "grade.h"

int main(int argc, char **argv)
{
    grade_options o = {0};
    setvbuf(stdout, NULL, _IOLBF, 0);
    int rc = 0;
    printf("%-40s %-7s %6s %6s %6s %5s %4s %6s %6s %8s\n", "puzzle", "grade", "forced", "multi",
           "deep", "max", "ch", "reveal", "expl", "seconds");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--explains") == 0 && i + 1 < argc) {
            o.max_explains = atoi(argv[++i]);
            continue;
        }
        if (strcmp(argv[i], "--conflicts") == 0 && i + 1 < argc) {
            o.conflicts = atoi(argv[++i]);
            continue;
        }
        if (strcmp(argv[i], "--candidates") == 0 && i + 1 < argc) {
            o.candidates = atoi(argv[++i]);
            continue;
        }
        diag err = {0};
        puzzle *p = puzzle_load(argv[i], NULL, &err);
        if (!p) {
            char buf[512];
            diag_format(&err, buf, sizeof buf);
            fprintf(stderr, "grade_bench: %s\n", buf);
            rc = 2;
            continue;
        }
        grade_report r;
        bool ok = grade_puzzle(p, &o, &r);
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        printf("%-40.40s %-7s %6d %6d %6d %5d %4d %6d %6d %8.3f%s\n", name,
               ok ? grade_name(r.level) : "FAILED", r.forced_steps, r.multi_steps, r.deep_steps,
               r.max_groups, r.choice_steps, r.revealed, r.explains, r.seconds,
               r.complete ? "" : " (budget)");
        puzzle_free(p);
    }
    return rc;
}
