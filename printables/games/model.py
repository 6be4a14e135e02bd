"""Game-level data: pieces, positions, moves, outcomes, components and the GameSpec record.

Positions and moves are plain immutable values; every rules engine takes and returns them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from printables.boards import Board
from printables.errors import UsageError
from printables.units import is_count



class FrozenDict(dict):
    """A dict that cannot change after it is made, and so can be hashed: Position's mappings.

    Reading is a plain dict's (rules engines read positions in their inner loops); every
    method that would change it raises TypeError. It pickles and copies as itself.

    >>> d = FrozenDict(a=1)
    >>> d["a"], hash(d) == hash(FrozenDict(a=1)), d == {"a": 1}
    (1, True, True)
    >>> d["b"] = 2
    Traceback (most recent call last):
    TypeError: a position's mappings are read-only; build a new Position instead
    """

    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a position's mappings are read-only; build a new Position instead")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict) -> FrozenDict:
        return self  # its values are immutable too (pieces, strings, numbers)


def frozen(mapping: Mapping[str, Any]) -> FrozenDict:
    """A read-only copy of a mapping (the mapping itself when it is already frozen)."""
    return mapping if type(mapping) is FrozenDict else FrozenDict(mapping)


def next_side(side: str, sides: tuple[str, ...]) -> str:
    """The side that moves after side: the next in sides, going round (with two sides, the
    opponent). A side not in sides is followed by the first side.

    >>> next_side("black", ("black", "white")), next_side("white", ("black", "white"))
    ('white', 'black')
    >>> next_side("c", ("a", "b", "c")), next_side("?", ("a", "b"))
    ('a', 'a')
    """
    i = sides.index(side) if side in sides else -1
    return sides[(i + 1) % len(sides)]


def first_problem(problems: Callable[[Board, Position], Iterable[str]]
                  ) -> Callable[[Board, Position], str | None]:
    """An engine's position_problem from its position_problems: the first reason, or None.
    The generator stops there, so the first check costs what it did alone."""
    def position_problem(board: Board, pos: Position) -> str | None:
        return next(iter(problems(board, pos)), None)
    position_problem.__doc__ = f"The first of {problems.__name__}, or None."
    return position_problem


class Piece(NamedTuple):
    """A piece on the board: its side and its kind."""

    side: str
    kind: str


@dataclass(frozen=True)
class Position:
    """One position of one game (what a layout file describes, without its checks).

    pieces: space -> Piece (all games but EVL); EVL uses stacks (heptagon -> 'bbw' bottom to
    top), markers (pentagon -> side) and hand (side -> pieces not yet placed).
    state: what the board cannot show (danadazo: lone_general_moves; network: swap info).
    The mappings are copied into FrozenDicts when a Position is made, so a position never
    changes under its holder and can be hashed (seen-position sets, caches); a move makes a
    new Position.
    """

    game: str
    to_move: str
    pieces: Mapping[str, Piece] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    stacks: Mapping[str, str] = field(default_factory=dict)
    markers: Mapping[str, str] = field(default_factory=dict)
    hand: Mapping[str, int] = field(default_factory=dict)
    state: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""

    def __post_init__(self) -> None:
        for name in MAPPINGS:
            object.__setattr__(self, name, frozen(getattr(self, name)))

    def _key(self) -> tuple:
        return (self.game, self.to_move) + tuple(getattr(self, name) for name in MAPPINGS)

    def __eq__(self, other: object) -> bool:
        """Same game, side to move and contents (the title is a caption, not the position)."""
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def with_(self, **changes: Any) -> "Position":
        """A copy with some fields replaced."""
        from dataclasses import replace
        return replace(self, **changes)


#: Position's mapping fields, frozen (FrozenDict) when a Position is made.
MAPPINGS = ("pieces", "options", "stacks", "markers", "hand", "state")


@dataclass(frozen=True)
class Move:
    """A move: a drop (+X), a path X-Y[-Z...], with Rosenkreuz's take (xZ) and relocate (=W),
    or a special word ('pass', 'swap')."""

    path: tuple[str, ...] = ()
    drop: bool = False
    take: str | None = None
    relocate: str | None = None
    special: str | None = None

    @property
    def origin(self) -> str:
        """The space the move starts from (or the drop space)."""
        return self.path[0]

    @property
    def target(self) -> str:
        """The space the move ends on (or the drop space)."""
        return self.path[-1]


@dataclass(frozen=True)
class Outcome:
    """The result of playing a move: the new position and what the mover captured."""

    position: Position
    captures: tuple[str, ...] = ()


@dataclass(frozen=True)
class Component:
    """One kind of physical piece: how many, of which side, drawn how, standing on what.

    art: a key the piece sheet draws by (e.g. 'rose', 'cross', 'stone', 'disc-dot-small').
    stands_on: the space kind whose room sizes the piece.
    back: for two-sided pieces, the side shown on the back (Chameleons).
    size: the piece's diameter in mm when the game sets it (a game file's ``size``); None:
    sized from the space it stands on.
    """

    side: str
    kind: str
    count: int
    art: str
    label: str
    stands_on: str
    back: str | None = None
    size: float | None = None


def parse_option(text: str) -> tuple[str, Any]:
    """KEY=VALUE with VALUE as int, true/false or text.

    >>> parse_option("size=19"), parse_option("pie=true")
    (('size', 19), ('pie', True))
    """
    if "=" not in text:
        raise UsageError(f"option {text!r} is not KEY=VALUE (for example size=19)", input=text)
    key, value = (s.strip() for s in text.split("=", 1))
    low = value.lower()
    if low in ("true", "yes", "on"):
        return key, True
    if low in ("false", "no", "off"):
        return key, False
    if is_count(value.removeprefix("-")):  # ASCII digits only: no '١٩' or '１９'
        return key, int(value)
    return key, value


@dataclass(frozen=True)
class GameSpec:
    """Everything the products and the validator need to know about one game.

    Built-in games set the engine hooks (legal_moves, play, winner, position_problem); a
    game file (printables.gamefile) leaves them None, so its positions are drawn but not
    checked. Generic code asks these fields, never the game's name:

    placement: 'pieces' (a piece per space) or 'stacks' (EVL: stacks on heptagons,
    markers on pentagons, a hand of pieces not yet placed).
    size_counts_cells: --size may be a number of cells per side (an option 'size').
    laser_heavy: its laser files take longest; a kit starts them first.
    rules_file, setup_position, example_files: where a game file keeps its rules text,
    starting position and example position files (None: the bundled rules_text/ and
    layouts/<name>/).
    source: the game file this spec was read from (None for a built-in game).
    first: the side that moves first (None: the first of sides).
    """

    name: str
    title: str
    designer: str
    board_summary: str
    sides: tuple[str, ...]
    kinds: Mapping[str, tuple[str, ...]]
    build_board: Callable[[Mapping[str, Any], float | None], Board]
    components: Callable[[Mapping[str, Any]], tuple[Component, ...]]
    default_options: Mapping[str, Any] = field(default_factory=dict)
    check_options: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    #: keys a position file's [state] may hold, and the type of each (bool or int)
    state_types: Mapping[str, type] = field(default_factory=dict)
    reconstructed: tuple[str, ...] = ()
    flipping_pieces: bool = False
    legal_moves: Callable[[Board, Position], list[Move]] | None = None
    play: Callable[[Board, Position, Move], Outcome] | None = None
    winner: Callable[[Board, Position], str | None] | None = None
    position_problem: Callable[[Board, Position], str | None] | None = None
    #: every reason a position cannot occur (position_problem gives the first)
    position_problems: Callable[[Board, Position], Iterable[str]] | None = None
    normalize_move: Callable[[Board, Move, tuple[tuple[str, ...], ...]], Move] | None = None
    format_move: Callable[[Board, Move], str] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    placement: str = "pieces"
    size_counts_cells: bool = False
    laser_heavy: bool = False
    first: str | None = None
    rules_file: Path | None = None
    setup_position: Position | None = None
    example_files: tuple[Path, ...] | None = None
    source: Path | None = None

    def credit(self) -> str:
        """The credit line: designer, then the year and licence a game file may give.

        >>> GameSpec("g", "G", "Ann", "", ("a", "b"), {}, None, None,
        ...          extra={"year": 2026, "licence": "CC BY 4.0"}).credit()
        'a game by Ann · 2026 · CC BY 4.0'
        """
        return " · ".join([f"a game by {self.designer}"] + [
            str(self.extra[k]) for k in ("year", "licence") if k in self.extra])

    def parse_options(self, texts: Iterable[str]) -> dict[str, Any]:
        """Options as the user writes them (KEY=VALUE each), read and named-checked; the
        values are checked by options(). UsageError names an unknown key and the valid ones.

        >>> GameSpec("g", "G", "Ann", "", ("a", "b"), {}, None, None,
        ...          default_options={"size": 8}).parse_options(["size=10"])
        {'size': 10}
        """
        opts = dict(parse_option(t) for t in texts)
        unknown = sorted(set(opts) - set(self.default_options))
        if unknown:
            valid = ", ".join(self.default_options) or "none"
            raise UsageError(f"{self.name} has no option {unknown[0]!r}; valid options: "
                             f"{valid}", input=unknown[0])
        return opts

    def options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Default options updated with given ones, checked by the game."""
        merged = dict(self.default_options)
        merged.update(given or {})
        return self.check_options(merged) if self.check_options else merged

    def board(self, options: Mapping[str, Any] | None = None, size: float | None = None) -> Board:
        """The board for these options (default size unless size is given); cached."""
        opts = self.options(options)
        return _cached_board(self.name, tuple(sorted(opts.items())), size, self.build_board)


_BOARDS: dict[tuple, Board] = {}


def _cached_board(name: str, opts: tuple, size: float | None, build) -> Board:
    key = (name, build, opts, size)  # two game files may share a name, never a builder
    if key not in _BOARDS:
        _BOARDS[key] = build(dict(opts), size)
    return _BOARDS[key]
