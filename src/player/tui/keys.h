/* keys.h: curses for the player, included so that its move() does not
 * clash with the `move` type of game.h.  Families never include it: they
 * read the neutral codes of game_input.h (see tui/keymap.c). */
#ifndef TESSERA_KEYS_H
#define TESSERA_KEYS_H

/* Functions instead of macros, and curses' move() renamed out of the way
 * (the front end calls wmove(stdscr, ...) instead). */
#ifndef NCURSES_NOMACROS
#define NCURSES_NOMACROS 1
#endif
#define move tessera_curses_move_
#include <curses.h>
#undef move

#endif
