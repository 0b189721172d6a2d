/* side_by_side.c: CPU time of two commands run whole-process, in turn, on
 * each game ID of a list (used by bench/tatham.sh; prints figures only).
 *
 *   side_by_side [--reps N] LIST CMD_A... [-- CMD_B...]
 *
 * Each command line gets the ID as its last argument.  For every ID the two
 * commands alternate N times (A, B, A, B, ...), so both see the same load;
 * an ID's figure is the median of its N runs (user + system CPU of the
 * child, from wait4).  Prints per list: median, p95 and max of those
 * figures (CPU ms) for A and for B, and the median of the per-ID ratios
 * A / B, on one line after the number of IDs.
 * Without CMD_B only A's figures are printed.  Output is discarded; a run
 * that does not exit 0 is reported on stderr. */
#ifndef _DEFAULT_SOURCE /* the build defines it for every file */
#define _DEFAULT_SOURCE /* wait4 */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_ARGS = 32, MAX_IDS = 4096 };

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The q-quantile of v[0..n) by the nearest-rank rule (v gets sorted). */
static double quantile(double *v, int n, double q)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    if (q == 0.5)
        return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    int k = (int)(q * n + 0.999999);
    if (k < 1)
        k = 1;
    return v[k - 1];
}

/* One run of argv (the ID already last): CPU milliseconds of the child. */
static double run_once(char **argv, int *failed)
{
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
        *failed = 1;
        return 0;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        *failed = 1;
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-3;
}

static void print_stats(double *v, int n)
{
    double med = quantile(v, n, 0.5), p95 = quantile(v, n, 0.95), max = v[n - 1];
    printf("  %8.2f %8.2f %8.2f", med, p95, max);
}

int main(int argc, char **argv)
{
    int reps = 5, i = 1;
    if (i + 1 < argc && strcmp(argv[i], "--reps") == 0) {
        reps = atoi(argv[i + 1]);
        i += 2;
    }
    if (reps < 1 || i >= argc) {
        fprintf(stderr, "usage: side_by_side [--reps N] LIST CMD_A... [-- CMD_B...]\n");
        return 2;
    }
    const char *list = argv[i++];
    char *a[MAX_ARGS + 2], *b[MAX_ARGS + 2];
    int na = 0, nb = 0;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (na < MAX_ARGS)
            a[na++] = argv[i];
    for (i++; i < argc; i++)
        if (nb < MAX_ARGS)
            b[nb++] = argv[i];
    if (na == 0) {
        fprintf(stderr, "side_by_side: no command to run\n");
        return 2;
    }
    FILE *f = fopen(list, "r");
    if (!f) {
        perror(list);
        return 2;
    }
    static double ta[MAX_IDS], tb[MAX_IDS], ratio[MAX_IDS];
    double ra[64], rb[64];
    if (reps > 64)
        reps = 64;
    int n = 0, fa = 0, fb = 0;
    char line[65536];
    while (n < MAX_IDS && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0])
            continue;
        a[na] = b[nb] = line;
        a[na + 1] = b[nb + 1] = NULL;
        for (int r = 0; r < reps; r++) {
            int bad_a = 0, bad_b = 0;
            ra[r] = run_once(a, &bad_a);
            rb[r] = nb ? run_once(b, &bad_b) : 0;
            if (bad_a && !fa++)
                fprintf(stderr, "side_by_side: %s failed on %s\n", a[0], line);
            if (bad_b && !fb++)
                fprintf(stderr, "side_by_side: %s failed on %s\n", b[0], line);
        }
        ta[n] = quantile(ra, reps, 0.5);
        tb[n] = quantile(rb, reps, 0.5);
        ratio[n] = tb[n] > 0 ? ta[n] / tb[n] : 0;
        n++;
    }
    fclose(f);
    if (n == 0) {
        fprintf(stderr, "side_by_side: no IDs in %s\n", list);
        return 2;
    }
    printf("%4d", n);
    print_stats(ta, n);
    if (nb) {
        print_stats(tb, n);
        printf("  %6.2f", quantile(ratio, n, 0.5));
    }
    printf("%s\n", fa || fb ? "  FAILED" : "");
    return fa || fb;
}
