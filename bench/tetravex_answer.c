/* tetravex_answer.c: checks a printed `tessera --solve` answer to a
 * Tetravex puzzle with the family's independent checker (tetravex_verify).
 *   tetravex_answer PUZZLE ANSWER   exit 0 when the answer is right
 * The answer is n lines of n tiles ("9261 5562 0295"); each printed tile
 * is matched to an unused tile of the puzzle with the same four numbers,
 * so identical tiles are interchangeable, as the rules make them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tetravex.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: tetravex_answer PUZZLE ANSWER\n");
        return 2;
    }
    char *text = read_file(argv[1], 1u << 20, NULL), *ans = read_file(argv[2], 1u << 20, NULL);
    if (!text || !ans) {
        fprintf(stderr, "tetravex_answer: cannot read %s\n", text ? argv[2] : argv[1]);
        return 2;
    }
    diag err = {0};
    int nstate = 0;
    tetravex_puzzle *t = tetravex_parse(text, &err, &nstate);
    if (!t) {
        char buf[512];
        diag_format(&err, buf, sizeof buf);
        fprintf(stderr, "%s: %s\n", argv[1], buf);
        return 2;
    }
    int *state = xcalloc((size_t)t->ntiles, sizeof *state);
    bool *used = xcalloc((size_t)t->ntiles, sizeof *used);
    int cells = 0;
    bool ok = true;
    for (char *p = ans; *p && ok;) {
        if (*p < '0' || *p > '9') {
            p++;
            continue;
        }
        unsigned char v[4];
        for (int s = 0; s < 4; s++, p++) {
            if (*p < '0' || *p > '9') {
                ok = false;
                break;
            }
            v[s] = (unsigned char)(*p - '0');
        }
        int found = -1;
        for (int k = 0; ok && k < t->ntiles && found < 0; k++)
            if (!used[k] && !memcmp(t->tile[k], v, 4))
                found = k;
        if (!ok || found < 0 || cells >= t->ntiles) {
            ok = false;
            break;
        }
        used[found] = true;
        state[cells++] = found;
    }
    diag why = {.msg = "not a whole board of the puzzle's tiles"};
    ok = ok && cells == t->ntiles && tetravex_verify(t, state, &why);
    if (!ok)
        fprintf(stderr, "%s: wrong answer: %s\n", argv[2], why.msg);
    free(state);
    free(used);
    free(text);
    free(ans);
    tetravex_free(t);
    return ok ? 0 : 1;
}
