/* tracks_check.c: the independent Train Tracks rules checker.  Plain C, no
 * SAT: pieces from the board's edges, given pieces kept, two ends per track
 * cell, the counts, and one walk from the entrance that must reach the exit
 * through every track cell (so no branch, no separate loop).
 * Also state_ok: the boards a player may hold (moves and saves). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/tracks.h"

static int bit_count(int v) { return (v & 1) + (v >> 1 & 1) + (v >> 2 & 1) + (v >> 3 & 1); }

static int step(const tracks_puzzle *t, int cell, int dir)
{
    int x = cell % t->w + (dir == TRACKS_E) - (dir == TRACKS_W);
    int y = cell / t->w + (dir == TRACKS_S) - (dir == TRACKS_N);
    if (x < 0 || y < 0 || x >= t->w || y >= t->h)
        return -1;
    return y * t->w + x;
}

bool tracks_verify(const void *pz, const int *state, diag *why)
{
    const tracks_puzzle *t = pz;
    int w = t->w, h = t->h, cells = w * h;
    int *piece = malloc((size_t)cells * sizeof *piece);
    if (!piece) {
        diag_set(why, 0, 0, "out of memory");
        return false;
    }
    bool ok = false;
    int ntrack = 0;
    for (int c = 0; c < cells; c++) {
        /* the piece, read from the board's edge entries directly */
        int bits = 0, x = c % w, y = c / w;
        if (x + 1 < w && state[cells + y * (w - 1) + x] == TRACKS_TRACK)
            bits |= TRACKS_E;
        if (x > 0 && state[cells + y * (w - 1) + x - 1] == TRACKS_TRACK)
            bits |= TRACKS_W;
        if (y + 1 < h && state[cells + (w - 1) * h + y * w + x] == TRACKS_TRACK)
            bits |= TRACKS_S;
        if (y > 0 && state[cells + (w - 1) * h + (y - 1) * w + x] == TRACKS_TRACK)
            bits |= TRACKS_N;
        for (int k = 0; k < 2; k++)
            if (t->end_cell[k] == c)
                bits |= t->end_dir[k];
        piece[c] = bits;
        int deg = bit_count(bits);
        if (deg != 0 && deg != 2) {
            diag_set(why, 0, 0, "row %d, column %d: the track has %d ends there (a track cell has 2)",
                     y + 1, x + 1, deg);
            goto out;
        }
        if (t->given[c] && bits != t->given[c]) {
            diag_set(why, 0, 0, "row %d, column %d: does not keep the given piece", y + 1, x + 1);
            goto out;
        }
        if (deg && state[c] == TRACKS_NONE) {
            diag_set(why, 0, 0, "row %d, column %d: marked as no track, but the track passes", y + 1,
                     x + 1);
            goto out;
        }
        if (!deg && state[c] == TRACKS_TRACK) {
            diag_set(why, 0, 0, "row %d, column %d: marked as track, but no track passes", y + 1, x + 1);
            goto out;
        }
        ntrack += deg != 0;
    }
    for (int y = 0; y < h; y++) {
        int k = 0;
        for (int x = 0; x < w; x++)
            k += piece[y * w + x] != 0;
        if (k != t->row[y]) {
            diag_set(why, 0, 0, "row %d has %d track cells, its clue says %d", y + 1, k, t->row[y]);
            goto out;
        }
    }
    for (int x = 0; x < w; x++) {
        int k = 0;
        for (int y = 0; y < h; y++)
            k += piece[y * w + x] != 0;
        if (k != t->col[x]) {
            diag_set(why, 0, 0, "column %d has %d track cells, its clue says %d", x + 1, k, t->col[x]);
            goto out;
        }
    }
    /* Walk from the entrance, leaving each cell by its other end.  Every
     * cell has 0 or 2 ends here, so the walk either leaves the board or
     * would come back to the entrance; it cannot revisit another cell. */
    int c = t->end_cell[0], from = t->end_dir[0], visited = 0;
    for (;;) {
        visited++;
        if (visited > cells) {
            diag_set(why, 0, 0, "the track from the entrance runs in a circle");
            goto out;
        }
        int out_dir = piece[c] & ~from;
        if (bit_count(piece[c]) != 2 || bit_count(out_dir) != 1) {
            diag_set(why, 0, 0, "row %d, column %d: the track from the entrance breaks off", c / w + 1,
                     c % w + 1);
            goto out;
        }
        int next = step(t, c, out_dir);
        if (next < 0)
            break; /* left the board */
        if (!(piece[next] & (out_dir == TRACKS_E ? TRACKS_W : out_dir == TRACKS_W ? TRACKS_E
                             : out_dir == TRACKS_S ? TRACKS_N : TRACKS_S))) {
            diag_set(why, 0, 0, "row %d, column %d: the track runs into a cell without a matching end",
                     next / w + 1, next % w + 1);
            goto out;
        }
        from = out_dir == TRACKS_E ? TRACKS_W : out_dir == TRACKS_W ? TRACKS_E
               : out_dir == TRACKS_S ? TRACKS_N : TRACKS_S;
        c = next;
    }
    int last_dir = piece[c] & ~from;
    if (c != t->end_cell[1] || last_dir != t->end_dir[1]) {
        diag_set(why, 0, 0, "row %d, column %d: the track leaves the board away from the exit",
                 c / w + 1, c % w + 1);
        goto out;
    }
    if (visited != ntrack) {
        diag_set(why, 0, 0, "%d track cells are not on the path from the entrance to the exit "
                 "(a separate loop)", ntrack - visited);
        goto out;
    }
    ok = true;
out:
    free(piece);
    return ok;
}

/* Fixed board entries: an edge at a given cell, a given or end cell. */
bool tracks_edge_fixed(const tracks_puzzle *t, int e)
{
    int a, b;
    tracks_edge_cells(t, e, &a, &b);
    return t->given[a] || t->given[b];
}

bool tracks_cell_fixed(const tracks_puzzle *t, int c)
{
    return t->given[c] || tracks_end_bits(t, c);
}

static const int DIRS[4] = {TRACKS_E, TRACKS_S, TRACKS_W, TRACKS_N};

/* Can board entry i (a cell, then the edges) hold what state has there?
 * start: the entry's value on the starting board (tracks_init_state), kept
 * by a fixed entry. */
static bool entry_ok(const tracks_puzzle *t, const int *state, int i, int start, diag *why)
{
    int cells = tracks_cells(t);
    assert(i >= 0 && i < tracks_nstate(t)); /* the loader bounds a step's entries */
    bool fixed = i < cells ? tracks_cell_fixed(t, i) : tracks_edge_fixed(t, i - cells);
    if (state[i] < TRACKS_BLANK || state[i] > TRACKS_NONE || (fixed && state[i] != start)) {
        diag_set(why, 0, 0, "board entry %d: value %d does not fit the puzzle", i, state[i]);
        return false;
    }
    return true;
}

/* Is this a board the player could have made?  Values in range, givens
 * and ends as the puzzle has them. */
bool tracks_state_ok(const void *pz, const int *state, diag *why)
{
    const tracks_puzzle *t = pz;
    int total = tracks_nstate(t);
    int *start = xmalloc((size_t)total * sizeof *start);
    tracks_init_state(pz, start);
    bool ok = true;
    for (int i = 0; i < total && ok; i++)
        ok = entry_ok(t, state, i, start[i], why);
    free(start);
    return ok;
}

/* Entry i's value on the starting board, as tracks_init_state sets it: a
 * fixed cell holds track; a fixed edge, what the last given cell at its
 * ends (in cell order) says of it. */
static int start_value(const tracks_puzzle *t, int i)
{
    int cells = tracks_cells(t);
    if (i < cells)
        return TRACKS_TRACK;
    int e = i - cells, ends[2], v = TRACKS_BLANK;
    tracks_edge_cells(t, e, &ends[0], &ends[1]);
    if (ends[0] > ends[1]) {
        int x = ends[0];
        ends[0] = ends[1];
        ends[1] = x;
    }
    for (int j = 0; j < 2; j++) {
        int c = ends[j];
        if (!t->given[c])
            continue;
        for (int k = 0; k < 4; k++)
            if (tracks_edge(t, c, DIRS[k]) == e)
                v = (t->given[c] & DIRS[k]) ? TRACKS_TRACK : TRACKS_NONE;
    }
    return v;
}

/* Every entry stands alone in tracks_state_ok: the changed ones suffice. */
bool tracks_step_ok(const void *pz, const int *state, const int *idx, int nidx, diag *why)
{
    for (int j = 0; j < nidx; j++)
        if (!entry_ok(pz, state, idx[j], start_value(pz, idx[j]), why))
            return false;
    return true;
}
