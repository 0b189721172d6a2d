/* game.c: loading puzzles (file or inline game ID, family by --game,
 * extension or content) and move helpers. */
#include "game.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void move_set(move *m, int idx, int val)
{
    vec_push(&m->idx, idx);
    vec_push(&m->val, val);
}

void move_free(move *m)
{
    vec_free(&m->idx);
    vec_free(&m->val);
}

const game_family *game_find(const char *name)
{
    int n;
    const game_family *const *all = game_families(&n);
    for (int i = 0; i < n; i++)
        if (strcmp(all[i]->name, name) == 0 || strcmp(all[i]->extension, name) == 0)
            return all[i];
    return NULL;
}

static const game_family *family_for(const char *text, const char *ext_hint, const char *game_name,
                                     diag *err)
{
    if (game_name) {
        const game_family *f = game_find(game_name);
        if (!f) {
            int n;
            const game_family *const *all = game_families(&n);
            char names[128] = "";
            for (int i = 0; i < n; i++) {
                strncat(names, i ? ", " : "", sizeof names - strlen(names) - 1);
                strncat(names, all[i]->name, sizeof names - strlen(names) - 1);
            }
            diag_set(err, 0, 0, "unknown game '%s' (expected one of: %s)", game_name, names);
        }
        return f;
    }
    if (ext_hint) {
        const game_family *f = game_find(ext_hint);
        if (f)
            return f;
    }
    int n, best = 0;
    const game_family *const *all = game_families(&n);
    const game_family *found = NULL;
    for (int i = 0; i < n; i++) {
        int score = all[i]->sniff ? all[i]->sniff(text) : 0;
        if (score > best) {
            best = score;
            found = all[i];
        }
    }
    if (!found)
        diag_set(err, 0, 0, "cannot tell which puzzle this is (use --game NAME or a file extension "
                            "such as .tents)");
    return found;
}

puzzle *puzzle_from_text(const char *text, const char *source, const char *ext_hint,
                         const char *game_name, diag *err)
{
    err->source = source;
    if (strlen(text) != 0 && memchr(text, 0, strlen(text)) != NULL) {
        diag_set(err, 1, 1, "binary data (a NUL byte) where puzzle text was expected");
        return NULL;
    }
    const game_family *f = family_for(text, ext_hint, game_name, err);
    if (!f)
        return NULL;
    return puzzle_parse(f, text, source, err);
}

puzzle *puzzle_parse(const game_family *f, const char *text, const char *source, diag *err)
{
    err->source = source;
    int nstate = 0;
    void *data = f->parse(text, err, &nstate);
    if (!data)
        return NULL;
    puzzle *p = xcalloc(1, sizeof *p);
    p->family = f;
    p->data = data;
    p->nstate = nstate;
    p->source = xstrdup(source);
    p->text = xstrdup(text);
    return p;
}

puzzle *puzzle_load(const char *arg, const char *game_name, diag *err)
{
    struct stat st;
    err->source = arg;
    if (stat(arg, &st) != 0) {
        /* Not a file: an inline game ID such as "8x8de:bcdd...".  Anything
         * with a path separator or a known extension was meant as a file. */
        const char *dot = strrchr(arg, '.');
        if (strchr(arg, '/') || (dot && (game_find(dot + 1) || strcmp(dot, ".save") == 0))) {
            diag_read_failed(err, errno, MAX_PUZZLE_BYTES, "a puzzle");
            return NULL;
        }
        return puzzle_from_text(arg, "game ID", NULL, game_name, err);
    }
    if (S_ISDIR(st.st_mode)) {
        diag_read_failed(err, EISDIR, MAX_PUZZLE_BYTES, "a puzzle");
        return NULL;
    }
    size_t len = 0;
    char *text = read_file(arg, MAX_PUZZLE_BYTES, &len);
    if (!text) {
        diag_read_failed(err, errno, MAX_PUZZLE_BYTES, "a puzzle");
        return NULL;
    }
    if (strlen(text) != len) {
        size_t nul = strlen(text);
        int line, col;
        text_position(text, nul, &line, &col);
        diag_set(err, line, col, "binary data (a NUL byte) where puzzle text was expected");
        free(text);
        return NULL;
    }
    const char *base = strrchr(arg, '/');
    base = base ? base + 1 : arg;
    const char *dot = strrchr(base, '.');
    puzzle *p = puzzle_from_text(text, arg, dot ? dot + 1 : NULL, game_name, err);
    free(text);
    return p;
}

void puzzle_free(puzzle *p)
{
    if (!p)
        return;
    p->family->free_puzzle(p->data);
    free(p->source);
    free(p->text);
    free(p);
}

assist *puzzle_encode(const puzzle *p)
{
    assist *a = assist_create();
    p->family->encode(p->data, a);
    if (p->family->enumerate) {
        assist_set_enumerator(a, p->family->enumerate, p->data, NULL);
        assist_set_enumerator_deferred(a, p->family->enumerate_deferred);
        assist_set_enumerator_resumes(a, p->family->enumerate_resumes);
    }
    if (p->family->images)
        assist_set_images(a, p->family->images, p->data, NULL);
    return a;
}

/* state_marks(state) into a buffer that grows until it holds them all. */
static int marks_of(const puzzle *p, const int *state, int **out)
{
    for (int max = p->nstate + 2;; max *= 2) {
        *out = xcalloc((size_t)max, sizeof **out);
        int n = p->family->state_givens ? p->family->state_givens(p->data, state, *out, max)
                                        : p->family->state_marks(p->data, state, *out, max);
        if (n < max)
            return n;
        free(*out);
    }
}

int puzzle_givens(const puzzle *p, const int *state, int **out)
{
    if (p->family->state_givens)
        return marks_of(p, state, out);
    /* the starting board's marks are the givens; keep those the state
     * still asserts (a family refuses moves that change a given) */
    int *start = xcalloc((size_t)p->nstate + 1, sizeof *start);
    p->family->init_state(p->data, start);
    int *given, *now;
    int ng = marks_of(p, start, &given), nn = marks_of(p, state, &now), n = 0;
    for (int i = 0; i < ng; i++)
        for (int j = 0; j < nn; j++)
            if (given[i] == now[j]) {
                given[n++] = given[i];
                break;
            }
    free(now);
    free(start);
    *out = given;
    return n;
}
