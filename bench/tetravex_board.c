/* tetravex_board.c: a random Tetravex board in GNOME Tetravex's model, for
 * the benches: tetravex_board N SEED [VALUES] prints the shuffled tiles.
 * Every edge of the grid, border included, gets a uniform number in
 * 0..VALUES-1 (default 10), and a tile is the four numbers around its
 * cell.  The generator is rng.h's, so a seed gives the same board on every
 * platform (awk's rand differs between awk implementations). */
#include <stdio.h>
#include <stdlib.h>

#include "rng.h"

#define MAX_SIDE 12

int main(int argc, char **argv)
{
    int n = argc > 2 ? atoi(argv[1]) : 0, values = argc > 3 ? atoi(argv[3]) : 10;
    if (argc < 3 || argc > 4 || n < 2 || n > MAX_SIDE || values < 2 || values > 10) {
        fprintf(stderr, "usage: tetravex_board N(2..%d) SEED [VALUES(2..10)]\n", MAX_SIDE);
        return 2;
    }
    rng r;
    rng_seed(&r, strtoull(argv[2], NULL, 10));
    int tile[MAX_SIDE * MAX_SIDE][4], order[MAX_SIDE * MAX_SIDE];
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int *t = tile[y * n + x];
            t[0] = y > 0 ? tile[(y - 1) * n + x][2] : rng_below(&r, values);
            t[3] = x > 0 ? tile[y * n + x - 1][1] : rng_below(&r, values);
            t[1] = rng_below(&r, values);
            t[2] = rng_below(&r, values);
            order[y * n + x] = y * n + x;
        }
    rng_shuffle(&r, order, n * n);
    for (int i = 0; i < n * n; i++) {
        const int *t = tile[order[i]];
        printf("%d%d%d%d\n", t[0], t[1], t[2], t[3]);
    }
    return 0;
}
