/* card.c: the sequential counter and the constraints built on it, and a
 * totalizer for "exactly k" where the counter's long chains search badly. */
#include "sat/card.h"

#include <assert.h>
#include <stdlib.h>

#include "util.h"

int *card_counter(sat_solver *s, const int *lits, int n, int upto, int *nout)
{
    if (upto > n)
        upto = n;
    if (upto < 0)
        upto = 0;
    *nout = upto;
    int *out = xcalloc((size_t)(upto > 0 ? upto : 1), sizeof *out);
    if (upto == 0 || n == 0)
        return out;
    /* prev[j-1] <=> at least j of the first i literals; row 0 is all false,
     * and "at least 0" is true, both handled by omission. */
    int *prev = xcalloc((size_t)upto, sizeof *prev);
    int *cur = xcalloc((size_t)upto, sizeof *cur);
    for (int i = 0; i < n; i++) {
        int x = lits[i];
        int reach = i + 1 < upto ? i + 1 : upto; /* at most i+1 can be true */
        for (int j = 1; j <= reach; j++) {
            int r = sat_new_var(s);
            cur[j - 1] = r;
            int p_j = (j <= i) ? prev[j - 1] : 0;      /* 0: constant false */
            int p_jm1 = (j - 1 == 0) ? -1 : prev[j - 2]; /* -1: constant true */
            /* r <= p_j */
            if (p_j)
                sat_clause2(s, -p_j, r);
            /* r <= x & p_jm1 */
            if (p_jm1 == -1)
                sat_clause2(s, -x, r);
            else
                sat_clause3(s, -x, -p_jm1, r);
            /* r => p_j | x */
            if (p_j)
                sat_clause3(s, -r, p_j, x);
            else
                sat_clause2(s, -r, x);
            /* r => p_j | p_jm1 */
            if (p_jm1 != -1) {
                if (p_j)
                    sat_clause3(s, -r, p_j, p_jm1);
                else
                    sat_clause2(s, -r, p_jm1);
            }
        }
        int *t = prev;
        prev = cur;
        cur = t;
    }
    for (int j = 0; j < upto; j++)
        out[j] = prev[j];
    free(prev);
    free(cur);
    return out;
}

static void add_empty_clause(sat_solver *s) { sat_add(s, 0); }

void card_at_most(sat_solver *s, const int *lits, int n, int k)
{
    if (k < 0) {
        add_empty_clause(s);
        return;
    }
    if (k >= n)
        return;
    if (k == 0) {
        for (int i = 0; i < n; i++)
            sat_unit(s, -lits[i]);
        return;
    }
    int nout;
    int *out = card_counter(s, lits, n, k + 1, &nout);
    sat_unit(s, -out[k]);
    free(out);
}

void card_at_least(sat_solver *s, const int *lits, int n, int k)
{
    if (k <= 0)
        return;
    if (k > n) {
        add_empty_clause(s);
        return;
    }
    if (k == 1) {
        sat_clause(s, lits, n);
        return;
    }
    if (k == n) {
        for (int i = 0; i < n; i++)
            sat_unit(s, lits[i]);
        return;
    }
    int nout;
    int *out = card_counter(s, lits, n, k, &nout);
    sat_unit(s, out[k - 1]);
    free(out);
}

/* "exactly k of lits" where no counter is needed (k out of range, 0 or
 * n): true when it added the clauses. */
static bool exactly_trivial(sat_solver *s, const int *lits, int n, int k)
{
    if (k < 0 || k > n) {
        add_empty_clause(s);
        return true;
    }
    if (k == 0 || k == n) {
        for (int i = 0; i < n; i++)
            sat_unit(s, k == 0 ? -lits[i] : lits[i]);
        return true;
    }
    return false;
}

void card_exactly(sat_solver *s, const int *lits, int n, int k)
{
    if (exactly_trivial(s, lits, n, k))
        return;
    int nout;
    int *out = card_counter(s, lits, n, k + 1, &nout);
    sat_unit(s, out[k - 1]);
    if (k < nout)
        sat_unit(s, -out[k]);
    free(out);
}

void card_at_most_one(sat_solver *s, const int *lits, int n)
{
    if (n <= 6) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                sat_clause2(s, -lits[i], -lits[j]);
        return;
    }
    card_at_most(s, lits, n, 1);
}

void card_exactly_one(sat_solver *s, const int *lits, int n)
{
    sat_clause(s, lits, n);
    card_at_most_one(s, lits, n);
}

/* The totalizer (Bailleux and Boufkhad 2003): a balanced tree whose node
 * over m literals has outputs o[j-1] <=> at least j of them, kept only up
 * to cap (more than cap reads as cap).  Returns the outputs, *nout of them. */
static int *totalizer(sat_solver *s, const int *lits, int n, int cap, int *nout)
{
    if (n == 1) {
        int *o = xmalloc(sizeof *o);
        o[0] = lits[0];
        *nout = 1;
        return o;
    }
    int na, nb;
    int *a = totalizer(s, lits, n / 2, cap, &na);
    int *b = totalizer(s, lits + n / 2, n - n / 2, cap, &nb);
    int m = na + nb < cap ? na + nb : cap;
    int *o = xmalloc((size_t)m * sizeof *o);
    for (int j = 0; j < m; j++)
        o[j] = sat_new_var(s);
    for (int i = 0; i <= na; i++)
        for (int j = 0; j <= nb; j++) {
            int cl[3], k = 0;
            if (i + j >= 1) { /* at least i in a and j in b: at least i + j */
                if (i)
                    cl[k++] = -a[i - 1];
                if (j)
                    cl[k++] = -b[j - 1];
                cl[k++] = o[(i + j > m ? m : i + j) - 1];
                sat_clause(s, cl, k);
            }
            if (i + j < m) { /* at most i in a and j in b: at most i + j */
                k = 0;
                if (i < na)
                    cl[k++] = a[i];
                if (j < nb)
                    cl[k++] = b[j];
                cl[k++] = -o[i + j];
                sat_clause(s, cl, k);
            }
        }
    free(a);
    free(b);
    *nout = m;
    return o;
}

void card_exactly_totalizer(sat_solver *s, const int *lits, int n, int k)
{
    if (exactly_trivial(s, lits, n, k))
        return;
    int nout;
    int *out = totalizer(s, lits, n, k + 1, &nout);
    assert(nout == k + 1); /* 0 < k < n */
    sat_unit(s, out[k - 1]);
    sat_unit(s, -out[k]);
    free(out);
}
