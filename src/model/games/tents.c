/* tents.c: the Tents family: its encoding into facts and clauses, board
 * state helpers, answer text, and the family table. */
#include "games/tents.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sat/card.h"
#include "games/rules_text.h"

static const int DX4[4] = {1, -1, 0, 0}, DY4[4] = {0, 0, 1, -1};

static void describe(const void *pz, char *out, size_t n)
{
    const tents_puzzle *t = pz;
    snprintf(out, n, "%dx%d", t->w, t->h);
}

static void init_state(const void *pz, int *state)
{
    const tents_puzzle *t = pz;
    for (int c = 0; c < t->w * t->h; c++)
        state[c] = t->tree[c] ? TENTS_TREE : t->given[c] >= 0 ? t->given[c] : TENTS_BLANK;
}

/* Variables: tent[c] per non-tree cell; pair[tree][d] for a tree and the
 * cell in direction d.  The pairing is what makes the encoding right: a
 * tent counts only with a tree of its own. */
static void encode(const void *pz, assist *a)
{
    const tents_puzzle *t = pz;
    sat_solver *s = assist_sat(a);
    int w = t->w, h = t->h, cells = w * h;
    /* A cell with no tree beside it can never hold a tent: all such cells
     * share one variable fixed false, which keeps them out of the line
     * counters (half the formula on big boards) while their facts stay. */
    int never = 0;
    int *tent = xcalloc((size_t)cells, sizeof *tent);
    for (int c = 0; c < cells; c++) {
        if (t->tree[c])
            continue;
        bool near_tree = false;
        for (int d = 0; d < 4; d++) {
            int nx = c % w + DX4[d], ny = c / w + DY4[d];
            near_tree |= nx >= 0 && ny >= 0 && nx < w && ny < h && t->tree[ny * w + nx];
        }
        if (near_tree) {
            tent[c] = sat_new_var(s);
        } else {
            if (!never) {
                never = sat_new_var(s);
                sat_unit(s, -never);
            }
            tent[c] = never;
        }
        assist_add_fact(a, tent[c]);
        assist_add_fact(a, -tent[c]);
    }
    int *pair = xcalloc((size_t)cells * 4, sizeof *pair);
    for (int c = 0; c < cells; c++) {
        if (!t->tree[c])
            continue;
        for (int d = 0; d < 4; d++) {
            int nx = c % w + DX4[d], ny = c / w + DY4[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || t->tree[ny * w + nx])
                continue;
            pair[c * 4 + d] = sat_new_var(s);
        }
    }
    /* Rules: a tent has exactly one tree paired with it, a blank none. */
    int lits[4];
    for (int c = 0; c < cells; c++) {
        if (t->tree[c])
            continue;
        if (tent[c] == never) {
            if (t->given[c] == TENTS_TENT)
                sat_add(s, 0); /* a given tent with no tree: no solution */
            continue;
        }
        int n = 0, x = c % w, y = c / w;
        for (int d = 0; d < 4; d++) {
            int tx = x + DX4[d], ty = y + DY4[d];
            if (tx < 0 || ty < 0 || tx >= w || ty >= h || !t->tree[ty * w + tx])
                continue;
            int back = d ^ 1; /* direction from the tree to this cell */
            lits[n++] = pair[(ty * w + tx) * 4 + back];
        }
        int cl[5];
        cl[0] = -tent[c];
        for (int i = 0; i < n; i++) {
            cl[i + 1] = lits[i];
            sat_clause2(s, -lits[i], tent[c]);
        }
        sat_clause(s, cl, n + 1);
        card_at_most_one(s, lits, n);
        if (t->given[c] >= 0)
            sat_unit(s, t->given[c] == TENTS_TENT ? tent[c] : -tent[c]);
    }
    /* Rule: no two tents touch, diagonals included. */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = y * w + x;
            if (!tent[c] || tent[c] == never)
                continue;
            static const int ndx[4] = {1, -1, 0, 1}, ndy[4] = {0, 1, 1, 1};
            for (int k = 0; k < 4; k++) {
                int nx = x + ndx[k], ny = y + ndy[k];
                if (nx >= 0 && nx < w && ny < h && tent[ny * w + nx] && tent[ny * w + nx] != never)
                    sat_clause2(s, -tent[c], -tent[ny * w + nx]);
            }
        }
    /* Groups, in the order tents.h documents: rows, columns, trees. */
    int *line = xcalloc((size_t)(w > h ? w : h), sizeof *line);
    char label[64];
    for (int y = 0; y < h; y++) {
        int n = 0;
        for (int x = 0; x < w; x++)
            if (tent[y * w + x] && tent[y * w + x] != never)
                line[n++] = tent[y * w + x];
        snprintf(label, sizeof label, "row %d clue (%d)", y + 1, t->row[y]);
        assist_begin_group(a, label);
        card_exactly(s, line, n, t->row[y]);
        assist_end_group(a);
    }
    for (int x = 0; x < w; x++) {
        int n = 0;
        for (int y = 0; y < h; y++)
            if (tent[y * w + x] && tent[y * w + x] != never)
                line[n++] = tent[y * w + x];
        snprintf(label, sizeof label, "column %d clue (%d)", x + 1, t->col[x]);
        assist_begin_group(a, label);
        card_exactly(s, line, n, t->col[x]);
        assist_end_group(a);
    }
    for (int c = 0; c < cells; c++) {
        if (!t->tree[c])
            continue;
        int n = 0;
        for (int d = 0; d < 4; d++)
            if (pair[c * 4 + d])
                lits[n++] = pair[c * 4 + d];
        snprintf(label, sizeof label, "tree at row %d, column %d", c / w + 1, c % w + 1);
        assist_begin_group(a, label);
        card_exactly_one(s, lits, n);
        assist_end_group(a);
    }
    free(line);
    free(pair);
    free(tent);
}

static int state_marks(const void *pz, const int *state, int *marks, int max)
{
    const tents_puzzle *t = pz;
    int n = 0;
    for (int c = 0; c < t->w * t->h && n < max; c++) {
        if (state[c] == TENTS_TENT)
            marks[n++] = tents_fact(t, c, 0);
        else if (state[c] == TENTS_GRASS)
            marks[n++] = tents_fact(t, c, 1);
    }
    return n;
}

static void apply_solution(const void *pz, const bool *facts, int *state)
{
    const tents_puzzle *t = pz;
    for (int c = 0; c < t->w * t->h; c++)
        if (!t->tree[c])
            state[c] = facts[tents_fact(t, c, 0)] ? TENTS_TENT : TENTS_GRASS;
}

static void fact_move(const void *pz, const int *state, int fact, move *out)
{
    const tents_puzzle *t = pz;
    if (fact < 0 || fact >= t->nfacts)
        return;
    move_set(out, t->cell_of_fact[fact / 2], fact % 2 ? TENTS_GRASS : TENTS_TENT);
}

static void fact_text(const void *pz, const int *state, int fact, char *out, size_t n)
{
    (void)state; /* a fact names its place by itself */
    const tents_puzzle *t = pz;
    if (fact < 0 || fact >= t->nfacts) {
        snprintf(out, n, "?");
        return;
    }
    int c = t->cell_of_fact[fact / 2];
    snprintf(out, n, "%s at row %d, column %d", fact % 2 ? "no tent" : "a tent", c / t->w + 1,
             c % t->w + 1);
}

static void format_answer(const void *pz, const int *state, strbuf *out)
{
    const tents_puzzle *t = pz;
    for (int y = 0; y < t->h; y++) {
        for (int x = 0; x < t->w; x++) {
            int v = state[y * t->w + x];
            sb_putc(out, v == TENTS_TREE ? 'T' : v == TENTS_TENT ? '*' : '.');
        }
        sb_putc(out, '\n');
    }
}

/* The canonical text (game.h format_puzzle): the Tatham game ID that
 * --generate writes, givens included. */
static void format_puzzle(const void *pz, strbuf *out)
{
    tents_write_id(pz, out);
    sb_putc(out, '\n');
}

const game_family tents_family = {
    .name = "tents",
    .title = "Tents",
    .extension = "tents",
    .sniff = tents_sniff,
    .parse = tents_parse,
    .free_puzzle = tents_free,
    .describe = describe,
    .init_state = init_state,
    .encode = encode,
    .state_marks = state_marks,
    .apply_solution = apply_solution,
    .fact_move = fact_move,
    .fact_text = fact_text,
    .verify = tents_verify,
    .deduce = tents_deduce,
    .format_answer = format_answer,
    .format_puzzle = format_puzzle,
    .generate = tents_generate,
    .ui = &tents_ui_hooks,
    .rules = tents_rules,
    .state_ok = tents_state_ok,
    .step_ok = tents_step_ok,
};
