/* save_file.c: the save directory and the files in it: checking that the
 * directory is the player's own, writing a save safely, the lock a game
 * holds on its save, and removing temporary files a crash left behind.
 *
 * Every file operation goes through a descriptor of the directory, opened
 * and checked (owner, mode) just before: swapping the directory's path for
 * another after the check changes nothing, and in a directory no one else
 * can write, no one else can plant a name.  Temporary files are still
 * created with O_EXCL|O_NOFOLLOW under an unpredictable name, so a planted
 * symbolic link is never followed (FILES in the manual). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "board.h"

/* --- the directory --- */

static bool mkdir_p(const char *path, diag *err)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        diag_set(err, 0, 0, "save directory name too long");
        return false;
    }
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
                diag_set(err, 0, 0, "cannot create %s: %s", buf, strerror(errno));
                return false;
            }
            *p = c;
            if (!c)
                break;
        }
    }
    return true;
}

/* Opens dir and checks it as ssh checks ~/.ssh: a directory, owned by the
 * player, that no one else may write into.  The descriptor, or -1 with a
 * message in err. */
static int open_save_dir(const char *dir, diag *err)
{
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        if (errno == ENOTDIR)
            diag_set(err, 0, 0, "%s is not a directory (saved games go there)", dir);
        else
            diag_set(err, 0, 0, "%s: %s", dir, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(dfd, &st) != 0) {
        diag_set(err, 0, 0, "%s: %s", dir, strerror(errno));
    } else if (st.st_uid != geteuid()) {
        diag_set(err, 0, 0, "%s belongs to another user (uid %ld); saves go only to a directory of your own",
                 dir, (long)st.st_uid);
    } else if (st.st_mode & (S_IWGRP | S_IWOTH)) {
        diag_set(err, 0, 0, "%s can be written by other users (mode %03o); saves are not written there "
                 "until it is not (chmod go-w)", dir, (unsigned)(st.st_mode & 0777));
    } else {
        return dfd;
    }
    close(dfd);
    return -1;
}

bool board_state_dir(char *out, size_t n, diag *err)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    /* the XDG spec: a relative $XDG_STATE_HOME is invalid and ignored */
    if (xdg && xdg[0] == '/')
        snprintf(out, n, "%s/tessera", xdg);
    else if (home && home[0])
        snprintf(out, n, "%s/.local/state/tessera", home);
    else {
        diag_set(err, 0, 0, "neither XDG_STATE_HOME nor HOME is set");
        return false;
    }
    if (!mkdir_p(out, err))
        return false;
    /* checked now, so that a directory no save can go to is reported when
     * the game starts, not at its first save */
    int dfd = open_save_dir(out, err);
    if (dfd < 0)
        return false;
    close(dfd);
    return true;
}

/* A save path's directory (into dir) and file name (returned). */
static const char *split_path(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, n, ".");
        return path;
    }
    snprintf(dir, n, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    return slash + 1;
}

/* --- writing --- */

/* A name no other save uses: the save's name, six random letters, .tmp.
 * O_EXCL makes it safe whatever the letters; they only keep a name that
 * someone planted from stopping the save. */
static int create_temp(int dfd, const char *base, char *name, size_t n)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static uint64_t counter;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ ((uint64_t)getpid() << 12);
    for (int attempt = 0; attempt < 100; attempt++) {
        /* splitmix64 */
        uint64_t z = (x += 0x9e3779b97f4a7c15ull + ++counter);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        char r[7];
        for (int i = 0; i < 6; i++, z /= 62)
            r[i] = letters[z % 62];
        r[6] = 0;
        snprintf(name, n, "%s.%s.tmp", base, r);
        int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

static bool write_all(int fd, const char *s, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, s + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return false;
        }
        done += (size_t)w;
    }
    return true;
}

bool state_file_write(const char *path, const char *text, size_t len, diag *err)
{
    char dir[PATH_MAX], name[PATH_MAX], shown[2 * PATH_MAX];
    const char *base = split_path(path, dir, sizeof dir);
    int dfd = open_save_dir(dir, err);
    if (dfd < 0)
        return false;
    bool ok = false;
    int fd = create_temp(dfd, base, name, sizeof name);
    snprintf(shown, sizeof shown, "%s/%s", dir, fd >= 0 ? name : base);
    if (fd < 0) {
        diag_set(err, 0, 0, "%s: %s", shown, strerror(errno));
    } else {
        if (!write_all(fd, text, len) || fsync(fd) != 0)
            diag_set(err, 0, 0, "%s: %s", shown, strerror(errno));
        else
            ok = true;
        if (close(fd) != 0 && ok) {
            diag_set(err, 0, 0, "%s: %s", shown, strerror(errno));
            ok = false;
        }
        if (ok && renameat(dfd, name, dfd, base) != 0) {
            diag_set(err, 0, 0, "%s: %s", path, strerror(errno));
            ok = false;
        }
        if (!ok)
            unlinkat(dfd, name, 0);
        else
            fsync(dfd); /* make the rename itself durable */
    }
    close(dfd);
    return ok;
}

bool board_save(const board *b, const char *path, diag *err)
{
    strbuf text = {0};
    if (!board_format_checked(b, &text, err))
        return false;
    bool ok = state_file_write(path, text.s ? text.s : "", text.n, err);
    sb_free(&text);
    return ok;
}

/* --- the lock and stale temporary files --- */

struct board_lock {
    int dfd, fd;
    char name[NAME_MAX + 1];
};

/* Removes NAME.*.tmp: temporary files of this save that a process killed
 * between creating and renaming one left behind.  Only under the lock, so
 * never a file another player is writing. */
static void remove_stale_temps(int dfd, const char *base)
{
    int fd = dup(dfd);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        return;
    }
    size_t bn = strlen(base);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > bn + 5 && strncmp(e->d_name, base, bn) == 0 && e->d_name[bn] == '.' &&
            strcmp(e->d_name + len - 4, ".tmp") == 0)
            unlinkat(dfd, e->d_name, 0);
    }
    closedir(d);
}

/* The process id written in a lock file, 0 if none can be read. */
static long lock_holder(int fd)
{
    char buf[32];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return 0;
    buf[n] = 0;
    return strtol(buf, NULL, 10);
}

board_lock *board_lock_take(const char *save_path, bool *busy, long *holder)
{
    *busy = false;
    *holder = 0;
    char dir[PATH_MAX];
    diag err = {0}; /* not shown: the lock is taken where it can be */
    const char *base = split_path(save_path, dir, sizeof dir);
    int dfd = open_save_dir(dir, &err);
    if (dfd < 0)
        return NULL;
    board_lock *l = xcalloc(1, sizeof *l);
    l->dfd = dfd;
    l->fd = -1;
    if (snprintf(l->name, sizeof l->name, "%s.lock", base) >= (int)sizeof l->name)
        goto none;
    /* The lock file is removed when the game ends, so a process may lock
     * one that has just been removed (or replaced): it tries again until
     * the file it locked is the one the name leads to. */
    for (int attempt = 0; attempt < 100; attempt++) {
        l->fd = openat(dfd, l->name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
        if (l->fd < 0)
            goto none; /* say, a read-only directory: play on without the lock */
        struct stat mine, named;
        if (fstat(l->fd, &mine) != 0 || !S_ISREG(mine.st_mode))
            goto none;
        if (flock(l->fd, LOCK_EX | LOCK_NB) != 0) {
            if (errno == EWOULDBLOCK) {
                *busy = true;
                *holder = lock_holder(l->fd);
            }
            goto none;
        }
        if (fstatat(dfd, l->name, &named, AT_SYMLINK_NOFOLLOW) == 0 && named.st_dev == mine.st_dev &&
            named.st_ino == mine.st_ino) {
            char pid[32];
            int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
            if (ftruncate(l->fd, 0) == 0 && pwrite(l->fd, pid, (size_t)len, 0) != len) {
                /* the pid is only for the other player's message */
            }
            remove_stale_temps(dfd, base);
            return l;
        }
        close(l->fd);
    }
    l->fd = -1;
none:
    if (l->fd >= 0)
        close(l->fd);
    close(dfd);
    free(l);
    return NULL;
}

void board_lock_release(board_lock *l)
{
    if (!l)
        return;
    /* removed while still locked: a process that opened it meanwhile sees
     * that the name no longer leads to it and tries again */
    unlinkat(l->dfd, l->name, 0);
    close(l->fd);
    close(l->dfd);
    free(l);
}
