"""What a built-in game's texts must hold before its booklet is the house's: one line per
thing missing, naming the file and what would do.

The booklet of a built-in game teaches from its rules text (rules_text/NAME.md) and its
example positions (layouts/NAME/): the rules text needs a title, the sections a reader
looks for (SECTIONS), an "In short" paragraph in Moving and in Capturing where there is one
(the player aid repeats it), and a word on a player with no legal move; the layouts folder
needs a setup whose checks count the legal moves and at least MIN_EXAMPLES titled, checked
examples, one of them a forbidden move. `printables validate` reports these for a built-in
game's folder of layouts (or the whole layouts folder).

Ruling (ours): these are the standard of the built-in games. A designer's game file is not
held to it (its booklet is made from whatever it gives), so only built-in games are asked.
This module reads the texts as they are, without the typesetting (it imports no reportlab).
"""

from __future__ import annotations

import re
from pathlib import Path

from printables.errors import PrintablesError
from printables.games import GameSpec
from printables.positions import Layout, game_content, load_layout
from printables.products.booklet import markup

#: Sections every built-in game's rules text has (`## Title`), in reading order.
SECTIONS = ("Components", "Setup", "Playing a turn", "Moving", "End of the game", "Credits")
#: Sections whose first paragraph the player aid repeats: each starts with SUMMARY.
SUMMARISED = ("Moving", "Capturing")
#: How a summary paragraph starts (the player aid looks for it).
SUMMARY = "**In short:**"
#: Example positions a booklet needs besides the setup.
MIN_EXAMPLES = 5

_NO_MOVE = re.compile(r"\b(no|any) legal (move|drop)", re.IGNORECASE)


def booklet_problems(game: GameSpec) -> list[str]:
    """Every way a built-in game's rules text and layouts fall short of its booklet, one
    line each (empty: nothing missing)."""
    content = game_content(game)
    if content.rules is None:  # a [rules] game file's text is written from its rules
        return []
    root = content.rules.parent.parent
    return [*rules_problems(content.rules, _show(content.rules, root)),
            *layout_problems(content.setup, content.examples, root)]


def rules_problems(path: Path, shown: str | None = None) -> list[str]:
    """What the rules text at path lacks: title, sections, summaries, no-legal-move rule
    (shown: how the lines name the file, default the path)."""
    try:
        text = path.read_text(encoding="utf-8")
        blocks = markup.parse(text, str(path))
        title, _, sections = markup.sections(blocks)
        markup.rulings(blocks, str(path))  # our rulings: each footnote with Why and Original
    except PrintablesError as e:  # a malformed ruling, say: its own line, file and line
        return [str(e)]
    except (OSError, UnicodeDecodeError) as e:
        return [f"{shown or path}: the rules text cannot be read ({e})"]
    path_text = shown or str(path)
    out = [] if title else [f"{path_text}: no title (a first line '# Title')"]
    named = {s.title: s for s in sections}
    out += [f"{path_text}: no '{name}' section (a line '## {name}'); the booklet's sections: "
            f"{', '.join(SECTIONS)}" for name in SECTIONS if name not in named]
    for name in SUMMARISED:
        sec = named.get(name)
        if sec is not None and not any(b.kind == "para" and b.text.startswith(SUMMARY)
                                       for b in sec.blocks):
            out.append(f"{path_text}: the '{name}' section has no paragraph starting {SUMMARY} "
                       "(the player aid repeats it)")
    body = [ln for ln in text.splitlines() if not ln.startswith(("[^", "    "))]
    if not any(_NO_MOVE.search(ln) for ln in body):
        out.append(f"{path_text}: says nothing of a player with no legal move (a sentence with "
                   "'no legal move'; mark it with a footnote where the ruling is ours)")
    return out


def layout_problems(setup: Layout | Path, examples: tuple[Path, ...], root: Path) -> list[str]:
    """What a game's setup and example positions lack (paths shown relative to root)."""
    out: list[str] = []
    layout = _read(setup, out)
    if layout is not None and not any(c.legal_moves is not None for c in layout.checks):
        out.append(f"{_show(setup, root)}: no check counts the legal moves at the start "
                   "(legal_moves = N)")
    read = [(p, _read(p, out)) for p in examples]
    for p, ex in read:
        if ex is not None and not ex.position.title:
            out.append(f"{_show(p, root)}: no title (title = \"...\"), which the booklet prints")
        if ex is not None and not ex.checks:
            out.append(f"{_show(p, root)}: no [[check]], so the booklet could print it wrong")
    if len(examples) < MIN_EXAMPLES:
        out.append(f"{_show(setup, root, folder=True)}: {len(examples)} example position"
                   f"{'s' if len(examples) != 1 else ''} besides the setup; a booklet needs "
                   f"at least {MIN_EXAMPLES}")
    if read and not any(c.legal is False for _, ex in read if ex is not None
                        for c in ex.checks):
        out.append(f"{_show(setup, root, folder=True)}: no example shows a forbidden move "
                   "(a check with legal = false)")
    return out


def _read(where: Layout | Path, out: list[str]) -> Layout | None:
    """The layout at where (a Layout as is); its one-line error appended to out if not."""
    if isinstance(where, Layout):
        return where
    try:
        return load_layout(where)
    except PrintablesError as e:
        out.append(str(e))
        return None


def _show(where: Layout | Path, root: Path, folder: bool = False) -> str:
    """A path as a contributor reads it: relative to the project where it is inside."""
    path = Path(where.path) if isinstance(where, Layout) else where
    path = path.parent if folder else path
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)
