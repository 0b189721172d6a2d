/* jobs.h: numbered jobs run side by side on a few threads, their results
 * taken in number order on the caller's thread.  What the caller ends up
 * with does not depend on how many threads ran the jobs: it sees result k
 * only after results 0..k-1, and when it stops at k the jobs after k are
 * cancelled and their results never taken.  Jobs must not share mutable
 * state, except through what take() hands on (see jobs_wait_taken). */
#ifndef TESSERA_JOBS_H
#define TESSERA_JOBS_H

#include <stdatomic.h>
#include <stdbool.h>

typedef struct jobs jobs;

typedef struct {
    /* Runs job k.  *cancel is set once its result is no longer wanted: the
     * job may stop early then, and leave any result. */
    void (*run)(jobs *j, void *ctx, int k, const atomic_bool *cancel);
    /* Takes job k's result, on the caller's thread, in number order;
     * false: stop (no job after k is started or taken). */
    bool (*take)(void *ctx, int k);
    void *ctx;
} job_spec;

/* Runs jobs 0..n-1 (fewer when take stops) on up to `threads` threads
 * (at most 1: one after the other, on this thread). */
void jobs_run(const job_spec *spec, int n, int threads);

/* For a running job: waits until result k (below the job's own number) has
 * been taken, so that what take() wrote for it can be read. */
void jobs_wait_taken(jobs *j, int k);

/* Threads worth running side by side here: the processors online (or the
 * number in the TESSERA_THREADS environment variable), at most cap. */
int jobs_threads(int cap);

#endif
