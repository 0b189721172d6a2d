/* rules_text.c: the rules of each family in a few lines, with a tiny
 * example (puzzle and solution) drawn in ASCII so that it reads the same
 * in every display mode.  Each example was solved by hand and has exactly
 * the one solution shown; the manual's family sections say the same. */
#include <stddef.h>

#include "games/rules_text.h"

const char *const tents_rules[] = {
    "Put a tent next to each tree (up, down, left or right), one tent per",
    "tree.  Tents never touch each other, not even diagonally.  The numbers",
    "say how many tents each row and column holds.",
    "",
    "       0 2 0            0 2 0",
    "    1  T . .         1  T A .       T  a tree",
    "    0  . . .   -->   0  . . .       A  a tent",
    "    1  . . T         1  . A T",
    NULL,
};

const char *const tracks_rules[] = {
    "Lay one track from A to B through the grid.  It turns only at cell",
    "centres, never branches and never crosses itself.  The numbers say how",
    "many cells of each row and column the track passes through.",
    "",
    "        1 1 3               1 1 3",
    "   A 3  . . .          A 3  ----+",
    "     1  . . .    -->     1  . . |",
    "     1  . . .            1  . . |",
    "            B                   B",
    NULL,
};

const char *const tetravex_rules[] = {
    "Move every tile from the tray onto the board so that wherever two",
    "tiles touch, the numbers on the touching edges are equal.  Tiles",
    "cannot be turned.",
    "",
    "    +-----+-----+",
    "    |  1  |  4  |      the 2 on the right edge of the first tile",
    "    |3   2|2   5|      meets the 2 on the left edge of the second",
    "    |  6  |  0  |",
    "    +-----+-----+",
    NULL,
};

const char *const hexiom_rules[] = {
    "Move the tiles among the slots of the hexagon so that each tile's",
    "number equals how many of its six neighbours hold a tile.  Some slots",
    "stay empty; locked tiles cannot be moved.",
    "",
    "       3   2          the 4 in the middle has four tiles around it;",
    "     2   4   .        each 2 has two, the 1 has one",
    "       .   1",
    NULL,
};

const char *const tantrix_rules[] = {
    "Place every tile on the hexagonal board, each touching another.",
    "Where two tiles meet, the bands crossing the shared edge have the same",
    "colour.  The bands of the loop colour (on the status line) join into",
    "one closed loop through every tile.",
    "",
    "      ____",
    "     / r  \\____       r: the red band of the left tile crosses",
    "     \\  r-r-r   \\      the edge the two tiles share and runs on",
    "      \\____/ r  /      in the red band of the right tile",
    "           \\____/",
    NULL,
};
