"""The sections of a rules text written from a game file's [rules] (see rules_prose for the
words): one writer per section, each line from one template and naming the rule keys it
says back; `write` gives every section, `markdown` the file a designer edits, `explained`
each line beside its keys.

Which sentences appear is decided by the keys alone: a section whose mechanisms the rules
do not declare is left out (a game whose pieces never move has no Moving section; its turn
says so), and a key at its default is said only where a player needs it (passing, the
player with no move).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printables.games import GameSpec
from printables.games.model import byline
from printables.games.rules.vocabulary import MoveRule, PlaceRule, WinRule
from printables.products.booklet import prose_templates as P
from printables.products.booklet.examples import side_name
from printables.products.booklet.rules_prose import (
    Line,
    Words,
    Written,
    article,
    join,
    nth,
    number,
    plural,
    ruleset_of,
    source,
)

Samples = Mapping[str, str]


def _line(text: str, *sources: str, kind: str = "para") -> Line:
    return Line(kind, text, tuple(sources))


def overview(w: Words, samples: Samples) -> list[Line]:
    """Who plays, and the aim in one sentence."""
    g = w.game
    lines = [_line(w.fill("game.sides", title=g.title, count=number(len(w.rules.sides)),
                          sides=w.sides()), "[game] sides")]
    aims = [aim(w, r) for r in w.rules.win if r.result == "wins"]
    if not aims and w.rules.end.no_move == "loses" and w.rules.turn.pass_ == "never":
        aims.append(P.TEMPLATES["game.aim.no_move"])
    if not aims and w.rules.end.all_stuck == "most-pieces" and w.rules.turn.pass_ != "never":
        aims.append(P.TEMPLATES["game.aim.most-pieces"])
    if aims:
        lines.append(_line(w.fill("game.aim", aim=join(sorted(set(aims)), "or")),
                           "[[rules.win]]"))
    return lines


def aim(w: Words, r: WinRule) -> str:
    """A win condition in a few words, for the overview."""
    if r.condition == "line":
        return f"{number(r.line or 0)} of your {w.pieces(r.pieces)} in a straight row"
    if r.condition == "connect":
        return ("a chain of your pieces joining your edges" if r.connect == "edges"
                else "a chain of your pieces joining your goal areas")
    if r.condition == "opponent_at_most":
        return ("take every enemy piece" if r.opponent_at_most == 0
                else f"bring the opponent down to {number(r.opponent_at_most or 0)} pieces")
    if r.condition == "capture":
        return f"take the enemy {r.capture}"
    return f"bring {article(w.piece(r.pieces))} {w.piece(r.pieces)} to {w.where(r.reach)}"


def components(w: Words, samples: Samples) -> list[Line]:
    """The board and each component with its count."""
    files = w.board.data.get("layout", {}).get("files") if isinstance(
        w.board.data.get("layout"), Mapping) else None
    shape = ""
    names = [s.name for s in w.live]
    cols = {n.rstrip("0123456789") for n in names}
    rows = {n[len(n.rstrip("0123456789")):] for n in names}
    if (len(cols) * len(rows) == len(names) and all(r for r in rows)
            and "ring" not in w.board.relations):
        shape = f", {number(files or len(cols))} across and {number(len(rows))} up"
    out = [_line(w.fill("board", n=number(len(names)), shape=shape),
                 "[board]", kind="bullet")]
    for c in w.comps:
        key = "component.back" if c.back else "component"
        label = c.label if c.count == 1 or "," in c.label else " ".join(
            c.label.split()[:-1] + [plural(c.label.split()[-1])])
        out.append(_line(w.fill(key, n=c.count, label=label, back=c.back or ""),
                         f"[[component]] {c.side} {c.kind}", kind="bullet"))
    return out


def setup(w: Words, samples: Samples) -> list[Line]:
    """Where the pieces start, the hand, who moves first."""
    pos = w.game.setup_position
    out = []
    if pos is None or not pos.pieces:
        out.append(_line(w.fill("setup.empty"), "[setup]"))
    else:
        for side in w.rules.sides:
            mine = sorted((s for s, p in pos.pieces.items() if p.side == side),
                          key=w.board.names.index if hasattr(w.board, "names") else str)
            kinds = sorted({w.word(pos.pieces[s].kind) for s in mine})
            if mine:
                out.append(_line(w.fill("setup.pieces", side=side_name(side), n=number(len(mine)),
                                        pieces=plural(join(kinds, "or")) if len(mine) > 1
                                        else join(kinds, "or"), spaces=spaces(mine)),
                                 "[setup] pieces"))
    if w.rules.place:
        out.append(_line(w.fill("setup.hand"), "[[rules.place]]"))
    for m in w.rules.move:
        if m.then_place and m.then_place.piece in w.rules.neutral_kinds:
            out.append(_line(w.fill("setup.supply", pieces=plural(m.then_place.piece)),
                             "[[rules.move]] then_place"))
            break
    first = w.rules.first or w.rules.sides[0]
    out.append(_line(w.fill("game.first", side=side_name(first)), "[game] first"))
    return out


def spaces(names: list[str]) -> str:
    """Spaces as code words, the first and last few when there are many."""
    quoted = [f"`{n}`" for n in names]
    return join(quoted) if len(quoted) <= 6 else f"{', '.join(quoted[:4])} ... {quoted[-1]}"


def place_action(w: Words, i: int, r: PlaceRule) -> Line:
    """One place rule as a turn's action."""
    piece = w.piece((r.piece,) if r.piece else ())
    keys = ["piece"] if r.piece else []
    if r.gravity:
        text = w.fill("place.gravity", piece=piece, way=r.gravity)
        keys.append("gravity")
    else:
        where = w.where(r.on, empty=True)
        if r.not_on:
            where += f", never on {w.where(r.not_on)}"
            keys.append("not_on")
        if r.friendly_neighbours:
            fn = r.friendly_neighbours
            where = w.fill("place.friendly_neighbours", where=where, n=number(fn.count),
                           how=w.joined(fn.along))
            keys.append("friendly_neighbours")
        keys += ["on"] if r.on else []
        text = w.fill("place", piece=piece, where=where)
    return _line(w.only(r.guard.sides, text), source("place", i, r, ", ".join(keys) or
                                                     "(every key at its default)"),
                 kind="bullet")


def move_actions(w: Words) -> list[Line]:
    """The move rules as a turn's actions: one per phase (`when`)."""
    out = []
    for when in dict.fromkeys(r.when for r in w.rules.move):
        rules = [(i, r) for i, r in enumerate(w.rules.move) if r.when == when]
        kinds = tuple(dict.fromkeys(k for _, r in rules for k in r.pieces))
        if any(not r.pieces for _, r in rules):
            kinds = ()
        key = "move" if when == "always" else f"move.when.{when}"
        text = w.fill(key, pieces=w.pieces(kinds))
        out.append(_line(text, *(source("move", i, r, "when" if when != "always" else "type")
                                 for i, r in rules), kind="bullet"))
    return out


def turn(w: Words, samples: Samples) -> list[Line]:
    """What a turn is: the actions, passing, the swap, limits on every move."""
    rules = w.rules
    actions = [place_action(w, i, r) for i, r in enumerate(rules.place)] + move_actions(w)
    out: list[Line] = []
    if len(actions) == 1:
        a = actions[0]
        out.append(_line(w.fill("turn.one", action=a.text), *a.sources))
    else:
        out.append(_line(w.fill("turn.choice"), "[[rules.place]]", "[[rules.move]]"))
        out += [Line("bullet", a.text[:1].upper() + a.text[1:] + ".", a.sources)
                for a in actions]
    if not rules.move:
        out.append(_line(w.fill("move.none"), "no [[rules.move]]"))
    if not (rules.capture or any(captures(r) for r in rules.move)):
        out.append(_line(w.fill("capture.none"), "no [[rules.capture]], no capturing move"))
    out += turn_limits(w)
    said = _line(w.fill("turn.one", action=join([a.text for a in actions], "or")),
                 *(x for a in actions for x in a.sources))
    return out + summary("turn.short", [said] + out[-1:], out)


def turn_limits(w: Words) -> list[Line]:
    """The [rules] keys of the turn: passing, supply, swap, must_capture, no_entry, groups."""
    t, out = w.rules.turn, []
    passing = "when-stuck" if w.rules.end.no_move == "pass" else t.pass_
    out.append(_line(w.fill(f"pass.{passing}"), "[rules] pass"))
    if t.supply == "shared":
        out.append(_line(w.fill("supply.shared"), "[rules] supply"))
    if t.swap:
        on = f"{plural('piece')} stand" if t.swap > 1 else "piece stands"
        out.append(_line(w.fill("swap", n=number(t.swap), pieces_on=on), "[rules] swap"))
    if t.must_capture != "no":
        out.append(_line(w.fill(f"must_capture.{t.must_capture}"), "[rules] must_capture"))
    if t.no_entry:
        out.append(_line(w.fill("no_entry", where=w.where(t.no_entry)), "[rules] no_entry"))
    if t.max_group:
        out.append(_line(w.fill("max_group", n=number(t.max_group.count),
                                how=w.joined(t.max_group.along)), "[rules] max_group"))
    return out


#: A section of more lines than this gets an 'In short' paragraph for the player aid (a
#: shorter one is printed there whole, as book.aid_blocks does).
SHORT = 4


def summary(key: str, lines: list[Line], whole: list[Line]) -> list[Line]:
    """A section's 'In short' paragraph (the player aid prints it): its chosen lines; none
    for a section of SHORT lines or fewer."""
    if len(whole) <= SHORT:
        return []
    text = " ".join(line.text.rstrip(":") + ("" if line.text.endswith(".") else ".")
                    for line in lines)
    srcs = tuple(dict.fromkeys(s for line in lines for s in line.sources))
    return [Line("para", P.TEMPLATES[key].format(summary=text), srcs)]


def captures(r: MoveRule) -> bool:
    """True when a move rule takes pieces (onto an enemy, or a capturing hop)."""
    return "enemy" in r.onto or (r.type == "hop" and r.captures and r.over != "own")


def move_line(w: Words, i: int, r: MoveRule) -> list[Line]:
    """A move rule in sentences: how it goes, where from, chains, then_place."""
    piece = w.piece(r.pieces)
    toward = f" {join([P.TOWARD[d] for d in r.toward], 'or')}" if r.toward else ""
    onto = join([f"an empty {w.noun}" if o == "empty" else f"{article(w.noun)} {w.noun} "
                 "held by an enemy piece" for o in r.onto], "or")
    where = (f", which must be {w.where(r.on)}" if r.on else "") + (
        f", never {w.where(r.not_on)}" if r.not_on else "")
    over = {"enemy": "an enemy piece", "own": "one of your own pieces",
            "any": "any piece"}[r.over]
    fields = dict(piece=piece, toward=toward, onto=onto, where=where, over=over,
                  how=w.how(r.along, line=r.type in ("slide", "leap")),
                  far=(f"up to {number(r.distance)} {plural(w.noun)}" if r.distance
                       else f"any number of {plural(w.noun)}"), n=number(r.distance or 0),
                  takes=", and captures it" if captures(r) else "")
    keys = ["type", "along"] + [k for k, v in (("toward", r.toward), ("onto", r.onto != (
        "empty",)), ("on", r.on), ("not_on", r.not_on), ("distance", r.distance),
        ("pieces", r.pieces)) if v]
    out = [_line(w.only(r.guard.sides, w.fill(f"move.{r.type}", **fields)),
                 source("move", i, r, ", ".join(keys)))]
    if r.from_:
        out.append(_line(w.fill("move.from", piece=piece, where=w.where(r.from_)),
                         source("move", i, r, "from")))
    if r.type == "hop" and r.chain != "no":
        out.append(_line(w.fill(f"move.chain.{r.chain}", piece=piece),
                         source("move", i, r, "chain")))
    if r.then_place:
        tp = r.then_place
        out.append(_line(w.fill("move.then_place", piece=tp.piece, how=w.how(tp.along, True)),
                         source("move", i, r, "then_place")))
    return out


def moving(w: Words, samples: Samples) -> list[Line]:
    """Every move rule, then promotion."""
    out = [x for i, r in enumerate(w.rules.move) for x in move_line(w, i, r)]
    for i, r in enumerate(w.rules.promote):
        out.append(_line(w.fill("promote", piece=w.word(r.piece), to=w.word(r.to),
                                where=w.where(r.zone)),
                         source("promote", i, r, "piece, to, zone")))
        if r.ends_move and any(m.type == "hop" and m.chain != "no" for m in w.rules.move):
            out.append(_line(w.fill("promote.ends_move", where=w.where(r.zone)),
                             source("promote", i, r, "ends_move")))
    if not out:
        return []
    firsts = [out[0]] + [x for x in out[1:] if x.sources[0] != out[0].sources[0]]
    return out + summary("moving.short", firsts[:3], out)


def capturing(w: Words, samples: Samples) -> list[Line]:
    """Captures by moving onto or hopping, then each capture rule."""
    out = []
    for i, r in enumerate(w.rules.move):
        if "enemy" in r.onto:
            out.append(_line(w.fill("capture.onto", piece=w.piece(r.pieces)),
                             source("move", i, r, "onto")))
        elif captures(r) and not any(x.text == w.fill("capture.hop") for x in out):
            out.append(_line(w.fill("capture.hop"), source("move", i, r, "type, captures")))
    for i, c in enumerate(w.rules.capture):
        out += capture_lines(w, i, c)
    if not out:
        return []
    if any(c.type != "outflank" for c in w.rules.capture) or any(captures(r)
                                                                for r in w.rules.move):
        out.append(_line(w.fill("capture.gone"), "[[rules.capture]] / capturing moves"))
    return out + summary("capturing.short", out[:2], out)


def capture_lines(w: Words, i: int, r: Any) -> list[Line]:
    """One capture rule in sentences."""
    placing = "place" in r.after and w.rules.places
    moving_ = "move" in r.after and w.rules.move
    after = join([x for x, y in (("move", moving_), ("placement", placing)) if y], "or")
    acted = join([x for x, y in (("moved", moving_), ("placed", placing)) if y], "or")
    lo, hi = r.run
    run = "" if (lo, hi) == (1, 1) or (lo == 1 and hi > 99) else (
        f" ({number(lo)} of them)" if lo == hi else f" ({number(lo)} to {number(hi)} of them)"
        if hi < 99 else f" ({number(lo)} or more of them)")
    how = w.how(r.along, line=True)
    keys = "type, along" + (", run" if run else "") + (", after" if r.after != (
        "move", "place") else "")
    out = [_line(w.fill(f"capture.{r.type}", after=after or "move", acted=acted or "moved",
                        run=run, how=how, n=number(r.length)), source("capture", i, r, keys))]
    if r.type == "outflank" and r.required:
        out.append(_line(w.fill("capture.outflank.required", action=after or "move"),
                         source("capture", i, r, "required")))
    if r.type == "line" and r.protect_lines:
        out.append(_line(w.fill("capture.line.protect_lines", n=number(r.length)),
                         source("capture", i, r, "protect_lines")))
    if r.hostile:
        out.append(_line(w.fill("capture.hostile", where=w.where(r.hostile)),
                         source("capture", i, r, "hostile")))
    return out


def win_line(w: Words, i: int, r: WinRule) -> Line:
    """One win condition as a bullet."""
    sides = r.guard.sides if r.guard.sides and set(r.guard.sides) < set(w.rules.sides) else ()
    who = w.sides(sides) if sides else "You"
    lose = r.result == "loses"
    verb = ("lose" if lose else "win") if not sides else ("loses" if lose else "wins")
    their = "your" if not sides else f"{w.sides(sides)}'s"
    f: dict[str, Any] = dict(who=who, result=verb, their=their, piece=w.piece(r.pieces))
    keys = [r.condition]
    if r.condition == "line":
        f["n"] = f"exactly {number(r.line or 0)}" if r.exact else f"{number(r.line or 0)} or more"
        f["pieces"] = w.pieces(r.pieces)
        f["how"] = w.how(r.along, line=True)
        f["on"] = (f", every one on {w.where(r.on)}" if r.on else "") + (
            f", beginning and ending on {w.where(r.ends_on)}" if r.ends_on else "")
        keys += ["along"] + [k for k in ("exact", "on", "ends_on") if getattr(r, k)]
        key = "win.line"
    elif r.condition == "connect":
        f["link"] = ("next to the next" if r.link == "adjacent" else "in a straight line "
                     f"{w.how(r.along, line=True)} with the next and nothing between them")
        edges = dict(w.rules.edges)
        f["edges"] = "; ".join(f"{side_name(s)}: {join(list(edges.get(s, ())))}"
                               for s in (sides or w.rules.sides))
        f["pieces"] = w.pieces(r.pieces)
        f["turn"] = ", turning at every piece" if r.turn else ""
        f["min"] = f", with at least {number(r.min)} pieces" if r.min else ""
        f["ends_only"] = ", and only its two ends in a goal area" if r.ends_only else ""
        keys += ["along", "link"] + [k for k in ("turn", "min", "ends_only") if getattr(r, k)]
        key = f"win.connect.{r.connect}"
    elif r.condition == "opponent_at_most":
        f["n"] = number(r.opponent_at_most or 0)
        key = "win.opponent_at_most" + (".0" if r.opponent_at_most == 0 else "")
    elif r.condition == "capture":
        f["piece"] = r.capture
        key = "win.capture"
    else:
        f["where"], f["pieces"] = w.where(r.reach), w.pieces(r.pieces)
        key = "win.reach"
    if lose:
        keys.append("result")
    keys += ["sides"] * bool(sides) + ["if"] * bool(r.guard.if_) + ["unless"] * bool(
        r.guard.unless)
    return _line(w.fill(key, **f), source("win", i, r, ", ".join(keys)), kind="bullet")


def ending(w: Words, samples: Samples) -> list[Line]:
    """Each win condition, then [rules.end]: no move, stuck players, draws."""
    e, t = w.rules.end, w.rules.turn
    out = [win_line(w, i, r) for i, r in enumerate(w.rules.win)]
    if t.pass_ == "never" and e.no_move != "pass":
        out.append(_line(w.fill(f"end.no_move.{e.no_move}"), "[rules.end] no_move",
                         kind="bullet"))
    else:
        out.append(_line(w.fill(f"end.all_stuck.{e.all_stuck}"), "[rules.end] all_stuck",
                         kind="bullet"))
    lined = any(r.condition in ("line", "connect") for r in w.rules.win)
    if e.both_win != "mover" or (lined and (w.rules.move or w.rules.capture)):
        out.append(_line(w.fill(f"end.both_win.{e.both_win}"), "[rules.end] both_win",
                         kind="bullet"))
    if e.quiet_moves:
        out.append(_line(w.fill("end.quiet_moves", n=number(e.quiet_moves)),
                         "[rules.end] quiet_moves", kind="bullet"))
    if e.repetition:
        out.append(_line(w.fill("end.repetition", nth=nth(e.repetition)),
                         "[rules.end] repetition", kind="bullet"))
    if e.cap == "most-pieces":
        out.append(_line(w.fill("end.cap.most-pieces", n=f"{e.max_plies:,}"),
                         "[rules.end] cap, max_plies", kind="bullet"))
    return out + summary("end.short", out[:3], out)


def notation(w: Words, samples: Samples) -> list[Line]:
    """How spaces and moves are written, with moves the engine played as examples."""
    names = [s.name for s in w.live]
    out = [_line(w.fill("notation.spaces", first=names[0], last=names[-1]), "[board]")]
    r = w.rules
    pairs: list[tuple[str, bool, str]] = [
        ("place", bool(r.place), "[[rules.place]]"),
        ("move", any(not m.then_place for m in r.move), "[[rules.move]]"),
        ("chain", any(m.type == "hop" and m.chain != "no" for m in r.move),
         "[[rules.move]] chain"),
        ("then_place", any(m.then_place for m in r.move), "[[rules.move]] then_place"),
        ("take", any(c.type == "line" for c in r.capture), "[[rules.capture]] type line"),
        ("pass", r.turn.pass_ != "never" or r.end.no_move == "pass", "[rules] pass"),
        ("swap", bool(r.turn.swap), "[rules] swap")]
    piece = next((m.then_place.piece for m in r.move if m.then_place), "")
    for key, declared, src in pairs:
        if not declared or ("{example}" in P.TEMPLATES[f"notation.{key}"]
                            and key not in samples):
            continue
        out.append(_line(w.fill(f"notation.{key}", example=samples.get(key, ""), piece=piece),
                         src, kind="bullet"))
    return out


def credits(w: Words, samples: Samples) -> list[Line]:
    """Who made the game, and how this text was made."""
    g = w.game
    year = g.extra.get("year")
    return [_line(w.fill("credits.designer", title=g.title, credit=byline(g.designer) + (
        f", from {year}" if year else "")), "[game] designer, year"),
            _line(w.fill("credits.generated"), "[rules]")]


#: The writer of each generated section, by title (prose_templates.SECTIONS).
SECTION_WRITERS: dict[str, Callable[[Words, Samples], list[Line]]] = {
    "Overview": overview, "Components": components, "Setup": setup, "Playing a turn": turn,
    "Moving": moving, "Capturing": capturing, "End of the game": ending,
    "Notation": notation, "Credits": credits}


def write(game: GameSpec, options: Mapping[str, Any] | None = None,
          samples: Samples | None = None) -> tuple[Written, ...]:
    """Every generated section of a [rules] game (empty for a game without [rules]);
    samples: moves the engine played, by notation kind (place, move, then_place)."""
    opts = game.options(options)
    rules = ruleset_of(game, opts)
    if rules is None:
        return ()
    w = Words(game, rules, opts)
    out = []
    for title in P.SECTIONS:
        lines = SECTION_WRITERS[title](w, samples or {})
        if lines:
            out.append(Written(title, tuple(lines)))
    return tuple(out)


def markdown(game: GameSpec, sections: tuple[Written, ...]) -> str:
    """The generated sections as a rules Markdown file a designer can edit."""
    out = [f"# {game.title}", ""]
    for sec in sections:
        out += [f"## {sec.title}", ""]
        for line in sec.lines:
            out += [("- " if line.kind == "bullet" else "") + line.text, ""]
    return "\n".join(out).rstrip() + "\n"


def explained(sections: tuple[Written, ...]) -> str:
    """Each generated line with the rule keys it comes from, section by section."""
    out = []
    for sec in sections:
        out.append(f"## {sec.title}")
        for line in sec.lines:
            out.append(f"  {line.text}")
            out += [f"    <- {s}" for s in line.sources]
    return "\n".join(out) + "\n"
