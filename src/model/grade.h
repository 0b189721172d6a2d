/* grade.h: a puzzle's difficulty, measured by the engine the same way for
 * every family, and the generate-then-grade loop behind --generate. */
#ifndef TESSERA_GRADE_H
#define TESSERA_GRADE_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"

typedef enum { GRADE_EASY, GRADE_MEDIUM, GRADE_HARD, GRADE_NONE } grade_level;

/* What the simulated player met.  The player starts from the givens and
 * only ever takes forced facts: at each step it asks the engine which clue
 * groups a few of the open facts need (assist_explain_groups: a minimal set
 * of groups that, with the marks so far, forces the fact) and takes the
 * one that needs the fewest, as a person takes the easiest deduction in
 * sight. */
typedef struct {
    int forced_steps; /* steps measured: a forced fact with its explanation */
    int choice_steps; /* steps where no candidate was forced (not unique, or
                       * a free placement such as the first Tantrix tile) */
    int multi_steps;  /* forced steps whose easiest explanation needs 2+ groups */
    int deep_steps;   /* ... needs 3+ groups */
    int max_groups;   /* the largest of those easiest explanations (4: 4 or more) */
    int revealed;     /* steps taken from the solution without measuring
                       * (big boards: only every stride-th step is measured) */
    int explains;     /* assist_explain calls made */
    bool complete;    /* the player reached the end (grading stops at the
                       * budget, and as soon as the puzzle is sure to be hard,
                       * so the figures of a hard puzzle are lower bounds) */
    double seconds;
    int attempts;     /* grade_generate: puzzles made to meet the level */
    grade_level level;
} grade_report;

typedef struct {
    int max_explains; /* the cost bound: explain calls in all (0: 600) */
    int candidates;   /* facts explained per step at most (0: 8) */
    int conflicts;    /* conflict budget of each solver call (0: 2000); a
                       * step no candidate of which is proved within it
                       * counts as needing 4 groups */
    double seconds;   /* a time limit (0: none); running out gives no grade.
                       * Only for display (the menu): a grade that depends on
                       * the clock is not reproducible */
    int hard_within;  /* give up, with no grade, when the puzzle is not yet
                       * known to be hard after this many explain calls (0:
                       * never).  The calls before are the same, so a puzzle
                       * found hard gets the report it gets without this */
} grade_options;

/* Grades a loaded puzzle.  false when the puzzle has no solution or the
 * solver's budget ran out before the first step. */
bool grade_puzzle(const puzzle *p, const grade_options *o, grade_report *out);

/* Grades a puzzle text of family f (generators use it to steer towards a
 * level); GRADE_NONE when it does not parse or cannot be graded. */
grade_level grade_text(const game_family *f, const char *text, const grade_options *o,
                       grade_report *out);

/* gen_options.grade_against: text of family f graded and compared with
 * level (< 0 easier, 0 at it, > 0 harder or not gradable). */
int grade_against(const game_family *f, const char *text, const char *level);

/* The level from the report's figures (thresholds in grade.c and the
 * manual's DIFFICULTY section). */
grade_level grade_level_of(const grade_report *r);

const char *grade_name(grade_level g);
/* "easy", "medium", "hard" -> level; GRADE_NONE otherwise. */
grade_level grade_from_name(const char *name);
/* The level a "# grade: LEVEL" comment line in the text names, or
 * GRADE_NONE. */
grade_level grade_from_text(const char *text);

/* --generate: runs the family's generator, proves the puzzle has exactly
 * one solution (count limit 2), grades it, and, when a difficulty is asked
 * for and missed, tries again with seeds derived from the given one (a
 * bounded number of attempts, then the closest; a note on `note` says so;
 * for hard, an attempt not found hard within a few explain calls is
 * dropped ungraded, and the last is graded in full).
 * The text gets a "# grade: LEVEL" first line when the family's parser
 * accepts it.  report (may be NULL) receives the chosen puzzle's grade. */
bool grade_generate(const game_family *f, const gen_options *opt, strbuf *out, diag *err, FILE *note,
                    grade_report *report);

/* Solutions under the marks up to limit, by the family's counter when it
 * has one. */
assist_status grade_count(const puzzle *p, assist *a, const int *marks, int nmarks, long limit,
                          long *count);

#endif
