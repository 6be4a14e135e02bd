"""The build cache under attack, through the real `printables kit` (issue 35): entries
planted, swapped, symlinked, truncated, emptied, malformed, forged with `../`, NUL or no
file names, owned by someone else, and a cache folder others can write. Each time: exit 0,
no traceback, not one file outside --output, and the kit byte for byte the `--no-cache`
kit. And art: changing an art file rebuilds exactly the products that draw it.

The game is the Morris example (it has designer art); the cache folder is the test's own
(tests/conftest.py sets PRINTABLES_CACHE)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from printables.buildcache import cache_folder
from printables.cli import main
from tests.conftest import run_cli

pytestmark = pytest.mark.kit
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    """The Morris game file copied to a folder of its own, and its kit built without the
    cache: the bytes every attacked build must give."""
    root = tmp_path_factory.mktemp("attack")
    src = root / "src"
    src.mkdir()
    for name in ("morris.toml", "morris.md"):
        shutil.copy(EXAMPLES / name, src)
    shutil.copytree(EXAMPLES / "morris", src / "morris")
    ref = root / "reference"
    assert main(["kit", str(src / "morris.toml"), "--no-cache", "--jobs", "1",
                 "-o", str(ref)]) == 0
    return src / "morris.toml", files_of(ref)


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() or p.is_symlink()}


def tree(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")}


def entries(folder: Path) -> dict[Path, tuple[dict, bytes]]:
    """Each entry file's header and body."""
    out = {}
    for p in sorted(folder.glob("*.entry")):
        head, _, body = p.read_bytes().partition(b"\n")
        out[p] = (json.loads(head), body)
    return out


def forge(path: Path, header: dict, body: bytes) -> None:
    """Rewrite an entry with the header the attacker chose (mode kept 0600)."""
    path.unlink()
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)
    path.chmod(0o600)


def rows(files: list[tuple[str, bytes]]) -> list[dict]:
    return [{"name": n, "size": len(d), "sha256": hashlib.sha256(d).hexdigest()}
            for n, d in files]


def swap(folder: Path) -> None:
    paths = sorted(folder.glob("*.entry"))
    data = [p.read_bytes() for p in paths]
    for p, d in zip(paths, data[1:] + data[:1], strict=True):
        p.write_bytes(d)


def symlink(folder: Path) -> None:
    paths = sorted(folder.glob("*.entry"))
    for p, other in zip(paths, paths[1:] + paths[:1], strict=True):
        p.unlink()
        p.symlink_to(other.name)


def truncate(folder: Path) -> None:
    for p in folder.glob("*.entry"):
        p.write_bytes(p.read_bytes()[: p.stat().st_size // 2])


def empty(folder: Path) -> None:
    for p in folder.glob("*.entry"):
        p.write_bytes(b"")


def malformed(folder: Path) -> None:
    for k, p in enumerate(sorted(folder.glob("*.entry"))):
        p.write_bytes([b"[" * 50_000 + b"]" * 50_000 + b"\n", b"{\"v\": 2, \"key\"\n",
                       b"\xff\xfe\x00\n", b"null\n"][k % 4])


def climb(folder: Path) -> None:
    """Forged with the right key and hashes, but names that climb out of --output."""
    for k, (p, (head, body)) in enumerate(entries(folder).items()):
        names = [f"../../../escape-{k}-{i}.svg" for i in range(len(head["files"]))]
        files, at = [], 0
        for name, r in zip(names, head["files"], strict=True):
            files.append((name, body[at:at + r["size"]]))
            at += r["size"]
        forge(p, {**head, "files": rows(files)}, body)


def nul_names(folder: Path) -> None:
    for p, (head, body) in entries(folder).items():
        forge(p, {**head, "files": [{**r, "name": r["name"] + "\u0000.svg"}
                                    for r in head["files"]]}, body)


def no_files(folder: Path) -> None:
    """The laser entry [] of the issue, for every entry: right key, no files."""
    for p, (head, _) in entries(folder).items():
        forge(p, {**head, "files": []}, b"")


def other_owner(folder: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("chown to another user needs root")
    for p in folder.glob("*.entry"):
        os.chown(p, 65534, 65534)


def planted_in_a_shared_folder(folder: Path) -> None:
    """A folder everyone can write, holding entries that are perfectly formed under the
    right keys, with a script in every SVG: the cache must not be used at all."""
    for p, (head, body) in entries(folder).items():
        files, at = [], 0
        for r in head["files"]:
            data = body[at:at + r["size"]]
            at += r["size"]
            if r["name"].endswith(".svg"):
                data = data.replace(b"</svg>", b"<script>alert(1)</script></svg>")
            files.append((r["name"], data))
        forge(p, {**head, "files": rows(files)}, b"".join(d for _, d in files))
    folder.chmod(0o1777)


ATTACKS: dict[str, Callable[[Path], None]] = {
    "swapped": swap, "symlinked": symlink, "truncated": truncate, "empty": empty,
    "malformed": malformed, "../ names": climb, "NUL names": nul_names,
    "no files": no_files, "another owner": other_owner,
    "planted in a world-writable folder": planted_in_a_shared_folder,
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_an_attacked_cache_gives_the_no_cache_kit(world, tmp_path, capsys, attack):
    game, reference = world
    cache = cache_folder()
    assert cache is not None
    assert run_cli(["kit", str(game), "--jobs", "1", "-o", str(tmp_path / "warm")],
                   capsys)[0] == 0
    assert len(list(cache.glob("*.entry"))) >= 5
    ATTACKS[attack](cache)
    before = tree(tmp_path) | tree(game.parent.parent)
    out = tmp_path / "out"
    code, said, err = run_cli(["kit", str(game), "--jobs", "1", "-o", str(out)], capsys)
    assert code == 0 and "Traceback" not in err, err
    assert files_of(out) == reference  # 0 wrong bytes, nothing missing, nothing more
    made = (tree(tmp_path) | tree(game.parent.parent)) - before
    assert all(p == "out" or p.startswith("out/") or p.startswith(cache.name) for p in made), \
        made  # 0 files outside --output (and the cache)
    if attack == "planted in a world-writable folder":
        assert err == (f"printables: warning: build cache {cache} not used: others can write "
                       f"into it (chmod go-w {cache}); building without it (set "
                       "PRINTABLES_CACHE to a folder of your own)\n")
    else:
        assert err == "" and "unchanged" not in said


def test_changing_an_art_file_rebuilds_exactly_what_draws_it(world, tmp_path, capsys):
    """The sun's colour and disc change: setup, pieces, booklets, the sun's laser sheet
    and the print-and-play file follow it, as a --no-cache build does; the board and the
    moon's sheet keep their bytes, and the board's builds are reused."""
    game, _ = world
    src = tmp_path / "src"
    shutil.copytree(game.parent, src)
    game = src / game.name
    out = tmp_path / "out"
    assert run_cli(["kit", str(game), "--jobs", "1", "-o", str(out)], capsys)[0] == 0
    before = files_of(out)
    cache = cache_folder()
    assert cache is not None
    known = set(cache.glob("*.entry"))
    sun = src / "morris" / "art" / "sun.svg"
    sun.write_text(sun.read_text().replace("#8a4b00", "#0000ff").replace('r="24"', 'r="20"'))
    code, said, err = run_cli(["kit", str(game), "--jobs", "1", "-o", str(out)], capsys)
    assert code == 0 and "unchanged" not in said, err
    after = files_of(out)
    changed = {k for k in after if before.get(k) != after[k]}
    assert changed == {"morris/setup.png", "morris/pieces.pdf", "morris/booklet.pdf",
                       "morris/booklet-imposed.pdf", "morris/morris-print-and-play.pdf",
                       "morris/manifest.json", "manifest.json",
                       "morris/laser/morris-laser-pieces-sun-1.svg"}
    # one new entry per product that draws pieces (setup, pieces, booklet, laser) and the
    # print-and-play file; the board's three entries are reused
    assert len(set(cache.glob("*.entry")) - known) == 5
    fresh = tmp_path / "fresh"
    assert run_cli(["kit", str(game), "--no-cache", "--jobs", "1", "-o", str(fresh)],
                   capsys)[0] == 0
    assert files_of(fresh) == after


#: Runs printables in a child and prints the child's peak memory (KB): one child per call,
#: so nothing else is counted.
PEAK = ("import resource, subprocess, sys\n"
        "p = subprocess.run([sys.executable, '-m', 'printables', *sys.argv[1:]],"
        " capture_output=True, text=True)\n"
        "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "print(p.stderr, file=sys.stderr)\n")


def peak(args: list[str]) -> tuple[int, int, str]:
    root = Path(__file__).resolve().parent.parent
    p = subprocess.run([sys.executable, "-c", PEAK, *args], capture_output=True, text=True,
                       cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, timeout=300)
    code, kb = p.stdout.split()
    return int(code), int(kb), p.stderr.strip()


def test_a_60_mb_example_costs_no_memory(world, tmp_path):
    """The key and the readers stop at the 1 MB limit, from the file's size: a 60 MB
    example is one line, and the run needs no more memory than a whole kit without it."""
    game, _ = world
    src = tmp_path / "src"
    shutil.copytree(game.parent, src)
    code, whole, err = peak(["kit", str(src / game.name), "--jobs", "1", "-o",
                             str(tmp_path / "a")])
    assert code == 0, err
    with open(src / "morris" / "huge.toml", "wb") as f:
        f.write(b"# " + b"x" * 60_000_000 + b"\n")
    code, big, err = peak(["kit", str(src / game.name), "--jobs", "1", "-o",
                           str(tmp_path / "b")])
    assert code == 2 and err.endswith("huge.toml: file is more than 1000000 bytes; a layout "
                                      "file is at most 1000000 bytes"), err
    assert big < whole + 20_000, (big, whole)  # KB: the 60 MB was never read


def test_the_same_game_in_two_folders_gives_the_same_kit(world, tmp_path, capsys,
                                                         monkeypatch):
    """Keys name the inputs relative to the game file's folder: the same game in two
    folders, built the same way, gives the same bytes, manifests included, and the second
    build takes every part from the cache. Typed differently, only the command line each
    manifest records differs (it is what rebuilds that kit)."""
    game, _ = world
    for name in ("a", "b"):
        shutil.copytree(game.parent, tmp_path / name)
    cache = cache_folder()
    assert cache is not None
    monkeypatch.chdir(tmp_path / "a")
    assert run_cli(["kit", game.name, "--jobs", "1", "-o", "../out-a"], capsys)[0] == 0
    known = set(cache.iterdir())
    monkeypatch.chdir(tmp_path / "b")
    assert run_cli(["kit", game.name, "--jobs", "1", "-o", "../out-b"], capsys)[0] == 0
    assert set(cache.iterdir()) == known
    assert files_of(tmp_path / "out-a") == files_of(tmp_path / "out-b")
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(["kit", f"b/{game.name}", "--jobs", "1", "-o", "out-c"], capsys)
    assert code == 0, err
    a, c = files_of(tmp_path / "out-a"), files_of(tmp_path / "out-c")
    differ = {k for k in a if a[k] != c[k]}
    assert differ == {"index.html", "manifest.json", "morris/manifest.json"}
    kit_a = json.loads(a["morris/manifest.json"])["kit"]
    kit_c = json.loads(c["morris/manifest.json"])["kit"]
    assert kit_c.pop("command") == "printables kit b/morris.toml --paper A4"
    assert kit_a.pop("command") == "printables kit morris.toml --paper A4"
    assert kit_a == kit_c
