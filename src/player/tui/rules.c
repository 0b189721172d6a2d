/* rules.c: the rules page that ? opens with: a framed box of the family's
 * rules text, its example, and the way on to the keys. */
#include <string.h>

#include "tui/rules.h"

void rules_draw(app *s)
{
    const char *const *r = s->f->rules;
    int n = 0, wmax = 40;
    for (int i = 0; r && r[i]; i++, n++)
        if ((int)strlen(r[i]) > wmax)
            wmax = (int)strlen(r[i]);
    int h = n + 5, w = wmax + 4, y0, x0;
    screen_box(s, &h, &w, &y0, &x0);
    char title[64];
    snprintf(title, sizeof title, "%s: the rules", s->f->title);
    int y = y0 + 1;
    screen_text(s, y++, x0 + 2, title, ROLE_CLUE, A_BOLD, w - 4);
    for (int i = 0; r && r[i] && y < y0 + h - 2; i++)
        screen_text(s, y++, x0 + 2, r[i], ROLE_PLAIN, 0, w - 4);
    screen_text(s, y0 + h - 2, x0 + 2, "? or any key: the keys   Esc: back to the game", ROLE_DIM, 0, w - 4);
}
