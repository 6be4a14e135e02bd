"""The kit's build cache: a rerun with nothing changed writes nothing, a change rebuilds
only the files made from what changed, the bytes are always those of a full build, and
`--watch` rebuilds on a save (issue 30). Runs the real CLI in-process on a copy of the
Orbit example game file; the cache folder is the test's own (tests/conftest.py)."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest

from printables.buildcache import cache_folder
from printables.products.kit import kit_requests, watch_kits

pytestmark = pytest.mark.kit
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def orbit(tmp_path) -> Path:
    """A copy of the Orbit game file with its rules text and examples."""
    folder = tmp_path / "src"
    folder.mkdir()
    shutil.copy(EXAMPLES / "orbit.toml", folder)
    shutil.copy(EXAMPLES / "orbit.md", folder)
    shutil.copytree(EXAMPLES / "orbit", folder / "orbit")
    return folder / "orbit.toml"


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def entries(out: Path) -> set[str]:
    """The build cache's entries (the cache folder the tests' conftest gives each test)."""
    folder = cache_folder()
    assert folder is not None and out not in folder.parents
    return {p.name for p in folder.iterdir()} if folder.is_dir() else set()


def changed(before: dict[str, bytes], after: dict[str, bytes]) -> set[str]:
    return {k for k in after if before.get(k) != after[k]} | set(before) - set(after)


def test_a_rerun_with_nothing_changed_writes_nothing(cli, orbit, tmp_path):
    out = tmp_path / "out"
    assert cli("kit", orbit, "-o", out, "--jobs", "1")[0] == 0
    before = files_of(out)
    stamps = {p: p.stat().st_mtime_ns for p in (out / "orbit").rglob("*")}
    code, said, _ = cli("kit", orbit, "-o", out, "--jobs", "1")
    assert code == 0 and "unchanged" in said
    assert files_of(out) == before
    assert {p: p.stat().st_mtime_ns for p in (out / "orbit").rglob("*")} == stamps


def test_a_damaged_file_is_rebuilt_from_the_cache_to_the_same_bytes(cli, orbit, tmp_path):
    out = tmp_path / "out"
    assert cli("kit", orbit, "-o", out, "--jobs", "1")[0] == 0
    before, known = files_of(out), entries(out)
    (out / "orbit" / "board.svg").write_text("damaged")
    assert cli("kit", orbit, "-o", out, "--jobs", "1")[0] == 0
    assert files_of(out) == before
    assert entries(out) == known  # every part came from the cache


def test_an_edited_rules_text_rebuilds_only_the_booklets(cli, orbit, tmp_path):
    out = tmp_path / "out"
    assert cli("kit", orbit, "-o", out, "--jobs", "1")[0] == 0
    before, known = files_of(out), entries(out)
    rules = orbit.parent / "orbit.md"
    rules.write_text(rules.read_text().replace("a capturing game", "a lively capturing game"))
    assert cli("kit", orbit, "-o", out, "--jobs", "1")[0] == 0
    after = files_of(out)
    assert changed(before, after) == {"orbit/booklet.pdf", "orbit/booklet-imposed.pdf",
                                      "orbit/orbit-print-and-play.pdf",
                                      "orbit/manifest.json", "manifest.json"}
    assert len(entries(out) - known) == 2  # the booklet's build and the print-and-play file
    fresh, known = tmp_path / "fresh", entries(out)
    assert cli("kit", orbit, "-o", fresh, "--no-cache", "--jobs", "1")[0] == 0
    assert entries(out) == known  # --no-cache neither reads nor writes the cache
    assert files_of(fresh) == after


def test_an_edited_title_rebuilds_that_games_files_that_show_it(cli, orbit, tmp_path):
    out = tmp_path / "out"
    assert cli("kit", orbit, "rosenkreuz", "-o", out, "--jobs", "1")[0] == 0
    before = files_of(out)
    orbit.write_text(orbit.read_text().replace('title = "Orbit"', 'title = "Orbit Two"'))
    assert cli("kit", orbit, "rosenkreuz", "-o", out, "--jobs", "1")[0] == 0
    rebuilt = changed(before, files_of(out))
    # every file of Orbit's kit shows its title (board and setup footers, piece-sheet
    # heads, booklet, laser title plate and sheet notes), so all are rebuilt; Rosenkreuz's
    # folder is untouched
    assert {k for k in rebuilt if k.startswith("rosenkreuz/")} == set()
    shown = {k for k in before if k.startswith("orbit/")}
    assert rebuilt == shown | {"index.html", "manifest.json"}


def wait_for(condition, seconds: float = 120.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "condition not met in time"
        time.sleep(0.05)


def test_watch_rebuilds_the_board_after_a_save(orbit, tmp_path):
    out = tmp_path / "out"
    run = kit_requests([str(orbit)], jobs="1")
    log: list[str] = []
    done = threading.Event()
    watcher = threading.Thread(target=watch_kits, args=(run, out, log.append, done.is_set))
    watcher.start()
    try:
        wait_for(lambda: sum("the rest:" in line for line in log) == 1)
        first = (out / "orbit" / "board.svg").read_bytes()
        orbit.write_text(orbit.read_text().replace('title = "Orbit"', 'title = "Orbit Two"'))
        wait_for(lambda: (out / "orbit" / "board.svg").read_bytes() != first)
        assert b"Orbit Two" in (out / "orbit" / "board.svg").read_bytes()
        wait_for(lambda: sum("the rest:" in line for line in log) == 2)
    finally:
        done.set()
        watcher.join(timeout=60)
    assert not watcher.is_alive()
    assert any(line.startswith("changed: orbit.toml") for line in log)
    assert [line.split(":")[0] for line in log if " files in " in line] == [
        "board and setup", "the rest"] * 2
