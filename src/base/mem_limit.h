/* mem_limit.h: how much memory this process may still take: the least of
 * the physical memory, the address-space limit (ulimit -v) and the
 * cgroup's memory.max, less what is already in use against each. */
#ifndef TESSERA_MEM_LIMIT_H
#define TESSERA_MEM_LIMIT_H

#include <stddef.h>

/* Bytes this process may still allocate (SIZE_MAX when nothing tells). */
size_t mem_available(void);

/* Bytes of address space this process has mapped now, as the kernel
 * counts it against RLIMIT_AS (0 when it cannot tell). */
size_t mem_address_space_used(void);

/* The cgroup v2 limit of the cgroup named by `cgroup_line` (a line of
 * /proc/self/cgroup, "0::/PATH") under the cgroup tree mounted at `root`:
 * the least memory.max - memory.current of PATH and its parents;
 * SIZE_MAX with no limit or no such line.  Split out for tests. */
size_t mem_cgroup_room(const char *root, const char *cgroup_line);

#endif
