/* tracks_deduce.c: Train Tracks solved by forced deductions in plain C (no
 * SAT), for --solve: local piece rules, the counts, parity across lines,
 * never closing a loop, then one-step probing, then probing again with
 * what the first probes found followed at every step.  Stuck: the engine
 * decides, given what each open entry implies (tracks_implications). */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/tracks.h"

static const int DIRS[4] = {TRACKS_E, TRACKS_S, TRACKS_W, TRACKS_N};

/* Contradiction: the board as it stands has no solution. */
enum { BAD = -1 };

/* The reachability rule's shortcut: up to this many entries emptied since
 * its last flood are checked locally, within this many rows of each
 * other plus a margin of REACH_MARGIN rows; past that, the whole flood. */
enum { REMOVED_MAX = 16, REACH_ROWS = 12, REACH_MARGIN = 2 };

/* What a probe changes and takes back (try_undo): the board entries and
 * the rules' incremental records of it. */
typedef struct {
    int *st;   /* the board vector (tracks.h) */
    int *endp; /* cells: at one end of a stretch of track, the cell at its other end */
    /* Rows as bit sets (boards at most 64 wide): cells not "no track",
     * edges to the east and to the south not "no track" (the
     * reachability rule's flood, a row at a time). */
    uint64_t *open, *east, *south;
    int ntrack; /* cells holding track */
    bool bad;   /* a closed loop or a cell with three ends, seen on the way */
    /* Per row, then column, then line between rows or columns (cut_of):
     * how many of its cells (edges crossing it) hold track, and how many
     * are open, so the count and parity rules need not scan the line. */
    int *ntrack_of, *nopen_of;
} board;

typedef struct {
    const tracks_puzzle *t;
    int cells, nstate;
    int *side;          /* cells x 4: the edge's board index, or -1 (border) */
    int *next;          /* cells x 4: the neighbour across that side */
    int *ends;          /* edges x 2: the cells an edge joins */
    int *cut;           /* per line between rows, then columns: its edges' board indexes */
    int *cut_of;        /* edges: the line between rows or columns it crosses */
    unsigned char *cut_dirty;
    bool need_loop, need_reach; /* new track, new empties since those rules ran */
    unsigned char *port; /* cells: off-board end bits */
    bool rows_as_bits;  /* w <= 64: the flood works on board.open, east, south */
    uint64_t *reach;    /* scratch: per row, the cells the flood reached */
    int *rows, *cols;   /* scratch: per line counts of the entrance's and exit's track */
    /* Probing guesses on the board itself and takes the guess back: while
     * trying, every change is logged in undo[0..nundo) (an entry decided:
     * its index; an end record changed: its old value, then -1 - cell). */
    bool trying, bad_before;
    int *undo, nundo;
    long probes;        /* probe propagations left before giving up */
    int *queue, nqueue; /* cells whose piece rules need a look */
    unsigned char *queued, *row_dirty; /* rows, then columns (h + x) */
    /* the rows and columns with row_dirty set, the lines between them
     * with cut_dirty set: the counts and parity to look at again */
    int *lines, nlines, *cuts, ncuts;
    int *seen, *bfs;    /* scratch: the reachability search on wide boards, walk */
    int *trail, ntrail; /* tracks_implications: what a probe decided */
    bool recording;
    /* The second round (probe_following): what each value of each open
     * entry forces (literal 2i for "track", 2i+1 for "no track";
     * imp[imp_start[l]..imp_start[l+1]) the literals l forces), followed
     * at every decision once set; follow[] holds the decided literals
     * still to follow. */
    int *imp_start, *imp;
    int *follow, nfollow;
    /* The reachability rule's shortcut (reach_rule): the entries decided
     * "no track" since every open cell was last known reachable, or
     * reach_all when there were too many or that is not known. */
    int removed[REMOVED_MAX], nremoved;
    bool reach_all;
} deducer;


static void enqueue(deducer *d, int c)
{
    if (!d->queued[c]) {
        d->queued[c] = 1;
        d->queue[d->nqueue++] = c;
    }
}

static void decide(deducer *d, board *b, int i, int v, int *changed);

/* Line k to look at again: flagged in dirty, listed once in list. */
static void mark_dirty(unsigned char *dirty, int *list, int *n, int k)
{
    if (!dirty[k]) {
        dirty[k] = 1;
        list[(*n)++] = k;
    }
}

/* The edge between cells a and b as a board index, or -1 when they are not
 * neighbours. */
static int edge_between(const deducer *d, int a, int c)
{
    for (int k = 0; k < 4; k++)
        if (d->next[4 * a + k] == c)
            return d->side[4 * a + k];
    return -1;
}

static int track_sides(const deducer *d, const board *b, int c)
{
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int i = d->side[4 * c + k];
        n += i >= 0 && b->st[i] == TRACKS_TRACK;
    }
    return n;
}

/* Track newly crosses edge e (board index i): the two stretches it joins
 * become one, whose ends are recorded in endp.  Joining a stretch to
 * itself closes a loop; an open edge between the new stretch's two ends
 * would close one, so it is empty.  This is the loop rule, kept up to date
 * edge by edge instead of by a pass over the board. */
static void join(deducer *d, board *b, int i, int *changed)
{
    int a = d->ends[2 * (i - d->cells)], c = d->ends[2 * (i - d->cells) + 1];
    if (track_sides(d, b, a) > 2 || track_sides(d, b, c) > 2) {
        b->bad = true; /* not the end of a stretch: three ends (cell_rules says so too) */
        return;
    }
    int x = b->endp[a], y = b->endp[c];
    if (x == c) {
        b->bad = true;
        return;
    }
    if (d->trying) {
        d->undo[d->nundo++] = b->endp[x];
        d->undo[d->nundo++] = -1 - x;
        d->undo[d->nundo++] = b->endp[y];
        d->undo[d->nundo++] = -1 - y;
    }
    b->endp[x] = y;
    b->endp[y] = x;
    int closing = edge_between(d, x, y);
    if (closing >= 0 && b->st[closing] == TRACKS_BLANK)
        decide(d, b, closing, TRACKS_NONE, changed);
}

/* The board's records of entry i going from open to v (sign 1) or back
 * (sign -1, a guess taken back): its lines' counts, the track count and
 * the rows of open bits. */
static void account(const deducer *d, board *b, int i, int v, int sign)
{
    int w = d->t->w, h = d->t->h;
    bool track = v == TRACKS_TRACK, bits = !track && d->rows_as_bits;
    uint64_t *row = NULL, bit = 0;
    if (i < d->cells) {
        int y = i / w, x = i % w;
        b->nopen_of[y] -= sign, b->nopen_of[h + x] -= sign;
        if (track) {
            b->ntrack_of[y] += sign, b->ntrack_of[h + x] += sign;
            b->ntrack += sign;
        }
        if (bits)
            row = &b->open[y], bit = 1ull << x;
    } else {
        int e = i - d->cells, a = d->ends[2 * e], line = h + w + d->cut_of[e];
        b->nopen_of[line] -= sign;
        if (track)
            b->ntrack_of[line] += sign;
        if (bits)
            row = e < d->t->nh ? &b->east[a / w] : &b->south[a / w], bit = 1ull << (a % w);
    }
    if (row)
        *row = sign > 0 ? *row & ~bit : *row | bit;
}

/* Decides open board entry i as v and notes what to look at again. */
static void decide(deducer *d, board *b, int i, int v, int *changed)
{
    /* only open entries: a probe's trail then holds each entry once */
    assert(b->st[i] == TRACKS_BLANK && d->ntrail < d->nstate);
    b->st[i] = v;
    if (d->trying)
        d->undo[d->nundo++] = i;
    if (d->recording)
        d->trail[d->ntrail++] = i;
    if (d->imp_start) {
        assert(d->nfollow <= d->nstate); /* each entry is decided once a board */
        d->follow[d->nfollow++] = 2 * i + (v == TRACKS_NONE);
    }
    (*changed)++;
    int w = d->t->w;
    if (v == TRACKS_TRACK) {
        d->need_loop = true;
    } else {
        d->need_reach = true;
        if (d->nremoved < REMOVED_MAX)
            d->removed[d->nremoved++] = i;
        else
            d->reach_all = true;
    }
    account(d, b, i, v, 1);
    if (i < d->cells) {
        enqueue(d, i);
        mark_dirty(d->row_dirty, d->lines, &d->nlines, i / w);
        mark_dirty(d->row_dirty, d->lines, &d->nlines, d->t->h + i % w);
    } else {
        int e = i - d->cells;
        mark_dirty(d->cut_dirty, d->cuts, &d->ncuts, d->cut_of[e]);
        enqueue(d, d->ends[2 * e]);
        enqueue(d, d->ends[2 * e + 1]);
        if (v == TRACKS_TRACK)
            join(d, b, i, changed);
    }
}

/* Sets board entry i to v; BAD when it holds the other value. */
static int set(deducer *d, board *b, int i, int v, int *changed)
{
    if (b->st[i] == v)
        return 0;
    if (b->st[i] != TRACKS_BLANK)
        return BAD;
    decide(d, b, i, v, changed);
    return 0;
}

/* A cell's piece rules: at most two ends, two for a track cell, none for an
 * empty one. */
static int cell_rules(deducer *d, board *b, int c, int *changed)
{
    const int *st = b->st;
    int track = __builtin_popcount(d->port[c]), open = 0;
    for (int k = 0; k < 4; k++) {
        int i = d->side[4 * c + k];
        if (i >= 0)
            track += st[i] == TRACKS_TRACK, open += st[i] == TRACKS_BLANK;
    }
    if (track > 2)
        return BAD;
    if (track > 0 && set(d, b, c, TRACKS_TRACK, changed) < 0)
        return BAD;
    if (st[c] == TRACKS_BLANK && track + open < 2)
        decide(d, b, c, TRACKS_NONE, changed);
    if (st[c] == TRACKS_BLANK || open == 0)
        return 0;
    int fill;
    if (st[c] == TRACKS_NONE || track == 2)
        fill = TRACKS_NONE;
    else if (track + open < 2)
        return BAD;
    else if (track + open == 2)
        fill = TRACKS_TRACK;
    else
        return 0;
    for (int k = 0; k < 4; k++) {
        int i = d->side[4 * c + k];
        if (i >= 0 && st[i] == TRACKS_BLANK)
            decide(d, b, i, fill, changed);
    }
    return 0;
}

/* A row or column (cells first, then every step-th; its counts k in
 * board's ntrack_of, nopen_of): its clue met exactly. */
static int line_rule(deducer *d, board *b, int k, int first, int step, int n, int clue, int *changed)
{
    const int *st = b->st;
    int track = b->ntrack_of[k], open = b->nopen_of[k];
    if (track > clue || track + open < clue)
        return BAD;
    if (open == 0 || (track != clue && track + open != clue))
        return 0;
    int fill = track == clue ? TRACKS_NONE : TRACKS_TRACK;
    for (int j = 0, c = first; j < n; j++, c += step)
        if (st[c] == TRACKS_BLANK)
            decide(d, b, c, fill, changed);
    return 0;
}

/* The edges edge[0..n) cross a line between rows (or columns; its
 * counts k in board's ntrack_of, nopen_of); the track crosses it an odd
 * number of times exactly when its ends lie on different sides (a loop
 * would cross evenly). */
static int parity_rule(deducer *d, board *b, int k, const int *edge, int n, int odd, int *changed)
{
    int track = b->ntrack_of[k], open = b->nopen_of[k];
    if (open == 0)
        return (track & 1) == odd ? 0 : BAD;
    for (int j = 0; j < n && open == 1; j++)
        if (b->st[edge[j]] == TRACKS_BLANK) {
            decide(d, b, edge[j], (track & 1) == odd ? TRACKS_NONE : TRACKS_TRACK, changed);
            break;
        }
    return 0;
}

/* Walks the stretch of track from its end cell c, calling back each cell
 * (counted into rows and cols, or stamped in seen); returns its length. */
static int walk(deducer *d, const board *b, int c, bool count)
{
    const tracks_puzzle *t = d->t;
    int n = 0, prev = -1;
    while (c >= 0) {
        n++;
        if (count)
            d->rows[c / t->w]++, d->cols[c % t->w]++;
        else
            d->seen[c] = 1;
        int to = -1;
        for (int k = 0; k < 4 && to < 0; k++) {
            int i = d->side[4 * c + k];
            if (i >= 0 && b->st[i] == TRACKS_TRACK && d->next[4 * c + k] != prev)
                to = d->next[4 * c + k];
        }
        prev = c;
        c = to;
    }
    return n;
}

/* Joining the entrance's stretch to the exit's ends the track: allowed
 * only when no track lies elsewhere and those two stretches meet every
 * clue. */
static bool may_finish(deducer *d, const board *b)
{
    const tracks_puzzle *t = d->t;
    memset(d->rows, 0, (size_t)t->h * sizeof *d->rows);
    memset(d->cols, 0, (size_t)t->w * sizeof *d->cols);
    int n = walk(d, b, t->end_cell[0], true) + walk(d, b, t->end_cell[1], true);
    if (n != b->ntrack)
        return false;
    for (int y = 0; y < t->h; y++)
        if (d->rows[y] != t->row[y])
            return false;
    for (int x = 0; x < t->w; x++)
        if (d->cols[x] != t->col[x])
            return false;
    return true;
}

/* What is left of the loop rule once join() keeps stretches from closing:
 * the entrance's stretch meets the exit's only to finish the puzzle
 * (may_finish), and once they are one track nothing else holds track. */
static int loop_rule(deducer *d, board *b, int *changed)
{
    const tracks_puzzle *t = d->t;
    int ea = t->end_cell[0], eb = t->end_cell[1];
    if (b->endp[ea] == eb) { /* the track is whole */
        memset(d->seen, 0, (size_t)d->cells * sizeof *d->seen);
        walk(d, b, ea, false);
        for (int c = 0; c < d->cells; c++)
            if (!d->seen[c] && set(d, b, c, TRACKS_NONE, changed) < 0)
                return BAD;
        return 0;
    }
    int i = edge_between(d, b->endp[ea], b->endp[eb]);
    if (i >= 0 && b->st[i] == TRACKS_BLANK && !may_finish(d, b))
        decide(d, b, i, TRACKS_NONE, changed);
    return 0;
}

/* The flood of reach_rule over rows as bit sets: bit x of east[y] is the
 * edge from cell x to x + 1.  Within a row, the cells reached spread east
 * along runs of open edges by one addition (the carry runs through them),
 * and west by the same on the row reversed. */
static uint64_t bits_reversed(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
    return __builtin_bswap64(x);
}

static uint64_t spread_east(uint64_t r, uint64_t link)
{
    /* link's top bit is clear (no edge leaves the row), so no carry out */
    return r | ((link + (r & link)) ^ link);
}

static uint64_t spread_row(uint64_t r, uint64_t link)
{
    r = spread_east(r, link);
    return bits_reversed(spread_east(bits_reversed(r), bits_reversed(link) >> 1));
}

/* The cells open cell start reaches over open cells and edges of rows
 * y0..y1 alone, as d->reach[y0..y1]. */
static void flood_rows(deducer *d, const board *b, int y0, int y1, int start)
{
    const tracks_puzzle *t = d->t;
    uint64_t *r = d->reach;
    memset(r + y0, 0, (size_t)(y1 - y0 + 1) * sizeof *r);
    int sy = start / t->w;
    assert(y0 <= sy && sy <= y1);
    r[sy] = spread_row(1ull << (start % t->w), b->east[sy] & b->open[sy] & (b->open[sy] >> 1)) & b->open[sy];
    /* every r[y] is closed within its row, so a row whose neighbour adds
     * nothing is skipped */
    for (bool grew = true; grew;) {
        grew = false;
        for (int pass = 0; pass < 2; pass++)
            for (int y = pass ? y1 : y0; y0 <= y && y <= y1; y += pass ? -1 : 1) {
                int from = pass ? y + 1 : y - 1;
                if (from < y0 || from > y1)
                    continue;
                uint64_t in = (r[y] | (r[from] & b->south[pass ? y : from])) & b->open[y];
                if (in == r[y])
                    continue;
                uint64_t link = b->east[y] & b->open[y] & (b->open[y] >> 1);
                r[y] = spread_row(in, link) & b->open[y];
                grew = true;
            }
    }
}

/* Whether every open cell is still reachable, seen locally: it was when
 * the entries d->removed[] were still open (!d->reach_all), and a path
 * then that crossed one of them can go round it now when the open cells
 * they touched (an emptied cell's open neighbours, an emptied edge's two
 * cells when both are open) are joined to each other.  Checked by a flood
 * from one of them over a few rows around them; false when not seen so
 * (the whole flood decides).  All reach_rule's floods but one or two in
 * a hundred find nothing to empty on the 40x40 boards (bench/NOTES.md). */
static bool still_reachable(deducer *d, const board *b)
{
    const tracks_puzzle *t = d->t;
    const int *st = b->st;
    if (d->reach_all)
        return false;
    int touched[4 * REMOVED_MAX], n = 0;
    for (int k = 0; k < d->nremoved; k++) {
        int i = d->removed[k];
        if (i < d->cells) {
            for (int s = 0; s < 4; s++) {
                int nb = d->next[4 * i + s];
                if (nb >= 0 && st[nb] != TRACKS_NONE)
                    touched[n++] = nb;
            }
        } else {
            int a = d->ends[2 * (i - d->cells)], c = d->ends[2 * (i - d->cells) + 1];
            if (st[a] != TRACKS_NONE && st[c] != TRACKS_NONE)
                touched[n++] = a, touched[n++] = c;
        }
    }
    if (n == 0)
        return true;
    int y0 = t->h, y1 = -1;
    for (int k = 0; k < n; k++) {
        int y = touched[k] / t->w;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
    }
    if (y1 - y0 >= REACH_ROWS)
        return false;
    y0 = y0 - REACH_MARGIN < 0 ? 0 : y0 - REACH_MARGIN;
    y1 = y1 + REACH_MARGIN >= t->h ? t->h - 1 : y1 + REACH_MARGIN;
    flood_rows(d, b, y0, y1, touched[0]);
    for (int k = 1; k < n; k++)
        if (!(d->reach[touched[k] / t->w] >> (touched[k] % t->w) & 1))
            return false;
    return true;
}

/* Reachability: all track is joined to the entrance, so a cell the
 * entrance cannot reach over cells and edges that may hold track is empty
 * (and the exit must be reachable).  Afterwards every open cell is
 * reachable: the shortcut's starting point. */
static int reach_rule(deducer *d, board *b, int *changed)
{
    const tracks_puzzle *t = d->t;
    const int *st = b->st;
    if (d->rows_as_bits) {
        if (!still_reachable(d, b)) {
            flood_rows(d, b, 0, t->h - 1, t->end_cell[0]);
            int ex = t->end_cell[1];
            if (!(d->reach[ex / t->w] >> (ex % t->w) & 1))
                return BAD;
            for (int y = 0; y < t->h; y++)
                for (uint64_t lost = b->open[y] & ~d->reach[y]; lost; lost &= lost - 1)
                    if (set(d, b, y * t->w + __builtin_ctzll(lost), TRACKS_NONE, changed) < 0)
                        return BAD;
        }
        /* what the flood emptied was out of reach: not a removal to check */
        d->nremoved = 0;
        d->reach_all = false;
        return 0;
    }
    int *q = d->bfs, n = 0;
    memset(d->seen, 0, (size_t)d->cells * sizeof *d->seen);
    q[n++] = t->end_cell[0];
    d->seen[t->end_cell[0]] = 1;
    for (int head = 0; head < n; head++) {
        int c = q[head];
        for (int k = 0; k < 4; k++) {
            int i = d->side[4 * c + k];
            if (i < 0 || st[i] == TRACKS_NONE)
                continue;
            int nb = d->next[4 * c + k];
            if (!d->seen[nb] && st[nb] != TRACKS_NONE) {
                d->seen[nb] = 1;
                q[n++] = nb;
            }
        }
    }
    if (!d->seen[t->end_cell[1]])
        return BAD;
    for (int c = 0; c < d->cells; c++)
        if (!d->seen[c] && set(d, b, c, TRACKS_NONE, changed) < 0)
            return BAD;
    return 0;
}

/* What a decided literal forces on the board the implications were found
 * on holds on every board that extends it: set it.  Returns BAD or 0. */
static int follow_one(deducer *d, board *b, int *changed)
{
    int l = d->follow[--d->nfollow];
    for (int k = d->imp_start[l]; k < d->imp_start[l + 1]; k++) {
        int q = d->imp[k];
        if (set(d, b, q >> 1, q & 1 ? TRACKS_NONE : TRACKS_TRACK, changed) < 0)
            return BAD;
    }
    return 0;
}

/* Every rule until none changes the board: the piece rules and counts
 * where something changed, then the board-wide rules.  Returns BAD or 0. */
static int propagate(deducer *d, board *b)
{
    const tracks_puzzle *t = d->t;
    int w = t->w, h = t->h, r = 0;
    for (;;) {
        int changed = 0;
        while ((d->nqueue > 0 || d->nfollow > 0) && r == 0) {
            if (d->nfollow > 0) {
                r = b->bad ? BAD : follow_one(d, b, &changed);
                continue;
            }
            int c = d->queue[--d->nqueue];
            d->queued[c] = 0;
            r = b->bad ? BAD : cell_rules(d, b, c, &changed);
            if (d->nqueue > 0)
                continue;
            while (d->nlines > 0 && r == 0) {
                int k = d->lines[--d->nlines];
                d->row_dirty[k] = 0;
                r = k < h ? line_rule(d, b, k, k * w, 1, w, t->row[k], &changed)
                          : line_rule(d, b, k, k - h, w, h, t->col[k - h], &changed);
            }
        }
        if (r == 0 && b->bad)
            r = BAD;
        if (r < 0)
            break;
        changed = 0;
        while (d->ncuts > 0 && r == 0) {
            int k = d->cuts[--d->ncuts];
            d->cut_dirty[k] = 0;
            if (k < h - 1) { /* between rows k and k + 1 */
                int odd = (t->end_cell[0] / w <= k) != (t->end_cell[1] / w <= k);
                r = parity_rule(d, b, h + w + k, d->cut + k * w, w, odd, &changed);
            } else { /* between columns x and x + 1 */
                int x = k - (h - 1), odd = (t->end_cell[0] % w <= x) != (t->end_cell[1] % w <= x);
                r = parity_rule(d, b, h + w + k, d->cut + (h - 1) * w + x * h, h, odd, &changed);
            }
        }
        if (r == 0 && !changed && d->need_loop) {
            d->need_loop = false;
            r = loop_rule(d, b, &changed);
        }
        if (r == 0 && !changed && d->need_reach) {
            d->need_reach = false;
            r = reach_rule(d, b, &changed);
        }
        if (r == 0 && b->bad)
            r = BAD;
        if (r < 0 || !changed)
            break;
    }
    /* leave no work behind for the next board; on one that passed, every
     * open cell is reachable (the last reach_rule saw to it) */
    d->nfollow = 0;
    d->nremoved = 0;
    d->reach_all = false;
    while (d->nqueue > 0)
        d->queued[d->queue[--d->nqueue]] = 0;
    while (d->nlines > 0)
        d->row_dirty[d->lines[--d->nlines]] = 0;
    while (d->ncuts > 0)
        d->cut_dirty[d->cuts[--d->ncuts]] = 0;
    d->need_loop = d->need_reach = false;
    return r;
}

/* Every cell's rules and every line count looked at once. */
static void all_dirty(deducer *d)
{
    for (int c = 0; c < d->cells; c++)
        enqueue(d, c);
    for (int k = d->t->w + d->t->h - 1; k >= 0; k--) /* the first row comes first */
        mark_dirty(d->row_dirty, d->lines, &d->nlines, k);
    for (int k = d->t->w + d->t->h - 3; k >= 0; k--)
        mark_dirty(d->cut_dirty, d->cuts, &d->ncuts, k);
    d->need_loop = d->need_reach = true;
    d->reach_all = true;
}

static bool complete(const deducer *d, const int *st)
{
    for (int i = 0; i < d->nstate; i++)
        if (st[i] == TRACKS_BLANK)
            return false;
    return true;
}

static void board_alloc(const deducer *d, board *b, int *st)
{
    int h = d->t->h;
    b->st = st;
    b->endp = xmalloc((size_t)d->cells * sizeof *b->endp);
    b->open = xmalloc((size_t)3 * (size_t)h * sizeof *b->open);
    b->east = b->open + h;
    b->south = b->east + h;
    b->ntrack_of = xmalloc((size_t)4 * (size_t)(d->t->w + h) * sizeof *b->ntrack_of);
    b->nopen_of = b->ntrack_of + 2 * (d->t->w + h);
}

/* A guess on b begins: what changes from here on is logged. */
static void try_begin(deducer *d, const board *b)
{
    assert(!d->trying);
    d->trying = true;
    d->nundo = 0;
    d->bad_before = b->bad;
}

/* The guess taken back: b as at try_begin, the log replayed backwards. */
static void try_undo(deducer *d, board *b)
{
    while (d->nundo > 0) {
        int i = d->undo[--d->nundo];
        if (i < 0) { /* an end record */
            b->endp[-1 - i] = d->undo[--d->nundo];
            continue;
        }
        int v = b->st[i];
        b->st[i] = TRACKS_BLANK;
        account(d, b, i, v, -1);
    }
    b->bad = d->bad_before;
    d->trying = false;
}

/* The records of board b->st from scratch: every cell its own stretch,
 * then the track edges joined one by one. */
static void board_start(deducer *d, board *b)
{
    const tracks_puzzle *t = d->t;
    int w = t->w, changed = 0;
    uint64_t row = w < 64 ? (1ull << w) - 1 : ~0ull;
    for (int y = 0; y < t->h && d->rows_as_bits; y++)
        b->open[y] = b->east[y] = b->south[y] = row;
    b->ntrack = 0;
    b->bad = false;
    memset(b->ntrack_of, 0, (size_t)4 * (size_t)(w + t->h) * sizeof *b->ntrack_of);
    for (int i = 0; i < d->nstate; i++) {
        int k = i < d->cells ? i / w : t->h + w + d->cut_of[i - d->cells];
        for (int twice = 0; twice < 1 + (i < d->cells); twice++) { /* a cell: its row, then its column */
            b->ntrack_of[k] += b->st[i] == TRACKS_TRACK;
            b->nopen_of[k] += b->st[i] == TRACKS_BLANK;
            k = t->h + i % w;
        }
    }
    for (int c = 0; c < d->cells; c++) {
        b->endp[c] = c;
        b->ntrack += b->st[c] == TRACKS_TRACK;
        if (b->st[c] == TRACKS_NONE && d->rows_as_bits)
            b->open[c / w] &= ~(1ull << (c % w));
    }
    for (int e = 0; e < t->nedges; e++) {
        int i = d->cells + e, a = d->ends[2 * e];
        if (b->st[i] == TRACKS_TRACK)
            join(d, b, i, &changed);
        else if (b->st[i] == TRACKS_NONE && d->rows_as_bits)
            *(e < t->nh ? &b->east[a / w] : &b->south[a / w]) &= ~(1ull << (a % w));
    }
}

/* Probes entry i with "track", then (last == TRACKS_NONE) "no track": a
 * value that leads the rules to a contradiction gives the other.  Returns
 * BAD, 1 when it decided i, 0 when no value tried failed. */
static int probe_one(deducer *d, board *b, int i, int last)
{
    int changed = 0;
    for (int v = TRACKS_TRACK; v <= last && d->probes > 0; v++, d->probes--) {
        try_begin(d, b);
        decide(d, b, i, v, &changed);
        int r = propagate(d, b);
        try_undo(d, b);
        if (r == 0)
            continue;
        decide(d, b, i, v == TRACKS_TRACK ? TRACKS_NONE : TRACKS_TRACK, &changed);
        return propagate(d, b) < 0 ? BAD : 1;
    }
    return 0;
}

/* One-step probing, in rounds from cheap to broad: "track" on the open
 * edges at the ends of the track laid so far (where a wrong turn shows
 * soonest; "no track" there mostly forces another way on, which its own
 * probe covers), then both values on the open cells, then on every open
 * edge; a round that decides something ends the call.  Returns BAD, or how
 * many entries it decided. */
static int probe(deducer *d, board *b)
{
    const int *st = b->st;
    int decided = 0;
    for (int c = 0; c < d->cells; c++) {
        if (st[c] != TRACKS_TRACK)
            continue;
        int track = __builtin_popcount(d->port[c]);
        for (int k = 0; k < 4; k++) {
            int i = d->side[4 * c + k];
            track += i >= 0 && st[i] == TRACKS_TRACK;
        }
        for (int k = 0; k < 4 && track == 1; k++) {
            int i = d->side[4 * c + k];
            if (i < 0 || st[i] != TRACKS_BLANK)
                continue;
            int r = probe_one(d, b, i, TRACKS_TRACK);
            if (r < 0)
                return BAD;
            decided += r;
        }
    }
    for (int round = 0; round < 2 && !decided; round++) {
        int from = round ? d->cells : 0, to = round ? d->nstate : d->cells;
        for (int i = from; i < to; i++) {
            if (st[i] != TRACKS_BLANK)
                continue;
            int r = probe_one(d, b, i, TRACKS_NONE);
            if (r < 0)
                return BAD;
            decided += r;
        }
    }
    return decided;
}

/* Sets up d for puzzle t, its board b over state (the caller's array).
 * Returns false when the givens already break the rules. */
static bool deducer_open(deducer *d, board *b, const tracks_puzzle *t, int *state)
{
    *d = (deducer){.t = t, .cells = tracks_cells(t), .nstate = tracks_nstate(t)};
    d->rows_as_bits = t->w <= 64;
    d->side = xmalloc((size_t)d->cells * 4 * sizeof *d->side);
    d->next = xmalloc((size_t)d->cells * 4 * sizeof *d->next);
    d->ends = xmalloc((size_t)(2 * t->nedges + 1) * sizeof *d->ends);
    d->cut = xmalloc((size_t)(2 * d->cells + 1) * sizeof *d->cut);
    d->cut_of = xmalloc((size_t)(t->nedges + 1) * sizeof *d->cut_of);
    d->cut_dirty = xcalloc((size_t)(t->w + t->h), 1);
    for (int e = 0; e < t->nedges; e++) {
        tracks_edge_cells(t, e, &d->ends[2 * e], &d->ends[2 * e + 1]);
        /* an edge between columns x and x+1 crosses the line after column x */
        d->cut_of[e] = e < t->nh ? t->h - 1 + d->ends[2 * e] % t->w : d->ends[2 * e] / t->w;
    }
    for (int y = 0; y + 1 < t->h; y++)
        for (int x = 0; x < t->w; x++)
            d->cut[y * t->w + x] = d->cells + tracks_edge(t, y * t->w + x, TRACKS_S);
    for (int x = 0; x + 1 < t->w; x++)
        for (int y = 0; y < t->h; y++)
            d->cut[(t->h - 1) * t->w + x * t->h + y] = d->cells + tracks_edge(t, y * t->w + x, TRACKS_E);
    d->port = xcalloc((size_t)d->cells, 1);
    d->reach = xmalloc((size_t)t->h * sizeof *d->reach);
    d->rows = xmalloc((size_t)t->h * sizeof *d->rows);
    d->cols = xmalloc((size_t)t->w * sizeof *d->cols);
    d->queue = xmalloc((size_t)d->cells * sizeof *d->queue);
    d->queued = xcalloc((size_t)d->cells, 1);
    d->row_dirty = xcalloc((size_t)(t->h + t->w), 1);
    d->lines = xmalloc((size_t)(t->h + t->w) * sizeof *d->lines);
    d->cuts = xmalloc((size_t)(t->h + t->w) * sizeof *d->cuts);
    d->seen = xmalloc((size_t)d->cells * sizeof *d->seen);
    d->bfs = xmalloc((size_t)d->cells * sizeof *d->bfs);
    bool ok = true;
    for (int c = 0; c < d->cells; c++) {
        d->port[c] = (unsigned char)tracks_end_bits(t, c);
        for (int k = 0; k < 4; k++) {
            int e = tracks_edge(t, c, DIRS[k]);
            d->side[4 * c + k] = e < 0 ? -1 : d->cells + e;
            d->next[4 * c + k] = tracks_neighbour(t, c, DIRS[k]);
            /* a given piece leaving the board away from the ends */
            if (e < 0 && (t->given[c] & DIRS[k]) && !(d->port[c] & DIRS[k]))
                ok = false;
        }
    }
    board_alloc(d, b, state);
    /* each entry decided once, each join changing two end records */
    d->undo = xmalloc((size_t)(d->nstate + 4 * t->nedges + 1) * sizeof *d->undo);
    board_start(d, b);
    all_dirty(d);
    return ok;
}

static void deducer_close(deducer *d, board *b)
{
    free(b->endp);
    free(b->open);
    free(b->ntrack_of);
    free(d->undo);
    free(d->side);
    free(d->next);
    free(d->ends);
    free(d->cut);
    free(d->cut_of);
    free(d->cut_dirty);
    free(d->port);
    free(d->reach);
    free(d->rows);
    free(d->cols);
    free(d->queue);
    free(d->queued);
    free(d->row_dirty);
    free(d->lines);
    free(d->cuts);
    free(d->seen);
    free(d->bfs);
    free(d->trail);
    free(d->imp_start);
    free(d->imp);
    free(d->follow);
}

static bool ends_valid(const tracks_puzzle *t)
{
    for (int k = 0; k < 2; k++)
        if (t->end_cell[k] < 0 || t->end_cell[k] >= tracks_cells(t))
            return false;
    return true;
}

/* The second round of tracks_deduce, once probing is stuck: what every
 * open entry's values forced (the pairs p, q: literal p forces literal q,
 * from probe_all) becomes lists each literal follows, both ways (p forces
 * q, and not-q forces not-p, which the rules do not always see); the
 * values that failed (failed[0..nfailed)) give their entries the other
 * value; then probing runs again with every decision followed by its
 * list, so a probe meets what the first round's probes found and fails
 * two steps deep.  Every list holds on any board that extends the stuck
 * one, so what this decides holds in every solution.  On the 40x40
 * boards it decides 6-50% of what the first round left open
 * (bench/NOTES.md).  Returns BAD or 0. */
static int probe_following(deducer *d, board *b, const int_vec *pairs, const int *failed, int nfailed)
{
    int n = d->nstate;
    int *start = xcalloc((size_t)(2 * n + 2), sizeof *start);
    for (int k = 0; k < pairs->n; k += 2)
        start[pairs->v[k] + 1]++, start[(pairs->v[k + 1] ^ 1) + 1]++;
    for (int l = 0; l < 2 * n; l++)
        start[l + 1] += start[l];
    int *imp = xmalloc((size_t)(pairs->n + 1) * sizeof *imp);
    int *fill = xmalloc((size_t)(2 * n + 1) * sizeof *fill);
    memcpy(fill, start, (size_t)(2 * n) * sizeof *fill);
    for (int k = 0; k < pairs->n; k += 2) {
        imp[fill[pairs->v[k]]++] = pairs->v[k + 1];
        imp[fill[pairs->v[k + 1] ^ 1]++] = pairs->v[k] ^ 1;
    }
    free(fill);
    /* from here on every decision is followed (decide) */
    d->imp_start = start;
    d->imp = imp;
    d->follow = xmalloc((size_t)(n + 1) * sizeof *d->follow);
    d->nfollow = 0;
    int r = 0;
    for (int k = 0; k < nfailed && r == 0; k++) {
        int changed = 0;
        if (set(d, b, failed[k] >> 1, failed[k] & 1 ? TRACKS_TRACK : TRACKS_NONE, &changed) < 0)
            r = BAD;
        else
            r = propagate(d, b);
    }
    d->probes = n; /* as the first round */
    while (r == 0 && !complete(d, b->st)) {
        r = probe(d, b);
        if (r == 0)
            break;
        if (r > 0)
            r = 0;
    }
    return r < 0 ? BAD : 0;
}

/* Every open entry of b probed both ways with the rules: imply (when not
 * NULL) hears what each value forces (tracks.h), pairs gets them as
 * literals (p, q: p forces q), failed[] the values that fail.  Returns how
 * many failed. */
static int probe_all(deducer *d, board *b, tracks_imply_fn imply, void *ctx, int_vec *pairs, int *failed)
{
    int nfailed = 0;
    for (int i = 0; i < d->nstate; i++) {
        if (b->st[i] != TRACKS_BLANK)
            continue;
        for (int v = TRACKS_TRACK; v <= TRACKS_NONE; v++) {
            int changed = 0, l = 2 * i + (v == TRACKS_NONE);
            try_begin(d, b);
            d->ntrail = 0;
            d->recording = true;
            decide(d, b, i, v, &changed);
            int r = propagate(d, b);
            d->recording = false;
            if (r < 0) {
                try_undo(d, b);
                if (imply)
                    imply(ctx, i, v, i, v == TRACKS_TRACK ? TRACKS_NONE : TRACKS_TRACK);
                failed[nfailed++] = l;
                continue;
            }
            for (int k = 0; k < d->ntrail; k++) {
                int j = d->trail[k];
                if (j == i)
                    continue;
                if (imply)
                    imply(ctx, i, v, j, b->st[j]);
                if (pairs) {
                    vec_push(pairs, l);
                    vec_push(pairs, 2 * j + (b->st[j] == TRACKS_NONE));
                }
            }
            try_undo(d, b);
        }
    }
    return nfailed;
}

int tracks_deduce(const void *pz, int *state)
{
    const tracks_puzzle *t = pz;
    if (!ends_valid(t))
        return 0;
    deducer d;
    board b;
    bool ok = deducer_open(&d, &b, t, state);
    /* Probing is quadratic at worst; past this many probes the engine is
     * the faster way.  Every Tatham ID is decided within it (some 20x20dh
     * ones need more than half of it). */
    d.probes = d.nstate;
    int r = ok ? propagate(&d, &b) : BAD;
    while (r == 0 && !complete(&d, state)) {
        r = probe(&d, &b);
        if (r == 0)
            break; /* stuck */
        if (r > 0)
            r = 0;
    }
    if (r == 0 && !complete(&d, state)) {
        /* stuck: the second round, following the first round's findings */
        int_vec pairs = {0};
        int *failed = xmalloc((size_t)(2 * d.nstate + 1) * sizeof *failed);
        d.trail = xmalloc((size_t)d.nstate * sizeof *d.trail);
        int nfailed = probe_all(&d, &b, NULL, NULL, &pairs, failed);
        r = probe_following(&d, &b, &pairs, failed, nfailed);
        vec_free(&pairs);
        free(failed);
    }
    int result = r < 0 ? -1 : complete(&d, state) ? 1 : 0;
    deducer_close(&d, &b);
    return result;
}

void tracks_implications(const void *pz, const int *state, tracks_imply_fn imply, void *ctx)
{
    const tracks_puzzle *t = pz;
    if (!ends_valid(t))
        return;
    deducer d;
    board b;
    int *st = xmalloc((size_t)tracks_nstate(t) * sizeof *st);
    memcpy(st, state, (size_t)tracks_nstate(t) * sizeof *st);
    bool ok = deducer_open(&d, &b, t, st);
    d.trail = xmalloc((size_t)d.nstate * sizeof *d.trail);
    int *failed = xmalloc((size_t)(2 * d.nstate + 1) * sizeof *failed);
    if (ok && propagate(&d, &b) == 0)
        probe_all(&d, &b, imply, ctx, NULL, failed);
    free(failed);
    deducer_close(&d, &b);
    free(st);
}
