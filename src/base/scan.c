/* scan.c: the shared reading side of the parsers: failing at a byte
 * offset, content lines, numbers and the game ID test. */
#include "scan.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

scan scan_start(const char *text, diag *err)
{
    assert(text);
    return (scan){.text = text, .pos = 0, .err = err};
}

bool scan_fail(const scan *sc, size_t pos, const char *fmt, ...)
{
    if (!sc->err)
        return false;
    int line, col;
    text_position(sc->text, pos, &line, &col);
    char msg[sizeof sc->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_set(sc->err, line, col, "%s", msg);
    return false;
}

int scan_lines(const char *s, size_t p, scan_span **out)
{
    int n = 0, cap = 0;
    scan_span *v = NULL;
    while (s[p]) {
        size_t start = p;
        while (s[p] && s[p] != '\n')
            p++;
        size_t len = p - start;
        while (len > 0 && isspace((unsigned char)s[start + len - 1]))
            len--;
        size_t lead = 0;
        while (lead < len && isspace((unsigned char)s[start + lead]))
            lead++;
        if (len > lead && s[start + lead] != '#') {
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                v = xrealloc(v, (size_t)cap * sizeof *v);
            }
            assert(n < cap);
            v[n++] = (scan_span){start, len};
        }
        if (s[p] == '\n')
            p++;
    }
    *out = v;
    return n;
}

size_t scan_skip_space_and_comments(const char *s, size_t p)
{
    for (;;) {
        while (isspace((unsigned char)s[p]))
            p++;
        if (s[p] != '#')
            return p;
        while (s[p] && s[p] != '\n')
            p++;
    }
}

bool scan_number(const scan *sc, size_t *pos, int limit, int *out, const char *what)
{
    assert(limit >= 0);
    const char *s = sc->text;
    if (!isdigit((unsigned char)s[*pos]))
        return scan_fail(sc, *pos, "%s", what);
    long v = 0;
    size_t start = *pos;
    while (isdigit((unsigned char)s[*pos])) {
        v = v * 10 + (s[*pos] - '0');
        if (v > limit)
            return scan_fail(sc, start, "%s (at most %d)", what, limit);
        (*pos)++;
    }
    *out = (int)v;
    return true;
}

bool scan_looks_like_id(const char *s, const char *ends)
{
    size_t p = 0;
    while (isdigit((unsigned char)s[p]))
        p++;
    if (p == 0)
        return false;
    while (isalnum((unsigned char)s[p]))
        p++;
    return s[p] != 0 && strchr(ends, s[p]) != NULL;
}
