/* testlib.h: a minimal assertion harness for the C unit tests.  Each test
 * binary runs its cases, prints one line per failure with file:line, and
 * ends with "N passed, M failed"; ctest reads the exit status. */
#ifndef TESSERA_TESTLIB_H
#define TESSERA_TESTLIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tl_passed, tl_failed, tl_case_failed;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
            tl_case_failed = 1;                                                        \
        }                                                                              \
    } while (0)

#define CHECK_MSG(cond, ...)                                                           \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);   \
            fprintf(stderr, __VA_ARGS__);                                              \
            fputc('\n', stderr);                                                       \
            tl_case_failed = 1;                                                        \
        }                                                                              \
    } while (0)

#define RUN(test)                                                                      \
    do {                                                                               \
        tl_case_failed = 0;                                                            \
        test();                                                                        \
        if (tl_case_failed) {                                                          \
            tl_failed++;                                                               \
            fprintf(stderr, "FAIL %s\n", #test);                                       \
        } else {                                                                       \
            tl_passed++;                                                               \
        }                                                                              \
    } while (0)

#define TEST_MAIN_END()                                                                \
    do {                                                                               \
        printf("%d passed, %d failed\n", tl_passed, tl_failed);                        \
        return tl_failed ? 1 : 0;                                                      \
    } while (0)

/* Path of a file under tests/data (TESSERA_TEST_DATA is set by CMake). */
static inline const char *test_data(const char *name)
{
    static char buf[4][1024];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", TESSERA_TEST_DATA, name);
    return buf[k];
}

#endif
