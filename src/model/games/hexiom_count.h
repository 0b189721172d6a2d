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

assist_status hexiom_dp_run(const hexiom_dp_board *bd, bool contradiction, int stop, uint64_t work_cap,
                             double deadline, uint64_t *work, uint64_t *total_out, bool *too_big);

#endif
