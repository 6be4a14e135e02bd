"""The PrintablesError family: every error a user can cause, with file, line and input.

Rulings: a message is always one line, and every path or value in it is shown with
unprintable characters escaped (``printable``), so a file name holding a newline or a
terminal escape code cannot split the message or drive the terminal. A line is at most
MAX_LINE characters (``one_line``): the user's input in it is shown shortened, and what is
still too long loses its middle, never its start (what failed) or its end (what is valid).
OS errors become ``OutputError``/``InputError`` naming the path and the OS reason in lower
case. A missing optional extra is named with the command that adds it, for pip and for pipx
(``install_hint``).
"""

from __future__ import annotations

import difflib
import errno as _errno
from collections.abc import Callable
from typing import Any

#: Longest error line we print (the input quoted in it is shortened to fit).
MAX_LINE = 300


class PrintablesError(Exception):
    """An error caused by user input; the CLI prints it on one line and exits with 2."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 input: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.input = input

    def __str__(self) -> str:
        where = ""
        if self.file:
            name = printable(self.file)
            where = f"{name}:{self.line}: " if self.line else f"{name}: "
        return one_line(where + self.message, self.input)

    def __reduce__(self) -> tuple[Callable[..., PrintablesError], tuple[Any, ...]]:
        # picklable with its keywords, so an error raised in a kit worker arrives whole
        return (_rebuild, (type(self), self.message, self.file, self.line, self.input))


def _rebuild(cls: type[PrintablesError], message: str, file: str | None, line: int | None,
             input: str | None) -> PrintablesError:
    return cls(message, file=file, line=line, input=input)


class UsageError(PrintablesError):
    """A bad command-line value: unknown game, size, paper, theme, profile."""


class LayoutError(PrintablesError):
    """A position file that cannot be read: TOML, game, space, side, kind, move syntax."""


class MoveSyntaxError(LayoutError):
    """A move string that does not parse."""


class RenderError(PrintablesError):
    """A renderer that cannot run here (for example no cairo library for PNG)."""


class CheckFailedError(PrintablesError):
    """A booklet example whose checks do not hold."""


class OutputError(PrintablesError):
    """Writing failed: a full disk, a read-only folder, a file where a folder goes, ..."""


class InputError(PrintablesError):
    """An input file that cannot be read: not a regular file, too large, unreadable."""


def os_reason(e: OSError) -> str:
    """The OS reason of an error in lower case, e.g. 'no space left on device'.

    >>> os_reason(OSError(28, "No space left on device"))
    'no space left on device'
    """
    text = e.strerror or (_errno.errorcode.get(e.errno or 0) or str(e) or type(e).__name__)
    return text[:1].lower() + text[1:]


def output_error(e: OSError, path: object, doing: str = "cannot write") -> OutputError:
    """An OutputError naming the path (escaped) and the OS reason."""
    name = printable(str(path))
    return OutputError(f"{doing} {name}: {os_reason(e)}", input=str(path))


def printable(text: str) -> str:
    r"""text with unprintable characters (newlines, escape codes, ...) written as escapes.

    >>> print(printable("a\nb\x1b[31m.toml"))
    a\nb\x1b[31m.toml
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def one_line(text: str, shown: str | None = None) -> str:
    """text escaped (``printable``) and at most MAX_LINE characters: the input shown in it
    (shown) is shortened first, then the middle of what is left is cut out.

    >>> len(one_line("bad value " + "9" * 5000 + "; valid: 1..19", "9" * 5000)) <= MAX_LINE
    True
    """
    text = printable(text)
    if len(text) <= MAX_LINE:
        return text
    if shown and len(shown) > 40:
        for form in (repr(printable(shown)), printable(shown)):
            if form in text:
                text = text.replace(form, quote(printable(shown)))
                break
    if len(text) > MAX_LINE:
        head, tail = MAX_LINE * 2 // 3, MAX_LINE // 3 - 40
        text = f"{text[:head]} ... ({len(text) - head - tail} characters) ... {text[-tail:]}"
    return text


def quote(value: object, limit: int = 40) -> str:
    """repr of a user's value, cut to limit characters (a 5,000-digit number stays short).

    >>> quote("1" * 50)
    "'1111111111111111111111111111111111111111...' (50 characters)"
    """
    text = str(value)
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit] + "...") + f" ({len(text)} characters)"


def did_you_mean(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """A 'did you mean' hint listing the closest choices, or all of them.

    >>> did_you_mean("dugy", ["dugi", "network"])
    "did you mean 'dugi'?"
    """
    close = difflib.get_close_matches(word, list(choices), n=3, cutoff=0.5)
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    return "valid: " + ", ".join(choices)


#: The optional extras (pyproject.toml's optional-dependencies a user may need at run time)
#: and the packages each brings, for the hint a command gives when one is missing.
EXTRAS: dict[str, tuple[str, ...]] = {
    "dxf": ("ezdxf",),
    "web": ("flask", "waitress"),
    "balance": ("distributed",),
    "play": ("numba",),
}


def install_hint(extra: str) -> str:
    """How to add an extra, with pip and with pipx (into an existing pipx install).

    >>> install_hint("web")
    'pip install "printables[web]" (with pipx: pipx inject printables flask waitress)'
    """
    return (f'pip install "printables[{extra}]" (with pipx: pipx inject printables '
            f'{" ".join(EXTRAS[extra])})')
