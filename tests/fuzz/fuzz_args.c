/* fuzz_args.c: fuzz harness for the command line: options_parse (what
 * main() runs first) and the --generate option checks, never a command.
 *
 * Input: the arguments after the program name, each ended by a NUL byte
 * (the last one may lack it).  A parse that says "run" must leave what
 * the command needs: a puzzle for the batch commands, a positive count
 * and timeout, a DIMACS target. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "exit_status.h"
#include "game.h"
#include "options.h"

#define FUZZ_MAX_INPUT 4096
#define FUZZ_MAX_ARGS 64

static void contract(bool ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_args: broken contract: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char *buf = malloc(size + 1);
    memcpy(buf, data, size);
    buf[size] = 0;
    char *argv[FUZZ_MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "tessera";
    for (size_t i = 0; i < size && argc <= FUZZ_MAX_ARGS; i += strlen(buf + i) + 1)
        argv[argc++] = buf + i;
    argv[argc] = NULL;

    tessera_options opt;
    int rc = options_parse(argc, argv, &opt);
    if (rc >= 0) {
        contract(rc == EXIT_DONE || rc == EXIT_BAD_INPUT, "an exit status outside 0 and 2");
    } else {
        const cli_options *o = &opt.cli;
        contract(o->timeout == 0 || o->timeout > 0, "a negative or NaN timeout");
        contract(opt.tui.timeout == o->timeout, "the player and batch timeouts differ");
        switch (opt.cmd) {
        case CMD_PLAY: break;
        case CMD_GENERATE: {
            contract(opt.generate_family != NULL && opt.arg == NULL, "--generate without a family");
            gen_options g = {0};
            if (game_find(opt.generate_family) && cli_generate_options(o, &g)) {
                contract(g.width >= 0 && g.width <= 1000 && g.height >= 0 && g.height <= 1000,
                         "a --size out of range");
                contract(g.params == o->params, "--params not handed to the family");
            }
            break;
        }
        case CMD_COUNT:
            contract(o->count_limit >= 1, "a count limit below 1");
            contract(opt.arg != NULL, "a command without its puzzle");
            break;
        case CMD_DIMACS:
            contract(o->dimacs != NULL, "--dimacs without a target");
            contract(opt.arg != NULL, "a command without its puzzle");
            break;
        default: contract(opt.arg != NULL, "a command without its puzzle"); break;
        }
    }
    free(buf);
    return 0;
}
