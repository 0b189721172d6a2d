/* hexiom_parse.c: reads Slowfrog's Hexiom level files (side, then the rows
 * of the hexagon, two characters per cell) and builds the board geometry. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/hexiom.h"
#include "hexgrid.h"
#include "scan.h"

void hexiom_free(void *pz)
{
    hexiom_puzzle *h = pz;
    if (!h)
        return;
    free(h->q);
    free(h->r);
    free(h->row);
    free(h->idx);
    free(h->row_start);
    free(h->row_len);
    free(h->nbr);
    free(h->start);
    free(h->locked);
    free(h->hole);
    free(h->slot_of_cell);
    free(h->cell_of_slot);
    free(h);
}

int hexiom_cell_at(const hexiom_puzzle *h, int q, int r)
{
    int m = h->side - 1;
    if (q < -m || q > m || r < -m || r > m || q + r < -m || q + r > m)
        return -1;
    int y = r + m, x = q + y;
    int first_x = y > m ? y - m : 0;
    return h->row_start[y] + (x - first_x);
}

void hexiom_cell_name(const hexiom_puzzle *h, int cell, char *out, size_t n)
{
    if (cell < 0 || cell >= h->ncells)
        snprintf(out, n, "?");
    else
    {
        /* counted as the board is drawn: holes are not drawn, so neither
         * rows of holes nor holes before the cell in its row count */
        int row = 0, slot = 0;
        for (int y = 0; y <= h->row[cell]; y++) {
            bool any = false;
            for (int c = 0; c < h->ncells; c++)
                any |= h->row[c] == y && !h->hole[c];
            row += any;
        }
        for (int c = 0; c < h->ncells; c++)
            slot += h->row[c] == h->row[cell] && h->idx[c] <= h->idx[cell] && !h->hole[c];
        snprintf(out, n, "row %d, slot %d", row, slot);
    }
}

/* The geometry of a side-s hexagon: rows of s, s+1, .., 2s-1, .., s cells. */
static hexiom_puzzle *new_board(int side)
{
    hexiom_puzzle *h = xcalloc(1, sizeof *h);
    int m = side - 1, rows = 2 * side - 1;
    h->side = side;
    h->ncells = 3 * side * (side - 1) + 1;
    int n = h->ncells;
    h->q = xcalloc((size_t)n, sizeof *h->q);
    h->r = xcalloc((size_t)n, sizeof *h->r);
    h->row = xcalloc((size_t)n, sizeof *h->row);
    h->idx = xcalloc((size_t)n, sizeof *h->idx);
    h->row_start = xcalloc((size_t)rows, sizeof *h->row_start);
    h->row_len = xcalloc((size_t)rows, sizeof *h->row_len);
    h->nbr = xcalloc((size_t)n * 6, sizeof *h->nbr);
    h->start = xcalloc((size_t)n, 1);
    h->locked = xcalloc((size_t)n, 1);
    h->hole = xcalloc((size_t)n, 1);
    h->slot_of_cell = xcalloc((size_t)n, sizeof *h->slot_of_cell);
    h->cell_of_slot = xcalloc((size_t)n, sizeof *h->cell_of_slot);
    int c = 0;
    for (int y = 0; y < rows; y++) {
        h->row_start[y] = c;
        h->row_len[y] = side + (y <= m ? y : 2 * m - y);
        int first_x = y > m ? y - m : 0;
        for (int i = 0; i < h->row_len[y]; i++, c++) {
            h->row[c] = y;
            h->idx[c] = i;
            h->q[c] = first_x + i - y;
            h->r[c] = y - m;
        }
    }
    for (c = 0; c < n; c++)
        for (int k = 0; k < 6; k++)
            h->nbr[c * 6 + k] = hexiom_cell_at(h, h->q[c] + HEX_DQ[k], h->r[c] + HEX_DR[k]);
    return h;
}

/* --- lines --- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* Advances past blank lines and '#' comment lines; returns false at the
 * end of the text.  rd->pos is then the start of a line with content. */
static bool next_content_line(scan *rd)
{
    for (;;) {
        const char *s = rd->text;
        size_t p = rd->pos;
        if (!s[p])
            return false;
        while (is_blank(s[p]))
            p++;
        if (s[p] && s[p] != '\n' && s[p] != '#')
            return true;
        while (s[p] && s[p] != '\n')
            p++;
        if (!s[p]) {
            rd->pos = p;
            return false;
        }
        rd->pos = p + 1;
    }
}

static size_t line_end(const char *s, size_t p)
{
    while (s[p] && s[p] != '\n')
        p++;
    return p;
}

static bool read_side(scan *rd, int *side)
{
    const char *s = rd->text;
    if (!next_content_line(rd))
        return scan_fail(rd, rd->pos, "the board's side (a number from 1 to %d); the input has no level",
                         HEXIOM_MAX_SIDE);
    size_t p = rd->pos;
    while (is_blank(s[p]))
        p++;
    size_t at = p;
    if (!isdigit((unsigned char)s[p]))
        return scan_fail(rd, at, "the board's side (a number from 1 to %d) on the first line",
                         HEXIOM_MAX_SIDE);
    long v = 0;
    while (isdigit((unsigned char)s[p]) && v <= 1000)
        v = v * 10 + (s[p++] - '0');
    if (v < 1 || v > HEXIOM_MAX_SIDE)
        return scan_fail(rd, at, "a side from 1 to %d (cells along an edge of the hexagon)",
                         HEXIOM_MAX_SIDE);
    while (is_blank(s[p]))
        p++;
    if (s[p] && s[p] != '\n')
        return scan_fail(rd, p, "the end of the line after the side %ld", v);
    *side = (int)v;
    rd->pos = s[p] ? p + 1 : p;
    return true;
}

/* One board row: cells are an optional '+' then '.' or a digit 0..6,
 * separated by blanks (a '+' may stand in for the blank, as in "3+3"). */
static bool read_row(scan *rd, hexiom_puzzle *h, int y)
{
    const char *s = rd->text;
    int want = h->row_len[y];
    if (!next_content_line(rd))
        return scan_fail(rd, rd->pos, "row %d of %d of the board (%d cells); the input ended", y + 1,
                         2 * h->side - 1, want);
    size_t p = rd->pos, end = line_end(s, p);
    int got = 0;
    while (p < end) {
        if (is_blank(s[p])) {
            p++;
            continue;
        }
        size_t cell_at = p;
        bool lock = false;
        if (s[p] == '+') {
            lock = true;
            p++;
        }
        char ch = p < end ? s[p] : 0;
        if (ch != '.' && !(ch >= '0' && ch <= '9')) {
            if (lock)
                return scan_fail(rd, p, "a tile digit 0-6 or '.' right after '+' (a locked cell)");
            return scan_fail(rd, p, "a cell: '.' (empty slot), a tile digit 0-6, or '+' (locked)");
        }
        if (ch > '6')
            return scan_fail(rd, p, "a tile value from 0 to 6 (a slot has at most 6 neighbours), not %c",
                             ch);
        if (got == want)
            return scan_fail(rd, cell_at, "the end of row %d after its %d cells", y + 1, want);
        int c = h->row_start[y] + got;
        assert(got < want && c < h->ncells); /* the row's cells, inside the board */
        if (ch == '.') {
            h->start[c] = -1;
            h->hole[c] = lock;
        } else {
            h->start[c] = (signed char)(ch - '0');
            h->locked[c] = lock;
        }
        got++;
        p++;
        if (p < end && !is_blank(s[p]) && s[p] != '+')
            return scan_fail(rd, p, "a space or '+' between two cells");
    }
    if (got < want)
        return scan_fail(rd, end > rd->pos && s[end - 1] == '\r' ? end - 1 : end,
                         "%d cells in row %d (found %d)", want, y + 1, got);
    rd->pos = s[end] ? end + 1 : end;
    return true;
}

void *hexiom_parse(const char *text, diag *err, int *nstate)
{
    scan rd = scan_start(text, err);
    int side = 0;
    if (!read_side(&rd, &side))
        return NULL;
    hexiom_puzzle *h = new_board(side);
    for (int y = 0; y < 2 * side - 1; y++)
        if (!read_row(&rd, h, y)) {
            hexiom_free(h);
            return NULL;
        }
    if (next_content_line(&rd)) {
        size_t p = rd.pos;
        while (is_blank(text[p]))
            p++;
        scan_fail(&rd, p, "the end of the level after its %d rows", 2 * side - 1);
        hexiom_free(h);
        return NULL;
    }
    h->nslots = 0;
    for (int c = 0; c < h->ncells; c++) {
        if (h->hole[c]) {
            h->slot_of_cell[c] = -1;
            continue;
        }
        h->cell_of_slot[h->nslots] = c;
        h->slot_of_cell[c] = h->nslots++;
        if (h->start[c] >= 0) {
            h->inv[h->start[c]]++;
            h->ntiles++;
        }
    }
    *nstate = 2 * h->ncells;
    return h;
}

/* Certain when the text is a side line then 2*side-1 rows made only of
 * cell characters; plausible when it starts with a side and uses only
 * those characters. */
int hexiom_sniff(const char *text)
{
    const char *p = text;
    while (*p == '#' || *p == '\n' || is_blank(*p)) {
        if (*p == '#')
            while (*p && *p != '\n')
                p++;
        else
            p++;
    }
    if (!(*p >= '1' && *p <= '9'))
        return 0;
    int side = *p++ - '0';
    while (is_blank(*p))
        p++;
    if (*p != '\n')
        return 0;
    int rows = 0;
    bool only_cells = true;
    while (*p) {
        const char *line = ++p;
        while (*p && *p != '\n') {
            if (!is_blank(*p) && *p != '+' && *p != '.' && !(*p >= '0' && *p <= '6'))
                only_cells = false;
            p++;
        }
        bool content = false;
        for (const char *q = line; q < p; q++)
            content |= !is_blank(*q);
        rows += content;
        if (!*p)
            break;
    }
    if (!only_cells)
        return 0;
    return rows == 2 * side - 1 ? 2 : 1;
}
