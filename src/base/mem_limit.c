/* mem_limit.c: the memory a process may still take, from sysconf, getrlimit
 * and the cgroup v2 files (see mem_limit.h). */
#include "mem_limit.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

/* A number read from a one-line file; false for "max", a missing file or
 * anything else. */
static bool read_bytes(const char *path, size_t *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    unsigned long long v;
    bool ok = fscanf(f, "%llu", &v) == 1;
    fclose(f);
    if (ok)
        *out = v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    return ok;
}

size_t mem_cgroup_room(const char *root, const char *cgroup_line)
{
    if (strncmp(cgroup_line, "0::/", 4) != 0)
        return SIZE_MAX; /* cgroup v1 or none: no memory.max to read */
    char path[4096];
    int n = snprintf(path, sizeof path, "%s%s", root, cgroup_line + 3);
    if (n < 0 || (size_t)n >= sizeof path)
        return SIZE_MAX;
    path[strcspn(path, "\n")] = 0;
    size_t room = SIZE_MAX, rootlen = strlen(root);
    /* a parent's limit binds its children too: walk up to the root */
    for (;;) {
        size_t len = strlen(path), max, cur = 0;
        char file[4200];
        snprintf(file, sizeof file, "%s/memory.max", path);
        if (read_bytes(file, &max)) {
            snprintf(file, sizeof file, "%s/memory.current", path);
            read_bytes(file, &cur);
            room = min_size(room, max > cur ? max - cur : 0);
        }
        if (len <= rootlen)
            break;
        char *slash = strrchr(path, '/');
        if (!slash || (size_t)(slash - path) < rootlen)
            break;
        *slash = 0;
    }
    return room;
}

/* Bytes of address space in use now (the first field of statm, in pages). */
size_t mem_address_space_used(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (f) {
        if (fscanf(f, "%lu", &pages) != 1)
            pages = 0;
        fclose(f);
    }
    long page = sysconf(_SC_PAGE_SIZE);
    return page > 0 ? (size_t)pages * (size_t)page : 0;
}

size_t mem_available(void)
{
    size_t room = SIZE_MAX;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page > 0)
        room = (size_t)pages * (size_t)page;
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        size_t lim = (size_t)rl.rlim_cur, used = mem_address_space_used();
        room = min_size(room, lim > used ? lim - used : 0);
    }
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (f) {
        char line[4096];
        while (fgets(line, sizeof line, f))
            room = min_size(room, mem_cgroup_room("/sys/fs/cgroup", line));
        fclose(f);
    }
    return room;
}
