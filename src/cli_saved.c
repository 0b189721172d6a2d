/* cli_saved.c: --check and --hint on a saved game (the file the player
 * writes, see board_save.c): the same engine services as the keys c and
 * h, printed as text, with the exit statuses of the batch contract. */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "cli.h"

/* When the command started: --timeout covers reading the save too. */
static double started;

/* The save, or NULL after a message with the exit status in *rc. */
static board *load_save(const char *path, const cli_options *o, int *rc)
{
    diag err = {0};
    bool ran_out;
    started = monotonic_seconds();
    board *b = board_load_within(path, o->timeout, &ran_out, &err);
    if (!b) {
        cli_report(&err);
        *rc = ran_out ? EXIT_LIMIT : EXIT_BAD_INPUT;
    }
    return b;
}

static assist *engine_for(const board *b, const cli_options *o)
{
    assist *a = puzzle_encode(b->pz);
    if (o->timeout > 0) {
        /* what loading left of it (a tiny rest still gives the solver a
         * moment, after which it reports the limit) */
        double left = o->timeout - (monotonic_seconds() - started);
        sat_budget bud = {.seconds = left > 1e-3 ? left : 1e-3};
        assist_set_budget(a, &bud);
    }
    return a;
}

static int limit_ran_out(const char *path)
{
    fprintf(stderr, "tessera: %s: the time limit ran out before an answer\n", path);
    return EXIT_LIMIT;
}

/* Prints the marks of a minimal conflict, one per line. */
static void print_core(const board *b, const int_vec *core)
{
    printf("inconsistent: %s\n", core->n == 0 ? "the puzzle itself has no solution"
                                : core->n == 1 ? "this mark cannot be right"
                                               : "these marks cannot all be right");
    for (int i = 0; i < core->n; i++) {
        char t[160];
        b->pz->family->fact_text(b->pz->data, core->v[i], t, sizeof t);
        printf("  %s\n", t);
    }
}

/* check: "consistent" (0), the conflict (1), or the limit (3). */
static int check_marks(const board *b, assist *a, const int *marks, int n, const char *path)
{
    int_vec core = {0};
    assist_status st = assist_check(a, marks, n, &core);
    int rc = EXIT_DONE;
    if (st == ASSIST_UNKNOWN) {
        rc = limit_ran_out(path);
    } else if (st == ASSIST_OK) {
        puts("consistent");
    } else {
        print_core(b, &core);
        rc = EXIT_NO_SOLUTION;
    }
    vec_free(&core);
    return rc;
}

int cli_check(const char *save_path, const cli_options *o)
{
    int rc0;
    board *b = load_save(save_path, o, &rc0);
    if (!b)
        return rc0;
    assist *a = engine_for(b, o);
    int *marks;
    int n = board_marks(b, a, &marks);
    int rc = check_marks(b, a, marks, n, save_path);
    free(marks);
    assist_free(a);
    board_free(b);
    return rc;
}

int cli_hint(const char *save_path, const cli_options *o)
{
    int rc0;
    board *b = load_save(save_path, o, &rc0);
    if (!b)
        return rc0;
    assist *a = engine_for(b, o);
    int *marks;
    int n = board_marks(b, a, &marks);
    assist_hint_result hr;
    assist_status st = assist_hint(a, marks, n, NULL, 0, &hr);
    int rc = EXIT_DONE;
    const game_family *f = b->pz->family;
    char t[160];
    if (st == ASSIST_UNKNOWN) {
        rc = limit_ran_out(save_path);
    } else if (st == ASSIST_NONE) {
        rc = check_marks(b, a, marks, n, save_path);
    } else if (hr.fact < 0) {
        puts("nothing to hint: every fact is already decided");
    } else if (!hr.forced) {
        f->fact_text(b->pz->data, hr.fact, t, sizeof t);
        printf("nothing is forced; a choice from one solution: %s\n", t);
    } else {
        f->fact_text(b->pz->data, hr.fact, t, sizeof t);
        printf("hint: %s\n", t);
        int_vec groups = {0}, why = {0};
        st = assist_explain(a, marks, n, hr.fact, &groups, &why);
        if (st == ASSIST_UNKNOWN) {
            rc = limit_ran_out(save_path);
        } else if (st == ASSIST_OK) {
            if (groups.n == 0 && why.n == 0)
                puts("forced by the rules alone");
            for (int i = 0; i < groups.n; i++)
                printf("because of: %s\n", assist_group_label(a, groups.v[i]));
            for (int i = 0; i < why.n; i++) {
                f->fact_text(b->pz->data, why.v[i], t, sizeof t);
                printf("with your mark: %s\n", t);
            }
        }
        vec_free(&groups);
        vec_free(&why);
    }
    free(marks);
    assist_free(a);
    board_free(b);
    return rc;
}
