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

typedef struct {
    int *v;
    int n, cap;
} int_vec;

void vec_push(int_vec *vec, int x);
void vec_free(int_vec *vec);

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

/* A diagnostic: where in the input, and what was expected there. */
typedef struct {
    const char *source; /* file name or "game ID" */
    int line, col;      /* 1-based; 0 when not about a position */
    char msg[256];
} diag;

void diag_set(diag *d, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Formats "SOURCE:LINE:COL: MSG" (or "SOURCE: MSG"). */
void diag_format(const diag *d, char *out, size_t size);

/* Line/column of byte offset pos in text (1-based, counting LF lines). */
void text_position(const char *text, size_t pos, int *line, int *col);

#endif
