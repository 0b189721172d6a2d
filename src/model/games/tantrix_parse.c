/* tantrix_parse.c: reads Tantrix puzzle text: "discovery N", or tile sets
 * ("tiles 1-10", tiles given by six colours) with "loop COLOUR".  Errors
 * say line:column and what was expected there. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "scan.h"

static const char LETTERS[] = "RYBG";
static const char *const NAMES[] = {"red", "yellow", "blue", "green"};

char tantrix_colour_letter(int c) { return c >= 0 && c < TANTRIX_NCOLOURS ? LETTERS[c] : '?'; }
int tantrix_colour_of_letter(char letter)
{
    const char *p = letter ? strchr(LETTERS, letter) : NULL;
    return p ? (int)(p - LETTERS) : -1;
}
const char *tantrix_colour_name(int c) { return c >= 0 && c < TANTRIX_NCOLOURS ? NAMES[c] : "?"; }

tantrix_puzzle *tantrix_new(int n)
{
    tantrix_puzzle *t = xcalloc(1, sizeof *t);
    t->n = n;
    for (int i = 0; i < TANTRIX_MAX_TILES; i++)
        t->given_rot[i] = TANTRIX_OFF;
    return t;
}

/* The encoding's hexagon: radius floor(n/2) is enough because on a closed
 * loop of n tiles no tile is more than n/2 steps from any other. */
void tantrix_set_region(tantrix_puzzle *t)
{
    int R = t->n / 2, side = 2 * R + 1;
    t->radius = R;
    t->cell_at = xmalloc((size_t)(side * side) * sizeof *t->cell_at);
    t->cell_q = xmalloc((size_t)(side * side) * sizeof *t->cell_q);
    t->cell_r = xmalloc((size_t)(side * side) * sizeof *t->cell_r);
    int k = 0;
    for (int r = -R; r <= R; r++)
        for (int q = -R; q <= R; q++) {
            int idx = (q + R) * side + (r + R);
            if (abs(q) <= R && abs(r) <= R && abs(q + r) <= R) {
                t->cell_at[idx] = k;
                t->cell_q[k] = q;
                t->cell_r[k] = r;
                k++;
            } else {
                t->cell_at[idx] = -1;
            }
        }
    t->ncells = k;
    t->nplace = t->n * k * 6;
}

int tantrix_cell(const tantrix_puzzle *t, int q, int r)
{
    int R = t->radius;
    if (q < -R || q > R || r < -R || r > R)
        return -1;
    return t->cell_at[(q + R) * (2 * R + 1) + (r + R)];
}

void tantrix_free(void *pz)
{
    tantrix_puzzle *t = pz;
    if (!t)
        return;
    free(t->cell_at);
    free(t->cell_q);
    free(t->cell_r);
    tantrix_loop_memo_free(t);
    free(t);
}

/* --- words on a line --- */
typedef struct {
    const char *s; /* whole text */
    size_t start;  /* offset of the word */
    size_t len;
} word;

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == ','; }

/* Splits the line at text[pos..] into words, stopping at '\n' or '#'.
 * Returns the number of words (at most max; more is reported as max+1). */
static int split_line(const char *text, size_t pos, word *w, int max, size_t *line_end)
{
    int n = 0;
    size_t i = pos;
    while (text[i] && text[i] != '\n') {
        if (text[i] == '#') {
            while (text[i] && text[i] != '\n')
                i++;
            break;
        }
        if (is_space(text[i])) {
            i++;
            continue;
        }
        size_t st = i;
        while (text[i] && text[i] != '\n' && text[i] != '#' && !is_space(text[i]))
            i++;
        if (n < max) {
            w[n].s = text;
            w[n].start = st;
            w[n].len = i - st;
        }
        n++;
    }
    *line_end = i;
    return n > max ? max + 1 : n;
}

static bool word_is(const word *w, const char *kw)
{
    size_t n = strlen(kw);
    if (w->len != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)w->s[w->start + i]) != kw[i])
            return false;
    return true;
}

/* A colour as a letter (r y b g) or a name (red ...), any case. */
static int parse_colour(const word *w)
{
    for (int c = 0; c < TANTRIX_NCOLOURS; c++) {
        char letter[2] = {(char)tolower((unsigned char)LETTERS[c]), 0};
        if (word_is(w, letter) || word_is(w, NAMES[c]))
            return c;
    }
    return -1;
}

/* A decimal number of at most 3 digits spanning w[from..to). */
static int parse_number(const char *s, size_t from, size_t to)
{
    if (from >= to || to - from > 3)
        return -1;
    int v = 0;
    for (size_t i = from; i < to; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* "given N Q R ROTATION", kept as written until the tiles are numbered. */
typedef struct {
    int label, q, r, rot;
    size_t pos, qpos; /* where the tile number and the position start */
} given_line;

typedef struct {
    int ntiles;
    unsigned char col[TANTRIX_MAX_TILES][6];
    int std_number[TANTRIX_MAX_TILES]; /* 1..56, or 0 for a tile given by colours */
    bool used[TANTRIX_SET_SIZE + 1];
    int loop;         /* -1 until "loop" */
    int discovery;    /* 0 until "discovery" */
    size_t first_pos; /* where the first directive starts */
    given_line given[TANTRIX_MAX_TILES];
    int ngiven;
} spec;

static bool add_standard(spec *sp, int num, const scan *sc, size_t pos)
{
    char msg[96];
    if (sp->used[num]) {
        snprintf(msg, sizeof msg, "tile %d listed twice (each tile is used once)", num);
        return scan_fail(sc, pos, "%s", msg);
    }
    if (sp->ntiles >= TANTRIX_MAX_TILES)
        return scan_fail(sc, pos, "at most 56 tiles in one puzzle");
    sp->used[num] = true;
    for (int k = 0; k < 6; k++)
        sp->col[sp->ntiles][k] = (unsigned char)tantrix_colour_of_letter(tantrix_set[num - 1].edges[k]);
    sp->std_number[sp->ntiles++] = num;
    return true;
}

/* "tiles A B-C ...": numbers and ranges from the standard set. */
static bool parse_tiles(spec *sp, const word *w, int nw, const scan *sc)
{
    const char *text = sc->text;
    if (nw < 2)
        return scan_fail(sc, w[0].start + w[0].len,
                         "tile numbers (1 to 56) or ranges such as 1-10 after 'tiles'");
    for (int i = 1; i < nw; i++) {
        size_t a = w[i].start, e = a + w[i].len, dash = a;
        while (dash < e && text[dash] != '-')
            dash++;
        int lo = parse_number(text, a, dash);
        int hi = dash < e ? parse_number(text, dash + 1, e) : lo;
        if (lo < 1 || lo > TANTRIX_SET_SIZE)
            return scan_fail(sc, a, "a tile number from 1 to 56 (or a range such as 1-10)");
        if (hi < 1 || hi > TANTRIX_SET_SIZE)
            return scan_fail(sc, dash + 1, "a tile number from 1 to 56 after '-'");
        if (hi < lo)
            return scan_fail(sc, a, "a range from low to high, such as 1-10");
        for (int k = lo; k <= hi; k++)
            if (!add_standard(sp, k, sc, a))
                return false;
    }
    return true;
}

/* "tile c c c c c c": a tile by its six edge colours, top then clockwise. */
static bool parse_tile(spec *sp, const word *w, int nw, const scan *sc)
{
    if (nw != 7) {
        size_t pos = nw > 7 ? w[7].start : w[nw - 1].start + w[nw - 1].len;
        return scan_fail(sc, pos, "%s edge colours (r y b g), top edge then clockwise",
                         nw > 7 ? "only six" : "six");
    }
    if (sp->ntiles >= TANTRIX_MAX_TILES)
        return scan_fail(sc, w[0].start, "at most 56 tiles in one puzzle");
    int count[TANTRIX_NCOLOURS] = {0};
    for (int k = 0; k < 6; k++) {
        int c = parse_colour(&w[k + 1]);
        if (c < 0)
            return scan_fail(sc, w[k + 1].start, "a colour: r, y, b or g (or red, yellow, blue, green)");
        count[c]++;
        sp->col[sp->ntiles][k] = (unsigned char)c;
    }
    for (int c = 0; c < TANTRIX_NCOLOURS; c++)
        if (count[c] != 0 && count[c] != 2) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "three lines of different colours, each colour on two edges (%s is on %d)",
                     NAMES[c], count[c]);
            return scan_fail(sc, w[1].start, "%s", msg);
        }
    sp->std_number[sp->ntiles++] = 0;
    return true;
}

/* A whole number with an optional minus sign, |v| <= TANTRIX_MAX_GIVEN_COORD. */
static bool parse_coord(const word *w, int *v)
{
    size_t a = w->start, e = a + w->len;
    bool neg = a < e && w->s[a] == '-';
    int m = parse_number(w->s, a + neg, e);
    if (m < 0 || m > TANTRIX_MAX_GIVEN_COORD)
        return false;
    *v = neg ? -m : m;
    return true;
}

/* "given N Q R ROTATION": tile N placed at axial (Q, R), turned ROTATION
 * sixths clockwise, where the player cannot move it. */
static bool parse_given(spec *sp, const word *w, int nw, const scan *sc)
{
    const char *text = sc->text;
    if (nw != 5) {
        size_t pos = nw > 5 ? w[5].start : w[nw - 1].start + w[nw - 1].len;
        return scan_fail(sc, pos, "%s", nw > 5 ? "nothing after 'given N Q R ROTATION'"
                                            : "'given N Q R ROTATION': a tile number, its axial "
                                              "position Q R and its rotation 0 to 5");
    }
    if (sp->ngiven >= TANTRIX_MAX_TILES)
        return scan_fail(sc, w[0].start, "at most 56 given tiles");
    given_line *g = &sp->given[sp->ngiven];
    g->label = parse_number(text, w[1].start, w[1].start + w[1].len);
    if (g->label < 1)
        return scan_fail(sc, w[1].start, "a tile number after 'given'");
    char range[32];
    snprintf(range, sizeof range, "from -%d to %d", TANTRIX_MAX_GIVEN_COORD, TANTRIX_MAX_GIVEN_COORD);
    if (!parse_coord(&w[2], &g->q))
        return scan_fail(sc, w[2].start, "a q coordinate %s", range);
    if (!parse_coord(&w[3], &g->r))
        return scan_fail(sc, w[3].start, "an r coordinate %s", range);
    g->rot = parse_number(text, w[4].start, w[4].start + w[4].len);
    if (g->rot < 0 || g->rot > 5 || w[4].len != 1)
        return scan_fail(sc, w[4].start, "a rotation from 0 to 5 (sixths of a turn clockwise)");
    g->pos = w[1].start;
    g->qpos = w[2].start;
    sp->ngiven++;
    return true;
}

/* The givens, once the tiles are numbered: each names a tile of the
 * puzzle, once, and no two share a cell. */
static bool place_givens(const spec *sp, tantrix_puzzle *t, const scan *sc)
{
    char msg[96];
    for (int k = 0; k < sp->ngiven; k++) {
        const given_line *g = &sp->given[k];
        int tile = -1;
        for (int i = 0; i < t->n && tile < 0; i++)
            if (t->label[i] == g->label)
                tile = i;
        if (tile < 0) {
            snprintf(msg, sizeof msg, "a tile of the puzzle after 'given' (there is no tile %d)", g->label);
            return scan_fail(sc, g->pos, "%s", msg);
        }
        if (t->given_rot[tile] != TANTRIX_OFF) {
            snprintf(msg, sizeof msg, "each tile given once (tile %d is given twice)", g->label);
            return scan_fail(sc, g->pos, "%s", msg);
        }
        for (int i = 0; i < t->n; i++)
            if (t->given_rot[i] != TANTRIX_OFF && t->given_q[i] == g->q && t->given_r[i] == g->r) {
                snprintf(msg, sizeof msg, "a free cell (tile %d is already given at %d %d)", t->label[i], g->q,
                         g->r);
                return scan_fail(sc, g->qpos, "%s", msg);
            }
        t->given_rot[tile] = g->rot;
        t->given_q[tile] = g->q;
        t->given_r[tile] = g->r;
        t->ngiven++;
    }
    return true;
}

void *tantrix_parse(const char *text, diag *err, int *nstate)
{
    scan in = scan_start(text, err);
    const scan *sc = &in;
    spec sp;
    memset(&sp, 0, sizeof sp);
    sp.loop = -1;
    size_t discovery_pos = 0, pos = 0;
    bool any = false;
    word w[9];
    while (text[pos]) {
        size_t end;
        int nw = split_line(text, pos, w, 8, &end);
        if (nw > 0) {
            if (!any)
                sp.first_pos = w[0].start;
            if (sp.discovery) {
                scan_fail(sc, w[0].start, "nothing after 'discovery N' (it names the whole puzzle)");
                return NULL;
            }
            if (word_is(&w[0], "discovery")) {
                if (any) {
                    scan_fail(sc, w[0].start,
                              "'discovery N' alone, not together with tiles or a loop colour");
                    return NULL;
                }
                if (nw != 2) {
                    size_t p = nw > 2 ? w[2].start : w[0].start + w[0].len;
                    scan_fail(sc, p, "one number after 'discovery': the puzzle size, 3 to 30");
                    return NULL;
                }
                int v = parse_number(text, w[1].start, w[1].start + w[1].len);
                if (v < 3 || v > 30) {
                    scan_fail(sc, w[1].start, "a Discovery puzzle size from 3 to 30");
                    return NULL;
                }
                sp.discovery = v;
                discovery_pos = w[0].start;
            } else if (word_is(&w[0], "tiles")) {
                if (nw > 8) {
                    /* long lists: re-split with room for all of them */
                    word many[TANTRIX_SET_SIZE + 2];
                    nw = split_line(text, pos, many, TANTRIX_SET_SIZE + 1, &end);
                    if (nw > TANTRIX_SET_SIZE + 1) {
                        scan_fail(sc, many[TANTRIX_SET_SIZE + 1].start,
                                  "at most 56 tile numbers on one 'tiles' line");
                        return NULL;
                    }
                    if (!parse_tiles(&sp, many, nw, sc))
                        return NULL;
                } else if (!parse_tiles(&sp, w, nw, sc)) {
                    return NULL;
                }
            } else if (word_is(&w[0], "given")) {
                if (!parse_given(&sp, w, nw, sc))
                    return NULL;
            } else if (word_is(&w[0], "tile")) {
                if (!parse_tile(&sp, w, nw, sc))
                    return NULL;
            } else if (word_is(&w[0], "loop")) {
                if (sp.loop >= 0) {
                    scan_fail(sc, w[0].start, "one 'loop' line (the loop colour is already given)");
                    return NULL;
                }
                if (nw > 2) {
                    scan_fail(sc, w[2].start, "one loop colour (the line ends after it)");
                    return NULL;
                }
                if (nw != 2 || (sp.loop = parse_colour(&w[1])) < 0) {
                    size_t p = nw >= 2 ? w[1].start : w[0].start + w[0].len;
                    scan_fail(sc, p, "a loop colour after 'loop': red, yellow, blue or green");
                    return NULL;
                }
            } else {
                scan_fail(sc, w[0].start,
                          "'discovery N', 'tiles 1-10', 'tile r y y b r b', 'loop COLOUR' or "
                          "'given N Q R ROTATION'");
                return NULL;
            }
            any = true;
        }
        pos = text[end] ? end + 1 : end;
    }
    if (sp.discovery) {
        for (int k = 1; k <= sp.discovery; k++)
            add_standard(&sp, k, sc, discovery_pos);
        sp.loop = tantrix_colour_of_letter(tantrix_set[sp.discovery - 1].back);
    } else {
        if (!any) {
            scan_fail(sc, pos, "a Tantrix puzzle: 'discovery N', or tiles and 'loop COLOUR'");
            return NULL;
        }
        if (sp.ntiles == 0) {
            scan_fail(sc, pos, "tiles: a 'tiles 1-10' or 'tile r y y b r b' line");
            return NULL;
        }
        if (sp.ntiles < 3) {
            scan_fail(sc, pos, "at least 3 tiles (a loop needs three; %s)",
                      sp.ntiles == 1 ? "only 1 is given" : "only 2 are given");
            return NULL;
        }
        if (sp.loop < 0) {
            scan_fail(sc, pos, "a 'loop COLOUR' line (red, yellow, blue or green)");
            return NULL;
        }
    }
    tantrix_puzzle *t = tantrix_new(sp.ntiles);
    t->loop = sp.loop;
    t->discovery = sp.discovery;
    /* Tiles given by colours are numbered in order: 1.. when they are the
     * whole puzzle, after the standard set (57..) when mixed with it. */
    bool mixed = false;
    for (int i = 0; i < sp.ntiles; i++)
        mixed |= sp.std_number[i] > 0;
    int next = mixed ? TANTRIX_SET_SIZE + 1 : 1;
    for (int i = 0; i < sp.ntiles; i++) {
        memcpy(t->col[i], sp.col[i], 6);
        t->label[i] = sp.std_number[i] > 0 ? sp.std_number[i] : next++;
    }
    if (!place_givens(&sp, t, sc)) {
        tantrix_free(t);
        return NULL;
    }
    tantrix_set_region(t);
    *nstate = 3 * t->n;
    return t;
}

int tantrix_sniff(const char *text)
{
    size_t pos = 0, end;
    word w[9];
    while (text[pos]) {
        int nw = split_line(text, pos, w, 8, &end);
        if (nw > 0)
            return (word_is(&w[0], "discovery") || word_is(&w[0], "tiles") || word_is(&w[0], "tile") ||
                    word_is(&w[0], "loop") || word_is(&w[0], "given"))
                       ? 2
                       : 0;
        pos = text[end] ? end + 1 : end;
    }
    return 0;
}
