/* new_puzzle_table.c: the sizes and difficulties the new-puzzle picker
 * offers.  A size is offered only when bench/new_puzzle.sh measured its
 * median generation time under 10 s on 2 cores (the figures and the
 * command are in bench/NOTES.md; the manual lists the same table). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tui/new_puzzle_table.h"

#define ALL (LEVEL_EASY | LEVEL_MEDIUM | LEVEL_HARD)

static const new_puzzle_offer OFFERS[] = {
    {"tents", 6, ALL},
    {"tents", 8, ALL},
    {"tents", 10, ALL},
    {"tents", 15, ALL},
    {"tents", 20, ALL},
    {"tracks", 6, ALL},
    {"tracks", 8, ALL},
    {"tracks", 10, ALL},
    {"tracks", 12, ALL},
    {"tracks", 15, LEVEL_EASY},
    {"tetravex", 3, ALL},
    {"tetravex", 4, ALL},
    {"hexiom", 2, ALL},
    {"hexiom", 3, ALL},
    {"hexiom", 4, ALL},
    {"tantrix", 6, ALL},
    {"tantrix", 8, LEVEL_MEDIUM},
};

static const new_puzzle_daily DAILY[] = {
    {"tents", 10, "medium"},
    {"tracks", 8, "medium"},
    {"tetravex", 3, "medium"},
    {"hexiom", 3, "medium"},
    {"tantrix", 6, "medium"},
};

const new_puzzle_offer *new_puzzle_offers(int *n)
{
    *n = (int)(sizeof OFFERS / sizeof OFFERS[0]);
    return OFFERS;
}

const new_puzzle_daily *new_puzzle_daily_of(const char *family)
{
    for (size_t i = 0; i < sizeof DAILY / sizeof DAILY[0]; i++)
        if (strcmp(DAILY[i].family, family) == 0)
            return &DAILY[i];
    return NULL;
}

void new_puzzle_size_name(const char *family, int size, bool compact, char *out, size_t n)
{
    if (strcmp(family, "hexiom") == 0)
        snprintf(out, n, compact ? "side%d" : "side %d", size);
    else if (strcmp(family, "tantrix") == 0)
        snprintf(out, n, compact ? "%dtiles" : "%d tiles", size);
    else
        snprintf(out, n, "%dx%d", size, size);
}
