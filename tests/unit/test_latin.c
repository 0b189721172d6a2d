/* test_latin.c: the template family (Latin squares) on its own: parse
 * errors at line:column, the checker's verdicts and reasons, the solver's
 * answers checked by the checker, and a count.  Loads through the family
 * itself, so it runs whether or not the family is registered. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "games/latin.h"
#include "puzzle_util.h"
#include "testlib.h"

static puzzle *load_text(const char *text)
{
    diag err = {0};
    return report_load(puzzle_parse(&latin_family, text, "test", &err), &err);
}

static puzzle *load_data(const char *name)
{
    size_t len;
    char *text = read_file(test_data(name), MAX_PUZZLE_BYTES, &len);
    CHECK_MSG(text != NULL, "%s reads", name);
    puzzle *p = text ? load_text(text) : NULL;
    free(text);
    return p;
}

/* The error a text gives: line, column and the message. */
static void parse_fails_at(const char *text, int line, int col, const char *words)
{
    diag err = {0};
    puzzle *p = puzzle_parse(&latin_family, text, "bad", &err);
    CHECK_MSG(p == NULL, "'%s' is refused", text);
    puzzle_free(p);
    CHECK_MSG(err.line == line && err.col == col, "'%s': at %d:%d, expected %d:%d (%s)", text, err.line,
              err.col, line, col, err.msg);
    CHECK_MSG(strstr(err.msg, words) != NULL, "'%s': '%s' lacks '%s'", text, err.msg, words);
}

static void bad_text_names_line_and_column(void)
{
    parse_fails_at("", 1, 1, "a row of the grid");
    parse_fails_at("# only a comment\n", 2, 1, "a row of the grid");
    parse_fails_at("1.3\n.x.\n...\n", 2, 2, "'.' or a digit from 1 to 3");
    parse_fails_at("1.4\n...\n...\n", 1, 3, "from 1 to 3"); /* 4 is no value of a 3x3 */
    parse_fails_at("...\n..\n...\n", 2, 3, "3 cells in row 2");
    parse_fails_at("...\n....\n...\n", 2, 4, "the end of row 2 after 3 cells");
    parse_fails_at("...\n...\n", 3, 1, "row 3 of 3");
    parse_fails_at("..\n..\n..\n", 3, 1, "the end of the grid after 2 rows");
    parse_fails_at("..........\n", 1, 10, "at most 9 cells");
    /* comments, blank lines, CRLF and trailing blanks are all fine */
    puzzle *p = load_text("# a comment\r\n\r\n1. \r\n.1\t\r\n");
    CHECK(p && p->nstate == 4);
    puzzle_free(p);
}

static void checker_accepts_the_answer_and_says_why_not(void)
{
    puzzle *p = load_text("1..\n...\n..1\n");
    CHECK(p != NULL);
    if (!p)
        return;
    diag why = {0};
    int right[9] = {1, 2, 3, 3, 1, 2, 2, 3, 1};
    CHECK(latin_family.verify(p->data, right, &why));
    struct {
        int state[9];
        const char *reason;
    } wrong[] = {
        {{1, 2, 3, 3, 0, 2, 2, 3, 1}, "row 2, column 2 is empty"},
        {{1, 2, 3, 3, 1, 2, 2, 1, 3}, "does not fit"}, /* the given 1 moved */
        {{1, 2, 3, 3, 1, 3, 2, 3, 1}, "row 2 holds 3 twice"},
        {{1, 3, 2, 3, 1, 2, 2, 3, 1}, "column 2 holds 3 twice"},
        {{1, 2, 4, 3, 1, 2, 2, 3, 1}, "does not fit"}, /* 4 is no value here */
    };
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        why.msg[0] = '\0';
        CHECK_MSG(!latin_family.verify(p->data, wrong[i].state, &why), "board %zu is refused", i);
        CHECK_MSG(strstr(why.msg, wrong[i].reason) != NULL, "board %zu: '%s' lacks '%s'", i, why.msg,
                  wrong[i].reason);
    }
    puzzle_free(p);
}

static void solver_answers_pass_the_checker(void)
{
    const char *files[] = {"latin/3x3.latin", "latin/4x4.latin", "latin/5x5.latin", "latin/6x6.latin"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        puzzle *p = load_data(files[i]);
        if (!p)
            continue;
        assist *a = puzzle_encode(p);
        int *state = start_state(p);
        diag why = {0};
        CHECK_MSG(!latin_family.verify(p->data, state, &why), "%s: open at the start", files[i]);
        CHECK_MSG(solve_into(p, a, state, 60) == ASSIST_OK, "%s: solved", files[i]);
        CHECK_MSG(latin_family.verify(p->data, state, &why), "%s: %s", files[i], why.msg);
        strbuf ans = {0};
        latin_family.format_answer(p->data, state, &ans);
        CHECK_MSG(ans.s && !strchr(ans.s, '.'), "%s: the answer is filled in", files[i]);
        sb_free(&ans);
        free(state);
        assist_free(a);
        puzzle_free(p);
    }
}

static long count_of(puzzle *p, long limit)
{
    assist *a = puzzle_encode(p);
    int *state = start_state(p);
    int nf = assist_num_facts(a);
    int *marks = xcalloc((size_t)nf + 1, sizeof *marks);
    int nm = latin_family.state_marks(p->data, state, marks, nf);
    long n = -1;
    if (assist_count(a, marks, nm, limit, &n) != ASSIST_OK)
        n = -1;
    free(marks);
    free(state);
    assist_free(a);
    return n;
}

static void counts_are_exact(void)
{
    puzzle *two = load_data("latin/two-solutions.latin");
    if (two)
        CHECK_MSG(count_of(two, 10) == 2, "two-solutions.latin: %ld", count_of(two, 10));
    puzzle_free(two);
    puzzle *one = load_data("latin/4x4.latin");
    if (one)
        CHECK(count_of(one, 10) == 1);
    puzzle_free(one);
    /* an empty 3x3: 12 Latin squares of order 3 */
    puzzle *empty = load_text("...\n...\n...\n");
    if (empty)
        CHECK(count_of(empty, 100) == 12);
    puzzle_free(empty);
}

int main(void)
{
    RUN(bad_text_names_line_and_column);
    RUN(checker_accepts_the_answer_and_says_why_not);
    RUN(solver_answers_pass_the_checker);
    RUN(counts_are_exact);
    TEST_MAIN_END();
}
