"""Watching input files and rebuilding on save: the designer's edit-to-picture loop.

The loop polls the files a build reads (their size and modification time, a few times a
second: no extra dependency, and it works the same on every system and file system) and,
when one changes, runs the build's steps in order, reporting each step's files and time.

Rulings:
- A change is seen when a watched file's (size, mtime_ns, inode) differs from the last
  look, or a file appears or goes; the build waits until two looks in a row agree, so an
  editor's save in several writes is built once.
- An error in a step is reported (one line) and the loop goes on watching: the next save
  builds again. The steps after a failed one are skipped for that save. Whatever a step
  raises (our errors, an OS error, anything else but Ctrl-C) is such a line: the loop
  never ends on the designer's mistake, only on stop() or Ctrl-C.
- The list of watched files is asked again after every build (a game file may name new
  example or art files); when asking fails, the files watched so far stay watched. The
  next look compares with the files as they were when the build started, so a save made
  while a build runs (or while its error is printed) is built next, never lost.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from printables.errors import PrintablesError, one_line, os_reason, printable
from printables.interrupt import Interrupted

Stamp = tuple[int, int, int] | None


@dataclass(frozen=True)
class Step:
    """One step of a rebuild: a name for the report and the build, which returns the names
    of the files it wrote (or reused)."""

    name: str
    run: Callable[[], Sequence[str]]


def stamp(path: Path) -> Stamp:
    """What tells a file changed: (size, mtime_ns, inode), or None when it is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def snapshot(paths: Iterable[Path]) -> dict[Path, Stamp]:
    """The stamps of paths."""
    return {Path(p): stamp(Path(p)) for p in paths}


def run_steps(steps: Sequence[Step], report: Callable[[str], None]) -> bool:
    """Run steps in order, reporting each ('board, setup: 4 files in 0.31 s'); stop at the
    first error, reported on one line. True when every step ran."""
    for step in steps:
        t = time.perf_counter()
        try:
            files = step.run()
        except Exception as e:  # noqa: BLE001 (the watch outlives every error but Ctrl-C)
            report(f"{step.name}: error: {one_line(error_text(e))}")
            return False
        report(f"{step.name}: {len(files)} files in {time.perf_counter() - t:.2f} s")
    return True


def error_text(e: Exception) -> str:
    """The one line an error of a step is shown as: ours as they are, an OS error with the
    path and reason, anything else with its kind (a bug to report)."""
    if isinstance(e, PrintablesError):
        return str(e)
    if isinstance(e, OSError):
        where = f"{printable(str(e.filename))}: " if e.filename is not None else ""
        return f"cannot use {where}{os_reason(e)}"
    if isinstance(e, RecursionError):
        return "input is nested too deeply to read"
    return f"unexpected {type(e).__name__}: {e} (please report this)"


def _listed(inputs: Callable[[], Iterable[Path]], last: Iterable[Path]) -> list[Path]:
    """The files to watch now, or the last ones when asking fails."""
    try:
        return [Path(p) for p in inputs()]
    except Exception:  # noqa: BLE001 (a broken input is reported by the build, not here)
        return list(last)


def watch(inputs: Callable[[], Iterable[Path]], steps: Sequence[Step],
          report: Callable[[str], None], *, interval: float = 0.1,
          stop: Callable[[], bool] = lambda: False, build_first: bool = True) -> int:
    """Build (unless build_first is False), then rebuild on every change of the input files
    until stop() is true (or Ctrl-C); returns the number of builds run."""
    builds = 0
    seen = snapshot(_listed(inputs, ()))
    try:
        if build_first:
            seen = _build(steps, report, inputs, seen)
            builds += 1
        while not stop():
            time.sleep(interval)
            now = snapshot(seen)
            if now == seen:
                continue
            time.sleep(interval)  # let a save in several writes settle
            if snapshot(seen) != now:
                continue
            changed = sorted(str(p) for p in now if now[p] != seen.get(p))
            report(f"changed: {', '.join(Path(c).name for c in changed)}")
            seen = _build(steps, report, inputs, now)
            builds += 1
    except (KeyboardInterrupt, Interrupted):  # Ctrl-C: the way a watch ends
        pass
    return builds


def _build(steps: Sequence[Step], report: Callable[[str], None],
           inputs: Callable[[], Iterable[Path]], before: dict[Path, Stamp]
           ) -> dict[Path, Stamp]:
    """Run the steps; the stamps to compare the next look with: those from before the
    build (a save while it ran, or while its error was printed, is seen next), and for
    files newly listed, as they are now."""
    run_steps(steps, report)
    return {p: before[p] if p in before else stamp(p) for p in _listed(inputs, before)}
