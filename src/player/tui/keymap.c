/* keymap.c: curses key codes to the neutral codes of game_input.h, so no
 * family sees a curses code and every family gets the same vi keys. */
#include "tui/keymap.h"

#include "game_input.h"
#include "keys.h"

int keymap_game_key(int ch)
{
    switch (ch) {
    case KEY_UP: case 'k': return GAME_KEY_UP;
    case KEY_DOWN: case 'j': return GAME_KEY_DOWN;
    case KEY_LEFT: case 'h': return GAME_KEY_LEFT;
    case KEY_RIGHT: case 'l': return GAME_KEY_RIGHT;
    case KEY_SR: case 'K': return GAME_KEY_UP | GAME_KEY_SHIFT;
    case KEY_SF: case 'J': return GAME_KEY_DOWN | GAME_KEY_SHIFT;
    case KEY_SLEFT: case 'H': return GAME_KEY_LEFT | GAME_KEY_SHIFT;
    case KEY_SRIGHT: case 'L': return GAME_KEY_RIGHT | GAME_KEY_SHIFT;
    case '\n': case '\r': case KEY_ENTER: return GAME_KEY_SELECT;
    case KEY_BACKSPACE: case KEY_DC: case 127: return GAME_KEY_DELETE;
    default: return ch;
    }
}
