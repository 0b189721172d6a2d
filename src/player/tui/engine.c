/* engine.c: the player's assist keys (h, c, S, f) over the session: the
 * spinner while an answer is not ready, the tiered hint, and the wording.
 * Puzzle-specific words come from the family (fact_text, group labels). */
#include "keys.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/app.h"
#include "tui/term.h"

#define CTRL(c) ((c)&0x1f)

typedef struct {
    app *s;
    int tick;
    double next_draw;
    bool esc;
} poll_ctx;

static void poll_init(poll_ctx *pc, app *s)
{
    pc->s = s;
    pc->tick = 0;
    pc->next_draw = term_now() + 0.15; /* quick answers never flicker a spinner */
    pc->esc = false;
}

/* Called now and then while the player waits: spin, and end the wait on
 * Esc, on Ctrl-C (which then quits, as between moves) or on a signal. */
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
        bool keep_alert = s->msg_alert;
        screen_message(s, false, "%s thinking... (Esc cancels)", g);
        screen_draw_message(s);
        refresh();
        memcpy(s->msg, keep, sizeof keep);
        s->msg_alert = keep_alert;
        p->next_draw = now + 0.1;
    }
    nodelay(stdscr, TRUE);
    int ch;
    while ((ch = getch()) != ERR) {
        if (ch == 27)
            p->esc = true;
        else if (ch == CTRL('c')) /* raw mode: Ctrl-C is a key; it quits */
            term_signal = SIGINT;
        else if (ch == KEY_RESIZE)
            s->relayout = true;
        /* anything else typed while thinking is dropped: it was typed
         * against a board that is about to change */
    }
    nodelay(stdscr, FALSE);
    return p->esc || term_signal;
}

void engine_clear_view(app *s)
{
    s->hint.n = s->conflict.n = s->egroups.n = s->efacts.n = 0;
    s->hint_pending = false;
    s->hint_tier = 0;
    s->longer = 0;
    session_answer_free(&s->shown);
    memset(&s->shown, 0, sizeof s->shown);
}

void engine_think(app *s)
{
    session_think(s->ss, s->ui, 0);
}

/* The worker's answer for this board, with the spinner while it works;
 * false when the player ended the wait. */
static bool await(app *s, bool want_hint, session_answer *out)
{
    if (session_ready(s->ss, want_hint, out))
        return true;
    poll_ctx pc;
    poll_init(&pc, s);
    for (;;) {
        session_wait(s->ss, 0.05);
        if (session_ready(s->ss, want_hint, out))
            return true;
        if (poll_cb(&pc))
            return false;
    }
}

/* A fact in the player's words (the family's screen words, if any). */
static void fact_words(const app *s, int fact, char *out, size_t n)
{
    const game_family *f = s->f;
    if (f->ui && f->ui->fact_text)
        f->ui->fact_text(s->b->pz->data, s->b->state, fact, out, n);
    else
        f->fact_text(s->b->pz->data, s->b->state, fact, out, n);
}

/* "a, b and c" from fact texts. */
static void list_facts(app *s, const int *facts, int n, char *out, size_t size)
{
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char t[128];
        fact_words(s, facts[i], t, sizeof t);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", t);
    }
}

static void show_unknown(app *s, const char *what, double seconds, char key)
{
    /* the key again asks the worker to think longer (tessera(6), "no
     * answer within N s": never "forced" or "the rules alone" when the
     * budget ran out) */
    s->longer = seconds * 4;
    screen_message(s, false, "%s: no answer within %g s; press %c to think longer (%g s)", what,
                   seconds, key, s->longer);
}

/* The conflict of a check: the player's marks only (givens are clues). */
static void show_conflict(app *s, const session_check *c, const char *lead)
{
    if (c->label == CHECK_UNSOLVABLE) {
        screen_message(s, true, "%sthe puzzle has no solution", lead);
        return;
    }
    for (int i = 0; i < c->marks.n; i++)
        vec_push(&s->conflict, c->marks.v[i]);
    char list[768];
    list_facts(s, c->marks.v, c->marks.n, list, sizeof list);
    screen_message(s, true, "%s%s: %s", lead,
                   c->marks.n == 1 ? "this mark cannot be right" : "these marks cannot all be right",
                   list);
}

/* Starts a longer think when the last answer ran out of time; the wait
 * then follows. */
static void maybe_think_longer(app *s)
{
    if (s->longer > 0) {
        session_think(s->ss, s->ui, s->longer);
        s->longer = 0;
    }
}

void engine_check(app *s)
{
    double longer = s->longer;
    engine_clear_view(s);
    s->longer = longer;
    maybe_think_longer(s);
    session_answer ans = {0};
    if (!await(s, false, &ans)) {
        if (!term_signal)
            screen_message(s, false, "check: stopped waiting (c asks again)");
        session_answer_free(&ans);
        return;
    }
    const session_check *c = &ans.check;
    if (c->label == CHECK_UNKNOWN) {
        show_unknown(s, "check", ans.seconds, 'c');
    } else {
        session_count_check(s->ss);
        if (c->label == CHECK_OK)
            screen_message(s, false, "every mark still leads to a solution");
        else
            show_conflict(s, c, "");
    }
    session_answer_free(&ans);
}

/* The reason in words: "row 3 clue (0), one of your marks and the given
 * track at row 1, column 1 (shown)". */
static void reason_text(app *s, const session_hint *h, char *out, size_t size)
{
    out[0] = 0;
    int parts = h->groups.n + (h->marks.n > 0) + (h->givens.n > 0), k = 0;
    for (int i = 0; i < h->groups.n; i++, k++) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", k == 0 ? "" : k == parts - 1 ? " and " : ", ",
                 assist_group_label(session_engine(s->ss), h->groups.v[i]));
    }
    if (h->marks.n) {
        size_t len = strlen(out);
        char n[32];
        snprintf(n, sizeof n, "%d of your marks", h->marks.n);
        snprintf(out + len, size - len, "%s%s", k == 0 ? "" : k == parts - 1 ? " and " : ", ",
                 h->marks.n == 1 ? "one of your marks" : n);
        k++;
    }
    if (h->givens.n) {
        size_t len = strlen(out);
        char g[160];
        if (h->givens.n == 1) {
            char t[128];
            fact_words(s, h->givens.v[0], t, sizeof t);
            snprintf(g, sizeof g, "the given %s", t);
        } else {
            snprintf(g, sizeof g, "%d givens", h->givens.n);
        }
        snprintf(out + len, size - len, "%s%s", k == 0 ? "" : " and ", g);
        k++;
    }
    if (h->marks.n || h->givens.n) {
        size_t len = strlen(out);
        snprintf(out + len, size - len, " (shown)");
    }
}

/* The hint on screen at its tier: 1 where to look, 2 the rule, 3 the move.
 * A hint with no reason to show has no tier 2; a choice only a move. */
static void show_hint(app *s)
{
    const session_hint *h = &s->shown.hint;
    char t[128], why[640];
    fact_words(s, h->fact, t, sizeof t);
    s->hint.n = s->egroups.n = s->efacts.n = 0;
    s->hint_pending = false;
    if (h->label == HINT_CHOICE) {
        vec_push(&s->hint, h->fact);
        s->hint_pending = true;
        screen_message(s, false, "nothing is forced; a choice from one solution: %s [Enter accepts]", t);
        return;
    }
    bool has_reason = h->label == HINT_FORCED && (h->groups.n || h->marks.n || h->givens.n);
    if (!has_reason && s->hint_tier == 2)
        s->hint_tier = 3;
    reason_text(s, h, why, sizeof why);
    for (int i = 0; i < h->groups.n; i++)
        vec_push(&s->egroups, h->groups.v[i]);
    for (int i = 0; i < h->marks.n; i++)
        vec_push(&s->efacts, h->marks.v[i]);
    for (int i = 0; i < h->givens.n; i++)
        vec_push(&s->efacts, h->givens.v[i]);
    char label[800];
    const char *proved = h->exhaustive ? "every solution has it (by exhaustive search)" : "it is forced";
    if (h->label == HINT_FORCED_NO_REASON)
        snprintf(label, sizeof label, "%s, but no short reason was found within %g s", proved,
                 h->reason_seconds);
    else if (!has_reason)
        snprintf(label, sizeof label, "the rules alone force it");
    else if (h->smallest)
        snprintf(label, sizeof label, "forced by %s (the smallest reason found within %g s)", why,
                 h->reason_seconds);
    else
        snprintf(label, sizeof label, "forced by %s", why);
    if (s->hint_tier == 1) {
        if (has_reason)
            screen_message(s, false, "hint: look at what is highlighted (h: the rule, Esc: dismiss)");
        else
            screen_message(s, false, "hint: %s (h: the move, Esc: dismiss)",
                           h->label == HINT_FORCED_NO_REASON ? "a move is forced, but no short "
                                                               "reason was found in time"
                                                             : "the rules alone force a move");
    } else if (s->hint_tier == 2) {
        screen_message(s, false, "hint: %s (h: the move)", label);
    } else {
        vec_push(&s->hint, h->fact);
        s->hint_pending = true;
        screen_message(s, false, "hint: %s [Enter accepts]; %s", t, label);
    }
}

void engine_hint(app *s)
{
    if (s->hint_tier > 0 && s->hint_tier < 3 && s->shown.hint.label != HINT_CHOICE) {
        s->hint_tier++;
        show_hint(s);
        return;
    }
    double longer = s->longer;
    engine_clear_view(s);
    s->longer = longer;
    maybe_think_longer(s);
    session_answer ans = {0};
    if (!await(s, true, &ans)) {
        if (!term_signal)
            screen_message(s, false, "hint: stopped waiting (h asks again)");
        session_answer_free(&ans);
        return;
    }
    const session_hint *h = &ans.hint;
    switch (h->label) {
    case HINT_UNKNOWN:
    case HINT_PENDING:
        show_unknown(s, "hint", ans.seconds, 'h');
        break;
    case HINT_INCONSISTENT: show_conflict(s, &ans.check, "no hint: your marks are inconsistent; "); break;
    case HINT_DECIDED:
        screen_message(s, false, "no hint: everything on the board is already decided");
        break;
    case HINT_FORCED:
    case HINT_FORCED_NO_REASON:
    case HINT_CHOICE:
        /* only a hint shown counts */
        session_count_hint(s->ss);
        s->shown = ans;
        memset(&ans, 0, sizeof ans);
        s->hint_tier = 1;
        show_hint(s);
        break;
    }
    session_answer_free(&ans);
}

bool engine_accept_hint(app *s)
{
    if (!s->hint_pending || s->hint.n == 0)
        return false;
    move m = {0};
    s->f->fact_move(s->b->pz->data, s->b->state, s->hint.v[0], &m);
    engine_clear_view(s);
    screen_message(s, false, "%s", "");
    /* A hint near the edge of an unbounded family's board (a Tantrix tile
     * placed by hand at 1000) may lie past it; taken, it would make a save
     * the loader refuses, so it is only shown. */
    diag why = {0};
    bool changed = false;
    if (!board_move_allowed(s->b, &m, &why))
        screen_message(s, true, "the hint cannot be taken: %s", why.msg);
    else
        changed = session_apply(s->ss, &m, false);
    move_free(&m);
    return changed;
}

bool engine_solve(app *s)
{
    bool changed = false;
    poll_ctx pc;
    poll_init(&pc, s);
    engine_clear_view(s);
    move m = {0};
    char why[256];
    solve_status st = session_solve(s->ss, poll_cb, &pc, &m, why, sizeof why);
    switch (st) {
    case SOLVE_CANCELLED:
        if (!term_signal)
            screen_message(s, false, "solve cancelled");
        break;
    case SOLVE_UNKNOWN:
        screen_message(s, true, "solve: no answer within %g s (--timeout sets the limit)",
                       session_seconds(s->ss));
        break;
    case SOLVE_NONE: screen_message(s, true, "this puzzle has no solution"); break;
    case SOLVE_REJECTED:
        screen_message(s, true, "internal error: the checker rejects the solver's answer: %s", why);
        break;
    case SOLVE_ALREADY: screen_message(s, false, "the board already holds the solution"); break;
    case SOLVE_DONE:
    case SOLVE_FROM_SCRATCH:
        screen_message(s, false, "%s",
                       st == SOLVE_FROM_SCRATCH ? "your marks conflicted, so this is solved from scratch"
                                                : "");
        changed = session_apply(s->ss, &m, true);
        break;
    }
    move_free(&m);
    return changed;
}

bool engine_obvious(app *s)
{
    bool changed = false;
    poll_ctx pc;
    poll_init(&pc, s);
    engine_clear_view(s);
    move m = {0};
    bool complete, cancelled;
    int n = session_obvious(s->ss, s->ui, poll_cb, &pc, &m, &complete, &cancelled);
    if (term_signal) {
        move_free(&m);
        return false;
    }
    char more[96] = "";
    if (cancelled)
        snprintf(more, sizeof more, " (stopped early)");
    else if (!complete)
        snprintf(more, sizeof more, " (no more within %g s)", session_seconds(s->ss));
    if (n == 0) {
        screen_message(s, false, "fill in: nothing obvious to fill in%s", more);
    } else {
        session_count_hint(s->ss);
        screen_message(s, false, "filled in %d obvious %s%s (u takes %s back)", n,
                       n == 1 ? "fact" : "facts", more, n == 1 ? "it" : "them");
        changed = session_apply(s->ss, &m, false);
    }
    move_free(&m);
    return changed;
}
