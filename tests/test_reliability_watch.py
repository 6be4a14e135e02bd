"""`printables kit GAME.toml --watch` as a designer runs it, in a real pseudo-terminal and
with its output piped (issue 35): ten kinds of broken save, each reported on one line
while the watch goes on, and each fix rebuilt; a rules file swapped for a symlink to a
file outside the game's folder is refused as on a first build; an edited art file is
watched; Ctrl-C (typed into the terminal) ends it without a traceback.

The test waits on what the watch prints (with a generous bound), never a fixed time.
"""

from __future__ import annotations

import io
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

pytestmark = pytest.mark.kit
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
WAIT = 180.0  # seconds: generous, for a loaded two-core machine


class Watcher:
    """The watch in a child process; its output collected line by line by a thread."""

    def __init__(self, game: Path, out: Path, terminal: bool) -> None:
        args = [sys.executable, "-m", "printables", "kit", game.name, "--watch", "--jobs",
                "1", "-o", str(out)]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
        self.lines: list[str] = []
        self.terminal = terminal
        if terminal:
            self.master, slave = pty.openpty()
            self.proc = subprocess.Popen(args, cwd=game.parent, env=env, stdin=slave,
                                         stdout=slave, stderr=slave, start_new_session=True,
                                         preexec_fn=_take_terminal)
            os.close(slave)
            read: Callable[[], bytes] = self._read_pty
        else:
            self.proc = subprocess.Popen(args, cwd=game.parent, env=env,
                                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT)
            assert self.proc.stdout is not None
            read = self.proc.stdout.readline
        self.reader = threading.Thread(target=self._collect, args=(read,), daemon=True)
        self.reader.start()

    def _read_pty(self) -> bytes:
        while True:
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if ready:
                try:
                    return os.read(self.master, 4096)
                except OSError:  # the child closed the terminal
                    return b""
            if self.proc.poll() is not None:
                return b""

    def _collect(self, read: Callable[[], bytes]) -> None:
        pending = b""
        while True:
            chunk = read()
            if not chunk:
                break
            pending += chunk
            *done, pending = pending.replace(b"\r\n", b"\n").split(b"\n")
            self.lines += [line.decode("utf-8", "replace") for line in done]
        if pending:
            self.lines.append(pending.decode("utf-8", "replace"))

    def count(self, text: str) -> int:
        return sum(text in line for line in list(self.lines))

    def wait(self, text: str, n: int) -> None:
        """Wait until text has been printed on n lines."""
        end = time.monotonic() + WAIT
        while self.count(text) < n:
            assert self.proc.poll() is None, f"the watch ended ({self.proc.returncode}):\n" \
                + "\n".join(self.lines)
            assert time.monotonic() < end, f"{text!r} x{n} not seen:\n" + "\n".join(self.lines)
            time.sleep(0.05)

    def stop(self) -> int:
        if self.terminal:
            os.write(self.master, b"\x03")  # Ctrl-C, as typed: the terminal sends SIGINT
        else:
            self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(WAIT)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            self.reader.join(WAIT)
            if self.terminal:
                os.close(self.master)
        return code


def _take_terminal() -> None:
    """In the child: make the pseudo-terminal (its stdin) its controlling terminal."""
    import fcntl
    import termios
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def huge(path: Path) -> None:
    path.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def outside(path: Path) -> None:
    path.unlink()
    path.symlink_to(path.parent.parent / "secret.md")


def rename(path: Path) -> None:
    path.rename(path.with_name("renamed-" + path.name))


def restore_renamed(path: Path, original: bytes) -> None:
    path.with_name("renamed-" + path.name).rename(path)


#: name -> (the file it breaks, how, the words its one-line error has)
BREAKS: dict[str, tuple[str, Callable[[Path], None], str]] = {
    "typo": ("morris.toml", lambda p: p.write_text(p.read_text().replace(
        'sides = ["sun", "moon"]', 'sides = ["sun", "moon"')), "morris.toml"),
    "deleted rules": ("morris.md", Path.unlink, "morris.md"),
    "renamed game file": ("morris.toml", rename, "morris.toml"),
    "FIFO as rules": ("morris.md", fifo, "FIFO"),
    "bad art": ("morris/art/sun.svg", lambda p: p.write_text("<svg><text>hi</text></svg>"),
                "sun.svg"),
    "bad example": ("morris/placing.toml", lambda p: p.write_text(
        p.read_text().replace("game =", "gam =")), "placing.toml"),
    "symlink outside": ("morris.md", outside, "outside the game file's folder"),
    "huge example": ("morris/a-mill.toml", huge, "a-mill.toml"),
    "non-UTF-8 rules": ("morris.md", lambda p: p.write_bytes(b"# Morris \xff\xfe\n"),
                        "morris.md"),
    "missing rules key": ("morris.toml", lambda p: p.write_text(p.read_text().replace(
        'rules = "morris.md"', 'rules = "nowhere.md"')), "nowhere.md"),
}


def restore(path: Path, original: bytes, how: Callable[[Path], None]) -> None:
    if how is rename:
        restore_renamed(path, original)
        return
    if path.is_symlink() or (path.exists() and not path.is_file()):
        path.unlink()
    path.write_bytes(original)


@pytest.fixture
def game(tmp_path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    for name in ("morris.toml", "morris.md"):
        shutil.copy(EXAMPLES / name, src)
    shutil.copytree(EXAMPLES / "morris", src / "morris")
    (tmp_path / "secret.md").write_text("# SECRET-PASSWORD-TEXT\n\nnot for a booklet\n")
    return src / "morris.toml"


@pytest.mark.parametrize("terminal", [True, False], ids=["pty", "piped"])
def test_the_watch_survives_every_broken_save(game, tmp_path, terminal):
    out = tmp_path / "out"
    w = Watcher(game, out, terminal)
    try:
        w.wait("the rest:", 1)
        builds = 1
        for k, (name, (rel, how, words)) in enumerate(BREAKS.items()):
            path = game.parent / rel
            original = path.read_bytes()
            booklet = (out / "morris" / "booklet.pdf").read_bytes()
            how(path)
            w.wait(": error: ", k + 1)
            error = [line for line in w.lines if ": error: " in line][-1]
            assert words in error, (name, error)
            if name == "symlink outside":  # refused: the booklet is the one built before
                assert (out / "morris" / "booklet.pdf").read_bytes() == booklet
            restore(path, original, how)
            builds += 1
            w.wait("the rest:", builds)
        sun = game.parent / "morris" / "art" / "sun.svg"  # art is watched too
        setup = (out / "morris" / "setup.png").read_bytes()
        sun.write_text(sun.read_text().replace("#8a4b00", "#0000ff"))
        w.wait("changed: sun.svg", 1)
        w.wait("the rest:", builds + 1)
        assert (out / "morris" / "setup.png").read_bytes() != setup
    finally:
        code = w.stop()
    text = "\n".join(w.lines)
    assert code == 0 and "Traceback" not in text, text
    assert w.count(": error: ") == len(BREAKS)  # each broken save printed once
    errors = [line for line in w.lines if ": error: " in line]
    assert all(len(line) < 400 for line in errors), errors
    booklet = (out / "morris" / "booklet.pdf").read_bytes()
    words = "".join(page.extract_text() for page in PdfReader(io.BytesIO(booklet)).pages)
    assert "SECRET" not in words and "Morris" in words


def test_a_watch_started_on_a_broken_game_file_waits_for_the_fix(game, tmp_path):
    """The game file does not read when the watch starts: one error line, then the watch
    waits, and the fix builds the kit."""
    original = game.read_text()
    game.write_text(original.replace('sides = ["sun", "moon"]', 'sides = ["sun", "moon"'))
    w = Watcher(game, tmp_path / "out", terminal=False)
    try:
        w.wait(": error: ", 1)
        assert w.count("the rest:") == 0
        game.write_text(original)
        w.wait("the rest:", 1)
    finally:
        code = w.stop()
    text = "\n".join(w.lines)
    assert code == 0 and "Traceback" not in text, text
    assert (tmp_path / "out" / "morris" / "booklet.pdf").is_file()
