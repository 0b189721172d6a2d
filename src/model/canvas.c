/* canvas.c: the in-memory cell buffer families draw into. */
#include "canvas.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void canvas_init(canvas *cv, int rows, int cols, bool ascii)
{
    cv->rows = rows > 0 ? rows : 0;
    cv->cols = cols > 0 ? cols : 0;
    cv->ascii = ascii;
    cv->cells = xcalloc((size_t)cv->rows * (size_t)cv->cols + 1, sizeof *cv->cells);
    canvas_clear(cv);
}

void canvas_free(canvas *cv)
{
    free(cv->cells);
    cv->cells = NULL;
    cv->rows = cv->cols = 0;
}

void canvas_clear(canvas *cv)
{
    cv->outside = 0;
    for (int i = 0; i < cv->rows * cv->cols; i++) {
        canvas_cell *c = &cv->cells[i];
        strcpy(c->glyph, " ");
        c->role = ROLE_PLAIN;
        c->marks = 0;
        c->bg = 0;
        c->owner = -1;
    }
}

static canvas_cell *cell(canvas *cv, int y, int x)
{
    if (y < 0 || x < 0 || y >= cv->rows || x >= cv->cols)
        return NULL;
    return &cv->cells[y * cv->cols + x];
}

/* The cell a write goes to, NULL (and counted) when it falls outside. */
static canvas_cell *write_cell(canvas *cv, int y, int x)
{
    canvas_cell *c = cell(cv, y, x);
    if (!c)
        cv->outside++;
    return c;
}

const canvas_cell *canvas_at(const canvas *cv, int y, int x)
{
    return cell((canvas *)cv, y, x);
}

void canvas_put(canvas *cv, int y, int x, const char *utf8, const char *ascii, role r, unsigned marks)
{
    canvas_cell *c = write_cell(cv, y, x);
    if (!c)
        return;
    const char *g = (cv->ascii || !utf8) ? (ascii ? ascii : "?") : utf8;
    size_t n = strlen(g);
    if (n >= sizeof c->glyph)
        n = sizeof c->glyph - 1;
    memcpy(c->glyph, g, n);
    c->glyph[n] = 0;
    c->role = (unsigned char)r;
    c->marks = (unsigned char)(c->marks | marks);
}

void canvas_text(canvas *cv, int y, int x, const char *text, role r, unsigned marks)
{
    for (int i = 0; text[i]; i++) {
        char g[2] = {text[i], 0};
        canvas_put(cv, y, x + i, g, g, r, marks);
    }
}

void canvas_mark(canvas *cv, int y, int x, int h, int w, unsigned marks)
{
    for (int dy = 0; dy < h; dy++)
        for (int dx = 0; dx < w; dx++) {
            canvas_cell *c = write_cell(cv, y + dy, x + dx);
            if (c)
                c->marks = (unsigned char)(c->marks | marks);
        }
}

void canvas_bg(canvas *cv, int y, int x, role bg)
{
    canvas_cell *c = write_cell(cv, y, x);
    if (c)
        c->bg = (unsigned char)bg;
}

void canvas_own(canvas *cv, int y, int x, int h, int w, int target)
{
    for (int dy = 0; dy < h; dy++)
        for (int dx = 0; dx < w; dx++) {
            canvas_cell *c = write_cell(cv, y + dy, x + dx);
            if (c)
                c->owner = target;
        }
}

int canvas_owner(const canvas *cv, int y, int x)
{
    const canvas_cell *c = canvas_at(cv, y, x);
    return c ? c->owner : -1;
}

char *canvas_to_text(const canvas *cv)
{
    strbuf b = {0};
    for (int y = 0; y < cv->rows; y++) {
        for (int x = 0; x < cv->cols; x++)
            sb_puts(&b, cv->cells[y * cv->cols + x].glyph);
        sb_putc(&b, '\n');
    }
    if (!b.s)
        b.s = xcalloc(1, 1);
    return b.s;
}
