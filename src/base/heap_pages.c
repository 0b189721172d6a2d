/* heap_pages.c: the main heap grown in large steps and backed by
 * transparent huge pages (see heap_pages.h). */
#include "heap_pages.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#endif

/* How far the heap grows past each request: about what a 40x40 encoding
 * with its solver takes, so one step covers a whole --solve.  Only
 * address space until it is touched. */
#define HEAP_STEP ((size_t)32 << 20)

void heap_use_huge_pages(void)
{
    static bool done;
    if (done)
        return;
    done = true;
#if defined(__GLIBC__) && defined(M_TOP_PAD) && defined(MADV_HUGEPAGE)
    /* Large blocks from the heap too (up to glibc's own ceiling of 32 MB),
     * so the solver's big arrays share the huge pages instead of each
     * getting its own mapping; and a freed top is kept, not given back
     * and faulted in again. */
    if (!mallopt(M_TOP_PAD, (int)HEAP_STEP) || !mallopt(M_TRIM_THRESHOLD, (int)(4 * HEAP_STEP)) ||
        !mallopt(M_MMAP_THRESHOLD, (int)HEAP_STEP))
        return;
    /* One request makes the heap grow by a whole step now, so the advice
     * below covers it: the kernel extends the heap's mapping on later
     * growth only while its flags match, so advice given later would
     * miss what is already there and advice given earlier would split
     * it. */
    char *block = malloc(HEAP_STEP / 2);
    if (!block)
        return;
    char *top = sbrk(0);
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGE_SIZE);
    uintptr_t from = ((uintptr_t)block + page - 1) & ~(page - 1);
    /* only when the block came from the program break (a sanitizer's or
     * valgrind's allocator maps its own memory elsewhere) */
    if (top != (char *)-1 && page > 0 && from < (uintptr_t)top && (uintptr_t)top - from <= 4 * HEAP_STEP)
        (void)madvise((void *)from, (uintptr_t)top - from, MADV_HUGEPAGE);
    free(block);
#endif
}
