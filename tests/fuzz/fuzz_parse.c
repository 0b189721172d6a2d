/* fuzz_parse.c: fuzz harness for every registered family's parser (all its
 * formats), through puzzle_from_text as the command line uses it.
 *
 * Input: "NAME\n" + text forces family NAME (any name game_families()
 * knows, so a new family is fuzzed as soon as it is registered); input
 * whose first line is not a family name is parsed whole, the family found
 * by content.  A puzzle that parses is then taken through the family's
 * other hooks as the player would: describe, the start board, the rules
 * checker, the answer text, drawing, and for small puzzles the encoding
 * and one budgeted solve whose answer the checker must accept, and for
 * tiny puzzles a game played by accepting solver facts one by one.
 *
 * Besides crashes and sanitizer reports, the harness aborts on a broken
 * contract: a parse error for a named family without a line and column,
 * a solver answer the family's own checker rejects, or a board built from
 * accepted facts that becomes unsolvable or fails the checker when done. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "game.h"

/* Bigger inputs only slow the fuzzer down; real puzzles are a few KiB. */
#define FUZZ_MAX_INPUT (64 * 1024)
/* Encode and solve only puzzles this small (state entries), and only
 * this many conflicts: every input must run in milliseconds. */
#define FUZZ_MAX_ENCODE 900
#define FUZZ_CONFLICTS 2000
/* ... and play by accepting facts only puzzles this small, this long */
#define FUZZ_MAX_PLAY 120
#define FUZZ_MAX_ROUNDS 60
/* The state's size is a poor guide to the encoding's (Tantrix: 3 entries
 * per tile, thousands of facts): solve only encodings this small. */
#define FUZZ_MAX_FACTS 6000

static void contract(bool ok, const char *what, const char *detail)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_parse: broken contract: %s: %s\n", what, detail);
    abort();
}

static int count_lines(const char *s)
{
    int n = 1;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Draws state on a canvas the size the family asks for, if it fits. */
static void draw(const puzzle *p, const int *state, const view *v)
{
    const game_family *f = p->family;
    if (!f->ui)
        return;
    void *ui = f->ui->create(p->data);
    for (int ascii = 0; ascii < 2; ascii++) {
        int rows = 0, cols = 0;
        if (!f->ui->layout(p->data, ui, 60, 200, ascii, &rows, &cols))
            continue;
        contract(rows > 0 && cols > 0 && rows <= 60 && cols <= 200, "layout",
                 "a canvas size outside the space offered");
        canvas cv;
        canvas_init(&cv, rows, cols, ascii);
        f->ui->draw(p->data, ui, state, v, &cv);
        canvas_free(&cv);
    }
    f->ui->free(ui);
}

/* Plays a small puzzle by accepting solver facts one at a time, as the
 * player does with hints: each round solves under the board's marks and
 * applies one true fact not yet marked as its move.  A board built that
 * way must stay solvable, and once a solution's facts are all marked the
 * board must pass the checker. */
static void play_by_facts(const puzzle *p, assist *a, int *state)
{
    const game_family *f = p->family;
    int nf = assist_num_facts(a);
    int *marks = calloc((size_t)nf + 1, sizeof *marks);
    bool *facts = calloc((size_t)nf + 1, sizeof *facts);
    bool *marked = calloc((size_t)nf + 1, sizeof *marked);
    diag why = {0};
    char last[160] = "none yet";
    f->init_state(p->data, state);
    for (int round = 0; round < FUZZ_MAX_ROUNDS; round++) {
        int n = f->state_marks(p->data, state, marks, nf + 1);
        assist_status st = assist_solve(a, marks, n, facts);
        if (st == ASSIST_UNKNOWN || (st == ASSIST_NONE && round == 0))
            break; /* out of budget, or a puzzle without a solution */
        contract(st == ASSIST_OK, "accepting the solver's facts made the board unsolvable", last);
        memset(marked, 0, (size_t)nf + 1);
        for (int i = 0; i < n; i++)
            marked[marks[i]] = true;
        int next = -1;
        for (int i = 0; i < nf && next < 0; i++)
            if (facts[i] && !marked[i])
                next = i;
        if (next < 0) {
            contract(f->verify(p->data, state, &why),
                     "every fact of a solution marked, yet the checker rejects the board", why.msg);
            break;
        }
        f->fact_text(p->data, state, next, last, sizeof last);
        move m = {0};
        f->fact_move(p->data, state, next, &m);
        contract(m.idx.n > 0, "fact_move", "a fact with no move");
        for (int i = 0; i < m.idx.n; i++) {
            contract(m.idx.v[i] >= 0 && m.idx.v[i] < p->nstate, "fact_move",
                     "a state index out of range");
            state[m.idx.v[i]] = m.val.v[i];
        }
        move_free(&m);
    }
    free(marked);
    free(facts);
    free(marks);
}

static void exercise(const puzzle *p)
{
    const game_family *f = p->family;
    char buf[512];
    diag why = {0};
    f->describe(p->data, buf, sizeof buf);
    int *state = calloc((size_t)p->nstate + 1, sizeof *state);
    f->init_state(p->data, state);
    if (f->state_ok)
        contract(f->state_ok(p->data, state, &why), "state_ok rejects the start board",
                 why.msg);
    f->verify(p->data, state, &why);
    strbuf out = {0};
    f->format_answer(p->data, state, &out);
    sb_free(&out);
    view none = {0};
    draw(p, state, &none);

    if (p->nstate <= FUZZ_MAX_ENCODE) {
        assist *a = puzzle_encode(p);
        sat_budget bud = {.conflicts = FUZZ_CONFLICTS};
        assist_set_budget(a, &bud);
        int nf = assist_num_facts(a);
        int *marks = calloc((size_t)nf + 1, sizeof *marks);
        int nmarks = f->state_marks(p->data, state, marks, nf + 1);
        contract(nmarks >= 0 && nmarks <= nf, "state_marks", "more marks than facts");
        for (int i = 0; i < nmarks; i++)
            contract(marks[i] >= 0 && marks[i] < nf, "state_marks", "a fact number out of range");
        bool *facts = calloc((size_t)nf + 1, sizeof *facts);
        if (nf <= FUZZ_MAX_FACTS && assist_solve(a, marks, nmarks, facts) == ASSIST_OK) {
            f->apply_solution(p->data, facts, state);
            contract(f->verify(p->data, state, &why),
                     "the checker rejects the solver's answer", why.msg);
            if (f->state_ok)
                contract(f->state_ok(p->data, state, &why),
                         "state_ok rejects the solved board", why.msg);
            out = (strbuf){0};
            f->format_answer(p->data, state, &out);
            sb_free(&out);
            for (int i = 0; i < nf && i < 4; i++)
                f->fact_text(p->data, state, i, buf, sizeof buf);
            int hint = nf > 0 ? nf - 1 : 0;
            view v = {.hint_facts = &hint, .nhint = nf > 0, .conflict_facts = marks,
                      .nconflict = nmarks};
            draw(p, state, &v);
        }
        if (p->nstate <= FUZZ_MAX_PLAY && nf <= FUZZ_MAX_FACTS / 4)
            play_by_facts(p, a, state);
        free(facts);
        free(marks);
        assist_free(a);
    }
    free(state);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    const char *game = NULL, *body = text;
    char *nl = memchr(text, '\n', size);
    if (nl) {
        *nl = 0;
        if (text[0] && game_find(text)) {
            game = text;
            body = nl + 1;
        } else {
            *nl = '\n';
        }
    }
    diag err = {0};
    puzzle *p = puzzle_from_text(body, "fuzz", NULL, game, &err);
    if (!p) {
        contract(err.msg[0] != 0, "a parse error without a message", "");
        if (game) {
            char where[64];
            snprintf(where, sizeof where, "line %d, column %d: %.30s", err.line, err.col, err.msg);
            contract(err.line >= 1 && err.col >= 1, "a parse error without line and column", where);
            contract(err.line <= count_lines(body) + 1, "a parse error past the end", where);
        }
    } else {
        exercise(p);
        puzzle_free(p);
    }
    free(text);
    return 0;
}
