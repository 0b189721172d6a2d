/* card.h: cardinality constraints over literals, shared by every family.
 * One sequential counter (Sinz 2005, with both implication directions) so
 * that the same outputs serve "at most", "at least" and "exactly". */
#ifndef TESSERA_SAT_CARD_H
#define TESSERA_SAT_CARD_H

#include "sat/solver.h"

/* Builds a counter over lits[0..n) and returns its outputs: out[j-1] is
 * true exactly when at least j of the literals are true, for j = 1..upto
 * (upto is clamped to n).  The caller frees the array.  *nout gets the
 * number of outputs. */
int *card_counter(sat_solver *s, const int *lits, int n, int upto, int *nout);

/* Constraints.  k outside 0..n is handled: "at least 5 of 3" adds an empty
 * clause (under the current guard), "at most 5 of 3" adds nothing. */
void card_at_most(sat_solver *s, const int *lits, int n, int k);
void card_at_least(sat_solver *s, const int *lits, int n, int k);
void card_exactly(sat_solver *s, const int *lits, int n, int k);
/* The same as card_exactly by a totalizer: a tree of depth log n instead of
 * a chain of n steps.  On Train Tracks' open lines CDCL searches it
 * faster (bench/NOTES.md); the families' groups keep the counter. */
void card_exactly_totalizer(sat_solver *s, const int *lits, int n, int k);

/* Pairwise at-most-one for short lists, a counter for long ones. */
void card_at_most_one(sat_solver *s, const int *lits, int n);
void card_exactly_one(sat_solver *s, const int *lits, int n);

#endif
