/* new_puzzle_table.h: what the new-puzzle picker offers: per family the
 * sizes and difficulties whose generation was measured to take a median
 * under 10 s on 2 cores (bench/new_puzzle.sh, bench/NOTES.md), and the
 * size and difficulty of each family's daily puzzle. */
#ifndef TESSERA_TUI_NEW_PUZZLE_TABLE_H
#define TESSERA_TUI_NEW_PUZZLE_TABLE_H

enum { LEVEL_EASY = 1, LEVEL_MEDIUM = 2, LEVEL_HARD = 4 };

typedef struct {
    const char *family; /* game_family.name */
    int size;           /* --size N */
    unsigned levels;    /* LEVEL_* offered at this size */
} new_puzzle_offer;

typedef struct {
    const char *family;
    int size;
    const char *level; /* "easy", "medium" or "hard" */
} new_puzzle_daily;

/* The offers, in the picker's order (families in registry order, sizes
 * ascending). */
const new_puzzle_offer *new_puzzle_offers(int *n);
/* The daily puzzle's settings for a family; NULL when it has none. */
const new_puzzle_daily *new_puzzle_daily_of(const char *family);

/* "10x10", "side 3", "8 tiles": a size as the picker shows it; with
 * compact, no spaces (for file names). */
void new_puzzle_size_name(const char *family, int size, bool compact, char *out, size_t n);

#endif
