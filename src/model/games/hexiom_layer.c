/* hexiom_layer.c: the DP's partial boards in pooled blocks (see
 * hexiom_layer.h). */
#include <stdlib.h>
#include <string.h>

#include "games/hexiom_layer.h"
#include "util.h"

/* 8 MB a block: big enough that the group index stays small next to the
 * entries, small enough that the last, partly filled block of each
 * thread's layer wastes little. */
#define BLOCK_ENTRIES ((size_t)1 << 20)

void hexiom_dp_pool_init(hexiom_dp_pool *p)
{
    memset(p, 0, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
}

void hexiom_dp_pool_free(hexiom_dp_pool *p)
{
    for (size_t i = 0; i < p->nfree; i++)
        free(p->free[i]);
    free(p->free);
    pthread_mutex_destroy(&p->lock);
}

static uint64_t *pool_take(hexiom_dp_pool *p)
{
    uint64_t *b = NULL;
    pthread_mutex_lock(&p->lock);
    if (p->nfree)
        b = p->free[--p->nfree];
    pthread_mutex_unlock(&p->lock);
    return b ? b : xmalloc(BLOCK_ENTRIES * sizeof *b);
}

static void pool_give(hexiom_dp_pool *p, uint64_t *b)
{
    pthread_mutex_lock(&p->lock);
    if (p->nfree == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        p->free = xrealloc(p->free, p->cap * sizeof *p->free);
    }
    p->free[p->nfree++] = b;
    pthread_mutex_unlock(&p->lock);
}

void hexiom_dp_layer_init(hexiom_dp_layer *l, hexiom_dp_pool *pool)
{
    memset(l, 0, sizeof *l);
    l->pool = pool;
}

void hexiom_dp_layer_clear(hexiom_dp_layer *l)
{
    for (size_t i = 0; i < l->nblocks; i++) {
        if (l->bsize[i] == BLOCK_ENTRIES)
            pool_give(l->pool, l->blocks[i]);
        else
            free(l->blocks[i]);
    }
    l->nblocks = 0;
    l->fill = 0;
    l->ngroups = 0;
    l->entries = 0;
}

void hexiom_dp_layer_free(hexiom_dp_layer *l)
{
    hexiom_dp_layer_clear(l);
    free(l->fkey);
    free(l->first);
    free(l->len);
    free(l->blocks);
    free(l->bsize);
}

static void add_block(hexiom_dp_layer *l, uint64_t *b, size_t size)
{
    if (l->nblocks == l->bcap) {
        l->bcap = l->bcap ? 2 * l->bcap : 64;
        l->blocks = xrealloc(l->blocks, l->bcap * sizeof *l->blocks);
        l->bsize = xrealloc(l->bsize, l->bcap * sizeof *l->bsize);
    }
    l->blocks[l->nblocks] = b;
    l->bsize[l->nblocks++] = size;
}

void hexiom_dp_layer_open_group(hexiom_dp_layer *l, uint64_t f, size_t most)
{
    if (!l->nblocks || l->fill + most > l->bsize[l->nblocks - 1]) {
        if (most > BLOCK_ENTRIES) /* a group of its own size */
            add_block(l, xmalloc(most * sizeof(uint64_t)), most);
        else
            add_block(l, pool_take(l->pool), BLOCK_ENTRIES);
        l->fill = 0;
    }
    l->open_at = l->fill;
    l->open_f = f;
}

static void grow_groups(hexiom_dp_layer *l, size_t need)
{
    if (need <= l->gcap)
        return;
    while (l->gcap < need)
        l->gcap = l->gcap ? 2 * l->gcap : 1024;
    l->fkey = xrealloc(l->fkey, l->gcap * sizeof *l->fkey);
    l->first = xrealloc(l->first, l->gcap * sizeof *l->first);
    l->len = xrealloc(l->len, l->gcap * sizeof *l->len);
}

void hexiom_dp_layer_close_group(hexiom_dp_layer *l)
{
    size_t n = l->fill - l->open_at;
    if (!n)
        return;
    grow_groups(l, l->ngroups + 1);
    l->fkey[l->ngroups] = l->open_f;
    l->first[l->ngroups] = l->blocks[l->nblocks - 1] + l->open_at;
    l->len[l->ngroups++] = n;
    l->entries += n;
}

void hexiom_dp_layer_append(hexiom_dp_layer *to, hexiom_dp_layer *from)
{
    if (!from->ngroups) { /* nothing kept: its blocks are spare */
        hexiom_dp_layer_clear(from);
        return;
    }
    grow_groups(to, to->ngroups + from->ngroups);
    memcpy(to->fkey + to->ngroups, from->fkey, from->ngroups * sizeof *from->fkey);
    memcpy(to->first + to->ngroups, from->first, from->ngroups * sizeof *from->first);
    memcpy(to->len + to->ngroups, from->len, from->ngroups * sizeof *from->len);
    to->ngroups += from->ngroups;
    to->entries += from->entries;
    for (size_t i = 0; i < from->nblocks; i++)
        add_block(to, from->blocks[i], from->bsize[i]);
    to->fill = from->fill; /* its last block, which holds a group, is to's last now */
    from->nblocks = 0;
    from->fill = 0;
    from->ngroups = 0;
    from->entries = 0;
}
