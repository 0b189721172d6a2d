/* theme.c: role and overlay tables for mono, 8-colour and 256-colour
 * terminals.  Colour pairs are handed out lazily, so only the few
 * (foreground, background) combinations a board uses take a pair. */
#include "tui/theme.h"

#include <stdlib.h>
#include <string.h>

/* -1 is the terminal's own colour (use_default_colors).  fill8/fill256:
 * the colour of the role's filled areas, 0 for the others (which fill
 * with their foreground colour).  The shared roles are here; a family's
 * own come from its palette (style_of). */
typedef struct {
    short fg8, fg256;
    attr_t attr;      /* in every depth: meaning survives without colour */
    attr_t attr_mono; /* added when there is no colour (instead of hue) */
    short fill8, fill256;
} role_style;

static const role_style ROLE_STYLE[ROLE_FAMILY] = {
    [ROLE_PLAIN] = {-1, -1, 0, 0, 0, 0},
    [ROLE_DIM] = {-1, 244, 0, A_DIM, 0, 0},
    [ROLE_FRAME] = {-1, 243, 0, A_DIM, 0, 0},
    [ROLE_CLUE] = {-1, -1, A_BOLD, 0, 0, 0},
    [ROLE_CLUE_MET] = {-1, 243, 0, A_DIM, 0, 0},
    [ROLE_CLUE_BROKEN] = {COLOR_RED, 196, A_BOLD | A_UNDERLINE, 0, 0, 0},
    [ROLE_ERROR] = {COLOR_RED, 196, A_BOLD | A_UNDERLINE, 0, 0, 0},
    [ROLE_GIVEN] = {-1, -1, A_BOLD, 0, 0, 0},
};

/* The neutral colour numbers of canvas.h are curses' own. */
_Static_assert(COLOUR_RED == COLOR_RED && COLOUR_WHITE == COLOR_WHITE && COLOUR_BLACK == COLOR_BLACK,
               "canvas.h colours follow curses");

static attr_t attr_of(unsigned look)
{
    return ((look & LOOK_BOLD) ? A_BOLD : 0) | ((look & LOOK_UNDERLINE) ? A_UNDERLINE : 0) |
           ((look & LOOK_DIM) ? A_DIM : 0);
}

/* Whether r is a role this palette knows: a shared one or one of its own. */
static bool known(const palette *pal, unsigned r)
{
    return r < ROLE_FAMILY || (pal && r - ROLE_FAMILY < (unsigned)pal->n);
}

/* The style of a known role. */
static role_style style_of(const palette *pal, unsigned r)
{
    if (r < ROLE_FAMILY)
        return ROLE_STYLE[r];
    const role_colour *c = &pal->colours[r - ROLE_FAMILY];
    return (role_style){c->fg8, c->fg256, attr_of(c->look), attr_of(c->look_mono), c->fill8, c->fill256};
}

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

static short style_fg(theme_depth d, const role_style *st)
{
    if (d == THEME_MONO)
        return -1;
    return d == THEME_256 ? st->fg256 : st->fg8;
}

/* The colour of a role's filled areas: its fill, else its foreground. */
static short style_fill(theme_depth d, const role_style *st)
{
    if (d == THEME_MONO)
        return -1;
    if (st->fill8 || st->fill256)
        return d == THEME_256 ? st->fill256 : st->fill8;
    return style_fg(d, st);
}

static attr_t style_attr(theme_depth d, const role_style *st)
{
    attr_t a = st->attr;
    if (d == THEME_MONO)
        a |= st->attr_mono;
    else if (d == THEME_8 && st->fg8 < 0 && st->fg256 >= 0)
        a |= st->attr_mono; /* a grey: 8 colours have none */
    return a;
}

void theme_role(theme *th, role r, attr_t extra, attr_t *attr, short *pair)
{
    role_style st = style_of(NULL, known(NULL, r) ? r : ROLE_PLAIN);
    *attr = style_attr(th->depth, &st) | extra;
    *pair = pair_for(th, style_fg(th->depth, &st), -1);
}

void theme_look_of(theme_depth d, const palette *pal, const canvas_cell *c, bool flash, theme_look *out)
{
    role_style st = style_of(pal, known(pal, c->role) ? c->role : ROLE_PLAIN);
    attr_t attr = style_attr(d, &st);
    short fg = (c->marks & MARK_SHAPE) ? style_fill(d, &st) : style_fg(d, &st);
    bool filled = c->bg != 0 && known(pal, c->bg) && d != THEME_MONO;
    role_style bst = style_of(pal, filled ? c->bg : ROLE_PLAIN);
    short bg = filled ? style_fill(d, &bst) : -1;
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

void theme_cell(theme *th, const palette *pal, const canvas_cell *c, bool flash, attr_t *attr,
                short *pair)
{
    theme_look lk;
    theme_look_of(th->depth, pal, c, flash, &lk);
    *attr = lk.attr;
    *pair = pair_for(th, lk.fg, lk.bg);
}

bool theme_blank_shape(const theme *th, const canvas_cell *c)
{
    return th->depth == THEME_MONO && (c->marks & MARK_SHAPE);
}
