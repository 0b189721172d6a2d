/* util.c: checked allocation, vectors, string buffers, diagnostics. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Memory set aside for the hook: freed before it runs, so that the player
 * can still build its save text when an allocation has just failed. */
#define OOM_RESERVE (4u << 20)
static void (*oom_hook)(void);
static void *oom_reserve;
static atomic_flag oom_taken = ATOMIC_FLAG_INIT;
static _Thread_local bool oom_in_hook;

void out_of_memory_hook(void (*hook)(void))
{
    oom_hook = hook;
    if (hook && !oom_reserve)
        oom_reserve = malloc(OOM_RESERVE); /* untouched: address space only */
}

_Noreturn void out_of_memory(void)
{
    if (oom_in_hook) { /* the hook itself ran out: give up its work */
        fputs("tessera: out of memory\n", stderr);
        _Exit(2);
    }
    /* One thread reports and exits; another that fails meanwhile waits
     * for the exit instead of running the hook a second time. */
    if (atomic_flag_test_and_set(&oom_taken))
        for (;;)
            pause();
    free(oom_reserve);
    oom_reserve = NULL;
    if (oom_hook) {
        oom_in_hook = true;
        oom_hook();
        oom_in_hook = false;
    }
    fputs("tessera: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

void vec_push(int_vec *vec, int x)
{
    if (vec->n == vec->cap) {
        vec->cap = vec->cap ? vec->cap * 2 : 16;
        vec->v = xrealloc(vec->v, (size_t)vec->cap * sizeof *vec->v);
    }
    vec->v[vec->n++] = x;
}

void vec_free(int_vec *vec)
{
    free(vec->v);
    vec->v = NULL;
    vec->n = vec->cap = 0;
}

int int_compare(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

static void sb_reserve(strbuf *b, size_t extra)
{
    if (b->n + extra + 1 > b->cap) {
        while (b->n + extra + 1 > b->cap)
            b->cap = b->cap ? b->cap * 2 : 64;
        b->s = xrealloc(b->s, b->cap);
    }
}

void sb_putc(strbuf *b, char c)
{
    sb_reserve(b, 1);
    b->s[b->n++] = c;
    b->s[b->n] = 0;
}

void sb_puts(strbuf *b, const char *s)
{
    size_t n = strlen(s);
    sb_reserve(b, n);
    memcpy(b->s + b->n, s, n + 1);
    b->n += n;
}

void sb_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    sb_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)n;
}

void sb_free(strbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->n = b->cap = 0;
}

char *read_file(const char *path, size_t max_bytes, size_t *len_out)
{
    /* O_NONBLOCK: opening a FIFO for reading waits for a writer, which
     * may never come; nothing but a regular file is read (see
     * read_file_error), so the flag never matters after the check */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    int e = fstat(fd, &st) != 0 ? errno : S_ISREG(st.st_mode) ? 0 : S_ISDIR(st.st_mode) ? EISDIR : ESPIPE;
    if (e) {
        close(fd);
        errno = e;
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        e = errno;
        close(fd);
        errno = e;
        return NULL;
    }
    strbuf b = {0};
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (b.n + got > max_bytes) {
            fclose(f);
            sb_free(&b);
            errno = EFBIG;
            return NULL;
        }
        sb_reserve(&b, got);
        memcpy(b.s + b.n, chunk, got);
        b.n += got;
        b.s[b.n] = 0;
    }
    int err = ferror(f) ? errno : 0;
    fclose(f);
    if (err) {
        sb_free(&b);
        errno = err;
        return NULL;
    }
    if (!b.s)
        b.s = xcalloc(1, 1);
    if (len_out)
        *len_out = b.n;
    return b.s;
}

const char *read_file_error(int err)
{
    if (err == ESPIPE)
        return "not a regular file (a FIFO, device or socket)";
    return strerror(err);
}

void diag_set(diag *d, int line, int col, const char *fmt, ...)
{
    if (!d)
        return;
    d->line = line;
    d->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
}

void diag_format(const diag *d, char *out, size_t size)
{
    const char *src = d->source ? d->source : "input";
    if (d->line > 0)
        snprintf(out, size, "%s:%d:%d: %s", src, d->line, d->col, d->msg);
    else
        snprintf(out, size, "%s: %s", src, d->msg);
}

void diag_report(const diag *d)
{
    char buf[sizeof d->msg + 512];
    diag_format(d, buf, sizeof buf);
    /* at most 511 bytes after "tessera: ", as it always printed */
    fprintf(stderr, "tessera: %.511s\n", buf);
}

void diag_read_failed(diag *d, int errnum, size_t max_bytes, const char *what)
{
    if (errnum == EFBIG)
        diag_set(d, 0, 0, "cannot read: over %zu MiB, too large for %s", max_bytes >> 20, what);
    else
        diag_set(d, 0, 0, "cannot read: %s", read_file_error(errnum));
}

void text_position(const char *text, size_t pos, int *line, int *col)
{
    int l = 1, c = 1;
    for (size_t i = 0; i < pos && text[i]; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else {
            c++;
        }
    }
    *line = l;
    *col = c;
}

double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
