/* test_session.c: the session layer with its thinking-ahead worker on the
 * real engine: the one gate for moves, hints that stay honest while the
 * worker keeps its forced set and reasons between moves and undos, and
 * fill in from the worker's forced set.  Solutions come from session_solve,
 * whose answer the family's checker (verify) accepts before it is used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "games/tents.h"
#include "puzzle_util.h"
#include "session.h"
#include "testlib.h"

/* 8x8, trees as in Tatham's worked example; one solution. */
static const char *ID8 = "8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0";
/* 4x4 with several solutions (tests/tui/tents_hint.sh). */
static const char *ID4 = "4x4:e_i,0,1,1,0,1,0,1,0";

static session *open_session(const char *id)
{
    puzzle *p = load_family_text("tents", id);
    if (!p)
        return NULL;
    return session_create(board_create(p), 30);
}

/* The solution's state, checked by the family's verify inside
 * session_solve; NULL when it has none. */
static int *solution_state(session *s)
{
    board *b = session_board(s);
    move m = {0};
    char why[256] = "";
    solve_status st = session_solve(s, NULL, NULL, &m, why, sizeof why);
    CHECK_MSG(st == SOLVE_DONE, "status %d %s", (int)st, why);
    if (st != SOLVE_DONE) {
        move_free(&m);
        return NULL;
    }
    int *sol = xcalloc((size_t)b->pz->nstate + 1, sizeof *sol);
    memcpy(sol, b->state, (size_t)b->pz->nstate * sizeof *sol);
    for (int i = 0; i < m.idx.n; i++)
        sol[m.idx.v[i]] = m.val.v[i];
    diag w2 = {0};
    CHECK_MSG(b->pz->family->verify(b->pz->data, sol, &w2), "the checker: %s", w2.msg);
    move_free(&m);
    return sol;
}

/* The worker's whole answer for the board as it is. */
static bool settle(session *s, session_answer *ans)
{
    for (int i = 0; i < 60 * 100 && !session_settled(s); i++)
        session_wait(s, 0.01);
    CHECK(session_settled(s));
    return session_ready(s, true, ans);
}

/* Is fact forced under the board's marks, asked of a fresh engine? */
static bool forced_afresh(session *s, int fact)
{
    board *b = session_board(s);
    assist *a = puzzle_encode(b->pz);
    int *marks, *givens;
    int nm = board_marks(b, a, &marks);
    int ng = puzzle_givens(b->pz, b->state, &givens);
    assist_set_givens(a, givens, ng);
    assist_reason r = {0};
    assist_status st = assist_explain_reason(a, marks, nm, fact, &r);
    assist_reason_free(&r);
    free(marks);
    free(givens);
    assist_free(a);
    return st == ASSIST_OK;
}

/* Does the board's state hold mark `fact` (one of its marks)? */
static bool board_has_mark(session *s, int fact)
{
    board *b = session_board(s);
    int *marks;
    int nm = board_marks(b, session_engine(s), &marks);
    bool has = false;
    for (int i = 0; i < nm; i++)
        has |= marks[i] == fact;
    free(marks);
    return has;
}

/* What a hint says must hold: forced only when a fresh engine proves it,
 * and a reason that names only marks the board still has. */
static void check_hint_honest(session *s, const session_answer *ans, const int *sol)
{
    const session_hint *h = &ans->hint;
    CHECK(ans->check.label == CHECK_OK);
    if (h->label == HINT_FORCED || h->label == HINT_FORCED_NO_REASON) {
        CHECK_MSG(forced_afresh(s, h->fact), "fact %d labelled forced", h->fact);
        if (sol) {
            /* the fact's move keeps the board on the solution */
            board *b = session_board(s);
            move m = {0};
            b->pz->family->fact_move(b->pz->data, b->state, h->fact, &m);
            for (int i = 0; i < m.idx.n; i++)
                CHECK(sol[m.idx.v[i]] == m.val.v[i]);
            move_free(&m);
        }
    } else {
        CHECK_MSG(h->label == HINT_CHOICE || h->label == HINT_DECIDED, "label %d", (int)h->label);
    }
    for (int i = 0; i < h->marks.n; i++)
        CHECK_MSG(board_has_mark(s, h->marks.v[i]), "the reason names mark %d, not on the board",
                  h->marks.v[i]);
}

/* A move that sets cell c to v. */
static bool set_cell(session *s, int c, int v)
{
    move m = {0};
    move_set(&m, c, v);
    bool changed = session_apply(s, &m, false);
    move_free(&m);
    return changed;
}

static void test_gate(void)
{
    session *s = open_session(ID8);
    CHECK(s);
    if (!s)
        return;
    board *b = session_board(s);
    const tents_puzzle *t = b->pz->data;
    int tree = -1, blank = -1;
    for (int c = 0; c < t->w * t->h; c++) {
        if (t->tree[c] && tree < 0)
            tree = c;
        if (!t->tree[c] && t->given[c] < 0 && blank < 0)
            blank = c;
    }
    CHECK(tree >= 0 && blank >= 0);
    /* a tent on a tree: the gate refuses it, nothing changes, no undo step */
    CHECK(!set_cell(s, tree, TENTS_TENT));
    CHECK(b->state[tree] == TENTS_TREE);
    CHECK(b->nsteps == 0);
    CHECK(session_refused(s)[0] != 0);
    /* a value no cell can hold */
    CHECK(!set_cell(s, blank, 7));
    CHECK(b->state[blank] == TENTS_BLANK);
    /* a move the family allows goes through, and clears the refusal */
    CHECK(set_cell(s, blank, TENTS_GRASS));
    CHECK(b->state[blank] == TENTS_GRASS);
    CHECK(session_refused(s)[0] == 0);
    session_free(s);
}

/* One solution: correct moves, each followed by the worker's answer, then
 * undo back to the start; every hint checked afresh. */
static void test_moves_and_undo(void)
{
    session *s = open_session(ID8);
    CHECK(s);
    if (!s)
        return;
    int *sol = solution_state(s);
    if (!sol) {
        session_free(s);
        return;
    }
    board *b = session_board(s);
    session_think(s, NULL, 0);
    int moves = 0;
    for (int c = 0; c < b->pz->nstate && moves < 12; c++) {
        if (b->state[c] == sol[c])
            continue;
        session_answer ans = {0};
        CHECK(settle(s, &ans));
        check_hint_honest(s, &ans, sol);
        session_answer_free(&ans);
        CHECK(set_cell(s, c, sol[c]));
        moves++;
    }
    for (int k = 0; k < moves; k++) {
        CHECK(session_undo(s));
        session_answer ans = {0};
        CHECK(settle(s, &ans));
        check_hint_honest(s, &ans, sol);
        session_answer_free(&ans);
    }
    free(sol);
    session_free(s);
}

/* Several solutions: a choice makes facts forced that undo makes free
 * again; the worker must not keep calling them forced. */
static void test_undo_unforces(void)
{
    session *s = open_session(ID4);
    CHECK(s);
    if (!s)
        return;
    board *b = session_board(s);
    session_think(s, NULL, 0);
    session_answer ans = {0};
    CHECK(settle(s, &ans));
    check_hint_honest(s, &ans, NULL);
    session_answer_free(&ans);
    /* take choices until something is forced, then undo them all */
    int taken = 0;
    for (int round = 0; round < 16; round++) {
        memset(&ans, 0, sizeof ans);
        CHECK(settle(s, &ans));
        check_hint_honest(s, &ans, NULL);
        hint_label l = ans.hint.label;
        int fact = ans.hint.fact;
        session_answer_free(&ans);
        if (l == HINT_DECIDED || fact < 0)
            break;
        move m = {0};
        b->pz->family->fact_move(b->pz->data, b->state, fact, &m);
        CHECK(session_apply(s, &m, false));
        move_free(&m);
        taken++;
    }
    CHECK(taken > 1);
    while (session_undo(s)) {
        memset(&ans, 0, sizeof ans);
        CHECK(settle(s, &ans));
        check_hint_honest(s, &ans, NULL);
        session_answer_free(&ans);
    }
    /* back at the start: the puzzle has several solutions, and the first
     * hint there was not forced... unless the rules alone force a cell */
    memset(&ans, 0, sizeof ans);
    CHECK(settle(s, &ans));
    if (ans.hint.label == HINT_FORCED || ans.hint.label == HINT_FORCED_NO_REASON)
        CHECK(forced_afresh(s, ans.hint.fact));
    session_answer_free(&ans);
    session_free(s);
}

/* Fill in with the worker's forced set: the same facts as without a
 * worker, all on the solution. */
static void test_obvious_reuses(void)
{
    session *s = open_session(ID8);
    session *cold = open_session(ID8);
    CHECK(s && cold);
    if (!s || !cold) {
        session_free(s);
        session_free(cold);
        return;
    }
    int *sol = solution_state(cold);
    session_think(s, NULL, 0);
    session_answer ans = {0};
    CHECK(settle(s, &ans));
    session_answer_free(&ans);
    move warm = {0}, fresh = {0};
    bool c1, c2, x1, x2;
    int n1 = session_obvious(s, NULL, NULL, NULL, &warm, &c1, &x1);
    int n2 = session_obvious(cold, NULL, NULL, NULL, &fresh, &c2, &x2);
    CHECK(n1 > 1);
    CHECK_MSG(n1 == n2, "%d with the worker, %d without", n1, n2);
    CHECK(c1 && c2 && !x1 && !x2);
    CHECK(warm.idx.n == fresh.idx.n);
    for (int i = 0; sol && i < warm.idx.n; i++)
        CHECK(sol[warm.idx.v[i]] == warm.val.v[i]);
    /* one undo step takes it all back */
    board *b = session_board(s);
    CHECK(session_apply(s, &warm, false));
    CHECK(b->nsteps == 1);
    CHECK(session_undo(s));
    for (int i = 0; i < warm.idx.n; i++)
        CHECK(b->state[warm.idx.v[i]] == TENTS_BLANK);
    move_free(&warm);
    move_free(&fresh);
    free(sol);
    session_free(s);
    session_free(cold);
}

/* The cursor moved by the arrow keys of the family's own ui. */
static void press(const puzzle *p, void *ui, const int *state, int key, int times)
{
    for (int i = 0; i < times; i++) {
        input_event ev = {.kind = INPUT_KEY, .key = key, .target = -1};
        move m = {0};
        CHECK(p->family->ui->input(p->data, ui, state, &ev, &m) == INPUT_UI);
        move_free(&m);
    }
}

/* Thinking ahead explains more than the few forced facts nearest the
 * focus: after the focus moves five steps, the hint for the new focus is
 * asked with almost no time left, too little to look for any reason, and
 * still comes with one (the worker's, kept from the old focus). */
static void test_reasons_follow_focus(void)
{
    session *s = open_session(ID8);
    CHECK(s != NULL);
    if (!s)
        return;
    board *b = session_board(s);
    const puzzle *p = b->pz;
    int *sol = solution_state(s);
    void *ui = p->family->ui->create(p->data);
    session_think(s, ui, 0);
    session_answer first = {0};
    CHECK(settle(s, &first));
    session_answer_free(&first);
    press(p, ui, b->state, GAME_KEY_RIGHT, 3);
    press(p, ui, b->state, GAME_KEY_DOWN, 2);
    session_think(s, ui, 1e-6);
    session_answer moved = {0};
    CHECK(settle(s, &moved));
    const session_hint *h = &moved.hint;
    CHECK_MSG(h->label == HINT_FORCED, "label %d", (int)h->label);
    int steps = p->family->ui->fact_distance(p->data, ui, b->state, h->fact);
    CHECK_MSG(steps == 0, "fact %d is %d steps from the focus", h->fact, steps);
    check_hint_honest(s, &moved, sol);
    session_answer_free(&moved);
    p->family->ui->free(ui);
    free(sol);
    session_free(s);
}

/* Tetravex 6x6 (puzzles/tetravex/6x6-01.tetravex): one solution, and
 * from the starting position the family's search proves every placement
 * by exhaustion. */
static const char *TVX6 =
    "7335\n3547\n9084\n2827\n8837\n5985\n"
    "1536\n8462\n2148\n1740\n7992\n2315\n"
    "3718\n7242\n1274\n8626\n3981\n1037\n"
    "2717\n4225\n5822\n4519\n8248\n3258\n"
    "6539\n4277\n8275\n6659\n3572\n3186\n"
    "3863\n1494\n2928\n1417\n7739\n9813\n";

/* A hint proved by exhaustion goes out with a minimal reason or with none
 * ("no short reason"), after looking for one briefly: never the remains of
 * a shrink cut short, which name most of the board (assist_explain_hint).
 * The worker then looks for a reason in the background and, finding one,
 * offers it with the same fact. */
static void test_exhaustive_hint(void)
{
    puzzle *p = load_family_text("tetravex", TVX6);
    CHECK(p != NULL);
    if (!p)
        return;
    session *s = session_create(board_create(p), 10);
    int *sol = solution_state(s);
    session_answer now = {0};
    session_hint_now(s, NULL, &now);
    const session_hint *h = &now.hint;
    CHECK_MSG(h->exhaustive, "label %d, proof by exhaustion expected", (int)h->label);
    CHECK_MSG(h->label == HINT_FORCED_NO_REASON || (h->label == HINT_FORCED && !h->smallest),
              "label %d smallest %d", (int)h->label, (int)h->smallest);
    /* the share of the time limit, at most, and said as no more than was looked */
    CHECK_MSG(h->reason_seconds > 0 && h->reason_seconds <= 10 * ASSIST_REASON_SHARE,
              "looked %g s of the 10 s", h->reason_seconds);
    check_hint_honest(s, &now, sol);
    session_think(s, NULL, 0);
    session_answer later = {0};
    CHECK(settle(s, &later));
    CHECK(later.hint.fact == h->fact);
    CHECK_MSG(later.hint.label == HINT_FORCED_NO_REASON || (later.hint.label == HINT_FORCED && !later.hint.smallest),
              "label %d", (int)later.hint.label);
    session_answer_free(&later);
    session_answer_free(&now);
    free(sol);
    session_free(s);
}

int main(void)
{
    RUN(test_gate);
    RUN(test_moves_and_undo);
    RUN(test_undo_unforces);
    RUN(test_obvious_reuses);
    RUN(test_exhaustive_hint);
    RUN(test_reasons_follow_focus);
    TEST_MAIN_END();
}
