/* test_keymap.c: the player's one translation of terminal keys into the
 * neutral codes families read: arrows, vi keys, Shift, Enter, Delete. */
#include "game_input.h"
#include "tui/keys.h"
#include "testlib.h"
#include "tui/keymap.h"

static void test_arrows_and_vi(void)
{
    CHECK(keymap_game_key(KEY_UP) == GAME_KEY_UP && keymap_game_key('k') == GAME_KEY_UP);
    CHECK(keymap_game_key(KEY_DOWN) == GAME_KEY_DOWN && keymap_game_key('j') == GAME_KEY_DOWN);
    CHECK(keymap_game_key(KEY_LEFT) == GAME_KEY_LEFT && keymap_game_key('h') == GAME_KEY_LEFT);
    CHECK(keymap_game_key(KEY_RIGHT) == GAME_KEY_RIGHT && keymap_game_key('l') == GAME_KEY_RIGHT);
}

static void test_shifted(void)
{
    CHECK(keymap_game_key(KEY_SR) == (GAME_KEY_UP | GAME_KEY_SHIFT));
    CHECK(keymap_game_key('K') == (GAME_KEY_UP | GAME_KEY_SHIFT));
    CHECK(keymap_game_key(KEY_SF) == (GAME_KEY_DOWN | GAME_KEY_SHIFT));
    CHECK(keymap_game_key('J') == (GAME_KEY_DOWN | GAME_KEY_SHIFT));
    CHECK(keymap_game_key(KEY_SLEFT) == (GAME_KEY_LEFT | GAME_KEY_SHIFT));
    CHECK(keymap_game_key('H') == (GAME_KEY_LEFT | GAME_KEY_SHIFT));
    CHECK(keymap_game_key(KEY_SRIGHT) == (GAME_KEY_RIGHT | GAME_KEY_SHIFT));
    CHECK(keymap_game_key('L') == (GAME_KEY_RIGHT | GAME_KEY_SHIFT));
}

static void test_select_delete_rest(void)
{
    CHECK(keymap_game_key('\n') == GAME_KEY_SELECT);
    CHECK(keymap_game_key('\r') == GAME_KEY_SELECT);
    CHECK(keymap_game_key(KEY_ENTER) == GAME_KEY_SELECT);
    CHECK(keymap_game_key(KEY_BACKSPACE) == GAME_KEY_DELETE);
    CHECK(keymap_game_key(KEY_DC) == GAME_KEY_DELETE);
    CHECK(keymap_game_key(127) == GAME_KEY_DELETE);
    /* the families' own letters, digits, Space and Tab pass unchanged */
    static const int SAME[] = {' ', '\t', 'x', 'z', 'd', '[', '0', '7', '.'};
    for (int i = 0; i < (int)(sizeof SAME / sizeof SAME[0]); i++)
        CHECK(keymap_game_key(SAME[i]) == SAME[i]);
    /* every neutral code lies above any curses key or character */
    CHECK(GAME_KEY_UP > KEY_MAX);
}

int main(void)
{
    RUN(test_arrows_and_vi);
    RUN(test_shifted);
    RUN(test_select_delete_rest);
    TEST_MAIN_END();
}
