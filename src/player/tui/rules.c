/* rules.c: the rules page that ? opens with: a framed box of the family's
 * rules text, its example, and the way on to the keys. */
#include <string.h>

#include "tui/rules.h"

static void text(app *s, int y, int x, const char *t, role r, attr_t extra, int maxw)
{
    attr_t a;
    short p;
    theme_role(s->th, r, extra, &a, &p);
    attr_set(a, p, NULL);
    int n = (int)strlen(t);
    if (n > maxw)
        n = maxw;
    if (n > 0 && y >= 0 && y < LINES)
        mvaddnstr(y, x, t, n);
    attr_set(A_NORMAL, 0, NULL);
}

void rules_draw(app *s)
{
    const char *const *r = s->f->rules;
    int n = 0, wmax = 40;
    for (int i = 0; r && r[i]; i++, n++)
        if ((int)strlen(r[i]) > wmax)
            wmax = (int)strlen(r[i]);
    int h = n + 5, w = wmax + 4;
    if (w > COLS)
        w = COLS;
    if (h > LINES)
        h = LINES;
    int y0 = (LINES - h) / 2, x0 = (COLS - w) / 2;
    attr_t a;
    short p;
    theme_role(s->th, ROLE_FRAME, 0, &a, &p);
    for (int y = 0; y < h; y++) {
        wmove(stdscr, y0 + y, x0);
        for (int x = 0; x < w; x++) {
            bool top = y == 0, bot = y == h - 1, left = x == 0, right = x == w - 1;
            attr_set(a, p, NULL);
            const char *g = " ";
            if ((top || bot) && (left || right))
                g = s->ascii ? "+" : top ? (left ? "\xe2\x94\x8c" : "\xe2\x94\x90")
                                       : (left ? "\xe2\x94\x94" : "\xe2\x94\x98");
            else if (top || bot)
                g = s->ascii ? "-" : "\xe2\x94\x80";
            else if (left || right)
                g = s->ascii ? "|" : "\xe2\x94\x82";
            else
                attr_set(A_NORMAL, 0, NULL);
            addstr(g); /* a UTF-8 box glyph, one column */
        }
    }
    attr_set(A_NORMAL, 0, NULL);
    char title[64];
    snprintf(title, sizeof title, "%s: the rules", s->f->title);
    int y = y0 + 1;
    text(s, y++, x0 + 2, title, ROLE_CLUE, A_BOLD, w - 4);
    for (int i = 0; r && r[i] && y < y0 + h - 2; i++)
        text(s, y++, x0 + 2, r[i], ROLE_PLAIN, 0, w - 4);
    text(s, y0 + h - 2, x0 + 2, "? or any key: the keys   Esc: back to the game", ROLE_DIM, 0, w - 4);
}
