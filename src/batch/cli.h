/* cli.h: the batch commands (--solve, --count, --dimacs, --generate,
 * --check, --hint).  None of them starts curses. */
#ifndef TESSERA_CLI_H
#define TESSERA_CLI_H

#include <stdbool.h>

#include "game.h"
#include "util.h"

typedef struct {
    const char *game;      /* --game NAME */
    double timeout;        /* --timeout SECONDS, 0: none */
    long count_limit;      /* --count[=N] */
    const char *dimacs;    /* --dimacs FILE */
    /* --generate */
    const char *size;
    const char *difficulty;
    const char *params;    /* --params (or its alias --values) */
    const char *seed;
} cli_options;

int cli_solve(const char *arg, const cli_options *o);
int cli_count(const char *arg, const cli_options *o);
int cli_dimacs(const char *arg, const cli_options *o);
int cli_generate(const char *family, const cli_options *o);
/* The --size, --params, --difficulty and --seed of o checked and read
 * into g; false after a message on standard error. */
bool cli_generate_options(const cli_options *o, gen_options *g);
int cli_check(const char *save_path, const cli_options *o);
int cli_hint(const char *save_path, const cli_options *o);

/* The end of every batch command: standard output flushed and checked.
 * An answer that could not be written (a full disk, a closed stdout) is
 * reported on standard error and gives EXIT_BAD_INPUT; else rc. */
int cli_finish_output(int rc);

#endif
