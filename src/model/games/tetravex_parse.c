/* tetravex_parse.c: reads the TetraSAT tile list (one tile per line, four
 * digits: top, right, bottom, left; n*n lines) and writes it back. */
#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetravex.h"
#include "scan.h"

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
    tetravex_walk_memo_free(t);
    free(t->tile);
    free(t->type_of);
    free(t->type_tile);
    free(t->type_count);
    free(t);
}

int tetravex_sniff(const char *s)
{
    scan_span *lines;
    int n = scan_lines(s, 0, &lines);
    for (int l = 0; l < n; l++) {
        size_t i = lines[l].start;
        while (isspace((unsigned char)s[i]))
            i++;
        for (int k = 0; k < 4; k++, i++)
            if (!isdigit((unsigned char)s[i])) {
                free(lines);
                return 0;
            }
        size_t end = lines[l].start + lines[l].len;
        while (i < end && isspace((unsigned char)s[i]))
            i++;
        if (i != end) {
            free(lines);
            return 0;
        }
    }
    free(lines);
    int side = (int)lround(sqrt((double)n));
    return n > 0 && side * side == n ? 2 : 0;
}

void *tetravex_parse(const char *s, diag *err, int *nstate)
{
    scan sc = scan_start(s, err);
    scan_span *lines;
    int count = scan_lines(s, 0, &lines);
    unsigned char (*tiles)[4] = xcalloc((size_t)count + 1, sizeof *tiles);
    for (int l = 0; l < count; l++) {
        size_t i = lines[l].start, end = lines[l].start + lines[l].len;
        while (s[i] == ' ' || s[i] == '\t')
            i++;
        if (l == TETRAVEX_MAX_SIDE * TETRAVEX_MAX_SIDE) {
            scan_fail(&sc, i, "no more tiles: at most %d (a %dx%d board)", l, TETRAVEX_MAX_SIDE,
                      TETRAVEX_MAX_SIDE);
            goto bad;
        }
        for (int k = 0; k < 4; k++, i++) {
            if (!isdigit((unsigned char)s[i])) {
                static const char *const side[] = {"top", "right", "bottom", "left"};
                scan_fail(&sc, i,
                          "a digit for the tile's %s edge (a tile is four digits: top, right, bottom, left)",
                          side[k]);
                goto bad;
            }
            tiles[l][k] = (unsigned char)(s[i] - '0');
        }
        /* the digits are not white space, so they end inside the line */
        assert(i <= end);
        size_t j = i;
        while (j < end && isspace((unsigned char)s[j]))
            j++;
        if (j != end) {
            scan_fail(&sc, i, "end of line after the tile's four digits");
            goto bad;
        }
    }
    int n = (int)lround(sqrt((double)count));
    if (count == 0 || n * n != count) {
        scan_fail(&sc, strlen(s), "a square number of tiles (4, 9, 16, ...), found %d", count);
        goto bad;
    }
    tetravex_puzzle *t = tetravex_new(n);
    memcpy(t->tile, tiles, (size_t)count * sizeof *tiles);
    free(tiles);
    free(lines);
    tetravex_index_types(t);
    *nstate = t->ntiles;
    return t;
bad:
    free(tiles);
    free(lines);
    return NULL;
}

void tetravex_write(const tetravex_puzzle *t, const int *order, strbuf *out)
{
    for (int i = 0; i < t->ntiles; i++) {
        const unsigned char *tl = t->tile[order ? order[i] : i];
        sb_printf(out, "%d%d%d%d\n", tl[0], tl[1], tl[2], tl[3]);
    }
}
