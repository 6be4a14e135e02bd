"""Every printed example caption, re-derived from the rules engine: the side named, the
spaces captured, claimed, lost and turned over, the tallies (pentagons held, passes, a
lone general's moves), the pieces in hand, the number of legal moves and who has won are
read back out of the caption text and compared with what the engine says. Every number the
generated caption prints must be one of those; every caption states a result; the file's
own words (title, explain) may not contradict the engine nor repeat the other sentences."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from printables.errors import CheckFailedError
from printables.games import GAMES, first_problem
from printables.positions import load_layout
from printables.products.booklet.examples import (
    example_paths,
    featured,
    load_examples,
    reserve_counts,
    side_name,
)

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def all_examples():
    for game in GAMES.values():
        for ex in load_examples(game, LAYOUTS):
            yield game, ex


EXAMPLES = list(all_examples())
IDS = [f"{g.name}-{Path(e.path).stem}" for g, e in EXAMPLES]


def spaces(text: str) -> set[str]:
    """'a2, b4 and c5' -> {'a2', 'b4', 'c5'}."""
    return {s for s in re.split(r", | and ", text.strip()) if s}


class Reader:
    """A caption being read: each recognised phrase is consumed, so the numbers left over
    are the ones no check has compared."""

    def __init__(self, text: str) -> None:
        self.text = text

    def take(self, pattern: str) -> re.Match | None:
        m = re.search(pattern, self.text)
        if m:
            self.text = self.text[:m.start()] + " " + self.text[m.end():]
        return m


def engine_facts(game, ex):
    """What the engine says of an example, computed here without the caption code."""
    layout = load_layout(Path(ex.path))
    pos = layout.position
    board = layout.board or game.board(pos.options)
    check = featured(layout.checks)
    facts = {"pos": pos, "board": board, "after": pos, "legal": True, "taken": set(),
             "claims": set(), "move": None if check is None else check.move}
    if check is not None:
        facts["legal"] = check.move in game.rules.legal_moves(board, pos)
        if facts["legal"]:
            out = game.rules.play(board, pos, check.move)
            facts["after"] = out.position
            got = set(out.captures)
            facts["claims"] = {s for s in got if s in out.position.markers}
            facts["taken"] = got - facts["claims"]
    facts["problem"] = first_problem(game.rules, board, pos) if check is None else None
    return facts


def test_there_are_seventy_examples_and_all_are_checked():
    assert len(EXAMPLES) >= 70
    assert all(ex.checked for _, ex in EXAMPLES)


@pytest.mark.parametrize("game, ex", EXAMPLES, ids=IDS)
def test_caption_agrees_with_the_engine(game, ex):
    f = engine_facts(game, ex)
    pos, after, board = f["pos"], f["after"], f["board"]
    r = Reader(ex.outcome + " " + ex.hand)
    who = side_name(pos.to_move)
    if f["problem"] is not None:
        assert r.take(r"^This position cannot arise in a game: [^.]*\.")
        r.take(re.escape(f["problem"]))
    else:
        move = r"(?:.+?)(?=, capturing|, claiming|, losing| and |\.(?: |$)|:)"
        opener = r.take(rf"^(\w+) (plays {move}|passes|swaps colours|may not (?:play {move}"
                        r"|pass|swap)|to move|is to move and has (no|one) legal moves?)")
        assert opener, ex.outcome
        assert opener[1] == who
        assert ("may not" in opener[2]) == (not f["legal"])
        if opener[3]:
            assert len(game.rules.legal_moves(board, pos)) == (0 if opener[3] == "no" else 1)
    cap = r.take(r"capturing (.+?)(?: \(([^)]*)\))?(?=, and the |, claiming |, losing |\.)")
    assert (spaces(cap[1]) if cap else set()) == f["taken"], ex.outcome
    if cap and cap[2]:  # a piece of the mover's that turned over and was then taken
        own = spaces(cap[2].split(" was")[0].split(" were")[0])
        assert own <= f["taken"]
        assert all(pos.pieces[s].side == pos.to_move for s in own)
    claim = r.take(r"claiming (.+?)(?=, and the |, losing |\.)")
    assert (spaces(claim[1]) if claim else set()) == f["claims"], ex.outcome
    lost = r.take(r"losing its own pieces? on (.+?)(?=, and the |\.)")
    if lost:
        gone = spaces(lost[1])
        assert not gone & f["taken"], "a piece is counted as captured and as lost"
        assert all(s not in after.pieces or after.pieces[s].side != pos.to_move for s in gone)
    for m in re.finditer(r"the pieces? on ([^.]+?) turns? over to (\w+)", ex.outcome):
        for s in spaces(m[1]):
            was = pos.pieces[s] if s in pos.pieces else pos.pieces[f["move"].origin]
            assert side_name(after.pieces[s].side) == m[2] and was.side != after.pieces[s].side
    r.take(r"(?:, )?(?:and )?the pieces? on [^.]+? turns? over to \w+")
    if r.take(r" and captures nothing"):
        assert not f["taken"] and not f["claims"]
    tally_checks(game, r, after if f["problem"] is None else pos)
    winner_check(game, r, board, after, f)
    hand_check(game, r, pos)
    left = re.findall(r"(?<![A-Za-z0-9])\d+(?![A-Za-z0-9])", r.text)
    assert left == [], f"numbers no check compared: {left} in {r.text!r}"


def tally_checks(game, r: Reader, pos) -> None:
    """Pentagons held, passes in a row, a lone general's moves."""
    held = {s: sum(1 for o in pos.markers.values() if o == s) for s in game.sides}
    if m := r.take(r"Black holds (none|\d+)(?: pentagons?)?, White (none|\d+)(?: pentagons?)?\."):
        assert [0 if v == "none" else int(v) for v in m.groups()] == [held["black"],
                                                                     held["white"]]
    if m := r.take(r"Black and White hold (\d+) pentagons? each\."):
        assert held["black"] == held["white"] == int(m[1])
    if r.take(r"Neither player holds a pentagon yet\."):
        assert set(held.values()) == {0}
    passes = int(pos.state.get("passes", 0) or 0)
    if m := r.take(r"(\w+) passed last turn\."):
        assert passes == 1 and side_name(game.sides[(game.sides.index(pos.to_move) - 1) % 2]) \
            == m[1]
    if r.take(r"Both players have passed, one after the other\."):
        assert passes >= 2
    if m := r.take(r"down to their general: of the (\d+) moves it must survive, "
                   r"(none|\d+) ha(?:s|ve) been played(?: yet)?\."):
        assert int(m[1]) == 20
        assert (0 if m[2] == "none" else int(m[2])) == pos.state.get("lone_general_moves", 0)


def winner_check(game, r: Reader, board, after, f) -> None:
    """Every caption states a result: who has won (or nobody yet), a refused move, or a
    position that cannot arise."""
    if f["problem"] is not None or not f["legal"]:
        assert f["problem"] is not None or r.take(r": the rules do not allow it\.")
        return
    won = game.rules.winner(board, after) or "none"
    m = r.take(r"(Nobody has won(?: yet)?|The game is drawn|(\w+) (?:wins|has won))\.")
    assert m, f"no result in {r.text!r}"
    said = "none" if m[1].startswith("Nobody") else "draw" if "drawn" in m[1] else m[2].lower()
    assert said == won


def hand_check(game, r: Reader, pos) -> None:
    """'In hand: Black 25 pieces, White none.' against the pieces not on the board."""
    m = r.take(r"In hand: (.*)\.$")
    if not m:
        return
    counts: dict[str, int] = {}
    for side, kind, _, n in reserve_counts(game, pos):
        if kind in ("piece", "stone", "counter"):
            counts[side] = counts.get(side, 0) + n
    for part in m[1].split(", "):
        side, said = part.split(" ", 1)
        n = 0 if said == "none" else int(said.split()[0])
        assert counts[side.lower()] == n, (part, counts)


def test_every_caption_states_a_result():
    results = ("wins.", "has won.", "Nobody has won", "The game is drawn.",
               "the rules do not allow it.", "cannot arise in a game")
    missing = [Path(e.path).stem for _, e in EXAMPLES if not any(t in e.outcome for t in results)]
    assert missing == []


def test_no_pass_captures_nothing_and_no_piece_is_counted_twice():
    outcomes = [e.outcome for _, e in EXAMPLES]
    assert not [o for o in outcomes if "passes and captures nothing" in o]
    twice = [o for o in outcomes if (c := re.search(r"capturing ([^,.(]+)", o))
             and (lo := re.search(r"losing its own pieces? on ([^,.]+)", o))
             and spaces(c[1]) & spaces(lo[1])]
    assert twice == []


def five_words(text: str) -> set[str]:
    words = [w.strip(".,;:").lower() for w in text.split()]
    return {" ".join(words[i:i + 5]) for i in range(len(words) - 4)}


def test_the_files_own_words_do_not_repeat_the_title_or_the_generated_caption():
    repeats = {}
    for _, e in EXAMPLES:
        for name, a in (("title", e.title), ("outcome", e.outcome), ("note", e.note)):
            same = five_words(a) & five_words(e.explain)
            if same:
                repeats[(Path(e.path).stem, name)] = sorted(same)[0]
    assert repeats == {}


@pytest.mark.parametrize("name, key, false_text", [
    ("variant-target-twelve", "explain",
     "Black now holds ten pentagons, which wins only in the standard game."),
    ("two-passes-draw", "explain",
     "White passed last turn as well and both players hold the same number of pentagons."),
    ("variant-target-twelve", "title", "Playing to twelve: ten pentagons do not win yet"),
    ("win-ten-pentagons", "title", "Black claims a tenth pentagon and White wins"),
    ("two-passes-end", "explain", "White passes and has won the game."),
])
def test_a_caption_the_engine_contradicts_is_refused(tmp_path, name, key, false_text):
    folder = tmp_path / "evl"
    shutil.copytree(LAYOUTS / "evl", folder)
    path = folder / f"{name}.toml"
    text = re.sub(rf'^{key} = ".*"$', f'{key} = "{false_text}"', path.read_text(), count=1,
                  flags=re.M)
    path.write_text(text)
    with pytest.raises(CheckFailedError, match=f"{name}.toml.*not true by the rules engine"):
        load_examples(GAMES["evl"], tmp_path)


def test_every_example_file_is_in_the_booklet():
    paths = {Path(p).name for g in GAMES.values() for p in example_paths(g, LAYOUTS)}
    assert len(paths) == len(EXAMPLES)
