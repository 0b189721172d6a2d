/* term.h: taking over the terminal and giving it back on every way out:
 * normal exit, SIGINT/SIGTERM/SIGHUP (a flag the loop acts on), exit()
 * from a fatal error, and crashes (raw termios and escape restore). */
#ifndef TESSERA_TUI_TERM_H
#define TESSERA_TUI_TERM_H

#include <signal.h>
#include <stdbool.h>

/* The last SIGINT/SIGTERM/SIGHUP received, 0 if none.  Set by the
 * handler only; the loop saves, restores the terminal and exits. */
extern volatile sig_atomic_t term_signal;

/* initscr and friends; false (with a message printed) when there is no
 * usable terminal. */
bool term_start(void);
/* endwin, once; safe to call again and from atexit. */
void term_stop(void);
/* After term_stop: dies of the pending signal (so the parent sees it)
 * or returns its conventional exit status. */
int term_exit_status(int normal);

/* In a child process (the generator of a new puzzle): the terminal is
 * the parent's, so neither an exit nor a crash here may restore it. */
void term_child(void);

/* Monotonic seconds. */
double term_now(void);

#endif
