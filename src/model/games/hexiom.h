/* hexiom.h: the Hexiom family's puzzle data, shared by its parser, encoder,
 * checker, counter and drawing code. */
#ifndef TESSERA_GAMES_HEXIOM_H
#define TESSERA_GAMES_HEXIOM_H

#include "game.h"

/* The family table (registry.c lists it). */
extern const game_family hexiom_family;

#define HEXIOM_MAX_SIDE 8
#define HEXIOM_VALUES 7 /* tile values 0..6: a slot has at most 6 neighbours */

/* A cell's content in the state vector (first ncells entries). */
enum { HEXIOM_EMPTY = 0, HEXIOM_HOLE = 8 }; /* 1..7: a tile of value 0..6 */
#define HEXIOM_TILE(v) ((v) + 1)

/* The board is the hexagon of side `side`, cells in reading order (row by
 * row, left to right, as in the level files).  Cell c sits at axial
 * coordinates (q[c], r[c]) centred on the middle cell: r is the row minus
 * side-1, and the six neighbours are the hexgrid.h offsets.  A hole ("+."
 * in a level) is a cell that is not a slot: always empty, never counted.
 *
 * The state vector has 2*ncells entries: state[c] is the content of cell c
 * (HEXIOM_EMPTY, HEXIOM_TILE(v) or HEXIOM_HOLE) and state[ncells + c] is 1
 * when the player has PINNED cell c.
 *
 * How a board maps to marks: the board always holds every tile somewhere,
 * so "where the tiles are" claims nothing by itself (the starting layout
 * is a scramble).  A pin is the player's claim "this slot's content is
 * right" (a tile of that value, or nothing); only pinned slots and the
 * locked tiles become marks, so check answers "can my pinned slots all be
 * right?" and a hint is a slot's content forced by them.  Dropping a tile
 * pins its new slot (placing it is a claim) and unpins the slot it came
 * from, which receives the swapped tile or nothing; Space (or a right
 * click) pins or unpins any slot, empty ones included; an accepted hint
 * moves a tile there from an unpinned slot and pins it; Solve keeps the
 * pins of slots whose content it does not change. */
typedef struct {
    int side, ncells;
    int *q, *r;               /* axial coordinates */
    int *row, *idx;           /* row (0-based) and index within the row */
    int *row_start, *row_len; /* first cell and length of each row */
    int *nbr;                 /* ncells*6: neighbour in direction k, -1 none (holes included) */
    signed char *start;       /* starting content: -1 empty, 0..6 a tile */
    unsigned char *locked;    /* locked tile (content fixed) */
    unsigned char *hole;      /* hole: not a slot */
    int inv[HEXIOM_VALUES];   /* number of tiles of each value, locked ones included */
    int ntiles, nslots;       /* tiles; cells that are not holes */
    int *slot_of_cell;        /* slot number (facts) of a cell, -1 for holes */
    int *cell_of_slot;
} hexiom_puzzle;

/* Facts: for the k-th slot (non-hole cell in reading order), fact 8k+v is
 * "slot holds a tile of value v" (v = 0..6) and 8k+7 "slot is empty".
 * Groups, in this order: one per slot ("the tile there equals its count of
 * occupied neighbours"), one per tile value present, then "T tiles in
 * all" (implied by the others, kept because it makes solving fast). */
#define HEXIOM_FACTS_PER_SLOT 8
#define HEXIOM_FACT_EMPTY 7

static inline int hexiom_fact(const hexiom_puzzle *h, int cell, int what)
{
    int k = h->slot_of_cell[cell];
    return k < 0 ? -1 : k * HEXIOM_FACTS_PER_SLOT + what;
}

void hexiom_free(void *pz);
void *hexiom_parse(const char *text, diag *err, int *nstate);
int hexiom_sniff(const char *text);
bool hexiom_verify(const void *pz, const int *state, diag *why);
bool hexiom_state_ok(const void *pz, const int *state, diag *why);
/* Writes a level in the published layout (tessera(6), Hexiom): the tile
 * (-1 none), hole and locked flags of every cell (hexiom.c). */
void hexiom_write_level(const hexiom_puzzle *h, const signed char *tile, const unsigned char *hole,
                        const unsigned char *locked, strbuf *out);
/* A new level of side 2 to 6 with exactly one solution (hexiom_gen.c). */
bool hexiom_generate(const gen_options *opt, strbuf *out, diag *err);

/* "row 3, slot 4" for a cell (1-based, as a player counts). */
void hexiom_cell_name(const hexiom_puzzle *h, int cell, char *out, size_t n);
/* Cell at axial (q, r), -1 off the board. */
int hexiom_cell_at(const hexiom_puzzle *h, int q, int r);

/* The move that puts a tile of value v (what = 0..6) or nothing
 * (what = HEXIOM_FACT_EMPTY) into cell, pinning it: the tile comes from an
 * unpinned slot (swapped), and an evicted tile goes to an unpinned empty
 * slot.  false when no such move exists (locked cell, hole, no tile). */
bool hexiom_place(const hexiom_puzzle *h, const int *state, int cell, int what, move *out);

/* The exact number of solutions under the marks (capped at limit), by
 * dynamic programming rather than enumeration (hexiom_count.c); seconds
 * bounds the time (0: none).  ASSIST_UNKNOWN when the time ran out, or
 * with *too_big when the board has too many partial states to keep. */
assist_status hexiom_count_dp(const void *pz, const int *marks, int nmarks, long limit, double seconds,
                              long *count, bool *too_big);
/* The family's enumerate hook (game.h): one sweep of the counting DP
 * kept whole and a pass back over it (hexiom_cover.c) give, under the
 * marks, every content each slot takes in some solution; it lists a few
 * solutions that between them show all of them and answers 2 (a cover
 * from a complete search), or -1 with nothing listed when the sweep would
 * keep too many partial boards or the budget's seconds ran out. */
int hexiom_enumerate_cover(void *pz, const int *marks, int nmarks, long limit, const sat_budget *budget,
                           assist_solution_fn add, void *add_ctx);
/* The family's count hook (game.h): quick SAT calls, then the DP. */
assist_status hexiom_count(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                           double seconds, long *count);

/* The family's colour roles (canvas.h), as hexiom_ui.c's palette gives them. */
#define HEXIOM_ROLE_LOCKED ((role)(ROLE_FAMILY + 0))
#define HEXIOM_ROLE_SATISFIED ((role)(ROLE_FAMILY + 1))

/* The player's hooks (hexiom_ui.c). */
extern const game_ui hexiom_ui_hooks;

#endif
