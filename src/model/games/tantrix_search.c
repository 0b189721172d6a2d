/* tantrix_search.c: a plain-C search for one loop of a tile set with no
 * givens: it lays the loop tile by tile from tile 1, for --solve. */
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"
#include "rng.h"

/* How it searches.  Tile 1 lies at the origin with rotation 0 (any loop
 * can be moved and turned there), and the loop is followed clockwise from
 * one of its two line ends: each step puts an unused tile, turned so that
 * its loop line continues the line, on the cell the line points at.  What
 * cuts the search short:
 * - touching edges match the tiles already placed, and the cell the new
 *   line points at must take some unused tile;
 * - a clockwise loop turns right by 360 degrees in all (sharp corners turn
 *   120, bends 60, straights not at all), so the tiles left must be able
 *   to make up the turn still missing, with the right parity;
 * - no holes: the cells on the right of the line (inside the loop) must
 *   hold tiles too, and an empty cell the tiles close in can never be
 *   filled;
 * - the line must be able to get back to tile 1 with the tiles left.
 * Every loop it finds is checked by the rules checker before it is
 * returned.  It restarts with a shuffled tile order after a number of
 * steps that grows as Luby's sequence: which branch leads to a loop early
 * is luck, and restarts cut off the unlucky runs. */

/* Steps before the first restart (then Luby's multiples of it): probing
 * many short runs finds loops faster than long ones (measured on Discovery
 * 3..30, bench/NOTES.md). */
#define RESTART_NODES 100

typedef struct {
    const tantrix_puzzle *t;
    int n;
    int off, w;             /* grid: (q + off) * w + (r + off) */
    int dstep[6];           /* grid offset of direction k */
    signed char *tile;      /* grid -> tile, -1 empty */
    unsigned char *rot;     /* grid -> rotation */
    unsigned char *need;    /* grid -> how many placed tiles need it filled */
    unsigned char *inside;  /* grid -> bit j: the lattice triangle between
                               directions j and j+1 lies inside the loop */
    int open_need;          /* empty cells some placed tile needs filled */
    unsigned word[TANTRIX_MAX_TILES][6]; /* edge colours, two bits an edge, per rotation */
    int end[TANTRIX_MAX_TILES][2]; /* the two loop-colour edges at rotation 0 */
    int turns[TANTRIX_MAX_TILES];  /* |turn| of the tile's line: 0, 1, 2 sixths */
    bool used[TANTRIX_MAX_TILES];
    int order[TANTRIX_MAX_TILES];
    int left_by_turn[3];    /* unused tiles by |turn| */
    int start, start_in, start_turn, last;
    int radius;             /* cells within it of tile 1: a loop of n reaches n/2 */
    long nodes, limit;
    int stack[6 * 16];
    unsigned char *mark;    /* flood marks */
    int stamp;
} search;

static int edge(const search *S, int tile, int rot, int k)
{
    return S->t->col[tile][((k - rot) % 6 + 6) % 6];
}

static int turn_of(int in_dir, int out_dir)
{
    static const int T[6] = {0, 1, 2, 99, -2, -1};
    return T[((out_dir - in_dir) % 6 + 6) % 6];
}

static int cell_q(const search *S, int c) { return c / S->w - S->off; }
static int cell_r(const search *S, int c) { return c % S->w - S->off; }

static bool on_grid(const search *S, int c)
{
    return hex_distance(cell_q(S, c), cell_r(S, c), 0, 0) <= S->radius;
}

/* What the placed neighbours of cell c ask of its edges: two bits of
 * colour per edge, and the mask of the edges that have a neighbour. */
typedef struct {
    unsigned mask, val;
} demand;

static demand demand_at(const search *S, int c)
{
    demand d = {0, 0};
    for (int k = 0; k < 6; k++) {
        int v = c + S->dstep[k], o = S->tile[v];
        if (o >= 0) {
            d.mask |= 3u << (2 * k);
            d.val |= (unsigned)edge(S, o, S->rot[v], hex_opposite(k)) << (2 * k);
        }
    }
    return d;
}

/* Does tile u turned rot meet the demand? */
static bool fits(const search *S, int u, int rot, demand d)
{
    return (S->word[u][rot] & d.mask) == d.val;
}

/* Can some unused tile enter cell c by edge k_in with its loop line? */
static bool enterable(const search *S, int c, int k_in)
{
    demand d = demand_at(S, c);
    for (int u = 0; u < S->n; u++) {
        if (S->used[u])
            continue;
        for (int e = 0; e < 2; e++)
            if (fits(S, u, ((k_in - S->end[u][e]) % 6 + 6) % 6, d))
                return true;
    }
    return false;
}

/* Can some unused tile lie on cell c at all? */
static bool fillable(const search *S, int c)
{
    demand d = demand_at(S, c);
    for (int u = 0; u < S->n; u++)
        for (int rot = 0; rot < 6 && !S->used[u]; rot++)
            if (fits(S, u, rot, d))
                return true;
    return false;
}

/* Is the empty cell c shut in: its empty cells (flooded up to a few) all
 * closed in by tiles, none of them `open` (the cell the line enters
 * next)?  Such cells could only be filled by a line that cannot reach
 * them, so they would stay a hole. */
static bool shut_in(search *S, int c, int open)
{
    enum { MAX_POCKET = 12 };
    if (c == open)
        return false;
    S->stamp++;
    if (S->stamp == 256) {
        memset(S->mark, 0, (size_t)S->w * S->w);
        S->stamp = 1;
    }
    int sp = 0, seen = 0;
    S->stack[sp++] = c;
    S->mark[c] = (unsigned char)S->stamp;
    while (sp) {
        int u = S->stack[--sp];
        if (++seen > MAX_POCKET || !on_grid(S, u))
            return false;
        for (int k = 0; k < 6; k++) {
            int v = u + S->dstep[k];
            if (S->tile[v] >= 0 || S->mark[v] == S->stamp)
                continue;
            if (v == open)
                return false;
            S->mark[v] = (unsigned char)S->stamp;
            S->stack[sp++] = v;
        }
    }
    return true;
}

/* The triangles inside the loop at a cell the line leaves by k_out and
 * enters by k_in: from k_out clockwise round to k_in. */
static int inside_mask(int k_out, int k_in)
{
    int m = 0;
    for (int j = k_out; j != k_in; j = (j + 1) % 6)
        m |= 1 << j;
    return m;
}

/* Each lattice triangle is inside or outside the loop, whichever corner
 * looks at it: triangle j at c is triangle j+2 at c's neighbour in
 * direction j and triangle j+4 at its neighbour in direction j+1. */
static bool inside_agrees(const search *S, int c, int mask)
{
    for (int j = 0; j < 6; j++) {
        int bit = mask >> j & 1;
        int a = c + S->dstep[j], b = c + S->dstep[(j + 1) % 6];
        if (S->tile[a] >= 0 && (S->inside[a] >> ((j + 2) % 6) & 1) != bit)
            return false;
        if (S->tile[b] >= 0 && (S->inside[b] >> ((j + 4) % 6) & 1) != bit)
            return false;
    }
    return true;
}

/* The turn still missing can be made by the tiles left. */
static bool turn_possible(const search *S, int need)
{
    int most = 2 * S->left_by_turn[2] + S->left_by_turn[1];
    return need <= most && need >= -most && ((need - S->left_by_turn[1]) % 2 == 0);
}

static bool finish(search *S, int *state)
{
    for (int c = 0; c < S->w * S->w; c++) {
        int u = S->tile[c];
        if (u < 0)
            continue;
        state[3 * u] = S->rot[c];
        state[3 * u + 1] = cell_q(S, c);
        state[3 * u + 2] = cell_r(S, c);
    }
    return tantrix_verify(S->t, state, NULL); /* only whether it is a solution */
}

/* The line leaves cell `head` in direction d, `placed` tiles down, having
 * turned `turn` sixths so far.  1: a loop (in state), 0: none here, -1:
 * out of steps. */
static int dfs(search *S, int head, int d, int placed, int turn, int *state)
{
    if (++S->nodes > S->limit)
        return -1;
    int c = head + S->dstep[d], k_in = hex_opposite(d);
    if (placed == S->n) {
        if (c != S->start || k_in != S->start_in || turn + S->start_turn != 6)
            return 0;
        return finish(S, state) ? 1 : 0;
    }
    if (S->tile[c] >= 0 || !on_grid(S, c))
        return 0;
    int left = S->n - placed;
    if (c == S->last && left != 1)
        return 0;
    demand here = demand_at(S, c);
    /* the moves that fit, best first: towards cells the loop needs, then
     * towards cells with more tiles round them (compact loops close) */
    int mu[2 * TANTRIX_MAX_TILES], me[2 * TANTRIX_MAX_TILES], ms[2 * TANTRIX_MAX_TILES], nm = 0;
    for (int i = 0; i < S->n; i++) {
        int u = S->order[i];
        if (S->used[u])
            continue;
        for (int e = 0; e < 2; e++) {
            int rot = ((k_in - S->end[u][e]) % 6 + 6) % 6;
            int k_out = (S->end[u][1 - e] + rot) % 6;
            int nx = c + S->dstep[k_out];
            /* the line must get back to tile 1 in the steps left: the
             * last tile lies on the cell where tile 1's line comes in */
            if (left == 1) {
                if (nx != S->start)
                    continue;
            } else {
                int back = hex_distance(cell_q(S, nx), cell_r(S, nx), cell_q(S, S->last), cell_r(S, S->last));
                if (back > left - 2 || nx == S->start)
                    continue;
            }
            if (!fits(S, u, rot, here) || !inside_agrees(S, c, inside_mask(k_out, k_in)))
                continue;
            int score = S->need[nx] > 0 ? 8 : 0;
            for (int k = 0; k < 6; k++)
                score += S->tile[nx + S->dstep[k]] >= 0;
            int j = nm++;
            while (j > 0 && ms[j - 1] < score) {
                mu[j] = mu[j - 1];
                me[j] = me[j - 1];
                ms[j] = ms[j - 1];
                j--;
            }
            mu[j] = u;
            me[j] = e;
            ms[j] = score;
        }
    }
    for (int i = 0; i < nm; i++) {
        int u = mu[i], e = me[i];
        int rot = ((k_in - S->end[u][e]) % 6 + 6) % 6;
        int k_out = (S->end[u][1 - e] + rot) % 6;
        int tn = turn_of(d, k_out);
        int nx = c + S->dstep[k_out];
        int mask = inside_mask(k_out, k_in);
        S->used[u] = true;
        S->left_by_turn[S->turns[u]]--;
        if (!turn_possible(S, 6 - S->start_turn - turn - tn)) {
            S->used[u] = false;
            S->left_by_turn[S->turns[u]]++;
            continue;
        }
        S->tile[c] = (signed char)u;
        S->rot[c] = (unsigned char)rot;
        S->inside[c] = (unsigned char)mask;
        bool was_needed = S->need[c] > 0;
        S->open_need -= was_needed;
        bool ok = left == 1 || (S->tile[nx] < 0 && enterable(S, nx, hex_opposite(k_out)));
        /* inside the loop (right of the line: from k_out clockwise to
         * k_in) every cell must hold a tile in the end */
        int nneed = 0, needed[6];
        for (int k = (k_out + 1) % 6; k != k_in; k = (k + 1) % 6) {
            int v = c + S->dstep[k];
            if (S->tile[v] < 0) {
                S->open_need += S->need[v]++ == 0;
                needed[nneed++] = v;
            }
        }
        if (S->open_need > left - 1)
            ok = false;
        /* cells the loop needs beside the new tile: some tile left fits */
        for (int k = 0; k < 6 && ok && left > 1; k++) {
            int v = c + S->dstep[k];
            if (S->tile[v] < 0 && v != nx && (S->need[v] > 0 || v == S->last) && !fillable(S, v))
                ok = false;
        }
        for (int k = 0; k < 6 && ok && left > 1; k++) {
            int v = c + S->dstep[k];
            if (S->tile[v] < 0 && shut_in(S, v, nx))
                ok = false;
        }
        int r = 0;
        if (ok)
            r = dfs(S, c, k_out, placed + 1, turn + tn, state);
        for (int j = 0; j < nneed; j++)
            S->open_need -= --S->need[needed[j]] == 0;
        S->open_need += was_needed;
        S->tile[c] = -1;
        S->used[u] = false;
        S->left_by_turn[S->turns[u]]++;
        if (r != 0)
            return r;
    }
    return 0;
}

/* Luby's sequence 1 1 2 1 1 2 4 ... */
static long luby(long i)
{
    long k = 1;
    while ((1L << k) - 1 < i)
        k++;
    while (i != (1L << k) - 1) {
        i -= (1L << (k - 1)) - 1;
        k = 1;
        while ((1L << k) - 1 < i)
            k++;
    }
    return 1L << (k - 1);
}

int tantrix_search_loop(const tantrix_puzzle *t, int *state, long max_nodes)
{
    long steps;
    return tantrix_search_loop_steps(t, state, max_nodes, &steps);
}

int tantrix_search_loop_steps(const tantrix_puzzle *t, int *state, long max_nodes, long *steps)
{
    *steps = 0;
    if (t->ngiven > 0 || t->n < 3)
        return -1;
    search S = {0};
    S.t = t;
    S.n = t->n;
    S.off = t->n / 2 + 3;
    S.w = 2 * S.off + 1;
    S.radius = S.n / 2;
    for (int k = 0; k < 6; k++)
        S.dstep[k] = HEX_DQ[k] * S.w + HEX_DR[k];
    for (int u = 0; u < S.n; u++) {
        int m = 0;
        for (int k = 0; k < 6; k++)
            if (t->col[u][k] == t->loop && m < 2)
                S.end[u][m++] = k;
        if (m != 2)
            return -1; /* a tile without the loop colour: no loop */
        S.turns[u] = abs(turn_of(hex_opposite(S.end[u][0]), S.end[u][1]));
        for (int rot = 0; rot < 6; rot++)
            for (int k = 0; k < 6; k++)
                S.word[u][rot] |= (unsigned)edge(&S, u, rot, k) << (2 * k);
    }
    size_t cells = (size_t)S.w * S.w;
    S.tile = xmalloc(cells);
    S.rot = xcalloc(cells, 1);
    S.need = xcalloc(cells, 1);
    S.inside = xcalloc(cells, 1);
    S.mark = xcalloc(cells, 1);
    memset(S.tile, -1, cells);
    rng g;
    rng_seed(&g, 1);
    int found = 0;
    long spent = 0;
    for (long run = 1; !found && spent < max_nodes; run++) {
        for (int u = 0; u < S.n; u++)
            S.order[u] = u;
        if (run > 1)
            rng_shuffle(&g, S.order, S.n);
        /* both ways round from tile 1 (the loop runs clockwise in one) */
        for (int way = 0; way < 2 && !found && spent < max_nodes; way++) {
            memset(S.used, 0, sizeof S.used);
            memset(S.left_by_turn, 0, sizeof S.left_by_turn);
            for (int u = 1; u < S.n; u++)
                S.left_by_turn[S.turns[u]]++;
            S.start = S.off * S.w + S.off;
            S.tile[S.start] = 0;
            S.rot[S.start] = 0;
            S.used[0] = true;
            int k_out = S.end[0][way];
            S.start_in = S.end[0][1 - way];
            S.start_turn = turn_of(hex_opposite(S.start_in), k_out);
            S.last = S.start + S.dstep[S.start_in];
            S.inside[S.start] = (unsigned char)inside_mask(k_out, S.start_in);
            S.open_need = 0;
            for (int k = (k_out + 1) % 6; k != S.start_in; k = (k + 1) % 6) {
                S.need[S.start + S.dstep[k]] = 1;
                S.open_need++;
            }
            S.nodes = 0;
            S.limit = RESTART_NODES * luby(run);
            if (S.limit > max_nodes - spent)
                S.limit = max_nodes - spent;
            found = dfs(&S, S.start, k_out, 1, 0, state) == 1;
            spent += S.nodes;
            memset(S.tile, -1, cells);
            memset(S.need, 0, cells);
        }
    }
    free(S.tile);
    free(S.rot);
    free(S.need);
    free(S.inside);
    free(S.mark);
    *steps = spent;
    return found ? 1 : 0;
}
