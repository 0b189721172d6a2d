/* util.h: small helpers every module uses: checked allocation, growable
 * int vectors, and text diagnostics carrying file:line:column. */
#ifndef TESSERA_UTIL_H
#define TESSERA_UTIL_H

#include <stdbool.h>
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* Every failed allocation ends here: xmalloc's, and CaDiCaL's through the
 * C++ new-handler (cxx_runtime.cpp).  Runs the hook, if one is set, then
 * prints "tessera: out of memory" and exits with status 2 (the manual's
 * EXIT STATUS).  Any thread may call it; the process reports once. */
_Noreturn void out_of_memory(void);
/* Sets the hook out_of_memory runs first (the player saves there; NULL:
 * none) and keeps a reserve of memory that is freed before it runs. */
void out_of_memory_hook(void (*hook)(void));
/* Makes a failed C++ allocation (CaDiCaL's) call out_of_memory instead of
 * throwing std::bad_alloc, which no C caller could catch (it would abort). */
void cxx_out_of_memory_exits(void);

typedef struct {
    int *v;
    int n, cap;
} int_vec;

void vec_push(int_vec *vec, int x);
void vec_free(int_vec *vec);
/* Ascending order of two ints, for qsort and bsearch. */
int int_compare(const void *x, const void *y);

/* A growable string buffer (answers, save files, messages). */
typedef struct {
    char *s;
    size_t n, cap;
} strbuf;

void sb_putc(strbuf *b, char c);
void sb_puts(strbuf *b, const char *s);
void sb_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_free(strbuf *b);

/* Seconds on a clock that never jumps (deadlines, timers). */
double monotonic_seconds(void);

/* Reads a whole file; NULL with errno set on failure.  Refuses files over
 * max_bytes (a puzzle is small; a multi-gigabyte input is a mistake), and
 * anything but a regular file without waiting on it (a FIFO with no
 * writer would block forever): errno ESPIPE, EISDIR for a directory. */
char *read_file(const char *path, size_t max_bytes, size_t *len_out);
/* The text for read_file's errno (strerror but for a non-regular file). */
const char *read_file_error(int err);

/* A diagnostic: where in the input, and what was expected there.  Every
 * recoverable error is one (HACKING.md, Conventions): a function that can
 * fail takes a diag * and fills it, with line 0 when the error is
 * not about a place in a text (a file that cannot be written, a board a
 * checker refuses); callers show msg, or diag_format the whole.  The
 * family checkers (verify, state_ok, step_ok) take NULL when only the
 * answer matters. */
typedef struct {
    const char *source; /* file name or "game ID" */
    int line, col;      /* 1-based; 0 when not about a position */
    char msg[1024]; /* room for a message that names a path */
} diag;

void diag_set(diag *d, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Formats "SOURCE:LINE:COL: MSG" (or "SOURCE: MSG"). */
void diag_format(const diag *d, char *out, size_t size);
/* Prints a diagnostic to standard error as "tessera: FILE:LINE:COL: MSG". */
void diag_report(const diag *d);

/* A file that read_file (or opening it) refused, errnum being its errno:
 * "cannot read: REASON", in the same words for a puzzle and a save (over
 * max_bytes: "cannot read: over N MiB, too large for WHAT"). */
void diag_read_failed(diag *d, int errnum, size_t max_bytes, const char *what);

/* Line/column of byte offset pos in text (1-based, counting LF lines). */
void text_position(const char *text, size_t pos, int *line, int *col);

#endif
