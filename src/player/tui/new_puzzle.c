/* new_puzzle.c: the new-puzzle picker and the generation behind it.
 * Generation runs in a child process: a generator cannot be stopped
 * half-way, and a process can, at once and with all its memory and
 * threads, when the player presses Esc.  The player's own loop only polls
 * the pipe the puzzle comes back on, so it keeps drawing and reading
 * keys.  The puzzle is the one `tessera --generate` prints for the same
 * family, size, difficulty and seed (grade_generate). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "board.h"
#include "grade.h"
#include "keys.h"
#include "tui/new_puzzle.h"
#include "tui/new_puzzle_table.h"
#include "tui/term.h"

#define CTRL(c) ((c)&0x1f)

static char message[1024];
static const char *const LEVELS[] = {"easy", "medium", "hard"};

/* the picker's choices, kept from one use to the next */
static struct {
    bool daily;
    int offer; /* index into the offers: family and size */
    int level; /* 0 easy, 1 medium, 2 hard */
} pick = {false, 0, 1};

const char *new_puzzle_message(void)
{
    return message;
}

unsigned long new_puzzle_today(void)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    return (unsigned long)(tm.tm_year + 1900) * 10000ul + (unsigned long)(tm.tm_mon + 1) * 100ul +
           (unsigned long)tm.tm_mday;
}

static bool make_dir(const char *path, diag *err)
{
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
        diag_set(err, 0, 0, "cannot create %s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

bool new_puzzle_dir(char *out, size_t n, diag *err)
{
    char dir[PATH_MAX];
    if (!board_state_dir(dir, sizeof dir, err))
        return false;
    if (snprintf(out, n, "%s/generated", dir) >= (int)n) {
        diag_set(err, 0, 0, "the save directory's name is too long");
        return false;
    }
    return make_dir(out, err);
}

/* --- drawing --- */

static void text(theme *th, int y, int x, const char *t, role r, attr_t extra)
{
    attr_t a;
    short p;
    theme_role(th, r, extra, &a, &p);
    attr_set(a, p, NULL);
    if (y >= 0 && y < LINES && x < COLS)
        mvaddnstr(y, x, t, COLS - x);
    attr_set(A_NORMAL, 0, NULL);
}

/* Offers of the same family as offer k: [*first, *last]. */
static void family_span(int k, int *first, int *last)
{
    int n;
    const new_puzzle_offer *o = new_puzzle_offers(&n);
    *first = *last = k;
    while (*first > 0 && strcmp(o[*first - 1].family, o[k].family) == 0)
        (*first)--;
    while (*last < n - 1 && strcmp(o[*last + 1].family, o[k].family) == 0)
        (*last)++;
}

/* A level offered at offer k, near want. */
static int level_at(int k, int want)
{
    int n;
    const new_puzzle_offer *o = new_puzzle_offers(&n);
    for (int d = 0; d < 3; d++)
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            int l = want + sgn * d;
            if (l >= 0 && l < 3 && (o[k].levels & (1u << l)))
                return l;
        }
    return 0;
}

typedef struct {
    const game_family *f;
    gen_options g;
    char size_name[32];
    char level[8];
} request;

/* The request the picker's lines make. */
static void make_request(request *r)
{
    int n;
    const new_puzzle_offer *o = new_puzzle_offers(&n);
    memset(r, 0, sizeof *r);
    r->f = game_find(o[pick.offer].family);
    int size = o[pick.offer].size;
    const char *level = LEVELS[pick.level];
    r->g.seed = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16);
    if (pick.daily) {
        const new_puzzle_daily *d = new_puzzle_daily_of(r->f->name);
        size = d->size;
        level = d->level;
        r->g.seed = new_puzzle_today();
    }
    r->g.width = r->g.height = size;
    snprintf(r->level, sizeof r->level, "%s", level);
    r->g.difficulty = r->level;
    new_puzzle_size_name(r->f->name, size, false, r->size_name, sizeof r->size_name);
}

static void draw_picker(theme *th, bool ascii, int line, const char *progress)
{
    erase();
    request r;
    make_request(&r);
    text(th, 0, 1, "tessera: new puzzle", ROLE_CLUE, A_BOLD);
    char v[4][96];
    unsigned long today = new_puzzle_today();
    if (pick.daily)
        snprintf(v[0], sizeof v[0], "today's, %04lu-%02lu-%02lu (the same for everyone)", today / 10000,
                 today / 100 % 100, today % 100);
    else
        snprintf(v[0], sizeof v[0], "a new one");
    snprintf(v[1], sizeof v[1], "%s", r.f->title);
    snprintf(v[2], sizeof v[2], "%s", r.size_name);
    snprintf(v[3], sizeof v[3], "%s", r.level);
    static const char *const names[] = {"Puzzle", "Family", "Size", "Difficulty"};
    for (int i = 0; i < 4; i++) {
        bool fixed = pick.daily && i >= 2;
        char row[512];
        snprintf(row, sizeof row, "%-12s %s %s %s", names[i], fixed ? " " : ascii ? "<" : "\xe2\x97\x82",
                 v[i], fixed ? "" : ascii ? ">" : "\xe2\x96\xb8");
        text(th, 2 + i, 3, row, fixed ? ROLE_DIM : ROLE_PLAIN, i == line ? A_REVERSE : 0);
    }
    if (progress)
        text(th, 7, 3, progress, ROLE_PLAIN, A_BOLD);
    else if (message[0])
        text(th, 7, 3, message, ROLE_PLAIN, A_BOLD);
    text(th, LINES - 1, 1,
         progress ? "Esc cancels"
         : ascii  ? "up/down choose a line   left/right change   Enter generate   Esc back"
                  : "\xe2\x86\x91\xe2\x86\x93 choose a line   \xe2\x86\x90\xe2\x86\x92 change   Enter "
                    "generate   Esc back",
         ROLE_DIM, 0);
    refresh();
}

static void change(int line, int dir)
{
    int n;
    const new_puzzle_offer *o = new_puzzle_offers(&n);
    int first, last;
    family_span(pick.offer, &first, &last);
    switch (line) {
    case 0: pick.daily = !pick.daily; break;
    case 1: {
        /* the next family, at its first size */
        int k = dir > 0 ? (last + 1) % n : (first + n - 1) % n;
        int f2, l2;
        family_span(k, &f2, &l2);
        pick.offer = f2;
        break;
    }
    case 2:
        if (pick.daily)
            return;
        pick.offer = pick.offer + dir < first ? last : pick.offer + dir > last ? first : pick.offer + dir;
        break;
    case 3:
        if (pick.daily)
            return;
        for (int i = 1; i <= 3; i++) {
            int l = ((pick.level + dir * i) % 3 + 3) % 3;
            if (o[pick.offer].levels & (1u << l)) {
                pick.level = l;
                break;
            }
        }
        return;
    }
    pick.level = level_at(pick.offer, pick.level);
}

/* --- generation in a child process --- */

/* The child: generates, writes "P" and the puzzle or "E" and a message to
 * fd, and exits without touching the terminal. */
static _Noreturn void child(const request *r, int fd)
{
    term_child();
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* the player gone: stop at once */
#endif
    int devnull = open("/dev/null", O_RDWR);
    if (devnull >= 0) {
        dup2(devnull, STDIN_FILENO);
        dup2(devnull, STDOUT_FILENO);
        dup2(devnull, STDERR_FILENO);
    }
    strbuf out = {0};
    diag err = {.source = "new puzzle"};
    strbuf msg = {0};
    if (grade_generate(r->f, &r->g, &out, &err, NULL, NULL)) {
        sb_putc(&msg, 'P');
        sb_puts(&msg, out.s ? out.s : "");
    } else {
        char buf[600];
        diag_format(&err, buf, sizeof buf);
        sb_printf(&msg, "E%s", buf);
    }
    size_t done = 0;
    while (done < msg.n) {
        ssize_t w = write(fd, msg.s + done, msg.n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            _exit(1);
        done += (size_t)w;
    }
    _exit(0);
}

/* Runs the generator, showing progress; the text into out.  false after
 * Esc (message "") or a failure (message says it). */
static bool generate(theme *th, bool ascii, const request *r, strbuf *out)
{
    int p[2];
    if (pipe(p) != 0) {
        snprintf(message, sizeof message, "cannot start the generator: %s", strerror(errno));
        return false;
    }
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    fflush(NULL); /* nothing buffered is written twice */
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(message, sizeof message, "cannot start the generator: %s", strerror(errno));
        close(p[0]);
        close(p[1]);
        return false;
    }
    if (pid == 0) {
        close(p[0]);
        child(r, p[1]);
    }
    close(p[1]);
    fcntl(p[0], F_SETFL, O_NONBLOCK);
    double t0 = term_now();
    int tick = 0;
    bool cancelled = false, eof = false;
    static const char *const spin_utf8[] = {"\xe2\xa0\x8b", "\xe2\xa0\x99", "\xe2\xa0\xb9", "\xe2\xa0\xb8",
                                            "\xe2\xa0\xbc", "\xe2\xa0\xb4", "\xe2\xa0\xa6", "\xe2\xa0\xa7",
                                            "\xe2\xa0\x87", "\xe2\xa0\x8f"};
    static const char *const spin_ascii[] = {"|", "/", "-", "\\"};
    while (!eof) {
        char progress[200];
        snprintf(progress, sizeof progress, "%s generating %s %s %s: %.1f s  (Esc cancels)",
                 ascii ? spin_ascii[tick % 4] : spin_utf8[tick % 10], r->f->title, r->size_name,
                 r->level, term_now() - t0);
        tick++;
        draw_picker(th, ascii, -1, progress);
        struct pollfd pfd = {.fd = p[0], .events = POLLIN};
        if (poll(&pfd, 1, 100) > 0) {
            char buf[4096];
            for (;;) {
                ssize_t k = read(p[0], buf, sizeof buf);
                if (k > 0) {
                    if (out->n + (size_t)k > MAX_PUZZLE_BYTES + 2) {
                        eof = true; /* the child misbehaves: stop it below */
                        cancelled = true;
                        break;
                    }
                    for (ssize_t i = 0; i < k; i++)
                        sb_putc(out, buf[i]);
                    continue;
                }
                if (k == 0)
                    eof = true;
                break; /* EAGAIN: wait again */
            }
        }
        nodelay(stdscr, TRUE);
        int ch;
        while ((ch = getch()) != ERR) {
            if (ch == 27 || ch == CTRL('c')) {
                cancelled = true;
                if (ch == CTRL('c'))
                    term_signal = SIGINT;
            }
        }
        nodelay(stdscr, FALSE);
        if (cancelled || term_signal) {
            cancelled = true;
            break;
        }
    }
    close(p[0]);
    if (cancelled)
        kill(pid, SIGKILL); /* our own child, which may still be generating */
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (cancelled) {
        message[0] = 0;
        return false;
    }
    if (WIFSIGNALED(status) || out->n < 2 || (out->s[0] != 'P' && out->s[0] != 'E')) {
        snprintf(message, sizeof message, "the generator stopped without a puzzle (%s %d)",
                 WIFSIGNALED(status) ? "signal" : "status",
                 WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        return false;
    }
    if (out->s[0] == 'E') {
        snprintf(message, sizeof message, "cannot generate: %.900s", out->s + 1);
        return false;
    }
    memmove(out->s, out->s + 1, out->n); /* the text after the "P" */
    out->n--;
    if (out->s[out->n - 1] != '\n')
        sb_putc(out, '\n'); /* as --generate prints it */
    return true;
}

/* The generated puzzle's file: generated/FAMILY/NAME.EXT, its directory
 * made when missing. */
static bool puzzle_path(const request *r, char *out, size_t n, diag *err)
{
    char dir[PATH_MAX], sub[PATH_MAX + 64], size[32];
    if (!new_puzzle_dir(dir, sizeof dir, err))
        return false;
    snprintf(sub, sizeof sub, "%s/%s", dir, r->f->name);
    if (!make_dir(sub, err))
        return false;
    new_puzzle_size_name(r->f->name, r->g.width, true, size, sizeof size);
    int len;
    if (pick.daily) {
        unsigned long d = r->g.seed;
        len = snprintf(out, n, "%s/daily-%04lu-%02lu-%02lu.%s", sub, d / 10000, d / 100 % 100, d % 100,
                       r->f->extension);
    } else {
        len = snprintf(out, n, "%s/%s-%s-%lu.%s", sub, size, r->level, r->g.seed, r->f->extension);
    }
    if (len >= (int)n) {
        diag_set(err, 0, 0, "the save directory's name is too long");
        return false;
    }
    return true;
}

/* Generates the request and stores it; the path, or NULL (message set). */
static char *make_puzzle(theme *th, bool ascii, const request *r)
{
    char path[PATH_MAX];
    diag err = {0};
    if (!puzzle_path(r, path, sizeof path, &err)) {
        snprintf(message, sizeof message, "cannot store a new puzzle: %.900s", err.msg);
        return NULL;
    }
    struct stat st;
    if (pick.daily && stat(path, &st) == 0)
        return xstrdup(path); /* today's is made already: the same puzzle */
    strbuf text = {0};
    if (!generate(th, ascii, r, &text)) {
        sb_free(&text);
        return NULL;
    }
    bool ok = state_file_write(path, text.s, text.n, &err);
    sb_free(&text);
    if (!ok) {
        snprintf(message, sizeof message, "cannot store the new puzzle: %.900s", err.msg);
        return NULL;
    }
    return xstrdup(path);
}

char *new_puzzle_run(theme *th, bool ascii, const game_family *f, bool daily)
{
    int n;
    const new_puzzle_offer *o = new_puzzle_offers(&n);
    message[0] = 0;
    if (f && strcmp(o[pick.offer].family, f->name) != 0)
        for (int k = 0; k < n; k++)
            if (strcmp(o[k].family, f->name) == 0) {
                pick.offer = k;
                pick.level = level_at(k, pick.level);
                break;
            }
    pick.daily = daily;
    int line = daily ? 1 : 2;
    char *chosen = NULL;
    while (!term_signal) {
        draw_picker(th, ascii, line, NULL);
        timeout(500);
        int ch = getch();
        if (ch == ERR || ch == KEY_RESIZE)
            continue;
        if (ch == 27 || ch == 'q') {
            message[0] = 0;
            break;
        }
        if (ch == CTRL('c')) {
            term_signal = SIGINT;
            break;
        }
        message[0] = 0;
        if (ch == KEY_UP || ch == 'k')
            line = line > 0 ? line - 1 : 3;
        else if (ch == KEY_DOWN || ch == 'j' || ch == '\t')
            line = line < 3 ? line + 1 : 0;
        else if (ch == KEY_LEFT || ch == 'h')
            change(line, -1);
        else if (ch == KEY_RIGHT || ch == 'l' || ch == ' ')
            change(line, 1);
        else if (ch == '\r' || ch == '\n' || ch == KEY_ENTER) {
            request r;
            make_request(&r);
            chosen = make_puzzle(th, ascii, &r);
            if (chosen || term_signal)
                break;
        }
    }
    return chosen;
}
