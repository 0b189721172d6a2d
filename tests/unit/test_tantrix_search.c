/* test_tantrix_search.c: the plain-C loop search of --solve: every
 * Discovery puzzle 3..30 gets a loop the independent checker accepts, with
 * tile 1 at the origin unturned; puzzles it does not take or that have no
 * loop give no answer. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "games/tantrix.h"
#include "puzzle_util.h"
#include "testlib.h"

static puzzle *load_text(const char *text) { return load_family_text("tantrix", text); }

static void discovery_3_to_30_found_and_verified(void)
{
    for (int n = 3; n <= 30; n++) {
        char text[32];
        snprintf(text, sizeof text, "discovery %d\n", n);
        puzzle *p = load_text(text);
        CHECK(p != NULL);
        if (!p)
            continue;
        int *state = start_state(p);
        int r = tantrix_search_loop(p->data, state, 5000000L);
        CHECK_MSG(r == 1, "discovery %d: search gave %d", n, r);
        diag why = {0};
        if (r == 1) {
            CHECK_MSG(p->family->verify(p->data, state, &why), "discovery %d: %s", n, why.msg);
            CHECK_MSG(state[0] == 0 && state[1] == 0 && state[2] == 0, "discovery %d: tile 1 at (%d,%d) turned %d",
                      n, state[1], state[2], state[0]);
        }
        free(state);
        puzzle_free(p);
    }
}

/* Red has no loop of tiles 1-3 (only yellow has, Discovery 3): the search
 * gives up within its steps, and --solve leaves the answer to the engine. */
static void no_loop_gives_no_answer(void)
{
    puzzle *p = load_text("tiles 1-3\nloop red\n");
    CHECK(p != NULL);
    if (!p)
        return;
    int *state = start_state(p);
    CHECK(tantrix_search_loop(p->data, state, 20000L) == 0);
    CHECK(p->family->deduce(p->data, state) == -1);
    free(state);
    puzzle_free(p);
}

/* Tiles 1-14 have no green: no loop, said at once. */
static void a_tile_without_the_colour_is_refused(void)
{
    puzzle *p = load_text("tiles 1-14\nloop green\n");
    CHECK(p != NULL);
    if (!p)
        return;
    int *state = start_state(p);
    CHECK(tantrix_search_loop(p->data, state, 1000000L) == -1);
    free(state);
    puzzle_free(p);
}

/* Given tiles fix the frame: the engine answers those. */
static void givens_are_left_to_the_engine(void)
{
    puzzle *p = load_text("tiles 1-7\nloop red\ngiven 1 0 0 0\n");
    CHECK(p != NULL);
    if (!p)
        return;
    int *state = start_state(p);
    CHECK(tantrix_search_loop(p->data, state, 1000000L) == -1);
    free(state);
    puzzle_free(p);
}

/* The remembered search answers as the search itself would for every step
 * limit, asked in an order that puts both kinds of memory to use: a
 * limit past a found loop's steps, one short of them, and limits below
 * and above a search that found nothing. */
static void memo_answers_as_the_search(void)
{
    const char *texts[] = {"discovery 12\n", "discovery 27\n", "tiles 1-3\nloop red\n"};
    const long limits[] = {1000000L, 200000L, 50L, 5000L, 2000000L, 300L, 100000L, 20000L};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        puzzle *p = load_text(texts[i]);
        CHECK(p != NULL);
        if (!p)
            continue;
        int *want = start_state(p), *got = start_state(p);
        size_t bytes = (size_t)p->nstate * sizeof *want;
        int found = 0;
        for (size_t k = 0; k < sizeof limits / sizeof *limits; k++) {
            memset(want, 0, bytes);
            memset(got, 0, bytes);
            int r = tantrix_search_loop(p->data, want, limits[k]);
            int m = tantrix_search_loop_memo(p->data, got, limits[k]);
            CHECK_MSG(m == r, "%s within %ld steps: memo %d, search %d", texts[i], limits[k], m, r);
            if (r == 1 && m == 1)
                CHECK_MSG(memcmp(want, got, bytes) == 0, "%s within %ld steps: another loop", texts[i], limits[k]);
            found += r == 1;
        }
        /* both kinds met: a loop on the Discovery sets, none on red */
        CHECK_MSG((found > 0) == (i < 2), "%s: %d loops found", texts[i], found);
        free(want);
        free(got);
        puzzle_free(p);
    }
}

int main(void)
{
    RUN(discovery_3_to_30_found_and_verified);
    RUN(no_loop_gives_no_answer);
    RUN(a_tile_without_the_colour_is_refused);
    RUN(givens_are_left_to_the_engine);
    RUN(memo_answers_as_the_search);
    TEST_MAIN_END();
}
