/* test_theme.c: how canvas cells look in each display mode (no colour,
 * 8 and 256 colours): the cursor never looks like the hint, and a
 * highlighted or filled cell keeps its colours under the cursor. */
#include <string.h>

#include "canvas.h"
#include "games/tantrix.h"
#include "games/tetravex.h"
#include "testlib.h"
#include "tui/theme.h"

static const theme_depth DEPTHS[] = {THEME_MONO, THEME_8, THEME_256};

/* The palette of the family whose roles a test looks at. */
static const palette *family;

static theme_look look(theme_depth d, role r, unsigned marks, role bg)
{
    canvas_cell c = {.glyph = "x", .role = (unsigned char)r, .marks = (unsigned char)marks,
                     .bg = (unsigned char)bg, .owner = -1};
    theme_look lk;
    theme_look_of(d, family, &c, false, &lk);
    return lk;
}

static bool same(theme_look a, theme_look b)
{
    return a.fg == b.fg && a.bg == b.bg && a.attr == b.attr;
}

static void test_cursor_not_hint(void)
{
    for (int i = 0; i < 3; i++) {
        theme_depth d = DEPTHS[i];
        theme_look cur = look(d, ROLE_PLAIN, MARK_CURSOR, 0);
        theme_look hint = look(d, ROLE_PLAIN, MARK_HINT, 0);
        theme_look both = look(d, ROLE_PLAIN, MARK_HINT | MARK_CURSOR, 0);
        CHECK_MSG(!same(cur, hint), "depth %d", i);
        CHECK_MSG(!same(both, hint), "depth %d", i);
        CHECK_MSG(!same(both, cur), "depth %d", i);
        /* the hint is underlined wherever it is, cursor or not */
        CHECK(hint.attr & A_UNDERLINE);
        CHECK(both.attr & A_UNDERLINE);
    }
    /* no colour: reverse video is the cursor's alone */
    for (unsigned m = MARK_HINT; m <= MARK_SELECTED; m <<= 1)
        CHECK_MSG(!(look(THEME_MONO, ROLE_PLAIN, m, 0).attr & A_REVERSE), "mark %u", m);
    CHECK(look(THEME_MONO, ROLE_PLAIN, MARK_CURSOR, 0).attr & A_REVERSE);
    CHECK(look(THEME_MONO, ROLE_DIM, MARK_CURSOR | MARK_HINT, 0).attr & A_REVERSE);
    CHECK(look(THEME_MONO, ROLE_PLAIN, 0, 0).fg == -1);
}

/* Under the cursor a highlight keeps its hue: the same colour darker (256)
 * or the same background (8), with white text instead of black. */
static void test_highlight_kept_under_cursor(void)
{
    theme_look h = look(THEME_256, ROLE_PLAIN, MARK_HINT, 0);
    theme_look hc = look(THEME_256, ROLE_PLAIN, MARK_HINT | MARK_CURSOR, 0);
    CHECK(h.bg == 117 && h.fg == 16);
    CHECK(hc.bg == 31 && hc.fg == 231);
    CHECK(!(hc.attr & A_REVERSE));
    theme_look c = look(THEME_256, ROLE_PLAIN, MARK_CONFLICT | MARK_CURSOR, 0);
    CHECK(c.bg == 160 && !(c.attr & A_REVERSE));
    family = &tantrix_ui_hooks.colours;
    theme_look s8 = look(THEME_8, TANTRIX_ROLE_RED, MARK_SELECTED | MARK_CURSOR, 0);
    CHECK(s8.bg == COLOR_MAGENTA && s8.fg == COLOR_WHITE && !(s8.attr & A_REVERSE));
    /* an error under the plain cursor: reverse keeps the red (as background) */
    theme_look e = look(THEME_256, ROLE_ERROR, MARK_CURSOR, 0);
    CHECK(e.fg == 196 && (e.attr & A_REVERSE));
}

/* Tetravex fills: the digit in its text colour on the value's fill; a
 * shape glyph takes the fill colour as foreground; the cursor and the
 * overlays never swap a fill away. */
static void test_fills(void)
{
    family = &tetravex_ui_hooks.colours;
    theme_look dig = look(THEME_256, TETRAVEX_ROLE_FILL0 + 3, 0, TETRAVEX_ROLE_FILL0 + 3);
    CHECK(dig.fg == 16 && dig.bg == 227);
    theme_look shape = look(THEME_256, TETRAVEX_ROLE_FILL0 + 1, MARK_SHAPE, TETRAVEX_ROLE_FILL0 + 4);
    CHECK(shape.fg == 203 && shape.bg == 75);
    theme_look cur = look(THEME_256, TETRAVEX_ROLE_FILL0 + 3, MARK_CURSOR | MARK_HINT, TETRAVEX_ROLE_FILL0 + 3);
    CHECK(cur.fg == 16 && cur.bg == 227 && !(cur.attr & A_REVERSE));
    theme_look d8 = look(THEME_8, TETRAVEX_ROLE_FILL0 + 4, 0, TETRAVEX_ROLE_FILL0 + 4);
    CHECK(d8.fg == COLOR_WHITE && d8.bg == COLOR_BLUE);
    /* every value its own fill in 256 colours */
    for (int a = 0; a < 10; a++)
        for (int b = a + 1; b < 10; b++)
            CHECK(look(THEME_256, TETRAVEX_ROLE_FILL0 + a, 0, TETRAVEX_ROLE_FILL0 + a).bg !=
                  look(THEME_256, TETRAVEX_ROLE_FILL0 + b, 0, TETRAVEX_ROLE_FILL0 + b).bg);
    /* no colour: no fills at all */
    theme_look m = look(THEME_MONO, TETRAVEX_ROLE_FILL0 + 3, MARK_SHAPE, TETRAVEX_ROLE_FILL0 + 2);
    CHECK(m.fg == -1 && m.bg == -1);
}

/* A family's roles come from its own palette; a role past its end, or
 * with no palette at all, is drawn plain rather than read out of range. */
static void test_family_palettes(void)
{
    family = &tantrix_ui_hooks.colours;
    CHECK(look(THEME_256, TANTRIX_ROLE_GREEN, 0, 0).fg == 34);
    CHECK(look(THEME_256, (role)(ROLE_FAMILY + family->n), 0, 0).fg == -1);
    family = &tetravex_ui_hooks.colours;
    CHECK(look(THEME_256, TETRAVEX_ROLE_FILL0 + 3, 0, 0).fg == 16);
    family = NULL;
    CHECK(look(THEME_256, TANTRIX_ROLE_GREEN, 0, 0).fg == -1);
    CHECK(look(THEME_256, ROLE_CLUE_BROKEN, 0, 0).fg == 196);
}

int main(void)
{
    RUN(test_cursor_not_hint);
    RUN(test_highlight_kept_under_cursor);
    RUN(test_fills);
    RUN(test_family_palettes);
    TEST_MAIN_END();
}
