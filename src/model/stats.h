/* stats.h: the player's statistics: one line per puzzle solved by hand
 * (family, size, time, hints, which puzzle), kept in the save directory as
 * the manual's FILES section describes, and summed per family and size. */
#ifndef TESSERA_STATS_H
#define TESSERA_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "util.h"

#define STATS_MAGIC "tessera stats 1"
/* The file is read whole: a bound keeps a stray huge file out. */
#define STATS_MAX_BYTES (8u << 20)

typedef struct {
    char family[24]; /* "tents" */
    char size[48];   /* "8x8", "side_4", "12_tiles": no spaces */
    double seconds;  /* play time of the solve */
    int hints;       /* hints and checks used in that game */
    char id[48];     /* the puzzle's save name: "tents-0123456789abcdef" */
} stats_entry;

typedef struct {
    stats_entry *v;
    int n, cap;
} stats;

typedef struct {
    int solved;
    double best, median; /* seconds; 0 when none solved */
    long hints;          /* in all those games */
} stats_summary;

/* The file's text into st (appended).  false with err at line:column of
 * the first bad line (source names the file in err). */
bool stats_parse(const char *text, size_t len, const char *source, stats *st, diag *err);
void stats_format(const stats *st, strbuf *out);
void stats_add(stats *st, const stats_entry *e);
void stats_free(stats *st);

/* Solves of one family and size. */
void stats_summarize(const stats *st, const char *family, const char *size, stats_summary *out);
/* The best time for the puzzle id; false when it was never solved by hand. */
bool stats_best_of(const stats *st, const char *id, double *best);

/* The entry for a game of pz (its family, size and id), with no time yet. */
void stats_entry_of(const puzzle *pz, stats_entry *e);
/* "8x8" from "8x8", "side 4" from "side_4": a size as shown. */
void stats_size_shown(const char *size, char *out, size_t n);

/* The statistics file in the save directory; false with a message. */
bool stats_path(char *out, size_t n, diag *err);
/* Reads path into st; a file that does not exist is no statistics yet. */
bool stats_read(const char *path, stats *st, diag *err);
/* Adds e to the file at path, written atomically (temporary file and
 * rename, as saves are) under a lock, so that two players finishing at
 * once both count.  On failure (a full disk, an unreadable file) the file
 * is left as it was and err says why; *all receives the statistics with e
 * added either way (caller frees). */
bool stats_record(const char *path, const stats_entry *e, stats *all, diag *err);

#endif
