/* test_jobs.c: the ordered job pool (results taken in number order, later
 * jobs cancelled when the caller stops, the same outcome on any number of
 * threads) and the solver's per-thread cancel flag it relies on. */
#include <time.h>

#include "jobs.h"
#include "pigeonhole.h"
#include "sat/solver.h"
#include "testlib.h"
#include "util.h"

#define NJOBS 12
#define STOP_AT 5 /* take() says stop after this job */

typedef struct {
    int value[NJOBS];
    int taken[NJOBS], ntaken;
    int seen_by_7;             /* what job 7 read of take(0)'s note */
    int note_from_take0;
    atomic_bool timed_out;     /* a job after STOP_AT was never cancelled */
    atomic_int cancelled_seen; /* jobs after STOP_AT that saw the flag */
} pool_run;

static void nap_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void job(jobs *j, void *ctx, int k, const atomic_bool *cancel)
{
    pool_run *p = ctx;
    if (k == 7) {
        jobs_wait_taken(j, 0);
        p->seen_by_7 = p->note_from_take0;
    }
    if (k > STOP_AT) { /* unwanted: runs until cancelled (20 s at most) */
        double end = monotonic_seconds() + 20;
        while (!atomic_load(cancel)) {
            if (monotonic_seconds() > end) {
                atomic_store(&p->timed_out, true);
                return;
            }
            nap_ms(1);
        }
        atomic_fetch_add(&p->cancelled_seen, 1);
        return;
    }
    nap_ms(3 * (STOP_AT - k)); /* later jobs finish first */
    p->value[k] = k * k;
}

static bool take(void *ctx, int k)
{
    pool_run *p = ctx;
    CHECK_MSG(p->value[k] == k * k, "job %d taken before it finished", k);
    p->taken[p->ntaken++] = k;
    if (k == 0)
        p->note_from_take0 = 42;
    return k < STOP_AT;
}

static void results_are_taken_in_order_and_later_jobs_cancelled(void)
{
    for (int threads = 1; threads <= 4; threads++) {
        pool_run p = {.seen_by_7 = -1};
        atomic_init(&p.timed_out, false);
        atomic_init(&p.cancelled_seen, 0);
        job_spec spec = {job, take, &p};
        jobs_run(&spec, NJOBS, threads);
        CHECK_MSG(p.ntaken == STOP_AT + 1, "%d threads: %d results taken", threads, p.ntaken);
        for (int i = 0; i < p.ntaken; i++)
            CHECK_MSG(p.taken[i] == i, "%d threads: result %d taken as number %d", threads, p.taken[i], i);
        CHECK_MSG(!atomic_load(&p.timed_out), "%d threads: an unwanted job was not cancelled", threads);
        if (threads == 1) /* one after the other: nothing after the stop runs */
            CHECK(atomic_load(&p.cancelled_seen) == 0 && p.seen_by_7 == -1);
        else /* the thread that ran the stopping job moved on to the next
              * before the caller could take it (and so did any thread
              * done before): at least one job was cancelled while running */
            CHECK_MSG(atomic_load(&p.cancelled_seen) >= 1 && atomic_load(&p.cancelled_seen) <= threads,
                      "%d threads: %d cancelled", threads, atomic_load(&p.cancelled_seen));
        CHECK(p.seen_by_7 == -1 || p.seen_by_7 == 42);
    }
}

/* Pigeonhole on a bare solver: n + 1 pigeons in n holes. */
static sat_solver *pigeonhole(int n)
{
    sat_solver *s = sat_create();
    add_pigeonhole(s, n + 1);
    return s;
}

static void a_set_thread_flag_stops_solving(void)
{
    atomic_bool flag;
    atomic_init(&flag, true);
    sat_solver *s = pigeonhole(12);
    /* the conflict budget only keeps the test finite if the flag is ignored:
     * then the answer is unknown but not cancelled */
    sat_budget budget = {.conflicts = 2000000};
    sat_cancel_on_thread(&flag);
    sat_result r = sat_solve(s, NULL, 0, &budget);
    CHECK(r == SAT_UNKNOWN && sat_was_cancelled(s));
    if (sat_was_cancelled(s)) { /* (else this would run for hours) */
        sat_result unbudgeted = sat_solve(s, NULL, 0, NULL);
        CHECK(unbudgeted == SAT_UNKNOWN && sat_was_cancelled(s));
    }
    sat_cancel_on_thread(NULL);
    sat_free(s);
    /* without the flag: a small instance is still answered */
    s = pigeonhole(4);
    CHECK(sat_solve(s, NULL, 0, NULL) == SAT_UNSAT && !sat_was_cancelled(s));
    sat_free(s);
}

int main(void)
{
    RUN(results_are_taken_in_order_and_later_jobs_cancelled);
    RUN(a_set_thread_flag_stops_solving);
    TEST_MAIN_END();
}
