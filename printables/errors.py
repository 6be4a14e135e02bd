"""The PrintablesError family: every error a user can cause, with file, line and input."""

from __future__ import annotations


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
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        return where + self.message


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


def did_you_mean(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """A 'did you mean' hint listing the closest choices, or all of them.

    >>> did_you_mean("dugy", ["dugi", "network"])
    "did you mean 'dugi'?"
    """
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=3, cutoff=0.5)
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    return "valid: " + ", ".join(choices)
