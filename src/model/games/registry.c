/* registry.c: the list of puzzle families.  A new family adds its header
 * and one line here, besides its own files (HACKING.md has the recipe).
 * The template family (latin) is always built but listed only when
 * CMake's TESSERA_TEMPLATE_FAMILY option asks for it. */
#include "game.h"
#include "games/hexiom.h"
#include "games/latin.h"
#include "games/tantrix.h"
#include "games/tents.h"
#include "games/tetravex.h"
#include "games/tracks.h"

static const game_family *const families[] = {
    &tents_family,
    &tracks_family,
    &tetravex_family,
    &hexiom_family,
    &tantrix_family,
#ifdef TESSERA_TEMPLATE_FAMILY
    &latin_family,
#endif
};

const game_family *const *game_families(int *n)
{
    *n = (int)(sizeof families / sizeof families[0]);
    return families;
}
