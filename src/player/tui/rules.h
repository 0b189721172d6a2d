/* rules.h: the first page of ? : the family's rules and tiny example
 * (game_family.rules), before the keys. */
#ifndef TESSERA_TUI_RULES_H
#define TESSERA_TUI_RULES_H

#include "tui/app.h"

/* Draws the rules page over the board (caller refreshes). */
void rules_draw(app *s);

#endif
