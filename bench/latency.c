/* latency.c: the clocks, samples and percentile table of the assist
 * latency drivers (assist_bench, assist_warm); see latency.h. */
#include "latency.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "util.h"

#define MAX_SAMPLES 100000

static double clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

double latency_now_ms(void)
{
    return clock_ms(CLOCK_MONOTONIC);
}

double latency_cpu_ms(void)
{
    return clock_ms(CLOCK_PROCESS_CPUTIME_ID);
}

void latency_record(latency_samples *s, double ms, double cpu, bool unknown)
{
    if (!s->ms) {
        s->ms = xcalloc(MAX_SAMPLES, sizeof *s->ms);
        s->cpu = xcalloc(MAX_SAMPLES, sizeof *s->cpu);
    }
    if (s->n < MAX_SAMPLES) {
        s->cpu[s->n] = cpu;
        s->ms[s->n++] = ms;
    }
    s->unknown += unknown;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(const double *v, int n, double p)
{
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

void latency_print(latency_samples *s, const char *const *names, int nops)
{
    printf("%-8s %5s %8s %8s %8s | %8s %8s %8s | %s\n", "op", "n", "p50", "p95", "max", "cpu p50",
           "cpu p95", "cpu max", "not known");
    for (int op = 0; op < nops; op++) {
        latency_samples *o = &s[op];
        if (o->n == 0)
            continue;
        qsort(o->ms, (size_t)o->n, sizeof *o->ms, cmp_double);
        qsort(o->cpu, (size_t)o->n, sizeof *o->cpu, cmp_double);
        printf("%-8s %5d %8.1f %8.1f %8.1f | %8.1f %8.1f %8.1f | %d\n", names[op], o->n,
               pct(o->ms, o->n, 0.5), pct(o->ms, o->n, 0.95), o->ms[o->n - 1], pct(o->cpu, o->n, 0.5),
               pct(o->cpu, o->n, 0.95), o->cpu[o->n - 1], o->unknown);
    }
}
