/* tantrix_assist.c: Tantrix's searches as the engine's hooks: the
 * images of a solution, the enumerator (a proof under placed tiles,
 * witnesses on a board with nothing placed), the count, and the guess
 * that answers solve and check (assist.h says what each promises). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "games/tantrix.h"
#include "hexgrid.h"

/* The family's images hook: a solution turned about the frame's origin
 * by each sixth (the frame's hexagon is turned onto itself; marks, which
 * fix the frame, rule the turned ones out, so this serves the empty
 * board, where every placement is a choice). */
void tantrix_images(void *pz, const bool *solution, int nfacts, assist_solution_fn add, void *add_ctx)
{
    const tantrix_puzzle *t = pz;
    int *facts = xmalloc((size_t)t->n * sizeof *facts);
    for (int k = 1; k < 6; k++) {
        int m = 0;
        for (int f = 0; f < t->nplace && f < nfacts; f++) {
            if (!solution[f])
                continue;
            int rot = f % 6, cell = (f / 6) % t->ncells, tile = f / 6 / t->ncells;
            int q = t->cell_q[cell], r = t->cell_r[cell];
            hex_rotate(&q, &r, k);
            int c2 = tantrix_cell(t, q, r);
            if (c2 < 0 || m == t->n)
                break;
            facts[m++] = tantrix_fact(t, tile, c2, (rot + k) % 6);
        }
        if (m == t->n)
            add(add_ctx, facts, m);
    }
    free(facts);
}

/* Steps of the searches per second of a budget: low enough for a
 * loaded machine (gen-12-hard-1's 11,200 steps took 7 ms, under load). */
#define ENUM_NODES_PER_SECOND 200000.0
/* The share of the hint's time the exhaustive search may take: the
 * engine asks it first and decides with the time left when it runs out. */
#define ENUM_SHARE 0.5
/* The most of the time left the second walk may take. */
#define ENUM_LEFT 0.75
/* The first, short walk's part of that share. */
#define ENUM_PROBE 0.2
/* Steps of the exhaustive search under a budget that gives no time (a
 * count with no time limit, the grader's conflict limits): a few seconds,
 * then the engine decides instead. */
#define LIMITED_NODES 2000000L
/* The share of the time the restarted search may take for a first loop
 * under placed tiles (the guess's, the hint's first witness), and its
 * steps per second: an idle machine's rate, so that on a busy one the
 * share's seconds bind. */
#define FIRST_LOOP_SHARE 0.5
#define SEARCH_NODES_PER_SECOND 1500000.0

typedef struct {
    const tantrix_puzzle *t;
    int *state;
    assist_solution_fn add;
    void *add_ctx;
    long left;
} enum_ctx;

/* The steps for a first loop under placed tiles within b (NULL: none). */
static long first_loop_nodes(const sat_budget *b)
{
    if (b && b->seconds > 0)
        return (long)(b->seconds * FIRST_LOOP_SHARE * SEARCH_NODES_PER_SECOND) + 1;
    return LIMITED_NODES;
}

/* The restarted search's first loop under the placed tiles of fixed,
 * within FIRST_LOOP_SHARE of b: as tantrix_search_placed answers. */
static int first_loop_placed(const tantrix_puzzle *t, const int *fixed, const sat_budget *b, int *state)
{
    sat_budget share = {0};
    if (b) {
        share = *b;
        share.seconds = b->seconds * FIRST_LOOP_SHARE;
    }
    return tantrix_search_placed(t, fixed, NULL, 1, first_loop_nodes(b), b ? &share : NULL, state);
}

/* Lists a solution (frame = board) once the rules checker accepts it. */
static void enum_list(void *vctx, const int *facts, int n)
{
    enum_ctx *ec = vctx;
    const tantrix_puzzle *t = ec->t;
    tantrix_family.init_state(t, ec->state);
    for (int i = 0; i < n; i++) {
        int tile, q, r, rot;
        tantrix_frame f = {0, 0, 0};
        if (!tantrix_fact_place(t, &f, facts[i], &tile, &q, &r, &rot))
            return;
        ec->state[3 * tile] = rot;
        ec->state[3 * tile + 1] = q;
        ec->state[3 * tile + 2] = r;
    }
    diag why = {0};
    if (ec->left > 0 && tantrix_verify(t, ec->state, &why)) {
        ec->left--;
        ec->add(ec->add_ctx, facts, n);
    }
}

/* A loop (state in the frame's coordinates) as its n placement facts;
 * false when a tile lies outside the encoding's hexagon. */
static bool loop_facts(const tantrix_puzzle *t, const int *state, int *facts)
{
    for (int u = 0; u < t->n; u++) {
        int cell = tantrix_cell(t, state[3 * u + 1], state[3 * u + 2]);
        if (cell < 0)
            return false;
        facts[u] = tantrix_fact(t, u, cell, state[3 * u]);
    }
    return true;
}

/* The search's loop as facts (no tile placed: the frame is the board
 * itself, tantrix_frame_of), n of them into facts; false when the search
 * found none within the budget's share of steps. */
static bool search_facts(const tantrix_puzzle *t, const sat_budget *b, int *facts)
{
    long nodes = TANTRIX_SEARCH_NODES;
    if (b && b->seconds > 0 && b->seconds * ENUM_NODES_PER_SECOND < (double)nodes)
        nodes = (long)(b->seconds * ENUM_NODES_PER_SECOND);
    int *state = xmalloc((size_t)t->n * 3 * sizeof *state);
    tantrix_family.init_state(t, state);
    diag why = {0};
    bool ok = nodes >= 1 && tantrix_search_loop_memo(t, state, nodes) == 1 && tantrix_verify(t, state, &why) &&
              loop_facts(t, state, facts);
    free(state);
    return ok;
}

/* The marks as a board in the frame's coordinates (fixed, 3 entries a
 * tile, TANTRIX_OFF for the others): 1, or 0 when they cannot all hold
 * (a "too far" fact, which no solution has, or one tile in two places),
 * or -1 for a fact that is not the family's. */
static int marks_board(const tantrix_puzzle *t, const int *marks, int nmarks, int *fixed)
{
    for (int u = 0; u < t->n; u++)
        fixed[3 * u] = TANTRIX_OFF;
    tantrix_frame f = {0, 0, 0};
    for (int i = 0; i < nmarks; i++) {
        if (marks[i] < 0 || marks[i] >= tantrix_nfacts(t))
            return -1;
        int tile, q, r, rot;
        if (!tantrix_fact_place(t, &f, marks[i], &tile, &q, &r, &rot))
            return 0;
        if (fixed[3 * tile] != TANTRIX_OFF &&
            (fixed[3 * tile] != rot || fixed[3 * tile + 1] != q || fixed[3 * tile + 2] != r))
            return 0;
        fixed[3 * tile] = rot;
        fixed[3 * tile + 1] = q;
        fixed[3 * tile + 2] = r;
    }
    return 1;
}

typedef struct {
    const tantrix_puzzle *t;
    int *facts;
    assist_solution_fn add;
    void *add_ctx;
    long found;
} all_ctx;

/* A loop of the exhaustive search (checked by the rules checker, in the
 * frame's coordinates) as facts. */
static void list_loop(void *vctx, const int *state)
{
    all_ctx *x = vctx;
    const tantrix_puzzle *t = x->t;
    bool inside = loop_facts(t, state, x->facts);
    assert(inside); /* the search keeps to the hexagon */
    (void)inside;
    x->found++;
    /* for the witnesses of this board and later ones (list_witnesses) */
    tantrix_loop_memo_keep(t, state);
    if (x->add)
        x->add(x->add_ctx, x->facts, t->n);
}

/* Every solution under the marks by the exhaustive search, as the
 * enumerate hook answers (assist.h); found: how many it listed. */
static int enumerate_placed(const tantrix_puzzle *t, const int *marks, int nmarks, long limit, long nodes,
                            const sat_budget *b, assist_solution_fn add, void *add_ctx, long *found)
{
    int *fixed = xmalloc((size_t)t->n * 3 * sizeof *fixed);
    int *facts = xmalloc((size_t)t->n * sizeof *facts);
    all_ctx x = {t, facts, add, add_ctx, 0};
    int r = marks_board(t, marks, nmarks, fixed);
    if (r > 0)
        r = tantrix_search_all(t, fixed, limit, nodes, b, list_loop, &x);
    else if (r == 0)
        r = 1; /* no solution: the empty list is all of them */
    *found = x.found;
    free(facts);
    free(fixed);
    return r;
}

/* Kept loops looked at under placed tiles: the most recent of those
 * tantrix_loop_memo_keep holds. */
#define KNOWN_LOOPS 32

/* The most recent kept loops that agree with the placed tiles of fixed,
 * each moved and turned onto them (tantrix_move_loop: every placed tile
 * as there, the rules checker satisfied) into state and handed to
 * take(ctx, state), until it returns false. */
static void kept_loops_onto(const tantrix_puzzle *t, const int *fixed, int *state,
                            bool (*take)(void *ctx, const int *state), void *ctx)
{
    size_t width = (size_t)t->n * 3;
    int *kept = xmalloc((size_t)KNOWN_LOOPS * width * sizeof *kept);
    int nkept = tantrix_loop_memo_recent(t, kept, KNOWN_LOOPS);
    bool more = true;
    for (int i = 0; i < nkept && more; i++)
        if (tantrix_move_loop(t, kept + (size_t)i * width, fixed, state))
            more = take(ctx, state);
    free(kept);
}

/* Witnesses under the marks: loops, each passed by the rules checker
 * with every mark, listed; on a large board two loops found apart differ
 * at nearly every tile.  When between them every tile not placed lies
 * in two ways, every placement but the marks' is false in one of them:
 * then nothing is forced and the walk to the end could add nothing to
 * the forced set.  Where from, cheapest first: loops of earlier boards
 * moved onto the marks (tantrix_loop_memo_keep), the restarted search,
 * one loop per seed, and stretches of the loops found laid again
 * (tantrix_relay), round each tile that lies one way in all of them so
 * far, and for each tile that still lies one way a search with that
 * placement banned.  1 when every tile lies two ways; 2 when every other
 * one was proved to lie so in every loop (the witnesses are then a cover,
 * assist.h: every fact false in some solution is false in one of them);
 * -2 when the restarted search proved there is no loop under the marks;
 * else 0. */
#define WITNESS_SEEDS 24
#define WITNESS_NODES 100000L
/* their part of the hint's time */
#define WITNESS_SHARE 0.1
/* Stretches laid again: that many tiles of a loop round one that lies
 * one way in every witness so far (longer when a short one gave no other
 * way), within steps each; a few loops of each. */
#define RELAY_SHORT 6
#define RELAY_LONG 12
#define RELAY_NODES 20000L
#define RELAY_LOOPS 4
/* the stretches' part of the hint's time, after the seeds' (which stop
 * at their own part) */
#define RELAY_SHARE 0.15
/* loops kept to lay stretches of */
#define RELAY_BASES 8
/* the part of the hint's time for the tiles that still lie one way, each
 * searched with that placement banned (witnesses_banned), when there are
 * at most BAN_TILES of them: on a board with one solution every tile
 * lies one way, each is forced, and a banned search seldom walks its
 * whole tree to prove it (the solver's forced set does it sooner) */
#define BAN_SHARE 0.2
#define BAN_TILES 3

typedef struct {
    const tantrix_puzzle *t;
    const int *fixed;
    all_ctx *x;
    int *first;       /* the first witness's facts */
    bool *varied;     /* tile -> lies in two ways among the witnesses */
    bool *proved;     /* tile -> lies as in the first in every loop */
    bool got;
    int *bases;       /* RELAY_BASES loops to lay stretches of */
    int *orders;      /* their tiles round each (tantrix_loop_order) */
    int nbases;
} witness_ctx;

/* Does every tile not placed lie in two ways among the witnesses? */
static bool all_varied(const tantrix_puzzle *t, const int *fixed, const bool *varied)
{
    for (int u = 0; u < t->n; u++)
        if (fixed[3 * u] == TANTRIX_OFF && !varied[u])
            return false;
    return true;
}

/* A loop under the marks (checked, every mark on it) as a witness. */
static void witness_found(void *vctx, const int *state)
{
    witness_ctx *w = vctx;
    const tantrix_puzzle *t = w->t;
    if (!loop_facts(t, state, w->x->facts))
        return;
    bool news = !w->got;
    for (int u = 0; u < t->n; u++) {
        if (w->got && w->x->facts[u] != w->first[u] && !w->varied[u])
            news = w->varied[u] = true;
        if (!w->got)
            w->first[u] = w->x->facts[u];
    }
    w->got = true;
    list_loop(w->x, state);
    if (news && w->nbases < RELAY_BASES &&
        tantrix_loop_order(t, state, w->orders + (size_t)w->nbases * (size_t)t->n))
        memcpy(w->bases + (size_t)w->nbases++ * (size_t)t->n * 3, state, (size_t)t->n * 3 * sizeof *state);
}

/* A kept loop as a witness; false once every tile lies two ways. */
static bool witness_kept(void *vctx, const int *state)
{
    witness_ctx *w = vctx;
    witness_found(w, state);
    return !all_varied(w->t, w->fixed, w->varied);
}

/* Loops of earlier boards that agree with the marks. */
static void witnesses_kept(witness_ctx *w, int *state)
{
    if (!all_varied(w->t, w->fixed, w->varied))
        kept_loops_onto(w->t, w->fixed, state, witness_kept, w);
}

/* Stretches of the loops found laid again round the tiles that lie one
 * way in all of them, until every tile lies two ways, time is up (end,
 * 0: none) or the budget's poll cancels (the player moved on). */
static void witnesses_relaid(witness_ctx *w, double end, const sat_budget *outer)
{
    const tantrix_puzzle *t = w->t;
    static const int lens[] = {RELAY_SHORT, RELAY_LONG};
    for (int k = 0; k < 2; k++) {
        for (int u = 0; u < t->n; u++) {
            if (w->fixed[3 * u] != TANTRIX_OFF || w->varied[u])
                continue;
            for (int i = 0; i < w->nbases && !w->varied[u]; i++) {
                bool cancelled = outer && outer->poll && outer->poll(outer->poll_ctx);
                if (cancelled || (end > 0 && monotonic_seconds() >= end))
                    return;
                const int *base = w->bases + (size_t)i * (size_t)t->n * 3;
                const int *order = w->orders + (size_t)i * (size_t)t->n;
                /* the stretch round u: u's place round the loop */
                int pos = 0;
                while (order[pos] != u)
                    pos++;
                sat_budget b = {0};
                if (outer)
                    b = *outer;
                b.seconds = end > 0 ? end - monotonic_seconds() : 0;
                tantrix_relay(t, base, order, w->fixed, pos - lens[k] / 2, lens[k], RELAY_LOOPS, RELAY_NODES,
                              &b, witness_found, w);
            }
        }
    }
}

/* Each tile that lies one way in every witness so far, searched again
 * with that placement banned (tantrix_search_placed): a loop found has it
 * lying otherwise (and most other tiles too), and a restart that walks
 * its whole tree proves that every loop has it so (the fact is forced).
 * Each search gets an even part of the time left (end; 0: none, then
 * of LIMITED_NODES steps in all), which one found quickly passes on; the
 * budget's poll cancels.  True when each tile is one or the other;
 * false at once when more than BAN_TILES are left to search. */
static bool witnesses_banned(witness_ctx *w, double end, const sat_budget *outer, int *state)
{
    const tantrix_puzzle *t = w->t;
    int unvaried = 0;
    for (int u = 0; u < t->n; u++)
        unvaried += w->fixed[3 * u] == TANTRIX_OFF && !w->varied[u] && !w->proved[u];
    if (unvaried > BAN_TILES)
        return false;
    bool all = true;
    long pool = LIMITED_NODES; /* with no time: the steps of all of them */
    for (int u = 0; u < t->n; u++) {
        if (w->fixed[3 * u] != TANTRIX_OFF || w->varied[u] || w->proved[u])
            continue;
        int waiting = 0; /* u and the tiles after it still to search */
        for (int v = u; v < t->n; v++)
            waiting += w->fixed[3 * v] == TANTRIX_OFF && !w->varied[v] && !w->proved[v];
        double left = end > 0 ? end - monotonic_seconds() : 0;
        bool cancelled = outer && outer->poll && outer->poll(outer->poll_ctx);
        if (cancelled || (end > 0 && left <= 0))
            return false;
        int tile, q, r, rot;
        tantrix_frame f = {0, 0, 0};
        bool placed = tantrix_fact_place(t, &f, w->first[u], &tile, &q, &r, &rot);
        assert(placed && tile == u); /* the first witness's own fact */
        (void)placed;
        int ban[4] = {u, rot, q, r};
        sat_budget b = {0};
        if (outer)
            b = *outer;
        b.seconds = left / waiting;
        long nodes = end > 0 ? (long)(b.seconds * SEARCH_NODES_PER_SECOND) + 1 : pool / waiting + 1;
        pool -= nodes;
        int found = tantrix_search_placed(t, w->fixed, ban, (unsigned long)u + 1, nodes, &b, state);
        if (found == 1)
            witness_found(w, state);
        else if (found == -2)
            w->proved[u] = true;
        else
            all = false;
    }
    return all;
}

static int list_witnesses(const tantrix_puzzle *t, const int *marks, int nmarks, const sat_budget *b,
                          assist_solution_fn add, void *add_ctx)
{
    double now = monotonic_seconds();
    double end = b && b->seconds > 0 ? now + b->seconds * WITNESS_SHARE : 0;
    int *fixed = xmalloc((size_t)t->n * 3 * sizeof *fixed);
    int *state = xmalloc((size_t)t->n * 3 * sizeof *state);
    int *facts = xmalloc((size_t)t->n * sizeof *facts);
    int *first = xmalloc((size_t)t->n * sizeof *first);
    bool *varied = xcalloc((size_t)t->n, sizeof *varied);
    int *bases = xmalloc((size_t)RELAY_BASES * (size_t)t->n * 3 * sizeof *bases);
    int *orders = xmalloc((size_t)RELAY_BASES * (size_t)t->n * sizeof *orders);
    all_ctx x = {t, facts, add, add_ctx, 0};
    bool *proved = xcalloc((size_t)t->n, sizeof *proved);
    witness_ctx w = {t, fixed, &x, first, varied, proved, false, bases, orders, 0};
    bool covered = false;
    bool none = false;
    if (marks_board(t, marks, nmarks, fixed) > 0) {
        witnesses_kept(&w, state);
        unsigned long seed = 1;
        if (!w.got) {
            /* the first loop may take the search a while (the guess's
             * share of the time); the others come from the first's
             * stretches laid again more often than from a search */
            int r = first_loop_placed(t, fixed, b, state);
            if (r == 1)
                witness_found(&w, state);
            none = r == -2;
            seed++;
        }
        for (; seed <= WITNESS_SEEDS && w.got && !all_varied(t, fixed, varied) &&
               (end == 0 || monotonic_seconds() < end);
             seed++)
            if (tantrix_search_placed(t, fixed, NULL, seed, WITNESS_NODES, NULL, state) == 1)
                witness_found(&w, state);
        if (w.got && !all_varied(t, fixed, varied))
            witnesses_relaid(&w, b && b->seconds > 0 ? monotonic_seconds() + b->seconds * RELAY_SHARE : 0, b);
        if (w.got && !all_varied(t, fixed, varied))
            covered = witnesses_banned(&w, b && b->seconds > 0 ? monotonic_seconds() + b->seconds * BAN_SHARE : 0,
                                       b, state);
    }
    int answer = none ? -2 : !w.got ? 0 : all_varied(t, fixed, varied) ? 1 : covered ? 2 : 0;
    free(proved);
    free(orders);
    free(bases);
    free(varied);
    free(first);
    free(facts);
    free(state);
    free(fixed);
    return answer;
}

/* The family's enumerator hook (game_family.enumerate).
 *
 * Under placed tiles (givens, or tiles the player placed: the marks) it
 * is a proof: the loop search run to the end from a placed tile
 * (tantrix_search_all, whose comment says why its list is every solution,
 * each once) lists every loop through the placed tiles as they lie, each
 * checked by the rules checker, and answers 1 when it walked the whole
 * tree; -1 when its steps ran out (what it listed stays as witnesses).
 *
 * On a board with nothing placed (no givens, no marks) it is a source of
 * witnesses only: the loop search finds one loop in milliseconds where
 * CDCL needs seconds, and that loop turned about the frame's origin (the
 * images hook) refutes every placement, since each image moves every
 * tile or turns it.  That search stops at its first loop, so it answers
 * -1 there: what it lists are solutions, never a proof that a fact is
 * forced. */
int tantrix_enumerate(void *pz, const int *marks, int nmarks, long limit, const sat_budget *b,
                     assist_solution_fn add, void *add_ctx)
{
    const tantrix_puzzle *t = pz;
    if (limit < 1)
        return -1;
    if (nmarks > 0) {
        /* a short walk first (boards with givens end within it), then
         * witnesses from the restarted search, then the walk again with
         * the whole share unless the witnesses already leave nothing
         * forced (that walk may list a loop listed before: the forced
         * set takes the list as a set, and witnesses are solutions too) */
        double start = monotonic_seconds();
        for (int pass = 0; pass < 2; pass++) {
            double part = pass == 0 ? ENUM_PROBE : 1.0;
            long nodes = 0, found;
            sat_budget share = {0};
            if (b) {
                share = *b;
                share.seconds = b->seconds * ENUM_SHARE * part;
                /* after a long search for the first witness, the walk
                 * leaves the solver a part of what is left */
                double left = b->seconds - (monotonic_seconds() - start);
                if (b->seconds > 0 && left * ENUM_LEFT < share.seconds)
                    share.seconds = left * ENUM_LEFT;
                if (b->seconds > 0 && share.seconds <= 0)
                    return -1;
                nodes = share.seconds > 0 ? (long)(share.seconds * ENUM_NODES_PER_SECOND) + 1
                                          : (long)(LIMITED_NODES * part);
            }
            int r = enumerate_placed(t, marks, nmarks, limit, nodes, b ? &share : NULL, add, add_ctx, &found);
            if (r == 1 || pass == 1)
                return r;
            /* the walk's loops share their first tiles: loops from
             * restarts differ at nearly every one */
            int wit = list_witnesses(t, marks, nmarks, b, add, add_ctx);
            if (wit == -2)
                return 1; /* no loop: the empty list is all of them */
            if (wit == 2)
                return 2;
            if (wit == 1 || r == 0)
                return r;
        }
    }
    if (t->ngiven > 0)
        return -1; /* the givens should be among the marks */
    int nf = tantrix_nfacts(t), *facts = xmalloc((size_t)t->n * sizeof *facts);
    if (search_facts(t, b, facts)) {
        bool *sol = xcalloc((size_t)nf, sizeof *sol);
        for (int u = 0; u < t->n; u++)
            sol[facts[u]] = true;
        int *state = xmalloc((size_t)t->n * 3 * sizeof *state);
        enum_ctx ec = {t, state, add, add_ctx, limit};
        enum_list(&ec, facts, t->n);
        tantrix_images(pz, sol, nf, enum_list, &ec);
        free(state);
        free(sol);
    }
    free(facts);
    return -1;
}

/* Solutions are counted up to the rigid motions of the board: with no
 * tile placed, tile 1 is held at the origin with rotation 0 (every
 * solution can be moved and turned there in exactly one way, since the
 * tiles are told apart by number); a placed tile (a given one, or one the
 * player placed) fixes the frame itself, and then nothing is held.
 * Under placed tiles the exhaustive search counts (one CDCL call per
 * solution takes seconds to prove the last one the last); when its steps
 * run out the engine counts as before. */
assist_status tantrix_count(const void *pz, assist *a, const int *marks, int nmarks, long limit,
                           double seconds, long *out)
{
    const tantrix_puzzle *t = pz;
    if (nmarks > 0 && limit >= 1) {
        long nodes = LIMITED_NODES, found = 0;
        if (seconds > 0)
            nodes = (long)(seconds * ENUM_SHARE * ENUM_NODES_PER_SECOND) + 1;
        sat_budget b = {.seconds = seconds * ENUM_SHARE};
        int r = enumerate_placed(t, marks, nmarks, limit - 1, nodes, seconds > 0 ? &b : NULL, NULL, NULL,
                                 &found);
        if (r >= 0) {
            *out = found < limit ? found : limit;
            return ASSIST_OK;
        }
    }
    /* the caller set the engine's budget */
    if (nmarks > 0)
        return assist_count(a, marks, nmarks, limit, out);
    int anchor = tantrix_fact(t, 0, tantrix_cell(t, 0, 0), 0);
    return assist_count(a, &anchor, 1, limit, out);
}

/* Do placed tiles u and v (of fixed) rule each other out as they lie:
 * on one cell, touching with edges of different colours, or farther
 * apart than a loop of n tiles reaches (n/2 steps round it either way)? */
static bool pair_clashes(const tantrix_puzzle *t, const int *fixed, int u, int v)
{
    int qu = fixed[3 * u + 1], ru = fixed[3 * u + 2], qv = fixed[3 * v + 1], rv = fixed[3 * v + 2];
    int d = hex_distance(qu, ru, qv, rv);
    if (d == 0 || d > t->n / 2)
        return true;
    for (int k = 0; k < 6 && d == 1; k++)
        if (qu + HEX_DQ[k] == qv && ru + HEX_DR[k] == rv)
            return tantrix_edge(t, u, fixed[3 * u], k) != tantrix_edge(t, v, fixed[3 * v], hex_opposite(k));
    return false;
}

/* The placed tiles of fixed that the rules refute as they lie, by pairs
 * (pair_clashes), flagged in named: a mark against a given alone (givens
 * are looked at first), else two marks; false when no pair clashes. */
static bool placed_clash(const tantrix_puzzle *t, const int *fixed, bool *named)
{
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < t->n; u++) {
            bool u_given = t->given_rot[u] != TANTRIX_OFF;
            if (fixed[3 * u] == TANTRIX_OFF || u_given != (pass == 0))
                continue;
            for (int v = pass == 0 ? 0 : u + 1; v < t->n; v++)
                if (v != u && fixed[3 * v] != TANTRIX_OFF && t->given_rot[v] == TANTRIX_OFF &&
                    pair_clashes(t, fixed, u, v)) {
                    named[v] = true;
                    named[u] = pass == 1;
                    return true;
                }
        }
    return false;
}

/* The marks (fact numbers) whose tiles are flagged in named, into out. */
static void marks_of_tiles(const tantrix_puzzle *t, const int *marks, int nmarks, const bool *named, int_vec *out)
{
    tantrix_frame f = {0, 0, 0};
    for (int i = 0; i < nmarks; i++) {
        int tile, q, r, rot;
        if (tantrix_fact_place(t, &f, marks[i], &tile, &q, &r, &rot) && named[tile])
            vec_push(out, marks[i]);
    }
}

/* Marks holding a "too far" fact (a tile beyond the hexagon about the
 * frame's tile, the lowest-numbered one placed) cannot all hold: a loop
 * through the frame's tile reaches no farther.  The far tile alone may be
 * right, with the frame's tile moved, so one far tile and the frame's tile
 * are named, into out: neither alone is a conflict, so the set is minimal
 * (the engine's shrinking cannot ask a part holding a far tile in its own
 * frame, so naming every far tile would leave them all in).  A given is never
 * named: it cannot move, and then the other is wrong alone (a far given
 * is taken first, so that givens that clash leave the set empty: the
 * puzzle has no solution).  False when no mark is "too far". */
static bool far_marks(const tantrix_puzzle *t, const int *marks, int nmarks, int_vec *out)
{
    tantrix_frame f = {0, 0, 0};
    int frame_tile = t->n, frame_mark = -1, far_mark = -1;
    bool any = false, far_given = false;
    for (int i = 0; i < nmarks; i++) {
        int tile, q, r, rot;
        if (tantrix_fact_place(t, &f, marks[i], &tile, &q, &r, &rot)) {
            if (tile < frame_tile)
                frame_tile = tile, frame_mark = marks[i];
        } else if (marks[i] >= t->nplace && marks[i] < tantrix_nfacts(t)) {
            any = true;
            if (t->given_rot[marks[i] - t->nplace] != TANTRIX_OFF)
                far_given = true;
            else if (far_mark < 0)
                far_mark = marks[i];
        }
    }
    if (!any)
        return false;
    if (!far_given)
        vec_push(out, far_mark);
    if (frame_mark >= 0 && t->given_rot[frame_tile] == TANTRIX_OFF)
        vec_push(out, frame_mark);
    return true;
}

/* The engine's reframe hook (assist_set_reframe): the placements of the
 * facts in the frame that the lowest-numbered tile among them fixes, as
 * tantrix_frame_of would fix it on a board holding only them (that tile
 * at the origin, unturned); a tile then beyond the hexagon gets the "too
 * far" fact, which such a board gives it too.  False for a "too far"
 * fact among them (where that tile lies is not told). */
bool tantrix_reframe(void *ctx, const int *facts, int n, int *out)
{
    const tantrix_puzzle *t = ctx;
    tantrix_frame f = {0, 0, 0}, own = {0, 0, 0};
    int low = -1;
    for (int i = 0; i < n; i++) {
        int tile, q, r, rot;
        if (!tantrix_fact_place(t, &f, facts[i], &tile, &q, &r, &rot))
            return false;
        if (low < 0 || tile < low) {
            low = tile;
            own = (tantrix_frame){q, r, rot};
        }
    }
    for (int i = 0; i < n; i++) {
        int tile, q, r, rot, fq, fr, frot;
        tantrix_fact_place(t, &f, facts[i], &tile, &q, &r, &rot);
        tantrix_to_frame(&own, q, r, rot, &fq, &fr, &frot);
        int cell = tantrix_cell(t, fq, fr);
        out[i] = cell >= 0 ? tantrix_fact(t, tile, cell, frot) : t->nplace + tile;
    }
    return true;
}

/* A solution under the marks as the engine's guess (assist_set_guess),
 * which also serves its check (assist_set_check_by_guess), in place of a
 * search through the lazy loop cuts (tenths of a second under a few
 * givens, seconds of CDCL at Discovery 20 and beyond with nothing
 * placed).  With nothing placed it is the first loop of the loop search;
 * under placed tiles a loop known already moved onto them, else the walk
 * to the end for a few steps only (short_walk), else the first loop of
 * the restarted search within its share of the time, else, on a short
 * time limit (the check's shrinking), the walk again (late_walk).  Each
 * loop has passed the rules checker (and has every mark), so it is
 * answered as a checked solution (2): the engine takes it without the
 * solver call that would confirm it, whose lazy grounding was a third of
 * a cold hint on Discovery 25-30.  The first walk gets no more than those
 * few steps: with two to six tiles placed on Discovery 25 and 26 the
 * restarted search finds nine loops in ten within 1.5 s where the walk
 * needs seconds or minutes (bench/NOTES.md).
 * Before any search, a tile too far from the frame's (far_marks) or two
 * placed tiles that rule each other out as they
 * lie (placed_clash) refute the marks (3): the solver, grounding the
 * outer rings only as its models reach them, took seconds to see such a
 * clash far from the middle.  So does a restart that walks its whole
 * tree, naming every mark for the engine to shrink. */

/* The first kept loop that agrees (kept_loops_onto): it stops there. */
static bool first_kept(void *vctx, const int *state)
{
    (void)state; /* kept_loops_onto left it in the caller's state */
    *(bool *)vctx = true;
    return false;
}

/* A loop already known, moved and turned onto the placed tiles of fixed
 * into state: one kept from earlier boards, or with a single tile placed
 * and no givens the loop of the set itself (within nodes steps,
 * remembered for the puzzle), which any one tile's placement takes once
 * moved and turned: every loop passes every tile. */
static bool known_loop_onto(const tantrix_puzzle *t, const int *fixed, long nodes, int *state)
{
    bool got = false;
    kept_loops_onto(t, fixed, state, first_kept, &got);
    int placed = 0;
    for (int u = 0; u < t->n; u++)
        placed += fixed[3 * u] != TANTRIX_OFF;
    if (!got && placed == 1 && t->ngiven == 0) {
        int *loop = xmalloc((size_t)t->n * 3 * sizeof *loop);
        tantrix_family.init_state(t, loop);
        got = tantrix_search_loop_memo(t, loop, nodes) == 1 && tantrix_move_loop(t, loop, fixed, state);
        free(loop);
    }
    return got;
}

/* The guess's short walk to the end before the restarted search: at most
 * SHORT_WALK_NODES steps, and a SHORT_WALK_PART of the first loop's.  It
 * ends within them on small boards and on boards with many tiles placed,
 * where it settles both ways at once (a loop, or a proof of none that the
 * restarted search, cut short by its restarts, seldom gives: the check's
 * shrinking asks this of each subset of the marks). */
#define SHORT_WALK_NODES 20000L
#define SHORT_WALK_PART 0.1

typedef struct {
    const tantrix_puzzle *t;
    int *state; /* the loop the walk stopped at */
} walked_ctx;

static void first_walked(void *vctx, const int *state)
{
    walked_ctx *w = vctx;
    memcpy(w->state, state, (size_t)w->t->n * 3 * sizeof *state);
}

/* 1: a loop under the placed tiles of fixed in state; -2: the walk ended
 * with none; 0: not within its steps. */
static int walk_for_a_loop(const tantrix_puzzle *t, const int *fixed, long nodes, const sat_budget *b, int *state)
{
    walked_ctx w = {t, state};
    int r = tantrix_search_all(t, fixed, 0, nodes, b, first_walked, &w);
    return r == 0 ? 1 : r == 1 ? -2 : 0;
}

/* walk_for_a_loop within the SHORT_WALK steps. */
static int short_walk(const tantrix_puzzle *t, const int *fixed, const sat_budget *b, int *state)
{
    long nodes = (long)(first_loop_nodes(b) * SHORT_WALK_PART) + 1;
    if (nodes > SHORT_WALK_NODES)
        nodes = SHORT_WALK_NODES;
    return walk_for_a_loop(t, fixed, nodes, b, state);
}

/* The part of the guess's time left after the restarted search that the
 * walk to the end takes once more: the restarted search seldom proves
 * that a part of wrong marks has no loop, and the check's shrinking asks
 * mostly such parts, whose walks mostly end within a million steps
 * where CDCL could not tell within 1,000 conflicts (bench/NOTES.md).  The
 * rest goes back to the engine.  Only within LATE_WALK_MAX_SECONDS: a
 * step of the shrinking gets a hundredth of the time left, the whole
 * board's check all of it, and there the solver, given the time, proves
 * what the walk cannot (hard Discovery 25 and 26 saves: a second sooner,
 * bench/NOTES.md). */
#define LATE_WALK_PART 0.5
#define LATE_WALK_MAX_SECONDS 1.0

/* The late walk within LATE_WALK_PART of what is left of b, which began
 * at `start`; 0 without a time limit (the restarted search had it all)
 * or with a long one. */
static int late_walk(const tantrix_puzzle *t, const int *fixed, const sat_budget *b, double start, int *state)
{
    if (!b || b->seconds <= 0 || b->seconds > LATE_WALK_MAX_SECONDS)
        return 0;
    sat_budget late = *b;
    late.seconds = (b->seconds - (monotonic_seconds() - start)) * LATE_WALK_PART;
    if (late.seconds <= 0)
        return 0;
    return walk_for_a_loop(t, fixed, (long)(late.seconds * SEARCH_NODES_PER_SECOND) + 1, &late, state);
}

int tantrix_guess(void *ctx, const int *marks, int nmarks, const sat_budget *b, int_vec *facts_out)
{
    const tantrix_puzzle *t = ctx;
    int *facts = xmalloc((size_t)t->n * sizeof *facts);
    int answer = 0;
    if (nmarks > 0) {
        int *fixed = xmalloc((size_t)t->n * 3 * sizeof *fixed);
        int *state = xmalloc((size_t)t->n * 3 * sizeof *state);
        bool *named = xcalloc((size_t)t->n, sizeof *named);
        int board = marks_board(t, marks, nmarks, fixed);
        bool far = board == 0 && far_marks(t, marks, nmarks, facts_out);
        if (far || (board > 0 && placed_clash(t, fixed, named))) {
            answer = 3;
        } else if (board > 0) {
            /* a loop known already first: moved onto the tiles at once */
            double start = monotonic_seconds();
            int found = known_loop_onto(t, fixed, first_loop_nodes(b) / 2, state) ? 1 : short_walk(t, fixed, b, state);
            if (found == 0)
                found = first_loop_placed(t, fixed, b, state);
            if (found == 0)
                found = late_walk(t, fixed, b, start, state);
            if (found == 1 && loop_facts(t, state, facts)) {
                tantrix_loop_memo_keep(t, state); /* a witness for the hint (list_witnesses) */
                answer = 2;
            } else if (found == -2) {
                /* a search walked its whole tree: every mark is named,
                 * and the engine shrinks them */
                for (int u = 0; u < t->n; u++)
                    named[u] = fixed[3 * u] != TANTRIX_OFF && t->given_rot[u] == TANTRIX_OFF;
                answer = 3;
            }
        }
        if (answer == 3 && !far)
            marks_of_tiles(t, marks, nmarks, named, facts_out);
        else if (answer == 0 && b && b->poll && b->poll(b->poll_ctx))
            answer = -1;
        free(named);
        free(state);
        free(fixed);
    } else if (t->ngiven == 0 && search_facts(t, b, facts)) {
        answer = 2;
    }
    for (int u = 0; u < t->n && answer == 2; u++)
        vec_push(facts_out, facts[u]);
    free(facts);
    return answer;
}
