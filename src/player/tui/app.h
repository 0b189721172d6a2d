/* app.h: the state of one game on screen, shared by the loop (app.c),
 * drawing (screen.c) and the assist keys (engine.c) over the session.
 * Nothing here knows a puzzle rule: that goes through the family hooks. */
#ifndef TESSERA_TUI_APP_H
#define TESSERA_TUI_APP_H

#include <limits.h>
#include <stdbool.h>

#include "board.h"
#include "canvas.h"
#include "game.h"
#include "session.h"
#include "tui/theme.h"
#include "tui/tui.h"
#include "tui/viewport.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Save every this many changes, besides quitting and signals. */
#define APP_SAVE_EVERY 5
/* Lines at the bottom for messages (explanations can be long). */
#define APP_MSG_LINES 2

typedef struct {
    const tui_options *opt;
    theme *th;
    bool ascii;

    session *ss; /* the board, the engines, the worker thinking ahead */
    board *b;    /* the session's board */
    const game_family *f;
    void *ui;

    canvas cv;
    bool fits;
    int need_rows, need_cols; /* whole screen needed when !fits */
    int cv_y, cv_x;           /* where the canvas (its window) sits on the screen */
    viewport vp;              /* the window onto a canvas larger than the screen */
    bool compact;             /* v: the family's compact zoom (game.h) */
    vp_box shown_marks;       /* hint or check marks last scrolled to */
    bool by_mouse;            /* the last input was the mouse: the window stays */

    /* what the engine last showed (the view handed to draw) */
    int_vec hint, conflict, egroups, efacts;
    bool hint_pending; /* Enter accepts hint.v[0] */
    /* the hint on screen belongs to the board it was computed on: any
     * other key dismisses it (engine_clear_view) */
    session_answer shown;
    int hint_tier; /* 0 none, 1 where to look, 2 the rule, 3 the move */
    double longer; /* > 0: the last answer ran out; h or c thinks this long */

    char msg[1024];
    bool msg_alert; /* bold: a problem, not news */

    bool paused, help, done, quit;
    double last_tick;   /* the clock: elapsed grows between ticks while running */
    double flash_until; /* completion flash */
    int changes_since_save;
    char save_path[PATH_MAX];
    bool can_save;
    board_lock *lock; /* on the save while playing, NULL if none */
    int mouse_button; /* held button (1 or 3), 0 none */
    bool relayout;    /* a resize arrived during an engine call */

    /* play_loop.c */
    const char *path; /* the puzzle file played, NULL for a game ID or a save */
    bool rules;       /* ? shows the rules first, then the keys (help) */
    int confirm;      /* a question waiting for y (the key that asked), 0 none */
    int next_action;  /* where the loop goes when this game ends (PLAY_*) */
    bool recorded;    /* this game's solve is in the statistics */
} app;

/* screen.c */
void screen_layout(app *s);
void screen_draw(app *s);
void screen_message(app *s, bool alert, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Draws just the message line (spinner while the engine works). */
void screen_draw_message(app *s);
void screen_format_time(double secs, char *out, size_t n);
/* Text in role r (plus extra attributes) at y, x, cut to maxw columns. */
void screen_text(app *s, int y, int x, const char *text, role r, attr_t extra, int maxw);
/* A framed box with a blank inside, centred on the screen, for the help
 * and rules pages: *h x *w is clipped to the screen, and its top-left
 * corner goes into *y0, *x0. */
void screen_box(app *s, int *h, int *w, int *y0, int *x0);

/* engine.c: h, c, S and f; Enter on a pending hint.  Those that can
 * change the board return true when they did (the loop then runs its
 * after-a-change duties: completion, saving). */
void engine_hint(app *s);
bool engine_accept_hint(app *s);
void engine_check(app *s);
bool engine_solve(app *s);
bool engine_obvious(app *s);
/* Dismisses the hint or check on screen. */
void engine_clear_view(app *s);
/* Points the worker at the cursor again (after a cursor move). */
void engine_think(app *s);


/* menu.c: the bundled and generated puzzles, and the way to new ones;
 * returns a path to play (caller frees) or NULL to quit. */
char *menu_choose(theme *th, bool ascii);
/* A line the menu shows next time (a puzzle that failed to open). */
void menu_set_message(const char *msg);

#endif
