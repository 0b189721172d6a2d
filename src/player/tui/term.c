/* term.c: curses setup and teardown, signal flags, and a last-resort
 * terminal restore for crashes that only uses async-signal-safe calls. */
#include "tui/term.h"

#include "keys.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t term_signal;

static bool active;
static bool have_termios;
static struct termios shell_termios;
/* What a crash writes to put the terminal back: leave the alternate
 * screen, show the cursor, reset attributes, stop mouse reports. */
static char restore_seq[256];
static size_t restore_len;

double term_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_signal(int sig)
{
    term_signal = sig;
}

static void on_fatal(int sig)
{
    if (active) {
        if (have_termios)
            tcsetattr(STDIN_FILENO, TCSANOW, &shell_termios);
        if (restore_len) {
            ssize_t r = write(STDOUT_FILENO, restore_seq, restore_len);
            (void)r;
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void add_cap(const char *name)
{
    char *s = tigetstr((char *)name);
    if (!s || s == (char *)-1)
        return;
    size_t n = strlen(s);
    if (restore_len + n < sizeof restore_seq) {
        memcpy(restore_seq + restore_len, s, n);
        restore_len += n;
    }
}

static void build_restore_seq(void)
{
    restore_len = 0;
    add_cap("sgr0");
    add_cap("cnorm");
    add_cap("rmkx");
    add_cap("rmcup");
    static const char mouse_off[] = "\033[?1006l\033[?1003l\033[?1002l\033[?1000l";
    if (restore_len + sizeof mouse_off - 1 < sizeof restore_seq) {
        memcpy(restore_seq + restore_len, mouse_off, sizeof mouse_off - 1);
        restore_len += sizeof mouse_off - 1;
    }
}

static void install(int sig, void (*fn)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocked getch returns and the loop sees the flag */
    sigaction(sig, &sa, NULL);
}

bool term_start(void)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fputs("tessera: the player needs a terminal (for batch use see --solve, --check, --hint)\n",
              stderr);
        return false;
    }
    have_termios = tcgetattr(STDIN_FILENO, &shell_termios) == 0;
    if (!newterm(NULL, stdout, stdin)) {
        const char *t = getenv("TERM");
        fprintf(stderr, "tessera: cannot use the terminal type '%s'\n", t ? t : "");
        return false;
    }
    active = true;
    atexit(term_stop);
    install(SIGINT, on_signal);
    install(SIGTERM, on_signal);
    install(SIGHUP, on_signal);
    install(SIGSEGV, on_fatal);
    install(SIGBUS, on_fatal);
    install(SIGFPE, on_fatal);
    install(SIGILL, on_fatal);
    install(SIGABRT, on_fatal);
    /* the other signals whose default is a core dump */
    install(SIGQUIT, on_fatal);
    install(SIGTRAP, on_fatal);
    install(SIGSYS, on_fatal);
    install(SIGXCPU, on_fatal);
    /* raw: Ctrl-Z and Ctrl-C reach us as keys (undo; quit), no job
     * control stopping the player in the middle of a screen */
    raw();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    build_restore_seq();
    return true;
}

void term_stop(void)
{
    if (!active)
        return;
    active = false;
    mousemask(0, NULL);
    curs_set(1);
    endwin();
    fflush(stdout);
}

void term_child(void)
{
    active = false;
}

int term_exit_status(int normal)
{
    int sig = term_signal;
    if (!sig)
        return normal;
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;
}
