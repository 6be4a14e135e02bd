"""The build cache store: same bytes back, damage is a miss, the folder stays bounded, and
the key changes with every input that went into a build."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import stat
from pathlib import Path

import pytest

from printables.buildcache import (
    BuildCache,
    build_key,
    cache_folder,
    cache_problem,
    cache_warning,
    pack,
    unpack,
)


def test_an_entry_gives_back_the_same_files_in_order(tmp_path):
    cache = BuildCache(tmp_path / "c")
    files = [("board.svg", b"<svg/>"), ("empty", b""), ("board.png", bytes(range(256)) * 9)]
    key = build_key("board", "dugi colour")
    assert cache.get(key) is None
    cache.put(key, files)
    assert cache.get(key) == files
    assert (cache.hits, cache.misses) == (1, 1)


def test_a_damaged_or_truncated_entry_is_a_miss_and_is_removed(tmp_path):
    cache = BuildCache(tmp_path)
    key = build_key("board", "x")
    cache.put(key, [("a", b"0123456789")])
    path = tmp_path / f"{key}.entry"
    data = path.read_bytes()
    for broken in (data[:-1], data[:-1] + b"X", b"not json\n0123456789", data + b"more"):
        path.write_bytes(broken)
        path.chmod(0o600)
        assert cache.get(key) is None
        assert not path.exists()
        cache.put(key, [("a", b"0123456789")])
    assert unpack(pack(key, [("a", b"1")]), key) == [("a", b"1")]


def test_the_folder_is_trimmed_to_its_bound_least_recently_used_first(tmp_path):
    import os
    cache = BuildCache(tmp_path, max_bytes=1000)
    keys = [build_key("p", str(i)) for i in range(6)]
    for i, key in enumerate(keys):
        cache.put(key, [("f", b"x" * 300)])
        os.utime(tmp_path / f"{key}.entry", ns=(i * 10**9, i * 10**9))
    cache.trim()
    kept = {p.name.split(".")[0] for p in tmp_path.iterdir()}
    assert sum(p.stat().st_size for p in tmp_path.iterdir()) <= 1000
    assert kept == set(keys[-len(kept):]) and len(kept) >= 2


def test_the_key_follows_product_request_and_input_bytes(tmp_path):
    rules = tmp_path / "rules.md"
    rules.write_text("one")
    a = build_key("booklet", "A4", [rules])
    assert build_key("booklet", "A4", [rules]) == a
    assert build_key("booklet", "letter", [rules]) != a
    assert build_key("board", "A4", [rules]) != a
    rules.write_text("two")
    assert build_key("booklet", "A4", [rules]) != a
    rules.unlink()
    assert build_key("booklet", "A4", [rules]) != a


def _store(folder: str, n: int) -> None:
    cache = BuildCache(__import__("pathlib").Path(folder))
    for _ in range(n):
        cache.put(build_key("kit", "same"), [("f", b"y" * 5000)])


def test_concurrent_writers_of_one_key_leave_one_whole_entry(tmp_path):
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_store, args=(str(tmp_path), 30)) for _ in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=60)
    assert all(p.exitcode == 0 for p in procs)
    names = [p.name for p in tmp_path.iterdir()]
    assert names == [f"{build_key('kit', 'same')}.entry"]
    assert BuildCache(tmp_path).get(build_key("kit", "same")) == [("f", b"y" * 5000)]


def forged(key: str, rows: object, body: bytes = b"", raw_header: bytes | None = None) -> bytes:
    """An entry whose header says what the caller likes (the key included)."""
    head = raw_header if raw_header is not None else json.dumps(
        {"v": 2, "key": key, "files": rows}).encode()
    return head + b"\n" + body


def row(name, data: bytes) -> dict:
    return {"name": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


KEY = "0" * 64
OTHER = "1" * 64
SVG = b"<svg/>"
BAD_ENTRIES = {
    "empty file": b"",
    "no header line": b'{"v":2}',
    "not JSON": b"nonsense\n",
    "header not a table": forged(KEY, None, raw_header=b"[1, 2]"),
    "deeply nested header": forged(KEY, None, raw_header=b"[" * 100_000 + b"]" * 100_000),
    "no files (a laser entry [])": forged(KEY, []),
    "filed under another key (swapped)": forged(OTHER, [row("board.svg", SVG)], SVG),
    "an older version": json.dumps([row("board.svg", SVG)]).encode() + b"\n" + SVG,
    "name climbs out": forged(KEY, [row("../../.ssh/authorized_keys", SVG)], SVG),
    "name with a separator": forged(KEY, [row("laser/board.svg", SVG)], SVG),
    "absolute name": forged(KEY, [row("/etc/passwd", SVG)], SVG),
    "name with NUL": forged(KEY, [row("board\u0000.svg", SVG)], SVG),
    "name is ..": forged(KEY, [row("..", SVG)], SVG),
    "name not text": forged(KEY, [row(["board.svg"], SVG)], SVG),
    "two files, one name": forged(KEY, [row("a.svg", SVG), row("a.svg", SVG)], SVG + SVG),
    "size a string": forged(KEY, [{**row("a.svg", SVG), "size": "6"}], SVG),
    "size negative": forged(KEY, [{**row("a.svg", SVG), "size": -1}], SVG),
    "size true": forged(KEY, [{**row("a.svg", b"x"), "size": True}], b"x"),
    "wrong sha256": forged(KEY, [{**row("a.svg", SVG), "sha256": "f" * 64}], SVG),
    "truncated body": forged(KEY, [row("a.svg", SVG)], SVG[:-1]),
    "bytes after the files": forged(KEY, [row("a.svg", SVG)], SVG + b"<script/>"),
    "extra key in a row": forged(KEY, [{**row("a.svg", SVG), "path": "../x"}], SVG),
}


@pytest.mark.parametrize("what", sorted(BAD_ENTRIES))
def test_a_bad_entry_is_a_miss_never_an_error(tmp_path, what):
    folder = tmp_path / "cache"
    cache = BuildCache(folder)
    cache.put(KEY, [("board.svg", SVG)])  # makes the folder (0700) and a good entry
    entry = folder / f"{KEY}.entry"
    entry.write_bytes(BAD_ENTRIES[what])
    assert unpack(BAD_ENTRIES[what], KEY) is None
    assert cache.get(KEY) is None and cache.misses == 1
    assert not entry.exists()  # removed, so the next build stores a good one
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache"]


def test_a_symlinked_or_shared_entry_is_a_miss(tmp_path):
    folder = tmp_path / "cache"
    cache = BuildCache(folder)
    cache.put(KEY, [("a.svg", b"one")])
    cache.put(OTHER, [("a.svg", b"two")])
    (folder / f"{OTHER}.entry").unlink()
    (folder / f"{OTHER}.entry").symlink_to(folder / f"{KEY}.entry")
    assert cache.get(OTHER) is None  # a link to another entry: never followed
    assert cache.get(KEY) == [("a.svg", b"one")]
    (folder / f"{KEY}.entry").chmod(0o666)  # anyone could have written it
    assert cache.get(KEY) is None


def test_folder_and_entries_are_the_users_alone(tmp_path):
    folder = tmp_path / "deep" / "cache"
    cache = BuildCache(folder)
    cache.put(KEY, [("a.svg", b"one")])
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / f"{KEY}.entry").stat().st_mode) == 0o600


@pytest.mark.parametrize("how", ["world-writable", "group-writable", "other user", "symlink",
                                 "a file"])
def test_a_folder_others_can_write_is_not_used(tmp_path, how):
    folder = tmp_path / "cache"
    good = BuildCache(folder)
    good.put(KEY, [("a.svg", b"one")])
    if how == "world-writable":
        folder.chmod(0o1777)
    elif how == "group-writable":
        folder.chmod(0o770)
    elif how == "other user":
        if os.geteuid() != 0:
            pytest.skip("chown to another user needs root")
        os.chown(folder, 65534, 65534)
    elif how == "symlink":
        real = tmp_path / "real"
        folder.rename(real)
        folder.symlink_to(real)
    else:
        shutil.rmtree(folder)
        folder.write_text("not a folder")
    assert cache_problem(folder) is not None
    assert "not used" in cache_warning(folder, cache_problem(folder) or "")
    cache = BuildCache(folder)
    assert cache.get(KEY) is None
    cache.put(OTHER, [("a.svg", b"two")])
    if folder.is_dir():
        assert not (folder / f"{OTHER}.entry").exists()  # nothing stored there either


def test_the_key_reads_no_more_than_the_input_limit(tmp_path, monkeypatch):
    """A huge input is keyed as too large from its size alone: not one byte is read."""
    big = tmp_path / "huge.toml"
    with open(big, "wb") as f:
        f.truncate(60_000_000)
    reads: list[int] = []
    real = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real(fd, n))
    a = build_key("booklet", "A4", [big])
    monkeypatch.undo()
    assert reads == [] and a != build_key("booklet", "A4", [])


def test_the_kits_page_puts_the_cache_where_the_code_does(monkeypatch):
    readme = (Path(__file__).resolve().parent.parent / "docs" / "organiser" / "kits.md"
              ).read_text()
    monkeypatch.delenv("PRINTABLES_CACHE", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert cache_folder() == Path.home() / ".cache" / "printables"
    assert "`$PRINTABLES_CACHE`, else `$XDG_CACHE_HOME/printables`, else `~/.cache/printables`" \
        in readme.replace("\n", " ")
    monkeypatch.setenv("XDG_CACHE_HOME", "/x")
    assert cache_folder() == Path("/x/printables")
    monkeypatch.setenv("PRINTABLES_CACHE", "")
    assert cache_folder() is None
    assert ".printables-cache" not in readme
