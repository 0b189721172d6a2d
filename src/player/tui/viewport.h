/* viewport.h: the part of a board canvas larger than the terminal that is
 * on screen: which window to show so the cursor stays in view, scroll bars
 * that say where the window is, and screen to canvas positions for clicks.
 * Pure functions of numbers and a canvas: no terminal (unit-tested). */
#ifndef TESSERA_TUI_VIEWPORT_H
#define TESSERA_TUI_VIEWPORT_H

#include <stdbool.h>

#include "canvas.h"

/* Smallest board window the player scrolls in; below that the terminal
 * is too small (the man page, "Big boards"). */
#define VIEWPORT_MIN_ROWS 4
#define VIEWPORT_MIN_COLS 16

typedef struct {
    int rows, cols;         /* the whole canvas */
    int view_rows, view_cols; /* the window on screen */
    int off_y, off_x;       /* canvas position of the window's top-left */
    bool vbar, hbar;        /* a scroll bar right of / below the window */
} viewport;

/* A rectangle of canvas cells (empty when h or w is 0). */
typedef struct {
    int y, x, h, w;
} vp_box;

/* Sizes the window for a canvas of rows x cols in an area of avail_rows x
 * avail_cols: the whole canvas when it fits, else as much as fits beside
 * the scroll bars it then needs.  Keeps the offsets where they were,
 * clamped (a resize moves the board no more than it must).  False when
 * the window would be smaller than VIEWPORT_MIN_*. */
bool viewport_size(viewport *vp, int rows, int cols, int avail_rows, int avail_cols);

/* One axis: the offset that shows [lo, hi) in a window of size view over
 * total, starting from off.  Nothing moves while the span is at least
 * margin away from both window edges; when it comes closer the window
 * jumps by half its size (or as far as needed to show the span with the
 * margin), so a cursor stepping along scrolls now and then by a large
 * step, never on every step and never back and forth. */
int viewport_follow_axis(int off, int view, int total, int lo, int hi, int margin);

/* Moves the window to show box (e.g. the cursor's cells) with a margin of
 * a quarter of the window, at most 3 rows and 6 columns. */
void viewport_follow(viewport *vp, vp_box box);

/* The bounding box of the canvas cells carrying any of marks. */
vp_box viewport_marked(const canvas *cv, unsigned marks);

/* Screen position (relative to the window's top-left) to canvas position;
 * false outside the window (the scroll bars are not the board). */
bool viewport_to_canvas(const viewport *vp, int sy, int sx, int *cy, int *cx);

/* A scroll bar of length len for a window [off, off+view) over total:
 * the thumb's first cell and length (at least one cell). */
void viewport_thumb(int len, int off, int view, int total, int *start, int *n);

#endif
