"""RULE_KEYS: the one table of a game file's [rules] keys. The reader (gamefile.rules) checks
every key against it (its kind of value, its choices, its default) and the documentation's
game-file reference is printed from it (reference_markdown), so no key
exists undocumented.

Each row: the table it belongs to, the key, the kind of value the reader parses, its
choices, its default as written, a one-line meaning and a small TOML example.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The tables of [rules] and how the reference names them.
SECTIONS = {
    "rules": "`[rules]`: the turn",
    "rules.zones": "`[rules.zones]`: named places",
    "entry": "Every entry of `[[rules.place]]`, `[[rules.move]]`, `[[rules.capture]]`, "
             "`[[rules.promote]]`, `[[rules.win]]`",
    "rules.place": "`[[rules.place]]`: placing a piece from the hand",
    "rules.move": "`[[rules.move]]`: moving a piece on the board",
    "rules.move.then_place": "`then_place` of a `[[rules.move]]`",
    "rules.capture": "`[[rules.capture]]`: captures after a move or a placement",
    "rules.promote": "`[[rules.promote]]`: promotion",
    "rules.win": "`[[rules.win]]`: ways to win (each entry one condition)",
    "rules.end": "`[rules.end]`: the end of the game",
    "rules.variant": "`[[rules.variant]]`: rules that options change",
}
#: The list tables whose entries take the guards (the "entry" rows).
ENTRY_SECTIONS = ("rules.place", "rules.move", "rules.capture", "rules.promote", "rules.win")


@dataclass(frozen=True)
class Key:
    """One key of [rules]: where, what kind of value (the reader's parser), its choices,
    default, meaning and example; a count's least and greatest value."""

    section: str
    key: str
    kind: str
    choices: tuple[str, ...] = ()
    default: str = ""
    meaning: str = ""
    example: str = ""
    low: int = 1
    high: int | None = None


K = Key
RULE_KEYS: tuple[Key, ...] = (
    # ---------------------------------------------------------------- [rules]
    K("rules", "text", "text", (), "", "the rules Markdown the booklet prints, relative to "
      "the game file (with `[rules]` it moves here from the top-level `rules`)",
      'text = "my-game.md"'),
    K("rules", "pass", "choice", ("never", "when-stuck", "any-time"), "never",
      "a player may pass: never; only with no other legal move (and then must); on any turn",
      'pass = "when-stuck"'),
    K("rules", "swap", "count", (), "", "the pie rule: once this many pieces stand on "
      "the board, placed in turn, the side to move may swap colours instead of moving, once "
      "a game (the board stays; the same colour is to move)", "swap = 1", low=1),
    K("rules", "no_entry", "spaces", (), "", "no piece of any side may ever stand there",
      'no_entry = ["corner", "opponent-goal"]'),
    K("rules", "max_group", "group", (), "", "no move may leave the mover with a group "
      "(joined along the relations) of more than size pieces",
      'max_group = { size = 2, along = ["orthogonal", "diagonal"] }'),
    K("rules", "must_capture", "choice", ("no", "any", "most"), "no", "a capturing move "
      "must be chosen when there is one; most: one that captures the most pieces",
      'must_capture = "any"'),
    K("rules", "supply", "choice", ("own", "shared"), "own", "where placed pieces come "
      "from: each side's own hand; or one supply (a side may place while any hand holds a "
      "piece, taking from its own hand first, then from the next side's in turn)",
      'supply = "shared"'),
    K("rules", "forward", "forward", (), "first side north, second south", "each side's "
      "forward direction, a compass word (needed with more than two sides for toward, "
      "far-row and home-row)", 'forward = { red = "north", blue = "east" }'),
    # ---------------------------------------------------------------- [rules.zones]
    K("rules.zones", "NAME", "zone", (), "", "a named set of spaces for the other keys, "
      "the same for every side or one set per side",
      'home = ["a1", "b1"]  # or home = { red = ["a1"], blue = ["h8"] }'),
    # ---------------------------------------------------------------- guards
    K("entry", "sides", "sides", (), "every side", "the entry is for these sides only",
      'sides = ["black"]'),
    K("entry", "if", "condition", (), "", "the entry applies only when a game option is "
      "true or non-zero (a name), or has a value (a table)",
      'if = "black_alternating"  # or if = { pie = 5 }'),
    K("entry", "unless", "condition", (), "", "the entry applies only when the option is "
      "not so", 'unless = "black_alternating"'),
    # ---------------------------------------------------------------- [[rules.place]]
    K("rules.place", "piece", "kind", (), "the side's only kind", "the kind placed (a side "
      "places one kind)", 'piece = "stone"'),
    K("rules.place", "on", "spaces", (), "any empty space", "only onto these spaces",
      'on = "dark"'),
    K("rules.place", "not_on", "spaces", (), "", "never onto these spaces",
      'not_on = ["goal"]'),
    K("rules.place", "friendly_neighbours", "neighbours", (), "", "only where at most that "
      "many of the side's own pieces are neighbours along the relations",
      'friendly_neighbours = { at_most = 1, along = ["orthogonal"] }'),
    K("rules.place", "gravity", "compass", (), "", "the piece falls that way: only onto the "
      "last empty space before an occupied one or the board's end", 'gravity = "south"'),
    # ---------------------------------------------------------------- [[rules.move]]
    K("rules.move", "type", "choice", ("step", "slide", "leap", "hop"), "step", "one space; "
      "any distance in a straight line over empty spaces; exactly distance spaces in a "
      "straight line over anything; over one neighbouring piece to the space straight "
      "beyond", 'type = "slide"'),
    K("rules.move", "along", "relations", (), "", "required: the board relations it moves "
      "along", 'along = ["orthogonal", "diagonal"]'),
    K("rules.move", "pieces", "kinds", (), "all of the side's", "the kinds that move this "
      "way", 'pieces = ["king"]'),
    K("rules.move", "toward", "choices", ("forward", "backward", "sideways"), "any way",
      "only in these directions for the mover", 'toward = ["forward"]'),
    K("rules.move", "onto", "choices", ("empty", "enemy"), '["empty"]', "what it may land "
      "on; landing on an enemy piece captures it", 'onto = ["empty", "enemy"]'),
    K("rules.move", "on", "spaces", (), "anywhere", "only landing on these spaces",
      'on = "light"'),
    K("rules.move", "not_on", "spaces", (), "", "never landing on these spaces",
      'not_on = "throne"'),
    K("rules.move", "from", "spaces", (), "anywhere", "only pieces standing on these spaces "
      "move this way", 'from = "dark"'),
    K("rules.move", "distance", "count", (), "", "slide: at most this many spaces; "
      "leap: exactly this many (required)", "distance = 2", low=1),
    K("rules.move", "over", "choice", ("enemy", "own", "any"), "enemy", "hop: what it hops "
      "over", 'over = "any"'),
    K("rules.move", "captures", "bool", (), "true over enemy, else false", "hop: the "
      "hopped enemy piece is removed", "captures = false"),
    K("rules.move", "chain", "choice", ("no", "optional", "required"), "no", "hop: after a "
      "hop the same piece may, or must, hop again (written X-Y-Z)", 'chain = "required"'),
    K("rules.move", "when", "choice", ("always", "hand-empty", "in-hand"), "always",
      "only once the mover's hand is empty, or only while it holds pieces",
      'when = "hand-empty"'),
    K("rules.move", "then_place", "then_place", (), "", "after moving, place a piece on an "
      "empty space the moved piece could reach from where it landed (written X-Y/Z)",
      'then_place = { piece = "arrow", type = "slide", along = ["orthogonal", '
      '"diagonal"] }'),
    # ---------------------------------------------------------------- then_place
    K("rules.move.then_place", "piece", "kind", (), "", "required: the kind placed, the "
      "mover's own or a neutral kind (from the neutral supply)", 'piece = "arrow"'),
    K("rules.move.then_place", "type", "choice", ("step", "slide", "leap"), "slide", "how "
      "the placed piece's space is reached from the landing space", 'type = "step"'),
    K("rules.move.then_place", "along", "relations", (), "the move's", "the relations it "
      "is reached along", 'along = ["orthogonal"]'),
    K("rules.move.then_place", "distance", "count", (), "", "as a move's distance",
      "distance = 3", low=1),
    # ---------------------------------------------------------------- [[rules.capture]]
    K("rules.capture", "type", "choice", ("custodial", "surround", "outflank", "line"), "",
      "required: enclose enemies between the moved piece and a friend on a straight line; "
      "enclose a piece on all sides; turn over a run of enemies between the moved or placed "
      "piece and a friend; remove an enemy piece when forming a line", 'type = "custodial"'),
    K("rules.capture", "along", "relations", (), "", "required: the relations it works "
      "along", 'along = ["orthogonal"]'),
    K("rules.capture", "run", "run", (), "custodial 1; outflank at least 1", "custodial and "
      "outflank: how many enemies in a row", "run = { at_least = 1, at_most = 2 }"),
    K("rules.capture", "hostile", "spaces", (), "", "custodial and surround: these spaces, "
      "when empty, enclose as a friend does", 'hostile = ["throne", "corner"]'),
    K("rules.capture", "pieces", "kinds", (), "all", "custodial and surround: the kinds it "
      "captures", 'pieces = ["soldier"]'),
    K("rules.capture", "after", "choices", ("move", "place"), '["move", "place"]', "which "
      "actions make the capture", 'after = ["place"]'),
    K("rules.capture", "required", "bool", (), "false", "outflank: a placement or move that "
      "turns nothing over is not allowed", "required = true"),
    K("rules.capture", "length", "count", (), "3", "line: the row length that lets the "
      "mover remove a piece", "length = 3", low=2),
    K("rules.capture", "remove", "count", (), "1", "line: how many enemy pieces the "
      "mover removes (one, written xZ)", "remove = 1", low=1, high=1),
    K("rules.capture", "protect_lines", "bool", (), "false", "line: pieces in a line of "
      "their own are removed only when every enemy piece is in one", "protect_lines = true"),
    # ---------------------------------------------------------------- [[rules.promote]]
    K("rules.promote", "piece", "kind", (), "", "required: the kind promoted", 'piece = '
      '"man"'),
    K("rules.promote", "to", "kind", (), "", "required: the kind it becomes", 'to = "king"'),
    K("rules.promote", "zone", "spaces", (), "", "required: where a move must end to "
      "promote", 'zone = "far-row"'),
    K("rules.promote", "ends_move", "bool", (), "true", "a chain of hops stops where the "
      "piece is promoted", "ends_move = false"),
    # ---------------------------------------------------------------- [[rules.win]]
    K("rules.win", "line", "count", (), "", "this many (or more) of the side's pieces "
      "in a straight row along `along`", "line = 5", low=2),
    K("rules.win", "exact", "bool", (), "false", "line: exactly that many (a longer row "
      "does not count)", "exact = true"),
    K("rules.win", "on", "spaces", (), "", "line: every space of the row in this set",
      'on = "light"'),
    K("rules.win", "ends_on", "spaces", (), "", "line: the row's two end spaces in this "
      "set", 'ends_on = "light"'),
    K("rules.win", "connect", "choice", ("edges", "goals"), "", "a chain of the side's "
      "pieces joining all its edges ([board.edges]) or goal areas (its goal.SIDE spaces)",
      'connect = "edges"'),
    K("rules.win", "link", "choice", ("adjacent", "sight"), "adjacent", "connect: "
      "consecutive pieces are neighbours, or see each other along a straight line with "
      "nothing between", 'link = "sight"'),
    K("rules.win", "turn", "bool", (), "false", "connect: the chain changes direction at "
      "every piece", "turn = true"),
    K("rules.win", "min", "count", (), "", "connect: at least this many pieces in the "
      "chain", "min = 6", low=1),
    K("rules.win", "ends_only", "bool", (), "false", "connect: only the chain's two ends "
      "stand in a goal area or on an edge", "ends_only = true"),
    K("rules.win", "reach", "spaces", (), "", "a piece of the side (of `pieces`) stands "
      "there", 'reach = "far-row"'),
    K("rules.win", "opponent_at_most", "count", (), "", "every opponent is down to this "
      "many pieces or fewer (board and hand; 0: all captured)", "opponent_at_most = 2", low=0),
    K("rules.win", "capture", "kind", (), "", "every opponent has no piece of this kind "
      "left", 'capture = "king"'),
    K("rules.win", "result", "choice", ("wins", "loses"), "wins", "meeting the condition "
      "wins, or loses (a misère game)", 'result = "loses"'),
    K("rules.win", "along", "relations", (), "", "line and connect: the relations (required "
      "for them)", 'along = ["orthogonal", "diagonal"]'),
    K("rules.win", "pieces", "kinds", (), "all", "the kinds that count",
      'pieces = ["king"]'),
    # ---------------------------------------------------------------- [rules.end]
    K("rules.end", "no_move", "choice", ("loses", "wins", "draw", "pass"), "loses", "the "
      "side to move has no legal move: it loses, wins, the game is drawn, or it passes",
      'no_move = "draw"'),
    K("rules.end", "all_stuck", "choice", ("draw", "most-pieces"), "draw", "with passing: "
      "the game ends when no side can move (or after `passes` passes in a row), a draw or "
      "won by the side with the most pieces", 'all_stuck = "most-pieces"'),
    K("rules.end", "passes", "count", (), "one per side", "passes in a row that end the "
      "game (with pass = any-time)", "passes = 2", low=1),
    K("rules.end", "both_win", "choice", ("mover", "draw", "illegal"), "mover", "a move "
      "that meets a win condition for two sides: the mover wins, a draw, or the move is not "
      "allowed", 'both_win = "illegal"'),
    K("rules.end", "max_plies", "count", (), "400", "the ply cap of self-play",
      "max_plies = 300", low=1, high=1000000),
    K("rules.end", "cap", "choice", ("draw", "most-pieces"), "draw", "the ruling for a game "
      "stopped at the ply cap", 'cap = "most-pieces"'),
    K("rules.end", "quiet_moves", "count", (), "", "a draw after this many moves in a "
      "row without a capture", "quiet_moves = 40", low=1),
    K("rules.end", "repetition", "count", (), "", "a draw when a position (pieces, side "
      "to move, hands) occurs for this many times", "repetition = 3", low=2),
    # ---------------------------------------------------------------- [[rules.variant]]
    K("rules.variant", "if", "condition", (), "", "the options under which this variant's "
      "keys replace those of [rules] (later variants win)", 'if = { pie = 5 }'),
    K("rules.variant", "unless", "condition", (), "", "as an entry's unless",
      'unless = "pie"'),
    K("rules.variant", "pass, swap, no_entry, max_group, must_capture", "variant", (), "",
      "any of these [rules] keys, as there", "swap = 3"),
)

#: The [rules] keys a variant may change.
VARIANT_KEYS = ("pass", "swap", "no_entry", "max_group", "must_capture")


def keys_of(section: str) -> dict[str, Key]:
    """The rows of one table (with the guards for list entries), by key."""
    rows = {k.key: k for k in RULE_KEYS if k.section == section and k.kind != "variant"}
    if section in ENTRY_SECTIONS:
        rows.update({k.key: k for k in RULE_KEYS if k.section == "entry"})
    if section == "rules.variant":
        rows.update({k.key: k for k in RULE_KEYS if k.section == "rules"
                     and k.key in VARIANT_KEYS})
    return rows


def _values(k: Key) -> str:
    if k.kind in ("choice", "choices"):
        text = ", ".join(f"`{c}`" for c in k.choices)
        return text + (" (a list)" if k.kind == "choices" else "")
    words = {"text": "a file", "count": "a whole number", "bool": "true or false",
             "spaces": "a space set", "group": "a table", "forward": "side -> compass word",
             "zone": "a space set, or side -> space set", "sides": "a list of sides",
             "condition": "an option, or a table option -> value", "kind": "a kind",
             "kinds": "a list of kinds", "neighbours": "a table", "compass": "a compass word",
             "relations": "a list of relations", "then_place": "a table",
             "run": "a number, or { at_least, at_most }", "variant": "as in [rules]"}
    text = words[k.kind]
    if k.kind == "count":
        text += f" >= {k.low}" if k.high is None else f" {k.low}..{k.high}"
    return text


def reference_markdown() -> str:
    """The rules vocabulary reference: one table per [rules] table, every key with
    its values, default, meaning and example."""
    out: list[str] = []
    for section, title in SECTIONS.items():
        rows = [k for k in RULE_KEYS if k.section == section]
        out += [f"**{title}**", "", "| key | values | default | meaning | example |",
                "|---|---|---|---|---|"]
        for k in rows:
            example = k.example.replace("|", "\\|")
            out.append(f"| `{k.key}` | {_values(k)} | {k.default or '-'} | {k.meaning} | "
                       f"`{example}` |")
        out.append("")
    return "\n".join(out)
