/* engine.c: the player's questions to the assist engine (hint, explain,
 * check, solve), each under a deadline with a spinner and Esc to cancel.
 * Puzzle-specific words come from the family (fact_text, group labels). */
#include "keys.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/app.h"
#include "tui/term.h"

typedef struct {
    app *s;
    int tick;
    double next_draw;
} poll_ctx;

/* Called by the solver now and then: spin, and cancel on Esc or a signal. */
static bool poll_cb(void *vctx)
{
    poll_ctx *p = vctx;
    app *s = p->s;
    if (term_signal)
        return true;
    double now = term_now();
    if (now >= p->next_draw) {
        static const char *const spin_utf8[] = {"\xe2\xa0\x8b", "\xe2\xa0\x99", "\xe2\xa0\xb9",
                                                "\xe2\xa0\xb8", "\xe2\xa0\xbc", "\xe2\xa0\xb4",
                                                "\xe2\xa0\xa6", "\xe2\xa0\xa7", "\xe2\xa0\x87",
                                                "\xe2\xa0\x8f"};
        static const char *const spin_ascii[] = {"|", "/", "-", "\\"};
        const char *g = s->ascii ? spin_ascii[p->tick % 4] : spin_utf8[p->tick % 10];
        p->tick++;
        char keep[sizeof s->msg];
        memcpy(keep, s->msg, sizeof keep);
        screen_message(s, false, "%s thinking... (Esc cancels)", g);
        screen_draw_message(s);
        refresh();
        memcpy(s->msg, keep, sizeof keep);
        p->next_draw = now + 0.1;
    }
    nodelay(stdscr, TRUE);
    int ch, cancel = 0;
    while ((ch = getch()) != ERR) {
        if (ch == 27)
            cancel = 1;
        else if (ch == KEY_RESIZE)
            s->relayout = true;
        /* anything else typed while thinking is dropped: it was typed
         * against a board that is about to change */
    }
    nodelay(stdscr, FALSE);
    return cancel;
}

static assist *ensure_engine(app *s, poll_ctx *pc)
{
    if (!s->a)
        s->a = puzzle_encode(s->b->pz);
    pc->s = s;
    pc->tick = 0;
    pc->next_draw = term_now() + 0.15; /* quick answers never flicker a spinner */
    sat_budget bud = {
        .seconds = s->opt->timeout > 0 ? s->opt->timeout : APP_DEFAULT_TIMEOUT,
        .poll = poll_cb,
        .poll_ctx = pc,
    };
    assist_set_budget(s->a, &bud);
    return s->a;
}

void engine_clear_view(app *s)
{
    s->hint.n = s->conflict.n = s->egroups.n = s->efacts.n = 0;
    s->hint_pending = false;
}

static void limit_message(app *s, const char *what)
{
    if (assist_was_cancelled(s->a))
        screen_message(s, false, "%s cancelled", what);
    else
        screen_message(s, true, "%s: no answer within %g s (--timeout sets the limit)", what,
                       s->opt->timeout > 0 ? s->opt->timeout : APP_DEFAULT_TIMEOUT);
}

/* "a, b and c" from fact texts. */
static void list_facts(app *s, const int *facts, int n, char *out, size_t size)
{
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char t[128];
        s->f->fact_text(s->b->pz->data, facts[i], t, sizeof t);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", t);
    }
}

/* Shows the minimal set of conflicting marks. */
static void show_conflict(app *s, const char *lead)
{
    int *marks;
    int n = board_marks(s->b, s->a, &marks);
    int_vec core = {0};
    assist_status st = assist_check(s->a, marks, n, &core);
    free(marks);
    if (st == ASSIST_UNKNOWN) {
        limit_message(s, "check");
    } else if (st == ASSIST_OK) {
        screen_message(s, false, "%severy mark still leads to a solution", lead);
    } else {
        for (int i = 0; i < core.n; i++)
            vec_push(&s->conflict, core.v[i]);
        char list[768];
        list_facts(s, core.v, core.n, list, sizeof list);
        if (core.n == 0)
            screen_message(s, true, "%sthe puzzle has no solution", lead);
        else
            screen_message(s, true, "%s%s: %s", lead,
                           core.n == 1 ? "this mark cannot be right" : "these marks cannot all be right",
                           list);
    }
    vec_free(&core);
}

void engine_check(app *s)
{
    poll_ctx pc;
    ensure_engine(s, &pc);
    engine_clear_view(s);
    board_count_use(&s->b->checks);
    show_conflict(s, "");
}

/* Facts ordered by the family's distance from the player's focus. */
static const app *sort_app;
static int by_distance(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    int da = sort_app->f->fact_distance(sort_app->b->pz->data, sort_app->ui, a);
    int db = sort_app->f->fact_distance(sort_app->b->pz->data, sort_app->ui, b);
    return da != db ? (da < db ? -1 : 1) : (a < b ? -1 : a > b);
}

void engine_hint(app *s)
{
    poll_ctx pc;
    ensure_engine(s, &pc);
    engine_clear_view(s);
    board_count_use(&s->b->hints);
    int nf = assist_num_facts(s->a);
    int *order = xcalloc((size_t)nf + 1, sizeof *order);
    for (int i = 0; i < nf; i++)
        order[i] = i;
    if (s->f->fact_distance) {
        sort_app = s;
        qsort(order, (size_t)nf, sizeof *order, by_distance);
        sort_app = NULL;
    }
    int *marks;
    int n = board_marks(s->b, s->a, &marks);
    assist_hint_result hr;
    assist_status st = assist_hint(s->a, marks, n, order, nf, &hr);
    free(order);
    if (st == ASSIST_UNKNOWN) {
        limit_message(s, "hint");
    } else if (st == ASSIST_NONE) {
        show_conflict(s, "no hint: your marks are inconsistent; ");
    } else if (hr.fact < 0) {
        screen_message(s, false, "no hint: everything on the board is already decided");
    } else {
        char t[128];
        s->f->fact_text(s->b->pz->data, hr.fact, t, sizeof t);
        vec_push(&s->hint, hr.fact);
        s->hint_pending = true;
        if (!hr.forced) {
            screen_message(s, false, "nothing is forced; a choice from one solution: %s [Enter accepts]",
                           t);
        } else {
            int_vec groups = {0}, why = {0};
            st = assist_explain(s->a, marks, n, hr.fact, &groups, &why);
            char reasons[640] = "";
            if (st == ASSIST_OK) {
                for (int i = 0; i < groups.n; i++) {
                    vec_push(&s->egroups, groups.v[i]);
                    size_t len = strlen(reasons);
                    snprintf(reasons + len, sizeof reasons - len, "%s%s", i ? ", " : "",
                             assist_group_label(s->a, groups.v[i]));
                }
                for (int i = 0; i < why.n; i++)
                    vec_push(&s->efacts, why.v[i]);
                if (why.n) {
                    size_t len = strlen(reasons);
                    if (why.n == 1)
                        snprintf(reasons + len, sizeof reasons - len, "%sone of your marks (shown)",
                                 groups.n ? " and " : "");
                    else
                        snprintf(reasons + len, sizeof reasons - len, "%s%d of your marks (shown)",
                                 groups.n ? " and " : "", why.n);
                }
            }
            if (reasons[0])
                screen_message(s, false, "hint: %s [Enter accepts]; forced by %s", t, reasons);
            else
                screen_message(s, false, "hint: %s [Enter accepts]; the rules alone force it", t);
            vec_free(&groups);
            vec_free(&why);
        }
    }
    free(marks);
}

/* Would the board after m pass the family's state_ok (the save loader's
 * check)? */
static bool hint_move_ok(const app *s, const move *m, char *why, size_t n)
{
    if (!s->f->state_ok)
        return true;
    int ns = s->b->pz->nstate;
    int *after = xcalloc((size_t)ns + 1, sizeof *after);
    memcpy(after, s->b->state, (size_t)ns * sizeof *after);
    for (int i = 0; i < m->idx.n; i++)
        if (m->idx.v[i] >= 0 && m->idx.v[i] < ns)
            after[m->idx.v[i]] = m->val.v[i];
    bool ok = s->f->state_ok(s->b->pz->data, after, why, n);
    free(after);
    return ok;
}

void engine_accept_hint(app *s)
{
    if (!s->hint_pending || s->hint.n == 0)
        return;
    move m = {0};
    s->f->fact_move(s->b->pz->data, s->b->state, s->hint.v[0], &m);
    engine_clear_view(s);
    screen_message(s, false, "%s", "");
    /* A hint near the edge of an unbounded family's board (a Tantrix tile
     * placed by hand at 1000) may lie past it; taken, it would make a save
     * the loader refuses, so it is only shown. */
    char why[256];
    if (!hint_move_ok(s, &m, why, sizeof why))
        screen_message(s, true, "the hint cannot be taken: %s", why);
    else if (board_apply(s->b, &m, false))
        app_after_change(s);
    move_free(&m);
}

void engine_solve(app *s)
{
    poll_ctx pc;
    ensure_engine(s, &pc);
    engine_clear_view(s);
    int *marks;
    int n = board_marks(s->b, s->a, &marks);
    int nf = assist_num_facts(s->a);
    bool *facts = xcalloc((size_t)nf + 1, sizeof *facts);
    assist_status st = assist_solve(s->a, marks, n, facts);
    const char *lead = "";
    if (st == ASSIST_NONE) {
        /* the marks conflict: solve from the puzzle's own givens */
        int *start = xcalloc((size_t)s->b->pz->nstate + 1, sizeof *start);
        s->f->init_state(s->b->pz->data, start);
        n = s->f->state_marks(s->b->pz->data, start, marks, nf + 1);
        free(start);
        st = assist_solve(s->a, marks, n, facts);
        lead = "your marks conflicted, so this is solved from scratch; ";
    }
    if (st == ASSIST_UNKNOWN) {
        limit_message(s, "solve");
    } else if (st == ASSIST_NONE) {
        screen_message(s, true, "this puzzle has no solution");
    } else {
        int ns = s->b->pz->nstate;
        int *sol = xcalloc((size_t)ns + 1, sizeof *sol);
        memcpy(sol, s->b->state, (size_t)ns * sizeof *sol);
        s->f->apply_solution(s->b->pz->data, facts, sol);
        char why[256];
        if (!s->f->verify(s->b->pz->data, sol, why, sizeof why)) {
            screen_message(s, true, "internal error: the checker rejects the solver's answer: %s", why);
        } else {
            move m = {0};
            for (int i = 0; i < ns; i++)
                if (sol[i] != s->b->state[i])
                    move_set(&m, i, sol[i]);
            screen_message(s, false, "%s", lead);
            if (board_apply(s->b, &m, true))
                app_after_change(s);
            else
                screen_message(s, false, "the board already holds the solution");
            move_free(&m);
        }
        free(sol);
    }
    free(facts);
    free(marks);
}
