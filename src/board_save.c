/* board_save.c: saving and resuming games (placeholder, lands next). */
#include "board.h"

#include <stdio.h>

bool board_save(const board *b, const char *path, char *err, size_t errn)
{
    (void)b;
    (void)path;
    snprintf(err, errn, "saving is not built yet");
    return false;
}
