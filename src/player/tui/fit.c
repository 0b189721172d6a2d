/* fit.c: the screen size a puzzle's whole board needs, asked of the
 * family's layout with no room at all (it then names its smallest). */
#include "tui/fit.h"

#include "tui/app.h"

bool fit_need(const puzzle *pz, bool ascii, int *rows, int *cols)
{
    const game_family *f = pz->family;
    if (!f->ui->create || !f->ui->layout)
        return false;
    void *ui = f->ui->create(pz->data);
    int nr = 0, nc = 0;
    /* 0 x 0 never fits: need is the smallest geometry's size */
    f->ui->layout(pz->data, ui, 0, 0, ascii, &nr, &nc);
    f->ui->free(ui);
    *rows = nr + 1 + APP_MSG_LINES;
    *cols = nc;
    return true;
}
