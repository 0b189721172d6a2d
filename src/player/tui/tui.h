/* tui.h: the ncursesw player. */
#ifndef TESSERA_TUI_H
#define TESSERA_TUI_H

#include <stdbool.h>

typedef struct {
    const char *game;  /* --game NAME */
    double timeout;    /* --timeout: per engine call (default a few seconds) */
    bool ascii;        /* --ascii */
    const char *color; /* --color auto|always|never, NULL = auto */
} tui_options;

/* Plays arg (a file or game ID), or the menu when arg is NULL.  Returns
 * the process exit status. */
int tui_run(const char *arg, const tui_options *opt);

#endif
