/* app.c: the player's main loop (placeholder until the front end lands). */
#include <stdio.h>

#include "cli.h"
#include "tui/tui.h"

int tui_run(const char *arg, const tui_options *opt)
{
    (void)arg;
    (void)opt;
    fputs("tessera: the terminal player is not built yet; use --solve\n", stderr);
    return EXIT_BAD_INPUT;
}
