/* marked_save.c: writes the save of a puzzle with K entries of one of its
 * solutions already made, as a player part way through would hold it:
 * the first K facts of the solver's solution, in fact order, that the
 * starting board does not already assert, made as the player's moves
 * (bench/NOTES.md, hints on boards with marks).  The solution is checked by the rules checker.
 *   marked_save PUZZLE K OUT.save */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "game.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: marked_save PUZZLE K OUT.save\n");
        return 2;
    }
    diag err = {0};
    puzzle *p = puzzle_load(argv[1], NULL, &err);
    if (!p) {
        fprintf(stderr, "marked_save: %s\n", err.msg);
        return 2;
    }
    const game_family *f = p->family;
    int k = atoi(argv[2]);
    board *b = board_create(p);
    assist *a = puzzle_encode(p);
    int nf = assist_num_facts(a);
    bool *facts = calloc((size_t)nf + 1, sizeof *facts);
    bool *marked = calloc((size_t)nf + 1, sizeof *marked);
    int *marks = calloc((size_t)nf + 1, sizeof *marks);
    int *start = calloc((size_t)p->nstate + 1, sizeof *start);
    int *sol = calloc((size_t)p->nstate + 1, sizeof *sol);
    int nm = f->state_marks(p->data, b->state, marks, nf);
    for (int i = 0; i < nm; i++)
        marked[marks[i]] = true;
    for (int i = 0; i < p->nstate; i++)
        start[i] = sol[i] = b->state[i];
    bool ok = assist_solve(a, marks, nm, facts) == ASSIST_OK;
    if (ok) {
        f->apply_solution(p->data, facts, sol);
        ok = f->verify(p->data, sol, &err);
    }
    /* each fact's move is worked out on the starting board (whose frame
     * the solver's facts are in), then made */
    for (int fact = 0, made = 0; ok && fact < nf && made < k; fact++) {
        if (!facts[fact] || marked[fact])
            continue;
        move m = {0};
        f->fact_move(p->data, start, fact, &m);
        if (m.idx.n > 0)
            ok = board_apply(b, &m, false);
        made++;
        move_free(&m);
    }
    if (ok)
        ok = board_save(b, argv[3], &err);
    if (!ok)
        fprintf(stderr, "marked_save: %s\n", err.msg[0] ? err.msg : "no solution");
    free(sol);
    free(start);
    free(marks);
    free(marked);
    free(facts);
    assist_free(a);
    board_free(b);
    return ok ? 0 : 2;
}
