/* tracks_deduce.c: Train Tracks solved by forced deductions in plain C (no
 * SAT), for --solve: local piece rules, the counts, parity across lines,
 * never closing a loop, then one-step probing.  Stuck: the engine decides. */
#include <stdlib.h>
#include <string.h>

#include "games/tracks.h"

static const int DIRS[4] = {TRACKS_E, TRACKS_S, TRACKS_W, TRACKS_N};

/* Contradiction: the board as it stands has no solution. */
enum { BAD = -1 };

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
    int *parent;        /* union-find over cells, by track edges */
    int *rows, *cols;   /* scratch: per line counts of one component pair */
    int *save;          /* probing: the board before a guess */
    long probes;        /* probe propagations left before giving up */
    int *queue, nqueue; /* cells whose piece rules need a look */
    unsigned char *queued, *row_dirty, *col_dirty;
    int *seen;          /* scratch: reachability */
} deducer;

static int find(int *parent, int c)
{
    while (parent[c] != c) {
        parent[c] = parent[parent[c]];
        c = parent[c];
    }
    return c;
}

static void enqueue(deducer *d, int c)
{
    if (!d->queued[c]) {
        d->queued[c] = 1;
        d->queue[d->nqueue++] = c;
    }
}

/* Decides open board entry i as v and notes what to look at again. */
static void decide(deducer *d, int *st, int i, int v, int *changed)
{
    st[i] = v;
    (*changed)++;
    if (v == TRACKS_TRACK)
        d->need_loop = true;
    else
        d->need_reach = true;
    if (i < d->cells) {
        enqueue(d, i);
        d->row_dirty[i / d->t->w] = d->col_dirty[i % d->t->w] = 1;
    } else {
        d->cut_dirty[d->cut_of[i - d->cells]] = 1;
        enqueue(d, d->ends[2 * (i - d->cells)]);
        enqueue(d, d->ends[2 * (i - d->cells) + 1]);
    }
}

/* Sets board entry i to v; BAD when it holds the other value. */
static int set(deducer *d, int *st, int i, int v, int *changed)
{
    if (st[i] == v)
        return 0;
    if (st[i] != TRACKS_BLANK)
        return BAD;
    decide(d, st, i, v, changed);
    return 0;
}

/* A cell's piece rules: at most two ends, two for a track cell, none for an
 * empty one. */
static int cell_rules(deducer *d, int *st, int c, int *changed)
{
    int track = __builtin_popcount(d->port[c]), open = 0;
    for (int k = 0; k < 4; k++) {
        int i = d->side[4 * c + k];
        if (i >= 0)
            track += st[i] == TRACKS_TRACK, open += st[i] == TRACKS_BLANK;
    }
    if (track > 2)
        return BAD;
    if (track > 0 && set(d, st, c, TRACKS_TRACK, changed) < 0)
        return BAD;
    if (st[c] == TRACKS_BLANK && track + open < 2)
        decide(d, st, c, TRACKS_NONE, changed);
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
            decide(d, st, i, fill, changed);
    }
    return 0;
}

/* A row or column (cells first, then every step-th): its clue met exactly. */
static int line_rule(deducer *d, int *st, int first, int step, int n, int clue, int *changed)
{
    int track = 0, open = 0;
    for (int j = 0, c = first; j < n; j++, c += step)
        track += st[c] == TRACKS_TRACK, open += st[c] == TRACKS_BLANK;
    if (track > clue || track + open < clue)
        return BAD;
    if (open == 0 || (track != clue && track + open != clue))
        return 0;
    int fill = track == clue ? TRACKS_NONE : TRACKS_TRACK;
    for (int j = 0, c = first; j < n; j++, c += step)
        if (st[c] == TRACKS_BLANK)
            decide(d, st, c, fill, changed);
    return 0;
}

/* The edges edge[0..n) cross a line between rows (or columns); the track
 * crosses it an odd number of times exactly when its ends lie on different
 * sides (a loop would cross evenly). */
static int parity_rule(deducer *d, int *st, const int *edge, int n, int odd, int *changed)
{
    int track = 0, open = 0, last = -1;
    for (int j = 0; j < n; j++) {
        track += st[edge[j]] == TRACKS_TRACK;
        if (st[edge[j]] == TRACKS_BLANK)
            open++, last = edge[j];
    }
    if (open == 0)
        return (track & 1) == odd ? 0 : BAD;
    if (open == 1)
        decide(d, st, last, (track & 1) == odd ? TRACKS_NONE : TRACKS_TRACK, changed);
    return 0;
}

/* Joining the entrance's piece to the exit's ends the track: allowed only
 * when no track lies elsewhere and those two pieces meet every clue. */
static bool may_finish(deducer *d, const int *st, int ra, int rb)
{
    const tracks_puzzle *t = d->t;
    memset(d->rows, 0, (size_t)t->h * sizeof *d->rows);
    memset(d->cols, 0, (size_t)t->w * sizeof *d->cols);
    for (int c = 0; c < d->cells; c++) {
        int r = find(d->parent, c);
        bool in = r == ra || r == rb;
        if (st[c] == TRACKS_TRACK && !in)
            return false;
        if (in)
            d->rows[c / t->w]++, d->cols[c % t->w]++;
    }
    for (int y = 0; y < t->h; y++)
        if (d->rows[y] != t->row[y])
            return false;
    for (int x = 0; x < t->w; x++)
        if (d->cols[x] != t->col[x])
            return false;
    return true;
}

/* No loop: an edge joining a piece to itself is empty; the entrance's
 * piece meets the exit's only to finish the puzzle (may_finish). */
static int loop_rule(deducer *d, int *st, int *changed)
{
    const tracks_puzzle *t = d->t;
    int cells = d->cells;
    for (int c = 0; c < cells; c++)
        d->parent[c] = c;
    for (int e = 0; e < t->nedges; e++) {
        if (st[cells + e] != TRACKS_TRACK)
            continue;
        int ra = find(d->parent, d->ends[2 * e]), rb = find(d->parent, d->ends[2 * e + 1]);
        if (ra == rb)
            return BAD; /* a closed loop */
        d->parent[ra] = rb;
    }
    int ea = find(d->parent, t->end_cell[0]), eb = find(d->parent, t->end_cell[1]);
    if (ea == eb) { /* the track is whole: nothing else holds track */
        for (int c = 0; c < cells; c++)
            if (find(d->parent, c) != ea && set(d, st, c, TRACKS_NONE, changed) < 0)
                return BAD;
        return 0;
    }
    for (int e = 0; e < t->nedges; e++) {
        if (st[cells + e] != TRACKS_BLANK)
            continue;
        int ra = find(d->parent, d->ends[2 * e]), rb = find(d->parent, d->ends[2 * e + 1]);
        if (ra == rb || (((ra == ea && rb == eb) || (ra == eb && rb == ea)) && !may_finish(d, st, ea, eb)))
            decide(d, st, cells + e, TRACKS_NONE, changed);
    }
    return 0;
}

/* Reachability: all track is joined to the entrance, so a cell the
 * entrance cannot reach over cells and edges that may hold track is empty
 * (and the exit must be reachable). */
static int reach_rule(deducer *d, int *st, int *changed)
{
    const tracks_puzzle *t = d->t;
    int *q = d->parent, n = 0; /* the union-find is rebuilt before use */
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
        if (!d->seen[c] && set(d, st, c, TRACKS_NONE, changed) < 0)
            return BAD;
    return 0;
}

/* Every rule until none changes the board: the piece rules and counts
 * where something changed, then the board-wide rules.  Returns BAD or 0. */
static int propagate(deducer *d, int *st)
{
    const tracks_puzzle *t = d->t;
    int w = t->w, h = t->h, r = 0;
    for (;;) {
        int changed = 0;
        while (d->nqueue > 0 && r == 0) {
            int c = d->queue[--d->nqueue];
            d->queued[c] = 0;
            r = cell_rules(d, st, c, &changed);
            if (d->nqueue > 0)
                continue;
            for (int y = 0; y < h && r == 0; y++)
                if (d->row_dirty[y]) {
                    d->row_dirty[y] = 0;
                    r = line_rule(d, st, y * w, 1, w, t->row[y], &changed);
                }
            for (int x = 0; x < w && r == 0; x++)
                if (d->col_dirty[x]) {
                    d->col_dirty[x] = 0;
                    r = line_rule(d, st, x, w, h, t->col[x], &changed);
                }
        }
        if (r < 0)
            break;
        changed = 0;
        for (int y = 0; y + 1 < h && r == 0; y++)
            if (d->cut_dirty[y]) {
                d->cut_dirty[y] = 0;
                int odd = (t->end_cell[0] / w <= y) != (t->end_cell[1] / w <= y);
                r = parity_rule(d, st, d->cut + y * w, w, odd, &changed);
            }
        for (int x = 0; x + 1 < w && r == 0; x++)
            if (d->cut_dirty[h - 1 + x]) {
                d->cut_dirty[h - 1 + x] = 0;
                int odd = (t->end_cell[0] % w <= x) != (t->end_cell[1] % w <= x);
                r = parity_rule(d, st, d->cut + (h - 1) * w + x * h, h, odd, &changed);
            }
        if (r == 0 && !changed && d->need_loop) {
            d->need_loop = false;
            r = loop_rule(d, st, &changed);
        }
        if (r == 0 && !changed && d->need_reach) {
            d->need_reach = false;
            r = reach_rule(d, st, &changed);
        }
        if (r < 0 || !changed)
            break;
    }
    /* leave no work behind for the next board */
    while (d->nqueue > 0)
        d->queued[d->queue[--d->nqueue]] = 0;
    memset(d->row_dirty, 0, (size_t)h);
    memset(d->col_dirty, 0, (size_t)w);
    memset(d->cut_dirty, 0, (size_t)(w + h));
    d->need_loop = d->need_reach = false;
    return r;
}

/* Every cell's rules and every line count looked at once. */
static void all_dirty(deducer *d)
{
    for (int c = 0; c < d->cells; c++)
        enqueue(d, c);
    memset(d->row_dirty, 1, (size_t)d->t->h);
    memset(d->col_dirty, 1, (size_t)d->t->w);
    memset(d->cut_dirty, 1, (size_t)(d->t->w + d->t->h));
    d->need_loop = d->need_reach = true;
}

static bool complete(const deducer *d, const int *st)
{
    for (int i = 0; i < d->nstate; i++)
        if (st[i] == TRACKS_BLANK)
            return false;
    return true;
}

/* Probes entry i with "track", then (last == TRACKS_NONE) "no track": a
 * value that leads the rules to a contradiction gives the other.  Returns
 * BAD, 1 when it decided i, 0 when no value tried failed. */
static int probe_one(deducer *d, int *st, int i, int last)
{
    int changed = 0;
    for (int v = TRACKS_TRACK; v <= last && d->probes > 0; v++, d->probes--) {
        memcpy(d->save, st, (size_t)d->nstate * sizeof *st);
        decide(d, d->save, i, v, &changed);
        if (propagate(d, d->save) == 0)
            continue;
        decide(d, st, i, v == TRACKS_TRACK ? TRACKS_NONE : TRACKS_TRACK, &changed);
        return propagate(d, st) < 0 ? BAD : 1;
    }
    return 0;
}

/* One-step probing, in rounds from cheap to broad: "track" on the open
 * edges at the ends of the track laid so far (where a wrong turn shows
 * soonest; "no track" there mostly forces another way on, which its own
 * probe covers), then both values on the open cells, then on every open
 * edge; a round that decides something ends the call.  Returns BAD, or how
 * many entries it decided. */
static int probe(deducer *d, int *st)
{
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
            int r = probe_one(d, st, i, TRACKS_TRACK);
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
            int r = probe_one(d, st, i, TRACKS_NONE);
            if (r < 0)
                return BAD;
            decided += r;
        }
    }
    return decided;
}

int tracks_deduce(const void *pz, int *state)
{
    const tracks_puzzle *t = pz;
    deducer d = {.t = t, .cells = tracks_cells(t), .nstate = tracks_nstate(t)};
    for (int k = 0; k < 2; k++)
        if (t->end_cell[k] < 0 || t->end_cell[k] >= d.cells)
            return 0;
    d.side = xmalloc((size_t)d.cells * 4 * sizeof *d.side);
    d.next = xmalloc((size_t)d.cells * 4 * sizeof *d.next);
    d.ends = xmalloc((size_t)(2 * t->nedges + 1) * sizeof *d.ends);
    d.cut = xmalloc((size_t)(2 * d.cells + 1) * sizeof *d.cut);
    d.cut_of = xmalloc((size_t)(t->nedges + 1) * sizeof *d.cut_of);
    d.cut_dirty = xcalloc((size_t)(t->w + t->h), 1);
    for (int e = 0; e < t->nedges; e++) {
        tracks_edge_cells(t, e, &d.ends[2 * e], &d.ends[2 * e + 1]);
        /* an edge between columns x and x+1 crosses the line after column x */
        d.cut_of[e] = e < t->nh ? t->h - 1 + d.ends[2 * e] % t->w : d.ends[2 * e] / t->w;
    }
    for (int y = 0; y + 1 < t->h; y++)
        for (int x = 0; x < t->w; x++)
            d.cut[y * t->w + x] = d.cells + tracks_edge(t, y * t->w + x, TRACKS_S);
    for (int x = 0; x + 1 < t->w; x++)
        for (int y = 0; y < t->h; y++)
            d.cut[(t->h - 1) * t->w + x * t->h + y] = d.cells + tracks_edge(t, y * t->w + x, TRACKS_E);
    d.port = xcalloc((size_t)d.cells, 1);
    d.parent = xmalloc((size_t)d.cells * sizeof *d.parent);
    d.rows = xmalloc((size_t)t->h * sizeof *d.rows);
    d.cols = xmalloc((size_t)t->w * sizeof *d.cols);
    d.save = xmalloc((size_t)d.nstate * sizeof *d.save);
    d.queue = xmalloc((size_t)d.cells * sizeof *d.queue);
    d.queued = xcalloc((size_t)d.cells, 1);
    d.row_dirty = xcalloc((size_t)t->h, 1);
    d.col_dirty = xcalloc((size_t)t->w, 1);
    d.seen = xmalloc((size_t)d.cells * sizeof *d.seen);
    bool ok = true;
    for (int c = 0; c < d.cells; c++) {
        d.port[c] = (unsigned char)tracks_end_bits(t, c);
        for (int k = 0; k < 4; k++) {
            int e = tracks_edge(t, c, DIRS[k]);
            d.side[4 * c + k] = e < 0 ? -1 : d.cells + e;
            d.next[4 * c + k] = tracks_neighbour(t, c, DIRS[k]);
            /* a given piece leaving the board away from the ends */
            if (e < 0 && (t->given[c] & DIRS[k]) && !(d.port[c] & DIRS[k]))
                ok = false;
        }
    }
    all_dirty(&d);
    /* Probing is quadratic at worst; past this many probes the engine is
     * the faster way.  Every Tatham ID is decided within it (some 20x20dh
     * ones need more than half of it). */
    d.probes = d.nstate;
    int r = ok ? propagate(&d, state) : BAD;
    while (r == 0 && !complete(&d, state)) {
        r = probe(&d, state);
        if (r == 0)
            break; /* stuck */
        if (r > 0)
            r = 0;
    }
    int result = r < 0 ? -1 : complete(&d, state) ? 1 : 0;
    free(d.side);
    free(d.next);
    free(d.ends);
    free(d.cut);
    free(d.cut_of);
    free(d.cut_dirty);
    free(d.port);
    free(d.parent);
    free(d.rows);
    free(d.cols);
    free(d.save);
    free(d.queue);
    free(d.queued);
    free(d.row_dirty);
    free(d.col_dirty);
    free(d.seen);
    return result;
}
