/* game_input.h: the input a family reads, in neutral codes with no curses
 * in sight.  The player translates its terminal's keys once (tui/keymap.c),
 * so every family sees the same arrows, vi keys and Enter. */
#ifndef TESSERA_GAME_INPUT_H
#define TESSERA_GAME_INPUT_H

/* An input_event's key: a printable character (the family's own letters,
 * digits, Tab) or one of these codes, all above any character. */
enum {
    GAME_KEY_UP = 0x110000, /* arrows; vi's k, j, h, l */
    GAME_KEY_DOWN,
    GAME_KEY_LEFT,
    GAME_KEY_RIGHT,
    GAME_KEY_SELECT,        /* Enter */
    GAME_KEY_DELETE,        /* Backspace, Delete */
};
/* ORed into an arrow: Shift-arrow, or vi's K, J, H, L. */
#define GAME_KEY_SHIFT 0x1000000

enum { INPUT_KEY, INPUT_MOUSE };
enum { MOUSE_PRESS, MOUSE_DRAG, MOUSE_RELEASE };
enum { GAME_MOUSE_LEFT = 1, GAME_MOUSE_RIGHT = 3 };

typedef struct {
    int kind;   /* INPUT_KEY or INPUT_MOUSE */
    int key;    /* a GAME_KEY_ code or a character */
    int button; /* mouse: GAME_MOUSE_LEFT or GAME_MOUSE_RIGHT */
    int action; /* MOUSE_PRESS, MOUSE_DRAG, MOUSE_RELEASE */
    int target; /* canvas owner under the mouse, -1 for none */
    int y, x;   /* mouse position inside the board canvas */
} input_event;

#endif
