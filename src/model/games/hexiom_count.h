/* hexiom_count.h: the counting DP with its switches and its size, for the
 * tests that compare its variants (hexiom_count.c), and its inner parts
 * (hexiom_dp.c). */
#ifndef TESSERA_GAMES_HEXIOM_COUNT_H
#define TESSERA_GAMES_HEXIOM_COUNT_H

#include <stdint.h>

#include "games/hexiom.h"

/* No folding of mirror images at row ends (see fold_layer in hexiom_dp.c). */
#define HEXIOM_DP_NO_FOLD 1u

/* hexiom_count_dp with flags; *states (may be NULL): partial boards kept
 * over all steps of the run that gave the count. */
assist_status hexiom_count_dp_with(const void *pz, const int *marks, int nmarks, long limit, double seconds,
                                   unsigned flags, long *count, bool *too_big, uint64_t *states);

/* The DP's parts (hexiom_dp.c, used by hexiom_count.c).  One run of the DP with the cells taken in the order
 * 0..n-1 of a renumbered board.  It stops before step stop, or once more than work_cap partial boards have
 * been kept in all steps together (both ASSIST_UNKNOWN; *work says how many were kept); *too_big when one
 * step has more than its limit of partial boards.  *total: the count when ASSIST_OK. */
typedef struct {
    const hexiom_puzzle *h;
    const int *nbr; /* ncells*6, in the run's numbering */
    const int *mirror; /* see fold_layer in hexiom_dp.c; NULL: none */
    const unsigned char *row_end;
    const unsigned char *hole;
    const signed char *focc, *fval; /* occupancy -1 free / 0 / 1; value -1 free */
} hexiom_dp_board;

/* A parent group's move to a child group at one step: the content o of
 * the step's cell (0 empty, 1 a tile) and the tiles its newly finished
 * cells take (delta, and per value how many). */
typedef struct {
    uint64_t f, delta; /* the child's frontier code; what the used-tiles code gains */
    uint32_t g;        /* the parent group */
    signed char o, nv, v[HEXIOM_VALUES], k[HEXIOM_VALUES];
} hexiom_dp_link;

/* What a run keeps for a pass back over it (hexiom_cover.c): every step's
 * partial boards and links, in the run's numbering.  layer[j] holds the
 * partial boards before step j (layer[0] the empty board, layer[n] the
 * finished ones), each group's used-tiles codes ascending (the numbers of
 * boards dropped); link[j] the links of step j, by child code. */
typedef struct {
    size_t ngroups;
    uint64_t *fkey;  /* per group, ascending */
    size_t *off;     /* group g: codes [off[g], off[g + 1]) */
    uint64_t *code;  /* used-tiles codes */
} hexiom_dp_kept;

typedef struct {
    int n, steps;            /* cells; steps made (n when the run finished) */
    hexiom_dp_kept *layer;   /* n + 1 */
    hexiom_dp_link **link;   /* n */
    size_t *nlinks;          /* n */
    int **front, *nfront;    /* n: the frontier before step j (positions, as its codes order them) */
    int *latest;             /* n: the step at which each position is finished */
    int *nbr;                /* n*6: the run's neighbours (-1 none) */
    /* With folding (hexiom_dp.c, fold_layer): mirror[p], the image of
     * position p (NULL: no folding); perm[j] (NULL: step j did not fold),
     * the frontier position of each position's image after step j: layer
     * j + 1 files a child under the smaller of its code and the code with
     * positions swapped by perm[j]. */
    int *mirror;
    int **perm;
    int shift[HEXIOM_VALUES], width[HEXIOM_VALUES];
    uint64_t full;           /* the used-tiles code of every tile used */
} hexiom_dp_trail;

void hexiom_dp_trail_free(hexiom_dp_trail *t);

/* trail (may be NULL): keeps every step for a pass back; the caller
 * frees it. */
assist_status hexiom_dp_run(const hexiom_dp_board *bd, bool contradiction, int stop, uint64_t work_cap,
                             double deadline, uint64_t *work, uint64_t *total_out, bool *too_big,
                             hexiom_dp_trail *trail);

/* One sweep as hexiom_count_dp_with chooses it, for a pass back: the
 * board under the marks, oriented as the count would be, folded only when
 * the whole board under the marks is its own mirror image (then a board
 * and its image are both solutions or neither, hexiom_cover.c),
 * its steps kept in *trail and *cell_of_pos (caller frees) saying which
 * cell of the puzzle each position of the run is.  Gives up
 * (ASSIST_UNKNOWN) past work_cap partial boards in all or past seconds
 * (0: none). */
assist_status hexiom_dp_sweep_kept(const void *pz, const int *marks, int nmarks, double seconds,
                                   uint64_t work_cap, hexiom_dp_trail *trail, int **cell_of_pos);

#endif
