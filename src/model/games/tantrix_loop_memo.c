/* tantrix_loop_memo.c: the loop search (tantrix_search.c) remembered per
 * puzzle, and the loops found under marks kept for later boards.  The
 * player's check and hint each ask the search on the same empty board,
 * and so does the worker thread's engine, and at Discovery 25 and beyond
 * the search is most of a hint's time.
 *
 * Why a remembered answer is the answer: the search is deterministic (a
 * fixed seed, Luby's restarts in a fixed order), and a larger step limit
 * only lets the last run go on where a smaller one was cut.  So a loop
 * found after s steps is what every call with at least s steps finds, and
 * a search that found none within L steps finds none within any fewer. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "util.h"

/* Loops found under marks kept (tantrix_loop_memo_keep): enough for the
 * witnesses of a few boards. */
#define KEPT_LOOPS 48

struct tantrix_loop_memo {
    bool found;
    long steps;  /* found: the steps to the loop; else: ran this many without one */
    int *state;  /* found: the loop */
    int *kept;   /* KEPT_LOOPS loops, tile 1 at the origin unturned */
    int nkept, next_kept; /* how many, and the slot the next goes to */
};

/* One lock for every puzzle: the memo is asked a few times a board. */
static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;

/* The remembered answer for max_nodes steps: 1 (the loop copied into
 * state), 0, or -1 when the memo cannot tell. */
static int recall(const tantrix_puzzle *t, int *state, long max_nodes)
{
    const struct tantrix_loop_memo *m = t->memo;
    if (!m)
        return -1;
    if (m->found && m->steps <= max_nodes) {
        memcpy(state, m->state, (size_t)t->n * 3 * sizeof *state);
        return 1;
    }
    if (!m->found && max_nodes <= m->steps)
        return 0;
    if (m->found)
        return 0; /* the loop lies beyond max_nodes steps */
    return -1;
}

static struct tantrix_loop_memo *memo_of(tantrix_puzzle *t)
{
    struct tantrix_loop_memo *m = t->memo;
    if (!m) {
        m = t->memo = xcalloc(1, sizeof *m);
        m->state = xmalloc((size_t)t->n * 3 * sizeof *m->state);
        m->kept = xmalloc((size_t)KEPT_LOOPS * (size_t)t->n * 3 * sizeof *m->kept);
    }
    return m;
}

static void remember(tantrix_puzzle *t, const int *state, long max_nodes, int r, long steps)
{
    struct tantrix_loop_memo *m = memo_of(t);
    if (m->found)
        return;
    if (r == 1) {
        m->found = true;
        m->steps = steps;
        memcpy(m->state, state, (size_t)t->n * 3 * sizeof *state);
    } else if (max_nodes > m->steps) {
        m->steps = max_nodes;
    }
}

int tantrix_search_loop_memo(const tantrix_puzzle *t, int *state, long max_nodes)
{
    pthread_mutex_lock(&memo_lock);
    int r = recall(t, state, max_nodes);
    pthread_mutex_unlock(&memo_lock);
    if (r >= 0)
        return r;
    long steps;
    r = tantrix_search_loop_steps(t, state, max_nodes, &steps);
    if (r < 0)
        return r; /* a puzzle the search does not take: nothing to keep */
    pthread_mutex_lock(&memo_lock);
    /* the memo belongs to the puzzle, which the callers share read-only
     * otherwise: only this lock ever writes it */
    remember((tantrix_puzzle *)t, state, max_nodes, r, steps);
    pthread_mutex_unlock(&memo_lock);
    if (r == 1)
        tantrix_loop_memo_keep(t, state); /* for boards with tiles placed */
    return r;
}

void tantrix_loop_memo_keep(const tantrix_puzzle *t, const int *state)
{
    size_t width = (size_t)t->n * 3;
    int *canon = xmalloc(width * sizeof *canon);
    tantrix_frame f = {state[1], state[2], state[0]};
    for (int u = 0; u < t->n; u++)
        tantrix_to_frame(&f, state[3 * u + 1], state[3 * u + 2], state[3 * u], &canon[3 * u + 1],
                         &canon[3 * u + 2], &canon[3 * u]);
    pthread_mutex_lock(&memo_lock);
    /* the same lock as the search's answer: see tantrix_search_loop_memo */
    struct tantrix_loop_memo *m = memo_of((tantrix_puzzle *)t);
    bool known = false;
    for (int i = 0; i < m->nkept && !known; i++)
        known = memcmp(m->kept + (size_t)i * width, canon, width * sizeof *canon) == 0;
    if (!known) {
        memcpy(m->kept + (size_t)m->next_kept * width, canon, width * sizeof *canon);
        m->next_kept = (m->next_kept + 1) % KEPT_LOOPS;
        if (m->nkept < KEPT_LOOPS)
            m->nkept++;
    }
    pthread_mutex_unlock(&memo_lock);
    free(canon);
}

int tantrix_loop_memo_recent(const tantrix_puzzle *t, int *states, int max)
{
    size_t width = (size_t)t->n * 3;
    pthread_mutex_lock(&memo_lock);
    const struct tantrix_loop_memo *m = t->memo;
    int n = 0;
    for (int i = 0; m && i < m->nkept && n < max; i++, n++) {
        int slot = ((m->next_kept - 1 - i) % KEPT_LOOPS + KEPT_LOOPS) % KEPT_LOOPS;
        memcpy(states + (size_t)n * width, m->kept + (size_t)slot * width, width * sizeof *states);
    }
    pthread_mutex_unlock(&memo_lock);
    return n;
}

void tantrix_loop_memo_free(tantrix_puzzle *t)
{
    if (!t->memo)
        return;
    free(t->memo->kept);
    free(t->memo->state);
    free(t->memo);
    t->memo = NULL;
}
