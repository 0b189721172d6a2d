/* tents.h: the Tents family's puzzle data, shared by its parser, encoder,
 * checker, generator and drawing code. */
#ifndef TESSERA_GAMES_TENTS_H
#define TESSERA_GAMES_TENTS_H

#include "game.h"

/* The family table (registry.c lists it). */
extern const game_family tents_family;

#define TENTS_MAX_SIDE 256

/* Cell states in the board vector (one entry per cell, row-major). */
enum { TENTS_BLANK = 0, TENTS_TENT = 1, TENTS_GRASS = 2, TENTS_TREE = 3 };

typedef struct {
    int w, h;
    unsigned char *tree;  /* 1 where a tree stands */
    signed char *given;   /* -1 none, TENTS_TENT or TENTS_GRASS given by the puzzle */
    int *col, *row;       /* tent counts */
    int *fact_of_cell;    /* first of the cell's two facts (tent, empty), -1 on trees */
    int *cell_of_fact;    /* cell of fact f/2 */
    int nfacts;
} tents_puzzle;

/* Facts: 2k = "cell is a tent", 2k+1 = "cell is empty" for the k-th
 * non-tree cell.  Groups: rows 0..h-1, columns h..h+w-1, then one per tree
 * in row-major order. */
static inline int tents_fact(const tents_puzzle *t, int cell, int empty)
{
    return t->fact_of_cell[cell] < 0 ? -1 : t->fact_of_cell[cell] + (empty ? 1 : 0);
}

tents_puzzle *tents_new(int w, int h);
void tents_index_facts(tents_puzzle *t);
void tents_free(void *pz);
void *tents_parse(const char *text, diag *err, int *nstate);
int tents_sniff(const char *text);
bool tents_verify(const void *pz, const int *state, diag *why);
/* Forced deductions in plain C (tents_deduce.c): 1 when they decide the
 * whole board, 0 when stuck (state: what they decided), -1 when they find
 * no solution; state holds the starting board on entry (game.h, deduce). */
int tents_deduce(const void *pz, int *state);
bool tents_generate(const gen_options *opt, strbuf *out, diag *err);
/* A Tatham game ID for the puzzle (givens included). */
void tents_write_id(const tents_puzzle *t, strbuf *out);

/* The family's colour roles (canvas.h), as tents_ui.c's palette gives them. */
#define TENTS_ROLE_TREE ((role)(ROLE_FAMILY + 0))
#define TENTS_ROLE_TENT ((role)(ROLE_FAMILY + 1))
#define TENTS_ROLE_GRASS ((role)(ROLE_FAMILY + 2))

/* The player's hooks (tents_ui.c). */
extern const game_ui tents_ui_hooks;
bool tents_state_ok(const void *pz, const int *state, diag *why);
bool tents_step_ok(const void *pz, const int *state, const int *idx, int nidx, diag *why);

#endif
