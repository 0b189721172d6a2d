/* puzzle_util.h: loading puzzles and solving them into a board state, as
 * the family unit tests all do (header-only: each test is one program). */
#ifndef TESSERA_TESTS_PUZZLE_UTIL_H
#define TESSERA_TESTS_PUZZLE_UTIL_H
#include <stdio.h>
#include <stdlib.h>

#include "game.h"
#include "sat/assist.h"
#include "testlib.h"
#include "util.h"

static inline puzzle *report_load(puzzle *p, const diag *err)
{
    if (!p) {
        char buf[512];
        diag_format(err, buf, sizeof buf);
        fprintf(stderr, "load failed: %s\n", buf);
    }
    return p;
}

/* A puzzle of the named family from text; NULL (the reason printed) when
 * it does not read. */
static inline puzzle *load_family_text(const char *family, const char *text)
{
    diag err = {0};
    return report_load(puzzle_from_text(text, "test", family, NULL, &err), &err);
}

/* A puzzle from a file under tests/data. */
static inline puzzle *load_data_file(const char *name)
{
    diag err = {0};
    return report_load(puzzle_load(test_data(name), NULL, &err), &err);
}

/* The puzzle's starting board (givens in place). */
static inline int *start_state(const puzzle *p)
{
    int *state = xcalloc((size_t)p->nstate, sizeof *state);
    p->family->init_state(p->data, state);
    return state;
}

/* Solves under the marks of state (within `seconds`, 0: no limit) and
 * writes the answer into it. */
static inline assist_status solve_into(const puzzle *p, assist *a, int *state, double seconds)
{
    int nf = assist_num_facts(a);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    int nm = p->family->state_marks(p->data, state, marks, nf);
    bool *facts = xcalloc((size_t)nf + 1, sizeof *facts);
    if (seconds > 0) {
        sat_budget b = {.seconds = seconds};
        assist_set_budget(a, &b);
    }
    assist_status st = assist_solve(a, marks, nm, facts);
    if (st == ASSIST_OK)
        p->family->apply_solution(p->data, facts, state);
    free(facts);
    free(marks);
    return st;
}
#endif
