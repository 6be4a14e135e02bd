"""Run a command the way a person at a terminal does: its standard input, output and error
on a real pseudo-terminal (os.openpty) of a given size, so every `isatty()` branch (the
progress bars, the balance progress line) runs as it does for a user.

The reader waits for the command to close the terminal (end of file), bounded by a
generous deadline; it never sleeps a fixed time. A command that runs until stopped (serve)
gets Ctrl-C's signal once a given text is on the screen.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

#: ANSI control sequences (click hides and shows the cursor around a progress bar).
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass(frozen=True)
class Screen:
    """What a command wrote to the terminal, and its exit status."""

    status: int
    text: str

    def lines(self) -> list[str]:
        """Every line the terminal showed: split at newlines and carriage returns (each
        redraw of a progress line is a line of its own), control sequences removed."""
        return re.split(r"\r\n|\n|\r", ANSI.sub("", self.text))

    def redraws(self) -> list[str]:
        """The lines drawn over and over at the same place (progress bars and lines): every
        part of a line that holds a carriage return of its own."""
        plain = ANSI.sub("", self.text)
        return [part for line in re.split(r"\r?\n", plain) if "\r" in line
                for part in line.split("\r") if part]


def run_in_terminal(args: list[str], cwd: Path, columns: int = 80, rows: int = 24,
                    seconds: float = 900.0, env: dict[str, str] | None = None,
                    interrupt_when: str | None = None) -> Screen:
    """Run `python -m printables ARGS` in cwd on a terminal `columns` wide; its screen.
    With interrupt_when, the command gets SIGINT (what Ctrl-C sends) once that text shows."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    environ = {**os.environ, "COLUMNS": str(columns), "LINES": str(rows), "TERM": "xterm",
               **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "printables", *args], cwd=cwd,
                            stdin=slave, stdout=slave, stderr=slave, env=environ,
                            close_fds=True, start_new_session=True)
    os.close(slave)
    chunks: list[bytes] = []
    end = time.monotonic() + seconds
    try:
        while True:
            left = end - time.monotonic()
            if left <= 0:
                proc.kill()
                raise AssertionError(f"printables {' '.join(args)} still running after "
                                     f"{seconds:g} s")
            ready, _, _ = select.select([master], [], [], min(left, 5.0))
            if not ready:
                continue
            try:
                data = os.read(master, 65536)
            except OSError:  # Linux: EIO once the last writer closed the terminal
                break
            if not data:
                break
            chunks.append(data)
            if interrupt_when is not None and interrupt_when.encode() in b"".join(chunks):
                os.killpg(proc.pid, signal.SIGINT)  # its own session: the child alone
                interrupt_when = None
        status = proc.wait(timeout=max(1.0, end - time.monotonic()))
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return Screen(status, b"".join(chunks).decode("utf-8", "replace"))
