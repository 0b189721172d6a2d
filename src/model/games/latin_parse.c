/* latin_parse.c: reads a Latin square puzzle: n rows of n characters,
 * '.' for an open cell or a given digit 1..n.  Errors name line:column
 * and what was expected there (game.h: sniff, parse, free_puzzle). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/latin.h"
#include "scan.h"

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

/* game.h parse: the side is the length of the first content line (the
 * scanner drops blank lines, '#' comments, CR and trailing blanks, as
 * tessera(6) says every format does); every row must have it, and there
 * are as many rows. */
void *latin_parse(const char *text, diag *err, int *nstate)
{
    scan sc = scan_start(text, err);
    scan_span *rows = NULL;
    int nrows = scan_lines(text, 0, &rows);
    latin_puzzle *p = NULL;
    if (nrows == 0) {
        scan_fail(&sc, strlen(text), "a row of the grid: '.' or a digit a cell, such as 1..3");
        goto out;
    }
    if (rows[0].len > LATIN_MAX_SIDE) {
        scan_fail(&sc, rows[0].start + LATIN_MAX_SIDE, "the end of the row: at most %d cells", LATIN_MAX_SIDE);
        goto out;
    }
    int n = (int)rows[0].len;
    p = latin_new(n);
    for (int y = 0; y < n; y++) {
        if (y >= nrows) {
            scan_fail(&sc, strlen(text), "row %d of %d (the grid is as tall as it is wide)", y + 1, n);
            goto fail;
        }
        size_t start = rows[y].start, len = rows[y].len;
        for (int x = 0; x < n; x++) {
            if (x >= (int)len) {
                scan_fail(&sc, start + len, "%d cells in row %d, as in the first row", n, y + 1);
                goto fail;
            }
            char ch = text[start + (size_t)x];
            if (ch != '.' && !(ch >= '1' && ch <= '0' + n)) {
                scan_fail(&sc, start + (size_t)x, "'.' or a digit from 1 to %d", n);
                goto fail;
            }
            p->given[y * n + x] = (signed char)(ch == '.' ? 0 : ch - '0');
        }
        if ((int)len > n) {
            scan_fail(&sc, start + (size_t)n, "the end of row %d after %d cells, as in the first row", y + 1, n);
            goto fail;
        }
    }
    if (nrows > n) {
        scan_fail(&sc, rows[n].start, "the end of the grid after %d rows", n);
        goto fail;
    }
    *nstate = n * n;
    goto out;
fail:
    latin_free(p);
    p = NULL;
out:
    free(rows);
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
