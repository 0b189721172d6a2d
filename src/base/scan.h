/* scan.h: what every text parser shares: a cursor that fails with a diag
 * at a byte offset (line:column from text_position), content lines, and
 * the small readers the formats have in common. */
#ifndef TESSERA_SCAN_H
#define TESSERA_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* The text being read and where its first error goes.  pos is the
 * parser's cursor (a byte offset into text) for parsers that keep one. */
typedef struct {
    const char *text; /* the whole input, NUL-terminated */
    size_t pos;
    diag *err; /* may be NULL: failures are then only returned */
} scan;

scan scan_start(const char *text, diag *err);

/* Records in sc->err that fmt (what was expected) is wanted at byte
 * offset pos, as LINE:COL of the text (LF lines, a column per byte, so a
 * CR or a tab is one column).  Always returns false, so that a reader
 * can `return scan_fail(...)`. */
bool scan_fail(const scan *sc, size_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* One content line: it starts at start (the line's first byte, or where
 * scanning began) and is len bytes long, without its line end and
 * trailing white space (so without a CR either). */
typedef struct {
    size_t start, len;
} scan_span;

/* The content lines of text from byte offset from on: a line that holds
 * only white space, or whose first non-blank character is '#' (a comment,
 * as the manual's Puzzle formats say), is left out.  *out (caller frees,
 * NULL when there are none) gets them in order; returns their number. */
int scan_lines(const char *text, size_t from, scan_span **out);

/* The offset of the first character from p on that is neither white
 * space nor inside a '#' comment line. */
size_t scan_skip_space_and_comments(const char *text, size_t p);

/* Reads a decimal number in 0..limit at *pos, moving *pos past it.  On
 * failure says what (and "(at most LIMIT)" when it is too large). */
bool scan_number(const scan *sc, size_t *pos, int limit, int *out, const char *what);

/* A Simon Tatham game ID's start: digits, then letters or digits (the
 * parameters, such as 10x8de), then one of the characters of ends (":"
 * before the grid; Train Tracks also knows "#", a random seed). */
bool scan_looks_like_id(const char *s, const char *ends);

#endif
