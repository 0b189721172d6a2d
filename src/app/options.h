/* options.h: the command line read into one struct, separately from
 * running anything, so that a test or a fuzz harness can parse options. */
#ifndef TESSERA_OPTIONS_H
#define TESSERA_OPTIONS_H

#include "cli.h"
#include "tui/tui.h"

typedef enum {
    CMD_PLAY,
    CMD_SOLVE,
    CMD_COUNT,
    CMD_CHECK,
    CMD_HINT,
    CMD_DIMACS,
    CMD_GENERATE,
} tessera_command;

typedef struct {
    tessera_command cmd;
    cli_options cli;
    tui_options tui;
    const char *generate_family; /* --generate FAMILY */
    const char *arg;             /* the puzzle, game ID or save; NULL: none */
} tessera_options;

/* Reads argv (getopt_long, restarted on every call).  Returns -1 when
 * out->cmd should run; otherwise the exit status to end with: --help and
 * --version print to standard output (EXIT_DONE), bad usage is reported
 * on standard error (EXIT_BAD_INPUT).  Pointers in out point into argv. */
int options_parse(int argc, char **argv, tessera_options *out);

#endif
