/* play_loop.h: the keys that lead from one game to the next (new puzzle,
 * next, previous, menu), restart, the yes before S, and what the player
 * sees after a solve: the statistics and where to go from there. */
#ifndef TESSERA_TUI_PLAY_LOOP_H
#define TESSERA_TUI_PLAY_LOOP_H

#include "tui/app.h"

/* What the loop in app.c does once a game ends (app.next_action). */
enum {
    PLAY_QUIT,  /* q: back to the menu when started from it, else exit */
    PLAY_NEXT,  /* the next puzzle of the collection */
    PLAY_PREV,  /* the previous one */
    PLAY_NEW,   /* the new-puzzle picker */
    PLAY_MENU,  /* the menu */
};

typedef enum {
    LOOP_NOT_MINE, /* not a play-loop key: the rest of the dispatch goes on */
    LOOP_DONE,     /* handled */
    LOOP_CHANGED,  /* handled, and the board changed (after-a-change duties) */
} loop_key;

/* One key, before the family sees it. */
loop_key play_loop_key(app *s, int ch);
/* The board became a solution: records a solve by hand in the statistics
 * (after the save) and says what to do next on the message line. */
void play_loop_solved(app *s);

/* The puzzle after (dir 1) or before (dir -1) path in its directory, in
 * the menu's order (same family); NULL when there is none. */
char *play_loop_sibling(const char *path, int dir);

#endif
