/* tetravex_gen.c: the Tetravex generator: a random solved board with K
 * numbers, its tiles shuffled, kept only when the family's exhaustive
 * search proves it has a single solution (count 1, identical tiles counted
 * as one). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetravex.h"
#include "rng.h"

#define GEN_ATTEMPTS 200
/* The uniqueness proof walks the whole search tree, whose size varies a
 * hundredfold between boards of one size (bench/NOTES.md, Tetravex).  From
 * GEN_DRAW_FROM up, each attempt draws GEN_DRAWS boards and proves the one
 * whose tree Knuth's estimate (GEN_PROBES random paths, a few ms) says is
 * smallest.  A board whose proof still runs past the step budget is set
 * aside for another.  The budget counts placements, not seconds, and the
 * estimate's paths come from the seed's generator, so a seed makes the
 * same board on any machine; the budget doubles after every
 * GEN_DOUBLE_AFTER boards set aside, so that sizes whose every board
 * needs more still end. */
#define GEN_DRAW_FROM 9
#define GEN_DRAWS 8
#define GEN_PROBES 2000
#define GEN_FIRST_STEPS (1L << 29)
#define GEN_DOUBLE_AFTER 4

/* A random board: every edge of the grid gets a random number, and a tile
 * is the four numbers around its cell. */
static tetravex_puzzle *random_board(rng *r, int n, int values)
{
    tetravex_puzzle *t = tetravex_new(n);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            unsigned char *tl = t->tile[y * n + x];
            tl[TV_TOP] = y > 0 ? t->tile[(y - 1) * n + x][TV_BOTTOM] : (unsigned char)rng_below(r, values);
            tl[TV_LEFT] = x > 0 ? t->tile[y * n + x - 1][TV_RIGHT] : (unsigned char)rng_below(r, values);
            tl[TV_RIGHT] = (unsigned char)rng_below(r, values);
            tl[TV_BOTTOM] = (unsigned char)rng_below(r, values);
        }
    tetravex_index_types(t);
    return t;
}

/* The board an attempt proves: the first drawn below GEN_DRAW_FROM, else
 * the one of GEN_DRAWS with the smallest estimated proof. */
static tetravex_puzzle *board_to_prove(rng *r, int n, int values)
{
    tetravex_puzzle *best = random_board(r, n, values);
    if (n < GEN_DRAW_FROM)
        return best;
    double best_size = tetravex_walk_estimate(best, r, GEN_PROBES);
    for (int i = 1; i < GEN_DRAWS; i++) {
        tetravex_puzzle *t = random_board(r, n, values);
        double size = tetravex_walk_estimate(t, r, GEN_PROBES);
        if (size < best_size) {
            tetravex_free(best);
            best = t;
            best_size = size;
        } else {
            tetravex_free(t);
        }
    }
    return best;
}

/* Solutions up to limit, or -1 when the proof ran past max_steps. */
static long count_solutions(const tetravex_puzzle *t, long limit, long max_steps)
{
    long n = -1;
    if (!tetravex_count_steps(t, limit, max_steps, &n))
        n = -1;
    return n;
}

/* A line on opt->progress after each board once the generator has run
 * for PROGRESS_AFTER seconds (a 9x9 board's uniqueness proof takes
 * seconds, and a run tries several boards). */
#define PROGRESS_AFTER 1.0

static void progress(const gen_options *opt, double start, int attempt, long count)
{
    double spent = monotonic_seconds() - start;
    if (!opt->progress || spent < PROGRESS_AFTER)
        return;
    fprintf(opt->progress, "tessera: --generate: board %d of at most %d %s (%.1f s)\n", attempt + 1,
            GEN_ATTEMPTS,
            count == 1   ? "has one solution"
            : count < 0 ? "needs a longer proof, trying another"
                        : "has several solutions, trying another",
            spent);
    fflush(opt->progress);
}

/* The family's --params: "values=K" or just K, the numbers on the edges
 * (man/tessera.6); NULL keeps all ten.  False when text says otherwise. */
static bool decode_params(const char *text, int *values)
{
    *values = 10;
    if (!text)
        return true;
    if (strncmp(text, "values=", 7) == 0)
        text += 7;
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < 2 || v > 10)
        return false;
    *values = (int)v;
    return true;
}

bool tetravex_generate(const gen_options *opt, strbuf *out, diag *err)
{
    int n = opt->width ? opt->width : 4;
    int values;
    if (!decode_params(opt->params, &values)) {
        diag_set(err, 0, 0, "Tetravex --params values=K (or --values K) with K from 2 to 10, not '%s'",
                 opt->params);
        return false;
    }
    if (opt->height && opt->height != n) {
        diag_set(err, 0, 0, "a square Tetravex board (--size N)");
        return false;
    }
    if (n < 2 || n > TETRAVEX_MAX_SIDE) {
        diag_set(err, 0, 0, "a Tetravex size from 2 to %d", TETRAVEX_MAX_SIDE);
        return false;
    }
    rng r;
    rng_seed(&r, opt->seed);
    double start = monotonic_seconds();
    long max_steps = GEN_FIRST_STEPS;
    int set_aside = 0;
    for (int attempt = 0; attempt < GEN_ATTEMPTS; attempt++) {
        tetravex_puzzle *t = board_to_prove(&r, n, values);
        long count = count_solutions(t, 2, max_steps);
        if (count < 0 && ++set_aside % GEN_DOUBLE_AFTER == 0 && max_steps < LONG_MAX / 2)
            max_steps *= 2;
        progress(opt, start, attempt, count);
        if (count == 1) {
            int *order = xmalloc((size_t)t->ntiles * sizeof *order);
            for (int i = 0; i < t->ntiles; i++)
                order[i] = i;
            rng_shuffle(&r, order, t->ntiles);
            tetravex_write(t, order, out);
            free(order);
            tetravex_free(t);
            return true;
        }
        tetravex_free(t);
    }
    diag_set(err, 0, 0, "no %dx%d board with %d numbers and a single solution in %d attempts "
                        "(try more values: --params K)", n, n, values, GEN_ATTEMPTS);
    return false;
}
