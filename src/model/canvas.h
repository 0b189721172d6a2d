/* canvas.h: the tiny drawing interface between families and front ends.
 * A family paints glyphs with colour ROLES into an in-memory cell buffer
 * and records which screen cells belong to which target (cell, edge, tray
 * slot) for exact mouse hit-testing; the TUI maps roles to colours per
 * theme (8 colours, 256 colours, NO_COLOR, ASCII) and blits the buffer.
 * Tests can render into a canvas with no terminal at all. */
#ifndef TESSERA_CANVAS_H
#define TESSERA_CANVAS_H

#include <stdbool.h>

/* The roles every family and the front end share.  A family's own roles
 * (a tree, a track, Tantrix red) are ROLE_FAMILY + i, i indexing the
 * palette it declares in its game_ui table (as Tatham's game_colours()). */
typedef enum {
    ROLE_PLAIN = 0,
    ROLE_DIM,          /* grid dots, met clues, inactive things */
    ROLE_FRAME,        /* board frame and cell borders */
    ROLE_CLUE,         /* a clue that may still be met */
    ROLE_CLUE_MET,     /* a clue that is met exactly */
    ROLE_CLUE_BROKEN,  /* a clue that can no longer be met (red) */
    ROLE_ERROR,        /* a rule visibly broken (touching tents, mismatched edge) */
    ROLE_GIVEN,        /* given pieces the player cannot change */
    ROLE_FAMILY = 16,  /* the first of a family's own roles */
} role;

/* How a family role looks, neutrally: colours for 8 and 256 colour
 * terminals (COLOUR_* and xterm numbers; -1 the terminal's own), LOOK_*
 * attributes in every depth (meaning survives without colour) and more
 * of them with no colour at all (instead of hue).  fill8/fill256: the
 * colour of the role's filled areas (canvas_bg, MARK_SHAPE), 0 for a role
 * that fills with its foreground. */
enum { COLOUR_BLACK, COLOUR_RED, COLOUR_GREEN, COLOUR_YELLOW, COLOUR_BLUE, COLOUR_MAGENTA,
       COLOUR_CYAN, COLOUR_WHITE };
enum { LOOK_BOLD = 1, LOOK_UNDERLINE = 2, LOOK_DIM = 4 };
typedef struct {
    short fg8, fg256;
    unsigned char look, look_mono;
    short fill8, fill256;
} role_colour;

/* A family's roles: ROLE_FAMILY + i looks like colours[i]. */
typedef struct {
    const role_colour *colours;
    int n;
} palette;

/* Overlays the front end asks for; a family ORs them into the cells of the
 * thing they concern, and the theme turns them into attributes (reverse
 * video, underline, bold, background) so meaning never rests on hue. */
enum {
    MARK_CURSOR = 1,    /* reverse video */
    MARK_HINT = 2,      /* the proposed move */
    MARK_EXPLAIN = 4,   /* a clue/group that forces the hint */
    MARK_CONFLICT = 8,  /* a mark in a minimal conflicting set */
    MARK_SELECTED = 16, /* a picked-up tile */
    MARK_BOLD = 32,
    MARK_SHAPE = 64,    /* the glyph is a shape (a half-filled cell) drawn in
                         * the FILL colour of its role: blank without colour */
};

typedef struct {
    char glyph[8];      /* one screen column of UTF-8 (or ASCII) text */
    unsigned char role;
    unsigned char marks;
    unsigned char bg;   /* a role whose fill colour is the background, 0: none */
    int owner;          /* hit-test target, -1 for none */
} canvas_cell;

typedef struct {
    int rows, cols;
    bool ascii;         /* draw with the ASCII fallbacks */
    canvas_cell *cells;
    /* Writes (put, text, mark, bg, own) that fell outside rows x cols
     * since the last init or clear, cells of a rectangle counted one by
     * one: they are dropped, and test_contract asserts a family makes none
     * at the size its layout reported (game_ui.draws_past_edge). */
    long outside;
} canvas;

void canvas_init(canvas *cv, int rows, int cols, bool ascii);
void canvas_free(canvas *cv);
/* Blanks every cell and zeroes the outside count. */
void canvas_clear(canvas *cv);

/* One glyph of screen width 1 at (y, x): utf8 normally, ascii when the
 * canvas is in ASCII mode (or when utf8 is NULL).  Out-of-range is dropped
 * (and counted in outside). */
void canvas_put(canvas *cv, int y, int x, const char *utf8, const char *ascii, role r, unsigned marks);
/* A run of ASCII text, one column per byte. */
void canvas_text(canvas *cv, int y, int x, const char *text, role r, unsigned marks);
/* ORs overlay marks into a rectangle. */
void canvas_mark(canvas *cv, int y, int x, int h, int w, unsigned marks);
/* Sets the background of one cell to the fill colour of role bg (the
 * Tetravex triangles); ROLE_PLAIN clears it. */
void canvas_bg(canvas *cv, int y, int x, role bg);
/* Records that the rectangle belongs to target (hit-testing). */
void canvas_own(canvas *cv, int y, int x, int h, int w, int target);
int canvas_owner(const canvas *cv, int y, int x);
const canvas_cell *canvas_at(const canvas *cv, int y, int x);
/* The canvas as plain text lines (for tests and debugging); caller frees. */
char *canvas_to_text(const canvas *cv);

#endif
