/* keymap.h: the player's terminal keys as the neutral codes families read
 * (game_input.h): translated in one place, vi keys included. */
#ifndef TESSERA_TUI_KEYMAP_H
#define TESSERA_TUI_KEYMAP_H

/* A curses key (getch's value) as an input_event key: arrows and vi keys
 * as GAME_KEY_UP..RIGHT (with GAME_KEY_SHIFT), Enter as GAME_KEY_SELECT,
 * Backspace and Delete as GAME_KEY_DELETE, anything else unchanged. */
int keymap_game_key(int ch);

#endif
