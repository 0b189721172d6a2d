/* tantrix_tiles.c: the 56 tiles of the standard Tantrix set as data: edge
 * colours clockwise from the top edge of a flat-top hex, and back colours. */
#include "games/tantrix.h"

/* Edge k faces axial direction k (top, upper right, lower right, bottom,
 * lower left, upper left).  Mirror images are different tiles, so a row
 * may be turned but never reversed.  Backs: the colour of the printed
 * number; the Discovery puzzle n makes its loop in the back colour of
 * tile n. */
const tantrix_tile_def tantrix_set[TANTRIX_SET_SIZE] = {
    {"BRYYBR", 'Y'}, /*  1 */
    {"RBYYBR", 'Y'}, /*  2 */
    {"YYRRBB", 'Y'}, /*  3 */
    {"YBYRBR", 'R'}, /*  4 */
    {"YRBBRY", 'R'}, /*  5 */
    {"RYRBYB", 'B'}, /*  6 */
    {"YRBBYR", 'B'}, /*  7 */
    {"RYBBRY", 'B'}, /*  8 */
    {"YRYBRB", 'Y'}, /*  9 */
    {"YRBRBY", 'R'}, /* 10 */
    {"RBYBYR", 'R'}, /* 11 */
    {"RYBYBR", 'Y'}, /* 12 */
    {"BYRRYB", 'B'}, /* 13 */
    {"BRRYYB", 'B'}, /* 14 */
    {"GRYYRG", 'R'}, /* 15 */
    {"RYGGYR", 'R'}, /* 16 */
    {"YGRGRY", 'Y'}, /* 17 */
    {"YRGRGY", 'R'}, /* 18 */
    {"RGYGYR", 'R'}, /* 19 */
    {"RYGYGR", 'Y'}, /* 20 */
    {"GRRYYG", 'Y'}, /* 21 */
    {"YGRRGY", 'Y'}, /* 22 */
    {"GYYRRG", 'Y'}, /* 23 */
    {"GBRRBG", 'R'}, /* 24 */
    {"BGGRRB", 'R'}, /* 25 */
    {"BGRRGB", 'R'}, /* 26 */
    {"RBGBGR", 'R'}, /* 27 */
    {"GBBRRG", 'R'}, /* 28 */
    {"RGBGBR", 'R'}, /* 29 */
    {"GRBBRG", 'R'}, /* 30 */
    {"GRYRYG", 'Y'}, /* 31 */
    {"YGYRGR", 'G'}, /* 32 */
    {"GYRYRG", 'G'}, /* 33 */
    {"YRYGRG", 'G'}, /* 34 */
    {"RYRGYG", 'G'}, /* 35 */
    {"GRBRBG", 'G'}, /* 36 */
    {"BGRGRB", 'G'}, /* 37 */
    {"BRGRGB", 'G'}, /* 38 */
    {"BGBRGR", 'B'}, /* 39 */
    {"GBGRBR", 'B'}, /* 40 */
    {"GBRBRG", 'B'}, /* 41 */
    {"GRGBRB", 'B'}, /* 42 */
    {"GBBYYG", 'B'}, /* 43 */
    {"GYGBYB", 'Y'}, /* 44 */
    {"YBBGGY", 'G'}, /* 45 */
    {"GBYBYG", 'G'}, /* 46 */
    {"GYBBYG", 'G'}, /* 47 */
    {"YBGGBY", 'W'}, /* 48 */
    {"YGBBGY", 'W'}, /* 49 */
    {"GBGYBY", 'W'}, /* 50 */
    {"YGYBGB", 'W'}, /* 51 */
    {"GYBYBG", 'W'}, /* 52 */
    {"YGBGBY", 'W'}, /* 53 */
    {"YBGBGY", 'W'}, /* 54 */
    {"BGYGYB", 'W'}, /* 55 */
    {"BYGYGB", 'W'}, /* 56 */
};
