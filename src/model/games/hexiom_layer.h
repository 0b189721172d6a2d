/* hexiom_layer.h: one step's partial boards for the counting DP
 * (hexiom_dp.c), grouped by frontier code, each group's entries in
 * ascending order.  The entries live in large blocks rather than one
 * array, so that several threads can each fill a layer of their own and
 * the caller can then chain those layers one after the other without
 * copying a single entry; spent blocks go back to a pool and are reused
 * by the next step, so the big steps do not ask the kernel for fresh
 * memory (and pay for zeroing it) again and again. */
#ifndef TESSERA_GAMES_HEXIOM_LAYER_H
#define TESSERA_GAMES_HEXIOM_LAYER_H

#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* Blocks of one size, shared by the layers of one DP run and its threads. */
typedef struct {
    pthread_mutex_t lock;
    uint64_t **free;
    size_t nfree, cap;
} hexiom_dp_pool;

void hexiom_dp_pool_init(hexiom_dp_pool *p);
void hexiom_dp_pool_free(hexiom_dp_pool *p);

typedef struct {
    hexiom_dp_pool *pool;
    uint64_t *fkey;   /* per group: its frontier code, ascending */
    uint64_t **first; /* per group: its first entry */
    size_t *len;      /* per group: its number of entries */
    size_t ngroups, gcap;
    size_t entries;   /* in all groups */
    uint64_t **blocks; /* owned; the last one is being filled */
    size_t *bsize;     /* entries each block holds */
    size_t nblocks, bcap;
    size_t fill;       /* entries used in the last block */
    size_t open_at;    /* where the group being filled starts in it */
    uint64_t open_f;
} hexiom_dp_layer;

void hexiom_dp_layer_init(hexiom_dp_layer *l, hexiom_dp_pool *pool);
/* Empties the layer; its blocks go back to the pool. */
void hexiom_dp_layer_clear(hexiom_dp_layer *l);
void hexiom_dp_layer_free(hexiom_dp_layer *l);

/* Starts a group with frontier code f that will get at most `most`
 * entries (so that no group straddles two blocks). */
void hexiom_dp_layer_open_group(hexiom_dp_layer *l, uint64_t f, size_t most);
/* Keeps the group opened last unless it is empty. */
void hexiom_dp_layer_close_group(hexiom_dp_layer *l);

static inline void hexiom_dp_layer_push(hexiom_dp_layer *l, uint64_t e)
{
    assert(l->nblocks > 0 && l->fill < l->bsize[l->nblocks - 1]); /* open_group reserved the room */
    l->blocks[l->nblocks - 1][l->fill++] = e;
}

/* The open group's entries, for writing them in place, and their number
 * once written (instead of hexiom_dp_layer_push). */
static inline uint64_t *hexiom_dp_layer_open_space(hexiom_dp_layer *l)
{
    return l->blocks[l->nblocks - 1] + l->open_at;
}

static inline void hexiom_dp_layer_set_open_len(hexiom_dp_layer *l, size_t n)
{
    l->fill = l->open_at + n;
}

/* Moves every group of `from` (whose codes all follow to's) to the end of
 * `to`, with the blocks that hold them; `from` is left empty. */
void hexiom_dp_layer_append(hexiom_dp_layer *to, hexiom_dp_layer *from);

#endif
