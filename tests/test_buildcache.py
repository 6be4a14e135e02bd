"""The build cache store: same bytes back, damage is a miss, the folder stays bounded, and
the key changes with every input that went into a build."""

from __future__ import annotations

import multiprocessing

from printables.buildcache import BuildCache, build_key, pack, unpack


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
        assert cache.get(key) is None
        assert not path.exists()
        cache.put(key, [("a", b"0123456789")])
    assert unpack(pack([("a", b"1")])) == [("a", b"1")]


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
