/* screen.c: everything the player sees: the status line, the board canvas
 * blitted through the theme, the message line, the help overlay, the pause
 * screen and the too-small notice. */
#include "keys.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui/app.h"
#include "tui/rules.h"
#include "tui/term.h"

void screen_format_time(double secs, char *out, size_t n)
{
    long t = (long)secs;
    if (t >= 3600)
        snprintf(out, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(out, n, "%02ld:%02ld", t / 60, t % 60);
}

void screen_message(app *s, bool alert, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    s->msg_alert = alert;
}

/* The screen a board needs, when not even the smallest window onto its
 * canvas (VIEWPORT_MIN_*, with scroll bars) fits. */
static void need_screen(app *s, int nr, int nc)
{
    int r = nr > VIEWPORT_MIN_ROWS ? VIEWPORT_MIN_ROWS : nr;
    int c = nc > VIEWPORT_MIN_COLS ? VIEWPORT_MIN_COLS : nc;
    if (r < nr || c < nc) { /* room for both scroll bars */
        r++;
        c++;
    }
    s->need_rows = r + 1 + APP_MSG_LINES;
    s->need_cols = c;
}

/* Lays the board out for the screen: the largest geometry that fits, else
 * the family's smallest at its full size, shown through a window that
 * scrolls (viewport.h). */
void screen_layout(app *s)
{
    int avail_rows = LINES - 1 - APP_MSG_LINES, avail_cols = COLS;
    int nr = 0, nc = 0;
    canvas_free(&s->cv);
    if (s->f->ui->set_compact)
        s->f->ui->set_compact(s->ui, s->compact);
    const void *pz = s->b->pz->data;
    bool ok = s->f->ui->layout(pz, s->ui, avail_rows > 0 ? avail_rows : 0, avail_cols > 0 ? avail_cols : 0,
                           s->ascii, &nr, &nc);
    if (!ok) {
        /* nr x nc: what the smallest geometry needs; lay it out at that */
        int r2 = 0, c2 = 0;
        ok = nr > 0 && nc > 0 && s->f->ui->layout(pz, s->ui, nr, nc, s->ascii, &r2, &c2);
        if (ok) {
            nr = r2;
            nc = c2;
        }
    }
    s->fits = ok && avail_rows > 0 && viewport_size(&s->vp, nr, nc, avail_rows, avail_cols);
    if (!s->fits) {
        need_screen(s, nr, nc);
        return;
    }
    canvas_init(&s->cv, nr, nc, s->ascii);
    int used_rows = s->vp.view_rows + s->vp.hbar, used_cols = s->vp.view_cols + s->vp.vbar;
    s->cv_y = 1 + (avail_rows - used_rows) / 2;
    s->cv_x = (avail_cols - used_cols) / 2;
    s->shown_marks = (vp_box){0, 0, 0, 0};
    s->by_mouse = false; /* a new window size: bring the cursor into it */
}

/* One glyph (UTF-8, one column) with attributes. */
static void put_glyph(int y, int x, const char *g, attr_t attr, short pair)
{
    wchar_t wc[2] = {L'?', 0};
    mbstate_t st;
    memset(&st, 0, sizeof st);
    wchar_t w;
    size_t r = mbrtowc(&w, g, strlen(g), &st);
    if (r != (size_t)-1 && r != (size_t)-2 && r > 0 && wcwidth(w) == 1)
        wc[0] = w;
    else if (r == 0 || (g[0] == ' ' && !g[1]))
        wc[0] = L' ';
    cchar_t cc;
    setcchar(&cc, wc, attr, pair, NULL);
    mvadd_wch(y, x, &cc);
}

void screen_text(app *s, int y, int x, const char *text, role r, attr_t extra, int maxw)
{
    attr_t a;
    short p;
    theme_role(s->th, r, extra, &a, &p);
    attr_set(a, p, NULL);
    int n = (int)strlen(text);
    if (n > maxw)
        n = maxw;
    if (n > 0 && y >= 0 && y < LINES)
        mvaddnstr(y, x, text, n);
    attr_set(A_NORMAL, 0, NULL);
}

static void draw_status(app *s)
{
    char tbuf[32], left[256], right[64];
    screen_format_time(s->b->elapsed, tbuf, sizeof tbuf);
    char desc[64] = "";
    s->f->describe(s->b->pz->data, desc, sizeof desc);
    snprintf(left, sizeof left, " %s %s  %s  hints %d  checks %d%s", s->f->title, desc, tbuf,
             s->b->hints, s->b->checks,
             s->paused ? "  [paused]" : s->done ? "  [solved]" : "");
    /* a board that scrolls: say there is a zoom that may need less */
    bool zoom = (s->vp.vbar || s->vp.hbar || s->compact) && s->f->ui->set_compact;
    snprintf(right, sizeof right, "%s? help  q quit ", zoom ? "v zoom  " : "");
    attr_t a;
    short p;
    theme_role(s->th, ROLE_PLAIN, A_REVERSE, &a, &p);
    attr_set(a, p, NULL);
    mvhline(0, 0, ' ', COLS);
    attr_set(A_NORMAL, 0, NULL);
    screen_text(s, 0, 0, left, ROLE_PLAIN, A_REVERSE, COLS);
    int rl = (int)strlen(right);
    if ((int)strlen(left) + rl + 1 <= COLS)
        screen_text(s, 0, COLS - rl, right, ROLE_PLAIN, A_REVERSE, rl);
}

/* The message area: the last two lines, word-wrapped. */
void screen_draw_message(app *s)
{
    int w = COLS - 2, y0 = LINES - APP_MSG_LINES;
    for (int i = 0; i < APP_MSG_LINES; i++) {
        wmove(stdscr, y0 + i, 0);
        clrtoeol();
    }
    if (w < 1)
        return;
    const char *p = s->msg;
    for (int i = 0; i < APP_MSG_LINES && *p; i++) {
        while (*p == ' ')
            p++;
        int len = (int)strlen(p), take = len;
        if (take > w) {
            take = w;
            while (take > 0 && p[take] != ' ')
                take--;
            if (take == 0)
                take = w;
        }
        char line[1100];
        snprintf(line, sizeof line, "%.*s", take, p);
        if (i == APP_MSG_LINES - 1 && take < len && w > 3) /* more than fits: say so */
            snprintf(line + (take > w - 3 ? w - 3 : take), 4, "...");
        screen_text(s, y0 + i, 1, line, ROLE_PLAIN, s->msg_alert ? A_BOLD : 0, w);
        p += take;
    }
}

/* Keeps what the player must see in the window: a hint or a check's
 * marks once when they appear (the player looks there next), else the
 * cursor, after a key (a click's cell is in view already, and the board
 * must not move under the mouse between press and release). */
static void follow(app *s)
{
    static const unsigned ORDER[] = {MARK_HINT, MARK_EXPLAIN, MARK_CONFLICT};
    vp_box box = {0, 0, 0, 0};
    for (int i = 0; i < 3 && box.h == 0; i++)
        box = viewport_marked(&s->cv, ORDER[i]);
    if (box.h > 0) {
        if (memcmp(&box, &s->shown_marks, sizeof box) != 0)
            viewport_follow(&s->vp, box);
        s->shown_marks = box;
        return;
    }
    s->shown_marks = box;
    if (!s->by_mouse)
        viewport_follow(&s->vp, viewport_marked(&s->cv, MARK_CURSOR));
}

/* Scroll bars right of and below a window smaller than the canvas: the
 * thumb spans the part shown (a thumb at an end: that end is in view). */
static void draw_scroll_bars(app *s)
{
    const viewport *vp = &s->vp;
    attr_t ta, ha;
    short tp, hp;
    theme_role(s->th, ROLE_DIM, 0, &ta, &tp);
    theme_role(s->th, ROLE_FRAME, A_BOLD, &ha, &hp);
    const char *thumb = s->ascii ? "#" : "\xe2\x96\x88"; /* █ */
    int start, n;
    if (vp->vbar) {
        viewport_thumb(vp->view_rows, vp->off_y, vp->view_rows, vp->rows, &start, &n);
        for (int i = 0; i < vp->view_rows; i++) {
            bool on = i >= start && i < start + n;
            put_glyph(s->cv_y + i, s->cv_x + vp->view_cols, on ? thumb : s->ascii ? "|" : "\xe2\x94\x82",
                      on ? ha : ta, on ? hp : tp);
        }
    }
    if (vp->hbar) {
        viewport_thumb(vp->view_cols, vp->off_x, vp->view_cols, vp->cols, &start, &n);
        for (int i = 0; i < vp->view_cols; i++) {
            bool on = i >= start && i < start + n;
            put_glyph(s->cv_y + vp->view_rows, s->cv_x + i, on ? thumb : s->ascii ? "-" : "\xe2\x94\x80",
                      on ? ha : ta, on ? hp : tp);
        }
    }
}

static void draw_board(app *s)
{
    view v = {
        .hint_facts = s->hint.v, .nhint = s->hint.n,
        .conflict_facts = s->conflict.v, .nconflict = s->conflict.n,
        .explain_groups = s->egroups.v, .nexplain = s->egroups.n,
        .explain_facts = s->efacts.v, .nexplain_facts = s->efacts.n,
    };
    canvas_clear(&s->cv);
    s->f->ui->draw(s->b->pz->data, s->ui, s->b->state, &v, &s->cv);
    if (s->vp.vbar || s->vp.hbar)
        follow(s);
    bool flash = s->flash_until > term_now();
    for (int y = 0; y < s->vp.view_rows; y++)
        for (int x = 0; x < s->vp.view_cols; x++) {
            const canvas_cell *c = canvas_at(&s->cv, y + s->vp.off_y, x + s->vp.off_x);
            attr_t a;
            short p;
            bool lit = flash && strcmp(c->glyph, " ") != 0;
            theme_cell(s->th, &s->f->ui->colours, c, lit, &a, &p);
            put_glyph(s->cv_y + y, s->cv_x + x, theme_blank_shape(s->th, c) ? " " : c->glyph, a, p);
        }
    draw_scroll_bars(s);
}

static const char *const APP_HELP[] = {
    "u, Ctrl-Z       undo",
    "r, Ctrl-R       redo",
    "h               hint: where to look; again: the rule; again: the move",
    "Enter           accept the hint shown (any other key dismisses it)",
    "c               check: do all marks still lead to a solution?",
    "f               fill in the obvious: forced one-clue moves (u undoes)",
    "S               solve, after a yes (u takes it back)",
    "R               restart from the starting board (u takes it back)",
    "> < N M         next / previous puzzle, new puzzle, menu",
    "p               pause",
    "v               compact zoom, one character per cell, on / off",
    "?               the rules, then this help",
    "q               quit (the game is saved)",
    "Esc             stop waiting for an answer; dismiss a hint",
    NULL,
};

void screen_box(app *s, int *h, int *w, int *y0, int *x0)
{
    if (*w > COLS)
        *w = COLS;
    if (*h > LINES)
        *h = LINES;
    *y0 = (LINES - *h) / 2;
    *x0 = (COLS - *w) / 2;
    for (int y = 0; y < *h; y++) {
        wmove(stdscr, *y0 + y, *x0);
        for (int x = 0; x < *w; x++)
            addch(' ');
    }
    attr_t a;
    short p;
    theme_role(s->th, ROLE_FRAME, 0, &a, &p);
    for (int y = 0; y < *h; y++)
        for (int x = 0; x < *w; x++) {
            bool top = y == 0, bot = y == *h - 1, left = x == 0, right = x == *w - 1;
            const char *g = NULL;
            if ((top || bot) && (left || right))
                g = s->ascii ? "+" : top ? (left ? "\xe2\x94\x8c" : "\xe2\x94\x90")
                                       : (left ? "\xe2\x94\x94" : "\xe2\x94\x98");
            else if (top || bot)
                g = s->ascii ? "-" : "\xe2\x94\x80";
            else if (left || right)
                g = s->ascii ? "|" : "\xe2\x94\x82";
            if (g)
                put_glyph(*y0 + y, *x0 + x, g, a, p);
        }
}

static void draw_help(app *s)
{
    int n = 0, wmax = 0;
    const char *const *fam = s->f->ui->help;
    for (int i = 0; APP_HELP[i]; i++, n++)
        if ((int)strlen(APP_HELP[i]) > wmax)
            wmax = (int)strlen(APP_HELP[i]);
    for (int i = 0; fam && fam[i]; i++, n++)
        if ((int)strlen(fam[i]) > wmax)
            wmax = (int)strlen(fam[i]);
    int h = n + 6, w = wmax + 4, y0, x0;
    screen_box(s, &h, &w, &y0, &x0);
    int y = y0 + 1;
    screen_text(s, y++, x0 + 2, "Keys", ROLE_CLUE, A_BOLD, w - 4);
    for (int i = 0; APP_HELP[i] && y < y0 + h - 1; i++)
        screen_text(s, y++, x0 + 2, APP_HELP[i], ROLE_PLAIN, 0, w - 4);
    if (fam && y < y0 + h - 1) {
        char t[64];
        snprintf(t, sizeof t, "%s", s->f->title);
        screen_text(s, y++, x0 + 2, t, ROLE_CLUE, A_BOLD, w - 4);
    }
    for (int i = 0; fam && fam[i] && y < y0 + h - 1; i++)
        screen_text(s, y++, x0 + 2, fam[i], ROLE_PLAIN, 0, w - 4);
    if (y < y0 + h - 1)
        screen_text(s, y0 + h - 2, x0 + 2, "press any key", ROLE_DIM, 0, w - 4);
}

static void draw_centered(app *s, int y, const char *text, role r, attr_t extra)
{
    int n = (int)strlen(text);
    int x = n < COLS ? (COLS - n) / 2 : 0;
    screen_text(s, y, x, text, r, extra, COLS);
}

/* A notice on a screen that may be narrower than it: word-wrapped and
 * centred (the too-small message must be readable at 20 columns). */
static void draw_wrapped(app *s, const char *text)
{
    char lines[8][128];
    int n = 0;
    const char *p = text;
    while (*p && n < 8) {
        while (*p == ' ')
            p++;
        int len = (int)strlen(p), take = len;
        if (take > COLS) {
            take = COLS;
            while (take > 0 && p[take] != ' ')
                take--;
            if (take == 0)
                take = COLS;
        }
        if (take > 127)
            take = 127;
        snprintf(lines[n], sizeof lines[0], "%.*s", take, p);
        for (char *c = lines[n]; *c; c++)
            if (*c == '\x01')
                *c = ' ';
        n++;
        p += take;
    }
    int y0 = (LINES - n) / 2;
    for (int i = 0; i < n; i++)
        draw_centered(s, y0 + i, lines[i], ROLE_PLAIN, A_BOLD);
    if (y0 + n < LINES)
        draw_centered(s, y0 + n, "(q quits)", ROLE_DIM, 0);
}

void screen_draw(app *s)
{
    erase();
    if (!s->fits) {
        char buf[128];
        /* \x01: a space the wrapping keeps, so "W x H" stays on one line */
        snprintf(buf, sizeof buf, "need at least %d\x01x\x01%d, have %d\x01x\x01%d", s->need_cols,
                 s->need_rows, COLS, LINES);
        draw_wrapped(s, buf);
        refresh();
        return;
    }
    draw_status(s);
    if (s->paused) {
        draw_centered(s, LINES / 2, "paused", ROLE_PLAIN, A_BOLD);
        draw_centered(s, LINES / 2 + 1, "press p to go on", ROLE_DIM, 0);
    } else {
        draw_board(s);
    }
    screen_draw_message(s);
    if (s->help)
        draw_help(s);
    else if (s->rules)
        rules_draw(s);
    refresh();
}
