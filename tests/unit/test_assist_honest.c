/* test_assist_honest.c: the engine's labels against the truth.  On tiny
 * boards of all five families every solution is found by brute force in
 * plain C (each candidate board judged by the family's checker, never by
 * the solver), and then: every hint labelled forced holds in all solutions
 * consistent with the marks, a choice is offered only when nothing is
 * forced, and the forced set (also after a move) is exactly the facts all
 * those solutions share, each refuted fact with a real solution as its
 * witness.  With a tiny budget nothing is claimed without a proof and no
 * empty reason is passed off as complete. */
#include <string.h>

#include "games/hexiom.h"
#include "games/tantrix.h"
#include "games/tents.h"
#include "games/tetravex.h"
#include "games/tracks.h"
#include "hexgrid.h"
#include "puzzle_util.h"
#include "rng.h"

/* --- the solutions, by brute force --- */

typedef struct {
    const puzzle *p;
    int n, cap;
    int **s; /* complete boards the checker accepts */
} sols;

static void keep_if_solution(sols *out, const int *state)
{
    diag why = {0};
    if (!out->p->family->verify(out->p->data, state, &why))
        return;
    if (out->n == out->cap) {
        out->cap = out->cap ? 2 * out->cap : 16;
        out->s = xrealloc(out->s, (size_t)out->cap * sizeof *out->s);
    }
    out->s[out->n] = xmalloc((size_t)out->p->nstate * sizeof **out->s);
    memcpy(out->s[out->n++], state, (size_t)out->p->nstate * sizeof *state);
}

static void sols_free(sols *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->s[i]);
    free(s->s);
}

/* Tents: every blank cell a tent or grass. */
static void tents_all(sols *out)
{
    const tents_puzzle *t = out->p->data;
    int *st = start_state(out->p), free_cells[64], k = 0;
    for (int c = 0; c < t->w * t->h; c++)
        if (st[c] == TENTS_BLANK)
            free_cells[k++] = c;
    CHECK(k <= 20);
    for (long m = 0; m < (1L << k); m++) {
        for (int i = 0; i < k; i++)
            st[free_cells[i]] = (m >> i) & 1 ? TENTS_TENT : TENTS_GRASS;
        keep_if_solution(out, st);
    }
    free(st);
}

/* Train Tracks: every simple path of cells from the entrance cell to the
 * exit cell, as a board with track exactly on the path. */
static void tracks_walk(sols *out, const tracks_puzzle *t, int *path, int len, bool *on)
{
    int c = path[len - 1];
    if (c == t->end_cell[1]) {
        int cells = tracks_cells(t), *st = xcalloc((size_t)tracks_nstate(t), sizeof *st);
        for (int i = 0; i < tracks_nstate(t); i++)
            st[i] = TRACKS_NONE;
        for (int i = 0; i < len; i++) {
            st[path[i]] = TRACKS_TRACK;
            for (int d = 1; i + 1 < len && d <= 8; d <<= 1)
                if (tracks_neighbour(t, path[i], d) == path[i + 1])
                    st[cells + tracks_edge(t, path[i], d)] = TRACKS_TRACK;
        }
        keep_if_solution(out, st);
        free(st);
        return;
    }
    for (int d = 1; d <= 8; d <<= 1) {
        int n = tracks_neighbour(t, c, d);
        if (n < 0 || on[n])
            continue;
        on[n] = true;
        path[len] = n;
        tracks_walk(out, t, path, len + 1, on);
        on[n] = false;
    }
}

static void tracks_all(sols *out)
{
    const tracks_puzzle *t = out->p->data;
    int cells = tracks_cells(t);
    int *path = xcalloc((size_t)cells, sizeof *path);
    bool *on = xcalloc((size_t)cells, sizeof *on);
    path[0] = t->end_cell[0];
    on[path[0]] = true;
    tracks_walk(out, t, path, 1, on);
    free(path);
    free(on);
}

/* Tetravex: every arrangement of the tiles. */
static void tetravex_perm(sols *out, int *st, int k, int n)
{
    if (k == n) {
        keep_if_solution(out, st);
        return;
    }
    for (int i = k; i < n; i++) {
        int x = st[k];
        st[k] = st[i];
        st[i] = x;
        tetravex_perm(out, st, k + 1, n);
        st[i] = st[k];
        st[k] = x;
    }
}

static void tetravex_all(sols *out)
{
    const tetravex_puzzle *t = out->p->data;
    int *st = start_state(out->p);
    for (int c = 0; c < t->ntiles; c++)
        st[c] = c;
    tetravex_perm(out, st, 0, t->ntiles);
    free(st);
}

/* Hexiom: every arrangement of the movable contents (tiles and gaps) over
 * the slots that are neither holes nor locked, every slot pinned. */
static void hexiom_fill(sols *out, const hexiom_puzzle *h, int *st, const int *slots, int k,
                         int nslots, int *count)
{
    if (k == nslots) {
        keep_if_solution(out, st);
        return;
    }
    for (int v = -1; v < HEXIOM_VALUES; v++) {
        if (count[v + 1] == 0)
            continue;
        count[v + 1]--;
        st[slots[k]] = v < 0 ? HEXIOM_EMPTY : HEXIOM_TILE(v);
        hexiom_fill(out, h, st, slots, k + 1, nslots, count);
        count[v + 1]++;
    }
}

static void hexiom_all(sols *out)
{
    const hexiom_puzzle *h = out->p->data;
    int *st = start_state(out->p), slots[64], k = 0, count[HEXIOM_VALUES + 1] = {0};
    for (int c = 0; c < h->ncells; c++) {
        if (h->hole[c] || h->locked[c])
            continue;
        slots[k++] = c;
        count[h->start[c] + 1]++; /* -1 empty */
        st[h->ncells + c] = 1;
    }
    hexiom_fill(out, h, st, slots, 0, k, count);
    free(st);
}

/* Tantrix: the tiles not placed at the start go, in turn, on every free
 * cell near the origin in every rotation, touching edges of the same
 * colour (a rule the checker also enforces: only a shortcut). */
static void tantrix_fill(sols *out, const tantrix_puzzle *t, int *st, int tile, int reach)
{
    while (tile < t->n && st[3 * tile] != TANTRIX_OFF)
        tile++;
    if (tile == t->n) {
        keep_if_solution(out, st);
        return;
    }
    for (int q = -reach; q <= reach; q++)
        for (int r = -reach; r <= reach; r++) {
            if (hex_distance(0, 0, q, r) > reach)
                continue;
            bool taken = false;
            for (int j = 0; j < t->n && !taken; j++)
                taken = st[3 * j] != TANTRIX_OFF && st[3 * j + 1] == q && st[3 * j + 2] == r;
            if (taken)
                continue;
            for (int rot = 0; rot < 6; rot++) {
                bool fits = true;
                for (int j = 0; j < t->n && fits; j++) {
                    if (st[3 * j] == TANTRIX_OFF)
                        continue;
                    for (int k = 0; k < 6; k++)
                        if (q + HEX_DQ[k] == st[3 * j + 1] && r + HEX_DR[k] == st[3 * j + 2] &&
                            tantrix_edge(t, tile, rot, k) != tantrix_edge(t, j, st[3 * j], hex_opposite(k)))
                            fits = false;
                }
                if (!fits)
                    continue;
                st[3 * tile] = rot;
                st[3 * tile + 1] = q;
                st[3 * tile + 2] = r;
                tantrix_fill(out, t, st, tile + 1, reach);
                st[3 * tile] = TANTRIX_OFF;
            }
        }
}

static void tantrix_all(sols *out)
{
    const tantrix_puzzle *t = out->p->data;
    int *st = start_state(out->p);
    if (t->ngiven == 0) { /* tile 0 holds the frame: at the origin, unturned */
        st[0] = 0;
        st[1] = st[2] = 0;
    }
    tantrix_fill(out, t, st, 0, t->n - 1);
    free(st);
}

/* --- the engine against them --- */

typedef struct {
    const puzzle *p;
    sols all;
    int nf;
    bool **has; /* has[s][f]: fact f holds in solution s */
    int *givens;
    int ng;
} truth;

static void truth_make(truth *tr, const puzzle *p, void (*enumerate)(sols *))
{
    memset(tr, 0, sizeof *tr);
    tr->p = p;
    tr->all.p = p;
    enumerate(&tr->all);
    assist *a = puzzle_encode(p);
    tr->nf = assist_num_facts(a);
    assist_free(a);
    tr->has = xcalloc((size_t)tr->all.n + 1, sizeof *tr->has);
    int *marks = xcalloc((size_t)tr->nf + 1, sizeof *marks);
    for (int s = 0; s < tr->all.n; s++) {
        tr->has[s] = xcalloc((size_t)tr->nf + 1, sizeof **tr->has);
        int n = p->family->state_marks(p->data, tr->all.s[s], marks, tr->nf + 1);
        for (int i = 0; i < n; i++)
            tr->has[s][marks[i]] = true;
    }
    free(marks);
    int *st = start_state(p);
    tr->ng = puzzle_givens(p, st, &tr->givens);
    free(st);
}

static void truth_free(truth *tr)
{
    for (int s = 0; s < tr->all.n; s++)
        free(tr->has[s]);
    free(tr->has);
    free(tr->givens);
    sols_free(&tr->all);
}

static assist *engine(const truth *tr)
{
    assist *a = puzzle_encode(tr->p);
    assist_set_givens(a, tr->givens, tr->ng);
    return a;
}

/* Is fact f, by the brute force, in every solution with these marks
 * (and the givens), and not already asserted by them? */
typedef struct {
    bool *forced, *marked;
    int nconsistent;
} judged;

static judged judge(const truth *tr, const assist *a, const int *marks, int nm)
{
    judged j = {xcalloc((size_t)tr->nf + 1, 1), xcalloc((size_t)tr->nf + 1, 1), 0};
    int_vec all = {0};
    for (int i = 0; i < tr->ng; i++)
        vec_push(&all, tr->givens[i]);
    for (int i = 0; i < nm; i++)
        vec_push(&all, marks[i]);
    for (int f = 0; f < tr->nf; f++) {
        for (int i = 0; i < all.n; i++)
            j.marked[f] |= assist_fact_lit(a, all.v[i]) == assist_fact_lit(a, f);
        j.forced[f] = !j.marked[f];
    }
    for (int s = 0; s < tr->all.n; s++) {
        bool ok = true;
        for (int i = 0; i < all.n && ok; i++)
            ok = tr->has[s][all.v[i]];
        if (!ok)
            continue;
        j.nconsistent++;
        for (int f = 0; f < tr->nf; f++)
            j.forced[f] &= tr->has[s][f];
    }
    vec_free(&all);
    return j;
}

static void judged_free(judged *j)
{
    free(j->forced);
    free(j->marked);
}

/* Every fact of the forced set as the brute force sees it. */
static void check_forced_set(const truth *tr, assist *a, assist_forced *fs, const int *marks, int nm,
                             const char *what)
{
    judged j = judge(tr, a, marks, nm);
    CHECK_MSG(assist_forced_open(fs) == 0, "%s: %d facts open with no budget", what, assist_forced_open(fs));
    for (int f = 0; f < tr->nf; f++) {
        assist_fact_status st = assist_forced_status(fs, f);
        if (j.marked[f]) {
            CHECK_MSG(st == ASSIST_FACT_MARKED, "%s: fact %d is marked, status %d", what, f, st);
            continue;
        }
        CHECK_MSG((st == ASSIST_FACT_FORCED) == j.forced[f], "%s: fact %d status %d, forced %d", what, f,
                  st, j.forced[f]);
        if (st == ASSIST_FACT_FORCED)
            CHECK(assist_forced_proof(fs, f) != ASSIST_PROOF_NONE);
        if (st == ASSIST_FACT_REFUTED) {
            /* the witness is one of the solutions, and lacks f */
            const bool *w = assist_forced_witness(fs, f);
            CHECK(w && !w[f]);
            bool found = false;
            for (int s = 0; w && s < tr->all.n && !found; s++) {
                bool same = true;
                for (int g = 0; g < tr->nf && same; g++)
                    same = w[g] == tr->has[s][g];
                found = same;
            }
            CHECK_MSG(found, "%s: the witness for fact %d is no solution", what, f);
        }
    }
    judged_free(&j);
}

/* The hint and its label on one board. */
static void check_hint(const truth *tr, assist *a, const int *marks, int nm, const char *what)
{
    judged j = judge(tr, a, marks, nm);
    assist_hint_result hr;
    assist_reason reason = {0};
    assist_status st = assist_hint_explained(a, marks, nm, NULL, 0, &hr, &reason);
    CHECK_MSG(st == ASSIST_OK, "%s: hint status %d", what, st);
    printf("  %s: %d consistent, hint %d label %d proof %d reason %d (%d groups, %d marks, %d givens)\n",
           what, j.nconsistent, hr.fact, hr.label, hr.proof, reason.kind, reason.groups.n,
           reason.marks.n, reason.givens.n);
    bool any_forced = false;
    for (int f = 0; f < tr->nf; f++)
        any_forced |= j.forced[f];
    if (hr.forced) {
        CHECK_MSG(hr.fact >= 0 && j.forced[hr.fact], "%s: fact %d labelled forced is not", what, hr.fact);
        CHECK(hr.proof != ASSIST_PROOF_NONE);
        CHECK(hr.label == ASSIST_LABEL_FORCED || hr.label == ASSIST_LABEL_FORCED_NO_REASON);
        CHECK((hr.label == ASSIST_LABEL_FORCED) == (reason.kind != ASSIST_REASON_NONE));
        /* a minimal reason leaves nothing out: every given and mark it
         * names is one of the board's */
        for (int i = 0; i < reason.givens.n; i++)
            CHECK(assist_is_given(a, reason.givens.v[i]));
        for (int i = 0; i < reason.marks.n; i++)
            CHECK(!assist_is_given(a, reason.marks.v[i]));
    } else {
        CHECK_MSG(hr.label == ASSIST_LABEL_CHOICE, "%s: label %d", what, hr.label);
        CHECK_MSG(!any_forced, "%s: a choice offered while a fact is forced", what);
        if (hr.fact >= 0)
            CHECK(!j.marked[hr.fact]);
    }
    CHECK_MSG(any_forced == hr.forced || hr.fact < 0, "%s: forced facts exist, hint says none", what);
    assist_reason_free(&reason);
    judged_free(&j);
}

/* Boards from the first solution: a third, two thirds, all but one of its
 * own marks; the hint and the forced set on each, then one more mark and
 * the forced set updated. */
static void check_family(const char *family, const char *text, void (*enumerate)(sols *))
{
    puzzle *p = load_family_text(family, text);
    CHECK(p != NULL);
    if (!p)
        return;
    truth tr;
    truth_make(&tr, p, enumerate);
    CHECK_MSG(tr.all.n > 0, "%s: no solution found by brute force", family);
    printf("%s: %d solutions by brute force\n", family, tr.all.n);
    if (tr.all.n == 0) {
        truth_free(&tr);
        puzzle_free(p);
        return;
    }
    assist *a = engine(&tr);
    int_vec own = {0};
    const tantrix_puzzle *tt = strcmp(family, "tantrix") == 0 ? p->data : NULL;
    int_vec fixed = {0}; /* marks every board keeps: Tantrix's frame tile */
    for (int f = 0; f < tr.nf; f++) {
        if (!tr.has[0][f] || assist_is_given(a, f))
            continue;
        if (tt && tt->ngiven == 0 && f < tt->nplace && f / 6 / tt->ncells == 0)
            vec_push(&fixed, f);
        else
            vec_push(&own, f);
    }
    rng r;
    rng_seed(&r, 20);
    rng_shuffle(&r, own.v, own.n);
    for (int part = 0; part <= 3; part++) {
        int take = part == 3 ? own.n - 1 : own.n * part / 3;
        if (take < 0)
            take = 0;
        int_vec marks = {0};
        for (int i = 0; i < fixed.n; i++)
            vec_push(&marks, fixed.v[i]);
        for (int i = 0; i < take; i++)
            vec_push(&marks, own.v[i]);
        char what[64];
        snprintf(what, sizeof what, "%s, %d of %d marks", family, take, own.n);
        check_hint(&tr, a, marks.v, marks.n, what);
        assist_forced *fs = assist_forced_create(a);
        CHECK(assist_forced_update(a, fs, marks.v, marks.n, NULL, 0, 0) == ASSIST_OK);
        check_forced_set(&tr, a, fs, marks.v, marks.n, what);
        if (take < own.n) { /* a move: one more mark of the same solution */
            vec_push(&marks, own.v[take]);
            snprintf(what, sizeof what, "%s, %d of %d marks after a move", family, take + 1, own.n);
            CHECK(assist_forced_update(a, fs, marks.v, marks.n, NULL, 0, 0) == ASSIST_OK);
            check_forced_set(&tr, a, fs, marks.v, marks.n, what);
            /* and back: a mark taken away (undo) */
            marks.n--;
            CHECK(assist_forced_update(a, fs, marks.v, marks.n, NULL, 0, 0) == ASSIST_OK);
            check_forced_set(&tr, a, fs, marks.v, marks.n, what);
        }
        assist_forced_free(fs);
        vec_free(&marks);
    }
    /* a check never names a given, and finds the wrong mark */
    int wrong = -1;
    for (int f = 0; f < tr.nf && wrong < 0; f++) {
        bool in_any = false;
        for (int s = 0; s < tr.all.n; s++)
            in_any |= tr.has[s][f];
        if (!in_any && !assist_is_given(a, f))
            wrong = f;
    }
    if (wrong >= 0) {
        int_vec marks = {0}, core = {0};
        for (int i = 0; i < tr.ng; i++)
            vec_push(&marks, tr.givens[i]);
        for (int i = 0; i < fixed.n; i++)
            vec_push(&marks, fixed.v[i]);
        vec_push(&marks, wrong);
        CHECK(assist_check(a, marks.v, marks.n, &core) == ASSIST_NONE);
        for (int i = 0; i < core.n; i++)
            CHECK_MSG(!assist_is_given(a, core.v[i]), "%s: a given in the conflict", family);
        vec_free(&marks);
        vec_free(&core);
    }
    vec_free(&own);
    vec_free(&fixed);
    assist_free(a);
    truth_free(&tr);
    puzzle_free(p);
}


static const char TENTS_4[] = "4x4:aedc,2,0,0,1,2,0,1,0\n";
static const char TENTS_4B[] = "4x4:bedb,1,1,1,0,1,0,0,2\n";
static const char TRACKS_4[] = "4x4:d5gAc,S3,3,3,2,3,S4,3,1\n";
static const char TRACKS_4B[] = "4x4:Ck9c,S4,2,2,2,S1,1,4,4\n";
static const char TETRAVEX_3[] = "2027\n5562\n6791\n9261\n9325\n0295\n6567\n6565\n6131\n";
static const char HEXIOM_2[] = "2\n  5 2\n+. 3+3\n  3 2\n";
static const char HEXIOM_2B[] = "2\n  2 2\n 2 2 2\n  2 .\n";
static const char TANTRIX_3[] = "discovery 3\n";
static const char TANTRIX_4[] = "tiles 1 11 46 49\nloop yellow\ngiven 1 0 0 0\ngiven 11 1 0 1\n";

static void tents_honest(void)
{
    check_family("tents", TENTS_4, tents_all);
    check_family("tents", TENTS_4B, tents_all);
}

static void tracks_honest(void)
{
    check_family("tracks", TRACKS_4, tracks_all);
    check_family("tracks", TRACKS_4B, tracks_all);
}

static void tetravex_honest(void) { check_family("tetravex", TETRAVEX_3, tetravex_all); }

static void hexiom_honest(void)
{
    check_family("hexiom", HEXIOM_2, hexiom_all);
    check_family("hexiom", HEXIOM_2B, hexiom_all);
}

static void tantrix_honest(void)
{
    check_family("tantrix", TANTRIX_3, tantrix_all);
    check_family("tantrix", TANTRIX_4, tantrix_all);
}

/* --- the boards --- */

static puzzle *load_bundled(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", TESSERA_SOURCE_PUZZLE_DIR, name);
    diag err = {0};
    return report_load(puzzle_load(path, NULL, &err), &err);
}


/* --- the families' enumerators --- */

typedef struct {
    int nf, n, cap;
    bool **s; /* the solutions listed, one bool per fact */
} listed;

static void listed_add(void *ctx, const int *facts, int n)
{
    listed *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->s = xrealloc(l->s, (size_t)l->cap * sizeof *l->s);
    }
    bool *w = xcalloc((size_t)l->nf + 1, 1);
    for (int i = 0; i < n; i++) {
        CHECK(facts[i] >= 0 && facts[i] < l->nf);
        if (facts[i] >= 0 && facts[i] < l->nf)
            w[facts[i]] = true;
    }
    l->s[l->n++] = w;
}

static void listed_free(listed *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
}

/* Tantrix's enumerator on a board with nothing placed is a witness
 * source, never a proof: it lists one loop and its turns about the origin,
 * every one accepted by the rules checker, and answers -1.  The forced set
 * then has nothing forced (a loop turned about the origin is a loop: every
 * placement is a choice).  With a mark it searches to the end
 * (test_tantrix_enum checks that list): here, with far more loops than
 * the limit, it stops at limit + 1 (0; loops of the restarted search
 * may follow as witnesses), each with the mark, or runs out of time
 * (-1); never "complete". */
static void tantrix_enumerator_honest(void)
{
    static const char *const names[] = {"tantrix/discovery-10.tantrix", "tantrix/discovery-30.tantrix"};
    for (int k = 0; k < 2; k++) {
        puzzle *p = load_bundled(names[k]);
        CHECK(p != NULL);
        if (!p)
            continue;
        const tantrix_puzzle *t = p->data;
        listed l = {.nf = tantrix_nfacts(t)};
        int e = p->family->enumerate(p->data, NULL, 0, 32, NULL, listed_add, &l);
        printf("%s: answer %d, %d listed\n", names[k], e, l.n);
        CHECK(e == -1);
        CHECK(l.n == 6);
        for (int i = 0; i < l.n; i++) {
            int *s = start_state(p);
            tantrix_frame f = {0, 0, 0};
            int placed = 0;
            for (int fact = 0; fact < t->nplace; fact++) {
                int tile, q, r, rot;
                if (!l.s[i][fact] || !tantrix_fact_place(t, &f, fact, &tile, &q, &r, &rot))
                    continue;
                s[3 * tile] = rot;
                s[3 * tile + 1] = q;
                s[3 * tile + 2] = r;
                placed++;
            }
            diag why = {0};
            CHECK(placed == t->n);
            CHECK_MSG(p->family->verify(p->data, s, &why), "%s, listed %d: %s", names[k], i, why.msg);
            free(s);
        }
        listed_free(&l);
        int mark = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0);
        l = (listed){.nf = tantrix_nfacts(t)};
        sat_budget some = {.seconds = 5};
        int em = p->family->enumerate(p->data, &mark, 1, 4, &some, listed_add, &l);
        CHECK_MSG(em == 0 || em == -1, "%s, with a mark: answer %d", names[k], em);
        CHECK(em != 0 || l.n >= 5);
        for (int i = 0; i < l.n; i++)
            CHECK(l.s[i][mark]);
        listed_free(&l);
        /* a budget far too small for the search: nothing listed */
        l = (listed){.nf = tantrix_nfacts(t)};
        sat_budget tiny = {.seconds = 1e-9};
        CHECK(p->family->enumerate(p->data, NULL, 0, 32, &tiny, listed_add, &l) == -1);
        CHECK(l.n == 0);
        listed_free(&l);
        /* the hint on the empty board: a choice, never "forced" (every
         * loop turned about the origin is a loop, as checked above) */
        assist *a = puzzle_encode(p);
        assist_hint_result hr;
        CHECK(assist_hint(a, NULL, 0, NULL, 0, &hr) == ASSIST_OK);
        CHECK(!hr.forced && hr.label == ASSIST_LABEL_CHOICE);
        /* check by the family's loop: consistent */
        CHECK(assist_check(a, NULL, 0, NULL) == ASSIST_OK);
        assist_free(a);
        /* tiny budgets: not known, or a choice, never "forced" */
        static const double budgets[] = {1e-9, 1e-6, 1e-4, 1e-3};
        int unknown = 0;
        for (int i = 0; i < 4; i++) {
            a = puzzle_encode(p);
            sat_budget b = {.seconds = budgets[i]};
            assist_set_budget(a, &b);
            assist_status st = assist_hint(a, NULL, 0, NULL, 0, &hr);
            CHECK_MSG(!hr.forced, "%s, budget %g: forced", names[k], budgets[i]);
            if (st == ASSIST_UNKNOWN) {
                unknown++;
                CHECK(hr.label == ASSIST_LABEL_NOT_KNOWN);
            } else {
                CHECK(st == ASSIST_OK && hr.label == ASSIST_LABEL_CHOICE);
            }
            assist_free(a);
        }
        CHECK(unknown > 0); /* the smallest budget does run out */
        puzzle_free(p);
    }
    /* marks the guess has no proposal for go to the solver's search: two
     * tiles on one cell are no solution (a small set, where the core's
     * shrinking, a loop search per mark, is quick) */
    puzzle *p = load_family_text("tantrix", TANTRIX_3);
    CHECK(p != NULL);
    if (!p)
        return;
    const tantrix_puzzle *t = p->data;
    assist *a = puzzle_encode(p);
    int two[2] = {tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0), tantrix_fact(t, 1, tantrix_cell(t, 0, 0), 0)};
    int_vec core = {0};
    CHECK(assist_check(a, NULL, 0, NULL) == ASSIST_OK);
    CHECK(assist_check(a, two, 2, &core) == ASSIST_NONE);
    CHECK(core.n > 0);
    vec_free(&core);
    assist_free(a);
    puzzle_free(p);
}

/* Honest budgets: a budget far too small for the proofs.  Whatever comes
 * back, "forced" is true, a reason called minimal or smallest forces the
 * fact, and an empty reason is never offered as one (none of these facts
 * is forced by the rules alone: the tiles could be anywhere). */
static void tiny_budget_never_overclaims(void)
{
    const char *path = TESSERA_SOURCE_PUZZLE_DIR "/tetravex/6x6-01.tetravex";
    diag err = {0};
    puzzle *p = report_load(puzzle_load(path, NULL, &err), &err);
    CHECK(p != NULL);
    if (!p)
        return;
    assist *a = puzzle_encode(p);
    int nf = assist_num_facts(a);
    /* the true solution, with time to find it */
    int *st = start_state(p);
    CHECK(solve_into(p, a, st, 0) == ASSIST_OK);
    int *full = xcalloc((size_t)nf + 1, sizeof *full);
    int nfull = p->family->state_marks(p->data, st, full, nf + 1);
    bool *in_solution = xcalloc((size_t)nf + 1, 1);
    for (int i = 0; i < nfull; i++)
        in_solution[full[i]] = true;
    static const double budgets[] = {1e-6, 1e-4, 1e-3, 0.01, 0.05};
    int forced_seen = 0, unknown_seen = 0;
    for (int k = 0; k < 5; k++) {
        sat_budget b = {.seconds = budgets[k]};
        assist_set_budget(a, &b);
        assist_hint_result hr;
        assist_reason r = {0};
        assist_status s = assist_hint_explained(a, NULL, 0, NULL, 0, &hr, &r);
        unknown_seen += s == ASSIST_UNKNOWN;
        if (s == ASSIST_UNKNOWN)
            CHECK(hr.label == ASSIST_LABEL_NOT_KNOWN && !hr.forced);
        if (hr.forced) {
            forced_seen++;
            /* this board has one solution: forced facts are its facts */
            CHECK(in_solution[hr.fact]);
            CHECK(hr.proof != ASSIST_PROOF_NONE);
        }
        if (r.kind != ASSIST_REASON_NONE)
            CHECK_MSG(r.groups.n > 0, "budget %g: an empty reason labelled %d", budgets[k], r.kind);
        else
            CHECK(hr.label != ASSIST_LABEL_FORCED);
        assist_reason_free(&r);
        /* the reason alone, on the solution's first fact */
        s = assist_explain_reason(a, NULL, 0, full[0], &r);
        if (s == ASSIST_OK)
            CHECK(r.kind != ASSIST_REASON_NONE && r.groups.n > 0);
        else
            CHECK(r.kind == ASSIST_REASON_NONE && r.groups.n == 0 && r.marks.n == 0);
        assist_reason_free(&r);
        /* the older call: OK only with a minimal, so non-empty, reason */
        int_vec g = {0}, m = {0};
        if (assist_explain(a, NULL, 0, full[0], &g, &m) == ASSIST_OK)
            CHECK(g.n > 0);
        vec_free(&g);
        vec_free(&m);
    }
    CHECK(unknown_seen > 0); /* the smallest budget does run out */
    (void)forced_seen;
    free(full);
    free(in_solution);
    free(st);
    assist_free(a);
    puzzle_free(p);
}

int main(void)
{
    RUN(tents_honest);
    RUN(tracks_honest);
    RUN(tetravex_honest);
    RUN(hexiom_honest);
    RUN(tantrix_honest);
    RUN(tantrix_enumerator_honest);
    RUN(tiny_budget_never_overclaims);
    TEST_MAIN_END();
}
