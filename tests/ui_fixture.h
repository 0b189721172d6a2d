/* ui_fixture.h: a puzzle laid out and drawn into an in-memory canvas, as
 * the family drawing tests all do (header-only: each test is one program). */
#ifndef TESSERA_TESTS_UI_FIXTURE_H
#define TESSERA_TESTS_UI_FIXTURE_H
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "game.h"
#include "testlib.h"
#include "util.h"

typedef struct {
    puzzle *p;
    const game_family *f;
    void *ui;
    int *state;
    canvas cv;
} ui_fixture;

/* Takes p (NULL: the load failed, reported as a failed check) at its
 * starting board, laid out for a rows x cols area. */
static inline bool ui_fixture_open(ui_fixture *fx, puzzle *p, int rows, int cols, bool ascii)
{
    memset(fx, 0, sizeof *fx);
    CHECK(p != NULL);
    if (!p)
        return false;
    fx->p = p;
    fx->f = p->family;
    fx->state = xcalloc((size_t)p->nstate, sizeof *fx->state);
    fx->f->init_state(p->data, fx->state);
    fx->ui = fx->f->ui->create(p->data);
    int nr, nc;
    CHECK(fx->f->ui->layout(p->data, fx->ui, rows, cols, ascii, &nr, &nc));
    canvas_init(&fx->cv, nr, nc, ascii);
    return true;
}

static inline void ui_fixture_close(ui_fixture *fx)
{
    canvas_free(&fx->cv);
    if (fx->ui)
        fx->f->ui->free(fx->ui);
    free(fx->state);
    puzzle_free(fx->p);
}

static inline void ui_fixture_draw(ui_fixture *fx)
{
    canvas_clear(&fx->cv);
    fx->f->ui->draw(fx->p->data, fx->ui, fx->state, NULL, &fx->cv);
}

/* Does the drawn canvas hold only ASCII (what --ascii promises)? */
static inline bool ui_fixture_ascii_only(const ui_fixture *fx)
{
    char *txt = canvas_to_text(&fx->cv);
    bool ascii = true;
    for (const char *p = txt; *p; p++)
        ascii &= (unsigned char)*p < 128;
    free(txt);
    return ascii;
}

#endif
