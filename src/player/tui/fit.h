/* fit.h: the terminal a puzzle's whole board needs (no scrolling), for
 * the menu's note on boards that scroll at the current size. */
#ifndef TESSERA_TUI_FIT_H
#define TESSERA_TUI_FIT_H

#include <stdbool.h>

#include "game.h"

/* The screen (status line, board, message lines) the family's smallest
 * geometry needs for the whole board; false when the family cannot be
 * played in the terminal. */
bool fit_need(const puzzle *pz, bool ascii, int *rows, int *cols);

#endif
