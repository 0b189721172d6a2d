/* fuzz_save.c: fuzz harness for reading save files (board_load_text, the
 * in-memory twin of board_load that --check, --hint and resume use).
 *
 * A save that loads must survive what the player does with it: written
 * out again it loads again to the same text, undoing every step and
 * redoing them comes back to the saved board, and (when small) the engine
 * can check its marks.  A save that does not load must say where
 * (line >= 1, column >= 1).  A broken promise aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

#define FUZZ_MAX_INPUT (256 * 1024)
#define FUZZ_MAX_ENCODE 900
#define FUZZ_CONFLICTS 2000
#define FUZZ_MAX_FACTS 6000

static void contract(bool ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_save: broken contract: %s\n", what);
    abort();
}

static void exercise(board *b)
{
    /* round trip */
    strbuf once = {0};
    board_format(b, &once);
    diag err = {0};
    board *again = board_load_text(once.s, once.n, "fuzz-again", &err);
    if (!again)
        fprintf(stderr, "fuzz_save: reloading: %d:%d: %s\n", err.line, err.col, err.msg);
    contract(again != NULL, "a save written from a loaded save does not load");
    strbuf twice = {0};
    board_format(again, &twice);
    contract(once.n == twice.n && memcmp(once.s, twice.s, once.n) == 0,
             "a save written twice changes");
    board_free(again);
    sb_free(&once);
    sb_free(&twice);

    /* the history leads back to the saved board */
    int n = b->pz->nstate;
    int *saved = malloc(((size_t)n + 1) * sizeof *saved);
    memcpy(saved, b->state, (size_t)n * sizeof *saved);
    int pos = b->pos;
    while (board_undo(b))
        ;
    contract(b->pos == 0, "undo stops before the first step");
    while (board_redo(b))
        ;
    contract(b->pos == b->nsteps, "redo stops before the last step");
    while (b->pos > pos)
        contract(board_undo(b), "undo refused");
    contract(memcmp(saved, b->state, (size_t)n * sizeof *saved) == 0,
             "undo and redo do not come back to the saved board");
    free(saved);

    if (n <= FUZZ_MAX_ENCODE) {
        assist *a = puzzle_encode(b->pz);
        sat_budget bud = {.conflicts = FUZZ_CONFLICTS};
        assist_set_budget(a, &bud);
        int *marks;
        int nm = board_marks(b, a, &marks);
        int_vec core = {0};
        if (assist_num_facts(a) <= FUZZ_MAX_FACTS)
            assist_check(a, marks, nm, &core);
        vec_free(&core);
        free(marks);
        assist_free(a);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    diag err = {0};
    board *b = board_load_text((const char *)data, size, "fuzz", &err);
    if (!b) {
        contract(err.msg[0] != 0, "a load error without a message");
        contract(err.line >= 1 && err.col >= 1, "a load error without line and column");
        return 0;
    }
    exercise(b);
    board_free(b);
    return 0;
}
