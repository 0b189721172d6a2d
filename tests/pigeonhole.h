/* pigeonhole.h: the pigeonhole formula, n pigeons in n - 1 holes: no
 * answer, and from about 10 pigeons hopeless for CDCL, which makes budgets
 * and cancellation run out (header-only: each test is one program). */
#ifndef TESSERA_TESTS_PIGEONHOLE_H
#define TESSERA_TESTS_PIGEONHOLE_H
#include <stdlib.h>

#include "sat/solver.h"
#include "util.h"

/* Adds the formula to s; returns the variable "pigeon 0 in hole 0". */
static inline int add_pigeonhole(sat_solver *s, int pigeons)
{
    int holes = pigeons - 1;
    int *v = xcalloc((size_t)(pigeons * holes), sizeof *v);
    for (int i = 0; i < pigeons * holes; i++)
        v[i] = sat_new_var(s);
    for (int p = 0; p < pigeons; p++)
        sat_clause(s, v + p * holes, holes);
    for (int h = 0; h < holes; h++)
        for (int p = 0; p < pigeons; p++)
            for (int q = p + 1; q < pigeons; q++)
                sat_clause2(s, -v[p * holes + h], -v[q * holes + h]);
    int first = v[0];
    free(v);
    return first;
}

#endif
