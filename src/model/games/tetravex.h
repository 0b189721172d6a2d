/* tetravex.h: the Tetravex family's puzzle data: n*n tiles with four
 * numbers each, grouped into types (identical tiles are interchangeable,
 * so the encoding places types, not names). */
#ifndef TESSERA_GAMES_TETRAVEX_H
#define TESSERA_GAMES_TETRAVEX_H

#include "game.h"
#include "rng.h"

/* The family table (registry.c lists it). */
extern const game_family tetravex_family;

#define TETRAVEX_MAX_SIDE 12

enum { TV_TOP, TV_RIGHT, TV_BOTTOM, TV_LEFT };

typedef struct {
    int n;              /* the board is n x n, with n*n tiles */
    int ntiles;
    unsigned char (*tile)[4]; /* tile[t][side], as listed in the file */
    int ntypes;
    int *type_of;       /* tile -> type */
    int *type_tile;     /* type -> its first tile */
    int *type_count;    /* type -> how many tiles */
    struct tetravex_walk_memo *walk_memo; /* tetravex_walk_keep, NULL till then */
} tetravex_puzzle;

/* The board vector: one entry per cell, row-major, the tile placed there
 * (an index into tile[]) or -1; tiles not on the board are in the tray.
 * Facts: c * ntypes + k = "a tile of type k is in cell c".  Groups: one
 * per internal edge (right edges row-major, then bottom edges), then one
 * per tile type (how many of it there are). */
static inline int tetravex_fact(const tetravex_puzzle *t, int cell, int type)
{
    return cell * t->ntypes + type;
}

tetravex_puzzle *tetravex_new(int n);
void tetravex_index_types(tetravex_puzzle *t);
void tetravex_free(void *pz);
void *tetravex_parse(const char *text, diag *err, int *nstate);
int tetravex_sniff(const char *text);
bool tetravex_verify(const void *pz, const int *state, diag *why);
bool tetravex_generate(const gen_options *opt, strbuf *out, diag *err);
void tetravex_write(const tetravex_puzzle *t, const int *order, strbuf *out);
void tetravex_encode(const void *pz, assist *a);
/* The dedicated search (tetravex_search.c): a whole solution under the
 * marks as facts (1), none found or none exists (0; with marks it gives up
 * early and leaves the rest to the solver), cancelled by the budget's poll
 * (-1).  attach makes it the engine's guess for solve. */
int tetravex_search(const tetravex_puzzle *t, const int *marks, int nmarks, const sat_budget *b,
                    int_vec *facts_out);
void tetravex_search_attach(const tetravex_puzzle *t, assist *a);
/* The same search run to the end, as the family's enumerator (see
 * game_family.enumerate): pz is the tetravex_puzzle. */
int tetravex_enumerate(void *pz, const int *marks, int nmarks, long limit, const sat_budget *b,
                       assist_solution_fn add, void *add_ctx);
/* The enumerator's split walk remembered for the puzzle
 * (tetravex_walk_memo.c): a split is keyed by the marks, the corner and
 * its nsub prefixes of depth tile types each. */
typedef struct {
    const int *marks;
    int nmarks, corner, depth, nsub;
    const int *prefix;
} tetravex_walk_key;
/* Marks the subtrees of split k that a walk of it finished, with their
 * solutions in sols (complete and sols hold nsub entries); returns how
 * many solutions they hold. */
long tetravex_walk_recall(const tetravex_puzzle *t, const tetravex_walk_key *k, bool *complete, int_vec *sols);
/* Keeps the subtrees a walk of split k finished (with those kept before,
 * when the split is the same). */
void tetravex_walk_keep(const tetravex_puzzle *t, const tetravex_walk_key *k, const bool *complete,
                        const int_vec *sols);
void tetravex_walk_memo_free(tetravex_puzzle *t);
/* Solutions under the marks up to limit, by the enumerator (see
 * game_family.count): ASSIST_UNKNOWN when seconds (0: none) ran out. */
assist_status tetravex_count(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                             double seconds, long *count);

/* The same count with no marks, held to max_steps placements (about
 * 50 million a second) instead of a clock, so that the generator's
 * choices do not depend on the machine's load: false when they ran out. */
bool tetravex_count_steps(const tetravex_puzzle *t, long limit, long max_steps, long *count);

/* Knuth's estimate of how many placements the exhaustive walk (the
 * count without marks) tries from its cheapest corner, from `probes`
 * random paths a corner drawn with g. */
double tetravex_walk_estimate(const tetravex_puzzle *t, rng *g, int probes);

bool tetravex_state_ok(const void *pz, const int *state, diag *why);

/* The family's colour roles (canvas.h): TETRAVEX_ROLE_FILL0 + v is a
 * side of value v drawn as a filled area (text on a background of v's
 * colour), as tetravex_ui.c's palette gives them. */
#define TETRAVEX_ROLE_FILL0 ((role)(ROLE_FAMILY + 0))

/* The player's hooks (tetravex_ui.c). */
extern const game_ui tetravex_ui_hooks;

#endif
