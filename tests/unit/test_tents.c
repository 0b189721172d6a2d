/* test_tents.c: Tents end to end in-process: the three input forms, every
 * Tatham ID solved (by the engine and by the plain-C deductions), checked
 * by the independent checker and proved unique,
 * the Crystal/Z3 15x15 puzzle, the generator, and hint/check/explain. */
#include <stdlib.h>

#include "game.h"
#include "games/tents.h"
#include "puzzle_util.h"
#include "testlib.h"

static char *solve_text(puzzle *p, int **state_out)
{
    assist *a = puzzle_encode(p);
    int nf = assist_num_facts(a);
    int *state = xcalloc((size_t)p->nstate, sizeof *state);
    p->family->init_state(p->data, state);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    int nm = p->family->state_marks(p->data, state, marks, nf);
    bool *facts = xcalloc((size_t)nf + 1, sizeof *facts);
    char *text = NULL;
    if (assist_solve(a, marks, nm, facts) == ASSIST_OK) {
        p->family->apply_solution(p->data, facts, state);
        strbuf b = {0};
        p->family->format_answer(p->data, state, &b);
        text = b.s;
    }
    free(facts);
    free(marks);
    assist_free(a);
    if (state_out)
        *state_out = state;
    else
        free(state);
    return text;
}

static long count_of(puzzle *p, long limit)
{
    assist *a = puzzle_encode(p);
    int *state = xcalloc((size_t)p->nstate, sizeof *state);
    p->family->init_state(p->data, state);
    int nf = assist_num_facts(a);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    int nm = p->family->state_marks(p->data, state, marks, nf);
    long n = -1;
    if (assist_count(a, marks, nm, limit, &n) != ASSIST_OK)
        n = -1;
    free(marks);
    free(state);
    assist_free(a);
    return n;
}

static puzzle *load(const char *text) { return load_family_text("tents", text); }

static void every_tatham_id_solves_uniquely(void)
{
    FILE *f = fopen(test_data("tents/tatham-ids.txt"), "r");
    CHECK(f != NULL);
    if (!f)
        return;
    char line[8192];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0])
            continue;
        puzzle *p = load(line);
        CHECK_MSG(p != NULL, "%s", line);
        if (!p)
            continue;
        int *state;
        char *ans = solve_text(p, &state);
        CHECK_MSG(ans != NULL, "no answer for %s", line);
        diag why = {0};
        CHECK_MSG(ans && tents_verify(p->data, state, &why), "%s: %s", line, why.msg);
        CHECK_MSG(count_of(p, 2) == 1, "%s is not unique", line);
        free(ans);
        free(state);
        puzzle_free(p);
        n++;
    }
    fclose(f);
    CHECK_MSG(n == 101, "%d IDs", n);
}

/* Tatham's own solver's answer to worked example 1 (tatham.md): tents at
 * (1,0),(3,0),(7,0),(1,2),(3,2),(5,2),(7,3),(0,4),(0,6),(3,6),(5,6),(7,6). */
/* The plain-C deductions (what --solve tries first) decide every Tatham
 * ID, and the independent checker accepts each board they leave; with two
 * placements they stop, and the engine answers. */
static void deduce_solves_tatham_ids(void)
{
    size_t len;
    char *text = read_file(test_data("tents/tatham-ids.txt"), 1 << 20, &len);
    CHECK(text != NULL);
    if (!text)
        return;
    int n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        puzzle *p = load(line);
        if (!p)
            continue;
        int *state = xcalloc((size_t)p->nstate, sizeof *state);
        p->family->init_state(p->data, state);
        bool done = tents_deduce(p->data, state) == 1;
        CHECK_MSG(done, "%s: the deductions got stuck", line);
        diag why = {0};
        CHECK_MSG(!done || tents_verify(p->data, state, &why), "%s: %s", line, why.msg);
        free(state);
        puzzle_free(p);
        n++;
    }
    CHECK_MSG(n == 101, "%d IDs read", n);
    free(text);
    puzzle *p = load("4x4:e_i,0,1,1,0,1,0,1,0"); /* two placements */
    if (p) {
        int *state = xcalloc((size_t)p->nstate, sizeof *state);
        p->family->init_state(p->data, state);
        CHECK(tents_deduce(p->data, state) == 0);
        free(state);
        puzzle_free(p);
    }
}

static void worked_example_matches_tathams_solver(void)
{
    puzzle *p = load("8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0");
    CHECK(p != NULL);
    if (!p)
        return;
    int *state;
    char *ans = solve_text(p, &state);
    static const int tx[] = {1, 3, 7, 1, 3, 5, 7, 0, 0, 3, 5, 7};
    static const int ty[] = {0, 0, 0, 2, 2, 2, 3, 4, 6, 6, 6, 6};
    int tents = 0;
    for (int c = 0; c < 64; c++)
        tents += state[c] == TENTS_TENT;
    CHECK(tents == 12);
    for (int i = 0; i < 12; i++)
        CHECK_MSG(state[ty[i] * 8 + tx[i]] == TENTS_TENT, "(%d,%d)", tx[i], ty[i]);
    free(ans);
    free(state);
    puzzle_free(p);
}

static char *slurp(const char *name)
{
    char *s = read_file(test_data(name), 1 << 20, NULL);
    CHECK_MSG(s != NULL, "cannot read %s", name);
    return s;
}

static void crystal_15x15_both_forms(void)
{
    char *grid = slurp("tents/crystal-z3-15x15.tents");
    char *pt = slurp("tents/crystal-z3-15x15-puzzleteam.tents");
    char *wrong = slurp("tents/crystal-z3-15x15-unpaired-answer.txt");
    if (!grid || !pt || !wrong)
        return;
    puzzle *a = load(grid), *b = load(pt);
    CHECK(a && b);
    if (a && b) {
        int *sa, *sb;
        char *ta = solve_text(a, &sa), *tb = solve_text(b, &sb);
        diag why = {0};
        CHECK(ta && tb && strcmp(ta, tb) == 0);
        CHECK_MSG(tents_verify(a->data, sa, &why), "%s", why.msg);
        CHECK(count_of(a, 2) == 1);
        /* the article-style answer: counts and spacing right, pairing wrong */
        int *ws = xcalloc(225, sizeof *ws);
        for (int y = 0, k = 0; y < 15; y++, k++)
            for (int x = 0; x < 15; x++, k++)
                ws[y * 15 + x] = wrong[k] == 'T' ? TENTS_TREE : wrong[k] == '*' ? TENTS_TENT : TENTS_BLANK;
        CHECK(!tents_verify(a->data, ws, &why));
        CHECK_MSG(strstr(why.msg, "tent") != NULL, "%s", why.msg);
        CHECK(strcmp(ta, wrong) != 0);
        free(ws);
        free(ta);
        free(tb);
        free(sa);
        free(sb);
    }
    puzzle_free(a);
    puzzle_free(b);
    free(grid);
    free(pt);
    free(wrong);
}

/* Clues of 10 or more use the spaced grid form. */
static void spaced_grid_form_for_big_clues(void)
{
    gen_options g = {.width = 24, .height = 24, .seed = 7};
    strbuf id = {0};
    diag err = {0};
    CHECK(tents_generate(&g, &id, &err));
    puzzle *p = load(id.s);
    CHECK(p != NULL);
    if (!p)
        return;
    tents_puzzle *t = p->data;
    strbuf grid = {0};
    sb_puts(&grid, "#");
    int big = 0;
    for (int x = 0; x < t->w; x++) {
        sb_printf(&grid, " %d", t->col[x]);
        big += t->col[x] >= 10;
    }
    sb_putc(&grid, '\n');
    for (int y = 0; y < t->h; y++) {
        sb_printf(&grid, "%d ", t->row[y]);
        big += t->row[y] >= 10;
        for (int x = 0; x < t->w; x++) {
            int c = y * t->w + x;
            sb_putc(&grid, t->tree[c] ? 'T' : t->given[c] == TENTS_TENT ? '*' : t->given[c] == TENTS_GRASS ? '-' : '.');
        }
        sb_putc(&grid, '\n');
    }
    /* the leading '#' would be a comment: use a space as Crystal/Z3 does */
    grid.s[0] = ' ';
    puzzle *q = load(grid.s);
    CHECK(q != NULL);
    if (q) {
        int *s1, *s2;
        char *a1 = solve_text(p, &s1), *a2 = solve_text(q, &s2);
        diag why = {0};
        CHECK(a1 && a2 && strcmp(a1, a2) == 0);
        CHECK_MSG(tents_verify(q->data, s2, &why), "%s", why.msg);
        free(a1);
        free(a2);
        free(s1);
        free(s2);
    }
    (void)big;
    puzzle_free(q);
    puzzle_free(p);
    sb_free(&grid);
    sb_free(&id);
}

static void generator_unique_and_reproducible(void)
{
    static const int sizes[] = {6, 10, 20, 35};
    for (int i = 0; i < 4; i++) {
        gen_options g = {.width = sizes[i], .height = sizes[i], .seed = 1000u + (unsigned)i};
        strbuf a = {0}, b = {0};
        diag err = {0};
        CHECK(tents_generate(&g, &a, &err));
        CHECK(tents_generate(&g, &b, &err));
        CHECK(a.s && b.s && strcmp(a.s, b.s) == 0);
        puzzle *p = load(a.s);
        CHECK(p != NULL);
        if (p) {
            int *state;
            char *ans = solve_text(p, &state);
            diag why = {0};
            CHECK_MSG(ans && tents_verify(p->data, state, &why), "%s", why.msg);
            CHECK_MSG(count_of(p, 2) == 1, "size %d not unique", sizes[i]);
            free(ans);
            free(state);
        }
        puzzle_free(p);
        sb_free(&a);
        sb_free(&b);
    }
}

/* A hint is a fact of the (checker-verified) unique solution; a wrong tent
 * is caught by check; the explanation names at least one clue group. */
static void hint_check_explain(void)
{
    puzzle *p = load("8x8de:bcddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0");
    if (!p)
        return;
    int *solution;
    char *ans = solve_text(p, &solution);
    diag why = {0};
    CHECK(tents_verify(p->data, solution, &why));
    const tents_puzzle *t = p->data;
    assist *a = puzzle_encode(p);
    /* hints, applied one after another, only ever agree with the solution */
    int *state = xcalloc(64, sizeof *state);
    p->family->init_state(p->data, state);
    int marks[128];
    for (int step = 0; step < 64; step++) {
        int nm = p->family->state_marks(p->data, state, marks, 128);
        assist_hint_result h;
        CHECK(assist_hint(a, marks, nm, NULL, 0, &h) == ASSIST_OK);
        if (h.fact < 0)
            break;
        CHECK(h.forced);
        int c = t->cell_of_fact[h.fact / 2];
        int want = h.fact % 2 ? TENTS_GRASS : TENTS_TENT;
        CHECK_MSG((solution[c] == TENTS_TENT) == (want == TENTS_TENT), "hint %d wrong", h.fact);
        int_vec groups = {0}, why_marks = {0};
        CHECK(assist_explain(a, marks, nm, h.fact, &groups, &why_marks) == ASSIST_OK);
        vec_free(&groups);
        vec_free(&why_marks);
        move m = {0};
        p->family->fact_move(p->data, state, h.fact, &m);
        for (int i = 0; i < m.idx.n; i++)
            state[m.idx.v[i]] = m.val.v[i];
        move_free(&m);
    }
    /* marks from hints alone: grass marks count as empty, so convert */
    for (int c = 0; c < 64; c++)
        if (state[c] == TENTS_GRASS)
            state[c] = TENTS_BLANK;
    CHECK(tents_verify(p->data, state, &why));
    /* a wrong tent: check names it */
    int wrong = -1;
    for (int c = 0; c < 64 && wrong < 0; c++)
        if (!t->tree[c] && solution[c] != TENTS_TENT)
            wrong = c;
    int bad[2] = {tents_fact(t, wrong, 0)};
    int_vec core = {0};
    CHECK(assist_check(a, bad, 1, &core) == ASSIST_NONE);
    CHECK(core.n == 1 && core.v[0] == bad[0]);
    vec_free(&core);
    assist_free(a);
    free(state);
    free(ans);
    free(solution);
    puzzle_free(p);
}

/* A line whose first non-blank character is '#' is a comment in grid text
 * too, as in the ID form and every other family (tessera(6), Puzzle
 * formats). */
static void indented_comment_in_grid_text(void)
{
    const char *text = " 12\n  # an indented note\n1T.\n\t# another\r\n2.T\n";
    diag err = {.source = "grid"};
    int nstate = 0;
    tents_puzzle *t = tents_parse(text, &err, &nstate);
    CHECK_MSG(t != NULL, "%d:%d: %s", err.line, err.col, err.msg);
    if (!t)
        return;
    CHECK(t->w == 2 && t->h == 2 && nstate == 4);
    CHECK(t->col[0] == 1 && t->col[1] == 2 && t->row[0] == 1 && t->row[1] == 2);
    CHECK(t->tree[0] && t->tree[3] && !t->tree[1] && !t->tree[2]);
    tents_free(t);
}

static void id_round_trip(void)
{
    const char *id = "8x8:a!_cddch_bkcic_,2,2,0,3,0,2,0,3,3,0,3,1,1,0,4,0";
    puzzle *p = load(id);
    CHECK(p != NULL);
    if (!p)
        return;
    const tents_puzzle *t = p->data;
    CHECK(t->given[1] == TENTS_TENT && !t->tree[1]);
    /* drawn in brackets, unlike the player's marks: boxed cells 4 wide,
     * cell (0,1)'s glyph at row 1, column 6 */
    void *ui = p->family->ui->create(t);
    int nr, nc;
    CHECK(p->family->ui->layout(t, ui, 40, 100, false, &nr, &nc));
    canvas cv;
    canvas_init(&cv, nr, nc, false);
    int *state = xcalloc((size_t)p->nstate, sizeof *state);
    p->family->init_state(t, state);
    p->family->ui->draw(t, ui, state, NULL, &cv);
    CHECK(!strcmp(canvas_at(&cv, 1, 5)->glyph, "[") && canvas_at(&cv, 1, 5)->role == ROLE_GIVEN);
    CHECK(!strcmp(canvas_at(&cv, 1, 7)->glyph, "]"));
    CHECK(canvas_at(&cv, 1, 6)->role == TENTS_ROLE_TENT);
    for (int c = 0; c < t->w; c++)
        if (t->given[c] < 0)
            CHECK(strcmp(canvas_at(&cv, 1, 4 * c + 1)->glyph, "["));
    free(state);
    canvas_free(&cv);
    p->family->ui->free(ui);
    strbuf b = {0};
    tents_write_id(t, &b);
    CHECK_MSG(strcmp(b.s, id) == 0, "%s", b.s);
    sb_free(&b);
    puzzle_free(p);
}

int main(void)
{
    RUN(every_tatham_id_solves_uniquely);
    RUN(deduce_solves_tatham_ids);
    RUN(worked_example_matches_tathams_solver);
    RUN(crystal_15x15_both_forms);
    RUN(spaced_grid_form_for_big_clues);
    RUN(generator_unique_and_reproducible);
    RUN(hint_check_explain);
    RUN(id_round_trip);
    RUN(indented_comment_in_grid_text);
    TEST_MAIN_END();
}
