/* app.c: the player's main loop: open a puzzle (or the menu), resume its
 * save, read keys and mouse, dispatch the front end's own keys, hand the
 * rest to the family, keep the clock, save, and restore the terminal on
 * every way out. */
#include "keys.h"
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exit_status.h"
#include "tui/app.h"
#include "tui/keymap.h"
#include "tui/new_puzzle.h"
#include "tui/play_loop.h"
#include "tui/rules.h"
#include "tui/term.h"
#include "tui/tui.h"

#define CTRL(c) ((c)&0x1f)

/* The clock runs only while the player can see and play the board. */
static void tick(app *s)
{
    double now = term_now();
    if (!s->paused && !s->help && !s->rules && !s->done && s->fits)
        s->b->elapsed += now - s->last_tick;
    s->last_tick = now;
}

/* A save that fails as the player quits cannot be shown on the screen
 * that is closing: it is printed once the terminal is restored. */
static char quit_note[600];

static bool save_now(app *s)
{
    if (!s->can_save)
        return true;
    diag err = {0};
    tick(s);
    if (board_save(s->b, s->save_path, &err)) {
        s->changes_since_save = 0;
        return true;
    }
    screen_message(s, true, "cannot save: %s", err.msg);
    struct stat st;
    bool kept = stat(s->save_path, &st) == 0;
    snprintf(quit_note, sizeof quit_note, "cannot save: %.511s%s", err.msg,
             kept ? " (the previous save is kept)" : " (nothing was saved)");
    return false;
}

/* The game being played, for the out-of-memory path: a solver that runs
 * out of memory ends the process (util.h), and the moves made so far are
 * saved before it goes. */
static app *playing;

static void save_before_out_of_memory(void)
{
    if (playing)
        save_now(playing);
    term_stop();
    if (quit_note[0])
        fprintf(stderr, "tessera: %s\n", quit_note);
}

/* After every change to the board (move, undo, redo, hint, solve). */
static void app_after_change(app *s)
{
    char tbuf[32];
    tick(s); /* the time taken includes this last move */
    bool was_done = s->done;
    s->done = s->f->verify(s->b->pz->data, s->b->state, NULL);
    if (s->done && !was_done) {
        screen_format_time(s->b->elapsed, tbuf, sizeof tbuf);
        size_t len = strlen(s->msg);
        if (len > 0 && s->msg[len - 1] != ' ' && len + 2 < sizeof s->msg) {
            memcpy(s->msg + len, "; ", 3); /* never "redoneSolved" */
            len += 2;
        }
        if (s->b->solved_by_engine) {
            snprintf(s->msg + len, sizeof s->msg - len, "Solved with S after %s", tbuf);
        } else {
            snprintf(s->msg + len, sizeof s->msg - len, "Solved in %s!", tbuf);
            s->flash_until = term_now() + 0.4;
        }
        s->msg_alert = false;
    }
    if (++s->changes_since_save >= APP_SAVE_EVERY || (s->done && !was_done))
        save_now(s);
    if (s->done && !was_done)
        play_loop_solved(s); /* after the save: statistics never cost a game */
}

static void apply_move(app *s, move *m)
{
    engine_clear_view(s);
    s->msg[0] = 0;
    if (session_apply(s->ss, m, false))
        app_after_change(s);
    else if (session_refused(s->ss)[0])
        screen_message(s, true, "that move is not allowed: %s", session_refused(s->ss));
}

static void do_undo(app *s, bool redo)
{
    engine_clear_view(s);
    int pos = s->b->pos;
    bool ok = redo ? session_redo(s->ss) : session_undo(s->ss);
    if (!ok) {
        screen_message(s, false, redo ? "nothing to redo" : "nothing to undo");
        return;
    }
    const board_step *st = &s->b->steps[redo ? pos : pos - 1];
    screen_message(s, false, "%s%s", redo ? "redone" : "undone", st->is_solve ? ": solve" : "");
    app_after_change(s);
}

/* A hint belongs to the board and focus it was computed on: any key but
 * h (its next tier) and Enter on a hint that shows its move dismisses it,
 * so that a key means what it means without a hint. */
static void dismiss_hint(app *s, int ch)
{
    if (s->hint_tier == 0 && s->longer == 0)
        return;
    /* h: the next tier, or thinking longer; c after an answer that ran
     * out: thinking longer */
    if (ch == 'h' || (ch == 'c' && s->hint_tier == 0) || (ch == 10 && s->hint_pending))
        return;
    engine_clear_view(s);
    s->msg[0] = 0;
}

/* An event for the family: the move it makes, or its focus moving. */
static void family_input(app *s, const input_event *ev)
{
    move m = {0};
    input_result r = s->f->ui->input(s->b->pz->data, s->ui, s->b->state, ev, &m);
    if (r == INPUT_MOVE)
        apply_move(s, &m);
    else if (r == INPUT_UI)
        engine_think(s); /* the focus moved: hints near it first */
    move_free(&m);
}

static void mouse_event(app *s)
{
    MEVENT me;
    if (getmouse(&me) != OK)
        return;
    input_event ev = {.kind = INPUT_MOUSE};
    if (me.bstate & (BUTTON1_PRESSED | BUTTON3_PRESSED)) {
        ev.action = MOUSE_PRESS;
        ev.button = me.bstate & BUTTON1_PRESSED ? 1 : 3;
        s->mouse_button = ev.button;
    } else if (me.bstate & (BUTTON1_RELEASED | BUTTON3_RELEASED)) {
        ev.action = MOUSE_RELEASE;
        ev.button = s->mouse_button ? s->mouse_button : me.bstate & BUTTON1_RELEASED ? 1 : 3;
        s->mouse_button = 0;
    } else if ((me.bstate & REPORT_MOUSE_POSITION) && s->mouse_button) {
        ev.action = MOUSE_DRAG;
        ev.button = s->mouse_button;
    } else {
        return;
    }
    dismiss_hint(s, KEY_MOUSE); /* a click or drag, not a mere motion */
    /* through the window: canvas positions, no target off the window */
    int cy, cx;
    bool in = viewport_to_canvas(&s->vp, me.y - s->cv_y, me.x - s->cv_x, &cy, &cx);
    ev.y = me.y - s->cv_y + s->vp.off_y;
    ev.x = me.x - s->cv_x + s->vp.off_x;
    ev.target = in ? canvas_owner(&s->cv, cy, cx) : -1;
    family_input(s, &ev);
}

/* v: the family's compact zoom (one character per cell) on or off. */
static void toggle_compact(app *s)
{
    if (!s->f->ui->set_compact) {
        screen_message(s, false, "%s has no compact zoom", s->f->title);
        return;
    }
    s->compact = !s->compact;
    screen_layout(s);
    screen_message(s, false, s->compact ? "compact zoom: one character per cell (v: back)"
                                        : "normal zoom (v: compact)");
}

/* One key: the front end's own keys first, then the family's. */
static void key_event(app *s, int ch)
{
    s->by_mouse = ch == KEY_MOUSE;
    if (ch == KEY_MOUSE) {
        if (s->fits && !s->paused && !s->help && !s->rules)
            mouse_event(s);
        return;
    }
    if (ch == CTRL('c')) { /* raw mode: Ctrl-C is a key; treat it as SIGINT */
        term_signal = SIGINT;
        return;
    }
    if (!s->fits) {
        if (ch == 'q')
            s->quit = true;
        return;
    }
    if (s->rules) { /* the rules page: any key but Esc goes on to the keys */
        s->rules = false;
        s->help = ch != 27 && ch != 'q';
        return;
    }
    if (s->help) {
        s->help = false;
        return;
    }
    if (s->paused) {
        if (ch == 'p' || ch == 27)
            s->paused = false;
        else if (ch == 'q')
            s->quit = true;
        return;
    }
    if (ch == KEY_ENTER || ch == '\r')
        ch = 10;
    dismiss_hint(s, ch);
    switch (play_loop_key(s, ch)) {
    case LOOP_CHANGED: app_after_change(s); return;
    case LOOP_DONE: return;
    case LOOP_NOT_MINE: break;
    }
    switch (ch) {
    case 'q': s->quit = true; return;
    case '?':
        if (s->f->rules)
            s->rules = true;
        else
            s->help = true;
        return;
    case 'p': s->paused = true; return;
    case 'v': toggle_compact(s); return;
    case 'u': case CTRL('z'): do_undo(s, false); return;
    case 'r': case CTRL('r'): do_undo(s, true); return;
    case 'h': engine_hint(s); return;
    case 'c': engine_check(s); return;
    case 'f':
        if (engine_obvious(s))
            app_after_change(s);
        return;
    case 27:
        engine_clear_view(s);
        s->msg[0] = 0;
        return;
    case 10:
        if (s->hint_pending) {
            if (engine_accept_hint(s))
                app_after_change(s);
            return;
        }
        break;
    default: break;
    }
    input_event ev = {.kind = INPUT_KEY, .key = keymap_game_key(ch), .target = -1};
    family_input(s, &ev);
}

/* Plays one game until q or a signal; the board is saved on the way out. */
static void play(app *s)
{
    s->ui = s->f->ui->create(s->b->pz->data);
    /* set before the worker starts: it may be the one to run out */
    playing = s;
    out_of_memory_hook(save_before_out_of_memory);
    engine_think(s); /* thinking ahead starts with the game */
    s->last_tick = term_now();
    s->done = s->f->verify(s->b->pz->data, s->b->state, NULL);
    s->recorded = s->done; /* a game resumed solved is in the statistics */
    screen_layout(s);
    while (!s->quit && !term_signal) {
        tick(s);
        if (s->relayout) {
            s->relayout = false;
            screen_layout(s);
        }
        screen_draw(s);
        /* wake twice a second for the clock, the flash and signal flags */
        timeout(s->flash_until > term_now() ? 100 : 500);
        int ch = getch();
        if (ch == ERR)
            continue;
        if (ch == KEY_RESIZE) {
            screen_layout(s);
            continue;
        }
        key_event(s, ch);
    }
    tick(s);
    quit_note[0] = 0;
    save_now(s);
    playing = NULL;
    s->f->ui->free(s->ui);
    s->ui = NULL;
}

static void app_free(app *s)
{
    canvas_free(&s->cv);
    vec_free(&s->hint);
    vec_free(&s->conflict);
    vec_free(&s->egroups);
    vec_free(&s->efacts);
    session_answer_free(&s->shown);
    if (s->ss)
        session_free(s->ss); /* and the board */
    else
        board_free(s->b);
    board_lock_release(s->lock);
}

static bool utf8_locale(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/* A saved game given as the argument: "tessera SAVE" resumes it.  Opened
 * without blocking and read only when it is a regular file (a FIFO would
 * wait for a writer; puzzle_load then refuses it with a message). */
static bool is_save_file(const char *arg)
{
    int fd = open(arg, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct stat st;
    char head[16] = "";
    ssize_t n = 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        n = read(fd, head, sizeof head - 1);
    close(fd);
    head[n > 0 ? n : 0] = 0;
    return strncmp(head, "tessera save 1\n", 15) == 0;
}

/* Locks the save for this game (FILES in the manual).  A second player on
 * the same puzzle is refused: the two would overwrite each other's saves,
 * and a copy that does not save would lose its moves. */
static bool lock_save(app *s, diag *err)
{
    bool busy;
    long holder;
    s->lock = board_lock_take(s->save_path, &busy, &holder);
    if (busy) {
        char pid[48] = "";
        if (holder > 0)
            snprintf(pid, sizeof pid, " (process %ld)", holder);
        diag_set(err, 0, 0, "this puzzle is open in another tessera%s; play it there, or quit that one first",
                 pid);
        return false;
    }
    return true;
}

/* The board for pz: its save resumed, else a new game.  Takes pz.  NULL
 * (err filled) when another player has the puzzle open. */
static board *open_board(puzzle *pz, app *s, diag *err)
{
    char dir[PATH_MAX];
    diag e = {0}, note = {0};
    s->can_save = board_state_dir(dir, sizeof dir, &e);
    if (!s->can_save) {
        screen_message(s, true, "progress will not be saved: %.511s", e.msg);
        return board_create(pz);
    }
    board_save_path(pz, dir, s->save_path, sizeof s->save_path);
    if (!lock_save(s, err)) {
        puzzle_free(pz);
        return NULL;
    }
    board *b = board_resume(pz, dir, &note);
    if (b) {
        char t[32];
        screen_format_time(b->elapsed, t, sizeof t);
        screen_message(s, false, "resumed your game (%s played)", t);
        puzzle_free(pz);
        return b;
    }
    if (note.msg[0])
        screen_message(s, true, "%s", note.msg);
    return board_create(pz);
}

/* Loads arg (puzzle or save) into a board; NULL with the error in err. */
static board *load_arg(const char *arg, const tui_options *opt, app *s, diag *err)
{
    if (is_save_file(arg)) {
        board *b = board_load(arg, err);
        if (!b)
            return NULL;
        char dir[PATH_MAX];
        diag e = {0};
        s->can_save = board_state_dir(dir, sizeof dir, &e);
        if (s->can_save) {
            board_save_path(b->pz, dir, s->save_path, sizeof s->save_path);
            if (!lock_save(s, err)) {
                board_free(b);
                return NULL;
            }
            screen_message(s, false, "opened the saved game %s", arg);
        } else {
            screen_message(s, true, "opened the saved game %s; progress will not be saved: %.511s", arg, e.msg);
        }
        return b;
    }
    puzzle *pz = puzzle_load(arg, opt->game, err);
    if (!pz)
        return NULL;
    if (!pz->family->ui) {
        diag_set(err, 0, 0, "%s cannot be played in the terminal yet (try --solve)", pz->family->title);
        puzzle_free(pz);
        return NULL;
    }
    return open_board(pz, s, err);
}

static void start_screen(theme *th, const tui_options *opt)
{
    theme_init(th, opt->color);
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON3_PRESSED | BUTTON3_RELEASED |
                  REPORT_MOUSE_POSITION,
              NULL);
    mouseinterval(0);
}

/* A puzzle file of a collection (not a game ID, not a save): the one
 * that > and < step from. */
static bool collection_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && !is_save_file(path);
}

/* Opens path for play into s (the session started); false with err. */
static bool open_game(app *s, const char *path, const tui_options *opt, diag *err)
{
    s->b = load_arg(path, opt, s, err);
    if (!s->b)
        return false;
    s->f = s->b->pz->family;
    s->ss = session_create(s->b, opt->timeout);
    return true;
}

/* The loop from game to game: the menu, the game, and where the game's
 * end leads (play_loop.h).  first: a game already open (tessera FILE),
 * else NULL (the menu). */
static void play_games(app *first, const char *arg, theme *th, const tui_options *opt, bool ascii)
{
    char *cur = arg ? xstrdup(arg) : NULL, note[1200] = "";
    int action = PLAY_MENU;
    if (first) {
        first->path = collection_file(cur) ? cur : NULL;
        play(first);
        action = first->next_action;
        app_free(first);
    }
    while (!term_signal) {
        char *next = NULL;
        const game_family *fam = NULL;
        if (cur) {
            diag d = {0};
            puzzle *pz = is_save_file(cur) ? NULL : puzzle_load(cur, opt->game, &d);
            fam = pz ? pz->family : NULL;
            puzzle_free(pz);
        }
        switch (action) {
        case PLAY_NEXT:
        case PLAY_PREV:
            next = cur ? play_loop_sibling(cur, action == PLAY_NEXT ? 1 : -1) : NULL;
            if (!next) {
                snprintf(note, sizeof note, "this is the %s puzzle of the collection",
                         action == PLAY_NEXT ? "last" : "first");
                next = cur ? xstrdup(cur) : NULL;
            }
            break;
        case PLAY_NEW:
            next = new_puzzle_run(th, ascii, fam, false);
            if (!next) {
                snprintf(note, sizeof note, "%s", new_puzzle_message());
                next = cur ? xstrdup(cur) : NULL;
            }
            break;
        case PLAY_QUIT:
            if (arg)
                next = NULL; /* started on a file: q ends the program */
            else
                next = menu_choose(th, ascii);
            break;
        default: next = menu_choose(th, ascii); break;
        }
        free(cur);
        cur = next;
        if (!cur)
            break;
        app s = {.opt = opt, .th = th, .ascii = ascii};
        diag err = {0};
        if (!open_game(&s, cur, opt, &err)) {
            char buf[512];
            diag_format(&err, buf, sizeof buf);
            menu_set_message(buf);
            app_free(&s);
            action = PLAY_MENU;
            arg = NULL; /* the menu now, whatever we started with */
            continue;
        }
        s.path = collection_file(cur) ? cur : NULL;
        if (note[0]) {
            screen_message(&s, false, "%s", note);
            note[0] = 0;
        }
        play(&s);
        action = s.next_action;
        if (action == PLAY_MENU)
            arg = NULL; /* M: from now on as if started from the menu */
        app_free(&s);
    }
    free(cur);
}

int tui_run(const char *arg, const tui_options *opt)
{
    setlocale(LC_ALL, "");
    setlocale(LC_NUMERIC, "C"); /* saves write numbers the same everywhere */
    bool ascii = opt->ascii || !utf8_locale();
    theme th;
    app s = {.opt = opt, .th = &th, .ascii = ascii};
    if (arg) {
        /* a bad argument is reported before the screen is taken */
        diag err = {0};
        if (!open_game(&s, arg, opt, &err)) {
            char buf[512];
            diag_format(&err, buf, sizeof buf);
            fprintf(stderr, "tessera: %s\n", buf);
            app_free(&s);
            return EXIT_BAD_INPUT;
        }
    }
    if (!term_start()) {
        if (arg)
            app_free(&s);
        return EXIT_BAD_INPUT;
    }
    start_screen(&th, opt);
    play_games(arg ? &s : NULL, arg, &th, opt, ascii);
    term_stop();
    if (quit_note[0])
        fprintf(stderr, "tessera: %s\n", quit_note);
    return term_exit_status(EXIT_DONE);
}
