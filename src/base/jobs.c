/* jobs.c: the ordered job pool behind jobs.h, on POSIX threads. */
#include "jobs.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "util.h"

struct jobs {
    const job_spec *spec;
    pthread_mutex_t mu;
    pthread_cond_t changed; /* a job finished, or a result was taken */
    int next;               /* the next job to start */
    int stop;               /* jobs from here on are not wanted */
    int taken;              /* results taken so far */
    bool *done;
    atomic_bool *cancel;
};

static void *worker(void *arg)
{
    jobs *j = arg;
    pthread_mutex_lock(&j->mu);
    while (j->next < j->stop) {
        int k = j->next++;
        pthread_mutex_unlock(&j->mu);
        j->spec->run(j, j->spec->ctx, k, &j->cancel[k]);
        pthread_mutex_lock(&j->mu);
        j->done[k] = true;
        pthread_cond_broadcast(&j->changed);
    }
    pthread_mutex_unlock(&j->mu);
    return NULL;
}

/* Marks results up to k taken; with go false, cancels every later job. */
static void after_take(jobs *j, int k, bool go)
{
    pthread_mutex_lock(&j->mu);
    j->taken = k + 1;
    if (!go) {
        j->stop = k + 1;
        for (int i = k + 1; i < j->next; i++)
            atomic_store(&j->cancel[i], true);
    }
    pthread_cond_broadcast(&j->changed);
    pthread_mutex_unlock(&j->mu);
}

void jobs_run(const job_spec *spec, int n, int threads)
{
    jobs j = {.spec = spec, .stop = n};
    pthread_mutex_init(&j.mu, NULL);
    pthread_cond_init(&j.changed, NULL);
    j.done = xcalloc((size_t)n + 1, sizeof *j.done);
    j.cancel = xcalloc((size_t)n + 1, sizeof *j.cancel);
    for (int k = 0; k <= n; k++)
        atomic_init(&j.cancel[k], false);
    if (threads > n)
        threads = n;
    pthread_t *tid = xcalloc((size_t)(threads > 0 ? threads : 1), sizeof *tid);
    int started = 0;
    for (int i = 0; threads > 1 && i < threads; i++)
        if (pthread_create(&tid[started], NULL, worker, &j) == 0)
            started++;
    for (int k = 0; k < n; k++) {
        if (started == 0) { /* one after the other, here */
            j.next = k + 1;
            spec->run(&j, spec->ctx, k, &j.cancel[k]);
        } else {
            pthread_mutex_lock(&j.mu);
            while (!j.done[k])
                pthread_cond_wait(&j.changed, &j.mu);
            pthread_mutex_unlock(&j.mu);
        }
        bool go = spec->take(spec->ctx, k);
        after_take(&j, k, go);
        if (!go)
            break;
    }
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    free(tid);
    free(j.done);
    free(j.cancel);
    pthread_cond_destroy(&j.changed);
    pthread_mutex_destroy(&j.mu);
}

void jobs_wait_taken(jobs *j, int k)
{
    pthread_mutex_lock(&j->mu);
    while (j->taken <= k)
        pthread_cond_wait(&j->changed, &j->mu);
    pthread_mutex_unlock(&j->mu);
}

int jobs_threads(int cap)
{
    const char *env = getenv("TESSERA_THREADS");
    char *end;
    long n = env && *env ? strtol(env, &end, 10) : 0;
    if (!env || !*env || *end || n < 1)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    return n > cap ? cap : (int)n;
}
