/* hexiom.c: the Hexiom family: its encoding into facts and clauses (with
 * solve-only symmetry breaking), board state helpers, answer text, and the
 * family table. */
#include "games/hexiom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexgrid.h"
#include "sat/card.h"
#include "games/rules_text.h"

static void describe(const void *pz, char *out, size_t n)
{
    const hexiom_puzzle *h = pz;
    snprintf(out, n, "side %d, %d tiles", h->side, h->ntiles);
}

static void init_state(const void *pz, int *state)
{
    const hexiom_puzzle *h = pz;
    for (int c = 0; c < h->ncells; c++) {
        state[c] = h->hole[c] ? HEXIOM_HOLE : h->start[c] >= 0 ? HEXIOM_TILE(h->start[c]) : HEXIOM_EMPTY;
        state[h->ncells + c] = 0;
    }
}

static int degree(const hexiom_puzzle *h, int c)
{
    int d = 0;
    for (int k = 0; k < 6; k++) {
        int o = h->nbr[c * 6 + k];
        d += o >= 0 && !h->hole[o];
    }
    return d;
}

/* Can cell c ever hold value v?  Only values that some tile has, no more
 * than the slot's neighbours, and a locked cell only its own value. */
static bool allowed(const hexiom_puzzle *h, int c, int v)
{
    if (h->hole[c] || h->inv[v] == 0 || v > degree(h, c))
        return false;
    return !h->locked[c] || h->start[c] == v;
}

/* The 12 symmetries of the hexagon (6 rotations, each with or without a
 * reflection) as cell permutations; keeps those that map holes to holes
 * and locked tiles to locked tiles of the same value.  Returns how many
 * non-identity ones were written to perm (each ncells long). */
static int symmetries(const hexiom_puzzle *h, int *perm)
{
    int found = 0, n = h->ncells;
    for (int refl = 0; refl < 2; refl++)
        for (int rot = 0; rot < 6; rot++) {
            if (!refl && !rot)
                continue;
            int *p = perm + (size_t)found * (size_t)n;
            bool ok = true;
            for (int c = 0; c < n && ok; c++) {
                int q = refl ? h->r[c] : h->q[c], r = refl ? h->q[c] : h->r[c];
                hex_rotate(&q, &r, rot);
                int d = hexiom_cell_at(h, q, r);
                ok = d >= 0 && h->hole[c] == h->hole[d] && h->locked[c] == h->locked[d] &&
                     (!h->locked[c] || h->start[c] == h->start[d]);
                p[c] = d;
            }
            found += ok;
        }
    return found;
}

/* The family's images hook: a solution under each symmetry of the board
 * (those symmetries() keeps), as fact lists. */
static void images(void *pz, const bool *solution, int nfacts, assist_solution_fn add, void *add_ctx)
{
    const hexiom_puzzle *h = pz;
    int n = h->ncells;
    int *perm = xmalloc((size_t)12 * (size_t)n * sizeof *perm);
    int nsym = symmetries(h, perm);
    int *facts = xmalloc((size_t)h->nslots * HEXIOM_FACTS_PER_SLOT * sizeof *facts);
    for (int g = 0; g < nsym; g++) {
        const int *p = perm + (size_t)g * (size_t)n;
        int m = 0;
        for (int c = 0; c < n; c++) {
            if (h->hole[c])
                continue;
            for (int what = 0; what < HEXIOM_FACTS_PER_SLOT; what++) {
                int f = hexiom_fact(h, c, what);
                if (f < nfacts && solution[f])
                    facts[m++] = hexiom_fact(h, p[c], what);
            }
        }
        add(add_ctx, facts, m);
    }
    free(facts);
    free(perm);
}

/* Lex-leader: the vector of empty slots, taken ring by ring from the
 * centre out (reading order within a ring), is no larger than its image
 * under each symmetry, so exactly one solution of every orbit survives:
 * the one with its tiles nearest the centre first.  A solution is
 * determined by which slots are occupied (each tile's value is its count),
 * so occupancy alone tells the images apart.  (Of the orders and
 * directions tried, this one was fastest on the big levels.) */
static void break_symmetry(const hexiom_puzzle *h, sat_solver *s, const int *occ)
{
    int n = h->ncells;
    int *perm = xmalloc((size_t)12 * (size_t)n * sizeof *perm);
    int nsym = symmetries(h, perm);
    int *order = xmalloc((size_t)n * sizeof *order), no = 0;
    for (int ring = 0; ring < h->side; ring++)
        for (int c = 0; c < n; c++)
            if (hex_distance(h->q[c], h->r[c], 0, 0) == ring)
                order[no++] = c;
    for (int g = 0; g < nsym; g++) {
        const int *p = perm + (size_t)g * (size_t)n;
        int eq = 0; /* "equal so far" literal; 0 = constant true */
        for (int i = 0; i < n; i++) {
            int c = order[i], d = p[c];
            if (d == c || h->hole[c])
                continue;
            int x = -occ[c], y = -occ[d]; /* "empty" */
            /* eq -> (x -> y) */
            if (eq)
                sat_clause3(s, -eq, -x, y);
            else
                sat_clause2(s, -x, y);
            /* eq & x == y -> next eq */
            int next = sat_new_var(s);
            int lits[4], k = 0;
            if (eq)
                lits[k++] = -eq;
            lits[k] = -x;
            lits[k + 1] = -y;
            lits[k + 2] = next;
            sat_clause(s, lits, k + 3);
            lits[k] = x;
            lits[k + 1] = y;
            sat_clause(s, lits, k + 3);
            eq = next;
        }
    }
    free(order);
    free(perm);
}

/* Variables: occ[c] per slot, val[c][v] per slot and value it may hold.
 * Each slot holds one value or is empty; a tile's value equals a counter
 * over its neighbours' occ; per value the tile count; in all T occupied
 * slots (redundant, but it is what makes the big levels fast). */
static void encode(const void *pz, assist *a)
{
    const hexiom_puzzle *h = pz;
    sat_solver *s = assist_sat(a);
    int n = h->ncells;
    int f_false = sat_new_var(s); /* the literal of facts that can never hold */
    sat_unit(s, -f_false);
    int *occ = xcalloc((size_t)n, sizeof *occ);
    int *val = xcalloc((size_t)n * HEXIOM_VALUES, sizeof *val);
    for (int k = 0; k < h->nslots; k++) {
        int c = h->cell_of_slot[k];
        occ[c] = sat_new_var(s);
        for (int v = 0; v < HEXIOM_VALUES; v++) {
            if (allowed(h, c, v))
                val[c * HEXIOM_VALUES + v] = sat_new_var(s);
            assist_add_fact(a, val[c * HEXIOM_VALUES + v] ? val[c * HEXIOM_VALUES + v] : f_false);
        }
        assist_add_fact(a, -occ[c]);
    }
    /* a slot is empty or holds exactly one value */
    int lits[HEXIOM_VALUES + 1];
    for (int k = 0; k < h->nslots; k++) {
        int c = h->cell_of_slot[k], m = 0;
        lits[m++] = -occ[c];
        for (int v = 0; v < HEXIOM_VALUES; v++)
            if (val[c * HEXIOM_VALUES + v]) {
                lits[m++] = val[c * HEXIOM_VALUES + v];
                sat_clause2(s, -val[c * HEXIOM_VALUES + v], occ[c]);
            }
        sat_clause(s, lits, m);
        card_at_most_one(s, lits + 1, m - 1);
        if (h->locked[c]) {
            sat_unit(s, occ[c]);
            if (val[c * HEXIOM_VALUES + h->start[c]])
                sat_unit(s, val[c * HEXIOM_VALUES + h->start[c]]);
        }
    }
    /* groups 0..nslots-1: a tile's value is its count of occupied neighbours */
    char label[96], name[48];
    for (int k = 0; k < h->nslots; k++) {
        int c = h->cell_of_slot[k], deg = 0, maxv = -1;
        int nb[6];
        for (int d = 0; d < 6; d++) {
            int o = h->nbr[c * 6 + d];
            if (o >= 0 && !h->hole[o])
                nb[deg++] = occ[o];
        }
        for (int v = 0; v < HEXIOM_VALUES; v++)
            if (val[c * HEXIOM_VALUES + v])
                maxv = v;
        int nout = 0;
        int *out = card_counter(s, nb, deg, maxv + 1, &nout); /* out[j-1]: at least j */
        hexiom_cell_name(h, c, name, sizeof name);
        snprintf(label, sizeof label, "neighbour count at %s", name);
        assist_begin_group(a, label);
        for (int v = 0; v <= maxv && v <= deg; v++) {
            int x = val[c * HEXIOM_VALUES + v];
            int ge = v > 0 ? out[v - 1] : 0, gt = v < nout ? out[v] : 0;
            if (x) {
                if (ge)
                    sat_clause2(s, -x, ge);
                if (gt)
                    sat_clause2(s, -x, -gt);
            }
            /* occupied with exactly v neighbours: the value is v (or, when
             * no tile could be v here, the slot cannot be occupied) */
            int cl[4], m = 0;
            cl[m++] = -occ[c];
            if (ge)
                cl[m++] = -ge;
            if (gt)
                cl[m++] = gt;
            if (x)
                cl[m++] = x;
            sat_clause(s, cl, m);
        }
        if (maxv < 0)
            sat_unit(s, -occ[c]);
        else if (maxv < nout)
            sat_clause2(s, -occ[c], -out[maxv]);
        assist_end_group(a);
        free(out);
    }
    /* one group per tile value: how many tiles have it */
    int *list = xcalloc((size_t)n, sizeof *list);
    for (int v = 0; v < HEXIOM_VALUES; v++) {
        if (!h->inv[v])
            continue;
        int m = 0;
        for (int c = 0; c < n; c++)
            if (val[c * HEXIOM_VALUES + v])
                list[m++] = val[c * HEXIOM_VALUES + v];
        snprintf(label, sizeof label, "%d tile%s of value %d", h->inv[v], h->inv[v] == 1 ? "" : "s", v);
        assist_begin_group(a, label);
        card_exactly(s, list, m, h->inv[v]);
        assist_end_group(a);
    }
    /* the redundant total: the tiles fill exactly ntiles slots */
    int m = 0;
    for (int c = 0; c < n; c++)
        if (occ[c])
            list[m++] = occ[c];
    snprintf(label, sizeof label, "%d tiles in all", h->ntiles);
    assist_begin_group(a, label);
    card_exactly(s, list, m, h->ntiles);
    assist_end_group(a);
    free(list);

    assist_begin_solve_only(a);
    break_symmetry(h, s, occ);
    assist_end_solve_only(a);
    free(occ);
    free(val);
}

static int state_marks(const void *pz, const int *state, int *marks, int max)
{
    const hexiom_puzzle *h = pz;
    int n = 0;
    for (int c = 0; c < h->ncells && n < max; c++) {
        if (h->hole[c])
            continue;
        if (h->locked[c]) {
            marks[n++] = hexiom_fact(h, c, h->start[c]);
        } else if (state[h->ncells + c]) {
            int x = state[c];
            if (x == HEXIOM_EMPTY)
                marks[n++] = hexiom_fact(h, c, HEXIOM_FACT_EMPTY);
            else if (x >= HEXIOM_TILE(0) && x <= HEXIOM_TILE(HEXIOM_VALUES - 1))
                marks[n++] = hexiom_fact(h, c, x - HEXIOM_TILE(0));
        }
    }
    return n;
}

static void apply_solution(const void *pz, const bool *facts, int *state)
{
    const hexiom_puzzle *h = pz;
    for (int c = 0; c < h->ncells; c++) {
        if (h->hole[c])
            continue;
        int x = HEXIOM_EMPTY;
        for (int v = 0; v < HEXIOM_VALUES; v++)
            if (facts[hexiom_fact(h, c, v)])
                x = HEXIOM_TILE(v);
        if (state[c] != x) {
            state[c] = x;
            state[h->ncells + c] = 0; /* a pin claimed the old content */
        }
    }
}

/* Nearest cell to `to` (hex distance) for which want(cell) holds. */
static int nearest(const hexiom_puzzle *h, const int *state, int to, int content, bool pinned_ok)
{
    int best = -1, bestd = 1 << 30;
    for (int c = 0; c < h->ncells; c++) {
        if (c == to || h->hole[c] || h->locked[c] || state[c] != content)
            continue;
        if (state[h->ncells + c] && !pinned_ok)
            continue;
        int d = hex_distance(h->q[c], h->r[c], h->q[to], h->r[to]);
        if (d < bestd) {
            bestd = d;
            best = c;
        }
    }
    return best;
}

bool hexiom_place(const hexiom_puzzle *h, const int *state, int cell, int what, move *out)
{
    if (cell < 0 || cell >= h->ncells || h->hole[cell] || h->locked[cell])
        return false;
    if (what < 0 || what > HEXIOM_FACT_EMPTY)
        return false;
    int want = what == HEXIOM_FACT_EMPTY ? HEXIOM_EMPTY : HEXIOM_TILE(what);
    int cur = state[cell];
    if (cur != want) {
        /* a tile of that value (or an empty slot for the evicted tile):
         * unpinned ones first, since a pin is the player's claim */
        int from = nearest(h, state, cell, want, false);
        if (from < 0)
            from = nearest(h, state, cell, want, true);
        if (from < 0)
            return false;
        move_set(out, from, cur);
        move_set(out, h->ncells + from, 0);
        move_set(out, cell, want);
    }
    move_set(out, h->ncells + cell, 1);
    return true;
}

static void fact_move(const void *pz, const int *state, int fact, move *out)
{
    const hexiom_puzzle *h = pz;
    if (fact < 0 || fact >= h->nslots * HEXIOM_FACTS_PER_SLOT)
        return;
    hexiom_place(h, state, h->cell_of_slot[fact / HEXIOM_FACTS_PER_SLOT], fact % HEXIOM_FACTS_PER_SLOT,
                 out);
}

static void fact_text(const void *pz, const int *state, int fact, char *out, size_t n)
{
    (void)state; /* a fact names its place by itself */
    const hexiom_puzzle *h = pz;
    if (fact < 0 || fact >= h->nslots * HEXIOM_FACTS_PER_SLOT) {
        snprintf(out, n, "?");
        return;
    }
    char name[48];
    hexiom_cell_name(h, h->cell_of_slot[fact / HEXIOM_FACTS_PER_SLOT], name, sizeof name);
    int what = fact % HEXIOM_FACTS_PER_SLOT;
    if (what == HEXIOM_FACT_EMPTY)
        snprintf(out, n, "no tile at %s", name);
    else
        snprintf(out, n, "a %d at %s", what, name);
}

static void format_answer(const void *pz, const int *state, strbuf *out)
{
    const hexiom_puzzle *h = pz;
    int rows = 2 * h->side - 1;
    sb_printf(out, "%d\n", h->side);
    for (int y = 0; y < rows; y++) {
        int indent = y < h->side ? h->side - 1 - y : y - (h->side - 1);
        for (int i = 0; i < indent; i++)
            sb_putc(out, ' ');
        for (int i = 0; i < h->row_len[y]; i++) {
            int c = h->row_start[y] + i, x = state[c];
            sb_putc(out, h->locked[c] || h->hole[c] ? '+' : ' ');
            if (x >= HEXIOM_TILE(0) && x <= HEXIOM_TILE(HEXIOM_VALUES - 1))
                sb_putc(out, (char)('0' + x - HEXIOM_TILE(0)));
            else
                sb_putc(out, '.');
        }
        sb_putc(out, '\n');
    }
}

/* The level layout, as published and as --generate writes it: the side,
 * then each row indented by its distance from the middle row, two
 * characters a cell ('+' for a locked tile or a hole, then the tile's
 * value, '.' for none). */
void hexiom_write_level(const hexiom_puzzle *h, const signed char *tile, const unsigned char *hole,
                        const unsigned char *locked, strbuf *out)
{
    int m = h->side - 1;
    sb_printf(out, "%d\n", h->side);
    for (int y = 0; y < 2 * h->side - 1; y++) {
        for (int i = 0; i < abs(y - m); i++)
            sb_putc(out, ' ');
        for (int i = 0; i < h->row_len[y]; i++) {
            int c = h->row_start[y] + i;
            sb_putc(out, hole[c] || locked[c] ? '+' : ' ');
            sb_putc(out, hole[c] || tile[c] < 0 ? '.' : (char)('0' + tile[c]));
        }
        sb_putc(out, '\n');
    }
}

/* The canonical text (game.h format_puzzle): the level layout. */
static void format_puzzle(const void *pz, strbuf *out)
{
    const hexiom_puzzle *h = pz;
    hexiom_write_level(h, h->start, h->hole, h->locked, out);
}

const game_family hexiom_family = {
    .name = "hexiom",
    .title = "Hexiom",
    .extension = "hexiom",
    .sniff = hexiom_sniff,
    .parse = hexiom_parse,
    .free_puzzle = hexiom_free,
    .describe = describe,
    .init_state = init_state,
    .encode = encode,
    .state_marks = state_marks,
    .apply_solution = apply_solution,
    .fact_move = fact_move,
    .fact_text = fact_text,
    .verify = hexiom_verify,
    .format_answer = format_answer,
    .format_puzzle = format_puzzle,
    .generate = hexiom_generate,
    .ui = &hexiom_ui_hooks,
    .rules = hexiom_rules,
    .state_ok = hexiom_state_ok,
    .count = hexiom_count,
    .enumerate = hexiom_enumerate_cover,
    .enumerate_deferred = true,
    .images = images,
};
