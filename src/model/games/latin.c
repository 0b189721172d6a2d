/* latin.c: the Latin square family: its encoding into facts, groups and
 * clauses, the board helpers, the texts, and the family table that ties
 * the hooks of latin_*.c together (game.h is the reference for each). */
#include "games/latin.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "sat/card.h"

/* game.h describe: a few words for menus. */
static void describe(const void *pz, char *out, size_t n)
{
    const latin_puzzle *p = pz;
    snprintf(out, n, "%dx%d", p->n, p->n);
}

/* game.h init_state: the starting board, givens in, the rest blank. */
static void init_state(const void *pz, int *state)
{
    const latin_puzzle *p = pz;
    for (int c = 0; c < p->n * p->n; c++)
        state[c] = p->given[c];
}

/* game.h encode: declare every fact first, in latin_fact's order, then
 * the rules as groups.  A group is what a hint's reason names ("row 2"),
 * so each rule a player would quote is one group, its clauses inside it.
 * Givens are unit clauses outside any group: always true, never a reason. */
static void encode(const void *pz, assist *a)
{
    const latin_puzzle *p = pz;
    sat_solver *s = assist_sat(a);
    int n = p->n, cells = n * n;
    int *var = xmalloc((size_t)(cells * n) * sizeof *var); /* indexed by fact */
    for (int f = 0; f < cells * n; f++) {
        var[f] = sat_new_var(s);
        int k = assist_add_fact(a, var[f]);
        assert(k == f); /* facts are numbered in the order they are added */
        (void)k;
    }
    for (int c = 0; c < cells; c++)
        if (p->given[c])
            sat_unit(s, var[latin_fact(p, c, p->given[c])]);
    int *lits = xmalloc((size_t)n * sizeof *lits);
    char label[64];
    for (int line = 0; line < 2 * n; line++) { /* rows, then columns */
        bool row = line < n;
        int k = row ? line : line - n;
        snprintf(label, sizeof label, "%s %d", row ? "row" : "column", k + 1);
        assist_begin_group(a, label);
        for (int v = 1; v <= n; v++) {
            for (int i = 0; i < n; i++)
                lits[i] = var[latin_fact(p, row ? k * n + i : i * n + k, v)];
            card_exactly_one(s, lits, n);
        }
        assist_end_group(a);
    }
    for (int c = 0; c < cells; c++) {
        snprintf(label, sizeof label, "the cell at row %d, column %d", c / n + 1, c % n + 1);
        assist_begin_group(a, label);
        for (int v = 1; v <= n; v++)
            lits[v - 1] = var[latin_fact(p, c, v)];
        card_exactly_one(s, lits, n);
        assist_end_group(a);
    }
    free(lits);
    free(var);
}

/* game.h state_marks: what the board claims, as facts.  A blank cell
 * claims nothing; the engine reasons from these marks. */
static int state_marks(const void *pz, const int *state, int *marks, int max)
{
    const latin_puzzle *p = pz;
    int m = 0;
    for (int c = 0; c < p->n * p->n && m < max; c++)
        if (state[c] >= 1 && state[c] <= p->n)
            marks[m++] = latin_fact(p, c, state[c]);
    return m;
}

/* game.h apply_solution: the solver's facts written into the board. */
static void apply_solution(const void *pz, const bool *facts, int *state)
{
    const latin_puzzle *p = pz;
    for (int c = 0; c < p->n * p->n; c++)
        for (int v = 1; v <= p->n; v++)
            if (facts[latin_fact(p, c, v)])
                state[c] = v;
}

/* game.h fact_move: an accepted hint as a move on the board. */
static void fact_move(const void *pz, const int *state, int fact, move *out)
{
    (void)state; /* a fact names its cell by itself */
    const latin_puzzle *p = pz;
    if (fact < 0 || fact >= p->n * p->n * p->n)
        return;
    move_set(out, fact / p->n, fact % p->n + 1);
}

/* game.h fact_text: the fact in words that need no screen. */
static void fact_text(const void *pz, const int *state, int fact, char *out, size_t n)
{
    (void)state;
    const latin_puzzle *p = pz;
    if (fact < 0 || fact >= p->n * p->n * p->n) {
        snprintf(out, n, "?");
        return;
    }
    int c = fact / p->n;
    snprintf(out, n, "%d at row %d, column %d", fact % p->n + 1, c / p->n + 1, c % p->n + 1);
}

/* The grid with one character a cell: blank as blank, values as digits. */
static void write_grid(const latin_puzzle *p, const int *values, const signed char *givens,
                       char blank, strbuf *out)
{
    for (int c = 0; c < p->n * p->n; c++) {
        int v = values ? values[c] : givens[c];
        sb_putc(out, v >= 1 && v <= p->n ? (char)('0' + v) : blank);
        if (c % p->n == p->n - 1)
            sb_putc(out, '\n');
    }
}

/* game.h format_answer: the filled grid, as tessera(6) gives it. */
static void format_answer(const void *pz, const int *state, strbuf *out)
{
    write_grid(pz, state, NULL, '.', out);
}

/* game.h format_puzzle: the puzzle in the one format parse reads. */
static void format_puzzle(const void *pz, strbuf *out)
{
    const latin_puzzle *p = pz;
    write_grid(p, NULL, p->given, '.', out);
}

/* game.h rules: shown under ? in the player.  (The five shipped families
 * keep theirs together in rules_text.c; the template keeps its own here
 * so that its files are the whole recipe.) */
static const char *const latin_rules[] = {
    "Fill the grid so that every row and every column",
    "holds each number from 1 to n exactly once.",
    "Given numbers (in brackets) stay as they are.",
    "",
    "  1 2 3      a 3x3 square: no number twice",
    "  2 3 1      in a row or in a column",
    "  3 1 2",
    NULL,
};

/* The table.  Required: name to format_answer; the rest is optional and
 * NULL means the default game.h names next to each field. */
const game_family latin_family = {
    .name = "latin",
    .title = "Latin square",
    .extension = "latin",
    .sniff = latin_sniff,
    .parse = latin_parse,
    .free_puzzle = latin_free,
    .describe = describe,
    .init_state = init_state,
    .encode = encode,
    .state_marks = state_marks,
    .apply_solution = apply_solution,
    .fact_move = fact_move,
    .fact_text = fact_text,
    .verify = latin_verify,
    .format_answer = format_answer,
    .format_puzzle = format_puzzle,
    .ui = &latin_ui_hooks,
    .state_ok = latin_state_ok,
    .step_ok = latin_step_ok,
    .rules = latin_rules,
};
