/* test_save_kill.c: a kill -9 in the middle of a save loses nothing.  A
 * child process saves two different games to one file in turn, as fast as
 * it can; the parent kills it with SIGKILL at random moments.  After every
 * kill the file must load and be exactly one of the two games, never a
 * torn mixture or a truncated file. */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "rng.h"
#include "testlib.h"

#define KILLS 100

/* A 20x20 Tatham Tents ID: a save of it with a long history is tens of
 * kilobytes, so that writing it takes a while. */
static const char *ID = "20x20:_cjbf_e_cgc_gcadkdh__ehac__ggeacbtacbaeangc_f_eaabblkchcgb_bdclec_ebcahbd"
                        "cb_jcdda,5,4,2,6,1,6,3,4,4,5,2,4,5,4,6,2,4,4,2,7,5,4,2,6,3,5,3,3,5,1,8,1,5,3,4,"
                        "5,3,5,3,6";

/* A game of nmoves moves: blank cells toggled between grass and blank. */
static board *game(int nmoves, int value)
{
    diag err = {0};
    puzzle *p = puzzle_from_text(ID, "test", "tents", NULL, &err);
    CHECK_MSG(p != NULL, "%s", err.msg);
    if (!p)
        exit(1);
    board *b = board_create(p);
    for (int i = 0; i < nmoves; i++) {
        int cell = (i * 7) % p->nstate;
        if (b->state[cell] == 3) /* a tree */
            continue;
        move m = {0};
        move_set(&m, cell, b->state[cell] ? 0 : value);
        board_apply(b, &m, false);
        move_free(&m);
    }
    return b;
}

static bool same_board(const board *x, const board *y)
{
    return x->nsteps == y->nsteps && x->pos == y->pos &&
           memcmp(x->state, y->state, (size_t)x->pz->nstate * sizeof *x->state) == 0;
}

static int count_temp_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        n += len > 4 && strcmp(e->d_name + len - 4, ".tmp") == 0;
    }
    if (d)
        closedir(d);
    return n;
}

static void test_kill_during_saves(void)
{
    const char *tmpdir = getenv("TMPDIR");
    char dirbuf[512];
    snprintf(dirbuf, sizeof dirbuf, "%s/tessera-kill.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    char *d = mkdtemp(dirbuf);
    CHECK(d != NULL);
    if (!d)
        return;
    char path[600];
    snprintf(path, sizeof path, "%s/game.save", d);
    board *a = game(2000, 2), *b = game(3, 1);
    diag err = {0};
    CHECK_MSG(board_save(a, path, &err), "%s", err.msg);
    rng r;
    rng_seed(&r, 12345);
    int loads = 0, as_a = 0, as_b = 0;
    for (int k = 0; k < KILLS; k++) {
        int ready[2];
        CHECK(pipe(ready) == 0);
        pid_t pid = fork();
        if (pid == 0) {
            close(ready[0]);
            diag e = {0};
            for (long i = 0;; i++) {
                if (!board_save(i % 2 ? b : a, path, &e))
                    _exit(3);
                if (i == 0) {
                    ssize_t w = write(ready[1], "x", 1);
                    (void)w;
                }
            }
        }
        close(ready[1]);
        char c;
        CHECK(read(ready[0], &c, 1) == 1); /* the child has saved once */
        close(ready[0]);
        /* somewhere inside one of the next few saves */
        struct timespec ts = {0, (long)(rng_below(&r, 3000)) * 1000};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        int status;
        waitpid(pid, &status, 0);
        CHECK_MSG(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the saver ended early (%d)",
                  status);
        diag de = {0};
        board *got = board_load(path, &de);
        CHECK_MSG(got != NULL, "after kill %d: %d:%d: %s", k, de.line, de.col, de.msg);
        if (got) {
            loads++;
            as_a += same_board(got, a);
            as_b += same_board(got, b);
            board_free(got);
        }
    }
    CHECK_MSG(loads == KILLS && as_a + as_b == KILLS, "%d loads, %d of the first game, %d of the second",
              loads, as_a, as_b);
    /* each kill between creating the temporary file and renaming it
     * leaves that file: proof that kills landed inside saves */
    int torn = count_temp_files(d);
    printf("%d kills: the save was the long game %d times, the short one %d times; %d kills "
           "landed inside a save\n",
           KILLS, as_a, as_b, torn);
    CHECK_MSG(torn > 0, "no kill landed inside a save: the test proves nothing");
    /* clean up */
    DIR *dd = opendir(d);
    struct dirent *e;
    while (dd && (e = readdir(dd)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char f[1200];
        snprintf(f, sizeof f, "%s/%s", d, e->d_name);
        unlink(f);
    }
    if (dd)
        closedir(dd);
    rmdir(d);
    board_free(a);
    board_free(b);
}

int main(void)
{
    RUN(test_kill_during_saves);
    TEST_MAIN_END();
}
