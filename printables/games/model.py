"""Game-level data: pieces, positions, moves, outcomes, components, the rules engine contract
(Rules) and the GameSpec record.

Positions and moves are plain immutable values; every rules engine takes and returns them.
Ruling: a game without an engine (a designer's game file) has `rules = None`; its positions
are drawn but not checked, and its moves use the plain notation (plain_notation).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from printables.boards import Board
from printables.errors import LayoutError, UsageError
from printables.units import is_count


class FrozenDict(dict[str, Any]):
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

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
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


class Piece(NamedTuple):
    """A piece on the board: its side and its kind."""

    side: str
    kind: str


@dataclass(frozen=True)
class Position:
    """One position of one game (what a layout file describes, without its checks).

    pieces: space -> Piece (all games but EVL); EVL uses stacks (heptagon -> 'bbw' bottom to
    top), markers (pentagon -> side) and hand (side -> pieces not yet placed). piles: space ->
    the pieces on a space that holds two or more, bottom to top (a game file's ``piles``:
    Oware's seeds, a column of men); such a space is not in pieces.
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
    piles: Mapping[str, tuple[Piece, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in MAPPINGS:
            object.__setattr__(self, name, frozen(getattr(self, name)))

    def _key(self) -> tuple[Any, ...]:
        return (self.game, self.to_move) + tuple(getattr(self, name) for name in MAPPINGS)

    def __eq__(self, other: object) -> bool:
        """Same game, side to move and contents (the title is a caption, not the position)."""
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def with_(self, **changes: Any) -> Position:
        """A copy with some fields replaced."""
        return replace(self, **changes)


#: Position's mapping fields, frozen (FrozenDict) when a Position is made.
MAPPINGS = ("pieces", "options", "stacks", "markers", "hand", "state", "piles")


def piece_at(pos: Position, space: str) -> Piece | None:
    """The piece on a space, or the top piece of its pile, or None."""
    piece = pos.pieces.get(space)
    if piece is None and space in pos.piles:
        return pos.piles[space][-1]
    return piece


@dataclass(frozen=True)
class Move:
    """A move: a drop (+X), a path X-Y[-Z...], with Rosenkreuz's take (xZ) and relocate (=W),
    or a special word ('pass', 'swap'); place: a piece put on that space after the move
    (X-Y/Z, the Amazons' arrow)."""

    path: tuple[str, ...] = ()
    drop: bool = False
    take: str | None = None
    relocate: str | None = None
    special: str | None = None
    place: str | None = None

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


#: a move as written: its dash-joined runs of spaces (X-Y,Y-Z is two runs)
Runs = tuple[tuple[str, ...], ...]


class Rules(Protocol):
    """A game's rules engine: the hooks the validator, the booklets' checked examples and
    the players (printables.play) call. Every built-in game has one (GameSpec.rules)."""

    def legal_moves(self, board: Board, pos: Position) -> list[Move]:
        """Every legal move of the side to move (none once the game is over)."""
        ...

    def play(self, board: Board, pos: Position, move: Move) -> Outcome:
        """The position after a legal move, and what the mover captured."""
        ...

    def winner(self, board: Board, pos: Position) -> str | None:
        """The winning side, 'draw', or None while the game goes on."""
        ...

    def position_problems(self, board: Board, pos: Position) -> Iterable[str]:
        """Every reason the position cannot occur in a game (none: it can)."""
        ...

    def normalize_move(self, board: Board, move: Move, runs: Runs) -> Move | None:
        """The move a notation with these runs means, or None when the game's notation has
        no such form (plain_move: one run only)."""
        ...

    def format_move(self, board: Board, move: Move) -> str:
        """The move in the game's notation (plain_notation without short forms)."""
        ...


def plain_move(board: Board, move: Move, runs: Runs) -> Move | None:
    """A move as written; several comma-joined runs mean nothing without a game's notation."""
    return move if len(runs) == 1 else None


def plain_notation(board: Board, move: Move) -> str:
    """The notation of a move without game-specific short forms (POSITIONS.md).

    >>> plain_notation(None, Move(path=("a7", "b6"), take="c3", relocate="d1"))
    'a7-b6 xc3 =d1'
    >>> plain_notation(None, Move(path=("d1", "d7"), place="g7"))
    'd1-d7/g7'
    """
    if move.special:
        return move.special
    text = "+" + move.path[0] if move.drop else "-".join(move.path)
    if move.place:
        text += "/" + move.place
    if move.take:
        text += " x" + move.take
    if move.relocate:
        text += " =" + move.relocate
    return text


@dataclass(frozen=True)
class Engine:
    """Rules made of a rules module's functions (what every built-in game gives); a game
    without its own move notation keeps plain_move and plain_notation."""

    legal_moves: Callable[[Board, Position], list[Move]]
    play: Callable[[Board, Position, Move], Outcome]
    winner: Callable[[Board, Position], str | None]
    position_problems: Callable[[Board, Position], Iterable[str]]
    normalize_move: Callable[[Board, Move, Runs], Move | None] = plain_move
    format_move: Callable[[Board, Move], str] = plain_notation


def first_problem(rules: Rules, board: Board, pos: Position) -> str | None:
    """The first reason the position cannot occur, or None. The engine's generator stops
    there, so asking for the first costs what that one check costs."""
    return next(iter(rules.position_problems(board, pos)), None)


# ----------------------------------------------------------------------------- placement

class Source(Protocol):
    """A position file being read (positions.py's reader): its errors name file and line."""

    def fail(self, message: str, value: Any = None, key: str | None = None,
             nth: int = 1) -> LayoutError:
        """The LayoutError for message, at the line of value or key."""
        ...

    def table(self, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
        """data[key] as a table ({} when absent); a LayoutError when it is not one."""
        ...

    def string_list(self, v: Any, where: str) -> list[str]:
        """v as a list of space names; a LayoutError naming where when it is not one."""
        ...


def read_side(r: Source, game: GameSpec, side: Any, where: str) -> str:
    """side, when it is one of the game's sides or owns kinds of pieces (a game file's
    neutral pieces); else a LayoutError listing them."""
    if not isinstance(side, str) or (side not in game.sides and side not in game.kinds):
        raise r.fail(f"unknown side {side!r} in {where}; {game.name} sides: "
                     f"{', '.join(game.kinds)}", value=side)
    return str(side)


def read_space(r: Source, board: Board, game: GameSpec, name: Any,
               kinds: Iterable[str] | None = None) -> str:
    """name, when it names a space of the board (of one of kinds, when given)."""
    if not isinstance(name, str) or not board.has(name):
        raise r.fail(f"unknown space {name!r} for {game.name} (spaces are named like "
                     f"{board.names[0]}..{board.names[-1]})", value=name)
    if kinds is not None and board.space(name).kind not in kinds:
        raise r.fail(f"space {name!r} is a {board.space(name).kind}; expected "
                     f"{' or '.join(kinds)}", value=name)
    return name


#: what a placement reads into a Position: field name -> mapping (pieces, stacks, ...)
Contents = dict[str, dict[str, Any]]


class Shown(NamedTuple):
    """One thing a diagram draws on a space: a piece seen from above (stack empty) or a
    stack seen from the side (stack: the sides of its pieces, bottom to top; kinds: their
    kinds, when they are not all kind; side and kind are its top piece's); number: how many
    alike pieces stand there (a pile of seeds), drawn as one piece with the number."""

    space: str
    side: str
    kind: str
    stack: tuple[str, ...] = ()
    number: int = 1
    kinds: tuple[str, ...] = ()


class Placement(Protocol):
    """How a game's pieces sit on the board: the position-file tables it reads, the counts
    it checks, what a check's `after` compares, and what a diagram's reserve shows."""

    @property
    def tables(self) -> tuple[str, ...]:
        """The top-level tables of a position file this placement reads."""
        ...

    def read(self, r: Source, game: GameSpec, board: Board, data: Mapping[str, Any],
             options: Mapping[str, Any]) -> Contents:
        """The position's placement fields from a position file's tables (for a position
        with these checked options)."""
        ...

    def count_problem(self, game: GameSpec, pos: Position) -> tuple[str, str] | None:
        """(message, file key) when pos holds more pieces than the game has, else None."""
        ...

    def compared(self, pos: Position) -> Contents:
        """What two positions must share to be the same placement (a check's `after`)."""
        ...

    def off_board(self, pos: Position, c: Component) -> int:
        """How many of component c are not on the board (in hand or in the box)."""
        ...

    def shown(self, board: Board, pos: Position) -> Iterator[Shown]:
        """What stands on the board, space by space in board order (a diagram draws it)."""
        ...


def kind_entries(r: Source, game: GameSpec, side: str, spec: Any) -> list[tuple[str, Any]]:
    """(kind, where) pairs of a side's [pieces] entry: a table kind -> where, or where alone
    for a side of one kind; a LayoutError for a kind the side does not have."""
    kinds = game.kinds[side]
    if isinstance(spec, Mapping):
        items = list(spec.items())
    elif len(kinds) == 1:
        items = [(kinds[0], spec)]
    else:
        raise r.fail(f"[pieces] {side} needs a table kind -> spaces; kinds: "
                     f"{', '.join(kinds)}", key=side)
    for kind, _ in items:
        if kind not in kinds:
            raise r.fail(f"unknown kind {kind!r} for {side} in {game.name}; kinds: "
                         f"{', '.join(kinds)}", value=kind)
    return items


@dataclass(frozen=True)
class OnSpaces:
    """A piece per space: [pieces] side -> spaces (one kind) or kind -> spaces."""

    tables: tuple[str, ...] = ("pieces",)

    def read(self, r: Source, game: GameSpec, board: Board, data: Mapping[str, Any],
             options: Mapping[str, Any]) -> Contents:
        """[pieces]: side -> list of spaces, or side -> kind -> list of spaces."""
        pieces: dict[str, Piece] = {}
        for side, spec in r.table(data, "pieces").items():
            read_side(r, game, side, "[pieces]")
            for kind, names in kind_entries(r, game, side, spec):
                for name in r.string_list(names, f"pieces.{side}.{kind}"):
                    read_space(r, board, game, name)
                    if name in pieces:
                        raise r.fail(f"space {name!r} holds two pieces", value=name, nth=2)
                    pieces[name] = Piece(side, kind)
        return {"pieces": pieces}

    def count_problem(self, game: GameSpec, pos: Position) -> tuple[str, str] | None:
        """More pieces of a component than it counts (flipping pieces: more in all)."""
        comps = game.components(pos.options)
        if game.flipping_pieces:
            total = sum(c.count for c in comps)
            if len(pos.pieces) > total:
                return f"{len(pos.pieces)} pieces on the board; the game has {total}", "pieces"
            return None
        for c in comps:
            n = sum(1 for p in pos.pieces.values() if p == (c.side, c.kind))
            if n > c.count:
                return f"{n} {c.label}s on the board; the game has {c.count}", c.side
        return None

    def compared(self, pos: Position) -> Contents:
        """Every space's piece."""
        return {"pieces": {k: tuple(v) for k, v in sorted(pos.pieces.items())}}

    def off_board(self, pos: Position, c: Component) -> int:
        """The component's count less its pieces on the board."""
        on = sum(1 for p in pos.pieces.values() if (p.side, p.kind) == (c.side, c.kind))
        return max(0, c.count - on)

    def shown(self, board: Board, pos: Position) -> Iterator[Shown]:
        """Each piece, seen from above."""
        for name in board.names:
            if name in pos.pieces:
                yield Shown(name, *pos.pieces[name])


@dataclass(frozen=True)
class Stacks:
    """Stacks of one kind of piece on one kind of space (a string of side letters, bottom to
    top), markers of another kind alone on another kind of space, and a hand per side of
    stacking pieces not yet placed (EVL). The counts are the game's components'."""

    piece: str  # the component kind that stacks
    piece_space: str  # the space kind stacks stand on
    marker: str  # the component kind of the markers
    marker_space: str  # the space kind markers stand on
    letters: Mapping[str, str]  # side -> its letter in a stack string
    tables: tuple[str, ...] = ("stacks", "markers", "hand")

    def _count(self, game: GameSpec, options: Mapping[str, Any], kind: str, side: str) -> int:
        return sum(c.count for c in game.components(options) if c.kind == kind and c.side == side)

    def _on_board(self, pos: Position, side: str) -> int:
        return sum(s.count(self.letters[side]) for s in pos.stacks.values())

    def read(self, r: Source, game: GameSpec, board: Board, data: Mapping[str, Any],
             options: Mapping[str, Any]) -> Contents:
        """[stacks] space -> letters bottom to top, [markers] space -> side, [hand] side ->
        count (default: the game's pieces less those on the board)."""
        letters = "".join(self.letters[s] for s in game.sides)
        stacks: dict[str, str] = {}
        for name, stack in r.table(data, "stacks").items():
            read_space(r, board, game, name, (self.piece_space,))
            if not isinstance(stack, str) or not stack or set(stack) - set(letters):
                raise r.fail(f"stack on {name} must be a string of {' and '.join(letters)}, "
                             f"bottom to top, such as \"{letters[0] * 2 + letters[-1]}\"",
                             value=name)
            stacks[name] = stack
        markers: dict[str, str] = {}
        for name, owner in r.table(data, "markers").items():
            read_space(r, board, game, name, (self.marker_space,))
            markers[name] = read_side(r, game, owner, "[markers]")
        hand: dict[str, int] = {}
        for side, count in r.table(data, "hand").items():
            read_side(r, game, side, "[hand]")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise r.fail(f"hand of {side} must be a whole number >= 0", key=side)
            hand[side] = count
        for side in game.sides:
            placed = sum(s.count(self.letters[side]) for s in stacks.values())
            hand.setdefault(side, max(0, self._count(game, options, self.piece, side) - placed))
        return {"stacks": stacks, "markers": markers, "hand": hand}

    def count_problem(self, game: GameSpec, pos: Position) -> tuple[str, str] | None:
        """More stacking pieces (board and hand) or markers than the game has."""
        for side in game.sides:
            pieces = self._count(game, pos.options, self.piece, side)
            placed = self._on_board(pos, side) + pos.hand.get(side, 0)
            if placed > pieces:
                return (f"{side} has {placed} {self.piece}s (board + hand); the game has "
                        f"{pieces}", "stacks")
            markers = self._count(game, pos.options, self.marker, side)
            if sum(1 for o in pos.markers.values() if o == side) > markers:
                return (f"{side} has more than {markers} {self.marker}s; the game has "
                        f"{markers}", "markers")
        return None

    def compared(self, pos: Position) -> Contents:
        """Every stack and every marker (the hands follow from the stacks)."""
        return {"stacks": dict(pos.stacks), "markers": dict(pos.markers)}

    def off_board(self, pos: Position, c: Component) -> int:
        """Stacking pieces: the hand; markers: the count less those placed."""
        if c.kind == self.piece:
            return max(0, pos.hand.get(c.side, c.count - self._on_board(pos, c.side)))
        return max(0, c.count - sum(1 for o in pos.markers.values() if o == c.side))

    def shown(self, board: Board, pos: Position) -> Iterator[Shown]:
        """Each stack from the side, each marker from above."""
        owner = {letter: side for side, letter in self.letters.items()}
        for name in board.names:
            if name in pos.stacks:
                sides = tuple(owner[letter] for letter in pos.stacks[name])
                yield Shown(name, sides[-1], self.piece, sides)
            if name in pos.markers:
                yield Shown(name, pos.markers[name], self.marker)


#: The designer a traditional game names (a game file's ``designer = "traditional"``).
TRADITIONAL = "traditional"


def byline(designer: str) -> str:
    """Who made a game, as every product credits it: "a game by NAME", or "a traditional
    game" for the designer ``traditional`` (ours: no one is named where no one is known).

    >>> byline("Sid Sackson"), byline("traditional"), byline("Traditional")
    ('a game by Sid Sackson', 'a traditional game', 'a traditional game')
    """
    if designer.strip().lower() == TRADITIONAL:
        return "a traditional game"
    return f"a game by {designer}"


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

    Built-in games give their rules engine (rules: Rules); a game file
    (printables.gamefile) leaves it None, so its positions are drawn but not checked.
    Generic code asks these fields, never the game's name:

    placement: how pieces sit on the board (OnSpaces, a piece per space; Stacks: EVL's
    stacks, markers and hand), which reads, counts and compares positions.
    rules_file, setup_position, example_files: where a game file keeps its rules text,
    starting position and example position files (None: the bundled rules_text/ and
    layouts/<name>/).
    source: the game file this spec was read from (None for a built-in game).
    first: the side that moves first (None: the first of sides).
    notation: for a game without rules, another game's rules whose move notation
    (normalize_move, format_move) its positions are written in (a game file's
    ``notation``); its moves are still not checked.
    engine: the built-in game whose rules engine, tally, option checks and playout kernels
    this game uses (a game file's ``[game] engine``); None: the game's own (or none).
    tally: what a position's diagram cannot show and a caption states, as one sentence
    from the engine's own counts (EVL: pentagons held, passes in a row; Danadazo: a lone
    general's moves); None: nothing to add.
    adjudicate: the game's one ruling for a game stopped at the ply cap: the winning side
    or "draw" for a position (every kernel, the reference one included, scores a capped
    game by it); None: a draw.
    seats: who plays which side in a position, for a game with a "change sides" rule
    (Network's pie swap): per side, the seat playing it, seat i being the player who held
    side i at the start; None: nobody ever changes sides (seat i always plays side i).
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
    rules: Rules | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    placement: Placement = OnSpaces()
    first: str | None = None
    tally: Callable[[Board, Position], str] | None = None
    rules_file: Path | None = None
    setup_position: Position | None = None
    example_files: tuple[Path, ...] | None = None
    source: Path | None = None
    notation: Rules | None = None
    engine: str | None = None
    adjudicate: Callable[[Board, Position], str] | None = None
    seats: Callable[[Position], tuple[int, ...]] | None = None

    def credit(self) -> str:
        """The credit line: designer, then the year and licence a game file may give.

        >>> GameSpec("g", "G", "Ann", "", ("a", "b"), {}, None, None,
        ...          extra={"year": 2026, "licence": "CC BY 4.0"}).credit()
        'a game by Ann · 2026 · CC BY 4.0'
        """
        return " · ".join([byline(self.designer)] + [
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


_BOARDS: dict[tuple[Any, ...], Board] = {}


def _cached_board(name: str, opts: tuple[tuple[str, Any], ...], size: float | None,
                  build: Callable[[Mapping[str, Any], float | None], Board]) -> Board:
    key = (name, build, opts, size)  # two game files may share a name, never a builder
    if key not in _BOARDS:
        _BOARDS[key] = build(dict(opts), size)
    return _BOARDS[key]
