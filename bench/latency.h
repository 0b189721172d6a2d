/* latency.h: what the assist latency drivers share: the wall and CPU
 * clocks, samples per operation, and the p50/p95/max table they print. */
#ifndef TESSERA_BENCH_LATENCY_H
#define TESSERA_BENCH_LATENCY_H

#include <stdbool.h>

/* Monotonic wall time, ms. */
double latency_now_ms(void);
/* CPU time of the process (all threads), ms: on a loaded machine the wall
 * time says more about the neighbours than about the engine. */
double latency_cpu_ms(void);

/* One operation's samples (the first 100000 are kept), and how many
 * answers were "not known within the budget". */
typedef struct {
    double *ms, *cpu;
    int n, unknown;
} latency_samples;

void latency_record(latency_samples *s, double ms, double cpu, bool unknown);

/* The table: a row per operation with samples, "op n p50 p95 max | cpu
 * p50 p95 max | not known" (sorts the samples). */
void latency_print(latency_samples *s, const char *const *names, int nops);

#endif
