/* tetravex_walk_memo.c: the enumerator's split walk (tetravex_search.c,
 * enumerate_split) remembered per puzzle, so that a walk its time limit
 * cut short goes on where it stopped when asked again on the same board.
 * The player's worker asks again in each of its extra rounds and when the
 * player asks it to think longer; without this each ask walked from the
 * start and no ask longer than one limit ever finished.
 *
 * Why a remembered subtree is as good as walking it again: the split is
 * deterministic (the corner, the depth and the prefixes follow from the
 * puzzle and the marks alone), and a subtree walked to its end has listed
 * every solution inside it.  A key holds the marks, the corner and every
 * prefix, so a walk is resumed only from a split laid exactly as its own.
 * A few boards are kept, so that undoing a move back to a board walked
 * before goes on with that board's walk too. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetravex.h"
#include "util.h"

/* Boards kept; the one used longest ago gives way. */
#define MEMO_SLOTS 4

typedef struct {
    int *marks; /* sorted; NULL: an empty slot */
    int nmarks, corner, depth, nsub;
    int *prefix;     /* nsub * depth tile types */
    bool *complete;  /* per subtree */
    int_vec *sols;   /* per complete subtree: its solutions, cells facts each */
    long used;       /* when last asked (the memo's clock) */
} walk_slot;

struct tetravex_walk_memo {
    walk_slot slot[MEMO_SLOTS];
    long clock;
};

/* One lock for every puzzle: the memo is asked once a walk. */
static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;

static int *sorted_copy(const int *v, int n)
{
    int *s = xcalloc((size_t)n + 1, sizeof *s);
    if (n > 0) { /* no marks may come as NULL */
        memcpy(s, v, (size_t)n * sizeof *s);
        qsort(s, (size_t)n, sizeof *s, int_compare);
    }
    return s;
}

static void slot_clear(walk_slot *m)
{
    for (int k = 0; k < m->nsub; k++)
        vec_free(&m->sols[k]);
    free(m->sols);
    free(m->complete);
    free(m->prefix);
    free(m->marks);
    memset(m, 0, sizeof *m);
}

static bool same_split(const walk_slot *m, const tetravex_walk_key *k, const int *sorted)
{
    return m->marks && m->nmarks == k->nmarks && m->corner == k->corner && m->depth == k->depth &&
           m->nsub == k->nsub && memcmp(m->marks, sorted, (size_t)k->nmarks * sizeof *sorted) == 0 &&
           memcmp(m->prefix, k->prefix, (size_t)k->nsub * (size_t)k->depth * sizeof *k->prefix) == 0;
}

/* The slot that holds split k (its marks sorted), marked used; NULL when
 * none does. */
static walk_slot *find_slot(struct tetravex_walk_memo *memo, const tetravex_walk_key *k, const int *sorted)
{
    for (int i = 0; memo && i < MEMO_SLOTS; i++)
        if (same_split(&memo->slot[i], k, sorted)) {
            memo->slot[i].used = ++memo->clock;
            return &memo->slot[i];
        }
    return NULL;
}

/* An empty slot, else the one used longest ago. */
static walk_slot *oldest_slot(struct tetravex_walk_memo *memo)
{
    walk_slot *old = &memo->slot[0];
    for (int i = 0; i < MEMO_SLOTS; i++) {
        walk_slot *m = &memo->slot[i];
        if (!m->marks) {
            old = m;
            break;
        }
        if (m->used < old->used)
            old = m;
    }
    return old;
}

long tetravex_walk_recall(const tetravex_puzzle *t, const tetravex_walk_key *k, bool *complete, int_vec *sols)
{
    int *sorted = sorted_copy(k->marks, k->nmarks);
    long found = 0;
    pthread_mutex_lock(&memo_lock);
    walk_slot *m = find_slot(t->walk_memo, k, sorted);
    if (m)
        for (int s = 0; s < k->nsub; s++)
            if (m->complete[s]) {
                complete[s] = true;
                sols[s].n = 0;
                for (int i = 0; i < m->sols[s].n; i++)
                    vec_push(&sols[s], m->sols[s].v[i]);
                found += m->sols[s].n / (t->n * t->n);
            }
    pthread_mutex_unlock(&memo_lock);
    free(sorted);
    return found;
}

void tetravex_walk_keep(const tetravex_puzzle *t, const tetravex_walk_key *k, const bool *complete,
                        const int_vec *sols)
{
    int *sorted = sorted_copy(k->marks, k->nmarks);
    pthread_mutex_lock(&memo_lock);
    /* the memo belongs to the puzzle, which the callers share read-only
     * otherwise: only this lock ever writes it */
    tetravex_puzzle *own = (tetravex_puzzle *)t;
    if (!own->walk_memo)
        own->walk_memo = xcalloc(1, sizeof *own->walk_memo);
    walk_slot *m = find_slot(own->walk_memo, k, sorted);
    if (!m) {
        m = oldest_slot(own->walk_memo);
        slot_clear(m);
        m->used = ++own->walk_memo->clock;
        m->marks = sorted;
        sorted = NULL;
        m->nmarks = k->nmarks;
        m->corner = k->corner;
        m->depth = k->depth;
        m->nsub = k->nsub;
        size_t np = (size_t)k->nsub * (size_t)k->depth;
        m->prefix = xcalloc(np + 1, sizeof *m->prefix);
        memcpy(m->prefix, k->prefix, np * sizeof *m->prefix);
        m->complete = xcalloc((size_t)k->nsub + 1, sizeof *m->complete);
        m->sols = xcalloc((size_t)k->nsub + 1, sizeof *m->sols);
    }
    /* a walk beside this one (another engine on the same board) may have
     * finished other subtrees: what either finished stays */
    for (int s = 0; s < k->nsub; s++)
        if (complete[s] && !m->complete[s]) {
            m->complete[s] = true;
            for (int i = 0; i < sols[s].n; i++)
                vec_push(&m->sols[s], sols[s].v[i]);
        }
    pthread_mutex_unlock(&memo_lock);
    free(sorted);
}

void tetravex_walk_memo_free(tetravex_puzzle *t)
{
    if (!t->walk_memo)
        return;
    for (int i = 0; i < MEMO_SLOTS; i++)
        slot_clear(&t->walk_memo->slot[i]);
    free(t->walk_memo);
    t->walk_memo = NULL;
}
