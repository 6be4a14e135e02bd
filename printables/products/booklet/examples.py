"""Booklet examples: the game's checked positions from layouts/<game>/, validated before they
are printed, with the move each diagram shows and its caption; piece art scenes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printables.errors import CheckFailedError, PrintablesError
from printables.games import GameSpec, Move, Position
from printables.geometry import Point
from printables.positions import (Check, Layout, check_layout, format_move, load_layout,
                                  parse_move)
from printables.products.piece_art import piece_items
from printables.render.scene import Scene

@dataclass(frozen=True)
class Example:
    """One printed example: the position, the move drawn (if any) and its caption."""

    path: str
    title: str
    position: Position
    move: Move | None
    captures: tuple[str, ...]
    note: str
    topic: int = 0


def example_paths(game: GameSpec, layouts_dir: Path) -> list[Path]:
    """The game's example files: every *.toml in layouts/<game>/ but setup.toml, by name."""
    folder = layouts_dir / game.name
    return [p for p in sorted(folder.glob("*.toml")) if p.name != "setup.toml"]


def validated(game: GameSpec, path: Path) -> Layout:
    """Load a layout and run its checks; raise CheckFailedError naming file and check if one
    fails (the booklet never prints an unchecked example)."""
    if game.legal_moves is None or game.position_problem is None:
        raise CheckFailedError(f"{game.name} has no rules engine yet, so the example "
                               f"cannot be checked", file=str(path))
    layout = load_layout(path)
    if layout.position.game != game.name:
        raise CheckFailedError(f"this file is for {layout.position.game}, not {game.name}",
                               file=str(path))
    for res in check_layout(layout):
        if not res.ok:
            raise CheckFailedError(f"check {res.number} fails: {res.reason}; the booklet "
                                   f"prints this example, so fix the file or remove it",
                                   file=str(path))
    return layout


def setup_layout(game: GameSpec, layouts_dir: Path) -> Layout:
    """The validated setup position of a game."""
    path = layouts_dir / game.name / "setup.toml"
    if not path.exists():
        raise CheckFailedError("the setup position is missing; the booklet needs it",
                               file=str(path))
    return validated(game, path)


def load_examples(game: GameSpec, layouts_dir: Path) -> tuple[Example, ...]:
    """Every example of a game, validated, with its move, captures and caption note, in
    teaching order: plain moves, captures, forbidden moves, ends of game (then file name)."""
    found = [example_of(game, p, validated(game, p)) for p in example_paths(game, layouts_dir)]
    return tuple(sorted(found, key=lambda e: (e.topic, Path(e.path).name)))


def side_name(side: str) -> str:
    """A side as printed in captions.

    >>> side_name("rose")
    'Rose'
    """
    return side[:1].upper() + side[1:]


def featured(checks: tuple[Check, ...]) -> Check | None:
    """The check an example's diagram shows: the first move check that claims an outcome
    (captures, after, winner), else the first check with a move, else None."""
    moves = [c for c in checks if c.move is not None]
    rich = [c for c in moves if c.captures is not None or c.after is not None
            or c.winner is not None]
    return (rich or moves or [None])[0]


def example_of(game: GameSpec, path: Path, layout: Layout) -> Example:
    """The Example for a validated layout: its featured move (or the position alone), the
    pieces that move captures, and a caption note naming the other moves the file checks."""
    pos = layout.position
    board = layout.board or game.board(pos.options)
    title = pos.title or path.stem.replace("-", " ").capitalize()
    check = featured(layout.checks)
    if check is None:
        ends = any(c.winner not in (None, "none") for c in layout.checks)
        return Example(str(path), title, pos, None, (), _position_note(pos, layout.checks),
                       3 if ends else 2)
    legal_set = set(game.legal_moves(board, pos))
    legal = check.move in legal_set
    captures: tuple[str, ...] = ()
    if legal:
        captures = tuple(sorted(check.captures if check.captures is not None
                                else game.play(board, pos, check.move).captures))
    note = _move_note(pos, check, notation(game, board, check), legal, captures)
    others = [c for c in layout.checks if c.move is not None and c is not check]
    bad = [notation(game, board, c) for c in others if c.move not in legal_set]
    good = [notation(game, board, c) for c in others if c.move in legal_set]
    if bad:
        note += (" Not allowed here: " if legal else " Nor ") + ", ".join(bad) + "."
    if good and not legal:
        note += " Allowed: " + ", ".join(good) + "."
    if check.winner not in (None, "none"):
        rank = 3
    else:
        rank = 2 if not legal else (1 if captures else 0)
    return Example(str(path), title, pos, check.move, captures, note, rank)


def notation(game: GameSpec, board, check: Check) -> str:
    """A check's move in the game's notation, or as the file writes it when the game's
    notation does not read back as the same move."""
    text = format_move(game, board, check.move)
    try:
        same = parse_move(game, board, text) == check.move
    except PrintablesError:
        same = False
    return text if same else (check.move_text or text)


#: How captions say a special move: (done, not allowed).
SPECIAL_WORDS = {"pass": ("passes", "may not pass"), "swap": ("swaps colours", "may not swap")}


def _move_note(pos: Position, check: Check, move_text: str, legal: bool,
               captures: tuple[str, ...]) -> str:
    who = side_name(pos.to_move)
    done, refused = SPECIAL_WORDS.get(check.move.special or "",
                                      (f"plays {move_text}", f"may not play {move_text}"))
    if not legal:
        return f"{who} {refused}."
    note = f"{who} {done}"
    if captures:
        note += ", capturing on " + _join(captures)
    note += "."
    if check.winner not in (None, "none"):
        note += " Draw." if check.winner == "draw" else f" {side_name(check.winner)} wins."
    return note


def _position_note(pos: Position, checks: tuple[Check, ...]) -> str:
    who = side_name(pos.to_move)
    for c in checks:
        if c.legal is False:
            return "This position cannot arise in a game."
        if c.winner not in (None, "none"):
            return "Drawn." if c.winner == "draw" else f"{side_name(c.winner)} has won."
        if c.legal_moves == 0:
            return f"{who} is to move and has no legal move."
    if any(c.winner == "none" for c in checks):
        return f"{who} to move; nobody has won yet."
    return f"{who} to move."


def _join(names: tuple[str, ...]) -> str:
    """'a1', 'a1 and b2', 'a1, b2 and c3'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ----------------------------------------------------------------------------- scenes

def piece_scene(art: str, diameter: float) -> Scene:
    """One piece's art centred in a square scene with a 0.5 mm margin."""
    c = Point(diameter / 2 + 0.5, diameter / 2 + 0.5)
    return Scene(diameter + 1.0, diameter + 1.0, tuple(piece_items(art, c, diameter)),
                 title=art)
