/* play_loop.c: the player as a game: new puzzle, next and previous,
 * restart as one undoable step, a yes before S, and after a solve the
 * statistics (stats.h) and the ways on (the manual's KEYS section). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "stats.h"
#include "tui/play_loop.h"

#define CONFIRM_SOLVE 'S'

static const char *ways_on(const app *s)
{
    return s->path ? "  > next  N new puzzle  M menu" : "  N new puzzle  M menu";
}

/* Restart: every element back to the starting board, as one step that u
 * takes back. */
static bool restart(app *s)
{
    const board *b = s->b;
    int *start = xcalloc((size_t)b->pz->nstate + 1, sizeof *start);
    s->f->init_state(b->pz->data, start);
    move m = {0};
    for (int i = 0; i < b->pz->nstate; i++)
        if (b->state[i] != start[i])
            move_set(&m, i, start[i]);
    free(start);
    engine_clear_view(s);
    bool changed = m.idx.n > 0 && session_apply(s->ss, &m, false);
    move_free(&m);
    if (changed) {
        screen_message(s, false, "restarted from the starting board (u takes it back)");
    } else {
        screen_message(s, false, "the board is already as it started");
    }
    return changed;
}

loop_key play_loop_key(app *s, int ch)
{
    if (s->confirm) {
        int what = s->confirm;
        s->confirm = 0;
        if (what == CONFIRM_SOLVE) {
            if (ch == 'y' || ch == 'Y')
                return engine_solve(s) ? LOOP_CHANGED : LOOP_DONE;
            screen_message(s, false, "not solved");
        }
        return LOOP_DONE; /* the answer is not a move */
    }
    switch (ch) {
    case 'S':
        if (s->done) {
            screen_message(s, false, "the board already holds the solution");
            return LOOP_DONE;
        }
        engine_clear_view(s);
        s->confirm = CONFIRM_SOLVE;
        screen_message(s, true, "Solve the puzzle for you? y: yes (u takes it back), any other key: no");
        return LOOP_DONE;
    case 'R': return restart(s) ? LOOP_CHANGED : LOOP_DONE;
    case 'N': s->next_action = PLAY_NEW; s->quit = true; return LOOP_DONE;
    case 'M': s->next_action = PLAY_MENU; s->quit = true; return LOOP_DONE;
    case '>':
    case '<':
        if (!s->path) {
            screen_message(s, false, "no %s puzzle: this one is not from a collection (N: a new one)",
                           ch == '>' ? "next" : "previous");
            return LOOP_DONE;
        }
        s->next_action = ch == '>' ? PLAY_NEXT : PLAY_PREV;
        s->quit = true;
        return LOOP_DONE;
    default: return LOOP_NOT_MINE;
    }
}

/* Adds text to the message on screen (which says "Solved in ...!",
 * after what the last key did). */
static void append(app *s, const char *text)
{
    size_t len = strlen(s->msg);
    snprintf(s->msg + len, sizeof s->msg - len, "%s", text);
}

void play_loop_solved(app *s)
{
    char more[900];
    if (s->b->solved_by_engine || s->recorded) {
        snprintf(more, sizeof more, ".%s", ways_on(s));
        append(s, more);
        return;
    }
    s->recorded = true;
    stats_entry e;
    stats_entry_of(s->b->pz, &e);
    e.seconds = s->b->elapsed;
    e.hints = s->b->hints;
    char path[PATH_MAX];
    diag err = {0};
    stats all = {0};
    bool ok = stats_path(path, sizeof path, &err);
    if (ok)
        ok = stats_record(path, &e, &all, &err);
    else
        stats_add(&all, &e);
    stats_summary sum;
    stats_summarize(&all, e.family, e.size, &sum);
    stats_free(&all);
    char size[64], best[32], median[32];
    stats_size_shown(e.size, size, sizeof size);
    screen_format_time(sum.best, best, sizeof best);
    screen_format_time(sum.median, median, sizeof median);
    if (ok) {
        snprintf(more, sizeof more, "  %s %s: solved %d, best %s, median %s, %ld hint%s in all.%s",
                 s->f->title, size, sum.solved, best, median, sum.hints, sum.hints == 1 ? "" : "s",
                 ways_on(s));
    } else {
        snprintf(more, sizeof more, "  The game is saved, but not the statistics: %.700s.%s", err.msg,
                 ways_on(s));
        s->msg_alert = true;
    }
    append(s, more);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char *play_loop_sibling(const char *path, int dir)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    char d[PATH_MAX];
    snprintf(d, sizeof d, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    const char *base = slash ? slash + 1 : path;
    if (!dot || dot < base)
        return NULL;
    DIR *dh = opendir(d);
    if (!dh)
        return NULL;
    char **v = NULL;
    int n = 0, cap = 0;
    struct dirent *ent;
    size_t elen = strlen(dot);
    while ((ent = readdir(dh)) != NULL) {
        size_t len = strlen(ent->d_name);
        if (ent->d_name[0] == '.' || len <= elen || strcmp(ent->d_name + len - elen, dot) != 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 32;
            v = xrealloc(v, (size_t)cap * sizeof *v);
        }
        v[n++] = xstrdup(ent->d_name);
    }
    closedir(dh);
    if (n)
        qsort(v, (size_t)n, sizeof *v, cmp_names);
    char *out = NULL;
    for (int i = 0; i < n; i++) {
        if (strcmp(v[i], base) != 0)
            continue;
        int k = i + dir;
        if (k >= 0 && k < n) {
            size_t len = strlen(d) + strlen(v[k]) + 2;
            out = xmalloc(len);
            snprintf(out, len, "%s/%s", d, v[k]);
        }
        break;
    }
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
    return out;
}
