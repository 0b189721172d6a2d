/* options.c: the command line (getopt_long) read into tessera_options;
 * main.c runs what it says.  Nothing here starts a command. */
#include "options.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_status.h"

static const char usage_text[] =
    "usage: tessera [OPTIONS] [FILE | GAME-ID]     play (no argument: choose a bundled puzzle)\n"
    "       tessera --solve FILE | GAME-ID         print the answer\n"
    "       tessera --count[=N] FILE | GAME-ID     count solutions up to N (default 2)\n"
    "       tessera --check SAVED-GAME             are the marks still solvable?\n"
    "       tessera --hint SAVED-GAME              one forced move, with the clues behind it\n"
    "       tessera --dimacs OUT FILE | GAME-ID    write the CNF encoding ('-': stdout)\n"
    "       tessera --generate FAMILY [--size WxH|N] [--difficulty easy|medium|hard]\n"
    "                                [--params P] [--seed S]\n"
    "options:\n"
    "  --game NAME        tents, tracks, tetravex, hexiom or tantrix (else by extension\n"
    "                     or content)\n"
    "  --timeout SECONDS  give up after this long (exit status 3)\n"
    "  --ascii            draw with ASCII only\n"
    "  --color WHEN       auto, always or never (NO_COLOR is honoured)\n"
    "  --help, --version\n";

static const char usage_exit[] =
    "exit status: 0 done, 1 no solution or inconsistent marks, 2 bad usage or input,\n"
    "3 a time limit ran out\n";

/* The usage, then each family's --params (game.h params_help). */
static void print_usage(void)
{
    fputs(usage_text, stdout);
    int n;
    const game_family *const *all = game_families(&n);
    bool head = false;
    for (int i = 0; i < n; i++) {
        if (!all[i]->params_help)
            continue;
        if (!head)
            fputs("  --params P       for --generate, by family (--values K: Tetravex's K):\n", stdout);
        head = true;
        printf("    %-15s%s\n", all[i]->name, all[i]->params_help);
    }
    fputs(usage_exit, stdout);
}

enum { OPT_GAME = 256, OPT_TIMEOUT, OPT_ASCII, OPT_COLOR, OPT_SIZE, OPT_DIFF, OPT_PARAMS, OPT_SEED };

static int bad_usage(const char *msg, const char *arg)
{
    fprintf(stderr, "tessera: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    fputs("Try 'tessera --help'.\n", stderr);
    return EXIT_BAD_INPUT;
}

int options_parse(int argc, char **argv, tessera_options *out)
{
    memset(out, 0, sizeof *out);
    out->cmd = CMD_PLAY;
    int ncmds = 0;
    cli_options *o = &out->cli;
    tui_options *t = &out->tui;
    static const struct option longopts[] = {
        {"solve", no_argument, NULL, 's'},
        {"count", optional_argument, NULL, 'n'},
        {"check", no_argument, NULL, 'c'},
        {"hint", no_argument, NULL, 'H'},
        {"dimacs", required_argument, NULL, 'd'},
        {"generate", required_argument, NULL, 'g'},
        {"game", required_argument, NULL, OPT_GAME},
        {"timeout", required_argument, NULL, OPT_TIMEOUT},
        {"ascii", no_argument, NULL, OPT_ASCII},
        {"color", required_argument, NULL, OPT_COLOR},
        {"colour", required_argument, NULL, OPT_COLOR},
        {"size", required_argument, NULL, OPT_SIZE},
        {"difficulty", required_argument, NULL, OPT_DIFF},
        {"params", required_argument, NULL, OPT_PARAMS},
        {"values", required_argument, NULL, OPT_PARAMS}, /* the old name of Tetravex's */
        {"seed", required_argument, NULL, OPT_SEED},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    optind = 0; /* GNU getopt: start afresh, so that a second call works */
    int c;
    while ((c = getopt_long(argc, argv, ":hV", longopts, NULL)) != -1) {
        char *end;
        switch (c) {
        case 's': out->cmd = CMD_SOLVE; ncmds++; break;
        case 'c': out->cmd = CMD_CHECK; ncmds++; break;
        case 'H': out->cmd = CMD_HINT; ncmds++; break;
        case 'n':
            out->cmd = CMD_COUNT;
            ncmds++;
            o->count_limit = 2;
            if (optarg) {
                o->count_limit = strtol(optarg, &end, 10);
                if (*end || end == optarg || o->count_limit < 1)
                    return bad_usage("--count=N needs a positive number", optarg);
            }
            break;
        case 'd': out->cmd = CMD_DIMACS; ncmds++; o->dimacs = optarg; break;
        case 'g': out->cmd = CMD_GENERATE; ncmds++; out->generate_family = optarg; break;
        case OPT_GAME: o->game = optarg; t->game = optarg; break;
        case OPT_TIMEOUT:
            o->timeout = strtod(optarg, &end);
            if (*end || end == optarg || !(o->timeout > 0))
                return bad_usage("--timeout needs a positive number of seconds", optarg);
            t->timeout = o->timeout;
            break;
        case OPT_ASCII: t->ascii = true; break;
        case OPT_COLOR:
            if (strcmp(optarg, "auto") && strcmp(optarg, "always") && strcmp(optarg, "never"))
                return bad_usage("--color takes auto, always or never", optarg);
            t->color = optarg;
            break;
        case OPT_SIZE: o->size = optarg; break;
        case OPT_DIFF: o->difficulty = optarg; break;
        case OPT_PARAMS: o->params = optarg; break;
        case OPT_SEED: o->seed = optarg; break;
        case 'h': print_usage(); return EXIT_DONE;
        case 'V': printf("tessera %s\n", TESSERA_VERSION); return EXIT_DONE;
        case ':': return bad_usage("option needs an argument", argv[optind - 1]);
        default: return bad_usage("unknown option", argv[optind - 1]);
        }
    }
    if (ncmds > 1)
        return bad_usage("give one of --solve, --count, --check, --hint, --dimacs, --generate", NULL);
    int nargs = argc - optind;
    out->arg = nargs > 0 ? argv[optind] : NULL;
    if (out->cmd == CMD_GENERATE) {
        if (nargs > 0)
            return bad_usage("--generate takes no puzzle", out->arg);
        return -1;
    }
    if (nargs > 1)
        return bad_usage("one puzzle at a time", argv[optind + 1]);
    if (out->cmd != CMD_PLAY && nargs == 0)
        return bad_usage("this command needs a puzzle file or game ID", NULL);
    return -1;
}
