/* main.c: options, then either a batch command or the player. */
#include <signal.h>

#include "cli.h"
#include "options.h"
#include "tui/tui.h"

int main(int argc, char **argv)
{
    /* over a file size limit (ulimit -f) write() then fails with EFBIG and
     * the save reports it, instead of the signal killing us mid-save */
    signal(SIGXFSZ, SIG_IGN);
    tessera_options opt;
    int rc = options_parse(argc, argv, &opt);
    if (rc >= 0)
        return rc;
    const char *arg = opt.arg;
    const cli_options *o = &opt.cli;
    switch (opt.cmd) {
    case CMD_GENERATE: return cli_generate(opt.generate_family, o);
    case CMD_SOLVE: return cli_solve(arg, o);
    case CMD_COUNT: return cli_count(arg, o);
    case CMD_CHECK: return cli_check(arg, o);
    case CMD_HINT: return cli_hint(arg, o);
    case CMD_DIMACS: return cli_dimacs(arg, o);
    default: return tui_run(arg, &opt.tui);
    }
}
