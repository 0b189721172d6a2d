/* cli_saved.c: --check and --hint on a saved game (the file the player
 * writes, see board_save.c): the session's answers, the same as the keys c
 * and h give, printed as text with the exit statuses of the batch contract. */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "cli.h"
#include "exit_status.h"
#include "session.h"

/* The time limit: --timeout, else the player's default (tessera(6)). */
static double limit_of(const cli_options *o)
{
    return o->timeout > 0 ? o->timeout : SESSION_DEFAULT_SECONDS;
}

/* The session on the save, or NULL after a message with the exit status
 * in *rc.  A --timeout given covers reading the save too, and the
 * questions get what reading left of it; the default limit is the
 * player's, for the questions alone (a long save still loads). */
static session *open_save(const char *path, const cli_options *o, int *rc)
{
    double limit = limit_of(o);
    double started = monotonic_seconds();
    diag err = {0};
    bool ran_out;
    board *b = board_load_within(path, o->timeout, &ran_out, &err);
    if (o->timeout <= 0)
        started = monotonic_seconds();
    if (!b) {
        diag_report(&err);
        *rc = ran_out ? EXIT_LIMIT : EXIT_BAD_INPUT;
        return NULL;
    }
    /* a tiny rest still gives the solver a moment, then it reports the limit */
    double left = limit - (monotonic_seconds() - started);
    return session_create(b, left > 1e-3 ? left : 1e-3);
}

static int limit_ran_out(const char *path, double seconds)
{
    fprintf(stderr, "tessera: %s: no answer within %g s (--timeout sets the limit)\n", path, seconds);
    return EXIT_LIMIT;
}

static void fact_line(const session *s, const char *lead, int fact)
{
    const puzzle *pz = session_board(s)->pz;
    char t[160];
    pz->family->fact_text(pz->data, session_board(s)->state, fact, t, sizeof t);
    printf("%s%s\n", lead, t);
}

/* The check: "consistent" (0), the conflict (1), or the limit (3). */
static int print_check(const session *s, const session_answer *ans, const char *path, double limit)
{
    const session_check *c = &ans->check;
    switch (c->label) {
    case CHECK_OK: puts("consistent"); return EXIT_DONE;
    case CHECK_UNSOLVABLE: puts("inconsistent: the puzzle itself has no solution"); return EXIT_NO_SOLUTION;
    case CHECK_CONFLICT:
        printf("inconsistent: %s\n",
               c->marks.n == 1 ? "this mark cannot be right" : "these marks cannot all be right");
        for (int i = 0; i < c->marks.n; i++)
            fact_line(s, "  ", c->marks.v[i]);
        return EXIT_NO_SOLUTION;
    default: return limit_ran_out(path, limit);
    }
}

int cli_check(const char *save_path, const cli_options *o)
{
    int rc0;
    session *s = open_save(save_path, o, &rc0);
    if (!s)
        return rc0;
    session_answer ans;
    session_check_now(s, &ans);
    int rc = print_check(s, &ans, save_path, limit_of(o));
    session_answer_free(&ans);
    session_free(s);
    return rc;
}

int cli_hint(const char *save_path, const cli_options *o)
{
    int rc0;
    session *s = open_save(save_path, o, &rc0);
    if (!s)
        return rc0;
    session_answer ans;
    session_hint_now(s, NULL, &ans);
    const session_hint *h = &ans.hint;
    int rc = EXIT_DONE;
    switch (h->label) {
    case HINT_INCONSISTENT: rc = print_check(s, &ans, save_path, limit_of(o)); break;
    case HINT_DECIDED: puts("nothing to hint: every fact is already decided"); break;
    case HINT_CHOICE: fact_line(s, "nothing is forced; a choice from one solution: ", h->fact); break;
    case HINT_FORCED_NO_REASON:
        fact_line(s, "hint: ", h->fact);
        if (h->exhaustive)
            puts("forced: every solution has it, by exhaustive search");
        printf("forced; no short reason found within %g s\n", h->reason_seconds);
        break;
    case HINT_FORCED:
        fact_line(s, "hint: ", h->fact);
        if (h->exhaustive)
            puts("forced: every solution has it, by exhaustive search");
        if (h->smallest)
            printf("the smallest reason found within %g s (maybe not minimal):\n", h->reason_seconds);
        if (h->groups.n == 0 && h->marks.n == 0 && h->givens.n == 0)
            puts("forced by the rules alone");
        for (int i = 0; i < h->groups.n; i++)
            printf("because of: %s\n", assist_group_label(session_engine(s), h->groups.v[i]));
        for (int i = 0; i < h->marks.n; i++)
            fact_line(s, "with your mark: ", h->marks.v[i]);
        for (int i = 0; i < h->givens.n; i++)
            fact_line(s, "with the given: ", h->givens.v[i]);
        break;
    default: rc = limit_ran_out(save_path, limit_of(o)); break;
    }
    session_answer_free(&ans);
    session_free(s);
    return rc;
}
