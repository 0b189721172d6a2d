/* tantrix_check.c: the independent Tantrix rules checker.  Plain C, no
 * SAT: every tile placed once, touching edges match, the loop colour
 * traced tile to tile closes one loop through all tiles, and a flood fill
 * from outside finds no enclosed empty cell.
 * Also state_ok: the boards a player may hold (moves and saves). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"

/* Which tile stands at (q, r): a linear search is plenty for 56 tiles. */
static int tile_at(const tantrix_puzzle *t, const int *state, int q, int r)
{
    for (int i = 0; i < t->n; i++)
        if (state[3 * i] >= 0 && state[3 * i + 1] == q && state[3 * i + 2] == r)
            return i;
    return -1;
}

bool tantrix_verify(const void *pz, const int *state, diag *why)
{
    const tantrix_puzzle *t = pz;
    const char *lname = tantrix_colour_name(t->loop);
    for (int i = 0; i < t->n; i++) {
        int rot = state[3 * i], q = state[3 * i + 1], r = state[3 * i + 2];
        if (rot == TANTRIX_OFF) {
            diag_set(why, 0, 0, "tile %d is not placed", t->label[i]);
            return false;
        }
        if (rot < 0 || rot > 5 || q < -TANTRIX_MAX_COORD || q > TANTRIX_MAX_COORD ||
            r < -TANTRIX_MAX_COORD || r > TANTRIX_MAX_COORD) {
            diag_set(why, 0, 0, "tile %d has an impossible position or rotation", t->label[i]);
            return false;
        }
        int other = tile_at(t, state, q, r);
        if (other != i) {
            diag_set(why, 0, 0, "tiles %d and %d share the cell (%d,%d)", t->label[other], t->label[i], q, r);
            return false;
        }
    }
    /* every touching edge pair has one colour; loop ends meet a tile */
    for (int i = 0; i < t->n; i++) {
        int q = state[3 * i + 1], r = state[3 * i + 2];
        for (int k = 0; k < 6; k++) {
            int mine = tantrix_edge(t, i, state[3 * i], k);
            int j = tile_at(t, state, q + HEX_DQ[k], r + HEX_DR[k]);
            if (j < 0) {
                if (mine == t->loop) {
                    diag_set(why, 0, 0, "the %s line of tile %d ends open at (%d,%d)", lname, t->label[i], q, r);
                    return false;
                }
                continue;
            }
            int theirs = tantrix_edge(t, j, state[3 * j], hex_opposite(k));
            if (mine != theirs) {
                diag_set(why, 0, 0, "tiles %d and %d touch with %s against %s", t->label[i], t->label[j],
                         tantrix_colour_name(mine), tantrix_colour_name(theirs));
                return false;
            }
        }
    }
    /* trace the loop from the first tile */
    int count = 0, cur = 0, came_from = -1;
    for (;;) {
        int next = -1, nloop = 0;
        int q = state[3 * cur + 1], r = state[3 * cur + 2];
        for (int k = 0; k < 6; k++) {
            if (tantrix_edge(t, cur, state[3 * cur], k) != t->loop)
                continue;
            nloop++;
            int j = tile_at(t, state, q + HEX_DQ[k], r + HEX_DR[k]);
            if (j != came_from && next < 0)
                next = j;
        }
        if (nloop != 2) {
            diag_set(why, 0, 0, "tile %d has %s on %d edges, not 2", t->label[cur], lname, nloop);
            return false;
        }
        count++;
        came_from = cur;
        cur = next;
        if (cur == 0 || count > t->n)
            break;
    }
    if (count != t->n) {
        diag_set(why, 0, 0, "the %s loop through tile %d passes %d of the %d tiles", lname, t->label[0], count,
                 t->n);
        return false;
    }
    /* holes: flood the empty cells of the bounding box plus a margin */
    int q0 = state[1], q1 = state[1], r0 = state[2], r1 = state[2];
    for (int i = 0; i < t->n; i++) {
        int q = state[3 * i + 1], r = state[3 * i + 2];
        q0 = q < q0 ? q : q0;
        q1 = q > q1 ? q : q1;
        r0 = r < r0 ? r : r0;
        r1 = r > r1 ? r : r1;
    }
    q0--, r0--, q1++, r1++;
    int w = q1 - q0 + 1, h = r1 - r0 + 1;
    /* a loop of n tiles spans at most n/2 steps, so this box stays small */
    if ((long)w * h > 1000000L) {
        diag_set(why, 0, 0, "the tiles are spread too far for one loop");
        return false;
    }
    signed char *cell = xcalloc((size_t)w * h, 1); /* 1 tile, 2 reached from outside */
    for (int i = 0; i < t->n; i++)
        cell[(state[3 * i + 2] - r0) * w + (state[3 * i + 1] - q0)] = 1;
    int *stack = xmalloc((size_t)w * h * sizeof *stack);
    int sp = 0;
    for (int r = 0; r < h; r++)
        for (int q = 0; q < w; q++)
            if ((q == 0 || r == 0 || q == w - 1 || r == h - 1) && cell[r * w + q] == 0) {
                cell[r * w + q] = 2;
                stack[sp++] = r * w + q;
            }
    while (sp) {
        int u = stack[--sp], uq = u % w, ur = u / w;
        for (int k = 0; k < 6; k++) {
            int vq = uq + HEX_DQ[k], vr = ur + HEX_DR[k];
            if (vq < 0 || vr < 0 || vq >= w || vr >= h || cell[vr * w + vq] != 0)
                continue;
            cell[vr * w + vq] = 2;
            stack[sp++] = vr * w + vq;
        }
    }
    bool ok = true;
    for (int u = 0; u < w * h && ok; u++)
        if (cell[u] == 0) {
            diag_set(why, 0, 0, "the empty cell (%d,%d) is enclosed by tiles (a hole)", u % w + q0, u / w + r0);
            ok = false;
        }
    free(stack);
    free(cell);
    return ok;
}

/* A board the player could have made: rotations 0..5 or off the board,
 * coordinates in range, no two tiles on one cell. */
bool tantrix_state_ok(const void *pz, const int *state, diag *why)
{
    const tantrix_puzzle *t = pz;
    for (int i = 0; i < t->n; i++) {
        int rot = state[3 * i], q = state[3 * i + 1], r = state[3 * i + 2];
        if (rot < TANTRIX_OFF || rot > 5) {
            diag_set(why, 0, 0, "tile %d: rotation %d is not 0 to 5 (or -1 in the tray)", t->label[i], rot);
            return false;
        }
        if (q < -TANTRIX_MAX_COORD || q > TANTRIX_MAX_COORD || r < -TANTRIX_MAX_COORD || r > TANTRIX_MAX_COORD) {
            diag_set(why, 0, 0, "tile %d: position (%d,%d) is off the board", t->label[i], q, r);
            return false;
        }
        if (t->given_rot[i] != TANTRIX_OFF &&
            (rot != t->given_rot[i] || q != t->given_q[i] || r != t->given_r[i])) {
            diag_set(why, 0, 0, "tile %d is given at (%d,%d), rotation %d, and cannot move", t->label[i],
                     t->given_q[i], t->given_r[i], t->given_rot[i]);
            return false;
        }
        /* the tiles before i passed the checks above: rotation >= 0 is placed */
        for (int j = 0; j < i && rot >= 0; j++)
            if (state[3 * j] >= 0 && state[3 * j + 1] == q && state[3 * j + 2] == r) {
                diag_set(why, 0, 0, "tiles %d and %d share the cell (%d,%d)", t->label[j], t->label[i], q, r);
                return false;
            }
    }
    return true;
}
