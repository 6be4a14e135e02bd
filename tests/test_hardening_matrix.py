"""The hardening matrix: bad numbers, bad position files, special files and broken output
folders over every command. Each case must end with exit status 2 and one line on stderr
(no traceback), write nothing outside --output, and leave --output as it was or complete
with a manifest that matches every file."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import json
import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import run_cli

pytestmark = pytest.mark.slow  # a matrix of hostile inputs through the CLI: the fault tier

ROOT = Path(__file__).resolve().parent.parent

# ----------------------------------------------------------------------------- the contract


def tree(folder: Path) -> dict[str, str]:
    """rel path -> sha256 (or 'link:' target) of everything under folder, not following links."""
    out = {}
    try:
        if not folder.exists():
            return out
    except OSError:  # a name too long to look up
        return out
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            p = Path(dirpath) / name
            rel = p.relative_to(folder).as_posix()
            if p.is_symlink():
                out[rel] = "link:" + os.readlink(p)
            elif p.is_file():
                out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
            else:
                out[rel] = "special"
    return out


def manifest_matches(out: Path) -> bool:
    m = out / "manifest.json"
    if not m.is_file():
        return False
    rows = {r["file"]: r["sha256"] for r in json.loads(m.read_text())["files"]}
    files = {k: v for k, v in tree(out).items() if k != "manifest.json"}
    return rows == files


def assert_contract(code: int, err: str, expect: str | None, root: Path, out: Path,
                    before_root: dict, before_out: dict) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("printables: error: "), err
    assert "Traceback" not in err
    if expect:
        assert expect in err, err
    outside = {k: v for k, v in tree(root).items() if not k.startswith(out.name + "/")}
    assert outside == before_root, "something was written outside --output"
    after = tree(out)
    assert after == before_out or manifest_matches(out), "output folder left half-changed"


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A root folder (also the current folder) with inputs, and out/ inside it."""
    root = tmp_path / "root"
    root.mkdir()
    monkeypatch.chdir(root)
    return root


def check(world: Path, capsys, args: list[str], expect: str | None = None,
          out: Path | None = None, runner=None) -> None:
    out = out or world / "out"
    before_root = {k: v for k, v in tree(world).items() if not k.startswith(out.name + "/")}
    before_out = tree(out)
    code, err = (runner or _in_process)(args, capsys)
    assert_contract(code, err, expect, world, out, before_root, before_out)


def _in_process(args, capsys):
    code, _, err = run_cli([str(a) for a in args], capsys)
    return code, err


# ----------------------------------------------------------------------------- numbers

BAD_NUMBERS = ["3/0", "1" + "0" * 400, "9" * 5000, "\u00b2", "\u00b9\u2070", "\u2460",
               "\u0661\u0662", "\uff11\uff12", "-5", "", "nan", "1e3", "0x10", "12xx"]
NUMBER_OPTIONS = [
    ("board-size", ["board", "dugi", "--size", "{}"]),
    ("grid-size", ["board", "network", "--size", "{}"]),
    ("diameter", ["pieces", "dugi", "--diameter", "{}"]),
    ("sheet-width", ["laser", "dugi", "--sheet", "{}x400"]),
    ("sheet-height", ["laser", "dugi", "--sheet", "400x{}"]),
    ("kerf", ["laser", "dugi", "--kerf", "{}"]),
    ("board-dpi", ["board", "dugi", "--format", "png", "--dpi", "{}"]),
    ("setup-dpi", ["setup", "dugi", "--format", "png", "--dpi", "{}"]),
    ("jobs", ["kit", "dugi", "--jobs", "{}"]),
]


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=lambda v: ascii(v[:6]))
@pytest.mark.parametrize("name,words", NUMBER_OPTIONS, ids=[n for n, _ in NUMBER_OPTIONS])
def test_bad_numbers(name, words, value, world, capsys):
    args = [w.replace("{}", value) for w in words]
    check(world, capsys, args + ["--output", world / "out"])


@pytest.mark.skipif(not hasattr(__import__("printables.render.png").render.png, "MAX_PIXELS"),
                    reason="the PNG renderer's pixel limit comes with issue 16's renderer")
def test_oversize_raster_names_the_limit_and_a_dpi(world, capsys):
    check(world, capsys, ["board", "dugi", "--size", "700", "--dpi", "1200", "--format", "png",
                          "-o", world / "out"], "or less")


# ----------------------------------------------------------------------------- layout files

GOOD = 'game = "dugi"\ntitle = "t"\nto_move = "black"\n[pieces]\nblack = ["a1"]\nwhite = ["a2"]\n'
def top(extra: str) -> str:
    """GOOD with top-level lines added (before its first table)."""
    return GOOD.replace("[pieces]", extra + "[pieces]")


NET = 'game = "network"\nto_move = "black"\n'
EVL = 'game = "evl"\nto_move = "black"\n'
LAYOUTS = [
    ("top-key", top("colour = 1\n"), "unknown key 'colour'; valid: game, title"),
    ("note-top", GOOD.replace("title", "note"), "unknown key 'note'"),
    ("option-x-list", GOOD.replace('to_move', 'options = {x=[1]}\nto_move'),
     "unknown key 'x' in options; valid: none"),
    ("option-unknown", NET + "options = {size = 8, colour = 1}\n",
     "unknown key 'colour' in options; valid: size, pie"),
    ("option-list", NET + "options = {size = [8]}\n", "option 'size' must be a number"),
    ("option-table", NET + "options = {pie = {a = 1}}\n", "option 'pie' must be"),
    ("check-key", GOOD + "[[check]]\nbogus = 1\n",
     "unknown key 'bogus' in check 1; valid: move, legal"),
    ("after-key", GOOD + '[[check]]\nmove = "a1-b1"\n[check.after]\nwinner = "black"\n',
     "unknown key 'winner' in check 1 [check.after]; valid: to_move"),
    ("after-options", GOOD + '[[check]]\nmove = "a1-b1"\n[check.after]\noptions = {}\n',
     "unknown key 'options' in check 1 [check.after]"),
    ("state-key", GOOD + "[state]\nfoo = 1\n", "unknown key 'foo' in [state]; valid: none"),
    ("state-type", EVL + '[state]\npasses = "x"\n', "state 'passes' must be a whole number"),
    ("state-negative", EVL + "[state]\npasses = -1\n", "must be a whole number >= 0"),
    ("state-bool", NET + "[state]\nswapped = 1\n", "state 'swapped' must be true or false"),
    ("title-type", GOOD.replace('"t"', "5"), "'title' must be text"),
    ("explain-type", top("explain = [1]\n"), "'explain' must be text"),
    ("note-type", GOOD + "[[check]]\nnote = 3\n", "check 1: 'note' must be text"),
    ("deep-array", top("x = " + "[" * 500 + "]" * 500 + "\n"), "nested too deeply"),
    ("deep-inline", top("x = " + "{a=" * 500 + "1" + "}" * 500 + "\n"), None),
    ("empty", "", "'game' is missing"),
    ("game-number", 'game = 5\nto_move = "black"\n', "unknown game"),
    ("to-move-number", 'game = "dugi"\nto_move = 5\n', "unknown side"),
    ("pieces-string", 'game = "dugi"\nto_move = "black"\npieces = "a1"\n', "must be a table"),
    ("check-not-array", top("check = 5\n"), "'check' must be an array"),
    ("move-number", GOOD + "[[check]]\nmove = 5\n", "must be a string"),
    ("captures-string", GOOD + '[[check]]\nmove = "a1-b1"\ncaptures = "a2"\n', "captures"),
    ("winner-red", GOOD + '[[check]]\nwinner = "red"\n', "winner 'red' is not valid"),
    ("legal-moves-text", GOOD + '[[check]]\nlegal_moves = "3"\n', "must be a whole number"),
    ("hand-negative", EVL + "[hand]\nblack = -1\n", "hand of black"),
    ("stack-letters", EVL + '[stacks]\nA1 = "bx"\n', None),
    ("evl-pieces", EVL + '[pieces]\nblack = ["A1"]\n', "'pieces' is not for EVL"),
    ("stacks-not-evl", GOOD + '[stacks]\na1 = "b"\n', "'stacks' is not for Dugi; it uses [pieces]"),
    ("bad-toml", 'game = "dugi\n', "bad TOML"),
]


@pytest.mark.parametrize("command", ["validate", "setup"])
@pytest.mark.parametrize("name,text,expect", LAYOUTS, ids=[c[0] for c in LAYOUTS])
def test_bad_layout_files(name, text, expect, command, world, capsys):
    f = world / "x.toml"
    f.write_text(text, encoding="utf-8")
    args = ["validate", f] if command == "validate" else ["setup", "--layout", f, "-o",
                                                          world / "out"]
    check(world, capsys, args, expect)


def _special(world: Path, kind: str) -> Path:
    p = world / "x.toml"
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "dev-zero":
        p.symlink_to("/dev/zero")
    elif kind == "folder":
        p = world / "folder.toml"
        p.mkdir()
        p = p / "inner" / "x.toml"
        p.parent.mkdir()
        os.mkfifo(p)
        return p.parent.parent
    elif kind == "not-utf8":
        p.write_bytes(b'game = "dugi"\ntitle = "\xff\xfe"\n')
    elif kind == "ten-mb":
        p.write_text(GOOD + "# " + "x" * 10_000_000 + "\n")
    elif kind == "missing":
        p = world / "missing.toml"
    elif kind == "dangling":
        p.symlink_to(world / "nowhere.toml")
    elif kind == "newline-name":
        p = world / "bad\nname\x1b[31m.toml"
        p.write_text("game = 1\n")
    return p


SPECIAL = [("fifo", "is a FIFO, not a regular file"), ("dev-zero", "is a device"),
           ("not-utf8", "not UTF-8"), ("ten-mb", "is at most 1000000 bytes"),
           ("missing", "no such file"), ("dangling", None),
           ("newline-name", "bad\\nname\\x1b[31m.toml")]


@pytest.mark.parametrize("command", ["validate", "setup"])
@pytest.mark.parametrize("kind,expect", SPECIAL, ids=[k for k, _ in SPECIAL])
def test_special_input_files(kind, expect, command, world, capsys):
    p = _special(world, kind)
    args = ["validate", p] if command == "validate" else ["setup", "--layout", p, "-o",
                                                          world / "out"]
    if command == "setup" and kind == "missing":
        expect = None
    check(world, capsys, args, expect)


def test_validate_folder_skips_fifos_with_a_notice(world, capsys):
    folder = _special(world, "folder")
    (folder / "inner" / "ok.toml").write_text((ROOT / "layouts/dugi/setup.toml").read_text())
    code, out, err = run_cli(["validate", str(folder)], capsys)
    assert code == 0
    assert err == f"printables: skipping {folder}/inner/x.toml: a FIFO, not a regular file\n"
    assert "passed, 0 failed" in out


def test_booklet_layouts_folder_with_only_setup(world, capsys):
    (world / "mine" / "dugi").mkdir(parents=True)
    (world / "mine" / "dugi" / "setup.toml").write_text(
        (ROOT / "layouts/dugi/setup.toml").read_text())
    code, out, err = run_cli(["booklet", "dugi", "--layouts", str(world / "mine"), "-o",
                              str(world / "out")], capsys)
    assert code == 0, err
    assert (world / "out" / "dugi-booklet.pdf").read_bytes().startswith(b"%PDF")


def test_booklet_layouts_folder_with_a_fifo(world, capsys):
    (world / "mine" / "dugi").mkdir(parents=True)
    os.mkfifo(world / "mine" / "dugi" / "setup.toml")
    check(world, capsys, ["booklet", "dugi", "--layouts", world / "mine", "-o", world / "out"],
          "is a FIFO")


# ----------------------------------------------------------------------------- output folders

COMMANDS = {"board": ["board", "dugi"], "pieces": ["pieces", "dugi"], "setup": ["setup", "dugi"],
            "booklet": ["booklet", "dugi"], "laser": ["laser", "dugi"], "kit": ["kit", "dugi"]}


@pytest.mark.parametrize("command", COMMANDS)
def test_empty_output_is_refused(command, world, capsys):
    check(world, capsys, COMMANDS[command] + ["-o", ""],
          "output folder is empty; give a folder with --output")


@pytest.mark.parametrize("command", COMMANDS)
def test_output_is_a_file(command, world, capsys):
    (world / "out").write_text("mine")
    check(world, capsys, COMMANDS[command] + ["-o", world / "out"], "is a file")


@pytest.mark.parametrize("command", COMMANDS)
def test_over_long_output_name(command, world, capsys):
    long = world / ("n" * 300)
    check(world, capsys, COMMANDS[command] + ["-o", long], "file name too long", out=long)


def test_parts_empty_is_refused(world, capsys):
    check(world, capsys, ["laser", "dugi", "--parts", "", "-o", world / "out"],
          "--parts must not be empty")


@pytest.fixture(scope="module")
def names(tmp_path_factory):
    """The file names each command writes for dugi."""
    from printables.cli import main
    found = {}
    for command, words in COMMANDS.items():
        if command == "kit":
            continue
        out = tmp_path_factory.mktemp(command)
        assert main(words + ["-o", str(out)]) == 0
        found[command] = sorted(p.name for p in out.iterdir())
    return found


@pytest.mark.parametrize("command", ["board", "pieces", "setup", "booklet", "laser"])
def test_folder_where_a_file_goes(command, names, world, capsys):
    out = world / "out"
    (out / names[command][-1]).mkdir(parents=True)
    check(world, capsys, COMMANDS[command] + ["-o", out], "it is a folder, not a regular file")


def _kit_once(out: Path) -> None:
    from printables.cli import main
    assert main(["kit", "dugi", "--jobs", "1", "-o", str(out)]) == 0


@pytest.fixture(scope="module")
def built_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "out"
    _kit_once(out)
    return out


def _copy_kit(built: Path, world: Path) -> Path:
    import shutil
    out = world / "out"
    shutil.copytree(built, out, symlinks=True)
    return out


KIT_DAMAGE = {
    "game-is-symlink": (lambda out, w: (os.rename(out / "dugi", w / "elsewhere"),
                                        (out / "dugi").symlink_to(w / "elsewhere")),
                        "is a symbolic link"),
    "game-is-file": (lambda out, w: (__import__("shutil").rmtree(out / "dugi"),
                                     (out / "dugi").write_text("x")),
                     "is a file where the kit puts a folder"),
    "laser-is-file": (lambda out, w: (__import__("shutil").rmtree(out / "dugi" / "laser"),
                                      (out / "dugi" / "laser").write_text("x")),
                      "dugi/laser was not written by kit"),
    "foreign-file": (lambda out, w: (out / "dugi" / "notes.txt").write_text("mine"),
                     "dugi/notes.txt was not written by kit"),
    "symlink-inside": (lambda out, w: (out / "dugi" / "laser" / "x.svg").symlink_to("/etc/passwd"),
                       "laser/x.svg was not written by kit"),
    "fifo-inside": (lambda out, w: os.mkfifo(out / "dugi" / "pipe.svg"),
                    "pipe.svg was not written by kit"),
    "index-is-folder": (lambda out, w: (os.unlink(out / "index.html"),
                                        (out / "index.html").mkdir()),
                        "index.html is a folder where the kit writes a file"),
    "manifest-is-folder": (lambda out, w: (os.unlink(out / "manifest.json"),
                                           (out / "manifest.json").mkdir()),
                           "manifest.json is a folder"),
}


@pytest.mark.parametrize("damage", KIT_DAMAGE)
def test_kit_refuses_a_damaged_folder(damage, built_kit, world, capsys):
    out = _copy_kit(built_kit, world)
    make, expect = KIT_DAMAGE[damage]
    make(out, world)
    check(world, capsys, ["kit", "dugi", "--jobs", "1", "-o", out], expect)


def test_kit_never_reads_foreign_files(built_kit, world, capsys, monkeypatch):
    """A symlink to a file outside, named like one of ours, is replaced, never read."""
    out = _copy_kit(built_kit, world)
    secret = world / "secret.svg"
    secret.write_text("do not read me")
    target = out / "dugi" / "board.svg"
    target.unlink()
    target.symlink_to(secret)
    code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "-o", str(out)], capsys)
    assert code == 0, err
    assert not target.is_symlink() and secret.read_text() == "do not read me"
    assert "do not read me" not in (out / "manifest.json").read_text()
    assert manifest_matches(out)


# ----------------------------------------------------------------------------- OS failures


def _forked(prepare):
    """A runner that calls the CLI in a forked child after prepare() (a resource limit, a
    lower privilege), so the limit cannot touch the test process."""
    def run(args, capsys):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # child
            os.close(r)
            code = 99
            try:
                prepare()
                sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
                from printables.cli import main
                code = main([str(a) for a in args])
                os.write(w, sys.stderr.getvalue().encode())
            finally:
                os._exit(code)
        os.close(w)
        with os.fdopen(r, "rb") as f:
            err = f.read().decode()
        _, status = os.waitpid(pid, 0)
        return os.waitstatus_to_exitcode(status), err
    return run


def _small_files():
    hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, hard))


def _nobody():
    if os.geteuid() == 0:
        os.setgroups([])
        os.setgid(65534)
        os.setuid(65534)


@pytest.mark.parametrize("command", COMMANDS)
def test_file_size_limit(command, built_kit, world, capsys):
    """ulimit -f: the write fails with 'file too large'; no half file is left."""
    check(world, capsys, COMMANDS[command] + ["-o", world / "out"], "file too large",
          runner=_forked(_small_files))
    assert not [p for p in (world / "out").rglob("*.part")]


@pytest.mark.parametrize("command", COMMANDS)
def test_disk_full(command, world, capsys, monkeypatch):
    """A full disk (simulated at fsync, where a real one reports it): one line naming it."""
    from printables import outputs

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(outputs.os, "fsync", full)
    check(world, capsys, COMMANDS[command] + ["--jobs", "1"] * (command == "kit") +
          ["-o", world / "out"], "no space left on device")
    assert not [p for p in (world / "out").rglob("*") if p.name.startswith(".")]


@pytest.fixture
def open_world(world):
    """The world, reachable by an unprivileged user (for read-only folder cases)."""
    p = world
    while p != p.parent:
        if p.is_relative_to(Path("/tmp")) and p != Path("/tmp"):
            os.chmod(p, 0o777)
        p = p.parent
    return world


@pytest.mark.parametrize("command", ["board", "pieces", "setup", "laser"])
def test_read_only_output_folder(command, names, open_world, capsys):
    out = open_world / "out"
    out.mkdir()
    os.chmod(out, 0o555)
    check(open_world, capsys, COMMANDS[command] + ["-o", out], "is not writable",
          runner=_forked(_nobody))


def test_read_only_game_folder(built_kit, open_world, capsys):
    out = _copy_kit(built_kit, open_world)
    for p in [out, *out.rglob("*")]:
        os.chmod(p, 0o777 if p.is_dir() else 0o666)
    os.chmod(out / "dugi", 0o555)
    check(open_world, capsys, ["kit", "dugi", "--jobs", "1", "-o", out], "dugi is not writable",
          runner=_forked(_nobody))


def full_device(folder: Path) -> Path:
    """A device that answers every write with 'no space left': a private node (the full
    device's numbers, 1:7) made in folder, else the system's /dev/full when it is that very
    device; never a file created or trusted in /dev."""
    mine = folder / "full"
    with contextlib.suppress(OSError):
        os.mknod(mine, stat.S_IFCHR | 0o666, os.makedev(1, 7))
        return mine
    st = os.stat("/dev/full") if os.path.exists("/dev/full") else None
    if st is None or not stat.S_ISCHR(st.st_mode) or st.st_rdev != os.makedev(1, 7):
        pytest.skip("no full device here (mknod refused and /dev/full is not one)")
    return Path("/dev/full")


def test_list_to_a_full_device(tmp_path):
    fd = os.open(full_device(tmp_path), os.O_WRONLY)  # no O_CREAT: never makes a file
    try:
        proc = subprocess.run([sys.executable, "-m", "printables", "list"], stdout=fd,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    finally:
        os.close(fd)
    assert proc.returncode == 2
    assert proc.stderr == ("printables: error: cannot write to standard output: no space left "
                           "on device\n")


def test_source_date_epoch_changes_no_pdf(world, capsys, monkeypatch):
    """Every PDF carries the same fixed date, whatever SOURCE_DATE_EPOCH says."""
    plain = run_cli(["board", "dugi", "-o", str(world / "a")], capsys)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    dated = run_cli(["board", "dugi", "-o", str(world / "b")], capsys)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "not a number")
    bad = run_cli(["board", "dugi", "-o", str(world / "c")], capsys)
    assert plain[0] == dated[0] == bad[0] == 0
    a, b, c = ((world / d / "dugi-board.pdf").read_bytes() for d in "abc")
    assert a == b == c


def test_kit_removes_leftovers_of_killed_runs_only(built_kit, world, capsys):
    """Temporary files and folders of dead runs go (exactly our marked names); those of a
    run that is still going stay."""
    out = _copy_kit(built_kit, world)
    running = subprocess.Popen(["sleep", "30"])
    try:
        dead = [out / ".printables-index.html.4194999.abcd1234.part",
                out / "dugi" / "laser" / ".printables-x.svg.4194999.abcdefgh.part"]
        for p in dead:
            p.write_bytes(b"half")
        (out / ".printables-dugi.4194999.abcdefgh.tmp").mkdir()
        (out / ".printables-dugi.4194999.abcdefgh.tmp" / "board.pdf").write_bytes(b"half")
        live = out / f".printables-dugi.{running.pid}.abcdefgh.tmp"
        live.mkdir()
        code, _, err = run_cli(["kit", "network", "--jobs", "1", "-o", str(out)], capsys)
        assert code == 0, err
        assert not any(p.exists() for p in dead)
        assert not (out / ".printables-dugi.4194999.abcdefgh.tmp").exists() and live.is_dir()
    finally:
        running.kill()
        running.wait()


def test_killed_between_renames_is_put_back(built_kit, world, capsys):
    """Where there is no atomic exchange, a run killed between its two renames leaves the old
    folder as .printables-GAME.PID.X.old and no GAME: the next run puts it back first."""
    out = _copy_kit(built_kit, world)
    os.rename(out / "dugi", out / ".printables-dugi.4194999.abcdefgh.old")
    code, _, err = run_cli(["kit", "network", "--jobs", "1", "-o", str(out)], capsys)
    assert code == 0, err
    assert (out / "dugi" / "board.pdf").is_file() and manifest_matches(out)
    assert '"dugi/board.pdf"' in (out / "manifest.json").read_text()


def test_swap_without_exchange(built_kit, world, capsys, monkeypatch):
    from printables import outputs
    monkeypatch.setattr(outputs, "_exchange", lambda a, b: False)
    out = _copy_kit(built_kit, world)
    code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "-o", str(out)], capsys)
    assert code == 0, err
    assert manifest_matches(out) and not [p for p in out.iterdir() if p.name.startswith(".")
                                          and p.name != ".printables-lock"]


@pytest.mark.parametrize("args", [["validate", ""], ["validate", "x.toml", ""],
                                  ["setup", "--layout", "", "-o", "out"],
                                  ["booklet", "dugi", "--layouts", "", "-o", "out"]])
def test_empty_paths(args, world, capsys):
    (world / "x.toml").write_text(GOOD)
    check(world, capsys, args)


def test_output_paths_print_on_one_line(world, capsys):
    out = world / "we\nird\x1b[31m"
    code, stdout, err = run_cli(["board", "dugi", "--format", "json", "-o", str(out)], capsys)
    assert code == 0, err
    assert stdout == f"{world}/we\\nird\\x1b[31m/dugi-board.json\n"
    assert (out / "dugi-board.json").is_file()
