/* cli_saved.c: --check and --hint on a saved game (placeholder until the
 * save format lands with the player). */
#include <stdio.h>

#include "cli.h"

int cli_check(const char *save_path, const cli_options *o)
{
    (void)o;
    fprintf(stderr, "tessera: %s: saved games are not supported yet\n", save_path);
    return EXIT_BAD_INPUT;
}

int cli_hint(const char *save_path, const cli_options *o)
{
    (void)o;
    fprintf(stderr, "tessera: %s: saved games are not supported yet\n", save_path);
    return EXIT_BAD_INPUT;
}
