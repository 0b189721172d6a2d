/* hexiom_count.h: the counting DP with its switches and its size, for the
 * tests that compare its variants (hexiom_count.c). */
#ifndef TESSERA_GAMES_HEXIOM_COUNT_H
#define TESSERA_GAMES_HEXIOM_COUNT_H

#include <stdint.h>

#include "games/hexiom.h"

/* No folding of mirror images at row ends (see fold_layer). */
#define HEXIOM_DP_NO_FOLD 1u

/* hexiom_count_dp with flags; *states (may be NULL): partial boards kept
 * over all steps of the run that gave the count. */
assist_status hexiom_count_dp_with(const void *pz, const int *marks, int nmarks, long limit, double seconds,
                                   unsigned flags, long *count, bool *too_big, uint64_t *states);

#endif
