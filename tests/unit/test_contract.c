/* test_contract.c: the promises of the family interface (game.h), checked
 * for every registered family on its smallest bundled puzzle, so that a new
 * family is tested by registering it (HACKING.md), and for the template
 * family (latin) on its test puzzles, registered or not. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "canvas.h"
#include "game.h"
#include "games/latin.h"
#include "puzzle_util.h"
#include "sat/assist.h"
#include "testlib.h"
#include "util.h"

typedef struct {
    char path[1024];
    long size;
} candidate;

static int by_size(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* Is f in the registry?  The template family is only with
 * -DTESSERA_TEMPLATE_FAMILY=ON; the rest of the program finds families there. */
static bool registered(const game_family *f)
{
    return game_find(f->name) == f;
}

/* The text read by family f: through the registry, as the program reads
 * it, when f is registered; else by f itself. */
static puzzle *parse_as(const game_family *f, const char *text, const char *source, diag *err)
{
    if (registered(f))
        return puzzle_from_text(text, source, NULL, f->name, err);
    return puzzle_parse(f, text, source, err);
}

/* Is the text a puzzle of f whose starting board is not yet solved? */
static bool playable(const game_family *f, const char *text)
{
    diag err = {0};
    puzzle *p = parse_as(f, text, "probe", &err);
    if (!p)
        return false;
    int *start = start_state(p);
    diag why = {0};
    bool open = !f->verify(p->data, start, &why);
    free(start);
    puzzle_free(p);
    return open;
}

/* Every FROM/FAMILY/NAME.EXTENSION (from: the source tree's puzzles, or
 * tests/data for the template), smallest first (caller frees). */
static candidate *bundled(const game_family *f, const char *from, int *count)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/%s", from, f->name);
    candidate *c = NULL;
    int nc = 0;
    *count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *dot = strrchr(e->d_name, '.');
        struct stat st;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (!dot || strcmp(dot + 1, f->extension) != 0 || stat(p, &st) != 0)
            continue;
        c = xrealloc(c, (size_t)(nc + 1) * sizeof *c);
        snprintf(c[nc].path, sizeof c[nc].path, "%s", p);
        c[nc++].size = (long)st.st_size;
    }
    closedir(d);
    /* by size, then name: the choice does not depend on readdir's order */
    if (nc > 0)
        qsort(c, (size_t)nc, sizeof *c, by_size);
    *count = nc;
    return c;
}

/* The smallest of them that leaves the player something to do, read into
 * a string (caller frees); NULL when there is none. */
static char *smallest_bundled(const game_family *f, const char *from, char *path, size_t n)
{
    int nc;
    candidate *c = bundled(f, from, &nc);
    char *text = NULL;
    for (int i = 0; i < nc && !text; i++) {
        size_t len;
        text = read_file(c[i].path, MAX_PUZZLE_BYTES, &len);
        if (text && !playable(f, text)) {
            free(text);
            text = NULL;
        } else if (text) {
            snprintf(path, n, "%s", c[i].path);
        }
    }
    free(c);
    return text;
}

/* A family's puzzle, loaded from text through the family named. */
static puzzle *load(const game_family *f, const char *text, const char *source)
{
    diag err = {.source = source};
    puzzle *p = parse_as(f, text, source, &err);
    return report_load(p, &err);
}

/* The text reads to the same puzzle every time: the same state length and
 * the same starting board (parse keeps nothing between calls). */
static void parse_is_repeatable(const game_family *f, const char *text, const char *src)
{
    puzzle *a = load(f, text, src), *b = load(f, text, src);
    CHECK_MSG(a && b, "%s: %s parses", f->name, src);
    if (a && b) {
        CHECK_MSG(a->nstate == b->nstate && a->nstate > 0, "%s: state length", f->name);
        int *sa = start_state(a), *sb = start_state(b);
        CHECK_MSG(memcmp(sa, sb, (size_t)a->nstate * sizeof *sa) == 0, "%s: same start", f->name);
        char da[128] = "", db[128] = "";
        f->describe(a->data, da, sizeof da);
        f->describe(b->data, db, sizeof db);
        CHECK_MSG(da[0] && strcmp(da, db) == 0, "%s: description '%s'", f->name, da);
        free(sa);
        free(sb);
    }
    if (a)
        puzzle_free(a);
    if (b)
        puzzle_free(b);
}

/* format_puzzle writes text that reads back to the same puzzle (state
 * length, starting board and its marks, description) and that writes the same text
 * again: parse(format(parse(text))) formats as format(parse(text)). */
static void format_round_trips(const game_family *f, const puzzle *p)
{
    const char *name = strrchr(p->source, '/') ? strrchr(p->source, '/') + 1 : p->source;
    strbuf once = {0}, twice = {0};
    f->format_puzzle(p->data, &once);
    CHECK_MSG(once.n > 0, "%s: %s: format_puzzle writes", f->name, name);
    puzzle *q = load(f, once.s ? once.s : "", "formatted");
    CHECK_MSG(q != NULL, "%s: %s: its formatted text parses:\n%s", f->name, name, once.s ? once.s : "");
    if (q) {
        CHECK_MSG(q->nstate == p->nstate, "%s: %s: formatted: state length", f->name, name);
        if (q->nstate == p->nstate) {
            int *sp = start_state(p), *sq = start_state(q);
            CHECK_MSG(memcmp(sp, sq, (size_t)p->nstate * sizeof *sp) == 0, "%s: %s: formatted: same start",
                      f->name, name);
            /* the same claims at the start: what the board does not show,
             * such as a locked tile, is a mark */
            int max = 4 * p->nstate + 64;
            int *mp = xcalloc((size_t)max, sizeof *mp), *mq = xcalloc((size_t)max, sizeof *mq);
            int np = f->state_marks(p->data, sp, mp, max), nq = f->state_marks(q->data, sq, mq, max);
            CHECK_MSG(np == nq && memcmp(mp, mq, (size_t)np * sizeof *mp) == 0,
                      "%s: %s: formatted: the same marks at the start (%d, not %d)", f->name, name, nq, np);
            free(mp);
            free(mq);
            free(sp);
            free(sq);
        }
        char dp[128] = "", dq[128] = "";
        f->describe(p->data, dp, sizeof dp);
        f->describe(q->data, dq, sizeof dq);
        CHECK_MSG(strcmp(dp, dq) == 0, "%s: %s: formatted: '%s', not '%s'", f->name, name, dq, dp);
        f->format_puzzle(q->data, &twice);
        CHECK_MSG(twice.n == once.n && strcmp(once.s, twice.s) == 0,
                  "%s: %s: formats the same twice:\n%s---\n%s", f->name, name, once.s, twice.s ? twice.s : "");
        puzzle_free(q);
    }
    sb_free(&once);
    sb_free(&twice);
}

/* The solver's answer passes the independent checker, the starting board
 * does not, and the answer's text is written the same way twice. */
static int *solved_and_verified(const game_family *f, puzzle *p)
{
    diag why = {0};
    int *start = start_state(p);
    CHECK_MSG(!f->verify(p->data, start, &why), "%s: the start is no solution", f->name);
    free(start);
    assist *a = puzzle_encode(p);
    int *state = start_state(p);
    CHECK_MSG(solve_into(p, a, state, 60) == ASSIST_OK, "%s: solved", f->name);
    why.msg[0] = '\0';
    CHECK_MSG(f->verify(p->data, state, &why), "%s: checker: %s", f->name, why.msg);
    strbuf x = {0}, y = {0};
    f->format_answer(p->data, state, &x);
    f->format_answer(p->data, state, &y);
    CHECK_MSG(x.n > 0 && y.n == x.n && strcmp(x.s, y.s) == 0, "%s: answer text", f->name);
    sb_free(&x);
    sb_free(&y);
    assist_free(a);
    return state;
}

/* A fact the solver's answer asserts but the starting board does not:
 * the hint a player at the start could get. */
static int a_hint_fact(const game_family *f, puzzle *p)
{
    assist *a = puzzle_encode(p);
    int nfacts = assist_num_facts(a);
    int *marks = xcalloc((size_t)nfacts + 1, sizeof *marks);
    bool *facts = xcalloc((size_t)nfacts + 1, sizeof *facts);
    int *start = start_state(p);
    int nm = f->state_marks(p->data, start, marks, nfacts);
    int fact = -1;
    if (assist_solve(a, marks, nm, facts) == ASSIST_OK)
        for (int i = 0; i < nfacts && fact < 0; i++) {
            bool marked = false;
            for (int k = 0; k < nm; k++)
                marked |= marks[k] == i;
            if (facts[i] && !marked)
                fact = i;
        }
    for (int k = 0; k < nm; k++)
        CHECK_MSG(marks[k] >= 0 && marks[k] < nfacts, "%s: mark %d is a fact", f->name, marks[k]);
    free(marks);
    free(facts);
    free(start);
    assist_free(a);
    return fact;
}

/* Cells a drawing wrote to. */
static int drawn_cells(const canvas *cv)
{
    int n = 0;
    for (int y = 0; y < cv->rows; y++)
        for (int x = 0; x < cv->cols; x++) {
            const canvas_cell *c = canvas_at(cv, y, x);
            n += strcmp(c->glyph, " ") != 0 || c->role || c->marks || c->bg;
        }
    return n;
}

/* A draw into a canvas of the size layout asked for stays inside it (the
 * canvas counts writes outside it): unless the family says it draws past
 * the edge on purpose (game_ui.draws_past_edge). */
static void drawn_inside(const game_family *f, const canvas *cv, const char *when)
{
    if (!f->ui->draws_past_edge)
        CHECK_MSG(cv->outside == 0, "%s: %ld writes outside the %dx%d canvas (%s)", f->name, cv->outside,
                  cv->rows, cv->cols, when);
}

/* The smallest geometry: layout in a 1x1 area reports what it would need;
 * given exactly that, layout succeeds and the drawing stays inside. */
static void smallest_layout_fits(const game_family *f, puzzle *p, bool ascii)
{
    int *start = start_state(p);
    void *ui = f->ui->create(p->data);
    int rows = 0, cols = 0;
    if (!f->ui->layout(p->data, ui, 1, 1, ascii, &rows, &cols)) {
        CHECK_MSG(rows > 0 && cols > 0, "%s: the smallest size %dx%d", f->name, rows, cols);
        int r2 = 0, c2 = 0;
        CHECK_MSG(f->ui->layout(p->data, ui, rows, cols, ascii, &r2, &c2),
                  "%s: layout fits the %dx%d it asked for", f->name, rows, cols);
        canvas cv;
        canvas_init(&cv, r2, c2, ascii);
        f->ui->draw(p->data, ui, start, NULL, &cv);
        drawn_inside(f, &cv, "the smallest geometry");
        canvas_free(&cv);
    }
    f->ui->free(ui);
    free(start);
}

/* The hint's fact becomes a move on the board (indices inside the state)
 * and is drawn as a hint on a canvas no bigger than the area offered and
 * no smaller than the drawing, in both glyph sets; ASCII mode draws ASCII
 * only. */
static void hint_lies_on_the_board(const game_family *f, puzzle *p, int fact)
{
    int *start = start_state(p);
    move m = {0};
    f->fact_move(p->data, start, fact, &m);
    CHECK_MSG(m.idx.n > 0, "%s: fact %d gives a move", f->name, fact);
    for (int i = 0; i < m.idx.n; i++)
        CHECK_MSG(m.idx.v[i] >= 0 && m.idx.v[i] < p->nstate, "%s: move index %d", f->name, m.idx.v[i]);
    move_free(&m);
    for (int ascii = 0; ascii <= 1; ascii++) {
        void *ui = f->ui->create(p->data);
        int rows, cols;
        CHECK_MSG(f->ui->layout(p->data, ui, 60, 160, ascii, &rows, &cols), "%s: layout", f->name);
        CHECK_MSG(rows > 0 && cols > 0 && rows <= 60 && cols <= 160, "%s: %dx%d", f->name, rows, cols);
        canvas cv;
        canvas_init(&cv, rows, cols, ascii);
        f->ui->draw(p->data, ui, start, NULL, &cv);
        CHECK_MSG(drawn_cells(&cv) > 0, "%s: the board is drawn", f->name);
        drawn_inside(f, &cv, "the start");
        view v = {.hint_facts = &fact, .nhint = 1};
        canvas_clear(&cv);
        f->ui->draw(p->data, ui, start, &v, &cv);
        drawn_inside(f, &cv, "a hint");
        int hinted = 0;
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < cols; x++)
                hinted += (canvas_at(&cv, y, x)->marks & MARK_HINT) != 0;
        CHECK_MSG(hinted > 0, "%s: fact %d is shown as a hint", f->name, fact);
        if (ascii) {
            char *txt = canvas_to_text(&cv);
            bool only = true;
            for (const char *q = txt; *q; q++)
                only &= (unsigned char)*q < 128;
            CHECK_MSG(only, "%s: --ascii draws ASCII only", f->name);
            free(txt);
        }
        canvas_free(&cv);
        f->ui->free(ui);
        smallest_layout_fits(f, p, ascii);
    }
    free(start);
}

/* The solved board, played as a move, survives a save and a load. */
static void state_survives_save_and_load(const game_family *f, const char *text, const char *src,
                                         const int *solution)
{
    puzzle *p = load(f, text, src);
    if (!p)
        return;
    board *b = board_create(p);
    move m = {0};
    for (int i = 0; i < p->nstate; i++)
        if (b->state[i] != solution[i])
            move_set(&m, i, solution[i]);
    diag why = {0};
    CHECK_MSG(board_move_allowed(b, &m, &why), "%s: %s", f->name, why.msg);
    CHECK_MSG(board_apply(b, &m, false), "%s: the move applies", f->name);
    move_free(&m);
    strbuf save = {0};
    diag err = {0};
    CHECK_MSG(board_format_checked(b, &save, &err), "%s: %s", f->name, err.msg);
    diag d = {.source = "contract.save"};
    board *back = board_load_text(save.s ? save.s : "", save.n, "contract.save", &d);
    CHECK_MSG(back != NULL, "%s: reloads: %s", f->name, d.msg);
    if (back) {
        CHECK(back->pz->nstate == p->nstate);
        CHECK_MSG(memcmp(back->state, solution, (size_t)p->nstate * sizeof *solution) == 0,
                  "%s: the state comes back", f->name);
        CHECK(back->nsteps == b->nsteps && back->pos == b->pos);
        board_free(back);
    }
    sb_free(&save);
    board_free(b);
}

/* The promises, for family f on the smallest playable puzzle under from. */
static void family_keeps_the_contract(const game_family *f, const char *from)
{
    CHECK_MSG(f->name && f->title && f->extension && f->parse && f->verify && f->encode &&
                  f->format_puzzle && f->ui->create && f->ui->layout && f->ui->draw && f->ui->input,
              "%s: the required hooks", f->name);
    char path[2048] = "";
    char *text = smallest_bundled(f, from, path, sizeof path);
    CHECK_MSG(text != NULL, "%s: a puzzle in %s/%s", f->name, from, f->name);
    if (!text)
        return;
    parse_is_repeatable(f, text, path);
    /* the round trip costs no solving: every bundled puzzle takes it, so
     * that a writer is tested on every feature the files use */
    int nc;
    candidate *all = bundled(f, from, &nc);
    for (int i = 0; i < nc && f->format_puzzle; i++) {
        size_t len;
        char *t = read_file(all[i].path, MAX_PUZZLE_BYTES, &len);
        puzzle *q = t ? load(f, t, all[i].path) : NULL;
        CHECK_MSG(q != NULL, "%s: %s loads", f->name, all[i].path);
        if (q)
            format_round_trips(f, q);
        puzzle_free(q);
        free(t);
    }
    free(all);
    puzzle *p = load(f, text, path);
    if (p) {
        int *solution = solved_and_verified(f, p);
        int fact = a_hint_fact(f, p);
        CHECK_MSG(fact >= 0, "%s: the start leaves something to hint", f->name);
        if (fact >= 0)
            hint_lies_on_the_board(f, p, fact);
        /* a save names its family, which a load finds in the registry */
        if (registered(f))
            state_survives_save_and_load(f, text, path, solution);
        free(solution);
        puzzle_free(p);
    }
    free(text);
    printf("%s: %s%s\n", f->name, strrchr(path, '/') ? strrchr(path, '/') + 1 : path,
           registered(f) ? "" : " (not registered: no save and load)");
}

static void every_family_keeps_the_contract(void)
{
    int n;
    const game_family *const *all = game_families(&n);
    CHECK(n > 0);
    for (int i = 0; i < n; i++) {
        CHECK_MSG(game_find(all[i]->name) == all[i], "%s: found by name", all[i]->name);
        family_keeps_the_contract(all[i], all[i] == &latin_family ? TESSERA_TEST_DATA
                                                                  : TESSERA_SOURCE_PUZZLE_DIR);
    }
}

/* The template a newcomer copies keeps the contract too, registered or
 * not (CMake's TESSERA_TEMPLATE_FAMILY), so that it never rots. */
static void the_template_keeps_the_contract(void)
{
    if (!registered(&latin_family))
        family_keeps_the_contract(&latin_family, TESSERA_TEST_DATA);
}

int main(void)
{
    RUN(every_family_keeps_the_contract);
    RUN(the_template_keeps_the_contract);
    TEST_MAIN_END();
}
