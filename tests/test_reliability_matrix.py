"""Bad game files through the real CLI, in-process: over 200 game files, each wrong in one
way (every case of issue 22 among them: FIFOs, /dev/zero, paths leaving the folder, huge
texts, unhashable sides, non-UTF-8 rules, labels that are tables), each run through the
commands that read what is wrong in it (`board --format json`, the cheapest command that
loads a game file, and `validate`; `booklet` where only the booklet reads the part).

The contract for every run: exit status 2, exactly one line on stderr, ours, at most ~300
characters, no traceback; within 2 s (a SIGALRM stops a hang); nothing written anywhere
(the output folder holds no file, the game file's folder is as it was); and the test
process grows by less than 100 MB over the whole matrix.
"""

from __future__ import annotations

import os
import resource
import signal
import time
from pathlib import Path

import pytest

from printables.errors import MAX_LINE
from tests.conftest import run_cli

pytestmark = pytest.mark.slow

MAX_SECONDS = 2.0

RULES = "# Mini\n\nA tiny game for tests.\n\n## Play\n\nMove a stone to any empty cell.\n"
EXAMPLE = ('game = "../g.toml"\ntitle = "One"\nto_move = "black"\n[pieces]\nblack = ["a1"]\n'
           'white = ["d4"]\n')
TOP = 'rules = "g.md"\nexamples = ["ex/*.toml"]\n'
GAME = ('[game]\nname = "mini"\ntitle = "Mini"\ndesigner = "the printables authors"\n'
        'sides = ["black", "white"]\n')
BOARD = '[board]\ntopology = "square"\nfiles = 4\ncell = "20mm"\n'
COMPONENTS = ('[[component]]\nside = "black"\nkind = "stone"\ncount = 4\nart = "stone-black"\n'
              '[[component]]\nside = "white"\nkind = "stone"\ncount = 4\nart = "stone-white"\n')
SETUP = '[setup]\n[setup.pieces]\nblack = ["a1", "b1"]\nwhite = ["a4", "b4"]\n'
#: A good game file: a 4 x 4 board, two sides, a rules file and one example.
GOOD = TOP + GAME + BOARD + COMPONENTS + SETUP
BIG = "x" * 900_000


def make_world(root: Path, text: str = GOOD) -> Path:
    """root/game/ with g.toml (text), g.md and ex/one.toml; returns the game file."""
    folder = root / "game"
    (folder / "ex").mkdir(parents=True)
    (folder / "g.md").write_text(RULES)
    (folder / "ex" / "one.toml").write_text(EXAMPLE)
    (folder / "g.toml").write_text(text)
    return folder / "g.toml"


def edit(old: str, new: str, text: str = GOOD) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def game_key(line: str) -> str:
    """GOOD with a line added to [game]."""
    return edit("sides =", f"{line}\nsides =")


def board(lines: str) -> str:
    """GOOD with [board] replaced."""
    return edit(BOARD, "[board]\n" + lines + "\n")


def comp(old: str, new: str) -> str:
    """GOOD with a change in the first [[component]]."""
    return edit(old, new)


def hex_board(lines: str) -> str:
    return board('topology = "hex"\n' + lines).replace(SETUP, "[setup]\nempty = true\n")


def rings(lines: str) -> str:
    return board('topology = "rings"\n' + lines).replace(SETUP, "[setup]\nempty = true\n")


# ----------------------------------------------------------------------------- the cases
# (id, game file text, expected words in the message, commands)
BOARD_ONLY = ("board",)
BOTH = ("board", "validate")

TEXT_CASES: list[tuple[str, str, str | None]] = [
    # the file as a whole
    ("empty", "", "is missing"),
    ("bad-toml", "rules = \n", "bad TOML"),
    ("deep-array", TOP + "x = " + "[" * 600 + "]" * 600 + "\n" + GAME, None),
    ("deep-table", TOP + "x = " + "{a=" * 600 + "1" + "}" * 600 + "\n" + GAME, None),
    ("unknown-top", "colour = 1\n" + GOOD, "unknown key 'colour'"),
    ("no-game", edit(GAME, ""), None),  # validate reads it as a position file
    ("game-not-table", "game = 5\n" + edit(GAME, ""), None),
    ("no-board", edit(BOARD, ""), "[board] is missing"),
    ("board-not-table", edit(BOARD, "").replace(TOP, TOP + "board = 1\n"), "[board] is missing"),
    ("no-components", edit(COMPONENTS, ""), "no pieces"),
    ("component-ints", edit(COMPONENTS, "").replace(TOP, TOP + "component = [1, 2]\n"),
     "no pieces"),
    ("no-setup", edit(SETUP, ""), "[setup] is missing"),
    ("rules-missing", edit('rules = "g.md"\n', ""), "rules is missing"),
    ("rules-number", edit('rules = "g.md"', "rules = 5"), "rules is missing"),
    ("rules-empty", edit('rules = "g.md"', 'rules = ""'), "rules is missing"),
    ("rules-list", edit('rules = "g.md"', 'rules = ["g.md"]'), "rules is missing"),
    ("rules-nul", edit('rules = "g.md"', 'rules = "g\\u0000.md"'), "rules"),
    ("examples-string", edit('examples = ["ex/*.toml"]', 'examples = "ex/*.toml"'),
     "examples must be a list"),
    ("examples-ints", edit('examples = ["ex/*.toml"]', "examples = [1]"),
     "examples must be a list"),
    ("examples-nested", edit('examples = ["ex/*.toml"]', 'examples = [["ex/*.toml"]]'),
     "examples must be a list"),
    ("examples-none-match", edit("ex/*.toml", "nope/*.toml"), "matches no file"),
    ("examples-empty-pattern", edit('"ex/*.toml"', '""'), "examples"),
    # [game]
    ("name-upper", game_key('name = "Mini"').replace('name = "mini"\n', ""), "is not valid"),
    ("name-space", edit('name = "mini"', 'name = "mi ni"'), "is not valid"),
    ("name-builtin", edit('name = "mini"', 'name = "dugi"'), "is a built-in game"),
    ("name-number", edit('name = "mini"', "name = 5"), "is not valid"),
    ("name-empty", edit('name = "mini"', 'name = ""'), "is not valid"),
    ("name-huge", edit('name = "mini"', f'name = "{"a" * 900_000}"'), "is not valid"),
    ("title-missing", edit('title = "Mini"\n', ""), "title is missing"),
    ("title-empty", edit('title = "Mini"', 'title = "  "'), "title is missing"),
    ("title-number", edit('title = "Mini"', "title = 5"), "title is missing"),
    ("title-table", edit('title = "Mini"', "title = {a = 1}"), "title is missing"),
    ("title-huge", edit('title = "Mini"', f'title = "{BIG}"'), "give at most 200"),
    ("title-201", edit('title = "Mini"', f'title = "{"t" * 201}"'), "give at most 200"),
    ("designer-missing", edit('designer = "the printables authors"\n', ""), "designer"),
    ("designer-huge", edit('designer = "the printables authors"', f'designer = "{BIG}"'),
     "give at most 200"),
    ("designer-list", edit('designer = "the printables authors"', 'designer = ["a"]'),
     "designer"),
    ("sides-missing", edit('sides = ["black", "white"]\n', ""), "sides must list"),
    ("sides-one", edit('sides = ["black", "white"]', 'sides = ["black"]'), "sides must list"),
    ("sides-same", edit('sides = ["black", "white"]', 'sides = ["black", "black"]'),
     "sides must list"),
    ("sides-unhashable", edit('sides = ["black", "white"]', 'sides = [[], "b"]'),
     "sides must list"),
    ("sides-tables", edit('sides = ["black", "white"]', "sides = [{a = 1}, {b = 2}]"),
     "sides must list"),
    ("sides-numbers", edit('sides = ["black", "white"]', "sides = [1, 2]"), "sides must list"),
    ("sides-upper", edit('sides = ["black", "white"]', 'sides = ["Black", "white"]'),
     "sides must list"),
    ("sides-string", edit('sides = ["black", "white"]', 'sides = "black white"'),
     "sides must list"),
    ("sides-huge", edit('sides = ["black", "white"]', f'sides = ["{"b" * 900_000}", "w"]'),
     "sides must list"),
    ("first-unknown", game_key('first = "red"'), "is not a side"),
    ("first-number", game_key("first = 2"), "is not a side"),
    ("first-list", game_key('first = ["black"]'), "is not a side"),
    ("year-bool", game_key("year = true"), "year must be text"),
    ("year-list", game_key("year = [2020]"), "year must be text"),
    ("year-float", game_key("year = 2020.5"), "year must be text"),
    ("licence-table", game_key("licence = {a = 1}"), "licence must be text"),
    ("source-huge", game_key(f'source = "{BIG}"'), "source must be text"),
    ("summary-empty", game_key('summary = ""'), "summary is missing"),
    ("summary-huge", game_key(f'summary = "{BIG}"'), "give at most 200"),
    ("summary-number", game_key("summary = 1"), "summary is missing"),
    ("game-unknown-key", game_key("colour = 1"), "unknown key 'colour' in [game]"),
    ("game-rules-inside", game_key('rules = "g.md"'), "belongs at the top"),
    # unhashable values where the game file's reader looks names up (issue 25's keys)
    ("notation-list", game_key("notation = []"), "notation [] is not a built-in game"),
    ("state-list", game_key("state = {moves = []}"), "[game.state] names"),
    ("edges-list", board('topology = "square"\nfiles = 4\n[board.edges]\nblack = [[]]'),
     "[board.edges] maps a side"),
    # [board]: square
    ("topology-unknown", board('topology = "cube"'), "unknown board topology"),
    ("topology-missing", board("files = 4"), "unknown board topology"),
    ("topology-number", board("topology = 3"), "unknown board topology"),
    ("board-unknown-key", board('topology = "square"\nfiles = 4\nfoo = 1'), "unknown key 'foo'"),
    ("size-and-cell", board('topology = "square"\nfiles = 4\ncell = "20mm"\nsize = "80mm"'),
     "both size and cell"),
    ("files-zero", board('topology = "square"\nfiles = 0'), "files is 0"),
    ("files-27", board('topology = "square"\nfiles = 27'), "files is 27"),
    ("files-negative", board('topology = "square"\nfiles = -1'), "files is -1"),
    ("files-bool", board('topology = "square"\nfiles = true'), "files is True"),
    ("files-text", board('topology = "square"\nfiles = "4"'), "files is '4'"),
    ("files-float", board('topology = "square"\nfiles = 4.0'), "files is 4.0"),
    ("files-huge", board('topology = "square"\nfiles = 99999999999999999'), "use a whole number"),
    ("files-missing", board('topology = "square"'), "files is missing"),
    ("ranks-zero", board('topology = "square"\nfiles = 4\nranks = 0'), "ranks is 0"),
    ("cell-zero", board('topology = "square"\nfiles = 4\ncell = "0mm"'), None),
    ("cell-negative", board('topology = "square"\nfiles = 4\ncell = "-5mm"'), None),
    ("cell-words", board('topology = "square"\nfiles = 4\ncell = "wide"'), None),
    ("cell-bool", board('topology = "square"\nfiles = 4\ncell = true'), "must be a length"),
    ("cell-huge", board('topology = "square"\nfiles = 4\ncell = "10000mm"'),
     "is larger than 2000 mm"),
    ("cell-nan", board('topology = "square"\nfiles = 4\ncell = "nan"'), None),
    ("size-tiny", board('topology = "square"\nfiles = 4\nsize = "1mm"'), "the board would be"),
    ("size-digits", board(f'topology = "square"\nfiles = 4\nsize = "{"9" * 5000}"'), None),
    ("colouring-bad", board('topology = "square"\nfiles = 4\ncolouring = "zebra"'),
     "colouring 'zebra' is not valid"),
    ("corner-bad", board('topology = "square"\nfiles = 4\ncorner = "grey"'), "corner"),
    ("spiral-even", board('topology = "square"\nfiles = 4\ncolouring = "spiral"'),
     "needs a square board with an odd side"),
    ("colours-not-table", board('topology = "square"\nfiles = 4\ncolours = 1'),
     "must be a table"),
    ("colour-unknown", board('topology = "square"\nfiles = 4\n[board.colours]\ncrimson = ["a1"]'),
     "unknown colour 'crimson'"),
    ("goal-nobody", board('topology = "square"\nfiles = 4\n[board.colours]\n'
                          '"goal.nobody" = ["a1"]'), "unknown colour 'goal.nobody'"),
    ("colour-twice", board('topology = "square"\nfiles = 4\n[board.colours]\ndark = ["a1"]\n'
                           'light = ["a1"]'), "lists a1 twice"),
    ("colour-not-cell", board('topology = "square"\nfiles = 4\n[board.colours]\ndark = ["z9"]'),
     "not a cell of this board"),
    ("colour-not-list", board('topology = "square"\nfiles = 4\n[board.colours]\ndark = "a1"'),
     "must be a list of cells"),
    ("colour-cell-table", board('topology = "square"\nfiles = 4\n[board.colours]\n'
                                'dark = [{a = 1}]'), "not a cell"),
    ("map-missing", board('topology = "square"\nfiles = 4\ncolouring = "map"\n'
                          '[board.colours]\ndark = ["a1"]'), "has no colour"),
    ("kinds-not-table", board('topology = "square"\nfiles = 4\nkinds = []'), "must be a table"),
    ("kinds-not-cell", board('topology = "square"\nfiles = 4\n[board.kinds]\nhole = ["q1"]'),
     "not a cell"),
    ("dead-not-list", board('topology = "square"\nfiles = 4\ndead = "a1"'), "dead must list"),
    ("dead-bad-cell", board('topology = "square"\nfiles = 4\ndead = ["a9"]'), "dead must list"),
    ("dead-table", board('topology = "square"\nfiles = 4\ndead = [{a = 1}]'), "dead must list"),
    ("all-dead", board('topology = "square"\nfiles = 2\ncell = "30mm"\n'
                       'dead = ["a1", "a2", "b1", "b2"]').replace(SETUP, "[setup]\nempty = true\n"),
     "every cell of the board is dead"),
    # [board]: the other topologies
    ("hex-shape", hex_board('shape = "star"'), "shape 'star' is not valid"),
    ("hex-radius-0", hex_board("radius = 0"), "radius is 0"),
    ("hex-radius-14", hex_board("radius = 14"), "radius is 14"),
    ("hex-orientation", hex_board('radius = 3\norientation = "sideways"'), "orientation"),
    ("hex-colouring", hex_board('radius = 3\ncolouring = "checker"'), "colouring"),
    ("hex-colour-unknown", hex_board('radius = 3\n[board.colours]\nmauve = ["a1"]'),
     "unknown colour"),
    ("hex-map-missing", hex_board('radius = 2\ncolouring = "map"'), "has no colour"),
    ("hex-rhombus-rows", hex_board('shape = "rhombus"\ncolumns = 3\nrows = 0'), "rows is 0"),
    ("hex-files-key", hex_board("radius = 3\nfiles = 3"), "unknown key 'files'"),
    ("rings-zero", rings("rings = 0\nsectors = 8"), "rings is 0"),
    ("rings-sectors", rings("rings = 3\nsectors = 2"), "sectors is 2"),
    ("rings-cell", rings('rings = 3\nsectors = 8\ncell = "20mm"'), "size"),
    ("rings-dead-zone", rings('rings = 3\nsectors = 8\nsize = "200mm"\ndead_zone = "150mm"'),
     "must be smaller than the rim radius"),
    ("segments-bends", board('topology = "segments"\ncolumns = 3\nrows = 3\nbends = ["up"]'),
     "bends must list"),
    ("segments-bends-twice", board('topology = "segments"\ncolumns = 3\nrows = 3\n'
                                   'bends = ["sw", "sw"]'), "bends must list"),
    ("segments-bends-small", board('topology = "segments"\ncolumns = 1\nrows = 3\n'
                                   'bends = ["sw"]'), "at least 2 x 2"),
    ("heptagon-cell", board('topology = "heptagon"\nrows = 2\ncolumns = 3\ncell = "9mm"'),
     "takes size"),
    ("heptagon-columns", board('topology = "heptagon"\nrows = 2\ncolumns = 1'), "columns is 1"),
    # [[component]]
    ("comp-side-unknown", comp('side = "black"', 'side = "red"'), "is not a side"),
    # a component without a side is neutral (issue 25), so black is left without pieces
    ("comp-side-missing", comp('side = "black"\n', ""), "'black' has no [[component]]"),
    ("comp-side-list", comp('side = "black"', 'side = ["black"]'), "is not a side"),
    ("comp-kind-missing", comp('kind = "stone"\n', ""), "kind is missing"),
    ("comp-kind-empty", comp('kind = "stone"', 'kind = ""'), "kind is missing"),
    ("comp-kind-huge", comp('kind = "stone"', f'kind = "{BIG}"'), "give at most 200"),
    ("comp-kind-number", comp('kind = "stone"', "kind = 3"), "kind is missing"),
    ("comp-count-zero", comp("count = 4", "count = 0"), "count must be a whole number"),
    ("comp-count-501", comp("count = 4", "count = 501"), "count must be a whole number"),
    ("comp-count-bool", comp("count = 4", "count = true"), "count must be a whole number"),
    ("comp-count-text", comp("count = 4", 'count = "4"'), "count must be a whole number"),
    ("comp-count-float", comp("count = 4", "count = 4.5"), "count must be a whole number"),
    ("comp-count-huge", comp("count = 4", "count = 9223372036854775807"), "count must be"),
    ("comp-art-unknown", comp('art = "stone-black"', 'art = "dragon"'), "unknown piece art"),
    ("comp-art-missing", comp('art = "stone-black"\n', ""), "unknown piece art"),
    ("comp-art-path", comp('art = "stone-black"', 'art = "/etc/passwd"'), "unknown piece art"),
    ("comp-art-table", comp('art = "stone-black"', "art = {a = 1}"), "unknown piece art"),
    ("comp-label-table", comp('art = "stone-black"', 'art = "stone-black"\nlabel = {a = 1}'),
     "label is missing"),
    ("comp-label-list", comp('art = "stone-black"', 'art = "stone-black"\nlabel = ["a"]'),
     "label is missing"),
    ("comp-label-number", comp('art = "stone-black"', 'art = "stone-black"\nlabel = 5'),
     "label is missing"),
    ("comp-label-empty", comp('art = "stone-black"', 'art = "stone-black"\nlabel = ""'),
     "label is missing"),
    ("comp-label-huge", comp('art = "stone-black"', f'art = "stone-black"\nlabel = "{BIG}"'),
     "give at most 60"),
    ("comp-label-61", comp('art = "stone-black"', f'art = "stone-black"\nlabel = "{"l" * 61}"'),
     "give at most 60"),
    ("comp-back-same", comp('art = "stone-black"', 'art = "stone-black"\nback = "black"'),
     "must be another side"),
    ("comp-back-unknown", comp('art = "stone-black"', 'art = "stone-black"\nback = "red"'),
     "must be another side"),
    ("comp-stands-on", comp('art = "stone-black"', 'art = "stone-black"\nstands_on = "moon"'),
     "stands_on 'moon' is not a kind"),
    ("comp-unknown-key", comp('art = "stone-black"', 'art = "stone-black"\ncolour = "red"'),
     "unknown key 'colour' in [[component]]"),
    ("comp-twice", edit(COMPONENTS, COMPONENTS + '[[component]]\nside = "black"\n'
                        'kind = "stone"\ncount = 1\nart = "stone-black"\n'),
     "two [[component]] tables"),
    ("comp-side-without", edit(COMPONENTS, COMPONENTS.rsplit("[[component]]", 1)[0]),
     "has no [[component]]"),
    # [setup]
    ("setup-empty-and-pieces", edit("[setup]\n", "[setup]\nempty = true\n"),
     "both empty = true and pieces"),
    ("setup-neither", edit(SETUP, '[setup]\ntitle = "x"\n'), "needs pieces"),
    ("setup-to-move", edit("[setup]\n", '[setup]\nto_move = "red"\n'), None),
    ("setup-empty-to-move", edit(SETUP, '[setup]\nempty = true\nto_move = "red"\n'),
     "is not a side"),
    ("setup-unknown-side", edit('white = ["a4", "b4"]', 'red = ["a4"]'), "unknown side"),
    ("setup-unknown-space", edit('white = ["a4", "b4"]', 'white = ["z9"]'), "unknown space"),
    ("setup-space-number", edit('white = ["a4", "b4"]', "white = [4]"), None),
    ("setup-pieces-string", edit(SETUP, '[setup]\npieces = "a1"\n'), None),
    ("setup-too-many", edit('black = ["a1", "b1"]', 'black = ["a1", "b1", "c1", "d1", "a2"]'),
     None),
    ("setup-dead-cell", board('topology = "square"\nfiles = 4\ncell = "20mm"\ndead = ["a1"]'),
     "a dead cell"),
    ("setup-title-huge", edit("[setup]\n", f'[setup]\ntitle = "{BIG}"\n'), "give at most 200"),
    ("setup-title-number", edit("[setup]\n", "[setup]\ntitle = 5\n"), "title is missing"),
    ("setup-unknown-key", edit("[setup]\n", "[setup]\nnote = 1\n"), "unknown key 'note'"),
    ("setup-kind-unknown", edit('black = ["a1", "b1"]', 'black = {dragon = ["a1"]}'),
     "unknown kind"),
    # paths named in the game file
    ("rules-etc-passwd", edit('rules = "g.md"', 'rules = "/etc/passwd"'),
     "rules '/etc/passwd' is outside the game file's folder"),
    ("rules-dotdot", edit('rules = "g.md"', 'rules = "../../../../../../etc/passwd"'),
     "is outside the game file's folder"),
    ("rules-dotdot-short", edit('rules = "g.md"', 'rules = "../g.md"'), "is outside"),
    ("rules-proc", edit('rules = "g.md"', 'rules = "/proc/self/environ"'), "is outside"),
    ("rules-home", edit('rules = "g.md"', 'rules = "~/.bashrc"'), "not found"),
    ("rules-names-folder", edit('rules = "g.md"', 'rules = "ex"'), "is a folder"),
    ("rules-not-there", edit('rules = "g.md"', 'rules = "nope.md"'), "not found"),
    ("examples-root-glob", edit('examples = ["ex/*.toml"]', 'examples = ["/*/*.toml"]'),
     "examples pattern '/*/*.toml' leaves the game file's folder"),
    ("examples-deep-root", edit('examples = ["ex/*.toml"]', 'examples = ["/*/*/*/*/*/*.toml"]'),
     "examples"),
    ("examples-etc", edit('examples = ["ex/*.toml"]', 'examples = ["/etc/*"]'), "examples"),
    ("examples-dotdot", edit('examples = ["ex/*.toml"]', 'examples = ["../*.toml"]'),
     "leaves the game file's folder"),
    ("examples-dotdot-inner", edit('examples = ["ex/*.toml"]', 'examples = ["ex/../../*"]'),
     "leaves the game file's folder"),
    ("examples-starstar", edit('examples = ["ex/*.toml"]', 'examples = ["**/*.toml"]'),
     "leaves the game file's folder"),
    ("examples-too-deep", edit('examples = ["ex/*.toml"]', 'examples = ["a/b/c/*.toml"]'),
     "has 4 parts"),
    ("examples-many-patterns", edit('examples = ["ex/*.toml"]',
                                    "examples = [" + ", ".join(['"nope*"'] * 300) + "]"),
     "matches no file"),
    ("examples-huge-pattern", edit('examples = ["ex/*.toml"]', f'examples = ["{BIG}"]'),
     "examples"),
]

#: Cases whose fault is in a file next to the game file: (id, prepare(folder), expected,
#: commands). The game file itself is GOOD unless prepare rewrites it.


def _rules_special(kind: str):
    def prepare(folder: Path) -> None:
        (folder / "g.md").unlink()
        make_special(folder / "g.md", kind)
    return prepare


def _example_special(kind: str):
    def prepare(folder: Path) -> None:
        (folder / "ex" / "one.toml").unlink()
        make_special(folder / "ex" / "one.toml", kind)
    return prepare


def _game_special(kind: str):
    def prepare(folder: Path) -> None:
        (folder / "g.toml").unlink()
        make_special(folder / "g.toml", kind)
    return prepare


def _named_game_special(kind: str):
    """An example whose `game = "x.toml"` names a special file."""
    def prepare(folder: Path) -> None:
        make_special(folder / "x.toml", kind)
        (folder / "ex" / "one.toml").write_text(EXAMPLE.replace("../g.toml", "../x.toml"))
    return prepare


def make_special(path: Path, kind: str) -> None:
    """A file of the given kind at path."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "dev-urandom":
        path.symlink_to("/dev/urandom")
    elif kind == "folder":
        path.mkdir()
    elif kind == "not-utf8":
        path.write_bytes(b"# \xff\xfe not UTF-8\n")
    elif kind == "sparse-200mb":
        with open(path, "wb") as f:
            f.truncate(200_000_000)
    elif kind == "two-mb":
        path.write_text("# " + "x" * 2_000_000 + "\n")
    elif kind == "dangling":
        path.symlink_to(path.parent / "nowhere")
    elif kind == "passwd":
        path.symlink_to("/etc/passwd")
    else:
        raise ValueError(kind)


SPECIALS = ["fifo", "dev-zero", "dev-urandom", "folder", "not-utf8", "sparse-200mb", "two-mb",
            "dangling", "passwd"]
# a link to /dev/zero leaves the folder: refused as outside before it is opened (the reader
# refuses it too: tests/test_reliability_readers.py)
RULES_EXPECT = {"fifo": "is a FIFO", "dev-zero": "is outside", "dev-urandom": "is outside",
                "folder": "is a folder", "not-utf8": "not UTF-8", "sparse-200mb": "more than",
                "two-mb": "more than", "dangling": "not found", "passwd": "is outside"}
GAME_EXPECT = {"fifo": "is a FIFO", "dev-zero": "is a device", "dev-urandom": "is a device",
               "folder": None, "not-utf8": "not UTF-8", "sparse-200mb": "at most 1000000",
               "two-mb": "at most 1000000", "dangling": "no such file", "passwd": None}
EXAMPLE_EXPECT = {"fifo": "is a FIFO", "dev-zero": "outside the game file",
                  "dev-urandom": "outside the game file", "folder": None,
                  "not-utf8": "not UTF-8", "sparse-200mb": "at most 1000000",
                  "two-mb": "at most 1000000", "dangling": None,
                  "passwd": "outside the game file"}


def _symlink_out(name: str, target: str):
    def prepare(folder: Path) -> None:
        (folder / name).symlink_to(target)
        text = (folder / "g.toml").read_text()
        if name.endswith(".md"):
            text = text.replace('rules = "g.md"', f'rules = "{name}"')
        else:
            text = text.replace('"ex/*.toml"', f'"{name}/*"')
        (folder / "g.toml").write_text(text)
    return prepare


def _many_examples(folder: Path) -> None:
    for i in range(210):
        (folder / "ex" / f"e{i:03}.toml").write_text(EXAMPLE)


def _other_game_example(folder: Path) -> None:
    (folder / "ex" / "one.toml").write_text(EXAMPLE.replace('"../g.toml"', '"dugi"'))


FILE_CASES = (
    [(f"rules-{k}", _rules_special(k), RULES_EXPECT[k], ("board", "booklet"))
     for k in SPECIALS if k != "not-utf8"]
    + [("rules-not-utf8", _rules_special("not-utf8"), "is not UTF-8", ("booklet",))]
    # (validate searches a folder named g.toml for *.toml: finding none is not an error)
    + [(f"gamefile-{k}", _game_special(k), GAME_EXPECT[k], BOTH if k != "folder" else
        BOARD_ONLY) for k in SPECIALS]
    + [(f"example-{k}", _example_special(k), EXAMPLE_EXPECT[k], ("validate", "booklet"))
       for k in SPECIALS]
    + [(f"example-game-{k}", _named_game_special(k), GAME_EXPECT[k], ("validate",))
       for k in ("fifo", "dev-zero", "sparse-200mb", "not-utf8")]
    + [("rules-link-out", _symlink_out("r.md", "/etc/passwd"), "is outside", BOTH),
       ("rules-link-dir-out", _symlink_out("etc.md", "/etc"), "is outside", BOTH),
       ("examples-link-dir-out", _symlink_out("sys", "/usr/lib"), "outside the game file",
        BOTH),
       ("examples-link-root", _symlink_out("root", "/"), "outside the game file", BOTH),
       ("examples-too-many", _many_examples, "matches more than 200 files", BOTH),
       ("example-other-game", _other_game_example, "is for dugi", ("validate", "booklet"))]
)

ALL_IDS = [c[0] for c in TEXT_CASES] + [c[0] for c in FILE_CASES]


def test_the_matrix_has_over_200_distinct_bad_game_files():
    assert len(ALL_IDS) == len(set(ALL_IDS)) and len(ALL_IDS) >= 200, len(ALL_IDS)


# ----------------------------------------------------------------------------- the contract

class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def peak_mb() -> float:
    """The test process's peak memory so far (it only grows: a run that read /dev/zero
    into memory would raise it by gigabytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


@pytest.fixture
def registry():
    """Game files register their games by name: put the registry back after each case."""
    from printables import gamefile
    from printables.games import REGISTERED
    saved = dict(REGISTERED)
    yield
    REGISTERED.clear()
    REGISTERED.update(saved)
    gamefile._LOADED.clear()


def snapshot(folder: Path) -> dict[str, tuple]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = p.lstat()
            out[str(p.relative_to(folder))] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return out


def run_contract(capsys, args: list, root: Path, expect: str | None) -> str:
    """Run the CLI in-process within MAX_SECONDS and check the contract; the message."""
    out = root / "out"
    before = snapshot(root)
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, MAX_SECONDS * 5)  # a hang fails, never blocks
    start, peak = time.perf_counter(), peak_mb()
    try:
        code, _, err = run_cli([str(a) for a in args] + (["-o", str(out)] if args[0] != "validate"
                                                          else []), capsys)
    except Hang:
        pytest.fail(f"{args} did not finish in {MAX_SECONDS * 5} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    took, grown = time.perf_counter() - start, peak_mb() - peak
    assert code == 2, (code, err)
    assert grown < 100, f"{args} grew the process by {grown:.0f} MB"
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("printables: error: "), err
    assert "Traceback" not in err and len(lines[0]) <= MAX_LINE + 40, err
    if expect:
        assert expect in err, err
    assert took < MAX_SECONDS, f"{args} took {took:.1f} s"
    assert not [p for p in out.rglob("*") if not p.is_dir()], "a file was written on error"
    after = snapshot(root)
    assert {k: v for k, v in after.items() if not k.startswith("out")} == before
    return lines[0]


COMMAND_ARGS = {"board": ["board", "{g}", "--format", "json"], "validate": ["validate", "{g}"],
                "booklet": ["booklet", "{g}"]}


def _args(command: str, game: Path) -> list[str]:
    return [w.replace("{g}", str(game)) for w in COMMAND_ARGS[command]]


@pytest.mark.parametrize("command", BOTH)
@pytest.mark.parametrize("name,text,expect", TEXT_CASES, ids=[c[0] for c in TEXT_CASES])
def test_bad_game_file_text(name, text, expect, command, tmp_path, capsys, registry):
    game = make_world(tmp_path, text)
    run_contract(capsys, _args(command, game), tmp_path, expect)


@pytest.mark.parametrize("name,prepare,expect,commands", FILE_CASES, ids=[c[0] for c in FILE_CASES])
def test_bad_files_next_to_the_game_file(name, prepare, expect, commands, tmp_path, capsys,
                                         registry):
    game = make_world(tmp_path)
    prepare(game.parent)
    for command in commands:
        run_contract(capsys, _args(command, game), tmp_path, expect)


def test_the_good_game_file_is_good(tmp_path, capsys, registry):
    """The matrix's base file builds, so each case fails for its own fault only."""
    game = make_world(tmp_path)
    for command in ("board", "validate"):
        code, _, err = run_cli(_args(command, game) + (["-o", str(tmp_path / "out")]
                                                       if command != "validate" else []), capsys)
        assert code == 0, err
