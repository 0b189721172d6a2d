/* hexiom_gen.c: the Hexiom generator.  Plants a random set of occupied
 * slots (each tile's value is then its count of occupied neighbours), then
 * makes that arrangement the only one: while the solver finds another, a
 * slot where the two differ gets fixed (a locked tile, or a hole where the
 * plan leaves the slot empty).  The tiles left free start scrambled. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "games/hexiom.h"
#include "rng.h"

#define HEXIOM_GEN_MIN_SIDE 2
#define HEXIOM_GEN_MAX_SIDE 6

/* The level as published: fixed tiles locked, fixed empty slots holes,
 * the other tiles dealt at random over the free slots. */
static void write_puzzle(const hexiom_puzzle *g, const signed char *tile, const unsigned char *hole,
                         const unsigned char *fixed, rng *r, strbuf *out)
{
    int n = g->ncells, nfree = 0, nvalues = 0;
    int *free_slots = xmalloc((size_t)n * sizeof *free_slots);
    signed char *values = xmalloc((size_t)n), *start = xmalloc((size_t)n);
    unsigned char *holes = xmalloc((size_t)n), *locked = xcalloc((size_t)n, 1);
    for (int c = 0; c < n; c++) {
        start[c] = -1;
        holes[c] = hole[c] || (fixed[c] && tile[c] < 0);
        if (holes[c])
            continue;
        if (fixed[c]) {
            locked[c] = 1;
            start[c] = tile[c];
            continue;
        }
        free_slots[nfree++] = c;
        if (tile[c] >= 0)
            values[nvalues++] = tile[c];
    }
    rng_shuffle(r, free_slots, nfree);
    for (int i = 0; i < nvalues; i++)
        start[free_slots[i]] = values[i];
    hexiom_write_level(g, start, holes, locked, out);
    free(free_slots);
    free(values);
    free(start);
    free(holes);
    free(locked);
}

static hexiom_puzzle *parse_or_die(const char *text)
{
    diag d = {0};
    int nstate;
    hexiom_puzzle *h = hexiom_parse(text, &d, &nstate);
    if (!h)
        abort(); /* hexiom_write_level only writes what the parser reads */
    return h;
}

/* The plan: holes (a few, sometimes none) and occupied slots. */
static void plant(rng *r, const hexiom_puzzle *g, unsigned char *hole, signed char *tile)
{
    int n = g->ncells;
    int nholes = n >= 7 ? rng_below(r, n / 10 + 1) : 0;
    memset(hole, 0, (size_t)n);
    for (int k = 0; k < nholes; k++)
        hole[rng_below(r, n)] = 1;
    /* between about a half and four fifths of the slots hold a tile */
    int percent = 50 + rng_below(r, 31), ntiles = 0;
    for (int c = 0; c < n; c++) {
        tile[c] = !hole[c] && rng_below(r, 100) < percent ? 0 : -1;
        ntiles += tile[c] >= 0;
    }
    if (ntiles == 0)
        for (int c = 0; c < n; c++)
            if (!hole[c]) {
                tile[c] = 0;
                break;
            }
    for (int c = 0; c < n; c++) {
        if (tile[c] < 0)
            continue;
        int v = 0;
        for (int k = 0; k < 6; k++) {
            int o = g->nbr[c * 6 + k];
            v += o >= 0 && tile[o] >= 0;
        }
        tile[c] = (signed char)v;
    }
}

/* The mark that fixes cell c as planned: its tile's value, or empty. */
static int plan_mark(const hexiom_puzzle *h, const signed char *tile, int c)
{
    return hexiom_fact(h, c, tile[c] >= 0 ? tile[c] : HEXIOM_FACT_EMPTY);
}

bool hexiom_generate(const gen_options *opt, strbuf *out, diag *err)
{
    int side = opt->width ? opt->width : 4;
    if (opt->height != opt->width || side < HEXIOM_GEN_MIN_SIDE || side > HEXIOM_GEN_MAX_SIDE) {
        diag_set(err, 0, 0, "a Hexiom board side from %d to %d (--size N)", HEXIOM_GEN_MIN_SIDE,
                 HEXIOM_GEN_MAX_SIDE);
        return false;
    }
    const char *level = opt->difficulty ? opt->difficulty : "medium";
    rng r;
    rng_seed(&r, opt->seed);
    /* the geometry, from an empty board of that side */
    strbuf text = {0};
    sb_printf(&text, "%d\n", side);
    for (int y = 0; y < 2 * side - 1; y++) {
        int len = side + (y < side ? y : 2 * (side - 1) - y);
        for (int i = 0; i < len; i++)
            sb_puts(&text, " .");
        sb_putc(&text, '\n');
    }
    hexiom_puzzle *g = parse_or_die(text.s);
    int n = g->ncells;
    unsigned char *hole = xcalloc((size_t)n, 1), *locked = xcalloc((size_t)n, 1);
    unsigned char *fixed = xcalloc((size_t)n, 1);
    signed char *tile = xcalloc((size_t)n, 1);
    plant(&r, g, hole, tile);
    /* The planted board with its tiles in place and nothing locked: the
     * engine then answers "another arrangement?" under the fixed slots. */
    text.n = 0;
    hexiom_write_level(g, tile, hole, locked, &text);
    hexiom_puzzle *h = parse_or_die(text.s);
    assist *a = assist_create();
    hexiom_family.encode(h, a);
    sat_solver *s = assist_sat(a);
    int other = sat_new_var(s);
    sat_add(s, -other);
    for (int c = 0; c < n; c++)
        if (!hole[c])
            sat_add(s, -assist_fact_lit(a, plan_mark(h, tile, c)));
    sat_add(s, 0);
    int other_fact = assist_add_fact(a, other);
    int *marks = xmalloc((size_t)(n + 1) * sizeof *marks);
    bool *facts = xcalloc((size_t)assist_num_facts(a), sizeof *facts);
    int *diff = xmalloc((size_t)n * sizeof *diff);
    bool ok = true;
    for (;;) {
        int nm = 0;
        marks[nm++] = other_fact;
        for (int c = 0; c < n; c++)
            if (fixed[c])
                marks[nm++] = plan_mark(h, tile, c);
        assist_status st = assist_solve(a, marks, nm, facts);
        if (st == ASSIST_NONE)
            break; /* the plan is the only arrangement */
        if (st != ASSIST_OK) {
            diag_set(err, 0, 0, "the solver gave up while proving uniqueness");
            ok = false;
            break;
        }
        /* diff[0..nt) tiles, diff[nt..nd) empty slots where the plan and
         * the other answer differ; locked tiles are preferred to holes
         * (holes change the board's shape), three times in four */
        int nt = 0, nd = 0;
        for (int c = 0; c < n; c++)
            if (!hole[c] && !facts[plan_mark(h, tile, c)] && tile[c] >= 0)
                diff[nt++] = c;
        nd = nt;
        for (int c = 0; c < n; c++)
            if (!hole[c] && !facts[plan_mark(h, tile, c)] && tile[c] < 0)
                diff[nd++] = c;
        bool lock = nt > 0 && (nd == nt || rng_below(&r, 4) < 3);
        fixed[lock ? diff[rng_below(&r, nt)] : diff[nt + rng_below(&r, nd - nt)]] = 1;
    }
    /* hard: every fixed slot that uniqueness does not need is freed again;
     * medium and easy: more tiles locked, a few at a time, until the grade
     * comes down to the level asked for */
    int *order = xmalloc((size_t)n * sizeof *order);
    for (int c = 0; c < n; c++)
        order[c] = c;
    rng_shuffle(&r, order, n);
    if (ok && strcmp(level, "hard") == 0) {
        for (int i = 0; i < n; i++) {
            int c = order[i];
            if (!fixed[c])
                continue;
            fixed[c] = 0;
            int nm = 0;
            marks[nm++] = other_fact;
            for (int k = 0; k < n; k++)
                if (fixed[k])
                    marks[nm++] = plan_mark(h, tile, k);
            if (assist_solve(a, marks, nm, facts) != ASSIST_NONE)
                fixed[c] = 1;
        }
    } else if (ok) {
        assert(opt->grade_against);
        int step = h->ntiles / 8 > 1 ? h->ntiles / 8 : 1, i = 0;
        for (;;) {
            strbuf t = {0};
            rng copy = r; /* the scramble does not change the grade */
            write_puzzle(g, tile, hole, fixed, &copy, &t);
            int got = opt->grade_against(&hexiom_family, t.s, level);
            sb_free(&t);
            if (got <= 0)
                break;
            int locked_now = 0, added = 0;
            for (int c = 0; c < n; c++)
                locked_now += fixed[c] && tile[c] >= 0;
            /* two tiles stay free: a board with nothing to move is no puzzle */
            for (; i < n && added < step && locked_now + added < h->ntiles - 2; i++)
                if (!hole[order[i]] && tile[order[i]] >= 0 && !fixed[order[i]]) {
                    fixed[order[i]] = 1;
                    added++;
                }
            if (added == 0)
                break;
        }
    }
    if (ok)
        write_puzzle(g, tile, hole, fixed, &r, out);
    free(order);
    free(diff);
    free(facts);
    free(marks);
    assist_free(a);
    hexiom_free(h);
    hexiom_free(g);
    free(tile);
    free(fixed);
    free(locked);
    free(hole);
    sb_free(&text);
    return ok;
}
