/* theme.h: how canvas colour roles and overlay marks become curses
 * attributes and colour pairs, per terminal: 8 colours, 256 colours, or
 * none (NO_COLOR, --color never).  Meaning never rests on hue alone. */
#ifndef TESSERA_TUI_THEME_H
#define TESSERA_TUI_THEME_H

#include "keys.h"
#include <stdbool.h>

#include "canvas.h"

typedef enum { THEME_MONO, THEME_8, THEME_256 } theme_depth;

typedef struct {
    theme_depth depth;
    int npairs; /* colour pairs handed out so far */
    short pair_fg[256], pair_bg[256];
} theme;

/* Picks the depth from --color (NULL = auto), NO_COLOR and the terminal,
 * and starts curses colour when there is any.  Call after initscr. */
void theme_init(theme *th, const char *color_opt);

/* How one canvas cell looks at a depth, its family roles from pal: colours (-1: the terminal's own)
 * and attributes.  Pure, so tests can check it with no terminal. */
typedef struct {
    short fg, bg;
    attr_t attr;
} theme_look;
void theme_look_of(theme_depth d, const palette *pal, const canvas_cell *c, bool flash, theme_look *out);

/* A MARK_SHAPE glyph means nothing without colour: draw a blank. */
bool theme_blank_shape(const theme *th, const canvas_cell *c);

/* The attribute and colour pair for one canvas cell, whose family roles
 * pal gives (canvas.h); flash inverts. */
void theme_cell(theme *th, const palette *pal, const canvas_cell *c, bool flash, attr_t *attr,
                short *pair);

/* Plain UI text (status line, messages, help): role r plus extra attrs. */
void theme_role(theme *th, role r, attr_t extra, attr_t *attr, short *pair);

#endif
