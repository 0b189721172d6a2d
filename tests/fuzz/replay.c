/* replay.c: runs a fuzz harness's LLVMFuzzerTestOneInput over files and
 * directories of inputs (its seed corpus, its regressions) without
 * libFuzzer, so that the normal build and ctest replay them (under ASan
 * in the sanitizer build).  Usage: replay_HARNESS PATH... [--optional
 * PATH...]: an empty or missing PATH is an error, so that a lost corpus
 * cannot pass silently, except after --optional (regressions may be none). */
#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    strbuf b = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        for (size_t i = 0; i < n; i++)
            sb_putc(&b, chunk[i]);
    fclose(f);
    /* an exact-size copy, so that ASan sees any read past the input */
    uint8_t *data = malloc(b.n ? b.n : 1);
    if (b.n)
        memcpy(data, b.s, b.n);
    LLVMFuzzerTestOneInput(data, b.n);
    free(data);
    sb_free(&b);
    return 1;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file in dir (sorted, so failures reproduce in order). */
static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t nnames = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (nnames == cap) {
            cap = cap ? 2 * cap : 64;
            names = xrealloc(names, cap * sizeof *names);
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[nnames] = xmalloc(len);
        snprintf(names[nnames], len, "%s/%s", dir, e->d_name);
        nnames++;
    }
    closedir(d);
    qsort(names, nnames, sizeof *names, cmp_names);
    int total = 0;
    for (size_t i = 0; i < nnames; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (getenv("REPLAY_VERBOSE"))
                fprintf(stderr, "replay: %s\n", names[i]);
            total += run_file(names[i]) > 0;
        }
        free(names[i]);
    }
    free(names);
    return total;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE-OR-DIRECTORY...\n", argv[0]);
        return 2;
    }
    /* the harnesses print nothing worth keeping on standard output (the
     * options harness would print --help over and over) */
    if (!freopen("/dev/null", "w", stdout))
        return 2;
    int total = 0;
    bool optional = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--optional") == 0) {
            optional = true;
            continue;
        }
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            if (optional)
                continue;
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            return 1;
        }
        int n = S_ISDIR(st.st_mode) ? run_dir(argv[i]) : run_file(argv[i]);
        if (n < 0 || (n == 0 && !optional)) {
            fprintf(stderr, "replay: %s: no inputs\n", argv[i]);
            return 1;
        }
        total += n;
    }
    fprintf(stderr, "replay: %d inputs, no failure\n", total);
    return 0;
}
