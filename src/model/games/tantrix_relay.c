/* tantrix_relay.c: more loops under placed tiles from one loop already
 * found, by laying a stretch of it again (the rest held where it lies),
 * and a loop moved so that one of its tiles lies where a mark has it.
 * Both feed the enumerator's witnesses (tantrix_assist.c): with tiles
 * placed far apart the restarted search finds a loop in seconds, where a
 * stretch of a loop is laid again in milliseconds.
 *
 * Why what they give are solutions under the marks: the stretch is laid
 * by tantrix_search_all with every tile outside it fixed, marks included,
 * so each loop it lists has every mark and passed the rules checker; a
 * moved loop is checked by the rules checker and against every mark by
 * its caller.  Neither says anything is forced: they only add witnesses. */
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"
#include "util.h"

bool tantrix_loop_order(const tantrix_puzzle *t, const int *state, int *order)
{
    int prev = -1, u = 0;
    for (int i = 0; i < t->n; i++) {
        order[i] = u;
        int next = -1;
        for (int k = 0; k < 6 && next < 0; k++) {
            if (tantrix_edge(t, u, state[3 * u], k) != t->loop)
                continue;
            int q = state[3 * u + 1] + HEX_DQ[k], r = state[3 * u + 2] + HEX_DR[k];
            for (int v = 0; v < t->n; v++)
                if (v != prev && v != u && state[3 * v] != TANTRIX_OFF && state[3 * v + 1] == q &&
                    state[3 * v + 2] == r)
                    next = v;
        }
        if (next < 0)
            return false;
        prev = u;
        u = next;
    }
    return u == 0;
}

int tantrix_relay(const tantrix_puzzle *t, const int *loop, const int *order, const int *fixed, int from, int len,
                  long limit, long max_nodes, const sat_budget *budget, void (*found)(void *ctx, const int *state),
                  void *ctx)
{
    if (t->n < 3)
        return -1;
    int *held = xmalloc((size_t)t->n * 3 * sizeof *held);
    memcpy(held, loop, (size_t)t->n * 3 * sizeof *held);
    int freed = 0;
    for (int i = 0; i < len && i < t->n; i++) {
        int u = order[((from + i) % t->n + t->n) % t->n];
        if (fixed[3 * u] == TANTRIX_OFF) {
            held[3 * u] = TANTRIX_OFF;
            freed++;
        }
    }
    int r = freed > 0 && freed < t->n ? tantrix_search_all(t, held, limit, max_nodes, budget, found, ctx) : -1;
    free(held);
    return r;
}

bool tantrix_move_loop(const tantrix_puzzle *t, const int *loop, const int *fixed, int *out)
{
    int p = -1;
    for (int u = 0; u < t->n && p < 0; u++)
        if (fixed[3 * u] != TANTRIX_OFF)
            p = u;
    if (p < 0 || loop[3 * p] == TANTRIX_OFF)
        return false;
    tantrix_frame from = {loop[3 * p + 1], loop[3 * p + 2], loop[3 * p]};
    tantrix_frame to = {fixed[3 * p + 1], fixed[3 * p + 2], fixed[3 * p]};
    for (int u = 0; u < t->n; u++) {
        if (loop[3 * u] == TANTRIX_OFF)
            return false;
        int q, r, rot;
        tantrix_to_frame(&from, loop[3 * u + 1], loop[3 * u + 2], loop[3 * u], &q, &r, &rot);
        tantrix_to_board(&to, q, r, rot, &out[3 * u + 1], &out[3 * u + 2], &out[3 * u]);
        if (fixed[3 * u] != TANTRIX_OFF && memcmp(&out[3 * u], &fixed[3 * u], 3 * sizeof *out) != 0)
            return false;
    }
    diag why = {0};
    return tantrix_verify(t, out, &why);
}
