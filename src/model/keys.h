/* keys.h: curses, included so that its move() does not clash with the
 * `move` type of game.h.  Families include this for the key codes
 * (KEY_UP, KEY_ENTER, ...); the front end for everything curses. */
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
