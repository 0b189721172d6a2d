/* latin_parse.c: reads a Latin square puzzle: n rows of n characters,
 * '.' for an open cell or a given digit 1..n.  Errors name line:column
 * and what was expected there (game.h: sniff, parse, free_puzzle). */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/latin.h"

latin_puzzle *latin_new(int n)
{
    assert(n >= 1 && n <= LATIN_MAX_SIDE);
    latin_puzzle *p = xcalloc(1, sizeof *p);
    p->n = n;
    p->given = xcalloc((size_t)(n * n), 1);
    return p;
}

/* game.h free_puzzle: frees what parse returned (NULL is fine). */
void latin_free(void *pz)
{
    latin_puzzle *p = pz;
    if (!p)
        return;
    free(p->given);
    free(p);
}

/* Fills err at byte pos of text with "expected ...", as every parser
 * does: diag_report prints it as FILE:LINE:COL. */
static void *fail(diag *err, const char *text, size_t pos, const char *what)
{
    int line, col;
    text_position(text, pos, &line, &col);
    diag_set(err, line, col, "%s", what);
    return NULL;
}

/* The next line holding grid text from *pos on: skips blank lines and
 * '#' comments (tessera(6): every format allows them), drops CR and
 * trailing blanks.  false at the end of the text. */
static bool next_row(const char *text, size_t *pos, size_t *start, size_t *len)
{
    while (text[*pos]) {
        size_t a = *pos, e = a;
        while (text[e] && text[e] != '\n')
            e++;
        *pos = text[e] ? e + 1 : e;
        size_t t = e;
        while (t > a && isspace((unsigned char)text[t - 1]))
            t--;
        if (t > a && text[a] != '#') {
            *start = a;
            *len = t - a;
            return true;
        }
    }
    return false;
}

/* game.h parse: the side is the length of the first row; every row must
 * have it, and there are as many rows. */
void *latin_parse(const char *text, diag *err, int *nstate)
{
    size_t pos = 0, start, len;
    char msg[128];
    if (!next_row(text, &pos, &start, &len))
        return fail(err, text, pos, "a row of the grid: '.' or a digit a cell, such as 1..3");
    if (len > LATIN_MAX_SIDE) {
        snprintf(msg, sizeof msg, "the end of the row: at most %d cells", LATIN_MAX_SIDE);
        return fail(err, text, start + LATIN_MAX_SIDE, msg);
    }
    int n = (int)len;
    latin_puzzle *p = latin_new(n);
    for (int y = 0; y < n; y++) {
        if (y > 0 && !next_row(text, &pos, &start, &len)) {
            snprintf(msg, sizeof msg, "row %d of %d (the grid is as tall as it is wide)", y + 1, n);
            latin_free(p);
            return fail(err, text, pos, msg);
        }
        for (int x = 0; x < n; x++) {
            if (x >= (int)len) {
                snprintf(msg, sizeof msg, "%d cells in row %d, as in the first row", n, y + 1);
                latin_free(p);
                return fail(err, text, start + len, msg);
            }
            char ch = text[start + (size_t)x];
            if (ch != '.' && !(ch >= '1' && ch <= '0' + n)) {
                snprintf(msg, sizeof msg, "'.' or a digit from 1 to %d", n);
                latin_free(p);
                return fail(err, text, start + (size_t)x, msg);
            }
            p->given[y * n + x] = (signed char)(ch == '.' ? 0 : ch - '0');
        }
        if ((int)len > n) {
            snprintf(msg, sizeof msg, "the end of row %d after %d cells, as in the first row", y + 1, n);
            latin_free(p);
            return fail(err, text, start + (size_t)n, msg);
        }
    }
    if (next_row(text, &pos, &start, &len)) {
        snprintf(msg, sizeof msg, "the end of the grid after %d rows", n);
        latin_free(p);
        return fail(err, text, start, msg);
    }
    *nstate = n * n;
    return p;
}

/* game.h sniff: 2 is for formats nothing else could be; a grid of dots
 * and digits is only plausible (a Tetravex tile list is digits too). */
int latin_sniff(const char *text)
{
    diag err = {0};
    int nstate;
    latin_puzzle *p = latin_parse(text, &err, &nstate);
    bool grid = p != NULL;
    latin_free(p);
    return grid && strchr(text, '.') ? 1 : 0;
}
