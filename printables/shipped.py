"""The example game files shipped with printables, and copying them out (`printables examples`).

The folder examples/ at the top of the repository installs inside the package as
printables/examples (pyproject.toml's package-dir), beside layouts/ and rules_text/; each
top-level ``.toml`` in it is a game file, with its rules text, example positions and art
next to it.

Rulings (ours): a copy never replaces a file of yours. If any file it would write exists
with other bytes (or is not a plain file), nothing is written and the one-line error names
that file; a file already holding the same bytes is left as it is, so copying twice is
harmless. Files are read through the bounded reader and written atomically, one folder at
a time (outputs.write_files).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printables.errors import UsageError, printable
from printables.outputs import ensure_dir, read_regular_file, write_files
from printables.positions import bundled_layouts

#: Largest example file we copy (game files and art are far smaller; a font subset is
#: the largest kind of file an example may hold).
MAX_EXAMPLE_BYTES = 4_000_000


def bundled_examples() -> Path:
    """The examples/ folder shipped with the project: beside layouts/, installed or in a
    checkout (as rules_text/ is)."""
    return bundled_layouts().parent / "examples"


def example_files(folder: Path | None = None) -> dict[str, bytes]:
    """Every file of the examples, by its path relative to the folder ('/' between parts),
    in sorted order; hidden files and Python caches are left out.

    >>> "morris.toml" in example_files() and "morris/art/sun.svg" in example_files()
    True
    """
    top = folder or bundled_examples()
    out: dict[str, bytes] = {}
    for path in sorted(top.rglob("*")):
        rel = path.relative_to(top)
        if any(p.startswith(".") or p == "__pycache__" for p in rel.parts) or not path.is_file():
            continue
        out[rel.as_posix()] = read_regular_file(path, MAX_EXAMPLE_BYTES, "an example file")
    return out


def example_games(files: dict[str, bytes]) -> list[str]:
    """The game files among the examples: the .toml files at the top of the folder.

    >>> example_games({"a.toml": b"", "a/one.toml": b"", "a.md": b""})
    ['a.toml']
    """
    return [name for name in files if "/" not in name and name.endswith(".toml")]


@dataclass(frozen=True)
class Copied:
    """What a copy did: the files written and the files already there with the same bytes."""

    written: tuple[Path, ...]
    unchanged: tuple[Path, ...]
    games: tuple[str, ...]


def copy_examples(output: str | Path, files: dict[str, bytes] | None = None) -> Copied:
    """Copy the examples into output (created if need be), or raise UsageError naming the
    first file that is there with other bytes, before writing anything."""
    files = example_files() if files is None else files
    out = Path(output)
    todo: dict[Path, list[tuple[str, bytes]]] = {}
    unchanged = []
    for name, data in files.items():
        target = out / name
        if _same(target, data):
            unchanged.append(target)
            continue
        if target.exists() or target.is_symlink():
            raise UsageError(f"{printable(str(target))} is already there and differs from the "
                             "example; remove it or give another --output", input=str(target))
        todo.setdefault(target.parent, []).append((target.name, data))
    for folder in todo:
        _check_folder(out, folder)
    ensure_dir(out)
    written: list[Path] = []
    for folder in sorted(todo, key=lambda p: (len(p.parts), str(p))):
        written += write_files(ensure_dir(folder), todo[folder])
    return Copied(tuple(written), tuple(unchanged), tuple(example_games(files)))


def _check_folder(out: Path, folder: Path) -> None:
    """UsageError if folder, or a folder between out and it, is there but not a folder."""
    for p in (folder, *folder.parents):
        if p.exists() and not p.is_dir():
            raise UsageError(f"{printable(str(p))} is a file, where the examples need a "
                             "folder; remove it or give another --output", input=str(p))
        if p == out:
            return


def _same(target: Path, data: bytes) -> bool:
    """Whether target is a plain file (not a link) holding exactly data."""
    if target.is_symlink() or not target.is_file():
        return False
    try:
        return target.stat().st_size == len(data) and target.read_bytes() == data
    except OSError:
        return False
