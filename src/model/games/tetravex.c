/* tetravex.c: the Tetravex family: its encoding (tile types in cells, one
 * number per internal edge, as in Heule's edge-matching encoding), board
 * state helpers, answer text, and the family table. */
#include "games/tetravex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sat/card.h"
#include "games/rules_text.h"

#define TV_VALUES 10

static void describe(const void *pz, char *out, size_t n)
{
    const tetravex_puzzle *t = pz;
    snprintf(out, n, "%dx%d", t->n, t->n);
}

static void init_state(const void *pz, int *state)
{
    const tetravex_puzzle *t = pz;
    for (int c = 0; c < t->ntiles; c++)
        state[c] = -1; /* every tile starts in the tray */
}

/* At most one of l[0..n): Sinz's sequential ladder (n-1 helpers, about 3n
 * binary clauses), pairwise when short.  card_at_most_one's counter keeps
 * two outputs per position, which a pure at-most-one does not need. */
static void amo_ladder(sat_solver *s, const int *l, int n)
{
    if (n <= 5) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                sat_clause2(s, -l[i], -l[j]);
        return;
    }
    int prev = sat_new_var(s); /* prev: one of l[0..i) is true */
    sat_clause2(s, -l[0], prev);
    for (int i = 1; i < n; i++) {
        sat_clause2(s, -l[i], -prev);
        if (i + 1 < n) {
            int next = sat_new_var(s);
            sat_clause2(s, -prev, next);
            sat_clause2(s, -l[i], next);
            prev = next;
        }
    }
}

/* One internal edge between cell a (left or top) and cell b: a number
 * variable per value, exactly one true (pairwise: ten values); a's tile
 * shows side sa to it and b's tile side sb.  Both directions of the link
 * (tile -> number, number -> some tile that shows it) keep propagation
 * strong: once an edge's number is known, every tile that does not show
 * it is ruled out of both cells. */
static void encode_edge(const tetravex_puzzle *t, sat_solver *s, const int *x, int a, int b, int sa,
                        int sb)
{
    int val[TV_VALUES];
    for (int v = 0; v < TV_VALUES; v++)
        val[v] = sat_new_var(s);
    sat_clause(s, val, TV_VALUES);
    for (int v = 0; v < TV_VALUES; v++)
        for (int w = v + 1; w < TV_VALUES; w++)
            sat_clause2(s, -val[v], -val[w]);
    int *sup_a = xcalloc((size_t)t->ntypes + 1, sizeof *sup_a);
    int *sup_b = xcalloc((size_t)t->ntypes + 1, sizeof *sup_b);
    for (int v = 0; v < TV_VALUES; v++) {
        int na = 0, nb = 0;
        sup_a[na++] = -val[v];
        sup_b[nb++] = -val[v];
        for (int k = 0; k < t->ntypes; k++) {
            const unsigned char *tl = t->tile[t->type_tile[k]];
            if (tl[sa] == v)
                sup_a[na++] = x[a * t->ntypes + k];
            if (tl[sb] == v)
                sup_b[nb++] = x[b * t->ntypes + k];
        }
        sat_clause(s, sup_a, na);
        sat_clause(s, sup_b, nb);
    }
    for (int k = 0; k < t->ntypes; k++) {
        const unsigned char *tl = t->tile[t->type_tile[k]];
        sat_clause2(s, -x[a * t->ntypes + k], val[tl[sa]]);
        sat_clause2(s, -x[b * t->ntypes + k], val[tl[sb]]);
    }
    free(sup_a);
    free(sup_b);
}

/* The encoding, chosen by measurement (random 10-value boards, CPU time
 * of the solve; see bench/tetravex.sh): tile
 * types in cells plus one number per internal edge, as in Heule's
 * edge-matching encoding, beat tile types in cells with support clauses
 * ("the tile to the right shows my right number") and no edge numbers,
 * and the lean at-most-ones (ladders, pairwise edge numbers) beat the
 * engine's general counters by about 1.5 times. */
void tetravex_encode(const void *pz, assist *a)
{
    const tetravex_puzzle *t = pz;
    sat_solver *s = assist_sat(a);
    int n = t->n, cells = t->ntiles, nt = t->ntypes;
    int *x = xcalloc((size_t)(cells * nt), sizeof *x);
    for (int c = 0; c < cells; c++)
        for (int k = 0; k < nt; k++) {
            x[c * nt + k] = sat_new_var(s);
            assist_add_fact(a, x[c * nt + k]);
        }
    /* Rule: one tile in every cell. */
    for (int c = 0; c < cells; c++) {
        sat_clause(s, x + c * nt, nt);
        amo_ladder(s, x + c * nt, nt);
    }
    /* Groups, in the order tetravex.h documents. */
    char label[96];
    for (int c = 0; c < cells; c++)
        if (c % n + 1 < n) {
            snprintf(label, sizeof label, "row %d: columns %d and %d match", c / n + 1, c % n + 1,
                     c % n + 2);
            assist_begin_group(a, label);
            encode_edge(t, s, x, c, c + 1, TV_RIGHT, TV_LEFT);
            assist_end_group(a);
        }
    for (int c = 0; c + n < cells; c++) {
        snprintf(label, sizeof label, "column %d: rows %d and %d match", c % n + 1, c / n + 1,
                 c / n + 2);
        assist_begin_group(a, label);
        encode_edge(t, s, x, c, c + n, TV_BOTTOM, TV_TOP);
        assist_end_group(a);
    }
    int *col = xcalloc((size_t)cells, sizeof *col);
    for (int k = 0; k < nt; k++) {
        const unsigned char *tl = t->tile[t->type_tile[k]];
        for (int c = 0; c < cells; c++)
            col[c] = x[c * nt + k];
        if (t->type_count[k] > 1)
            snprintf(label, sizeof label, "tile %d%d%d%d is used %d times", tl[0], tl[1], tl[2],
                     tl[3], t->type_count[k]);
        else
            snprintf(label, sizeof label, "tile %d%d%d%d is used once", tl[0], tl[1], tl[2], tl[3]);
        assist_begin_group(a, label);
        if (t->type_count[k] == 1) {
            sat_clause(s, col, cells);
            amo_ladder(s, col, cells);
        } else {
            card_exactly(s, col, cells, t->type_count[k]);
        }
        assist_end_group(a);
    }
    free(col);
    free(x);
    /* solve and check ask the dedicated search first (far faster than
     * CDCL from 8x8 on) and have the solver confirm its board; a check
     * whose marks the search cannot finish goes to CDCL for its conflict */
    tetravex_search_attach(t, a);
    assist_set_check_by_guess(a, true);
}

static int state_marks(const void *pz, const int *state, int *marks, int max)
{
    const tetravex_puzzle *t = pz;
    int n = 0;
    for (int c = 0; c < t->ntiles && n < max; c++)
        if (state[c] >= 0 && state[c] < t->ntiles)
            marks[n++] = tetravex_fact(t, c, t->type_of[state[c]]);
    return n;
}

static void apply_solution(const void *pz, const bool *facts, int *state)
{
    const tetravex_puzzle *t = pz;
    bool *used = xcalloc((size_t)t->ntiles, sizeof *used);
    for (int c = 0; c < t->ntiles; c++) {
        state[c] = -1;
        for (int k = 0; k < t->ntypes && state[c] < 0; k++) {
            if (!facts[tetravex_fact(t, c, k)])
                continue;
            for (int i = 0; i < t->ntiles; i++)
                if (t->type_of[i] == k && !used[i]) {
                    used[i] = true;
                    state[c] = i;
                    break;
                }
        }
    }
    free(used);
}

/* Puts a tile of the fact's type in its cell: one from the tray if there
 * is one, else the one standing elsewhere on the board; whatever was in
 * the cell goes back to the tray. */
static void fact_move(const void *pz, const int *state, int fact, move *out)
{
    const tetravex_puzzle *t = pz;
    if (fact < 0 || fact >= t->ntiles * t->ntypes)
        return;
    int c = fact / t->ntypes, k = fact % t->ntypes;
    if (state[c] >= 0 && t->type_of[state[c]] == k)
        return;
    bool *on_board = xcalloc((size_t)t->ntiles, sizeof *on_board);
    for (int d = 0; d < t->ntiles; d++)
        if (state[d] >= 0 && state[d] < t->ntiles)
            on_board[state[d]] = true;
    int tile = -1;
    for (int i = 0; i < t->ntiles && tile < 0; i++)
        if (t->type_of[i] == k && !on_board[i])
            tile = i;
    for (int d = 0; d < t->ntiles && tile < 0; d++)
        if (d != c && state[d] >= 0 && t->type_of[state[d]] == k) {
            tile = state[d];
            move_set(out, d, -1);
        }
    free(on_board);
    if (tile >= 0)
        move_set(out, c, tile);
}

static void fact_text(const void *pz, const int *state, int fact, char *out, size_t n)
{
    (void)state; /* a fact names its place by itself */
    const tetravex_puzzle *t = pz;
    if (fact < 0 || fact >= t->ntiles * t->ntypes) {
        snprintf(out, n, "?");
        return;
    }
    int c = fact / t->ntypes;
    const unsigned char *tl = t->tile[t->type_tile[fact % t->ntypes]];
    snprintf(out, n, "tile %d%d%d%d at row %d, column %d", tl[0], tl[1], tl[2], tl[3], c / t->n + 1,
             c % t->n + 1);
}

static void format_answer(const void *pz, const int *state, strbuf *out)
{
    const tetravex_puzzle *t = pz;
    for (int c = 0; c < t->ntiles; c++) {
        const unsigned char *tl = t->tile[state[c] >= 0 ? state[c] : 0];
        sb_printf(out, "%d%d%d%d%c", tl[0], tl[1], tl[2], tl[3], c % t->n + 1 == t->n ? '\n' : ' ');
    }
}

/* The canonical text (game.h format_puzzle): the tiles in the order the
 * puzzle lists them, one a line, as --generate writes them. */
static void format_puzzle(const void *pz, strbuf *out)
{
    tetravex_write(pz, NULL, out);
}

const game_family tetravex_family = {
    .name = "tetravex",
    .title = "Tetravex",
    .extension = "tetravex",
    .sniff = tetravex_sniff,
    .parse = tetravex_parse,
    .free_puzzle = tetravex_free,
    .describe = describe,
    .init_state = init_state,
    .encode = tetravex_encode,
    .state_marks = state_marks,
    .apply_solution = apply_solution,
    .fact_move = fact_move,
    .fact_text = fact_text,
    .verify = tetravex_verify,
    .format_answer = format_answer,
    .format_puzzle = format_puzzle,
    .generate = tetravex_generate,
    .generate_proves_unique = true, /* tetravex_gen.c counts with tetravex_count */
    .params_help = "values=K (or K): edges numbered 0 to K-1, K from 2 to 10 (default 10)",
    .ui = &tetravex_ui_hooks,
    .rules = tetravex_rules,
    .state_ok = tetravex_state_ok,
    .enumerate = tetravex_enumerate,
    .enumerate_resumes = true,
    .count = tetravex_count,
};
