/* latin.h: the Latin square family, the template a new family is copied
 * from (HACKING.md, Adding a puzzle family): its puzzle data and the
 * declarations its files share.  Not shipped: registered only with
 * -DTESSERA_TEMPLATE_FAMILY=ON, yet always built and tested. */
#ifndef TESSERA_GAMES_LATIN_H
#define TESSERA_GAMES_LATIN_H

#include "game.h"

/* The family table (latin.c); registry.c lists it under the option. */
extern const game_family latin_family;

/* Sides 1 to 9: one character a cell, the digits 1..n. */
#define LATIN_MAX_SIDE 9

/* The puzzle as parse reads it.  Keep the struct plain data: parse fills
 * it, every other hook only reads it (pz is const everywhere but free). */
typedef struct {
    int n;              /* the grid is n x n, the values 1..n */
    signed char *given; /* per cell, row-major: 1..n given, 0 open */
} latin_puzzle;

/* The board a player holds (game.h: the state vector): one entry per
 * cell, row-major, 0 for blank or the value 1..n.  Givens are in it from
 * the start and never change. */
enum { LATIN_BLANK = 0 };

/* Facts, in the fixed order encode declares them: fact c * n + (v - 1) is
 * "cell c holds v".  Groups, in order: rows 0..n-1 ("each value once in
 * row r"), columns n..2n-1, then cells 2n..2n+n*n-1 ("one value here"). */
static inline int latin_fact(const latin_puzzle *p, int cell, int value)
{
    return cell * p->n + value - 1;
}

/* Parsing (latin_parse.c). */
latin_puzzle *latin_new(int n);
void latin_free(void *pz);
int latin_sniff(const char *text);
void *latin_parse(const char *text, diag *err, int *nstate);

/* The independent checker and the board gates (latin_check.c). */
bool latin_verify(const void *pz, const int *state, diag *why);
bool latin_state_ok(const void *pz, const int *state, diag *why);
bool latin_step_ok(const void *pz, const int *state, const int *idx, int nidx, diag *why);

/* The family's own colour role (canvas.h), as latin_ui.c's palette gives it. */
#define LATIN_ROLE_PLACED ((role)(ROLE_FAMILY + 0))

/* The player's hooks (latin_ui.c). */
extern const game_ui latin_ui_hooks;

#endif
