/* tetravex_parse.c: reads the TetraSAT tile list (one tile per line, four
 * digits: top, right, bottom, left; n*n lines) and writes it back. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetravex.h"

tetravex_puzzle *tetravex_new(int n)
{
    tetravex_puzzle *t = xcalloc(1, sizeof *t);
    t->n = n;
    t->ntiles = n * n;
    t->tile = xcalloc((size_t)t->ntiles, sizeof *t->tile);
    return t;
}

void tetravex_index_types(tetravex_puzzle *t)
{
    free(t->type_of);
    free(t->type_tile);
    free(t->type_count);
    t->type_of = xcalloc((size_t)t->ntiles, sizeof *t->type_of);
    t->type_tile = xcalloc((size_t)t->ntiles, sizeof *t->type_tile);
    t->type_count = xcalloc((size_t)t->ntiles, sizeof *t->type_count);
    t->ntypes = 0;
    for (int i = 0; i < t->ntiles; i++) {
        int k = 0;
        while (k < t->ntypes && memcmp(t->tile[t->type_tile[k]], t->tile[i], 4) != 0)
            k++;
        if (k == t->ntypes)
            t->type_tile[t->ntypes++] = i;
        t->type_of[i] = k;
        t->type_count[k]++;
    }
}

void tetravex_free(void *pz)
{
    tetravex_puzzle *t = pz;
    if (!t)
        return;
    free(t->tile);
    free(t->type_of);
    free(t->type_tile);
    free(t->type_count);
    free(t);
}

/* Lines that hold a tile: not blank, not a '#' comment. */
static bool content_line(const char *s, size_t start, size_t len)
{
    size_t i = start;
    while (i < start + len && isspace((unsigned char)s[i]))
        i++;
    return i < start + len && s[i] != '#';
}

int tetravex_sniff(const char *s)
{
    int lines = 0;
    size_t p = 0;
    while (s[p]) {
        size_t start = p, len;
        while (s[p] && s[p] != '\n')
            p++;
        len = p - start;
        if (s[p])
            p++;
        if (!content_line(s, start, len))
            continue;
        size_t i = start;
        while (isspace((unsigned char)s[i]))
            i++;
        for (int k = 0; k < 4; k++, i++)
            if (!isdigit((unsigned char)s[i]))
                return 0;
        while (i < start + len && isspace((unsigned char)s[i]))
            i++;
        if (i != start + len)
            return 0;
        lines++;
    }
    int n = (int)lround(sqrt((double)lines));
    return lines > 0 && n * n == lines ? 2 : 0;
}

void *tetravex_parse(const char *s, diag *err, int *nstate)
{
    int cap = 16, count = 0;
    unsigned char (*tiles)[4] = xcalloc((size_t)cap, sizeof *tiles);
    size_t p = 0;
    int line = 0;
    while (s[p]) {
        line++;
        size_t start = p;
        while (s[p] && s[p] != '\n')
            p++;
        size_t len = p - start;
        if (s[p])
            p++;
        if (!content_line(s, start, len))
            continue;
        size_t i = start;
        while (s[i] == ' ' || s[i] == '\t')
            i++;
        if (count == TETRAVEX_MAX_SIDE * TETRAVEX_MAX_SIDE) {
            diag_set(err, line, (int)(i - start) + 1, "no more tiles: at most %d (a %dx%d board)",
                     count, TETRAVEX_MAX_SIDE, TETRAVEX_MAX_SIDE);
            free(tiles);
            return NULL;
        }
        if (count == cap) {
            cap *= 2;
            tiles = xrealloc(tiles, (size_t)cap * sizeof *tiles);
        }
        for (int k = 0; k < 4; k++, i++) {
            if (!isdigit((unsigned char)s[i])) {
                static const char *const side[] = {"top", "right", "bottom", "left"};
                diag_set(err, line, (int)(i - start) + 1,
                         "a digit for the tile's %s edge (a tile is four digits: top, right, bottom, left)",
                         side[k]);
                free(tiles);
                return NULL;
            }
            tiles[count][k] = (unsigned char)(s[i] - '0');
        }
        size_t j = i;
        while (j < start + len && isspace((unsigned char)s[j]))
            j++;
        if (j != start + len) {
            diag_set(err, line, (int)(i - start) + 1, "end of line after the tile's four digits");
            free(tiles);
            return NULL;
        }
        count++;
    }
    int n = (int)lround(sqrt((double)count));
    if (count == 0 || n * n != count) {
        int l, c;
        text_position(s, strlen(s), &l, &c);
        diag_set(err, l, c, "a square number of tiles (4, 9, 16, ...), found %d", count);
        free(tiles);
        return NULL;
    }
    tetravex_puzzle *t = tetravex_new(n);
    memcpy(t->tile, tiles, (size_t)count * sizeof *tiles);
    free(tiles);
    tetravex_index_types(t);
    *nstate = t->ntiles;
    return t;
}

void tetravex_write(const tetravex_puzzle *t, const int *order, strbuf *out)
{
    for (int i = 0; i < t->ntiles; i++) {
        const unsigned char *tl = t->tile[order ? order[i] : i];
        sb_printf(out, "%d%d%d%d\n", tl[0], tl[1], tl[2], tl[3]);
    }
}
