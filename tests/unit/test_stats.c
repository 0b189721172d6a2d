/* test_stats.c: the statistics file: its format read back as written, the
 * sums per family and size (best, median, hints), bad lines named by
 * line:column, and recording into a save directory atomically, keeping a
 * file it cannot read as it was. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"
#include "stats.h"
#include "testlib.h"

static stats_entry entry(const char *fam, const char *size, double secs, int hints, const char *id)
{
    stats_entry e;
    memset(&e, 0, sizeof e);
    snprintf(e.family, sizeof e.family, "%s", fam);
    snprintf(e.size, sizeof e.size, "%s", size);
    e.seconds = secs;
    e.hints = hints;
    snprintf(e.id, sizeof e.id, "%s", id);
    return e;
}

static void test_round_trip(void)
{
    stats st = {0}, back = {0};
    stats_entry a = entry("tents", "8x8", 37.5, 2, "tents-00000000000000aa");
    stats_entry b = entry("hexiom", "side_3", 120, 0, "hexiom-00000000000000bb");
    stats_add(&st, &a);
    stats_add(&st, &b);
    strbuf t = {0};
    stats_format(&st, &t);
    CHECK(strncmp(t.s, "tessera stats 1\n", 16) == 0);
    CHECK(strstr(t.s, "solve tents 8x8 37.5 2 tents-00000000000000aa\n") != NULL);
    diag err = {0};
    CHECK_MSG(stats_parse(t.s, t.n, "stats", &back, &err), "%s", err.msg);
    CHECK(back.n == 2);
    if (back.n == 2) {
        CHECK(strcmp(back.v[1].family, "hexiom") == 0 && strcmp(back.v[1].size, "side_3") == 0);
        CHECK(back.v[0].seconds == 37.5 && back.v[0].hints == 2);
        CHECK(strcmp(back.v[0].id, "tents-00000000000000aa") == 0);
    }
    sb_free(&t);
    stats_free(&st);
    stats_free(&back);
}

static void test_summary(void)
{
    stats st = {0};
    double times[] = {50, 30, 40, 90};
    for (int i = 0; i < 4; i++) {
        stats_entry e = entry("tents", "8x8", times[i], i, i == 1 ? "tents-1" : "tents-2");
        stats_add(&st, &e);
    }
    stats_entry other = entry("tents", "10x10", 5, 7, "tents-3");
    stats_add(&st, &other);
    stats_summary s;
    stats_summarize(&st, "tents", "8x8", &s);
    CHECK(s.solved == 4);
    CHECK(s.best == 30);
    CHECK(s.median == 45); /* (40 + 50) / 2 */
    CHECK(s.hints == 0 + 1 + 2 + 3);
    stats_summarize(&st, "tents", "6x6", &s);
    CHECK(s.solved == 0 && s.best == 0 && s.median == 0 && s.hints == 0);
    double best = 0;
    CHECK(stats_best_of(&st, "tents-2", &best) && best == 40);
    CHECK(!stats_best_of(&st, "tents-9", &best));
    stats_free(&st);
}

/* text, line and column the error must name, and a word of its message */
static void bad(const char *text, int line, int col, const char *word)
{
    stats st = {0};
    diag err = {0};
    bool ok = stats_parse(text, strlen(text), "stats", &st, &err);
    CHECK_MSG(!ok, "accepted: %s", text);
    CHECK_MSG(err.line == line && err.col == col, "%s: got %d:%d (%s), want %d:%d", text, err.line,
              err.col, err.msg, line, col);
    CHECK_MSG(strstr(err.msg, word) != NULL, "%s: message '%s' lacks '%s'", text, err.msg, word);
    char buf[512];
    diag_format(&err, buf, sizeof buf);
    char want[64];
    snprintf(want, sizeof want, "stats:%d:%d:", line, col);
    CHECK_MSG(strncmp(buf, want, strlen(want)) == 0, "formatted as '%s'", buf);
    stats_free(&st);
}

static void test_bad_lines(void)
{
    bad("", 1, 1, "not a statistics file");
    bad("tessera save 1\n", 1, 1, "not a statistics file");
    bad("tessera stats 1\nsolved tents 8x8 1 0 a\n", 2, 1, "'solve'");
    bad("tessera stats 1\n# fine\n\nsolve tents 8x8 -1 0 a\n", 4, 17, "seconds");
    bad("tessera stats 1\nsolve tents 8x8 nan 0 a\n", 2, 17, "seconds");
    bad("tessera stats 1\nsolve tents 8x8 1e10 0 a\n", 2, 17, "seconds");
    bad("tessera stats 1\nsolve tents 8x8 12 1.5 a\n", 2, 20, "hints");
    bad("tessera stats 1\nsolve tents 8x8 12 99999999999 a\n", 2, 20, "hints");
    bad("tessera stats 1\nsolve tents 8x8 12 0\n", 2, 21, "puzzle id");
    bad("tessera stats 1\nsolve tents 8x8 12 0 a extra\n", 2, 24, "end of the line");
    bad("tessera stats 1\nsolve tents 8x8 12 0 a/b\n", 2, 22, "puzzle id");
    bad("tessera stats 1\nsolve t\xc3\xa9nts 8x8 12 0 a\n", 2, 7, "family");
    bad("tessera stats 1\nsolve tents 8x8 12 0 a\nsolve\n", 3, 6, "family name");
    char nul[] = "tessera stats 1\nsolve tents\0 8x8 1 0 a\n";
    stats st = {0};
    diag err = {0};
    CHECK(!stats_parse(nul, sizeof nul - 1, "stats", &st, &err) && err.line == 2 && err.col == 12);
    stats_free(&st);
    /* CRLF line ends and comments are fine */
    const char *ok = "tessera stats 1\r\n# c\r\nsolve tents 8x8 12 0 a\r\n";
    CHECK(stats_parse(ok, strlen(ok), "stats", &st, &err) && st.n == 1);
    stats_free(&st);
}

static char dir[512];

static void test_record(void)
{
    char path[600];
    diag err = {0};
    snprintf(path, sizeof path, "%s/stats", dir);
    stats all;
    stats_entry a = entry("tracks", "8x8", 61, 1, "tracks-1");
    CHECK_MSG(stats_record(path, &a, &all, &err), "%s", err.msg);
    CHECK(all.n == 1);
    stats_free(&all);
    stats_entry b = entry("tracks", "8x8", 59, 0, "tracks-2");
    CHECK_MSG(stats_record(path, &b, &all, &err), "%s", err.msg);
    CHECK(all.n == 2);
    stats_free(&all);
    stats st = {0};
    diag d = {0};
    CHECK(stats_read(path, &st, &d) && st.n == 2);
    stats_summary s;
    stats_summarize(&st, "tracks", "8x8", &s);
    CHECK(s.solved == 2 && s.best == 59 && s.median == 60 && s.hints == 1);
    stats_free(&st);
    /* no temporary or lock file stays behind */
    char cmd[700];
    snprintf(cmd, sizeof cmd, "test \"$(ls -A '%s')\" = stats", dir);
    CHECK(system(cmd) == 0);

    /* a damaged file is named at its bad line and left as it was */
    FILE *f = fopen(path, "a");
    fputs("solve tracks 8x8 oops 0 x\n", f);
    fclose(f);
    struct stat before, after;
    stat(path, &before);
    stats_entry c = entry("tracks", "8x8", 10, 0, "tracks-3");
    CHECK(!stats_record(path, &c, &all, &err));
    CHECK_MSG(strstr(err.msg, "stats:5:18:") != NULL && strstr(err.msg, "left as it is"), "%s", err.msg);
    CHECK(all.n == 1); /* this game alone, to show */
    stats_free(&all);
    stat(path, &after);
    CHECK(before.st_size == after.st_size && before.st_ino == after.st_ino);

    /* a directory it cannot write: a message, the file unchanged */
    unlink(path);
    if (geteuid() != 0) {
        chmod(dir, 0500);
        CHECK(!stats_record(path, &c, &all, &err));
        CHECK_MSG(strstr(err.msg, "Permission denied") != NULL, "%s", err.msg);
        stats_free(&all);
        chmod(dir, 0700);
    }
}

static void test_entry_of(void)
{
    diag err = {0};
    puzzle *p = puzzle_load(test_data("tents/crystal-z3-15x15.tents"), NULL, &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    if (!p)
        return;
    stats_entry e;
    stats_entry_of(p, &e);
    CHECK(strcmp(e.family, "tents") == 0 && strcmp(e.size, "15x15") == 0);
    char path[PATH_MAX];
    board_save_path(p, "/d", path, sizeof path);
    char want[PATH_MAX];
    snprintf(want, sizeof want, "/d/%s.save", e.id);
    CHECK_MSG(strcmp(path, want) == 0, "%s vs %s", path, want);
    puzzle_free(p);
    char shown[32];
    stats_size_shown("side_4", shown, sizeof shown);
    CHECK(strcmp(shown, "side 4") == 0);
}

int main(void)
{
    snprintf(dir, sizeof dir, "%s/tessera-stats-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    chmod(dir, 0700);
    RUN(test_round_trip);
    RUN(test_summary);
    RUN(test_bad_lines);
    RUN(test_record);
    RUN(test_entry_of);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    TEST_MAIN_END();
}
