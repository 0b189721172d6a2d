#!/bin/bash
# save_failures.sh: a full disk and a read-only state directory.  A save
# that fails shows "cannot save: ..." during play, is reported on standard
# error when the player quits, leaves no temporary file, and keeps the
# previous save byte for byte (the next game resumes from it).
#
# Real failures, no mocks.  As root with mount allowed, the test runs in a
# private mount namespace with the state directory on a 64 KiB tmpfs:
# filled up (ENOSPC), then remounted read-only (EROFS).  Otherwise the full
# disk is a file size limit (ulimit -f; the player ignores SIGXFSZ, so
# write() fails with EFBIG) and the read-only directory is chmod a-w (as
# root without mount, the player then runs as user nobody, whom the mode
# binds).  SAVE_FAILURES_NO_MOUNT=1 forces the second way.
if [ "$(id -u)" = 0 ] && [ -z "${SAVE_FAILURES_NS:-}" ] && [ -z "${SAVE_FAILURES_NO_MOUNT:-}" ] &&
    unshare -m true 2>/dev/null; then
    exec unshare -m --propagation private env SAVE_FAILURES_NS=1 bash "$0" "$@"
fi
source "$(dirname "$0")/lib.sh"
tui_init "$1" "$2"
PUZ=$SRC/puzzles/tents/20x20-01.tents
DIR=$XDG_STATE_HOME/tessera
mkdir -p "$DIR"
GRASS=‥

mode=fallback
if [ -n "${SAVE_FAILURES_NS:-}" ] && mount -t tmpfs -o size=64k,mode=0700 tessera-test "$DIR"; then
    mode=tmpfs
    trap 'stop; umount "$DIR" 2>/dev/null; rm -rf "$TUI_TMP"' EXIT
fi
echo "mode: $mode"

# The player, wrapped: `limit` in $TUI_TMP/limit sets a file size limit
# (bash counts 1024-byte blocks); as root in fallback mode it runs as nobody.
REAL=$TESSERA
AS_NOBODY=
if [ $mode = fallback ] && [ "$(id -u)" = 0 ]; then
    AS_NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
    chmod 755 "$TUI_TMP"
    chown -R 65534:65534 "$XDG_STATE_HOME"
    # the build and source trees may be closed to nobody (under /root)
    cp "$REAL" "$TUI_TMP/tessera"
    cp "$PUZ" "$TUI_TMP/puzzle.tents"
    chmod 755 "$TUI_TMP/tessera"
    chmod 644 "$TUI_TMP/puzzle.tents"
    REAL=$TUI_TMP/tessera PUZ=$TUI_TMP/puzzle.tents
fi
cat >"$TUI_TMP/wrap.sh" <<EOF
#!/bin/bash
limit=\$(cat "$TUI_TMP/limit" 2>/dev/null)
[ -n "\$limit" ] && ulimit -f "\$limit"
exec $AS_NOBODY "$REAL" "\$@"
EOF
chmod 755 "$TUI_TMP/wrap.sh"
TESSERA=$TUI_TMP/wrap.sh

save_file() { ls "$DIR"/tents-*.save 2>/dev/null | head -1; }
no_temp_files() {
    local t
    t=$(ls "$DIR" | grep '\.tmp$')
    [ -z "$t" ] || fail "temporary files left behind: $t"
}

# A game with one grass mark, saved on quitting: the save to keep.
first_game() {
    rm -f "$DIR"/*
    start_session "$PUZ"
    wait_for "Tents 20x20"
    send Right Space
    wait_until screen_has_n "$GRASS" 1
    send q
    wait_for "TESSERA-EXIT=0"
    SAVE=$(save_file)
    [ -n "$SAVE" ] || fail "no save after the first game"
    SUM=$(md5sum <"$SAVE")
}

# Five changes (the autosave interval) that cannot be saved, then q.
failing_game() { # REASON-REGEX
    start_session "$PUZ"
    wait_for "resumed your game"
    wait_until screen_has_n "$GRASS" 1
    send Right Space Space Space Space Space
    wait_until screen_has_n "$GRASS" 0
    wait_joined "cannot save: .*($1)"
    send q
    wait_for "TESSERA-EXIT=0"
    # -J joins the lines the terminal wrapped
    capture -J | tr '\n' ' ' | grep -qE "tessera: cannot save: .*($1).*previous save is kept" ||
        fail "no message about the failed save on quitting"
    [ "$(md5sum <"$SAVE")" = "$SUM" ] || fail "the previous save was changed"
    no_temp_files
}

# After the fault is gone, the game resumes from the kept save.
resumes_kept_save() {
    start_session "$PUZ"
    wait_for "resumed your game"
    wait_until screen_has_n "$GRASS" 1
    send q
    wait_for "TESSERA-EXIT=0"
    capture | grep -q "cannot save" && fail "saving still fails"
    return 0
}

# --- a full disk ---
first_game
if [ $mode = tmpfs ]; then
    dd if=/dev/zero of="$DIR/filler" bs=4k 2>/dev/null
    [ "$(df --output=avail "$DIR" | tail -1)" -eq 0 ] || fail "could not fill the file system"
    failing_game "No space left on device"
    rm "$DIR/filler"
else
    # the save already exceeds 1 KiB; any rewrite of it hits the limit
    [ "$(stat -c %s "$SAVE")" -gt 1024 ] || fail "the save is too small for the size limit"
    echo 1 >"$TUI_TMP/limit"
    failing_game "File too large"
    rm "$TUI_TMP/limit"
fi
resumes_kept_save

# --- a read-only state directory ---
first_game
if [ $mode = tmpfs ]; then
    mount -o remount,ro "$DIR"
    failing_game "Read-only file system"
    mount -o remount,rw "$DIR"
else
    chmod 555 "$DIR"
    failing_game "Permission denied"
    chmod 700 "$DIR"
fi
resumes_kept_save
echo "ok ($mode)"
