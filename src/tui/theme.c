/* theme.c: role and overlay tables for mono, 8-colour and 256-colour
 * terminals.  Colour pairs are handed out lazily, so only the few
 * (foreground, background) combinations a board uses take a pair. */
#include "tui/theme.h"

#include <stdlib.h>
#include <string.h>

/* -1 is the terminal's own colour (use_default_colors). */
typedef struct {
    short fg8, fg256;
    attr_t attr;      /* in every depth: meaning survives without colour */
    attr_t attr_mono; /* added when there is no colour (instead of hue) */
} role_style;

static const role_style ROLE_STYLE[ROLE_COUNT] = {
    [ROLE_PLAIN] = {-1, -1, 0, 0},
    [ROLE_DIM] = {-1, 244, 0, A_DIM},
    [ROLE_FRAME] = {-1, 243, 0, A_DIM},
    [ROLE_CLUE] = {-1, -1, A_BOLD, 0},
    [ROLE_CLUE_MET] = {-1, 243, 0, A_DIM},
    [ROLE_CLUE_BROKEN] = {COLOR_RED, 196, A_BOLD | A_UNDERLINE, 0},
    [ROLE_ERROR] = {COLOR_RED, 196, A_BOLD | A_UNDERLINE, 0},
    [ROLE_TREE] = {COLOR_GREEN, 28, A_BOLD, 0},
    [ROLE_TENT] = {COLOR_YELLOW, 172, A_BOLD, 0},
    [ROLE_GRASS] = {COLOR_GREEN, 107, 0, A_DIM},
    [ROLE_TRACK] = {COLOR_YELLOW, 130, A_BOLD, 0},
    [ROLE_NO_TRACK] = {-1, 244, 0, A_DIM},
    [ROLE_GIVEN] = {-1, -1, A_BOLD, 0},
    [ROLE_LOCKED] = {COLOR_CYAN, 31, A_BOLD, A_UNDERLINE},
    [ROLE_VALUE0 + 0] = {-1, 245, 0, 0},
    [ROLE_VALUE0 + 1] = {COLOR_RED, 160, 0, 0},
    [ROLE_VALUE0 + 2] = {COLOR_GREEN, 28, 0, 0},
    [ROLE_VALUE0 + 3] = {COLOR_YELLOW, 136, 0, 0},
    [ROLE_VALUE0 + 4] = {COLOR_BLUE, 26, 0, 0},
    [ROLE_VALUE0 + 5] = {COLOR_MAGENTA, 91, 0, 0},
    [ROLE_VALUE0 + 6] = {COLOR_CYAN, 30, 0, 0},
    [ROLE_VALUE0 + 7] = {COLOR_RED, 166, A_BOLD, 0},
    [ROLE_VALUE0 + 8] = {COLOR_GREEN, 64, A_BOLD, 0},
    [ROLE_VALUE0 + 9] = {COLOR_BLUE, 62, A_BOLD, 0},
    [ROLE_TANTRIX_RED] = {COLOR_RED, 160, A_BOLD, 0},
    [ROLE_TANTRIX_YELLOW] = {COLOR_YELLOW, 178, A_BOLD, 0},
    [ROLE_TANTRIX_BLUE] = {COLOR_BLUE, 27, A_BOLD, 0},
    [ROLE_TANTRIX_GREEN] = {COLOR_GREEN, 34, A_BOLD, 0},
};

/* Overlays, strongest first.  With colour they also get a background
 * (and black text on it); without, attributes alone tell them apart. */
typedef struct {
    unsigned mark;
    short bg8, bg256;
    attr_t attr, attr_mono;
} overlay_style;

static const overlay_style OVERLAY[] = {
    {MARK_CONFLICT, COLOR_RED, 210, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE | A_REVERSE},
    {MARK_HINT, COLOR_CYAN, 117, A_BOLD | A_UNDERLINE, A_BOLD | A_REVERSE},
    {MARK_EXPLAIN, COLOR_YELLOW, 229, A_UNDERLINE, A_UNDERLINE | A_BOLD},
    {MARK_SELECTED, COLOR_MAGENTA, 183, A_BOLD, A_BOLD | A_REVERSE},
};

void theme_init(theme *th, const char *color_opt)
{
    memset(th, 0, sizeof *th);
    const char *nc = getenv("NO_COLOR");
    bool want;
    if (color_opt && strcmp(color_opt, "never") == 0)
        want = false;
    else if (color_opt && strcmp(color_opt, "always") == 0)
        want = true;
    else
        want = !(nc && *nc);
    th->depth = THEME_MONO;
    if (!want || !has_colors() || start_color() == ERR)
        return;
    use_default_colors();
    th->depth = COLORS >= 256 ? THEME_256 : THEME_8;
}

static short pair_for(theme *th, short fg, short bg)
{
    if (fg < 0 && bg < 0)
        return 0;
    for (int i = 0; i < th->npairs; i++)
        if (th->pair_fg[i] == fg && th->pair_bg[i] == bg)
            return (short)(i + 1);
    if (th->npairs >= 255 || th->npairs + 1 >= COLOR_PAIRS)
        return 0; /* out of pairs: attributes still carry the meaning */
    int n = th->npairs++;
    th->pair_fg[n] = fg;
    th->pair_bg[n] = bg;
    init_pair((short)(n + 1), fg, bg);
    return (short)(n + 1);
}

static short role_fg(const theme *th, role r)
{
    if (th->depth == THEME_MONO || r >= ROLE_COUNT)
        return -1;
    return th->depth == THEME_256 ? ROLE_STYLE[r].fg256 : ROLE_STYLE[r].fg8;
}

void theme_role(theme *th, role r, attr_t extra, attr_t *attr, short *pair)
{
    if ((unsigned)r >= ROLE_COUNT)
        r = ROLE_PLAIN;
    *attr = ROLE_STYLE[r].attr | extra;
    if (th->depth == THEME_MONO)
        *attr |= ROLE_STYLE[r].attr_mono;
    else if (th->depth == THEME_8 && ROLE_STYLE[r].fg8 < 0 && ROLE_STYLE[r].fg256 >= 0)
        *attr |= ROLE_STYLE[r].attr_mono; /* a grey: 8 colours have none */
    *pair = pair_for(th, role_fg(th, r), -1);
}

void theme_cell(theme *th, const canvas_cell *c, bool flash, attr_t *attr, short *pair)
{
    role r = c->role < ROLE_COUNT ? (role)c->role : ROLE_PLAIN;
    theme_role(th, r, 0, attr, pair);
    short fg = role_fg(th, r), bg = -1;
    for (size_t i = 0; i < sizeof OVERLAY / sizeof OVERLAY[0]; i++) {
        if (!(c->marks & OVERLAY[i].mark))
            continue;
        if (th->depth == THEME_MONO) {
            *attr |= OVERLAY[i].attr_mono;
        } else {
            *attr |= OVERLAY[i].attr;
            bg = th->depth == THEME_256 ? OVERLAY[i].bg256 : OVERLAY[i].bg8;
            fg = th->depth == THEME_256 ? 16 : COLOR_BLACK;
        }
        break;
    }
    if (c->marks & MARK_BOLD)
        *attr |= A_BOLD;
    if (bg >= 0)
        *pair = pair_for(th, fg, bg);
    /* the cursor and the completion flash invert whatever is there */
    bool inv = ((c->marks & MARK_CURSOR) != 0) != flash;
    if (inv)
        *attr ^= A_REVERSE;
}
