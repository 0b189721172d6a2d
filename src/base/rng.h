/* rng.h: a small seeded generator (splitmix64) so that every generated
 * puzzle is reproducible from its seed on every platform. */
#ifndef TESSERA_RNG_H
#define TESSERA_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} rng;

static inline void rng_seed(rng *r, uint64_t seed) { r->state = seed ^ 0x9E3779B97F4A7C15ull; }

static inline uint64_t rng_next(rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n > 0). */
static inline int rng_below(rng *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

static inline void rng_shuffle(rng *r, int *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(r, i + 1);
        int t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

#endif
