/* test_scan.c: the shared text scanner: line and column of a failure at
 * line starts, over CRLF and tabs and on a last line without a newline;
 * content lines; numbers; the game ID test; empty input. */
#include <stdlib.h>
#include <string.h>

#include "scan.h"
#include "testlib.h"

/* The position scan_fail reports for byte offset pos of text. */
static diag fail_at(const char *text, size_t pos)
{
    diag d = {0};
    scan sc = scan_start(text, &d);
    bool r = scan_fail(&sc, pos, "wanted %d", 7);
    CHECK(!r);
    CHECK(strcmp(d.msg, "wanted 7") == 0);
    return d;
}

#define CHECK_AT(text, pos, l, c)                                                                  \
    do {                                                                                           \
        diag d_ = fail_at(text, pos);                                                              \
        CHECK_MSG(d_.line == (l) && d_.col == (c), "offset %d: %d:%d, expected %d:%d", (int)(pos), \
                  d_.line, d_.col, (l), (c));                                                      \
    } while (0)

static void test_line_starts(void)
{
    const char *t = "ab\ncd\n\nef";
    CHECK_AT(t, 0, 1, 1);
    CHECK_AT(t, 2, 1, 3); /* the newline itself: after the line's last byte */
    CHECK_AT(t, 3, 2, 1);
    CHECK_AT(t, 6, 3, 1); /* an empty line */
    CHECK_AT(t, 7, 4, 1);
}

static void test_crlf_and_tabs(void)
{
    /* a CR and a tab are one column each, as the parsers count them */
    const char *t = "a\r\n\tb\r\n";
    CHECK_AT(t, 1, 1, 2); /* the CR */
    CHECK_AT(t, 3, 2, 1); /* the tab opens line 2 */
    CHECK_AT(t, 4, 2, 2);
    scan_span *v;
    int n = scan_lines(t, 0, &v);
    CHECK(n == 2);
    if (n == 2) {
        CHECK(v[0].start == 0 && v[0].len == 1); /* the CR is not content */
        CHECK(v[1].start == 3 && v[1].len == 2); /* the leading tab is kept */
    }
    free(v);
}

static void test_last_line_without_newline(void)
{
    const char *t = "ab\ncd";
    CHECK_AT(t, 4, 2, 2);
    CHECK_AT(t, strlen(t), 2, 3); /* the end of the text */
    scan_span *v;
    int n = scan_lines(t, 0, &v);
    CHECK(n == 2);
    if (n == 2)
        CHECK(v[1].start == 3 && v[1].len == 2);
    free(v);
}

static void test_empty_input(void)
{
    CHECK_AT("", 0, 1, 1);
    scan_span *v = (scan_span *)&v; /* must be overwritten */
    CHECK(scan_lines("", 0, &v) == 0);
    CHECK(v == NULL);
    CHECK(scan_skip_space_and_comments("", 0) == 0);
    CHECK(!scan_looks_like_id("", ":"));
}

static void test_no_diag(void)
{
    scan sc = scan_start("x", NULL);
    CHECK(!scan_fail(&sc, 0, "nothing records this"));
}

static void test_content_lines(void)
{
    /* blank lines, comments (indented too) and trailing blanks are not content */
    const char *t = "# top\n  \n12  \n\t# note\n 3,4\t\r\n#\n";
    scan_span *v;
    int n = scan_lines(t, 0, &v);
    CHECK(n == 2);
    if (n == 2) {
        CHECK(v[0].start == 9 && v[0].len == 2);
        CHECK(t[v[1].start] == ' ' && v[1].len == 4);
    }
    free(v);
    /* from: a span starts where scanning began, not at its line's start */
    n = scan_lines(t, 10, &v);
    CHECK(n == 2);
    if (n == 2)
        CHECK(v[0].start == 10 && v[0].len == 1);
    free(v);
    CHECK(scan_skip_space_and_comments(t, 0) == 9);
    CHECK(scan_skip_space_and_comments("  # c\r\n\t# d\n 5x5:", 0) == 13);
}

static void test_numbers(void)
{
    const char *t = "x\n 42,300";
    diag d = {0};
    scan sc = scan_start(t, &d);
    size_t pos = 3;
    int v = -1;
    CHECK(scan_number(&sc, &pos, 100, &v, "a count"));
    CHECK(v == 42 && pos == 5);
    pos = 6;
    CHECK(!scan_number(&sc, &pos, 100, &v, "a count"));
    CHECK(strcmp(d.msg, "a count (at most 100)") == 0);
    CHECK(d.line == 2 && d.col == 5); /* at the number's first digit */
    pos = 0;
    CHECK(!scan_number(&sc, &pos, 100, &v, "a count"));
    CHECK(strcmp(d.msg, "a count") == 0 && d.line == 1 && d.col == 1);
}

static void test_game_ids(void)
{
    CHECK(scan_looks_like_id("10x8de:abc", ":"));
    CHECK(scan_looks_like_id("5:", ":"));
    CHECK(!scan_looks_like_id("8x8#1234", ":"));
    CHECK(scan_looks_like_id("8x8#1234", ":#"));
    CHECK(!scan_looks_like_id("x8:", ":"));   /* digits first */
    CHECK(!scan_looks_like_id("8x8", ":#"));  /* the end of the text is not a terminator */
    CHECK(!scan_looks_like_id("8x8 :", ":")); /* nor is a blank inside */
}

int main(void)
{
    RUN(test_line_starts);
    RUN(test_crlf_and_tabs);
    RUN(test_last_line_without_newline);
    RUN(test_empty_input);
    RUN(test_no_diag);
    RUN(test_content_lines);
    RUN(test_numbers);
    RUN(test_game_ids);
    TEST_MAIN_END();
}
