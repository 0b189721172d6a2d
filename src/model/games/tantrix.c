/* tantrix.c: the Tantrix family: the frame that placed tiles fix, marks
 * and moves, answer text, and the family table (encoding: tantrix_encode.c). */
#include "games/tantrix.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexgrid.h"
#include "games/rules_text.h"

static void describe(const void *pz, char *out, size_t n)
{
    const tantrix_puzzle *t = pz;
    if (t->discovery)
        snprintf(out, n, "Discovery %d, %s loop", t->discovery, tantrix_colour_name(t->loop));
    else if (t->ngiven)
        snprintf(out, n, "%d tiles, %d given, %s loop", t->n, t->ngiven, tantrix_colour_name(t->loop));
    else
        snprintf(out, n, "%d tiles, %s loop", t->n, tantrix_colour_name(t->loop));
}

static void init_state(const void *pz, int *state)
{
    const tantrix_puzzle *t = pz;
    for (int i = 0; i < t->n; i++) {
        bool given = t->given_rot[i] != TANTRIX_OFF;
        state[3 * i] = t->given_rot[i];
        state[3 * i + 1] = given ? t->given_q[i] : 0;
        state[3 * i + 2] = given ? t->given_r[i] : 0;
    }
}

/* --- the frame --- */

static bool placed(const int *state, int tile)
{
    int rot = state[3 * tile];
    return rot >= 0 && rot < 6;
}

tantrix_frame tantrix_frame_of(const tantrix_puzzle *t, const int *state)
{
    tantrix_frame f = {0, 0, 0};
    for (int i = 0; i < t->n; i++)
        if (placed(state, i)) {
            f.q = state[3 * i + 1];
            f.r = state[3 * i + 2];
            f.rot = state[3 * i];
            break;
        }
    return f;
}

void tantrix_to_board(const tantrix_frame *f, int q, int r, int rot, int *bq, int *br, int *brot)
{
    hex_rotate(&q, &r, f->rot);
    *bq = q + f->q;
    *br = r + f->r;
    *brot = (rot + f->rot) % 6;
}

void tantrix_to_frame(const tantrix_frame *f, int bq, int br, int brot, int *q, int *r, int *rot)
{
    int dq = bq - f->q, dr = br - f->r;
    hex_rotate(&dq, &dr, -f->rot);
    *q = dq;
    *r = dr;
    *rot = ((brot - f->rot) % 6 + 6) % 6;
}

bool tantrix_fact_place(const tantrix_puzzle *t, const tantrix_frame *f, int fact, int *tile, int *q,
                        int *r, int *rot)
{
    if (fact < 0 || fact >= t->nplace)
        return false;
    int rr = fact % 6, cell = (fact / 6) % t->ncells;
    *tile = fact / 6 / t->ncells;
    tantrix_to_board(f, t->cell_q[cell], t->cell_r[cell], rr, q, r, rot);
    return true;
}

/* --- marks, moves, answers --- */

/* The placed tiles as facts in the state's frame (only the given ones
 * when givens_only: their fact numbers depend on the frame, which a tile
 * the player places can change). */
static int placed_marks(const tantrix_puzzle *t, const int *state, bool givens_only, int *marks,
                        int max)
{
    tantrix_frame f = tantrix_frame_of(t, state);
    int m = 0;
    for (int i = 0; i < t->n && m < max; i++) {
        if (!placed(state, i) || (givens_only && t->given_rot[i] == TANTRIX_OFF))
            continue;
        int q, r, rot;
        tantrix_to_frame(&f, state[3 * i + 1], state[3 * i + 2], state[3 * i], &q, &r, &rot);
        int cell = tantrix_cell(t, q, r);
        marks[m++] = cell >= 0 ? tantrix_fact(t, i, cell, rot) : t->nplace + i;
    }
    return m;
}

static int state_marks(const void *pz, const int *state, int *marks, int max)
{
    return placed_marks(pz, state, false, marks, max);
}

static int state_givens(const void *pz, const int *state, int *marks, int max)
{
    return placed_marks(pz, state, true, marks, max);
}

static void apply_solution(const void *pz, const bool *facts, int *state)
{
    const tantrix_puzzle *t = pz;
    tantrix_frame f = tantrix_frame_of(t, state);
    for (int fact = 0; fact < t->nplace; fact++) {
        if (!facts[fact])
            continue;
        int tile, q, r, rot;
        tantrix_fact_place(t, &f, fact, &tile, &q, &r, &rot);
        state[3 * tile] = rot;
        state[3 * tile + 1] = q;
        state[3 * tile + 2] = r;
    }
}

static void fact_move(const void *pz, const int *state, int fact, move *out)
{
    const tantrix_puzzle *t = pz;
    tantrix_frame f = tantrix_frame_of(t, state);
    int tile, q, r, rot;
    if (!tantrix_fact_place(t, &f, fact, &tile, &q, &r, &rot))
        return;
    move_set(out, 3 * tile, rot);
    move_set(out, 3 * tile + 1, q);
    move_set(out, 3 * tile + 2, r);
}

/* A fact that places a tile: the tile where it lies in state's words
 * (true) or false for the "too far" facts. */
static bool fact_where(const tantrix_puzzle *t, const int *state, int fact, int *tile, int *q, int *r,
                       int *rot)
{
    tantrix_frame f = tantrix_frame_of(t, state);
    return tantrix_fact_place(t, &f, fact, tile, q, r, rot);
}

static bool far_text(const tantrix_puzzle *t, int fact, char *out, size_t n)
{
    if (fact < t->nplace || fact >= tantrix_nfacts(t)) {
        snprintf(out, n, "?");
        return false;
    }
    snprintf(out, n, "tile %d too far from the others (a loop of %d spans at most %d steps)",
             t->label[fact - t->nplace], t->n, t->radius);
    return true;
}

static bool as_placed(const int *s, int tile, int q, int r, int rot)
{
    return s[3 * tile] == rot && s[3 * tile + 1] == q && s[3 * tile + 2] == r;
}

/* A placement in words, as the player sees the board: the tile where it
 * lies, or its place beside a tile on the board.  Where no tile is next
 * to the place, the player's screen highlights the hex; the batch
 * commands, with no screen, give the place and the edges as --solve
 * writes them. */
static void place_text(const tantrix_puzzle *t, const int *state, int fact, bool screen, char *out,
                       size_t n)
{
    int tile, q, r, rot;
    if (!fact_where(t, state, fact, &tile, &q, &r, &rot)) {
        far_text(t, fact, out, n);
        return;
    }
    static const char *const SIDE[6] = {"above",        "upper right of", "lower right of",
                                        "below",        "lower left of",  "upper left of"};
    const int *s = state;
    if (as_placed(s, tile, q, r, rot)) {
        snprintf(out, n, "tile %d as placed", t->label[tile]);
        return;
    }
    for (int k = 0; k < 6; k++)
        for (int o = 0; o < t->n; o++)
            if (o != tile && s[3 * o] >= 0 && s[3 * o + 1] + HEX_DQ[k] == q && s[3 * o + 2] + HEX_DR[k] == r) {
                snprintf(out, n, "tile %d %s tile %d, turned as shown", t->label[tile], SIDE[k],
                         t->label[o]);
                return;
            }
    if (screen) {
        snprintf(out, n, "tile %d in the highlighted hex, turned as shown", t->label[tile]);
        return;
    }
    char edges[7];
    for (int k = 0; k < 6; k++)
        edges[k] = tantrix_colour_letter(tantrix_edge(t, tile, rot, k));
    edges[6] = 0;
    snprintf(out, n, "tile %d at %d %d with edges %s", t->label[tile], q, r, edges);
}

static void fact_text(const void *pz, const int *state, int fact, char *out, size_t n)
{
    place_text(pz, state, fact, false, out, n);
}

void tantrix_screen_fact_text(const void *pz, const int *state, int fact, char *out, size_t n)
{
    place_text(pz, state, fact, true, out, n);
}

static void format_answer(const void *pz, const int *state, strbuf *out)
{
    const tantrix_puzzle *t = pz;
    for (int i = 0; i < t->n; i++) {
        if (!placed(state, i)) {
            sb_printf(out, "%d - - ------\n", t->label[i]);
            continue;
        }
        sb_printf(out, "%d %d %d ", t->label[i], state[3 * i + 1], state[3 * i + 2]);
        for (int k = 0; k < 6; k++)
            sb_putc(out, tantrix_colour_letter(tantrix_edge(t, i, state[3 * i], k)));
        sb_putc(out, '\n');
    }
}

/* The family's images hook: a solution turned about the frame's origin
 * by each sixth (the frame's hexagon is turned onto itself; marks, which
 * fix the frame, rule the turned ones out, so this serves the empty
 * board, where every placement is a choice). */
static void images(void *pz, const bool *solution, int nfacts, assist_solution_fn add, void *add_ctx)
{
    const tantrix_puzzle *t = pz;
    int *facts = xmalloc((size_t)t->n * sizeof *facts);
    for (int k = 1; k < 6; k++) {
        int m = 0;
        for (int f = 0; f < t->nplace && f < nfacts; f++) {
            if (!solution[f])
                continue;
            int rot = f % 6, cell = (f / 6) % t->ncells, tile = f / 6 / t->ncells;
            int q = t->cell_q[cell], r = t->cell_r[cell];
            hex_rotate(&q, &r, k);
            int c2 = tantrix_cell(t, q, r);
            if (c2 < 0 || m == t->n)
                break;
            facts[m++] = tantrix_fact(t, tile, c2, (rot + k) % 6);
        }
        if (m == t->n)
            add(add_ctx, facts, m);
    }
    free(facts);
}


/* --solve: the plain-C search for a loop first (tantrix_search.c): a
 * loop it finds is an answer the caller checks.  What it does not find
 * within its steps (about a second; puzzles with givens, tile sets with
 * no loop) the engine decides from the starting board. */
#define SEARCH_NODES 1000000L

static int deduce(const void *pz, int *state)
{
    return tantrix_search_loop(pz, state, SEARCH_NODES) == 1 ? 1 : -1;
}

/* Does tile i carry the standard tile of its number, unturned? */
static bool standard_tile(const tantrix_puzzle *t, int i)
{
    int num = t->label[i];
    if (num < 1 || num > TANTRIX_SET_SIZE)
        return false;
    for (int k = 0; k < 6; k++)
        if (t->col[i][k] != tantrix_colour_of_letter(tantrix_set[num - 1].edges[k]))
            return false;
    return true;
}

/* The canonical text (game.h format_puzzle): "discovery N" alone, or the
 * tiles in the puzzle's order (runs of standard tiles as "tiles", others
 * by their colours as "tile"), the loop colour and the given tiles, as
 * --generate writes them. */
static void format_puzzle(const void *pz, strbuf *out)
{
    const tantrix_puzzle *t = pz;
    if (t->discovery) {
        sb_printf(out, "discovery %d\n", t->discovery);
        return;
    }
    bool in_run = false;
    for (int i = 0; i < t->n; i++) {
        if (standard_tile(t, i)) {
            sb_printf(out, "%s %d", in_run ? "" : "tiles", t->label[i]);
            in_run = true;
            continue;
        }
        if (in_run)
            sb_putc(out, '\n');
        in_run = false;
        sb_puts(out, "tile");
        for (int k = 0; k < 6; k++)
            sb_printf(out, " %c", (char)tolower((unsigned char)tantrix_colour_letter(t->col[i][k])));
        sb_putc(out, '\n');
    }
    if (in_run)
        sb_putc(out, '\n');
    sb_printf(out, "loop %s\n", tantrix_colour_name(t->loop));
    for (int i = 0; i < t->n; i++)
        if (t->given_rot[i] != TANTRIX_OFF)
            sb_printf(out, "given %d %d %d %d\n", t->label[i], t->given_q[i], t->given_r[i], t->given_rot[i]);
}

/* The family's enumerator hook (game_family.enumerate).
 *
 * Under placed tiles (givens, or tiles the player placed: the marks) it
 * is a proof: the loop search run to the end from a placed tile
 * (tantrix_search_all, whose comment says why its list is every solution,
 * each once) lists every loop through the placed tiles as they lie, each
 * checked by the rules checker, and answers 1 when it walked the whole
 * tree; -1 when its steps ran out (what it listed stays as witnesses).
 *
 * On a board with nothing placed (no givens, no marks) it is a source of
 * witnesses only: the loop search finds one loop in milliseconds where
 * CDCL needs seconds, and that loop turned about the frame's origin (the
 * images hook) refutes every placement, since each image moves every
 * tile or turns it.  That search stops at its first loop, so it answers
 * -1 there: what it lists are solutions, never a proof that a fact is
 * forced. */
#define ENUM_NODES_PER_SECOND 200000.0
/* The share of the hint's time the exhaustive search may take: the
 * engine asks it first and decides with the time left when it runs out. */
#define ENUM_SHARE 0.5
/* Steps of the exhaustive search for a count with no time limit (a few
 * seconds) before the engine counts instead. */
#define COUNT_NODES 2000000L

typedef struct {
    const tantrix_puzzle *t;
    int *state;
    assist_solution_fn add;
    void *add_ctx;
    long left;
} enum_ctx;

/* Lists a solution (frame = board) once the rules checker accepts it. */
static void enum_list(void *vctx, const int *facts, int n)
{
    enum_ctx *ec = vctx;
    const tantrix_puzzle *t = ec->t;
    init_state(t, ec->state);
    for (int i = 0; i < n; i++) {
        int tile, q, r, rot;
        tantrix_frame f = {0, 0, 0};
        if (!tantrix_fact_place(t, &f, facts[i], &tile, &q, &r, &rot))
            return;
        ec->state[3 * tile] = rot;
        ec->state[3 * tile + 1] = q;
        ec->state[3 * tile + 2] = r;
    }
    diag why = {0};
    if (ec->left > 0 && tantrix_verify(t, ec->state, &why)) {
        ec->left--;
        ec->add(ec->add_ctx, facts, n);
    }
}

/* The search's loop as facts (no tile placed: the frame is the board
 * itself, tantrix_frame_of), n of them into facts; false when the search
 * found none within the budget's share of steps. */
static bool search_facts(const tantrix_puzzle *t, const sat_budget *b, int *facts)
{
    long nodes = SEARCH_NODES;
    if (b && b->seconds > 0 && b->seconds * ENUM_NODES_PER_SECOND < (double)nodes)
        nodes = (long)(b->seconds * ENUM_NODES_PER_SECOND);
    int *state = xmalloc((size_t)t->n * 3 * sizeof *state);
    init_state(t, state);
    diag why = {0};
    bool ok = nodes >= 1 && tantrix_search_loop(t, state, nodes) == 1 && tantrix_verify(t, state, &why);
    for (int u = 0; u < t->n && ok; u++) {
        int cell = tantrix_cell(t, state[3 * u + 1], state[3 * u + 2]);
        ok = cell >= 0;
        if (ok)
            facts[u] = tantrix_fact(t, u, cell, state[3 * u]);
    }
    free(state);
    return ok;
}

/* The marks as a board in the frame's coordinates (fixed, 3 entries a
 * tile, TANTRIX_OFF for the others): 1, or 0 when they cannot all hold
 * (a "too far" fact, which no solution has, or one tile in two places),
 * or -1 for a fact that is not the family's. */
static int marks_board(const tantrix_puzzle *t, const int *marks, int nmarks, int *fixed)
{
    for (int u = 0; u < t->n; u++)
        fixed[3 * u] = TANTRIX_OFF;
    tantrix_frame f = {0, 0, 0};
    for (int i = 0; i < nmarks; i++) {
        if (marks[i] < 0 || marks[i] >= tantrix_nfacts(t))
            return -1;
        int tile, q, r, rot;
        if (!tantrix_fact_place(t, &f, marks[i], &tile, &q, &r, &rot))
            return 0;
        if (fixed[3 * tile] != TANTRIX_OFF &&
            (fixed[3 * tile] != rot || fixed[3 * tile + 1] != q || fixed[3 * tile + 2] != r))
            return 0;
        fixed[3 * tile] = rot;
        fixed[3 * tile + 1] = q;
        fixed[3 * tile + 2] = r;
    }
    return 1;
}

typedef struct {
    const tantrix_puzzle *t;
    int *facts;
    assist_solution_fn add;
    void *add_ctx;
    long found;
} all_ctx;

/* A loop of the exhaustive search (checked by the rules checker, in the
 * frame's coordinates) as facts. */
static void list_loop(void *vctx, const int *state)
{
    all_ctx *x = vctx;
    const tantrix_puzzle *t = x->t;
    for (int u = 0; u < t->n; u++) {
        int cell = tantrix_cell(t, state[3 * u + 1], state[3 * u + 2]);
        assert(cell >= 0); /* the search keeps to the hexagon */
        x->facts[u] = tantrix_fact(t, u, cell, state[3 * u]);
    }
    x->found++;
    if (x->add)
        x->add(x->add_ctx, x->facts, t->n);
}

/* Every solution under the marks by the exhaustive search, as the
 * enumerate hook answers (assist.h); found: how many it listed. */
static int enumerate_placed(const tantrix_puzzle *t, const int *marks, int nmarks, long limit, long nodes,
                            const sat_budget *b, assist_solution_fn add, void *add_ctx, long *found)
{
    int *fixed = xmalloc((size_t)t->n * 3 * sizeof *fixed);
    int *facts = xmalloc((size_t)t->n * sizeof *facts);
    all_ctx x = {t, facts, add, add_ctx, 0};
    int r = marks_board(t, marks, nmarks, fixed);
    if (r > 0)
        r = tantrix_search_all(t, fixed, limit, nodes, b, list_loop, &x);
    else if (r == 0)
        r = 1; /* no solution: the empty list is all of them */
    *found = x.found;
    free(facts);
    free(fixed);
    return r;
}

static int enumerate(void *pz, const int *marks, int nmarks, long limit, const sat_budget *b,
                     assist_solution_fn add, void *add_ctx)
{
    const tantrix_puzzle *t = pz;
    if (limit < 1)
        return -1;
    if (nmarks > 0) {
        long nodes = 0, found;
        sat_budget share = {0};
        if (b) {
            share = *b;
            share.seconds = b->seconds * ENUM_SHARE;
            if (share.seconds > 0)
                nodes = (long)(share.seconds * ENUM_NODES_PER_SECOND) + 1;
        }
        return enumerate_placed(t, marks, nmarks, limit, nodes, b ? &share : NULL, add, add_ctx, &found);
    }
    if (t->ngiven > 0)
        return -1; /* the givens should be among the marks */
    int nf = tantrix_nfacts(t), *facts = xmalloc((size_t)t->n * sizeof *facts);
    if (search_facts(t, b, facts)) {
        bool *sol = xcalloc((size_t)nf, sizeof *sol);
        for (int u = 0; u < t->n; u++)
            sol[facts[u]] = true;
        int *state = xmalloc((size_t)t->n * 3 * sizeof *state);
        enum_ctx ec = {t, state, add, add_ctx, limit};
        enum_list(&ec, facts, t->n);
        images(pz, sol, nf, enum_list, &ec);
        free(state);
        free(sol);
    }
    free(facts);
    return -1;
}

/* Solutions are counted up to the rigid motions of the board: with no
 * tile placed, tile 1 is held at the origin with rotation 0 (every
 * solution can be moved and turned there in exactly one way, since the
 * tiles are told apart by number); a placed tile (a given one, or one the
 * player placed) fixes the frame itself, and then nothing is held.
 * Under placed tiles the exhaustive search counts (one CDCL call per
 * solution takes seconds to prove the last one the last); when its steps
 * run out the engine counts as before. */
static assist_status count(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                           double seconds, long *out)
{
    const tantrix_puzzle *t = pz;
    if (nmarks > 0 && limit >= 1) {
        long nodes = COUNT_NODES, found = 0;
        if (seconds > 0)
            nodes = (long)(seconds * ENUM_SHARE * ENUM_NODES_PER_SECOND) + 1;
        sat_budget b = {.seconds = seconds * ENUM_SHARE};
        int r = enumerate_placed(t, marks, nmarks, limit - 1, nodes, seconds > 0 ? &b : NULL, NULL, NULL,
                                 &found);
        if (r >= 0) {
            *out = found < limit ? found : limit;
            return ASSIST_OK;
        }
    }
    /* the caller set the engine's budget */
    if (nmarks > 0)
        return assist_count(a, marks, nmarks, limit, out);
    int anchor = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0);
    return assist_count(a, &anchor, 1, limit, out);
}

/* A solution under the marks as the engine's guess (assist_set_guess),
 * which also serves its check (assist_set_check_by_guess), in place of a
 * search through the lazy loop cuts (tenths of a second under a few
 * givens, seconds of CDCL at Discovery 20 and beyond with nothing
 * placed).  With nothing placed it is the first loop of the loop search;
 * under placed tiles the first loop of the exhaustive search (within the
 * same share of steps), which when it walks the whole tree and finds none
 * proposes nothing and lets the solver decide.  Either loop has passed
 * the rules checker (and the exhaustive search's has every mark), so it
 * is answered as a checked solution (2): the engine takes it without the
 * solver call that would confirm it, whose lazy grounding was a third of
 * a cold hint on Discovery 25-30. */
typedef struct {
    int *facts;
    bool got;
} first_ctx;

static void first_loop(void *vctx, const int *facts, int n)
{
    first_ctx *x = vctx;
    if (!x->got)
        memcpy(x->facts, facts, (size_t)n * sizeof *facts);
    x->got = true;
}

static int guess(void *ctx, const int *marks, int nmarks, const sat_budget *b, int_vec *facts_out)
{
    const tantrix_puzzle *t = ctx;
    int *facts = xmalloc((size_t)t->n * sizeof *facts);
    bool ok = false;
    if (nmarks > 0) {
        long nodes = SEARCH_NODES, found;
        if (b && b->seconds > 0 && b->seconds * ENUM_SHARE * ENUM_NODES_PER_SECOND < (double)nodes)
            nodes = (long)(b->seconds * ENUM_SHARE * ENUM_NODES_PER_SECOND) + 1;
        sat_budget share = {0};
        if (b) {
            share = *b;
            share.seconds = b->seconds * ENUM_SHARE;
        }
        first_ctx x = {facts, false};
        enumerate_placed(t, marks, nmarks, 0, nodes, b ? &share : NULL, first_loop, &x, &found);
        ok = x.got;
    } else if (t->ngiven == 0) {
        ok = search_facts(t, b, facts);
    }
    for (int u = 0; u < t->n && ok; u++)
        vec_push(facts_out, facts[u]);
    free(facts);
    return ok ? 2 : 0;
}

static void encode(const void *pz, assist *a)
{
    tantrix_encode(pz, a);
    assist_set_guess(a, guess, (void *)pz, NULL);
    assist_set_check_by_guess(a, true);
}

const game_family tantrix_family = {
    .name = "tantrix",
    .title = "Tantrix",
    .extension = "tantrix",
    .sniff = tantrix_sniff,
    .parse = tantrix_parse,
    .free_puzzle = tantrix_free,
    .describe = describe,
    .init_state = init_state,
    .encode = encode,
    .state_marks = state_marks,
    .state_givens = state_givens,
    .apply_solution = apply_solution,
    .fact_move = fact_move,
    .fact_text = fact_text,
    .verify = tantrix_verify,
    .format_answer = format_answer,
    .format_puzzle = format_puzzle,
    .generate = tantrix_generate,
    .ui = &tantrix_ui_hooks,
    .rules = tantrix_rules,
    .state_ok = tantrix_state_ok,
    .count = count,
    .images = images,
    .deduce = deduce,
    .enumerate = enumerate,
};
