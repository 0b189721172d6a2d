/* tantrix.h: the Tantrix family's puzzle data (tiles, loop colour, the
 * encoding frame), shared by its parser, encoder, checker and drawing code. */
#ifndef TESSERA_GAMES_TANTRIX_H
#define TESSERA_GAMES_TANTRIX_H

#include "game.h"

/* The family table (registry.c lists it). */
extern const game_family tantrix_family;

#define TANTRIX_SET_SIZE 56  /* the standard set */
#define TANTRIX_MAX_TILES 56 /* tiles in one puzzle */
#define TANTRIX_MAX_COORD 1000 /* |q|, |r| on the player's board */
/* |q|, |r| of a given tile: a loop through it lies within floor(n/2) <=
 * 28 steps (the encoding's hexagon, below), so every loop the solver can
 * find around a given stays on the board and the checker accepts it. */
#define TANTRIX_MAX_GIVEN_COORD (TANTRIX_MAX_COORD - TANTRIX_MAX_TILES / 2)

enum { TANTRIX_RED, TANTRIX_YELLOW, TANTRIX_BLUE, TANTRIX_GREEN, TANTRIX_NCOLOURS };

/* The standard set: edge colours at rotation 0 as letters "RYBG", edge k
 * facing axial direction k (top, then clockwise), and the colour of the
 * number on the back ('W' white for 48..56).  Index 0 is tile 1. */
typedef struct {
    char edges[7];
    char back;
} tantrix_tile_def;
extern const tantrix_tile_def tantrix_set[TANTRIX_SET_SIZE];

/* The state vector: three entries per tile t: state[3t] its rotation 0..5
 * (clockwise sixths) or TANTRIX_OFF while it is in the tray, state[3t+1]
 * and state[3t+2] its axial q and r on the board. */
enum { TANTRIX_OFF = -1 };

/* Where the encoding's hexagon sits on the player's board: the encoding
 * works in a frame whose origin is the lowest-numbered placed tile, turned
 * so that this tile has rotation 0 (the placed tiles fix the frame; with
 * none placed the frame is the board itself). */
typedef struct {
    int q, r, rot;
} tantrix_frame;

typedef struct {
    int n;                      /* tiles in the puzzle */
    unsigned char col[TANTRIX_MAX_TILES][6]; /* edge colours at rotation 0 */
    int label[TANTRIX_MAX_TILES]; /* the number printed for each tile */
    int loop;                   /* the loop colour */
    int discovery;              /* N of "discovery N", 0 otherwise */
    /* Given tiles ("given N Q R ROTATION"): placed from the start, and the
     * player cannot move or turn them.  given_rot[t] is TANTRIX_OFF for a
     * tile that is not given. */
    int ngiven;
    int given_rot[TANTRIX_MAX_TILES], given_q[TANTRIX_MAX_TILES], given_r[TANTRIX_MAX_TILES];
    /* The encoding's board: a hexagon of radius floor(n/2) around the
     * frame origin, which every loop through a tile at the origin fits. */
    int radius, ncells;
    int *cell_q, *cell_r;       /* cell index -> axial */
    int *cell_at;               /* (q+R)*(2R+1)+(r+R) -> cell index, -1 outside */
    int nplace;                 /* n * ncells * 6 placement facts */
    struct tantrix_loop_memo *memo; /* tantrix_search_loop_memo, NULL till asked */
} tantrix_puzzle;

/* Facts: (t * ncells + cell) * 6 + rot = "tile t at cell, rotation rot";
 * then nplace + t = "tile t lies outside the frame's hexagon" (always
 * false: the mark of a tile placed too far from the others). */
static inline int tantrix_fact(const tantrix_puzzle *t, int tile, int cell, int rot)
{
    return (tile * t->ncells + cell) * 6 + rot;
}
static inline int tantrix_nfacts(const tantrix_puzzle *t) { return t->nplace + t->n; }

/* The colour tile t shows towards direction k when turned rot sixths
 * clockwise. */
static inline int tantrix_edge(const tantrix_puzzle *t, int tile, int rot, int k)
{
    return t->col[tile][((k - rot) % 6 + 6) % 6];
}

/* Cell index of axial (q, r) in the encoding hexagon, or -1. */
int tantrix_cell(const tantrix_puzzle *t, int q, int r);

/* Colour letter 'R' 'Y' 'B' 'G' and name "red" ... */
char tantrix_colour_letter(int c);
/* The colour a letter of the tile set names (R Y B G), -1 for none. */
int tantrix_colour_of_letter(char letter);
const char *tantrix_colour_name(int c);

tantrix_puzzle *tantrix_new(int n);
void tantrix_set_region(tantrix_puzzle *t);
void tantrix_free(void *pz);
void *tantrix_parse(const char *text, diag *err, int *nstate);
int tantrix_sniff(const char *text);
bool tantrix_verify(const void *pz, const int *state, diag *why);
bool tantrix_state_ok(const void *pz, const int *state, diag *why);
void tantrix_encode(const void *pz, assist *a);
bool tantrix_generate(const gen_options *opt, strbuf *out, diag *err);
/* One loop of a tile set with no givens, by plain-C search within
 * max_nodes steps (tantrix_search.c): 1 with it in state (checked by the
 * rules checker), 0 when none was found in time, -1 for a puzzle it does
 * not take (givens). */
int tantrix_search_loop(const tantrix_puzzle *t, int *state, long max_nodes);
/* The same, also saying how many steps it took (to its loop, or all of
 * max_nodes without one) in *steps. */
int tantrix_search_loop_steps(const tantrix_puzzle *t, int *state, long max_nodes, long *steps);
/* tantrix_search_loop remembered for the puzzle (tantrix_loop_memo.c): the
 * player's check and hint, and its worker, ask the same question. */
int tantrix_search_loop_memo(const tantrix_puzzle *t, int *state, long max_nodes);
void tantrix_loop_memo_free(tantrix_puzzle *t);
/* Every loop through the placed tiles of `fixed` (a state in the frame's
 * coordinates, at least one tile placed), each as they lie, by the same
 * search run to the end (tantrix_search.c says why it is complete): each
 * loop the rules checker accepts, with every tile in the encoding's
 * hexagon, goes to found(ctx, state) once, state in the frame's
 * coordinates.  1: all listed, at most limit; 0: stopped at limit + 1;
 * -1: out of steps (max_nodes, 0: none), past budget's seconds or
 * cancelled by its poll, or nothing placed. */
int tantrix_search_all(const tantrix_puzzle *t, const int *fixed, long limit, long max_nodes,
                       const sat_budget *budget, void (*found)(void *ctx, const int *state), void *ctx);
/* The same walk from the placed tile `from` (-1: the one whose walk a
 * few random paths down estimate shortest, as tantrix_search_all does),
 * the steps it took in *steps (NULL: not wanted; the estimate's
 * included).  Any placed tile will do: every loop passes them all. */
int tantrix_search_all_from(const tantrix_puzzle *t, const int *fixed, int from, long limit, long max_nodes,
                            const sat_budget *budget, void (*found)(void *ctx, const int *state), void *ctx,
                            long *steps);

/* One loop through the placed tiles of `fixed` (as tantrix_search_all
 * takes them) by the restarted search, the tile orders shuffled from
 * `seed` (another seed, most likely another loop), within max_nodes
 * steps and budget's seconds (NULL or 0: no limit; its poll cancels),
 * and with ban (NULL: none; else tile, rotation, q, r of a tile not
 * placed) not lying so: 1 with it in state (frame coordinates, checked
 * by the rules checker), 0 when none was found in time (or cancelled),
 * -1 when nothing is placed or a tile lies outside the grid, -2 when
 * there is none: the placed tiles cannot all be right, or one restart
 * walked its whole tree (with a ban: every loop has the tile so). */
int tantrix_search_placed(const tantrix_puzzle *t, const int *fixed, const int *ban, unsigned long seed,
                          long max_nodes, const sat_budget *budget, int *state);

/* Loops under the placed tiles of `fixed` from a loop that has them
 * (tantrix_relay.c), its tiles in `order` round it (tantrix_loop_order):
 * the tiles not placed among the `len` that follow the `from`th of order
 * are taken up, the rest held where they lie, and every way of laying
 * them again goes to found as tantrix_search_all gives it (the loop
 * itself among them); its answer, or -1 when nothing could be taken up. */
int tantrix_relay(const tantrix_puzzle *t, const int *loop, const int *order, const int *fixed, int from, int len,
                  long limit, long max_nodes, const sat_budget *budget, void (*found)(void *ctx, const int *state),
                  void *ctx);
/* The tiles of a loop (state, every tile placed) in their order round it
 * from tile 1 into order: false when state is no loop of the loop colour
 * through all of them. */
bool tantrix_loop_order(const tantrix_puzzle *t, const int *state, int *order);
/* A loop (every tile placed) moved and turned so that the lowest-numbered
 * placed tile of `fixed` lies as there, into out: true when then every
 * placed tile of fixed lies as there and the rules checker accepts it. */
bool tantrix_move_loop(const tantrix_puzzle *t, const int *loop, const int *fixed, int *out);
/* Loops found under marks, remembered for the puzzle (tantrix_loop_memo.c)
 * so that a later board can take those that agree with its marks:
 * keep adds one the rules checker accepted (the oldest goes past a few
 * dozen); recent copies up to max of them, newest first, n * 3 ints
 * each, and says how many. */
void tantrix_loop_memo_keep(const tantrix_puzzle *t, const int *state);
int tantrix_loop_memo_recent(const tantrix_puzzle *t, int *states, int max);

/* Steps of the loop search for one loop (about a second): --solve's
 * deductions and the engine's guess. */
#define TANTRIX_SEARCH_NODES 1000000L

/* The engine's hooks (tantrix_assist.c; game.h and assist.h say what
 * each promises): a solution's images turned about the frame's origin,
 * the enumerator, the count, the guess and the reframe of a part of the
 * marks. */
void tantrix_images(void *pz, const bool *solution, int nfacts, assist_solution_fn add, void *add_ctx);
int tantrix_enumerate(void *pz, const int *marks, int nmarks, long limit, const sat_budget *budget,
                      assist_solution_fn add, void *add_ctx);
assist_status tantrix_count(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                            double seconds, long *count);
int tantrix_guess(void *ctx, const int *marks, int nmarks, const sat_budget *budget, int_vec *facts_out);
bool tantrix_reframe(void *ctx, const int *facts, int n, int *out);

/* The frame a state fixes, and the two directions of its transform. */
tantrix_frame tantrix_frame_of(const tantrix_puzzle *t, const int *state);
void tantrix_to_board(const tantrix_frame *f, int q, int r, int rot, int *bq, int *br, int *brot);
void tantrix_to_frame(const tantrix_frame *f, int bq, int br, int brot, int *q, int *r, int *rot);
/* A placement fact as a board position (false for the "outside" facts). */
bool tantrix_fact_place(const tantrix_puzzle *t, const tantrix_frame *f, int fact, int *tile, int *q,
                        int *r, int *rot);

/* A fact in the player's words (the game_ui fact_text hook): the batch
 * words, but a place with no tile beside it is "the highlighted hex". */
void tantrix_screen_fact_text(const void *pz, const int *state, int fact, char *out, size_t n);

/* The family's colour roles (canvas.h), as tantrix_ui.c's palette gives them. */
#define TANTRIX_ROLE_RED ((role)(ROLE_FAMILY + 0))
#define TANTRIX_ROLE_YELLOW ((role)(ROLE_FAMILY + 1))
#define TANTRIX_ROLE_BLUE ((role)(ROLE_FAMILY + 2))
#define TANTRIX_ROLE_GREEN ((role)(ROLE_FAMILY + 3))

/* The player's hooks (tantrix_ui.c). */
extern const game_ui tantrix_ui_hooks;

#endif
