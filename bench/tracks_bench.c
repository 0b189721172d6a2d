/* tracks_bench.c: Train Tracks solve times per group of game IDs (the
 * params before ':', such as 20x20dh): in-process (encode + solve, CPU
 * time, as Tatham's figures are) and optionally per `tessera --solve`
 * process (children's CPU time from wait4).  Every answer is checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "games/tracks.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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

/* One in-process solve: seconds of CPU, or -1 when it failed. */
static double solve_once(const puzzle *p, int options, bool *ok)
{
    double t0 = cpu_now();
    assist *a = assist_create();
    tracks_encode_with(p->data, a, options);
    sat_budget b = {.seconds = 120};
    assist_set_budget(a, &b);
    int *state = xcalloc((size_t)p->nstate, sizeof *state);
    p->family->init_state(p->data, state);
    int *marks = xcalloc((size_t)assist_num_facts(a), sizeof *marks);
    int n = p->family->state_marks(p->data, state, marks, assist_num_facts(a));
    bool *facts = xcalloc((size_t)assist_num_facts(a), sizeof *facts);
    assist_status st = assist_solve(a, marks, n, facts);
    double t = cpu_now() - t0;
    diag why = {0};
    if (st == ASSIST_OK) {
        p->family->apply_solution(p->data, facts, state);
        *ok = p->family->verify(p->data, state, &why);
    } else {
        *ok = false;
    }
    free(facts);
    free(marks);
    free(state);
    assist_free(a);
    return t;
}

/* One `tessera --solve ID` process: its CPU seconds (user + system). */
static double process_once(const char *bin, const char *id, bool *ok)
{
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout))
            _exit(127);
        execl(bin, bin, "--solve", id, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
        *ok = false;
        return 0;
    }
    *ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

typedef struct {
    char key[32];
    double *solve, *proc;
    double max_solve;
    int n, cap, failed;
} group;

static group *group_for(group **gs, int *ng, const char *key)
{
    for (int i = 0; i < *ng; i++)
        if (strcmp((*gs)[i].key, key) == 0)
            return &(*gs)[i];
    *gs = xrealloc(*gs, (size_t)(*ng + 1) * sizeof **gs);
    group *g = &(*gs)[(*ng)++];
    memset(g, 0, sizeof *g);
    snprintf(g->key, sizeof g->key, "%s", key);
    return g;
}

int main(int argc, char **argv)
{
    int reps = 5, options = TRACKS_ENC_DEFAULT;
    bool by_file = false;
    const char *bin = NULL, *enc = "default";
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--process") == 0 && i + 1 < argc)
            bin = argv[++i];
        else if (strcmp(argv[i], "--encoding") == 0 && i + 1 < argc)
            enc = argv[++i];
        else if (strcmp(argv[i], "--group-by-file") == 0)
            by_file = true;
        else
            break;
    }
    static const struct {
        const char *name;
        int options;
    } encodings[] = {
        {"default", TRACKS_ENC_DEFAULT},
        {"no-small-loops", TRACKS_ENC_PARITY},
        {"squares-only", TRACKS_ENC_PARITY | TRACKS_ENC_SQUARES},
        {"no-parity", TRACKS_ENC_SQUARES | TRACKS_ENC_RECTS},
        {"cuts-only", 0},
        {"eager", TRACKS_ENC_DEFAULT | TRACKS_ENC_EAGER},
    };
    int found = -1;
    for (int k = 0; k < (int)(sizeof encodings / sizeof encodings[0]); k++)
        if (strcmp(enc, encodings[k].name) == 0)
            found = k;
    if (found < 0)
        i = argc; /* usage */
    else
        options = encodings[found].options;
    if (i >= argc || reps < 1) {
        fprintf(stderr, "usage: tracks_bench [--reps N] [--process TESSERA] [--group-by-file] "
                        "[--encoding default|no-small-loops|squares-only|no-parity|cuts-only|eager] "
                        "IDS-FILE...\n");
        return 2;
    }
    group *gs = NULL;
    int ng = 0;
    double *t = xcalloc((size_t)reps, sizeof *t);
    for (; i < argc; i++) {
        size_t len;
        char *text = read_file(argv[i], 1 << 24, &len);
        if (!text) {
            perror(argv[i]);
            return 2;
        }
        for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
            if (line[0] == '#' || !strchr(line, ':'))
                continue;
            diag err = {0};
            puzzle *p = puzzle_from_text(line, "game ID", NULL, "tracks", &err);
            if (!p) {
                fprintf(stderr, "%s: %s\n", line, err.msg);
                continue;
            }
            char key[32];
            if (by_file) { /* the file's name without directory and extension */
                const char *base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
                snprintf(key, sizeof key, "%.*s", (int)strcspn(base, "."), base);
            } else {
                snprintf(key, sizeof key, "%.*s", (int)(strchr(line, ':') - line), line);
            }
            group *g = group_for(&gs, &ng, key);
            if (g->n == g->cap) {
                g->cap = g->cap ? 2 * g->cap : 16;
                g->solve = xrealloc(g->solve, (size_t)g->cap * sizeof *g->solve);
                g->proc = xrealloc(g->proc, (size_t)g->cap * sizeof *g->proc);
            }
            bool all_ok = true, ok;
            for (int r = 0; r < reps; r++) {
                t[r] = solve_once(p, options, &ok);
                all_ok &= ok;
            }
            g->solve[g->n] = median(t, reps);
            if (g->solve[g->n] > g->max_solve)
                g->max_solve = g->solve[g->n];
            if (bin) {
                for (int r = 0; r < reps; r++) {
                    t[r] = process_once(bin, line, &ok);
                    all_ok &= ok;
                }
                g->proc[g->n] = median(t, reps);
            }
            g->failed += !all_ok;
            g->n++;
            puzzle_free(p);
        }
        free(text);
    }
    printf("encoding: %s; %d runs per puzzle; CPU milliseconds, median per puzzle, then the "
           "median (and max) over the group\n",
           enc, reps);
    printf("%-20s %3s %22s %18s\n", "group", "n", "in-process (max)", bin ? "process" : "");
    for (int k = 0; k < ng; k++) {
        group *g = &gs[k];
        double max = g->max_solve;
        double ms = median(g->solve, g->n) * 1e3;
        char proc[32] = "";
        if (bin)
            snprintf(proc, sizeof proc, "%.2f", median(g->proc, g->n) * 1e3);
        printf("%-20s %3d %12.2f (%7.2f) %18s %s\n", g->key, g->n, ms, max * 1e3, proc,
               g->failed ? "FAILED" : "");
        free(g->solve);
        free(g->proc);
    }
    free(gs);
    free(t);
    return 0;
}
