/* rules_text.h: each family's rules for a newcomer, with a tiny example
 * drawn in ASCII: the family tables' rules field (game.h), shown under ?. */
#ifndef TESSERA_GAMES_RULES_TEXT_H
#define TESSERA_GAMES_RULES_TEXT_H

extern const char *const tents_rules[];
extern const char *const tracks_rules[];
extern const char *const tetravex_rules[];
extern const char *const hexiom_rules[];
extern const char *const tantrix_rules[];

#endif
