/* test_generate.c: --generate for every family with a generator: puzzles
 * from fixed seeds have exactly one solution (solver count), the solver's
 * answer passes the family's independent checker, the same seed gives the
 * same text (on one thread or several), and the "# grade:" line is the
 * grade measured again; plus the grade's engine service and the levels
 * asked for. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "grade.h"
#include "testlib.h"

typedef struct {
    const char *family;
    int width, height;
    const char *difficulty;
} gen_case;

static const gen_case CASES[] = {
    {"tents", 8, 8, NULL},        {"tents", 12, 9, "easy"},  {"tents", 10, 10, "hard"},
    {"tracks", 8, 8, NULL},       {"tracks", 10, 10, "easy"}, {"tetravex", 3, 3, NULL},
    {"tetravex", 4, 4, NULL},     {"hexiom", 2, 2, NULL},    {"hexiom", 3, 3, "easy"},
    {"hexiom", 4, 4, "medium"},   {"hexiom", 4, 4, "hard"},
};
static const unsigned long SEEDS[] = {1, 2, 3};

static bool generate(const game_family *f, const gen_case *c, unsigned long seed, strbuf *out,
                     grade_report *r)
{
    gen_options g = {.width = c->width, .height = c->height, .difficulty = c->difficulty, .seed = seed};
    diag err = {.source = "test"};
    bool ok = grade_generate(f, &g, out, &err, NULL, r);
    CHECK_MSG(ok, "%s %dx%d seed %lu: %s", f->name, c->width, c->height, seed, err.msg);
    return ok;
}

/* Solutions up to 2, the family's way (Tantrix counts up to the anchor). */
static long count_solutions(const puzzle *p)
{
    assist *a = puzzle_encode(p);
    int *state = xcalloc((size_t)p->nstate + 1, sizeof *state);
    int max = assist_num_facts(a) + 1;
    int *marks = xcalloc((size_t)max, sizeof *marks);
    p->family->init_state(p->data, state);
    int nm = p->family->state_marks(p->data, state, marks, max);
    long n = -1;
    if (grade_count(p, a, marks, nm, 2, &n) != ASSIST_OK)
        n = -1;
    free(marks);
    free(state);
    assist_free(a);
    return n;
}

/* The solver's answer, as a board the independent checker must accept. */
static bool solved_and_verified(const puzzle *p, diag *why)
{
    assist *a = puzzle_encode(p);
    int nf = assist_num_facts(a);
    int *state = xcalloc((size_t)p->nstate + 1, sizeof *state);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    bool *facts = xcalloc((size_t)nf + 1, sizeof *facts);
    p->family->init_state(p->data, state);
    int nm = p->family->state_marks(p->data, state, marks, nf + 1);
    bool ok = assist_solve(a, marks, nm, facts) == ASSIST_OK;
    if (ok) {
        p->family->apply_solution(p->data, facts, state);
        ok = p->family->verify(p->data, state, why);
    } else {
        diag_set(why, 0, 0, "no solution found");
    }
    free(facts);
    free(marks);
    free(state);
    assist_free(a);
    return ok;
}

static void generated_puzzles_are_unique_verified_reproducible_graded(void)
{
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        const gen_case *c = &CASES[k];
        const game_family *f = game_find(c->family);
        CHECK_MSG(f && f->generate, "%s has a generator", c->family);
        if (!f || !f->generate)
            continue;
        char *previous = NULL;
        for (size_t s = 0; s < sizeof SEEDS / sizeof SEEDS[0]; s++) {
            strbuf a = {0}, b = {0};
            grade_report r;
            if (!generate(f, c, SEEDS[s], &a, &r) || !generate(f, c, SEEDS[s], &b, &r)) {
                sb_free(&a);
                sb_free(&b);
                continue;
            }
            const char *what = f->name;
            CHECK_MSG(strcmp(a.s, b.s) == 0, "%s seed %lu: same seed, different text", what, SEEDS[s]);
            CHECK_MSG(!previous || strcmp(previous, a.s) != 0, "%s: seeds %lu and %lu give one puzzle",
                      what, SEEDS[s - 1], SEEDS[s]);
            /* every family's parser takes the grade line */
            grade_level stored = grade_from_text(a.s);
            CHECK_MSG(stored != GRADE_NONE && strncmp(a.s, "# grade: ", 9) == 0, "%s: no grade line:\n%s",
                      what, a.s);
            CHECK(stored == r.level);
            diag err = {0};
            puzzle *p = puzzle_from_text(a.s, "generated", NULL, f->name, &err);
            CHECK_MSG(p != NULL, "%s seed %lu: %s", what, SEEDS[s], err.msg);
            if (p) {
                CHECK_MSG(count_solutions(p) == 1, "%s seed %lu: not exactly one solution:\n%s", what,
                          SEEDS[s], a.s);
                diag why = {0};
                CHECK_MSG(solved_and_verified(p, &why), "%s seed %lu: %s", what, SEEDS[s], why.msg);
                /* graded again from the text alone: the same level */
                grade_report again;
                CHECK(grade_puzzle(p, NULL, &again));
                CHECK_MSG(again.level == stored, "%s seed %lu: stored %s, measured %s", what, SEEDS[s],
                          grade_name(stored), grade_name(again.level));
                puzzle_free(p);
            }
            free(previous);
            previous = xstrdup(a.s);
            sb_free(&a);
            sb_free(&b);
        }
        free(previous);
    }
}

/* Tents and Hexiom steer towards the level; these seeds reach it. */
static void levels_asked_for_are_met(void)
{
    static const gen_case met[] = {
        {"tents", 10, 10, "easy"}, {"tents", 10, 10, "medium"}, {"tents", 12, 12, "hard"},
        {"hexiom", 3, 3, "easy"},  {"hexiom", 4, 4, "medium"},  {"hexiom", 4, 4, "hard"},
    };
    for (size_t k = 0; k < sizeof met / sizeof met[0]; k++) {
        const game_family *f = game_find(met[k].family);
        strbuf out = {0};
        grade_report r;
        if (f && generate(f, &met[k], 1, &out, &r))
            CHECK_MSG(r.level == grade_from_name(met[k].difficulty), "%s %d %s: got %s", f->name,
                      met[k].width, met[k].difficulty, grade_name(r.level));
        sb_free(&out);
    }
}

static void bad_sizes_are_refused(void)
{
    static const gen_case bad[] = {{"tents", 3, 3, NULL}, {"hexiom", 7, 7, NULL}, {"hexiom", 3, 4, NULL}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        const game_family *f = game_find(bad[k].family);
        gen_options g = {.width = bad[k].width, .height = bad[k].height, .seed = 1};
        strbuf out = {0};
        diag err = {.source = "test"};
        CHECK_MSG(f && !grade_generate(f, &g, &out, &err, NULL, NULL), "%s %dx%d accepted",
                  bad[k].family, bad[k].width, bad[k].height);
        CHECK(err.msg[0] != 0);
        sb_free(&out);
    }
}

static void grade_lines_are_read(void)
{
    CHECK(grade_from_text("# grade: hard\n4\n") == GRADE_HARD);
    CHECK(grade_from_text("# a comment\n#grade:easy\r\n10x10:...") == GRADE_EASY);
    CHECK(grade_from_text("10x10:abc\n# grade: easy\n") == GRADE_NONE); /* only at the top */
    CHECK(grade_from_text("# grade: impossible\n") == GRADE_NONE);
    CHECK(grade_from_name("medium") == GRADE_MEDIUM && grade_from_name(NULL) == GRADE_NONE);
}

/* The thresholds on hand-made figures. */
static void levels_from_figures(void)
{
    grade_report r = {.forced_steps = 40, .multi_steps = 4, .max_groups = 2};
    CHECK(grade_level_of(&r) == GRADE_EASY);
    r.multi_steps = 5;
    CHECK(grade_level_of(&r) == GRADE_MEDIUM);
    r.max_groups = 3, r.deep_steps = 2;
    CHECK(grade_level_of(&r) == GRADE_MEDIUM);
    r.deep_steps = 3;
    CHECK(grade_level_of(&r) == GRADE_HARD);
    r.deep_steps = 1, r.max_groups = 4;
    CHECK(grade_level_of(&r) == GRADE_HARD);
}

/* x1 -> x2 (group A), x2 -> x3 (group B), x1 -> x3 (group C): with x1
 * marked, x3 needs C alone, or A and B; explain_groups keeps the mark. */
static void explain_groups_keeps_marks(void)
{
    assist *a = assist_create();
    sat_solver *s = assist_sat(a);
    int x[3];
    for (int i = 0; i < 3; i++) {
        x[i] = sat_new_var(s);
        assist_add_fact(a, x[i]);
        assist_add_fact(a, -x[i]);
    }
    assist_begin_group(a, "A");
    sat_clause2(s, -x[0], x[1]);
    assist_end_group(a);
    assist_begin_group(a, "B");
    sat_clause2(s, -x[1], x[2]);
    assist_end_group(a);
    assist_begin_group(a, "C");
    sat_clause2(s, -x[0], x[2]);
    assist_end_group(a);
    int marks[] = {0};
    int_vec groups = {0};
    CHECK(assist_explain_groups(a, marks, 1, 4, 4, &groups) == ASSIST_OK);
    CHECK_MSG(groups.n == 1 || groups.n == 2, "%d groups", groups.n);
    /* x2 needs A */
    CHECK(assist_explain_groups(a, marks, 1, 2, 4, &groups) == ASSIST_OK);
    CHECK(groups.n == 1 && groups.v[0] == 0);
    /* the trimmed core names a sufficient set too */
    CHECK(assist_explain_groups(a, marks, 1, 2, 0, &groups) == ASSIST_OK);
    CHECK(groups.n >= 1);
    /* x3 false is not forced */
    CHECK(assist_explain_groups(a, marks, 1, 5, 4, &groups) == ASSIST_NONE);
    /* without the mark nothing is forced */
    CHECK(assist_explain_groups(a, NULL, 0, 4, 4, &groups) == ASSIST_NONE);
    vec_free(&groups);
    assist_free(a);
}

/* Attempts run side by side must not change the answer: the same text,
 * grade and number of attempts on one thread as on four, on cases that
 * take several attempts (so later ones are started, then cancelled) or
 * all 24 of a small board's (attempt 7 waits to learn it is not the last). */
static void same_puzzle_on_any_number_of_threads(void)
{
    static const gen_case several[] = {
        {"tracks", 12, 12, "hard"}, {"tents", 12, 12, "hard"},    {"tantrix", 8, 8, "hard"},
        {"tracks", 8, 8, "medium"}, {"tetravex", 4, 4, "hard"},
    };
    int most_attempts = 0;
    for (size_t k = 0; k < sizeof several / sizeof several[0]; k++) {
        const game_family *f = game_find(several[k].family);
        for (size_t s = 0; f && s < sizeof SEEDS / sizeof SEEDS[0]; s++) {
            strbuf one = {0}, four = {0};
            grade_report r1, r4;
            setenv("TESSERA_THREADS", "1", 1);
            bool ok = generate(f, &several[k], SEEDS[s], &one, &r1);
            setenv("TESSERA_THREADS", "4", 1);
            ok = generate(f, &several[k], SEEDS[s], &four, &r4) && ok;
            if (ok) {
                CHECK_MSG(strcmp(one.s, four.s) == 0 && r1.attempts == r4.attempts && r1.level == r4.level,
                          "%s %d %s seed %lu: one thread made %d attempts, four %d:\n%s\n%s", f->name,
                          several[k].width, several[k].difficulty, SEEDS[s], r1.attempts, r4.attempts, one.s,
                          four.s);
                most_attempts = r1.attempts > most_attempts ? r1.attempts : most_attempts;
            }
            sb_free(&one);
            sb_free(&four);
        }
    }
    unsetenv("TESSERA_THREADS");
    CHECK_MSG(most_attempts > 8, "no case made more than 8 attempts (most: %d)", most_attempts);
}

int main(void)
{
    RUN(grade_lines_are_read);
    RUN(levels_from_figures);
    RUN(explain_groups_keeps_marks);
    RUN(bad_sizes_are_refused);
    RUN(generated_puzzles_are_unique_verified_reproducible_graded);
    RUN(levels_asked_for_are_met);
    RUN(same_puzzle_on_any_number_of_threads);
    TEST_MAIN_END();
}
