/* game.h: the family interface.  Each puzzle family fills one table of
 * function pointers (as Simon Tatham's puzzles fill `struct game`): parse,
 * encode to facts and clauses, the independent checker, the answer text,
 * and the few drawing and input hooks the TUI needs.  A family knows
 * nothing of the terminal; the front ends know nothing of the rules. */
#ifndef TESSERA_GAME_H
#define TESSERA_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "canvas.h"
#include "game_input.h"
#include "sat/assist.h"
#include "util.h"

/* The board a player sees is an int vector ("state") whose meaning each
 * family defines (a cell's mark, a slot's tile, ...).  Undo, redo and
 * saves work on it without knowing what it means. */

/* A move: state[idx[i]] = val[i], applied in order. */
typedef struct {
    int_vec idx, val;
} move;

void move_set(move *m, int idx, int val);
void move_free(move *m);

typedef enum {
    INPUT_IGNORED, /* not a key for this family */
    INPUT_UI,      /* cursor or selection changed: redraw */
    INPUT_MOVE,    /* out holds a change to the state: apply (undoable) */
} input_result;

/* What the front end asks a family to show on top of the state. */
typedef struct {
    const int *hint_facts;     /* proposed move(s): MARK_HINT */
    int nhint;
    const int *conflict_facts; /* marks in a minimal conflicting set: MARK_CONFLICT */
    int nconflict;
    const int *explain_groups; /* groups (as numbered by encode) that force the hint: MARK_EXPLAIN */
    int nexplain;
    const int *explain_facts;  /* marks that take part in the explanation: MARK_EXPLAIN */
    int nexplain_facts;
} view;

struct game_family;

typedef struct {
    int width, height;     /* --size WxH or N (0: family default) */
    const char *params;    /* --params: the family's own (params_help), NULL: defaults */
    const char *difficulty; /* "easy", "medium", "hard" or NULL */
    unsigned long seed;
    /* The grader, so that generators need not know grade.c (which calls
     * back into the families): how a candidate text of family f compares
     * with level ("easy", "medium" or "hard"): < 0 easier, 0 at the level,
     * > 0 harder or not gradable.  grade_generate sets it (grade_against);
     * a generator that steers towards a level needs it. */
    int (*grade_against)(const struct game_family *f, const char *text, const char *level);
    FILE *progress;        /* a generator that runs long says how far it got
                            * here (--generate: stderr); NULL: silent */
} gen_options;

/* The player's hooks, in one table a family fills or leaves out. */
typedef struct game_ui {
    void *(*create)(const void *pz);
    void (*free)(void *ui);
    /* Chooses a geometry that fits in rows x cols (ascii: ASCII glyphs)
     * and reports the canvas size it needs; false when even the smallest
     * geometry does not fit (needs: the smallest size that would). */
    bool (*layout)(const void *pz, void *ui, int rows, int cols, bool ascii, int *need_rows,
                   int *need_cols);
    void (*draw)(const void *pz, const void *ui, const int *state, const view *v, canvas *cv);
    input_result (*input)(const void *pz, void *ui, const int *state, const input_event *ev, move *out);
    /* Distance of a fact from the cursor on the board state: hints
     * prefer near facts. */
    int (*fact_distance)(const void *pz, const void *ui, const int *state, int fact);
    /* Optional (NULL: the family's fact_text): the same words for the
     * player, who sees the board and what the view highlights. */
    void (*fact_text)(const void *pz, const int *state, int fact, char *out, size_t n);
    /* Key help lines for the family's own keys, NULL-terminated. */
    const char *const *help;
    /* How the family's own roles (ROLE_FAMILY + i) look (canvas.h). */
    palette colours;
    /* Optional (NULL: none): the compact zoom, one character per cell, for
     * boards larger than the terminal (the v key).  Tells ui whether the
     * next layout (and the draws after it) use it; a layout in the compact
     * zoom may still report a canvas larger than the area (the front end
     * then scrolls). */
    void (*set_compact)(void *ui, bool on);
    /* True when draw may write past the canvas on purpose (Tantrix pans
     * over an edgeless board and lets the canvas drop what falls outside).
     * Every other family draws inside the size its layout reported, which
     * test_contract checks with the canvas's outside count (canvas.h). */
    bool draws_past_edge;
} game_ui;

typedef struct game_family {
    const char *name;      /* "tents": --game NAME, save files */
    const char *title;     /* "Tents": menus and status line */
    const char *extension; /* "tents": FILE.tents */

    /* How sure this family is that text is one of its formats (0: not
     * at all, 1: plausible, 2: certain).  Used when neither --game nor an
     * extension says. */
    int (*sniff)(const char *text);
    /* Parses any of the family's formats.  On error returns NULL and fills
     * err (line, column, what was expected).  *nstate: length of the
     * state vector. */
    void *(*parse)(const char *text, diag *err, int *nstate);
    void (*free_puzzle)(void *pz);
    /* A short description for menus: "8x8", "side 4, 19 tiles". */
    void (*describe)(const void *pz, char *out, size_t n);
    /* The starting board: givens in, everything else blank. */
    void (*init_state)(const void *pz, int *state);

    /* Declares the facts (in a fixed order the family can compute), groups
     * and clauses, and any lazy refinement, on a fresh engine. */
    void (*encode)(const void *pz, assist *a);
    /* The player's board as marks: fact numbers that the state asserts. */
    int (*state_marks)(const void *pz, const int *state, int *marks_out, int max);
    /* A whole solution (facts from assist_solve) written into state. */
    void (*apply_solution)(const void *pz, const bool *facts, int *state);
    /* One fact (an accepted hint) as a move. */
    void (*fact_move)(const void *pz, const int *state, int fact, move *out);
    /* "tent at row 3, column 4": hint and check messages, in words that
     * need no screen (the batch commands print them).  state: the board
     * whose marks the fact was found under. */
    void (*fact_text)(const void *pz, const int *state, int fact, char *out, size_t n);

    /* The independent rules checker (plain C, no SAT): is this state a
     * complete, correct solution?  If not, why: a diag without a
     * position (its msg; why may be NULL when only the answer matters). */
    bool (*verify)(const void *pz, const int *state, diag *why);
    /* The answer, in the form tessera(6) gives for the family under
     * Puzzle formats. */
    void (*format_answer)(const void *pz, const int *state, strbuf *out);
    /* The puzzle itself as text in the family's canonical format (the form
     * its generator writes, tessera(6) Puzzle formats), which parse reads
     * back to the same puzzle and which writes the same text again.  No
     * command needs it yet, so the program copes with NULL; test_contract
     * asks every family for it and checks both promises. */
    void (*format_puzzle)(const void *pz, strbuf *out);

    /* A new puzzle text with exactly one solution (NULL: not offered).
     * The family decodes opt->params itself, failing with err on a
     * string it does not know. */
    bool (*generate)(const gen_options *opt, strbuf *out, diag *err);
    /* True when generate has already proved each puzzle it returns unique
     * with the family's own count hook, the very proof grade_generate
     * would make next: the grader then grades without repeating it. */
    bool generate_proves_unique;
    /* Optional (NULL: the family takes no --params): what the family's
     * --params string says, one line for --help. */
    const char *params_help;

    /* Optional (NULL: batch commands only): the player's hooks. */
    const struct game_ui *ui;

    /* Optional (NULL: any state is accepted): is this a board the player
     * could have made (values in range, givens kept)?  Moves from outside
     * the family's input and loaded saves pass it through one gate,
     * board_state_allowed (board.h), so a hand-edited save cannot reach
     * draw or encode. */
    bool (*state_ok)(const void *pz, const int *state, diag *why);
    /* Optional, with state_ok: the same question for a board state_ok
     * accepted before its elements idx[0..nidx) changed, looking at those
     * elements only, so that a save loads in time linear in its length
     * (board_save.c).  Families with small boards (a few hundred elements)
     * may leave it NULL: the whole board is then checked after each step. */
    bool (*step_ok)(const void *pz, const int *state, const int *idx, int nidx, diag *why);

    /* Optional (NULL: assist_count): counts solutions under the marks as
     * assist_count does, for a family that can count faster than one SAT
     * call per solution.  a is the puzzle's engine (a family may use it);
     * seconds bounds the time (0: none). */
    assist_status (*count)(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                           double seconds, long *count);

    /* Optional (NULL: the marks of the starting board, init_state, that
     * state_marks(state) also gives): which of state_marks(state)'s marks
     * the puzzle gives (given pieces and tiles, locked cells), in the same
     * numbering.  The engine takes them as givens (assist_set_givens): named
     * as givens in reasons, never in a check's conflict.  A family whose
     * fact numbers depend on the state (Tantrix's frame) fills it in. */
    int (*state_givens)(const void *pz, const int *state, int *givens_out, int max);

    /* Optional (NULL: none): the family's own complete search, listing the
     * solutions under the marks (assist_enum_fn, with pz for ctx), or a
     * cover of them (answering 2: a few solutions that between them make
     * false every fact some solution makes false, as Hexiom's DP gives).
     * puzzle_encode attaches it to the engine, whose forced set then proves
     * facts by exhaustion where CDCL is slow (or, from a search that is not
     * complete, answering -1, takes what it lists as witnesses only).  The
     * labels stay the engine's: the hook only lists and says how complete
     * the list is. */
    int (*enumerate)(void *pz, const int *marks, int nmarks, long limit, const sat_budget *budget,
                     assist_solution_fn add, void *add_ctx);
    /* With enumerate: true when it costs more than a few solver calls on
     * the boards CDCL settles at once, so the engine asks it only once the
     * solver struggles (assist_set_enumerator_deferred). */
    bool enumerate_deferred;
    /* With enumerate: true when a search its budget cut short goes on
     * where it stopped when asked again on the same board, so the engine
     * asks again on its next update (assist_set_enumerator_resumes). */
    bool enumerate_resumes;

    /* Optional (NULL: none): the solutions the puzzle's symmetries map a
     * solution to (assist_images_fn, with pz for ctx); puzzle_encode
     * attaches it.  The forced set takes them as witnesses once the
     * solver confirms each. */
    void (*images)(void *pz, const bool *solution, int nfacts, assist_solution_fn add, void *add_ctx);
    /* Optional (NULL: none): solves by forced deductions in plain C, with
     * no engine, for --solve (whose cost is otherwise mostly the encoding).
     * state holds the starting board.  Returns 1 when every entry was
     * decided (the caller still checks the answer with verify); 0 when the
     * deductions got stuck, state then holding what they decided, all of
     * it true in every solution (the engine starts from it); -1 when they
     * found no solution (state unspecified; the engine decides from the
     * starting board). */
    int (*deduce)(const void *pz, int *state);
    /* Optional (NULL: encode): the encoding --solve builds when deduce got
     * stuck, state then holding what it decided: those entries become
     * constants, so only the open part is encoded.  Facts as encode's; no
     * groups (no explanation is asked of it). */
    void (*encode_decided)(const void *pz, const int *state, assist *a);


    /* Optional (NULL: none): the rules for a newcomer, a few lines and a
     * tiny example drawn in ASCII, NULL-terminated; the player shows them
     * under ? before the keys. */
    const char *const *rules;
} game_family;

/* The registry of families. */
const game_family *const *game_families(int *n);
const game_family *game_find(const char *name);

/* A loaded puzzle. */
typedef struct {
    const game_family *family;
    void *data;
    int nstate;
    char *source; /* file name, or "game ID" */
    char *text;   /* the text it was read from */
} puzzle;

/* A puzzle is a few kilobytes; this keeps a stray huge file from eating
 * memory before the parser sees it. */
#define MAX_PUZZLE_BYTES (16u << 20)

/* Loads FILE or, when no such file exists, a game ID given inline.
 * game_name (may be NULL) forces the family.  On error NULL, err filled. */
puzzle *puzzle_load(const char *arg, const char *game_name, diag *err);
puzzle *puzzle_from_text(const char *text, const char *source, const char *ext_hint,
                         const char *game_name, diag *err);
/* Text read by family f itself, registered or not (the template family
 * in its tests); no family detection and no NUL check. */
puzzle *puzzle_parse(const game_family *f, const char *text, const char *source, diag *err);
void puzzle_free(puzzle *p);

/* A fresh engine with the puzzle encoded (and the family's enumerator,
 * if any, attached). */
assist *puzzle_encode(const puzzle *p);

/* The givens of a board in state (see state_givens): fact numbers into
 * *out (caller frees); returns how many. */
int puzzle_givens(const puzzle *p, const int *state, int **out);

#endif
