"""The self-play runner of `printables balance`: which games to play, playing one, and
running them in this process, on local worker processes or on a Dask cluster.

A plan names the game, its variants (option sets), the player levels and how many games;
from it the runner derives streams of games, one per (variant, pairing), each game seeded
by its place: (seed, variant, pairing, index). A game is a pure function of its task, and
each stream is read in index order, so the figures depend only on the seed and the game
list, never on the number or kind of workers.

Rulings:
- Pairings, for levels L0, L1, ... (in --levels order): each level against itself (the
  balance at that skill), then each level against the one before it (the ladder); in a
  ladder pairing the stronger level moves first in even-numbered games, second in odd.
- The first player is the player (seat) who moves first at the start. A move after which
  the kernel's seats differ (Network's pie swap: Kernel.seats) changes who plays which
  colour: from then on each player plays the other side, so first-player figures follow
  the player, not the colour. A game's record names who made the first such change.
- Variants: a variant that gives one option twice is refused (which one would it mean?);
  a variant's option overrides the same option given with --option for every variant.
- A game still running at max_plies is stopped and scored by the kernel's adjudication
  (counted as a timeout).
- Stopping: a self-play pairing plays --games N, or with --ci H until the first player's
  Wilson interval is +-H (stats.py); a ladder pairing stops as soon as the SPRT decides,
  else after its cap. Extra games a chunk played past the stopping point are dropped.
"""

from __future__ import annotations

import functools
import os
import random
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from printables.errors import UsageError
from printables.games import get_game
from printables.games.model import GameSpec, Position
from printables.play.kernel import DRAW, GameTally, Kernel, PlaysRandomGames, seat_to_move
from printables.play.kernels import kernel_for, numba_available, numba_kernel_for
from printables.play.players import Player, RandomPlayer, make_player
from printables.play.stats import MIN_GAMES, Sprt, halfwidth
from printables.pool import OwnedPool
from printables.positions import format_move, load_layout, setup_path

#: plies of each game kept as its opening
OPENING_PLIES = 2
#: a --ci self-play pairing stops here even if the interval is still wider
MAX_CI_GAMES = 100_000
#: ladder pairings under --ci stop here if the SPRT has not decided
LADDER_CAP_CI = 1000
DEFAULT_MAX_PLIES = 1000
#: the kernels a plan may name (see kernel_named)
KERNELS = ("numba", "fast", "reference")


@dataclass(frozen=True)
class Variant:
    """One set of options to play, with the label the report shows."""

    label: str
    options: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Pairing:
    """Two levels; kind 'self' (a level against itself) or 'ladder' (stronger, weaker)."""

    kind: str
    a: str
    b: str

    @property
    def key(self) -> str:
        return f"{self.a}-{self.b}"


@dataclass(frozen=True)
class Plan:
    """Everything that decides the figures of a balance run."""

    game_ref: str
    variants: tuple[Variant, ...]
    players: tuple[str, ...]
    games: int = 100
    ci: float | None = None
    seed: int = 1
    max_plies: int = DEFAULT_MAX_PLIES
    sprt: Sprt = field(default_factory=Sprt)
    kernel: str = "fast"

    def pairings(self) -> list[Pairing]:
        """Self-play for every level, then the ladder (see the module rulings)."""
        selfplay = [Pairing("self", p, p) for p in self.players]
        steps = zip(self.players, self.players[1:], strict=False)
        ladder = [Pairing("ladder", b, a) for a, b in steps]
        return selfplay + ladder


@dataclass(frozen=True)
class Task:
    """One game to play: everything a worker needs, picklable."""

    game_ref: str
    options: tuple[tuple[str, Any], ...]
    seats: tuple[str, str]
    seed: str
    max_plies: int
    index: int
    kernel: str = "fast"


def plan_for(game_ref: str, base_options: Iterable[str], variant_texts: str | None,
             players: str, **kw: Any) -> Plan:
    """A checked Plan from the CLI's texts: UsageError (one line) on any bad part."""
    game = get_game(game_ref)
    if game.rules is None:
        raise UsageError(f"{game.name} has no rules engine, so it cannot be played; balance "
                         "plays the built-in games and game files with [rules]", input=game_ref)
    base = list(base_options)
    texts = [t.strip() for t in variant_texts.split(";")] if variant_texts else [""]
    variants = []
    for text in texts:
        extra = [x.strip() for x in text.split(",") if x.strip()]
        _once_each(game, extra, text)
        opts = game.options(game.parse_options(base + extra))
        variants.append(Variant(text or ",".join(base) or "default", tuple(sorted(opts.items()))))
    if len({v.options for v in variants}) < len(variants):
        raise UsageError("two --variants give the same options; give each once",
                         input=variant_texts or "")
    levels = tuple(make_player(p).spec for p in players.split(",") if p.strip())
    if not levels or len(set(levels)) < len(levels):
        raise UsageError("--levels needs one or more different levels, e.g. random,mcts:100",
                         input=players)
    ref = str(game.source) if game.source is not None else game.name
    kernel = kw.pop("kernel", None) or _default_kernel(ref, variants)
    if kernel not in KERNELS:
        raise UsageError(f"--kernel {kernel!r} is not one of {', '.join(KERNELS)}", input=kernel)
    for v in variants:  # fails here, in one line, where the kernel does not apply
        setup(ref, v.options, kernel)
    return Plan(ref, tuple(variants), levels, kernel=kernel, **kw)


def _once_each(game: GameSpec, texts: list[str], variant: str) -> None:
    """UsageError where one variant gives an option twice."""
    seen: set[str] = set()
    for text in texts:
        (key,) = game.parse_options([text])
        if key in seen:
            raise UsageError(f"--variants {variant!r} gives {key} twice; give each option "
                             "once in a variant (';' separates variants)", input=variant)
        seen.add(key)


def _default_kernel(game_ref: str, variants: list[Variant]) -> str:
    """numba where it is installed and has a kernel for every variant, else fast."""
    if not numba_available():
        return "fast"
    try:
        for v in variants:
            setup(game_ref, v.options, "numba")
    except UsageError:
        return "fast"
    return "numba"


def kernel_named(name: str, game: GameSpec, board: Any) -> Kernel:
    """The kernel a plan names: numba (compiled, where the game has one), fast (the
    pure-Python kernel, else the reference) or reference (the rules engine)."""
    if name == "numba":
        return numba_kernel_for(game, board)
    return kernel_for(game, board, fast=name == "fast")


#: setup's cache, one per thread: a kernel keeps scratch arrays that two games played at
#: once in two threads (a Dask worker's) would share
_SETUPS = threading.local()


def setup(game_ref: str, options: tuple[tuple[str, Any], ...],
          kernel: str = "fast") -> tuple[GameSpec, Any, Kernel, Position]:
    """The game, board, kernel and starting position for a game and its options (cached
    per thread, so a worker builds each board once and a thread's kernel is its own)."""
    cache: dict[tuple[str, tuple[tuple[str, Any], ...], str],
                tuple[GameSpec, Any, Kernel, Position]] = _SETUPS.__dict__.setdefault("cache", {})
    key = (game_ref, options, kernel)
    if key not in cache:
        cache[key] = _setup(game_ref, options, kernel)
    return cache[key]


def _setup(game_ref: str, options: tuple[tuple[str, Any], ...],
           kernel: str) -> tuple[GameSpec, Any, Kernel, Position]:
    game = get_game(game_ref)
    opts = game.options(dict(options))
    board = game.board(opts, None)
    start = game.setup_position or load_layout(setup_path(game.name)).position
    return game, board, kernel_named(kernel, game, board), start.with_(options=opts)


@functools.lru_cache(maxsize=32)
def _player(spec: str) -> Player:
    return make_player(spec)


def play_game(task: Task) -> dict[str, Any]:
    """Play one game; its record (plain JSON values: see record_keys in the report).
    Random against random plays in one call where the kernel can (PlaysRandomGames),
    else ply by ply (play_plies); both tally the same things."""
    game, board, kernel, start = setup(task.game_ref, task.options, task.kernel)
    players = [_player(s) for s in task.seats]
    rng = random.Random(task.seed)
    state = kernel.from_position(start)
    first = seat_to_move(kernel, state)  # the kernel's seat that moves first: our seat 0
    seats = kernel.seats(state)  # before the first change of sides
    if isinstance(kernel, PlaysRandomGames) and all(isinstance(p, RandomPlayer)
                                                    for p in players):
        tally = kernel.random_game(state, rng, task.max_plies, OPENING_PLIES)
    else:
        tally = play_plies(kernel, state, players, rng, task.max_plies)
    result = tally.result
    winner = None if result == DRAW else int(kernel.seats(state)[result] != first)
    swap = None if tally.swap_side is None else int(seats[tally.swap_side] != first)
    return {"index": task.index, "seed": task.seed, "result": result, "plies": tally.plies,
            "capped": tally.capped, "winner_seat": winner, "branch": tally.branch,
            "branch_max": tally.branch_max, "decisions": tally.decisions,
            "opening": opening(kernel, start, tally.codes, game, board), "swap": swap}


def play_plies(kernel: Kernel, state: Any, players: list[Player], rng: random.Random,
               max_plies: int, keep: int = OPENING_PLIES) -> GameTally:
    """Play a game ply by ply, each player choosing in its seat; its tally (keeping the
    first `keep` codes)."""
    first = seat_to_move(kernel, state)
    branch = branch_max = decisions = plies = 0
    codes: list[Hashable] = []
    swap_side: int | None = None
    while True:
        result = kernel.result(state)
        if result is not None:
            return GameTally(result, plies, False, branch, branch_max, decisions, codes,
                             swap_side)
        moves = kernel.legal(state)
        if not moves or plies >= max_plies:
            return GameTally(kernel.adjudicate(state), plies, bool(moves), branch,
                             branch_max, decisions, codes, swap_side)
        branch += len(moves)
        branch_max = max(branch_max, len(moves))
        decisions += len(moves) > 1
        mover = int(seat_to_move(kernel, state) != first)
        seats, side = kernel.seats(state), kernel.to_move(state)
        code = players[mover].choose(kernel, state, moves, rng, max_plies - plies)
        if plies < keep:
            codes.append(code)
        kernel.apply(state, code)
        if swap_side is None and kernel.seats(state) != seats:
            swap_side = side  # the first change of sides: whose move made it
        plies += 1


def opening(kernel: Kernel, start: Position, codes: list[Hashable], game: GameSpec,
            board: Any) -> list[str]:
    """The first OPENING_PLIES codes of a game from start, in the game's notation."""
    state = kernel.from_position(start)
    out = []
    for code in codes[:OPENING_PLIES]:
        out.append(format_move(game, board, kernel.move_of(state, code)))
        kernel.apply(state, code)
    return out


# ----------------------------------------------------------------------------- executors

Executor = Callable[[list[Task]], Iterator[dict[str, Any]]]


def in_process(tasks: list[Task]) -> Iterator[dict[str, Any]]:
    """Play the games here, one after another."""
    for t in tasks:
        yield play_game(t)


class LocalPool:
    """The project's own worker processes (printables.pool.OwnedPool)."""

    def __init__(self, workers: int) -> None:
        self.pool = OwnedPool(play_game, workers)

    def __enter__(self) -> LocalPool:
        self.pool.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.pool.__exit__(*exc)

    def __call__(self, tasks: list[Task]) -> Iterator[dict[str, Any]]:
        for _, record in self.pool.imap_unordered(tasks):
            yield record


# ----------------------------------------------------------------------------- streams

class Stop:
    """A stopping rule fed one record at a time in index order; True means stop here."""

    def __init__(self, plan: Plan, pairing: Pairing) -> None:
        self.plan, self.pairing = plan, pairing
        self.n = 0
        self.score = 0.0  # first seat's score (self-play) or the stronger level's (ladder)
        self.wins = self.losses = 0

    def feed(self, record: dict[str, Any]) -> bool:
        self.n += 1
        seat = record["winner_seat"]
        mine = 0 if self.pairing.kind == "self" or record["index"] % 2 == 0 else 1
        if seat is None:
            self.score += 0.5
        elif seat == mine:
            self.score, self.wins = self.score + 1, self.wins + 1
        else:
            self.losses += 1
        if self.n < MIN_GAMES:
            return False
        if self.pairing.kind == "ladder":
            return self.plan.sprt.verdict(self.wins, self.losses) is not None
        return self.plan.ci is not None and halfwidth(self.score, self.n) <= self.plan.ci

    def cap(self) -> int:
        """The most games this pairing may play."""
        if self.plan.ci is None:
            return self.plan.games
        return MAX_CI_GAMES if self.pairing.kind == "self" else LADDER_CAP_CI


def tasks_for(plan: Plan, variant: Variant, pairing: Pairing, start: int,
              stop: int) -> list[Task]:
    """Games start..stop-1 of one stream."""
    out = []
    for i in range(start, stop):
        seats = (pairing.a, pairing.b) if i % 2 == 0 else (pairing.b, pairing.a)
        out.append(Task(plan.game_ref, variant.options, seats,
                        f"{plan.seed}/{variant.label}/{pairing.kind}/{pairing.key}/{i}",
                        plan.max_plies, i, plan.kernel))
    return out


Progress = Callable[[dict[str, Any]], None]


def play_stream(plan: Plan, variant: Variant, pairing: Pairing, run: Executor,
                chunk: int, progress: Progress | None = None) -> list[dict[str, Any]]:
    """The records of one stream up to its stopping point, in index order."""
    stop = Stop(plan, pairing)
    cap = stop.cap()
    sequential = plan.ci is not None or pairing.kind == "ladder"
    done: list[dict[str, Any]] = []
    running = Stop(plan, pairing)  # the figures so far, in arrival order, for progress only
    started = time.monotonic()
    while len(done) < cap:
        end = min(cap, len(done) + chunk) if sequential else cap
        got: dict[int, dict[str, Any]] = {}
        for record in run(tasks_for(plan, variant, pairing, len(done), end)):
            got[record["index"]] = record
            running.feed(record)
            if progress:
                progress({"variant": variant.label, "pairing": pairing.key, "kind":
                          pairing.kind, "done": running.n, "cap": cap, "plies": record["plies"],
                          "seconds": time.monotonic() - started, "score": running.score})
        for i in range(len(done), end):
            done.append(got[i])
            if stop.feed(got[i]):
                return done
    return done


def run_plan(plan: Plan, run: Executor, chunk: int,
             progress: Progress | None = None) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Every stream's records, by (variant label, pairing key), in plan order."""
    out = {}
    for variant in plan.variants:
        for pairing in plan.pairings():
            out[(variant.label, pairing.key)] = play_stream(plan, variant, pairing, run,
                                                            chunk, progress)
    return out


def default_workers() -> int:
    """Local worker processes by default: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)
