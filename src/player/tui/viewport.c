/* viewport.c: the window onto a board canvas larger than the terminal:
 * sizing, following the cursor, scroll bar thumbs and click positions. */
#include "tui/viewport.h"

#include <assert.h>

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

bool viewport_size(viewport *vp, int rows, int cols, int avail_rows, int avail_cols)
{
    vp->rows = rows;
    vp->cols = cols;
    /* a bar on one axis takes a line from the other, which may then need
     * its own bar: two rounds settle it */
    bool vbar = false, hbar = false;
    for (int round = 0; round < 2; round++) {
        vbar = rows > avail_rows - (hbar ? 1 : 0);
        hbar = cols > avail_cols - (vbar ? 1 : 0);
    }
    vp->vbar = vbar;
    vp->hbar = hbar;
    int vr = avail_rows - (hbar ? 1 : 0), vc = avail_cols - (vbar ? 1 : 0);
    vp->view_rows = rows < vr ? rows : vr;
    vp->view_cols = cols < vc ? cols : vc;
    if ((vbar || hbar) && (vp->view_rows < VIEWPORT_MIN_ROWS || vp->view_cols < VIEWPORT_MIN_COLS))
        return false;
    if (vp->view_rows < 1 || vp->view_cols < 1)
        return false;
    vp->off_y = clamp(vp->off_y, 0, rows - vp->view_rows);
    vp->off_x = clamp(vp->off_x, 0, cols - vp->view_cols);
    return true;
}

int viewport_follow_axis(int off, int view, int total, int lo, int hi, int margin)
{
    int max_off = total > view ? total - view : 0;
    if (max_off == 0)
        return 0;
    off = clamp(off, 0, max_off);
    if (hi <= lo)
        return off;
    /* a span too big for the window with its margins: show its start */
    if (margin > (view - (hi - lo)) / 2)
        margin = (view - (hi - lo)) / 2;
    if (margin < 0)
        margin = 0;
    if (lo < off + margin) {
        int want = off - view / 2;
        if (want > lo - margin)
            want = lo - margin;
        off = want;
    } else if (hi > off + view - margin) {
        int want = off + view / 2;
        if (want < hi - view + margin)
            want = hi - view + margin;
        if (hi - lo > view) /* never push the span's start out */
            want = lo;
        off = want;
    }
    return clamp(off, 0, max_off);
}

static int margin_of(int view, int cap)
{
    int m = view / 4;
    return m < cap ? m : cap;
}

void viewport_follow(viewport *vp, vp_box box)
{
    if (box.h <= 0 || box.w <= 0)
        return;
    vp->off_y = viewport_follow_axis(vp->off_y, vp->view_rows, vp->rows, box.y, box.y + box.h,
                                     margin_of(vp->view_rows, 3));
    vp->off_x = viewport_follow_axis(vp->off_x, vp->view_cols, vp->cols, box.x, box.x + box.w,
                                     margin_of(vp->view_cols, 6));
}

vp_box viewport_marked(const canvas *cv, unsigned marks)
{
    int y0 = cv->rows, x0 = cv->cols, y1 = -1, x1 = -1;
    for (int y = 0; y < cv->rows; y++)
        for (int x = 0; x < cv->cols; x++)
            if (canvas_at(cv, y, x)->marks & marks) {
                y0 = y < y0 ? y : y0;
                x0 = x < x0 ? x : x0;
                y1 = y > y1 ? y : y1;
                x1 = x > x1 ? x : x1;
            }
    if (y1 < 0)
        return (vp_box){0, 0, 0, 0};
    return (vp_box){y0, x0, y1 - y0 + 1, x1 - x0 + 1};
}

bool viewport_to_canvas(const viewport *vp, int sy, int sx, int *cy, int *cx)
{
    if (sy < 0 || sx < 0 || sy >= vp->view_rows || sx >= vp->view_cols)
        return false;
    *cy = sy + vp->off_y;
    *cx = sx + vp->off_x;
    return true;
}

void viewport_thumb(int len, int off, int view, int total, int *start, int *n)
{
    assert(len > 0);
    if (total <= view || total <= 0) {
        *start = 0;
        *n = len;
        return;
    }
    /* rounded to the nearest cell; the thumb reaches the bar's end exactly
     * when the window shows the canvas's end */
    int s = (int)(((long)off * len + total / 2) / total);
    int e = (int)(((long)(off + view) * len + total / 2) / total);
    if (off + view >= total)
        e = len;
    if (off == 0)
        s = 0;
    if (e <= s)
        e = s + 1;
    if (e > len) {
        e = len;
        s = e - 1 < s ? e - 1 : s;
    }
    /* not at an end: the thumb keeps off the end cells, so a thumb at an
     * end means that end is shown */
    if (off > 0 && s == 0 && len > 2) {
        s = 1;
        if (e <= s)
            e = s + 1;
    }
    if (off + view < total && e == len && len > 2) {
        e = len - 1;
        if (s >= e)
            s = e - 1;
    }
    *start = s;
    *n = e - s;
}
