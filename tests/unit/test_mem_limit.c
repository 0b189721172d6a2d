/* test_mem_limit.c: mem_available under a lowered address-space limit
 * (setrlimit in this process) and mem_cgroup_room on a cgroup v2 tree
 * laid out in a temporary directory. */
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mem_limit.h"
#include "testlib.h"

#define MIB ((size_t)1 << 20)

static void test_rlimit_as_lowers_the_room(void)
{
    struct rlimit old;
    CHECK(getrlimit(RLIMIT_AS, &old) == 0);
    size_t before = mem_available();
    /* 300 MiB above what is in use (relative, so that a sanitizer's huge
     * shadow mappings still fit) */
    size_t used = mem_address_space_used();
    CHECK(used > 0);
    struct rlimit low = {.rlim_cur = used + 300 * MIB, .rlim_max = old.rlim_max};
    if (old.rlim_max != RLIM_INFINITY && low.rlim_cur > old.rlim_max)
        low.rlim_cur = old.rlim_max;
    CHECK(setrlimit(RLIMIT_AS, &low) == 0);
    size_t room = mem_available();
    CHECK(setrlimit(RLIMIT_AS, &old) == 0);
    CHECK_MSG(room <= 300 * MIB && room >= 250 * MIB, "room %zu MiB under a limit 300 MiB above use",
              room / MIB);
    CHECK_MSG(before > 300 * MIB, "room %zu MiB with no limit", before / MIB);
    /* the limit gone, the room is back */
    CHECK(mem_available() == before || mem_available() > 300 * MIB);
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void test_cgroup_room(void)
{
    char root[] = "/tmp/tessera-cgroup.XXXXXX", path[256];
    CHECK(mkdtemp(root) != NULL);
    snprintf(path, sizeof path, "%s/user", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/user/app", root);
    mkdir(path, 0700);
    /* the root has no memory.max (as on a real tree); user allows 1000
     * MiB with 100 in use, app has no limit of its own ("max") */
    snprintf(path, sizeof path, "%s/user/memory.max", root);
    put(path, "1048576000\n");
    snprintf(path, sizeof path, "%s/user/memory.current", root);
    put(path, "104857600\n");
    snprintf(path, sizeof path, "%s/user/app/memory.max", root);
    put(path, "max\n");
    CHECK_MSG(mem_cgroup_room(root, "0::/user/app\n") == 900 * MIB, "%zu",
              mem_cgroup_room(root, "0::/user/app\n"));
    /* a tighter limit below wins */
    snprintf(path, sizeof path, "%s/user/app/memory.max", root);
    put(path, "209715200\n");
    CHECK(mem_cgroup_room(root, "0::/user/app\n") == 200 * MIB);
    /* in use beyond the limit: no room, not a wrapped-around huge one */
    snprintf(path, sizeof path, "%s/user/memory.current", root);
    put(path, "2097152000\n");
    CHECK(mem_cgroup_room(root, "0::/user/app\n") == 0);
    /* cgroup v1 lines and missing groups tell nothing */
    CHECK(mem_cgroup_room(root, "4:memory:/user/app\n") == SIZE_MAX);
    CHECK(mem_cgroup_room(root, "0::/elsewhere\n") == SIZE_MAX);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
}

int main(void)
{
    RUN(test_rlimit_as_lowers_the_room);
    RUN(test_cgroup_room);
    TEST_MAIN_END();
}
