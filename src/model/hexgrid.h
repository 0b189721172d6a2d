/* hexgrid.h: axial coordinates on a flat-top hex grid, shared by the hex
 * families (Hexiom, Tantrix).  Direction k is the neighbour at offset
 * HEX_DQ[k], HEX_DR[k]: top, then clockwise. */
#ifndef TESSERA_HEXGRID_H
#define TESSERA_HEXGRID_H

#include <stdlib.h>

static const int HEX_DQ[6] = {0, 1, 1, 0, -1, -1};
static const int HEX_DR[6] = {-1, -1, 0, 1, 1, 0};

/* Hex distance between two axial positions. */
static inline int hex_distance(int q1, int r1, int q2, int r2)
{
    int dq = q1 - q2, dr = r1 - r2, ds = -dq - dr;
    int a = abs(dq), b = abs(dr), c = abs(ds);
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

/* Rotates (q, r) by k sixths of a turn clockwise about the origin. */
static inline void hex_rotate(int *q, int *r, int k)
{
    for (k = ((k % 6) + 6) % 6; k > 0; k--) {
        int s = -*q - *r;
        int nq = -*r, nr = -s; /* cube (q,r,s) -> (-r,-s,-q) turns 60 deg clockwise */
        *q = nq;
        *r = nr;
    }
}

/* Opposite direction. */
static inline int hex_opposite(int k) { return (k + 3) % 6; }

#endif
