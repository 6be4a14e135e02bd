"""Reading a game file's text: bounded, regular files only, UTF-8, TOML with the line of
every syntax error; and the designer files a game file names (rules, examples), resolved
relative to the game file's folder.

Every read goes through :func:`printables.outputs.read_regular_file` (a FIFO or device is
refused without blocking, a file over the limit is refused without reading it all). Rulings
(ours): the rules and examples stay inside the game file's folder after every symlink
(outputs.resolve_inside, outputs.bounded_glob; the bundled rules text is allowed too, as
`export` names it); a rules text is at most outputs.MAX_RULES_BYTES; an examples pattern
that matches no file is an error (most likely a typo).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from printables.errors import InputError, LayoutError, quote
from printables.outputs import (
    MAX_RULES_BYTES,
    bounded_glob,
    file_kind,
    read_regular_file,
    resolve_inside,
)
from printables.positions import MAX_FILE_BYTES, SourceReader, bundled_rules

__all__ = ["SourceReader", "read_bytes", "read_text", "parse_toml", "rules_file",
           "example_files"]


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
    except RecursionError:
        raise LayoutError("bad TOML: arrays or tables nested too deeply", file=path) from None
    return SourceReader(path, source), data


def rules_file(r: SourceReader, data: Mapping[str, Any], base: Path) -> Path | None:
    """The game file's rules text (top-level ``rules``, or ``text`` in a [rules] table): a
    regular file of at most MAX_RULES_BYTES inside its folder base (or the bundled rules
    text, which `export` names), else a LayoutError; None for a [rules] table without
    text (the booklet then writes the rules text from the [rules] themselves)."""
    rules, key = data.get("rules"), "rules"
    if isinstance(rules, Mapping):  # a [rules] vocabulary: its text key names the Markdown
        rules, key = rules.get("text"), "text"
        if rules is None:
            return None
        if not isinstance(rules, str) or not rules.strip():
            said = f"is {quote(rules)}, not a file name"
            raise r.fail(f"[rules] text {said}; write text = \"my-game.md\" (a Markdown "
                         "file next to the game file) under [rules]",
                         key="rules" if rules is None else "text")
    if not isinstance(rules, str) or not rules.strip():
        raise r.fail("rules is missing; write rules = \"my-game.md\" (a Markdown file next "
                     "to the game file) before the first [table]", key="rules")
    try:  # inside the game file's folder, or the bundled rules text (as `export` writes)
        path = resolve_inside(base, rules, key, also=[bundled_rules()])
    except InputError as e:
        raise r.fail(e.message, key=key) from None
    kind = file_kind(path)
    if kind == "missing":
        raise r.fail(f"rules file {quote(rules)} not found (looked for {path}); give the path "
                     "of a Markdown file relative to the game file", value=rules)
    if kind != "file":
        raise r.fail(f"rules file {quote(rules)} is a {kind}, not a regular file; give a "
                     "Markdown file", value=rules)
    if path.stat().st_size > MAX_RULES_BYTES:
        raise r.fail(f"rules file {quote(rules)} is more than {MAX_RULES_BYTES} bytes; a rules "
                     f"text is at most {MAX_RULES_BYTES} bytes", value=rules)
    return path


def example_files(r: SourceReader, data: Mapping[str, Any], base: Path) -> tuple[Path, ...]:
    """The files the game file's examples patterns match inside its folder base, in the
    order the list names them (each pattern's matches sorted), else a LayoutError."""
    patterns = data.get("examples", [])
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise r.fail("examples must be a list of file patterns such as "
                     "[\"my-game/*.toml\"]", key="examples")
    out: list[Path] = []
    for pattern in patterns:
        try:
            found = bounded_glob(base, pattern, "examples")
        except InputError as e:
            raise r.fail(e.message, key="examples") from None
        if not found:
            raise r.fail(f"examples pattern {quote(pattern)} matches no file (relative to "
                         f"{base}/)", value=pattern)
        out.extend(p for p in found if p not in out)
    return tuple(out)
