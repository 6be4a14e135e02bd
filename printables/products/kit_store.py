"""The kit folder as a store: per-game manifests, the one-step swap of a game folder, and
the top-level manifest.json and index.html made from every kit the folder holds.

Rulings (ours):
- Each game is one transaction: its files and its own GAME/manifest.json are written into
  a hidden folder next to GAME, flushed to disk, then swapped in with one rename, so GAME/
  is always either the previous kit or the new one, complete, with a manifest that matches.
- The game folder belongs to the kit. A symlink or file in its place is refused; so is a
  file in it that no kit wrote, or a folder no kit made, empty or not (either would be
  lost in the swap): the error names it.
- A game's manifest records its kit: game, title, designer, board summary, the variant in
  words, the request it was built from and the command line that rebuilds it. The top-level
  manifest.json and index.html list every kit folder of the output folder that has such a
  manifest (this run's or an earlier one's, a game file's too), read from those manifests
  alone: kit never reads, let alone hashes, a file it did not write. They are rewritten
  after every game and at the start of the next run, so a killed run is repaired by the
  next one.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
from pathlib import Path
from string import Template
from typing import Any, TypedDict

from printables.errors import InputError, OutputError, printable, quote
from printables.outputs import (
    _OURS,
    clean_stale,
    read_regular_file,
    stage_dir,
    swap_in,
    write_changed,
    write_tree,
)

#: Each game folder's own list of its files (written last inside the folder).
GAME_MANIFEST = "manifest.json"
#: Largest manifest we read back (ours are a few KB).
MAX_MANIFEST_BYTES = 1_000_000
#: The index page's template (a string.Template: $cards and $scheme).
INDEX_TEMPLATE = Path(__file__).with_name("kit_index.html")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_ROW_FILE = re.compile(r"^[a-z0-9-]+/(?:[A-Za-z0-9._-]+/)*[A-Za-z0-9._-]+$")
#: A kit file's name: GAME/NAME or GAME/laser/NAME, each part a plain file name.
_KIT_FILE = re.compile(r"^[a-z0-9][a-z0-9-]*/(?:laser/)?[A-Za-z0-9][A-Za-z0-9._-]*$")

#: What each kit file is for, in the order a person uses them (index.html lists them so).
LINKS = (
    ("Print", (("{game}-print-and-play.pdf", "everything, in printing order"),
               ("board.pdf", "board at 100 % (tiled over pages when large)"),
               ("pieces.pdf", "pieces with spares and cut lines"),
               ("booklet-imposed.pdf", "rule booklet to fold (double-sided, short edge)"),
               ("booklet.pdf", "rule booklet, page by page"))),
    ("Look", (("setup.png", "setup diagram"), ("board.png", "board preview"),
              ("board.svg", "board drawing (SVG, mm)"))),
)

#: How tiled boards (products.tiling) go together, in one paragraph: index.html prints it
#: and the printing guide (docs/organiser/printing.md) quotes it word for word.
SCHEME = ("Tiled boards: cut along the line on the left edge of every page from column 2 on "
          "and on the top edge of every page from row 2 on; the hatched 10 mm strips along "
          "the right and bottom edges go under the neighbouring page. Join each row from "
          "left to right, then the rows from top to bottom: lay the cut edge over its "
          "neighbour's strip so that each half cross continues the full cross beside it, "
          "and glue. The first page of board.pdf draws the grid and the gluing order.")


class ManifestRow(TypedDict):
    """One file a manifest lists: its path (relative to the kit folder), size and sha256."""

    file: str
    size: int
    sha256: str


#: A kit record: what a game's manifest says about its kit (JSON: texts, and the request)
KitRecord = dict[str, Any]


def manifest_rows(rows: list[ManifestRow], kit: KitRecord | None = None,
                  kits: list[KitRecord] | None = None) -> bytes:
    """A manifest of rows {file, size, sha256}, sorted by file; a game's carries its kit
    record, the top one the list of kits."""
    body: dict[str, Any] = {}
    if kit is not None:
        body["kit"] = kit
    if kits is not None:
        body["kits"] = kits
    body["files"] = sorted(rows, key=lambda r: r["file"])
    return (json.dumps(body, indent=1, sort_keys=False) + "\n").encode()


def check_target(out: Path, name: str) -> None:
    """Refuse a game folder that is a symlink, a file or not writable, before any work."""
    target = out / name
    shown = printable(str(target))
    if target.is_symlink():
        raise OutputError(f"{shown} is a symbolic link; kit writes only inside --output and "
                          "will not follow it: remove the link or use another --output",
                          input=str(target))
    if target.exists() and not target.is_dir():
        raise OutputError(f"{shown} is a file where the kit puts a folder; move it away",
                          input=str(target))
    if target.is_dir() and not os.access(target, os.W_OK | os.X_OK):
        raise OutputError(f"{shown} is not writable; kit replaces that folder: make it "
                          "writable or use another --output", input=str(target))


def prepare(out: Path, names: list[str]) -> None:
    """Check the folders this run writes, clean what killed runs left, repair the top."""
    for name in names:
        check_target(out, name)
    for name in ("index.html", "manifest.json"):
        if (out / name).is_dir() and not (out / name).is_symlink():
            raise OutputError(f"{printable(str(out / name))} is a folder where the kit writes "
                              "a file; move it away", input=str(out / name))
    for name in kit_folders(out):
        for sub in _folders(out / name):
            clean_stale(sub)
    write_top(out)


def commit_game(out: Path, name: str, files: dict[str, bytes], kit: KitRecord
                ) -> dict[str, bytes]:
    """Write one game's files (rel paths 'GAME/...') as a new GAME folder with its own
    manifest (and kit record), swapped in for the old one in one step; return what was
    written."""
    bad = next((rel for rel in files if not _KIT_FILE.match(rel) or not rel.startswith(
        name + "/") or ".." in rel.split("/")), None)
    if bad is not None:  # names come from our builds and the verified cache: never happens
        raise OutputError(f"kit file name {quote(bad)} is not a plain name inside "
                          f"{printable(name)}/; nothing written", input=bad)
    inner = {rel.split("/", 1)[1]: data for rel, data in files.items()}
    rows = [ManifestRow(file=f"{name}/{k}", size=len(v), sha256=hashlib.sha256(v).hexdigest())
            for k, v in inner.items()]
    inner[GAME_MANIFEST] = manifest_rows(rows, kit)
    target = out / name
    check_target(out, name)
    _refuse_foreign(target, set(inner) | _listed(target, name))
    staged = stage_dir(out, name)
    try:
        write_tree(staged, inner, shown_as=target)
        swap_in(staged, target)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    return {f"{name}/{k}": v for k, v in inner.items()}


def _refuse_foreign(target: Path, ours: set[str]) -> None:
    """OutputError naming the first entry under target that no kit wrote (it would be lost
    when the folder is replaced); leftovers of killed runs of ours do not count."""
    if not target.is_dir():
        return
    for rel in _entries(target, ""):
        if rel not in ours and not _OURS.match(rel.rsplit("/", 1)[-1]):
            raise OutputError(f"{printable(str(target / rel))} was not written by kit, and "
                              f"kit replaces the folder {printable(str(target))} as a whole: "
                              "move the file away first", input=str(target / rel))
    folders = {rel.rsplit("/", 1)[0] for rel in ours if "/" in rel}
    for sub in _folders(target)[1:]:  # an empty folder of the user's is not lost silently
        rel = sub.relative_to(target).as_posix()
        if rel not in folders and not _OURS.match(sub.name):
            raise OutputError(f"{printable(str(sub))} is a folder kit did not make, and kit "
                              f"replaces the folder {printable(str(target))} as a whole: "
                              "move it away first", input=str(sub))


def _entries(folder: Path, prefix: str) -> list[str]:
    """Relative paths of everything under folder that is not a real folder (no symlink is
    followed)."""
    found = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        rel = prefix + entry.name
        if entry.is_dir(follow_symlinks=False):
            found += _entries(Path(entry.path), rel + "/")
        else:
            found.append(rel)
    return found


def _folders(root: Path) -> list[Path]:
    """root and every real folder under it (no symlink followed)."""
    found = [root]
    for entry in os.scandir(root):
        if entry.is_dir(follow_symlinks=False):
            found += _folders(Path(entry.path))
    return found


def _listed(target: Path, name: str) -> set[str]:
    """Files (relative to target) that a kit wrote there: its own manifest's list, and the
    top-level manifest's rows for the game (kits made before per-game manifests)."""
    rows = (read_manifest(target / GAME_MANIFEST, name)[0]
            + read_manifest(target.parent / "manifest.json", name)[0])
    return {r["file"].split("/", 1)[1] for r in rows} | {GAME_MANIFEST}


def unchanged(out: Path, name: str, key: str) -> bool:
    """True when out/name was built from key and every file its manifest lists is still
    there with the size and sha256 it lists (so a rebuild may leave the folder alone)."""
    rows, kit = read_manifest(out / name / GAME_MANIFEST, name)
    if not rows or kit.get("key") != key:
        return False
    listed = {r["file"].split("/", 1)[1] for r in rows} | {GAME_MANIFEST}
    if set(_entries(out / name, "")) != listed:  # anything else there: build, and refuse it
        return False
    for row in rows:
        path = out / row["file"]
        try:
            data = read_regular_file(path, row["size"] + 1, "a kit file")
        except InputError:
            return False
        if len(data) != row["size"] or hashlib.sha256(data).hexdigest() != row["sha256"]:
            return False
    return True


def current_files(out: Path, name: str) -> dict[str, bytes]:
    """The files out/name's manifest lists, as they are on disk now (rel path -> bytes);
    a file that is missing or changed is left out."""
    rows, _ = read_manifest(out / name / GAME_MANIFEST, name)
    files = {}
    for row in rows:
        try:
            data = read_regular_file(out / row["file"], row["size"] + 1, "a kit file")
        except InputError:
            continue
        if hashlib.sha256(data).hexdigest() == row["sha256"]:
            files[row["file"]] = data
    return files


def read_manifest(path: Path, name: str, itself: bool = False
                  ) -> tuple[list[ManifestRow], KitRecord]:
    """The rows of one of our manifests that belong to game name (and, with itself, a row
    for the manifest file), and its kit record ({} when it has none); ([], {}) when it is
    missing or not ours (not a regular file, too large, not our JSON)."""
    if path.is_symlink() or not path.is_file():
        return [], {}
    try:
        raw = read_regular_file(path, MAX_MANIFEST_BYTES, "a manifest")
        data = json.loads(raw)
        rows = [ManifestRow(file=r["file"], size=int(r["size"]), sha256=str(r["sha256"]))
                for r in data["files"]
                if isinstance(r, dict) and isinstance(r.get("file"), str)
                and r["file"].startswith(name + "/") and _ROW_FILE.match(r["file"])
                and ".." not in r["file"].split("/")]
        kit = data.get("kit") if isinstance(data.get("kit"), dict) else {}
    except (InputError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return [], {}
    if itself:
        rows.append(ManifestRow(file=f"{name}/{GAME_MANIFEST}", size=len(raw),
                                sha256=hashlib.sha256(raw).hexdigest()))
    return rows, _clean_kit(kit, name)


def _clean_kit(kit: KitRecord, name: str) -> KitRecord:
    """The kit record's texts we show (strings only), named for its folder."""
    out = {k: kit[k] for k in ("title", "designer", "summary", "variant", "command", "key")
           if isinstance(kit.get(k), str)}
    if isinstance(kit.get("request"), dict):
        out["request"] = kit["request"]
    return {"game": name, **out} if out else {}


def kit_folders(out: Path) -> list[str]:
    """The names of the folders in out that hold one of our game manifests, sorted."""
    if not out.is_dir():
        return []
    return sorted(e.name for e in os.scandir(out)
                  if _NAME.match(e.name) and e.is_dir(follow_symlinks=False)
                  and read_manifest(Path(e.path) / GAME_MANIFEST, e.name)[0])


def write_top(out: Path) -> dict[str, bytes]:
    """index.html and manifest.json of out, made from every game folder's own manifest."""
    rows, kits = [], []
    for name in kit_folders(out):
        found, kit = read_manifest(out / name / GAME_MANIFEST, name, itself=True)
        rows += found
        kits.append(kit or {"game": name})
    if not rows and not (out / "manifest.json").exists():
        return {}
    sizes = {r["file"]: r["size"] for r in rows}
    page = index_html(kits, sizes)
    rows.append({"file": "index.html", "size": len(page),
                 "sha256": hashlib.sha256(page).hexdigest()})
    top = {"index.html": page, "manifest.json": manifest_rows(rows, kits=kits)}
    write_changed(out / "index.html", top["index.html"])
    write_changed(out / "manifest.json", top["manifest.json"])  # last: it lists the rest
    return top


def _links(name: str, files: dict[str, int], laser_note: str) -> str:
    out = []
    for heading, rows in LINKS:
        items = []
        for file, what in rows:
            rel = f"{name}/{file.format(game=name)}"
            if rel in files:
                items.append(f'<li><a href="{html.escape(rel)}">{html.escape(what)}</a> '
                             f"<small>{files[rel] / 1024:.0f} KB</small></li>")
        out.append(f"<h3>{heading}</h3><ul>{''.join(items)}</ul>")
    lasers = sorted(k for k in files if k.startswith(f"{name}/laser/"))
    laser = "".join(f'<li><a href="{html.escape(k)}">{html.escape(k.rsplit("/", 1)[1])}</a> '
                    f"<small>{files[k] / 1024:.0f} KB</small></li>" for k in lasers)
    out.append(f"<h3>Laser ({html.escape(laser_note)})</h3><ul>{laser}</ul>")
    return "".join(out)


def index_html(kits: list[KitRecord], files: dict[str, int]) -> bytes:
    """A page with every kit's preview, linking its files (rel path -> size in bytes)."""
    cards = []
    for kit in kits:
        name: str = kit["game"]  # a record _clean_kit made: its texts are strings
        title: str = kit.get("title", name)
        img = (f'<img src="{html.escape(name)}/board.png" alt="{html.escape(title)} board">'
               if f"{name}/board.png" in files else "")
        by = " · ".join(html.escape(kit[k]) for k in ("designer", "summary", "variant")
                        if k in kit and kit[k] != "standard")
        command = (f'<p class="cmd"><code>{html.escape(kit["command"])}</code></p>'
                   if "command" in kit else "")
        cards.append(f'<section><h2>{html.escape(title)}</h2><p class="by">by {by}</p>{img}'
                     f"{command}{_links(name, files, '600 x 400 mm sheets')}</section>")
    page = Template(INDEX_TEMPLATE.read_text(encoding="utf-8"))
    return page.substitute(cards="\n".join(cards), scheme=html.escape(SCHEME)).encode("utf-8")
