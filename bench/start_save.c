/* start_save.c: writes the save of a puzzle's starting position, nothing
 * placed, as the player writes it on quitting a new game, for
 * bench/cold_hint.sh.
 *   start_save PUZZLE OUT.save */
#include <stdio.h>

#include "board.h"
#include "game.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: start_save PUZZLE OUT.save\n");
        return 2;
    }
    diag err = {0};
    puzzle *p = puzzle_load(argv[1], NULL, &err);
    if (!p) {
        fprintf(stderr, "start_save: %s\n", err.msg);
        return 2;
    }
    board *b = board_create(p);
    bool ok = board_save(b, argv[2], &err);
    if (!ok)
        fprintf(stderr, "start_save: %s\n", err.msg);
    board_free(b);
    return ok ? 0 : 2;
}
