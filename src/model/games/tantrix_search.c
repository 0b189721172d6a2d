/* tantrix_search.c: a plain-C search that lays a loop tile by tile: one
 * loop of a tile set with no givens (--solve), or, run to the end, every
 * loop under placed tiles (the family's enumerator and count). */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"
#include "rng.h"
#include "util.h"

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
 * is luck, and restarts cut off the unlucky runs.
 *
 * The exhaustive mode (tantrix_search_all) walks the same tree to the
 * end, once, with no restarts, from a placed tile (the anchor) at its own
 * cell and rotation; the other placed tiles (fixed) stand on their cells
 * from the start, and the line may only pass through them as they lie.
 * Which placed tile is the anchor changes the walk's length a
 * hundredfold, not what it lists; a few random paths down the walk from
 * each (Knuth's estimate of a tree's size) pick the one to start from.
 * Why the list it gives is every solution, each once:
 * - every solution is a loop through all n tiles (each tile has its two
 *   loop-colour edges joined to its two loop neighbours, as the checker
 *   traces it), so it passes the anchor; of its two ways round exactly
 *   one turns right by 360 degrees in all (a simple closed line turns by
 *   plus or minus one full turn), and the search tries both of the
 *   anchor's line ends as the way out, taking only a total turn of +360
 *   at the close.  Followed that way from the anchor, the solution puts
 *   on each step one tile, turned so that its line continues the line,
 *   on the cell the line points at: a branch the search tries (every
 *   unused tile with either end in, or the fixed tile standing there).
 *   Different solutions differ in some step, and one solution is one
 *   branch, so none is listed twice;
 * - each cut only drops prefixes that no solution extends: touching edges
 *   of a solution match (the checker's second rule, and the fixed tiles
 *   are where the solution has them); the cell the line points at gets a
 *   tile whose line enters there (an unused one, or the fixed one whose
 *   loop edge faces the line, which matching edges already ask); the
 *   turn still missing must come from the tiles not yet passed, each
 *   turning by its own sixths one way or the other (so at most their sum,
 *   with its parity); a cell on the right of a clockwise line is inside
 *   the loop, and an empty cell there would be enclosed (the checker's
 *   hole rule: no path of empty cells leads out across the line), so each
 *   must get one of the unused tiles (no more such cells than unused
 *   tiles, and each must take one of them as its placed neighbours ask);
 *   a pocket of empty cells walled in by tiles the line has passed can
 *   never be reached (the line goes on only through cells it has not
 *   passed, fixed tiles included, which is why the flood goes through
 *   those), so it stays a hole; a loop of n tiles reaches at most n/2
 *   steps from any of its tiles, so the line must get back to the cell
 *   before the anchor in the steps left, passing on the way each fixed
 *   tile it has not passed and each empty cell inside the loop (every
 *   tile lies on the line, so a cell that must hold one is a cell the
 *   line passes): the distance to each and on from it to the end fit in
 *   those steps, and so do, for any two of them, in one order or the
 *   other, the distances to the first, on to the second and on to the
 *   end (hex distance is a metric: no path is shorter); every tile lies
 *   within n/2 of each fixed tile; the lattice triangles the line leaves on its
 *   right are inside, whichever passed tile looks at them;
 * - a finished loop is listed only once the rules checker accepts it (a
 *   loop may still close a pocket from outside).
 * So when the walk ends within its steps, the list is every solution. */

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
    /* the cells whose need went from 0 to 1, in that order (some since
     * filled): the line must still pass each one left empty */
    int *need_list, nneed_list;
    unsigned word[TANTRIX_MAX_TILES][6]; /* edge colours, two bits an edge, per rotation */
    int end[TANTRIX_MAX_TILES][2]; /* the two loop-colour edges at rotation 0 */
    int turns[TANTRIX_MAX_TILES];  /* |turn| of the tile's line: 0, 1, 2 sixths */
    bool used[TANTRIX_MAX_TILES];
    int order[TANTRIX_MAX_TILES];
    int left_by_turn[3];    /* unused tiles by |turn| */
    int start, start_in, start_turn, last;
    int radius;             /* cells within it of tile 1: a loop of n reaches n/2 */
    unsigned char *ok_cell; /* grid -> the loop may use it (exhaustive mode) */
    unsigned char *passed;  /* grid -> the line has passed the tile there */
    bool fixed[TANTRIX_MAX_TILES]; /* placed from the start, at its own cell */
    int free_left;          /* tiles neither passed nor fixed */
    int nfixed_cells, fixed_cell[TANTRIX_MAX_TILES]; /* where the fixed tiles stand */
    /* a placement no loop may have (restarted mode under placed tiles) */
    bool has_ban;
    int ban_tile, ban_cell, ban_rot;
    long nodes, limit;
    /* exhaustive mode: every loop to found(), up to max_found + 1 */
    bool all;
    void (*found)(void *ctx, const int *state);
    void *found_ctx;
    long nfound, max_found;
    double deadline, next_poll;
    const sat_budget *budget;
    bool out_of_time;
    int stack[6 * 16];
    unsigned char *mark;    /* flood marks */
    int stamp;
    /* probing (estimate_tree): one random path down, each level's number
     * of moves that pass the cuts in probe_count[placed] */
    bool probing;
    rng probe_rng;
    int probe_count[TANTRIX_MAX_TILES + 1];
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

static int cell_distance(const search *S, int a, int b)
{
    return hex_distance(cell_q(S, a), cell_r(S, a), cell_q(S, b), cell_r(S, b));
}

static bool on_grid(const search *S, int c)
{
    if (S->ok_cell)
        return S->ok_cell[c];
    return hex_distance(cell_q(S, c), cell_r(S, c), 0, 0) <= S->radius;
}

/* A tile the line has not passed yet stands on c: a fixed one. */
static bool waiting(const search *S, int c)
{
    return S->tile[c] >= 0 && !S->passed[c];
}

static int cell_distance(const search *S, int a, int b);

/* Can the line, from cell nx with `steps` steps to the cell before the
 * anchor, pass every fixed tile it has not passed yet (but for the one on
 * c, which it passes now) and every empty cell inside the loop on the
 * way?  Each lies on that path, so its distance from nx plus its distance
 * on to the end is at most the steps; any two lie on it in some order,
 * so the path through both in one order or the other is no longer. */
static bool fixed_in_reach(const search *S, int c, int nx, int steps)
{
    int w[2 * TANTRIX_MAX_TILES], nw = 0;
    for (int i = 0; i < S->nfixed_cells; i++) {
        int g = S->fixed_cell[i];
        if (g != c && waiting(S, g)) {
            if (cell_distance(S, nx, g) + cell_distance(S, g, S->last) > steps)
                return false;
            w[nw++] = g;
        }
    }
    /* the walk to the end only: the restarted search looks for a loop
     * soon, not for proofs, and takes its first loop sooner without them
     * (bench/NOTES.md) */
    if (!S->all)
        return true;
    for (int i = 0; i < S->nneed_list && nw < 2 * TANTRIX_MAX_TILES; i++) {
        int g = S->need_list[i];
        if (g != c && g != nx && S->tile[g] < 0) {
            if (cell_distance(S, nx, g) + cell_distance(S, g, S->last) > steps)
                return false;
            w[nw++] = g;
        }
    }
    for (int i = 0; i < nw; i++)
        for (int j = i + 1; j < nw; j++) {
            int between = cell_distance(S, w[i], w[j]);
            int ij = cell_distance(S, nx, w[i]) + between + cell_distance(S, w[j], S->last);
            int ji = cell_distance(S, nx, w[j]) + between + cell_distance(S, w[i], S->last);
            if (ij > steps && ji > steps)
                return false;
        }
    return true;
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
 * them, so they would stay a hole.  A fixed tile the line has not passed
 * is no wall (the line may come through it), so the flood goes on there. */
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
            if ((S->tile[v] >= 0 && !waiting(S, v)) || S->mark[v] == S->stamp)
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
        if (S->passed[a] && (S->inside[a] >> ((j + 2) % 6) & 1) != bit)
            return false;
        if (S->passed[b] && (S->inside[b] >> ((j + 4) % 6) & 1) != bit)
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
    for (int u = 0; u < S->n; u++)
        state[3 * u] = TANTRIX_OFF;
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

/* Steps between looks at the clock and the budget's poll. */
#define POLL_NODES 4096

/* Out of steps, past the deadline or cancelled (by the budget's poll). */
static bool out_of_steps(search *S)
{
    if (++S->nodes > S->limit)
        return true;
    if (S->nodes % POLL_NODES != 0 || (S->deadline == 0 && !S->budget))
        return false;
    double now = monotonic_seconds();
    const sat_budget *b = S->budget;
    if (S->deadline > 0 && now >= S->deadline)
        S->out_of_time = true;
    if (b && b->poll && now >= S->next_poll) {
        S->next_poll = now + 0.03;
        if (b->poll(b->poll_ctx))
            S->out_of_time = true;
    }
    return S->out_of_time;
}

/* A loop closed: 1 stops the search (the first loop, or in the exhaustive
 * mode the one past max_found), 0 goes on. */
static int closed(search *S, int *state)
{
    if (!finish(S, state))
        return 0;
    if (!S->all)
        return 1;
    S->found(S->found_ctx, state);
    return ++S->nfound > S->max_found ? 1 : 0;
}

/* The line leaves cell `head` in direction d, `placed` tiles down, having
 * turned `turn` sixths so far.  1: a loop (in state; exhaustive mode: stop
 * listing), 0: none here (or all listed), -1: out of steps. */
static int dfs(search *S, int head, int d, int placed, int turn, int *state)
{
    if (out_of_steps(S))
        return -1;
    int c = head + S->dstep[d], k_in = hex_opposite(d);
    if (placed == S->n) {
        if (S->probing || c != S->start || k_in != S->start_in || turn + S->start_turn != 6)
            return 0;
        return closed(S, state);
    }
    if ((S->tile[c] >= 0 && !waiting(S, c)) || !on_grid(S, c))
        return 0;
    int left = S->n - placed;
    if (c == S->last && left != 1)
        return 0;
    demand here = demand_at(S, c);
    /* the moves that fit, best first: towards cells the loop needs, then
     * towards cells with more tiles round them (compact loops close); on
     * a fixed tile's cell only that tile as it lies */
    int mu[2 * TANTRIX_MAX_TILES], me[2 * TANTRIX_MAX_TILES], ms[2 * TANTRIX_MAX_TILES], nm = 0;
    bool on_fixed = waiting(S, c);
    signed char reach[6] = {-1, -1, -1, -1, -1, -1};
    for (int i = 0; i < S->n; i++) {
        int u = on_fixed ? S->tile[c] : S->order[i];
        if (!on_fixed && S->used[u])
            continue;
        for (int e = 0; e < 2; e++) {
            int rot = ((k_in - S->end[u][e]) % 6 + 6) % 6;
            if (on_fixed && rot != S->rot[c])
                continue;
            if (S->has_ban && u == S->ban_tile && c == S->ban_cell && rot == S->ban_rot)
                continue;
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
                /* the same for every move out by k_out: asked once */
                if (reach[k_out] < 0)
                    reach[k_out] = fixed_in_reach(S, c, nx, left - 2);
                if (!reach[k_out])
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
        if (on_fixed)
            break;
    }
    if (S->probing) {
        /* the moves in a random order: the first that passes is a child
         * drawn uniformly from those that do */
        for (int i = nm - 1; i > 0; i--) {
            int j = rng_below(&S->probe_rng, i + 1);
            int tu = mu[i], te = me[i];
            mu[i] = mu[j], me[i] = me[j];
            mu[j] = tu, me[j] = te;
        }
        S->probe_count[placed] = 0;
    }
    for (int i = 0; i < nm; i++) {
        int u = mu[i], e = me[i];
        int rot = ((k_in - S->end[u][e]) % 6 + 6) % 6;
        int k_out = (S->end[u][1 - e] + rot) % 6;
        int tn = turn_of(d, k_out);
        int nx = c + S->dstep[k_out];
        int mask = inside_mask(k_out, k_in);
        if (!on_fixed) {
            S->used[u] = true;
            S->free_left--;
        }
        S->left_by_turn[S->turns[u]]--;
        if (!turn_possible(S, 6 - S->start_turn - turn - tn)) {
            if (!on_fixed) {
                S->used[u] = false;
                S->free_left++;
            }
            S->left_by_turn[S->turns[u]]++;
            continue;
        }
        S->tile[c] = (signed char)u;
        S->rot[c] = (unsigned char)rot;
        S->inside[c] = (unsigned char)mask;
        S->passed[c] = 1;
        bool was_needed = S->need[c] > 0;
        S->open_need -= was_needed;
        /* the next cell: empty and enterable by some unused tile, or a
         * fixed tile (whose loop edge faces the line: fits asked it) */
        bool ok = left == 1 || (S->tile[nx] < 0 && enterable(S, nx, hex_opposite(k_out))) || waiting(S, nx);
        /* inside the loop (right of the line: from k_out clockwise to
         * k_in) every cell must hold a tile in the end */
        int nneed = 0, needed[6], listed = S->nneed_list;
        for (int k = (k_out + 1) % 6; k != k_in; k = (k + 1) % 6) {
            int v = c + S->dstep[k];
            if (S->tile[v] < 0) {
                if (S->need[v]++ == 0) {
                    S->open_need++;
                    S->need_list[S->nneed_list++] = v;
                }
                needed[nneed++] = v;
            }
        }
        if (S->open_need > S->free_left)
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
        if (ok && S->probing && S->probe_count[placed]++ > 0)
            ok = false; /* counted, not walked */
        if (ok)
            r = dfs(S, c, k_out, placed + 1, turn + tn, state);
        for (int j = 0; j < nneed; j++)
            S->open_need -= --S->need[needed[j]] == 0;
        S->nneed_list = listed;
        S->open_need += was_needed;
        S->passed[c] = 0;
        if (!on_fixed) {
            S->tile[c] = -1;
            S->used[u] = false;
            S->free_left++;
        }
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

/* The tiles' lines and edge words, and the grid: the encoding's hexagon
 * about the frame's origin with a margin.  False for a tile without two
 * edges of the loop colour (then there is no loop). */
static bool setup(search *S, const tantrix_puzzle *t)
{
    S->t = t;
    S->n = t->n;
    S->off = t->n / 2 + 3;
    S->w = 2 * S->off + 1;
    S->radius = S->n / 2;
    for (int k = 0; k < 6; k++)
        S->dstep[k] = HEX_DQ[k] * S->w + HEX_DR[k];
    for (int u = 0; u < S->n; u++) {
        int m = 0;
        for (int k = 0; k < 6; k++)
            if (t->col[u][k] == t->loop && m < 2)
                S->end[u][m++] = k;
        if (m != 2)
            return false;
        S->turns[u] = abs(turn_of(hex_opposite(S->end[u][0]), S->end[u][1]));
        for (int rot = 0; rot < 6; rot++)
            for (int k = 0; k < 6; k++)
                S->word[u][rot] |= (unsigned)edge(S, u, rot, k) << (2 * k);
    }
    size_t cells = (size_t)S->w * S->w;
    S->tile = xmalloc(cells);
    S->rot = xcalloc(cells, 1);
    S->need = xcalloc(cells, 1);
    S->need_list = xmalloc(cells * sizeof *S->need_list);
    S->inside = xcalloc(cells, 1);
    S->mark = xcalloc(cells, 1);
    S->passed = xcalloc(cells, 1);
    memset(S->tile, -1, cells);
    return true;
}

static void search_free(search *S)
{
    free(S->tile);
    free(S->rot);
    free(S->need);
    free(S->need_list);
    free(S->inside);
    free(S->mark);
    free(S->passed);
    free(S->ok_cell);
}

/* Tile u, turned rot, starts the line on cell c, which leaves it by its
 * line end `way`: returns that direction. */
static int start_at(search *S, int c, int u, int rot, int way)
{
    S->start = c;
    S->tile[c] = (signed char)u;
    S->rot[c] = (unsigned char)rot;
    S->passed[c] = 1;
    S->used[u] = true;
    int k_out = (S->end[u][way] + rot) % 6;
    S->start_in = (S->end[u][1 - way] + rot) % 6;
    S->start_turn = turn_of(hex_opposite(S->start_in), k_out);
    S->last = c + S->dstep[S->start_in];
    S->inside[c] = (unsigned char)inside_mask(k_out, S->start_in);
    S->open_need = 0;
    S->nneed_list = 0;
    for (int k = (k_out + 1) % 6; k != S->start_in; k = (k + 1) % 6) {
        int v = c + S->dstep[k];
        if (S->tile[v] < 0) {
            S->need[v] = 1;
            S->open_need++;
            S->need_list[S->nneed_list++] = v;
        }
    }
    return k_out;
}

/* After a descent: dfs took back every tile it laid; the start's line
 * (start_at) is taken back here. */
static void take_back_start(search *S)
{
    memset(S->need, 0, (size_t)S->w * S->w);
    S->passed[S->start] = 0;
}

/* One descent of the restarted search, its `run`th, from the line
 * started (leaving by k_out): within its Luby share of what is left of
 * max_nodes, its steps added to *spent.  As dfs: 1 with a loop in state,
 * 0 when it walked its whole tree, -1 out of steps or time. */
static int descend(search *S, int k_out, long run, long max_nodes, long *spent, int *state)
{
    S->nodes = 0;
    S->limit = RESTART_NODES * luby(run);
    if (S->limit > max_nodes - *spent)
        S->limit = max_nodes - *spent;
    int r = dfs(S, S->start, k_out, 1, 0, state);
    *spent += S->nodes;
    take_back_start(S);
    return r;
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
    if (!setup(&S, t)) {
        search_free(&S);
        return -1; /* a tile without the loop colour: no loop */
    }
    size_t cells = (size_t)S.w * S.w;
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
            S.free_left = S.n - 1;
            int k_out = start_at(&S, S.off * S.w + S.off, 0, 0, way);
            found = descend(&S, k_out, run, max_nodes, &spent, state) == 1;
            memset(S.tile, -1, cells); /* tile 1 too */
        }
    }
    search_free(&S);
    *steps = spent;
    return found ? 1 : 0;
}

/* The fixed tiles of `fixed` on the grid, and the cells a loop through
 * them may use: in the encoding's hexagon and within n/2 of each of them.
 * The anchor (returned) is the lowest-numbered; -2 when they cannot all
 * be right (two on one cell, one outside, touching edges that differ),
 * -1 when none is placed or one lies outside the grid. */
static int place_fixed(search *S, const int *fixed)
{
    int anchor = -1;
    for (int u = 0; u < S->n; u++) {
        if (fixed[3 * u] < 0)
            continue;
        int q = fixed[3 * u + 1], r = fixed[3 * u + 2];
        if (fixed[3 * u] > 5 || abs(q) > S->radius || abs(r) > S->radius)
            return -1;
        if (anchor < 0)
            anchor = u;
        int c = (q + S->off) * S->w + (r + S->off);
        if (S->tile[c] >= 0)
            return -2;
        S->tile[c] = (signed char)u;
        S->rot[c] = (unsigned char)fixed[3 * u];
        S->fixed[u] = S->used[u] = true;
        S->fixed_cell[S->nfixed_cells++] = c;
    }
    if (anchor < 0)
        return -1;
    size_t cells = (size_t)S->w * S->w;
    S->ok_cell = xcalloc(cells, 1);
    for (size_t c = 0; c < cells; c++) {
        int q = cell_q(S, (int)c), r = cell_r(S, (int)c);
        bool ok = hex_distance(q, r, 0, 0) <= S->radius;
        for (int u = 0; u < S->n && ok; u++)
            if (S->fixed[u])
                ok = hex_distance(q, r, fixed[3 * u + 1], fixed[3 * u + 2]) <= S->n / 2;
        S->ok_cell[c] = ok;
    }
    for (size_t c = 0; c < cells; c++) {
        if (S->tile[c] < 0)
            continue;
        if (!S->ok_cell[c] || !fits(S, S->tile[c], S->rot[c], demand_at(S, (int)c)))
            return -2;
    }
    return anchor;
}

/* The anchor's setup for one descent (both search modes): the tiles left
 * by their turns, the line started on the anchor's cell; returns the
 * direction it leaves by. */
static int start_anchor(search *S, const int *fixed, int anchor, int way)
{
    memset(S->left_by_turn, 0, sizeof S->left_by_turn);
    S->free_left = 0;
    for (int u = 0; u < S->n; u++) {
        if (u != anchor)
            S->left_by_turn[S->turns[u]]++;
        S->free_left += !S->fixed[u];
    }
    int c = (fixed[3 * anchor + 1] + S->off) * S->w + (fixed[3 * anchor + 2] + S->off);
    return start_at(S, c, anchor, fixed[3 * anchor], way);
}

/* The budget's seconds from now, and its poll (out_of_steps). */
static void start_clock(search *S, const sat_budget *budget)
{
    S->budget = budget;
    double now = monotonic_seconds();
    S->deadline = budget && budget->seconds > 0 ? now + budget->seconds : 0;
    S->next_poll = now + 0.03;
}

/* The search under the placed tiles of `fixed`, set up: the anchor, or
 * (S freed) -3 for a tile without two edges of the loop colour (no loop),
 * -2 and -1 as place_fixed says. */
static int open_placed(search *S, const tantrix_puzzle *t, const int *fixed)
{
    if (!setup(S, t)) {
        search_free(S);
        return -3;
    }
    int anchor = place_fixed(S, fixed);
    if (anchor < 0)
        search_free(S);
    return anchor;
}

/* Random paths down per way round, for estimate_tree. */
#define PROBES 32

/* Knuth's estimate of the walk's size from the anchor, both ways round:
 * the mean over random paths down of 1 + c1 + c1 c2 + ..., where ci is
 * the number of moves at the path's i-th level that pass the cuts. */
static double estimate_tree(search *S, const int *fixed, int anchor, int *state)
{
    double sum = 0;
    S->probing = true;
    for (int way = 0; way < 2; way++)
        for (int k = 0; k < PROBES; k++) {
            memset(S->probe_count, 0, sizeof S->probe_count);
            int k_out = start_anchor(S, fixed, anchor, way);
            dfs(S, S->start, k_out, 1, 0, state);
            take_back_start(S);
            double prod = 1, est = 1;
            for (int d = 1; d < S->n && S->probe_count[d] > 0; d++) {
                prod *= S->probe_count[d];
                est += prod;
            }
            sum += est;
        }
    S->probing = false;
    return sum / PROBES;
}

/* The placed tile whose walk estimate_tree expects to be the shortest:
 * from tile to tile of one board the walk's length differs a
 * hundredfold (bench/NOTES.md). */
static int cheapest_anchor(search *S, const int *fixed, int *state)
{
    rng_seed(&S->probe_rng, 1);
    int best = -1;
    double best_size = 0;
    for (int i = 0; i < S->nfixed_cells; i++) {
        int u = S->tile[S->fixed_cell[i]];
        double size = estimate_tree(S, fixed, u, state);
        if (best < 0 || size < best_size) {
            best = u;
            best_size = size;
        }
    }
    return best;
}

int tantrix_search_all(const tantrix_puzzle *t, const int *fixed, long limit, long max_nodes,
                       const sat_budget *budget, void (*found)(void *ctx, const int *state), void *ctx)
{
    return tantrix_search_all_from(t, fixed, -1, limit, max_nodes, budget, found, ctx, NULL);
}

int tantrix_search_all_from(const tantrix_puzzle *t, const int *fixed, int from, long limit, long max_nodes,
                            const sat_budget *budget, void (*found)(void *ctx, const int *state), void *ctx,
                            long *steps)
{
    if (steps)
        *steps = 0;
    if (t->n < 3)
        return -1;
    search S = {0};
    int anchor = open_placed(&S, t, fixed);
    if (anchor < 0)
        return anchor == -1 ? -1 : 1; /* no loop at all: the empty list is all */
    if (from >= 0) {
        assert(from < S.n && S.fixed[from]);
        anchor = from;
    }
    S.all = true;
    S.found = found;
    S.found_ctx = ctx;
    S.max_found = limit;
    S.limit = max_nodes > 0 ? max_nodes : LONG_MAX;
    start_clock(&S, budget);
    for (int u = 0; u < S.n; u++)
        S.order[u] = u;
    int *state = xmalloc((size_t)S.n * 3 * sizeof *state);
    /* with most tiles placed (the stretches tantrix_relay lays again)
     * every walk is short and the probes would cost more than they save */
    if (from < 0 && S.nfixed_cells > 1 && 2 * S.nfixed_cells <= S.n)
        anchor = cheapest_anchor(&S, fixed, state);
    int res = 1;
    for (int way = 0; way < 2 && res == 1; way++) {
        int k_out = start_anchor(&S, fixed, anchor, way);
        int r = dfs(&S, S.start, k_out, 1, 0, state);
        res = r == -1 ? -1 : r == 1 ? 0 : 1;
        take_back_start(&S);
    }
    if (steps)
        *steps = S.nodes;
    free(state);
    search_free(&S);
    return res;
}

int tantrix_search_placed(const tantrix_puzzle *t, const int *fixed, const int *ban, unsigned long seed,
                          long max_nodes, const sat_budget *budget, int *state)
{
    if (t->n < 3)
        return -1;
    search S = {0};
    int anchor = open_placed(&S, t, fixed);
    if (anchor < 0)
        return anchor == -1 ? -1 : -2;
    /* (a placement off the grid bans nothing: no loop goes there) */
    if (ban && abs(ban[2]) <= S.radius && abs(ban[3]) <= S.radius) {
        assert(ban[0] >= 0 && ban[0] < S.n && !S.fixed[ban[0]]);
        S.has_ban = true;
        S.ban_tile = ban[0];
        S.ban_rot = ban[1];
        S.ban_cell = (ban[2] + S.off) * S.w + (ban[3] + S.off);
    }
    start_clock(&S, budget);
    rng g;
    rng_seed(&g, seed);
    int found = 0;
    long spent = 0;
    for (long run = 1; found == 0 && spent < max_nodes && !S.out_of_time; run++) {
        for (int u = 0; u < S.n; u++)
            S.order[u] = u;
        rng_shuffle(&g, S.order, S.n);
        /* each run from the next placed tile in turn: with tiles placed
         * far apart, the time to a first loop differs a hundredfold by
         * the tile it starts from (bench/NOTES.md), and which is quick
         * cannot be told beforehand */
        int from = S.fixed_cell[(run - 1) % S.nfixed_cells];
        anchor = S.tile[from];
        /* a run whose descents both ways round walk their whole trees
         * is the exhaustive search from that tile (the same steps in
         * another order; tantrix_search_all is complete): no loop */
        int walked = 0;
        for (int way = 0; way < 2 && found == 0 && spent < max_nodes; way++) {
            int k_out = start_anchor(&S, fixed, anchor, way);
            int r = descend(&S, k_out, run, max_nodes, &spent, state);
            found = r == 1;
            walked += r == 0;
        }
        if (walked == 2)
            found = -2;
    }
    search_free(&S);
    return found;
}
