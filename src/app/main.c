/* main.c: options, then either a batch command or the player. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "cli.h"
#include "exit_status.h"
#include "options.h"
#include "tui/tui.h"

/* A standard stream the caller closed (>&-) would be taken by the next
 * file opened, and an answer written into that file.  /dev/null opened
 * read-only holds its place instead: writing to it fails, and the batch
 * commands report that (cli_finish_output). */
static void hold_closed_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int n = open("/dev/null", O_RDONLY);
        if (n > 2) /* fds below fd are open: n is fd unless open failed */
            close(n);
    }
}

int main(int argc, char **argv)
{
    hold_closed_std_fds();
    /* over a file size limit (ulimit -f) write() then fails with EFBIG and
     * the save reports it, instead of the signal killing us mid-save */
    signal(SIGXFSZ, SIG_IGN);
    tessera_options opt;
    int rc = options_parse(argc, argv, &opt);
    if (rc >= 0) /* --help, --version or bad usage */
        return cli_finish_output(rc);
    const char *arg = opt.arg;
    const cli_options *o = &opt.cli;
    switch (opt.cmd) {
    case CMD_GENERATE: return cli_finish_output(cli_generate(opt.generate_family, o));
    case CMD_SOLVE: return cli_finish_output(cli_solve(arg, o));
    case CMD_COUNT: return cli_finish_output(cli_count(arg, o));
    case CMD_CHECK: return cli_finish_output(cli_check(arg, o));
    case CMD_HINT: return cli_finish_output(cli_hint(arg, o));
    case CMD_DIMACS: return cli_finish_output(cli_dimacs(arg, o));
    default: return tui_run(arg, &opt.tui);
    }
}
