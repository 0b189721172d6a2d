/* test_heap_pages.c: heap_use_huge_pages on this process's own heap: the
 * heap grows by a whole step at once, the mapping it grew into carries the
 * kernel's huge-page advice (the "hg" flag of /proc/self/smaps), memory
 * from it works, and a second call changes nothing.  Where the heap is not
 * the program break (a sanitizer's allocator) or the kernel has
 * transparent huge pages off, the advice is not given: checked as such. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "heap_pages.h"
#include "testlib.h"

#define MIB ((size_t)1 << 20)

/* The VmFlags line of the mapping of /proc/self/smaps that holds addr
 * (into flags); false when no mapping holds it. */
static bool mapping_flags(uintptr_t addr, char *flags, size_t n, bool *is_heap)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return false;
    char line[512];
    bool inside = false, found = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
            inside = addr >= lo && addr < hi;
            if (inside)
                *is_heap = strstr(line, "[heap]") != NULL;
        } else if (inside && strncmp(line, "VmFlags:", 8) == 0) {
            snprintf(flags, n, "%s", line + 8);
            found = true;
            break;
        }
    }
    fclose(f);
    return found;
}

static bool thp_off(void)
{
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (!f)
        return true;
    char line[128] = "";
    bool off = !fgets(line, sizeof line, f) || strstr(line, "[never]");
    fclose(f);
    return off;
}

static void test_heap_grows_into_advised_pages(void)
{
    char *before = sbrk(0);
    heap_use_huge_pages();
    char *after = sbrk(0);
    /* a block of the size the encodings make, written through */
    size_t n = 4 * MIB;
    unsigned char *block = malloc(n);
    CHECK(block != NULL);
    if (!block)
        return;
    memset(block, 0xa5, n);
    CHECK(block[0] == 0xa5 && block[n - 1] == 0xa5);
    char flags[600] = "";
    bool is_heap = false;
    CHECK(mapping_flags((uintptr_t)block + n / 2, flags, sizeof flags, &is_heap));
    if (!is_heap || thp_off()) {
        printf("heap not at the program break or huge pages off: no advice expected\n");
        CHECK(strstr(flags, " hg") == NULL || !is_heap);
    } else {
        CHECK_MSG(after - before >= (ptrdiff_t)(32 * MIB), "the heap grew by %td bytes", after - before);
        CHECK_MSG(strstr(flags, " hg") != NULL, "flags of the heap's block:%s", flags);
    }
    free(block);
    /* once is enough: a second call leaves the break where it was */
    char *again = sbrk(0);
    heap_use_huge_pages();
    CHECK(sbrk(0) == again);
}

int main(void)
{
    RUN(test_heap_grows_into_advised_pages);
    TEST_MAIN_END();
}
