"""What a booklet writes for itself from a game file's [rules], and how it meets what the
designer wrote: the generated sections fill in those the designer's Markdown lacks (the
designer's words win; "Playing a turn", "Moving" and "Capturing" go together: a designer
who writes one of them writes the turn), and the examples the engine found (rules_examples)
follow the designer's own, for the mechanisms those do not show, whenever the turn's
sections are generated. Each found example is a position file's text, checked like any
example before it is printed; `draft_files` writes them and the Markdown for the designer.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from printables.errors import CheckFailedError
from printables.games import GameSpec
from printables.positions import Layout, check_layout, format_move, load_layout_text
from printables.products.booklet import markup
from printables.products.booklet import prose_templates as P
from printables.products.booklet.examples import Example, example_of, side_name
from printables.products.booklet.prose_sections import explained, markdown, write
from printables.products.booklet.rules_examples import Found, found_examples, shown_by
from printables.products.booklet.rules_prose import (
    Line,
    Words,
    Written,
    join,
    number,
    ruleset_of,
)

Blocks = tuple[markup.Block, ...]
Sections = tuple[markup.Section, ...]
#: A rules text as the booklet reads it: (title, the blocks before the first section, sections)
Authored = tuple[str, Blocks, Sections]


def samples(game: GameSpec, found: list[Found]) -> dict[str, str]:
    """Moves the engine played, by notation kind, for the Notation section's examples."""
    out: dict[str, str] = {}
    board = game.board()
    for f in found:
        if not f.legal:
            continue
        kind = "place" if f.move.drop else ("then_place" if f.move.place else "move")
        out.setdefault(kind, format_move(game, board, f.move))
    return out


def merged(game: GameSpec, authored: Authored | None,
           written: tuple[Written, ...]) -> tuple[str, Blocks, Sections, bool]:
    """(title, intro, sections, whether the turn is generated): the designer's sections,
    with each generated one they lack put where the booklet's order puts it."""
    title, intro, sections = authored or (game.title, (), ())
    have = {s.title.strip().lower() for s in sections}
    out = list(sections)
    order = [t.lower() for t in P.SECTIONS]
    turn_written = not have & set(P.TOGETHER)
    for sec in written:
        key = sec.title.lower()
        if key in have or (key in P.TOGETHER and not turn_written):
            continue
        later = next((i for i, s in enumerate(out) if s.title.strip().lower() in order
                      and order.index(s.title.strip().lower()) > order.index(key)), None)
        out.insert(len(out) if later is None else later, as_section(sec))
    return title, intro, tuple(out), turn_written and bool(written)


def as_section(sec: Written) -> markup.Section:
    """A generated section as the booklet's Markdown blocks."""
    return markup.Section(sec.title, tuple(markup.Block(line.kind, line.text)
                                           for line in sec.lines))


def found_for(game: GameSpec, designer: tuple[Example, ...],
              options: Mapping[str, Any] | None = None) -> list[Found]:
    """The engine's examples for the mechanisms the designer's examples do not show."""
    shown = shown_by(game, [(e.position, e.move) for e in designer if e.move is not None],
                     options)
    found = found_examples(game, options, shown)
    first: dict[tuple[Any, ...], int] = {}
    out: list[Found] = []
    for f in found:  # one example may show two mechanisms: print it once, titled by the
        key = (f.position, f.move)  # later (more particular) one, where the first stood
        if key in first:
            if rank(f) > rank(out[first[key]]):
                out[first[key]] = f
        else:
            first[key] = len(out)
            out.append(f)
    return out


def rank(f: Found) -> int:
    """How particular a mechanism is, for the title of an example that shows two: a plain
    place or move least, then the player with no move, then the rest."""
    if f.mechanism.kind in ("place", "move"):
        return 0
    return 1 if f.mechanism.key == "win.no_move" else 2


def example_name(i: int, f: Found) -> str:
    """The file name of a found example: its place and its mechanism."""
    return f"found-{i:02d}-{f.mechanism.key.replace('.', '-').replace('_', '-')}.toml"


def found_texts(game: GameSpec, found: list[Found], folder: Path,
                game_file: Path | None = None) -> list[tuple[Path, str]]:
    """(path, position file text) of each found example, as if in folder, naming the game
    file (default: the game's own) relative to it."""
    game_file = game_file or game.source
    assert game_file is not None
    written = write(game, None, samples(game, found))
    ref = Path(os.path.relpath(Path(game_file).absolute(), folder.absolute())).as_posix()
    return [(folder / example_name(i, f), example_text(game, f, written, ref))
            for i, f in enumerate(found, 1)]


def explanation(f: Found, written: tuple[Written, ...]) -> str:
    """The generated sentence of the rule an example shows (its explain line): of the lines
    naming the mechanism's entry, the one that says the most of its keys."""
    m = f.mechanism
    key = m.source.split()[-1] if m.kind == "forbid" else ""
    lines = [line for sec in written for line in sec.lines if not line.text.startswith("**")]

    def said(line: Line) -> int:
        if m.kind == "forbid":
            hit = any(s.startswith(m.source) or (key in s.split(": ")[-1].split(", ")
                                                 and s.startswith("[[rules."))
                      for s in line.sources)
            return int(hit)
        return max((len(s.split(", ")) for s in line.sources
                    if s == m.source or s.startswith(m.source + ":")), default=0)
    best = max(lines, key=said, default=None)
    return best.text if best is not None and said(best) else ""


def example_text(game: GameSpec, f: Found, written: tuple[Written, ...], ref: str) -> str:
    """A found example as a position file."""
    board = game.board()
    pos = f.position
    title = example_title(game, f)
    lines = [f"# Found by printables in its own game {f.game + 1}, move {f.ply + 1}; it "
             f"shows {f.mechanism.source}.",
             "# Keep it, edit it or delete it: the booklet prints it after your own examples.",
             f"game = {quote(ref)}", f"title = {quote(title)}", f"to_move = {quote(pos.to_move)}",
             f"explain = {quote(explanation(f, written).replace('**In short:** ', ''))}"]
    by_side: dict[str, dict[str, list[str]]] = {}
    for name in board.names:
        p = pos.pieces.get(name)
        if p is not None:
            by_side.setdefault(p.side, {}).setdefault(p.kind, []).append(name)
    for side, kinds in by_side.items():
        lines += ["", f"[pieces.{side}]"] + [f"{k} = [{', '.join(quote(n) for n in v)}]"
                                             for k, v in kinds.items()]
    state = {k: v for k, v in pos.state.items() if k in game.state_types}
    if state:
        lines += ["", "[state]"] + [f"{k} = {str(v).lower()}" for k, v in state.items()]
    lines += check_lines(game, f)
    return "\n".join(lines) + "\n"


def check_lines(game: GameSpec, f: Found) -> list[str]:
    """The [[check]] tables: the move shown (and for a forbidden one, a move allowed)."""
    rules, board = game.rules, game.board()
    assert rules is not None
    out = ["", "[[check]]", f"move = {quote(format_move(game, board, f.move))}",
           f"legal = {str(f.legal).lower()}"]
    if f.legal:
        after = rules.play(board, f.position, f.move)
        win = rules.winner(board, after.position)
        out.append(f"winner = {quote(win or 'none')}")
        if after.captures:
            out.append(f"captures = [{', '.join(quote(c) for c in sorted(after.captures))}]")
        return out
    allowed = rules.legal_moves(board, f.position)
    if allowed:
        out += ["", "[[check]]", f"move = {quote(format_move(game, board, allowed[0]))}",
                "legal = true"]
    return out


def example_title(game: GameSpec, f: Found) -> str:
    """The title of a found example, from prose_templates.TITLES."""
    m, pos, rule = f.mechanism, f.position, f.mechanism.rule
    side = side_name(pos.to_move)
    piece = pos.pieces.get(f.move.origin)
    kind = piece.kind if piece is not None and not f.move.drop else (
        dict(ruleset_of(game).placed_kind).get(pos.to_move, "piece")  # type: ignore[union-attr]
        if m.kind == "place" else "piece")
    what = ""
    if m.kind == "capture":
        what = WHAT_CAPTURE.get(rule.type, rule.type)
    elif m.kind == "win":
        what = win_what(rule)
    elif m.kind == "forbid":
        what = WHAT_FORBID.get(m.source.split()[-1], m.source)
    verb = {"step": "steps", "slide": "slides", "leap": "leaps", "hop": "hops"}.get(
        getattr(rule, "type", ""), "moves")
    opts = game.options(None)
    words = Words(game, ruleset_of(game, opts), opts)  # type: ignore[arg-type]
    return P.TITLES[m.kind].format(side=side, piece=words.word(kind), verb=verb, what=what,
                                   to=words.word(getattr(rule, "to", "") or ""))


#: What a capture or a forbidden move of each kind shows, for titles.
WHAT_CAPTURE = {"custodial": "an enemy piece caught between two", "surround":
                "a surrounded piece", "outflank": "enemy pieces turn over", "line":
                "a new row takes a piece"}
WHAT_FORBID = {"must_capture": "a move that does not capture", "toward":
               "a step the wrong way", "required": "a move that turns nothing over",
               "gravity": "a piece that would float", "on": "a piece where it may not go",
               "no_entry": "a space no piece may enter", "max_group": "too big a group",
               "friendly_neighbours": "too many friendly neighbours"}


def win_what(rule: Any) -> str:
    """A win condition in a few words, for a title."""
    if rule is None:
        return "the opponent cannot move"
    c = rule.condition
    if c == "line":
        return f"{number(rule.line)} in a row"
    words = {"connect": "a chain joins the edges" if rule.connect == "edges"
             else "a chain joins the goals",
             "reach": f"a piece reaches {join([P.PLACES.get(w, w) for w in rule.reach], 'or')}",
             "opponent_at_most": "the opponent is down to its last pieces" if
             rule.opponent_at_most else "the last enemy piece is taken",
             "capture": f"the {rule.capture} is taken"}
    return str(words.get(c, c))


def quote(text: str) -> str:
    """A TOML string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def found_layouts(game: GameSpec, found: list[Found]) -> list[tuple[Path, Layout]]:
    """The found examples read back as position files and checked (a failing check is an
    error naming the example: the booklet never prints an unchecked example)."""
    assert game.source is not None
    out = []  # said to lie beside the game file (a folder that may not exist cannot be read)
    for path, text in found_texts(game, found, game.source.parent):
        layout = load_layout_text(text, str(path))
        bad = next((r for r in check_layout(layout) if not r.ok), None)
        if bad is not None:
            raise CheckFailedError(f"a found example's check {bad.number} fails: {bad.reason}",
                                   file=str(path))
        out.append((path, layout))
    return out


def draft_files(game: GameSpec, text: Path, folder: Path, game_file: Path | None = None
                ) -> dict[Path, bytes]:
    """The generated rules text (at text) and the found examples (in folder, naming
    game_file, default the game's own), for the designer to edit: what `rules-text -o`
    and `export` write."""
    found = found_for(game, ())
    written = write(game, None, samples(game, found))
    out = {text: markdown(game, written).encode("utf-8")}
    for path, example in found_texts(game, found, folder, game_file):
        out[path] = example.encode("utf-8")
    return out


def explain_text(game: GameSpec) -> str:
    """`--explain-text`: every generated line beside the rule keys it says back."""
    return explained(write(game, None, samples(game, found_for(game, ()))))


def with_generated(game: GameSpec, options: Mapping[str, Any], variant: Mapping[str, Any],
                   authored: Authored,
                   designer: tuple[Example, ...]
                   ) -> tuple[Blocks, Sections, tuple[Example, ...]]:
    """(intro, sections, found examples) of a [rules] game's booklet: the designer's text
    (none when the game file names none) with the generated sections it lacks, and, when
    the turn is generated, the engine's examples after the designer's (for the standard
    game only: a variant's booklet keeps the designer's examples that hold on it)."""
    have = authored if authored[2] or authored[1] else None
    plain = merged(game, have, write(game, options, {}))
    needs = plain[3] or "notation" not in {s.title.strip().lower() for s in authored[2]}
    found = found_for(game, designer) if needs and not variant else []
    _, intro, sections, turn = merged(game, have, write(game, options, samples(game, found)))
    if not turn or not found:
        return intro, sections, ()
    return intro, sections, tuple(example_of(game, path, layout)
                                  for path, layout in found_layouts(game, found))


def generated_markdown(game: GameSpec) -> str:
    """The whole generated rules text of a [rules] game, as Markdown."""
    return markdown(game, write(game, None, samples(game, found_for(game, ()))))
