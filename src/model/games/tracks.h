/* tracks.h: the Train Tracks family's puzzle data, shared by its parser,
 * encoder, checker, generator and drawing code. */
#ifndef TESSERA_GAMES_TRACKS_H
#define TESSERA_GAMES_TRACKS_H

#include "game.h"

/* The family table (registry.c lists it). */
extern const game_family tracks_family;

#define TRACKS_MAX_SIDE 256

/* A cell's track ends as a bit set, as in the CSV form (tessera(6), Puzzle
 * formats: 1 east, 2 south, 4 west, 8 north).  Every piece internal to
 * tessera uses these bits; Tatham IDs are converted on reading and writing. */
enum { TRACKS_E = 1, TRACKS_S = 2, TRACKS_W = 4, TRACKS_N = 8 };

/* The board vector: one entry per cell (row-major), then one per interior
 * edge (tracks_edge numbering), each blank, "track" or "no track". */
enum { TRACKS_BLANK = 0, TRACKS_TRACK = 1, TRACKS_NONE = 2 };

typedef struct {
    int w, h;
    unsigned char *given; /* piece bits of a given cell, 0 for none */
    int *col, *row;       /* track cell counts */
    /* The two places where the track leaves the board: [0] is the entrance
     * (A), [1] the exit (B); a cell and the direction bit pointing off it. */
    int end_cell[2], end_dir[2];
    int nh, nedges; /* horizontal edges come first, then vertical ones */
} tracks_puzzle;

/* Facts: for board entry i (a cell, or cells + an edge), fact 2i is "track"
 * (the cell holds track / track crosses the edge) and fact 2i+1 is "no
 * track".  Groups: rows 0..h-1, columns h..h+w-1, then one per given piece
 * in row-major order. */
static inline int tracks_cells(const tracks_puzzle *t) { return t->w * t->h; }
static inline int tracks_nstate(const tracks_puzzle *t) { return t->w * t->h + t->nedges; }

/* The interior edge on side dir of cell, or -1 when that side is the
 * board's border.  Edge numbers are 0..nedges-1 (not board indexes). */
int tracks_edge(const tracks_puzzle *t, int cell, int dir);
/* The two cells an edge joins: west/north first. */
void tracks_edge_cells(const tracks_puzzle *t, int edge, int *a, int *b);
/* The neighbour of cell across side dir, or -1 off the board. */
int tracks_neighbour(const tracks_puzzle *t, int cell, int dir);
/* Off-board ends at cell: the direction bits of the entrance/exit there. */
int tracks_end_bits(const tracks_puzzle *t, int cell);
/* The piece a board shows at cell: track edges plus off-board ends. */
int tracks_piece(const tracks_puzzle *t, const int *state, int cell);
int tracks_opposite(int dir);

/* The encoding with its options spelled out (the family uses the default;
 * the bench compares the others): parity across lines, small rectangular
 * loops ruled out eagerly, and an eager connectivity encoding besides the
 * lazy loop cuts. */
enum {
    TRACKS_ENC_PARITY = 1,
    TRACKS_ENC_EAGER = 2,
    TRACKS_ENC_SQUARES = 4, /* no 2x2 loops, eagerly */
    TRACKS_ENC_RECTS = 8,   /* with SQUARES: no 2x3, 3x2 or 3x3 ring loops either */
    TRACKS_ENC_DEFAULT = TRACKS_ENC_PARITY | TRACKS_ENC_SQUARES | TRACKS_ENC_RECTS,
};
void tracks_encode_with(const void *pz, assist *a, int options);

tracks_puzzle *tracks_new(int w, int h);
/* The starting board: given pieces with their edges, the end cells. */
void tracks_init_state(const void *pz, int *state);
void tracks_free(void *pz);
void *tracks_parse(const char *text, diag *err, int *nstate);
int tracks_sniff(const char *text);
bool tracks_verify(const void *pz, const int *state, diag *why);
/* Forced deductions in plain C (tracks_deduce.c): 1 when they decide the
 * whole board, 0 when stuck (state: what they decided), -1 when they find
 * no solution; state holds the starting board on entry (game.h, deduce). */
int tracks_deduce(const void *pz, int *state);
/* What the deductions' rules give from each open entry of a stuck board
 * (state, as tracks_deduce left it): imply(ctx, i, vi, j, vj) says that
 * entry i holding vi forces entry j to hold vj (j == i: vi is impossible).
 * Each holds in every solution; --solve hands them to the engine. */
typedef void (*tracks_imply_fn)(void *ctx, int i, int vi, int j, int vj);
void tracks_implications(const void *pz, const int *state, tracks_imply_fn imply, void *ctx);
bool tracks_generate(const gen_options *opt, strbuf *out, diag *err);
/* A Tatham game ID for the puzzle (the ends must be on Tatham's sides:
 * entrance on the left edge, exit on the bottom edge). */
bool tracks_write_id(const tracks_puzzle *t, strbuf *out);

/* The family's colour roles (canvas.h), as tracks_ui.c's palette gives them. */
#define TRACKS_ROLE_TRACK ((role)(ROLE_FAMILY + 0))
#define TRACKS_ROLE_NO_TRACK ((role)(ROLE_FAMILY + 1))

/* The player's hooks (tracks_ui.c). */
extern const game_ui tracks_ui_hooks;
/* Entries the puzzle fixes (tracks_check.c): the player cannot change them. */
bool tracks_edge_fixed(const tracks_puzzle *t, int e);
bool tracks_cell_fixed(const tracks_puzzle *t, int c);
bool tracks_state_ok(const void *pz, const int *state, diag *why);
bool tracks_step_ok(const void *pz, const int *state, const int *idx, int nidx, diag *why);

#endif
