"""Reading a game file's text: bounded, regular files only, UTF-8, TOML with the line of
every syntax error; and the designer files a game file names (rules, art), resolved
relative to the game file's folder.

Every read goes through :func:`printables.outputs.read_regular_file` (a FIFO or device is
refused without blocking, a file over the limit is refused without reading it all).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from printables.errors import InputError, LayoutError
from printables.outputs import read_regular_file
from printables.positions import MAX_FILE_BYTES, SourceReader

__all__ = ["SourceReader", "read_bytes", "read_text", "parse_toml"]


GAME_FILE = "a .toml game file such as examples/honeycomb.toml"


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES, what: str = GAME_FILE,
               noun: str = "game file") -> bytes:
    """The bytes of a regular file of at most limit bytes, or a LayoutError naming it (and
    what would be valid)."""
    try:
        return read_regular_file(path, limit, what)
    except InputError as e:
        message = e.message.replace("cannot read file", f"cannot read {noun}")
        if message.startswith("cannot read"):
            message += f"; give {what}"
        raise LayoutError(message, file=str(path)) from None


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES, what: str = GAME_FILE,
              noun: str = "game file") -> str:
    """The UTF-8 text of a regular file of at most limit bytes, or a LayoutError."""
    raw = read_bytes(path, limit, what, noun)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LayoutError("file is not UTF-8 text", file=str(path)) from None


def parse_toml(source: str, path: str) -> tuple[SourceReader, dict[str, Any]]:
    """The reader (for errors at a line) and the parsed table of a TOML text."""
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise LayoutError(f"bad TOML: {str(e).split(' (at')[0]}", file=path,
                          line=int(m.group(1)) if m else 1) from None
    return SourceReader(path, source), data
