/* menu.c: the puzzle chooser shown by `tessera` with no argument: the
 * bundled puzzles from the source tree and the installed collection, and
 * the generated ones in the save directory, grouped by family, with their
 * size, grade, whether each is new, in progress or solved, and the best
 * time (the statistics); n and d lead to a new or the daily puzzle. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "keys.h"
#include "grade.h"
#include "stats.h"
#include "tui/app.h"
#include "tui/fit.h"
#include "tui/new_puzzle.h"
#include "tui/term.h"

#define CTRL(c) ((c)&0x1f)

typedef struct {
    char *path;
    char *label;  /* file name without extension */
    char desc[64];
    grade_level grade; /* from a "# grade:" line, else graded when selected */
    bool graded;
    const char *status; /* "new", "in progress", "solved" */
    double best;  /* best time solved by hand, < 0: none */
    int family;   /* registry index */
    int need_rows, need_cols; /* the screen its whole board needs (fit.h) */
} menu_item;

typedef struct {
    menu_item *v;
    int n, cap;
} menu_list;

static char menu_msg[1100];
static char *last_path; /* the entry chosen last, selected again */

void menu_set_message(const char *msg)
{
    snprintf(menu_msg, sizeof menu_msg, "%s", msg);
}

static int family_index(const game_family *f)
{
    int n;
    const game_family *const *all = game_families(&n);
    for (int i = 0; i < n; i++)
        if (all[i] == f)
            return i;
    return n;
}

static const char *save_status(const puzzle *pz)
{
    char dir[PATH_MAX], path[PATH_MAX];
    diag err = {0};
    if (!board_state_dir(dir, sizeof dir, &err))
        return "";
    board_save_path(pz, dir, path, sizeof path);
    struct stat sb;
    if (stat(path, &sb) != 0)
        return "new";
    diag d = {0};
    board *b = board_load(path, &d);
    if (!b)
        return "save unreadable";
    bool done = b->pz->family->verify(b->pz->data, b->state, NULL);
    bool untouched = b->nsteps == 0; /* opened, never played */
    board_free(b);
    return done ? "solved" : untouched ? "new" : "in progress";
}

static bool listed(const menu_list *l, const char *rel_name, int family)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i].family == family && strcmp(l->v[i].label, rel_name) == 0)
            return true;
    return false;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names in dir (caller frees each and the array). */
static int list_dir(const char *dir, char ***out)
{
    DIR *d = opendir(dir);
    *out = NULL;
    if (!d)
        return 0;
    int n = 0, cap = 0;
    char **v = NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            v = xrealloc(v, (size_t)cap * sizeof *v);
        }
        v[n++] = xstrdup(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(v, (size_t)n, sizeof *v, cmp_names);
    *out = v;
    return n;
}

/* Grades found, by path, kept from one showing of the menu to the next
 * (a grade made when selected would otherwise vanish on return). */
static struct {
    char *path;
    grade_level grade;
} *grade_cache;
static int ngrade_cache;

static bool cached_grade(const char *path, grade_level *g)
{
    for (int i = 0; i < ngrade_cache; i++)
        if (strcmp(grade_cache[i].path, path) == 0) {
            *g = grade_cache[i].grade;
            return true;
        }
    return false;
}

static void cache_grade(const char *path, grade_level g)
{
    grade_cache = xrealloc(grade_cache, (size_t)(ngrade_cache + 1) * sizeof *grade_cache);
    grade_cache[ngrade_cache].path = xstrdup(path);
    grade_cache[ngrade_cache++].grade = g;
}

static void scan_root(menu_list *l, const char *root, const stats *st)
{
    char **subs;
    int nsub = list_dir(root, &subs);
    for (int i = 0; i < nsub; i++) {
        char sub[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/%s", root, subs[i]) >= (int)sizeof sub)
            sub[0] = 0; /* too long: list_dir finds nothing */
        char **files;
        int nf = list_dir(sub, &files);
        for (int k = 0; k < nf; k++) {
            char path[PATH_MAX];
            if (snprintf(path, sizeof path, "%s/%s", sub, files[k]) >= (int)sizeof path)
                continue;
            const char *dot = strrchr(files[k], '.');
            const game_family *f = dot ? game_find(dot + 1) : NULL;
            struct stat sb;
            if (!f || strcmp(f->extension, dot + 1) != 0 || stat(path, &sb) != 0 ||
                !S_ISREG(sb.st_mode) || !f->ui)
                continue;
            char label[256];
            snprintf(label, sizeof label, "%.*s", (int)(dot - files[k]), files[k]);
            if (listed(l, label, family_index(f)))
                continue; /* the same puzzle installed and in the tree */
            diag err = {0};
            puzzle *pz = puzzle_load(path, NULL, &err);
            if (!pz)
                continue;
            if (l->n == l->cap) {
                l->cap = l->cap ? l->cap * 2 : 32;
                l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
            }
            menu_item *it = &l->v[l->n++];
            memset(it, 0, sizeof *it);
            it->path = xstrdup(path);
            it->label = xstrdup(label);
            it->family = family_index(pz->family);
            pz->family->describe(pz->data, it->desc, sizeof it->desc);
            it->status = save_status(pz);
            it->grade = grade_from_text(pz->text);
            it->graded = it->grade != GRADE_NONE || cached_grade(path, &it->grade);
            stats_entry e;
            stats_entry_of(pz, &e);
            if (!stats_best_of(st, e.id, &it->best))
                it->best = -1;
            fit_need(pz, false, &it->need_rows, &it->need_cols);
            puzzle_free(pz);
        }
        for (int k = 0; k < nf; k++)
            free(files[k]);
        free(files);
        free(subs[i]);
    }
    free(subs);
}

/* A puzzle without a "# grade:" line (the classic Hexiom levels) is
 * graded when first selected, within half a second; else it shows none. */
static void grade_lazily(menu_item *it)
{
    it->graded = true;
    diag err = {0};
    puzzle *pz = puzzle_load(it->path, NULL, &err);
    grade_options o = {.seconds = 0.5};
    grade_report r;
    if (pz && grade_puzzle(pz, &o, &r))
        it->grade = r.level;
    puzzle_free(pz);
    cache_grade(it->path, it->grade);
}

static int cmp_items(const void *a, const void *b)
{
    const menu_item *x = a, *y = b;
    if (x->family != y->family)
        return x->family < y->family ? -1 : 1;
    return strcmp(x->label, y->label);
}

static void free_list(menu_list *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->v[i].path);
        free(l->v[i].label);
    }
    free(l->v);
}

/* Screen lines: family headings and entries; line_item[k] = item or -1. */
static int build_lines(const menu_list *l, int *line_item)
{
    int n = 0, prev = -1;
    for (int i = 0; i < l->n; i++) {
        if (l->v[i].family != prev) {
            if (prev >= 0)
                line_item[n++] = -2; /* blank */
            line_item[n++] = -1 - 2 - l->v[i].family; /* heading */
            prev = l->v[i].family;
        }
        line_item[n++] = i;
    }
    return n;
}

static void text_at(theme *th, int y, int x, const char *s, role r, attr_t extra)
{
    attr_t a;
    short p;
    theme_role(th, r, extra, &a, &p);
    attr_set(a, p, NULL);
    int room = COLS - x;
    if (room > 0 && y >= 0 && y < LINES)
        mvaddnstr(y, x, s, room);
    attr_set(A_NORMAL, 0, NULL);
}

/* s cut to width columns (ASCII labels: a byte a column), "~" marking the
 * cut, padded with spaces; into out. */
static void fit(const char *t, int width, char *out, size_t n)
{
    int len = (int)strlen(t);
    if (len <= width)
        snprintf(out, n, "%-*s", width, t);
    else
        snprintf(out, n, "%.*s~", width > 1 ? width - 1 : 0, t);
}

/* One entry: label, size, grade and status in columns that stay in line
 * whatever the label's length (a long one is cut). */
static void format_row(const menu_item *it, int label_w, char *row, size_t n)
{
    char label[128], desc[64], status[80];
    fit(it->label, label_w, label, sizeof label);
    fit(it->desc, 18, desc, sizeof desc);
    if (it->best >= 0) {
        char t[32];
        screen_format_time(it->best, t, sizeof t);
        snprintf(status, sizeof status, "%-11s best %s", it->status, t);
    } else {
        snprintf(status, sizeof status, "%s", it->status);
    }
    snprintf(row, n, "  %s %s %-6s %s", label, desc, it->grade == GRADE_NONE ? "" : grade_name(it->grade),
             status);
}

/* Esc alone asks before quitting; Esc followed at once by a key is an Alt
 * key (the terminal sends ESC then the key), which means nothing here. */
static bool alt_key(void)
{
    nodelay(stdscr, TRUE);
    int next = getch();
    nodelay(stdscr, FALSE);
    return next != ERR;
}

static bool confirm_quit(theme *th)
{
    wmove(stdscr, LINES - 2, 0);
    clrtoeol();
    text_at(th, LINES - 2, 1, "Quit tessera?  y: quit, any other key: stay", ROLE_PLAIN, A_BOLD);
    refresh();
    for (;;) {
        timeout(500);
        int ch = getch();
        if (term_signal)
            return true;
        if (ch == ERR || ch == KEY_RESIZE)
            continue;
        if (ch == CTRL('c'))
            term_signal = SIGINT;
        return ch == 'y' || ch == 'Y' || ch == CTRL('c');
    }
}

char *menu_choose(theme *th, bool ascii)
{
    menu_list l = {0};
    stats st = {0};
    char spath[PATH_MAX], gen[PATH_MAX];
    diag serr = {0}, sd = {0}; /* serr is not shown: the menu works without them */
    if (stats_path(spath, sizeof spath, &serr) && !stats_read(spath, &st, &sd)) {
        char buf[600];
        diag_format(&sd, buf, sizeof buf);
        menu_set_message(buf); /* best times are then not shown */
    }
    scan_root(&l, TESSERA_SOURCE_PUZZLE_DIR, &st);
    if (strcmp(TESSERA_SOURCE_PUZZLE_DIR, TESSERA_PUZZLE_DIR) != 0)
        scan_root(&l, TESSERA_PUZZLE_DIR, &st);
    if (new_puzzle_dir(gen, sizeof gen, &serr))
        scan_root(&l, gen, &st);
    stats_free(&st);
    if (l.n)
        qsort(l.v, (size_t)l.n, sizeof *l.v, cmp_items);
    int label_w = 8;
    for (int i = 0; i < l.n; i++)
        if ((int)strlen(l.v[i].label) > label_w)
            label_w = (int)strlen(l.v[i].label);
    int *line_item = xcalloc((size_t)l.n * 3 + 1, sizeof *line_item);
    int nlines = build_lines(&l, line_item);
    int sel = 0;
    for (int i = 0; i < l.n && last_path; i++)
        if (strcmp(l.v[i].path, last_path) == 0)
            sel = i;
    int top = 0, press_item = -1;
    char *chosen = NULL;
    int nfam;
    const game_family *const *fams = game_families(&nfam);
    for (;;) {
        if (term_signal)
            break;
        if (l.n && !l.v[sel].graded)
            grade_lazily(&l.v[sel]);
        erase();
        int list_y = 2, list_h = LINES - 4;
        text_at(th, 0, 1, "tessera: choose a puzzle", ROLE_CLUE, A_BOLD);
        if (l.n == 0) {
            text_at(th, 2, 1, "No bundled puzzles found; looked in:", ROLE_PLAIN, 0);
            text_at(th, 3, 3, TESSERA_SOURCE_PUZZLE_DIR, ROLE_DIM, 0);
            text_at(th, 4, 3, TESSERA_PUZZLE_DIR, ROLE_DIM, 0);
            text_at(th, 6, 1, "Give a puzzle file or game ID: tessera FILE; or n: a new puzzle", ROLE_PLAIN, 0);
        }
        /* keep the selection on screen */
        int sel_line = 0;
        for (int k = 0; k < nlines; k++)
            if (line_item[k] == sel)
                sel_line = k;
        if (list_h < 1)
            list_h = 1;
        if (sel_line < top)
            top = sel_line > 0 && line_item[sel_line - 1] < -2 ? sel_line - 1 : sel_line;
        if (sel_line >= top + list_h)
            top = sel_line - list_h + 1;
        if (top > 0 && line_item[top - 1] < -2 && sel_line - (top - 1) < list_h)
            top--; /* show the heading of the first family on screen */
        /* the label column: as wide as the longest label, but leaving the
         * other columns (about 45) room on the screen */
        int lw = label_w < COLS - 49 ? label_w : COLS - 49;
        if (lw < 8)
            lw = 8;
        for (int k = top; k < nlines && k < top + list_h; k++) {
            int y = list_y + (k - top), it = line_item[k];
            if (it == -2)
                continue;
            if (it < -2) {
                int fi = -(it + 3);
                text_at(th, y, 1, fi < nfam ? fams[fi]->title : "?", ROLE_CLUE, A_BOLD);
                continue;
            }
            char row[300];
            format_row(&l.v[it], lw, row, sizeof row);
            /* a board larger than the terminal is played in a window that
             * scrolls (the man page, "Big boards"): say so, never hide it */
            if (l.v[it].need_rows > LINES || l.v[it].need_cols > COLS) {
                size_t len = strlen(row);
                snprintf(row + len, sizeof row - len, "  scrolls here");
            }
            text_at(th, y, 2, row, ROLE_PLAIN, it == sel ? A_REVERSE : 0);
        }
        if (menu_msg[0])
            text_at(th, LINES - 2, 1, menu_msg, ROLE_PLAIN, A_BOLD);
        text_at(th, LINES - 1, 1,
                ascii ? "up/down choose   Enter play   n new puzzle   d daily puzzle   q quit"
                      : "\xe2\x86\x91\xe2\x86\x93 choose   Enter play   n new puzzle   d daily puzzle   q quit",
                ROLE_DIM, 0);
        refresh();
        timeout(500);
        int ch = getch();
        if (ch == ERR || ch == KEY_RESIZE)
            continue;
        menu_msg[0] = 0;
        if (ch == CTRL('c')) {
            term_signal = SIGINT;
            break;
        }
        if (ch == 'q')
            break;
        if (ch == 27) {
            if (!alt_key() && confirm_quit(th))
                break;
            continue;
        }
        if (ch == 'n' || ch == 'd') {
            const game_family *f = l.n ? fams[l.v[sel].family] : NULL;
            chosen = new_puzzle_run(th, ascii, f, ch == 'd');
            if (chosen || term_signal)
                break;
            menu_set_message(new_puzzle_message());
            continue;
        }
        if (l.n == 0)
            continue;
        switch (ch) {
        case KEY_UP: case 'k': if (sel > 0) sel--; break;
        case KEY_DOWN: case 'j': if (sel < l.n - 1) sel++; break;
        case KEY_PPAGE: sel = sel > list_h ? sel - list_h : 0; break;
        case KEY_NPAGE: sel = sel + list_h < l.n ? sel + list_h : l.n - 1; break;
        case KEY_HOME: case 'g': sel = 0; break;
        case KEY_END: case 'G': sel = l.n - 1; break;
        case '\r': case '\n': case KEY_ENTER: chosen = xstrdup(l.v[sel].path); break;
        case KEY_MOUSE: {
            MEVENT me;
            if (getmouse(&me) != OK)
                break;
            int k = top + (me.y - list_y);
            int it = me.y >= list_y && k >= 0 && k < nlines ? line_item[k] : -1;
            if (me.bstate & BUTTON1_PRESSED) {
                press_item = it;
                if (it >= 0)
                    sel = it;
            } else if ((me.bstate & BUTTON1_RELEASED) && it >= 0 && it == press_item) {
                chosen = xstrdup(l.v[it].path);
            }
            break;
        }
        default: break;
        }
        if (chosen)
            break;
    }
    if (chosen) {
        free(last_path);
        last_path = xstrdup(chosen);
    }
    free(line_item);
    free_list(&l);
    return chosen;
}
