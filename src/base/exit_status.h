/* exit_status.h: the process exit statuses of the batch contract (tessera(6),
 * EXIT STATUS), shared by the batch commands and the player. */
#ifndef TESSERA_EXIT_STATUS_H
#define TESSERA_EXIT_STATUS_H

enum {
    EXIT_DONE = 0,
    EXIT_NO_SOLUTION = 1, /* no solution, or the marks are inconsistent */
    EXIT_BAD_INPUT = 2,   /* bad usage or bad input */
    EXIT_LIMIT = 3,       /* a time or conflict limit ran out */
};

#endif
