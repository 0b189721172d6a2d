/* tantrix.c: the Tantrix family: the frame that placed tiles fix, marks
 * and moves, answer text, and the family table (encoding: tantrix_encode.c;
 * the searches as the engine's hooks: tantrix_assist.c). */
#include "games/tantrix.h"

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

/* The tile that fixes the frame: the lowest-numbered one placed, or -1. */
static int frame_tile(const tantrix_puzzle *t, const int *state)
{
    for (int i = 0; i < t->n; i++)
        if (placed(state, i))
            return i;
    return -1;
}

tantrix_frame tantrix_frame_of(const tantrix_puzzle *t, const int *state)
{
    tantrix_frame f = {0, 0, 0};
    int i = frame_tile(t, state);
    if (i >= 0)
        f = (tantrix_frame){state[3 * i + 1], state[3 * i + 2], state[3 * i]};
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

/* A "too far" fact in words: far from the frame's tile (the
 * lowest-numbered one placed), whose hexagon it lies beyond. */
static bool far_text(const tantrix_puzzle *t, const int *state, int fact, char *out, size_t n)
{
    if (fact < t->nplace || fact >= tantrix_nfacts(t)) {
        snprintf(out, n, "?");
        return false;
    }
    int u = frame_tile(t, state);
    char from[32] = "the others";
    if (u >= 0 && u != fact - t->nplace)
        snprintf(from, sizeof from, "tile %d", t->label[u]);
    snprintf(out, n, "tile %d too far from %s (a loop of %d spans at most %d steps)",
             t->label[fact - t->nplace], from, t->n, t->radius);
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
        far_text(t, state, fact, out, n);
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

/* --solve: the plain-C search for a loop first (tantrix_search.c): a
 * loop it finds is an answer the caller checks.  What it does not find
 * within its steps (puzzles with givens, tile sets with no loop) the
 * engine decides from the starting board. */
static int deduce(const void *pz, int *state)
{
    return tantrix_search_loop(pz, state, TANTRIX_SEARCH_NODES) == 1 ? 1 : -1;
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

static void encode(const void *pz, assist *a)
{
    tantrix_encode(pz, a);
    assist_set_guess(a, tantrix_guess, (void *)pz, NULL);
    assist_set_check_by_guess(a, true);
    assist_set_reframe(a, tantrix_reframe, (void *)pz);
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
    .count = tantrix_count,
    .images = tantrix_images,
    .deduce = deduce,
    .enumerate = tantrix_enumerate,
};
