/* theme.c: role and overlay tables for mono, 8-colour and 256-colour
 * terminals.  Colour pairs are handed out lazily, so only the few
 * (foreground, background) combinations a board uses take a pair. */
#include "tui/theme.h"

#include <stdlib.h>
#include <string.h>

/* -1 is the terminal's own colour (use_default_colors).  fill8/fill256:
 * the colour of the role's filled areas (ROLE_FILLn), 0 for the others
 * (which fill with their foreground colour). */
typedef struct {
    short fg8, fg256;
    attr_t attr;      /* in every depth: meaning survives without colour */
    attr_t attr_mono; /* added when there is no colour (instead of hue) */
    short fill8, fill256;
} role_style;

static const role_style ROLE_STYLE[ROLE_COUNT] = {
    [ROLE_PLAIN] = {-1, -1, 0, 0, 0, 0},
    [ROLE_DIM] = {-1, 244, 0, A_DIM, 0, 0},
    [ROLE_FRAME] = {-1, 243, 0, A_DIM, 0, 0},
    [ROLE_CLUE] = {-1, -1, A_BOLD, 0, 0, 0},
    [ROLE_CLUE_MET] = {-1, 243, 0, A_DIM, 0, 0},
    [ROLE_CLUE_BROKEN] = {COLOR_RED, 196, A_BOLD | A_UNDERLINE, 0, 0, 0},
    [ROLE_ERROR] = {COLOR_RED, 196, A_BOLD | A_UNDERLINE, 0, 0, 0},
    [ROLE_TREE] = {COLOR_GREEN, 28, A_BOLD, 0, 0, 0},
    [ROLE_TENT] = {COLOR_YELLOW, 172, A_BOLD, 0, 0, 0},
    [ROLE_GRASS] = {COLOR_GREEN, 107, 0, A_DIM, 0, 0},
    [ROLE_TRACK] = {COLOR_YELLOW, 130, A_BOLD, 0, 0, 0},
    [ROLE_NO_TRACK] = {-1, 244, 0, A_DIM, 0, 0},
    [ROLE_GIVEN] = {-1, -1, A_BOLD, 0, 0, 0},
    [ROLE_SATISFIED] = {COLOR_GREEN, 65, 0, A_DIM, 0, 0},
    [ROLE_LOCKED] = {COLOR_CYAN, 31, A_BOLD, A_UNDERLINE, 0, 0},
    [ROLE_VALUE0 + 0] = {-1, 245, 0, 0, 0, 0},
    [ROLE_VALUE0 + 1] = {COLOR_RED, 160, 0, 0, 0, 0},
    [ROLE_VALUE0 + 2] = {COLOR_GREEN, 28, 0, 0, 0, 0},
    [ROLE_VALUE0 + 3] = {COLOR_YELLOW, 136, 0, 0, 0, 0},
    [ROLE_VALUE0 + 4] = {COLOR_BLUE, 26, 0, 0, 0, 0},
    [ROLE_VALUE0 + 5] = {COLOR_MAGENTA, 91, 0, 0, 0, 0},
    [ROLE_VALUE0 + 6] = {COLOR_CYAN, 30, 0, 0, 0, 0},
    [ROLE_VALUE0 + 7] = {COLOR_RED, 166, A_BOLD, 0, 0, 0},
    [ROLE_VALUE0 + 8] = {COLOR_GREEN, 64, A_BOLD, 0, 0, 0},
    [ROLE_VALUE0 + 9] = {COLOR_BLUE, 62, A_BOLD, 0, 0, 0},
    [ROLE_TANTRIX_RED] = {COLOR_RED, 160, A_BOLD, 0, 0, 0},
    [ROLE_TANTRIX_YELLOW] = {COLOR_YELLOW, 178, A_BOLD, 0, 0, 0},
    [ROLE_TANTRIX_BLUE] = {COLOR_BLUE, 27, A_BOLD, 0, 0, 0},
    [ROLE_TANTRIX_GREEN] = {COLOR_GREEN, 34, A_BOLD, 0, 0, 0},
    /* Tetravex sides: light fills under black digits in 256 colours, ten
     * hues apart; 8 colours repeat hues from 7 on, with the other text
     * colour, and the digit always tells. */
    [ROLE_FILL0 + 0] = {COLOR_BLACK, 16, A_BOLD, 0, COLOR_WHITE, 250},
    [ROLE_FILL0 + 1] = {COLOR_WHITE, 16, A_BOLD, 0, COLOR_RED, 203},
    [ROLE_FILL0 + 2] = {COLOR_BLACK, 16, A_BOLD, 0, COLOR_GREEN, 114},
    [ROLE_FILL0 + 3] = {COLOR_BLACK, 16, A_BOLD, 0, COLOR_YELLOW, 227},
    [ROLE_FILL0 + 4] = {COLOR_WHITE, 16, A_BOLD, 0, COLOR_BLUE, 75},
    [ROLE_FILL0 + 5] = {COLOR_WHITE, 16, A_BOLD, 0, COLOR_MAGENTA, 213},
    [ROLE_FILL0 + 6] = {COLOR_BLACK, 16, A_BOLD, 0, COLOR_CYAN, 87},
    [ROLE_FILL0 + 7] = {COLOR_BLACK, 16, A_BOLD, 0, COLOR_RED, 215},
    [ROLE_FILL0 + 8] = {COLOR_WHITE, 16, A_BOLD, 0, COLOR_GREEN, 180},
    [ROLE_FILL0 + 9] = {COLOR_BLACK, 16, A_BOLD, 0, COLOR_MAGENTA, 141},
};

/* Overlays, strongest first.  With colour they give a background and black
 * text on it; under the cursor the same hue darker with white text, so the
 * cursor never hides what is highlighted.  Without colour, attributes
 * alone tell them apart, and none uses reverse video: that is the cursor's
 * alone (see theme_look_of). */
typedef struct {
    unsigned mark;
    short bg8, bg256, cursor_bg256;
    attr_t attr, attr_mono;
} overlay_style;

static const overlay_style OVERLAY[] = {
    {MARK_CONFLICT, COLOR_RED, 210, 160, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE | A_ITALIC},
    {MARK_HINT, COLOR_CYAN, 117, 31, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE},
    {MARK_EXPLAIN, COLOR_YELLOW, 229, 136, A_UNDERLINE, A_UNDERLINE | A_ITALIC},
    {MARK_SELECTED, COLOR_MAGENTA, 183, 97, A_BOLD, A_BOLD | A_ITALIC},
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

static short role_fg(theme_depth d, role r)
{
    if (d == THEME_MONO || r >= ROLE_COUNT)
        return -1;
    return d == THEME_256 ? ROLE_STYLE[r].fg256 : ROLE_STYLE[r].fg8;
}

/* The colour of a role's filled areas: its fill, else its foreground. */
static short role_fill(theme_depth d, role r)
{
    if (d == THEME_MONO || r >= ROLE_COUNT)
        return -1;
    const role_style *st = &ROLE_STYLE[r];
    if (st->fill8 || st->fill256)
        return d == THEME_256 ? st->fill256 : st->fill8;
    return role_fg(d, r);
}

static attr_t role_attr(theme_depth d, role r)
{
    attr_t a = ROLE_STYLE[r].attr;
    if (d == THEME_MONO)
        a |= ROLE_STYLE[r].attr_mono;
    else if (d == THEME_8 && ROLE_STYLE[r].fg8 < 0 && ROLE_STYLE[r].fg256 >= 0)
        a |= ROLE_STYLE[r].attr_mono; /* a grey: 8 colours have none */
    return a;
}

void theme_role(theme *th, role r, attr_t extra, attr_t *attr, short *pair)
{
    if ((unsigned)r >= ROLE_COUNT)
        r = ROLE_PLAIN;
    *attr = role_attr(th->depth, r) | extra;
    *pair = pair_for(th, role_fg(th->depth, r), -1);
}

void theme_look_of(theme_depth d, const canvas_cell *c, bool flash, theme_look *out)
{
    role r = c->role < ROLE_COUNT ? (role)c->role : ROLE_PLAIN;
    attr_t attr = role_attr(d, r);
    short fg = (c->marks & MARK_SHAPE) ? role_fill(d, r) : role_fg(d, r);
    bool filled = c->bg != 0 && c->bg < ROLE_COUNT && d != THEME_MONO;
    short bg = filled ? role_fill(d, (role)c->bg) : -1;
    bool cursor = (c->marks & MARK_CURSOR) != 0, cursor_shown = false;
    for (size_t i = 0; i < sizeof OVERLAY / sizeof OVERLAY[0]; i++) {
        const overlay_style *o = &OVERLAY[i];
        if (!(c->marks & o->mark))
            continue;
        if (d == THEME_MONO) {
            attr |= o->attr_mono;
        } else if (filled) {
            attr |= o->attr; /* a filled cell keeps its colours */
        } else {
            attr |= o->attr;
            if (cursor) {
                bg = d == THEME_256 ? o->cursor_bg256 : o->bg8;
                fg = d == THEME_256 ? 231 : COLOR_WHITE;
                attr |= A_BOLD;
                cursor_shown = true;
            } else {
                bg = d == THEME_256 ? o->bg256 : o->bg8;
                fg = d == THEME_256 ? 16 : COLOR_BLACK;
            }
        }
        break;
    }
    if (c->marks & MARK_BOLD)
        attr |= A_BOLD;
    if (cursor && !cursor_shown && filled) {
        attr |= A_BOLD | A_UNDERLINE; /* reverse would swap the fill away */
        cursor_shown = true;
    }
    /* elsewhere the cursor and the completion flash invert the cell: an
     * error stays red (as a red background), a hint keeps its underline */
    bool inv = (cursor && !cursor_shown) != flash;
    if (inv)
        attr ^= A_REVERSE;
    out->fg = fg;
    out->bg = bg;
    out->attr = attr;
}

void theme_cell(theme *th, const canvas_cell *c, bool flash, attr_t *attr, short *pair)
{
    theme_look lk;
    theme_look_of(th->depth, c, flash, &lk);
    *attr = lk.attr;
    *pair = pair_for(th, lk.fg, lk.bg);
}

bool theme_blank_shape(const theme *th, const canvas_cell *c)
{
    return th->depth == THEME_MONO && (c->marks & MARK_SHAPE);
}
