"""The sentences a generated booklet is written from, as data: one table of templates, each
named by the rule key (or group of keys) it says back, and the board's words for its
relations and zones. rules_prose fills them in; nothing else in the booklet holds generated
wording, so a wrong sentence is a wrong key or a wrong line of this table.

Fields in braces are filled from the game file: {noun} the board's word for a space
(square, point, cell), {piece}/{pieces} a kind of piece, {side} a side's name, {n} a number
the rules give (always derived, never typed here), {how} a relation phrase, {where} a space
set in words.
"""

from __future__ import annotations

#: Each template: key -> text. The key is the rule key the sentence comes from.
TEMPLATES: dict[str, str] = {
    # overview
    "game.sides": "{title} is a game for {count} players, {sides}.",
    "game.aim": "The aim: {aim}.",
    "game.aim.no_move": "leave the opponent with no move",
    "game.aim.most-pieces": "have more pieces on the board than the opponent when nobody can "
                            "move",
    # components
    "board": "A board of {n} {nouns}{shape}.",
    "component": "{n} {label}.",
    "component.back": "{n} {label} (the back shows {back}).",
    # setup
    "setup.empty": "The board starts empty.",
    "setup.pieces": "{side} starts with {n} {pieces} on {spaces}, as the diagram shows.",
    "setup.hand": "Each player keeps the rest of their pieces beside the board: their hand.",
    "setup.supply": "The {pieces} wait beside the board until they are placed.",
    "game.first": "{side} moves first; then the players take turns.",
    # a turn
    "turn.one": "On your turn, {action}.",
    "turn.choice": "On your turn, do one of these:",
    "place": "put a {piece} from your hand on {where}",
    "place.gravity": "drop a {piece} from your hand into a column: it falls {way} to the "
                     "last empty {noun} of that column",
    "place.friendly_neighbours": "{where} next to at most {n} of your own pieces {how}",
    "move": "move one of your {pieces} (see Moving)",
    "move.when.hand-empty": "once your hand is empty, move one of your {pieces} (see Moving)",
    "move.when.in-hand": "while you still hold pieces in your hand, move one of your {pieces} "
                         "(see Moving)",
    "move.none": "Pieces never move once they are on the board.",
    "capture.none": "No piece is ever captured.",
    "pass.never": "You may not pass.",
    "pass.when-stuck": "If you have no legal move you must pass; otherwise you may not pass.",
    "pass.any-time": "You may pass instead of moving.",
    "supply.shared": "The pieces are one supply: when your hand is empty, take from your "
                     "opponent's.",
    "swap": "The swap rule: once {n} {pieces_on} on the board, the player to move may, once a "
            "game, say swap instead of moving. The players exchange colours; the board stays "
            "as it is and the same colour moves next.",
    "no_entry": "No piece may ever stand on {where}.",
    "max_group": "No move may leave you with more than {n} of your pieces joined {how}.",
    "must_capture.any": "If you can capture, you must; any capture will do.",
    "must_capture.most": "If you can capture, you must, and you must take the most pieces "
                         "you can.",
    "turn.short": "**In short:** {summary}",
    # moving
    "move.step": "A {piece} steps one {noun} {how}{toward} to {onto}{where}.",
    "move.slide": "A {piece} slides {far} in a straight line {how}{toward}, over empty "
                  "{nouns} only, to {onto}{where}.",
    "move.leap": "A {piece} leaps exactly {n} {nouns} in a straight line {how}{toward}, over "
                 "anything, to {onto}{where}.",
    "move.hop": "A {piece} hops {how}{toward} over {over} on the next {noun} to the empty "
                "{noun} straight beyond it{where}{takes}.",
    "move.from": "Only a {piece} on {where} may move this way.",
    "move.chain.required": "After a hop the same {piece} must hop again while it can, in the "
                           "same turn; write the whole chain as one move.",
    "move.chain.optional": "After a hop the same {piece} may hop again, in the same turn.",
    "move.then_place": "Then, from where it landed, it places a {piece}: on an empty {noun} "
                       "it could reach by sliding {how} over empty {nouns}.",
    "promote": "A {piece} that ends its move on {where} becomes a {to}.",
    "promote.ends_move": "Reaching {where} ends the move, even in the middle of a chain of "
                         "hops.",
    "moving.short": "**In short:** {summary}",
    # capturing
    "capture.onto": "A {piece} that moves onto an enemy piece captures it: take the enemy "
                    "piece off the board.",
    "capture.hop": "A hopped enemy piece is captured: take it off the board.",
    "capture.custodial": "After your {after}, an enemy piece caught in a straight line "
                         "{how} between the piece you {acted} and another of yours is "
                         "captured{run}.",
    "capture.surround": "After your {after}, an enemy piece whose every neighbour {how} is "
                        "yours is captured.",
    "capture.outflank": "After your {after}, every unbroken straight row of enemy "
                        "pieces{run} {how} between the piece you {acted} and another of "
                        "yours turns over to your colour.",
    "capture.outflank.required": "A {action} that turns nothing over is not allowed.",
    "capture.line": "When your {after} makes a row of {n} of your pieces {how}, take one "
                    "enemy piece of your choice off the board.",
    "capture.line.protect_lines": "An enemy piece standing in a row of {n} of its own may be "
                                  "taken only when every enemy piece stands in such a row.",
    "capture.hostile": "An empty {where} counts as one of yours.",
    "capture.gone": "Captured pieces leave the game.",
    "capturing.short": "**In short:** {summary}",
    # the end of the game
    "win.line": "{who} {result} as soon as {n} of {their} {pieces} stand in an unbroken "
                "straight row {how}{on}.",
    "win.connect.edges": "{who} {result} as soon as a chain of {their} {pieces}, each {link}, "
                         "joins {their} two edges, the ones drawn in {their} "
                         "colour ({edges}){min}.",
    "win.connect.goals": "{who} {result} as soon as a chain of {their} {pieces}, each {link}, "
                         "joins {their} goal areas{turn}{min}{ends_only}.",
    "win.reach": "{who} {result} as soon as one of {their} {pieces} reaches {where}.",
    "win.opponent_at_most.0": "{who} {result} as soon as the opponent has no piece left.",
    "win.opponent_at_most": "{who} {result} as soon as the opponent is down to {n} pieces or "
                            "fewer.",
    "win.capture": "{who} {result} as soon as the opponent has no {piece} left.",
    "end.no_move.loses": "A player who cannot move on their turn loses.",
    "end.no_move.wins": "A player who cannot move on their turn wins.",
    "end.no_move.draw": "If the player to move cannot move, the game is a draw.",
    "end.all_stuck.draw": "When no player can move, the game ends in a draw.",
    "end.all_stuck.most-pieces": "When no player can move, the game ends: the player with "
                                 "more pieces on the board wins; equal is a draw.",
    "end.both_win.mover": "A move that makes a winning row or chain for both players wins for "
                          "the player who made it.",
    "end.both_win.draw": "A move that wins for both players makes the game a draw.",
    "end.both_win.illegal": "A move that would win for both players is not allowed.",
    "end.quiet_moves": "After {n} moves in a row without a capture, the game is a draw.",
    "end.repetition": "When the same position comes up for the {nth} time, the game is a "
                      "draw.",
    "end.cap.most-pieces": "A game still going after {n} moves ends there: the player with "
                           "more pieces on the board wins; equal is a draw.",
    "end.short": "**In short:** {summary}",
    # notation
    "notation.spaces": "Every {noun} has a name printed beside the board, from `{first}` to "
                       "`{last}`.",
    "notation.place": "`+X`: a piece placed on X, as `{example}`.",
    "notation.move": "`X-Y`: a piece moved from X to Y, as `{example}`.",
    "notation.chain": "`X-Y-Z`: a chain of hops, one space named per landing.",
    "notation.then_place": "`X-Y/Z`: a move from X to Y, then a {piece} placed on Z, as "
                           "`{example}`.",
    "notation.take": "` xZ` after a move: the enemy piece taken from Z.",
    "notation.pass": "`pass`: the player passes.",
    "notation.swap": "`swap`: the swap rule is used.",
    # credits
    "credits.designer": "{title} is {credit}.",
    "credits.generated": "This rules text was written by printables from the game file's "
                         "[rules], key by key, and every example was found by its rules "
                         "engine in games it played against itself, then checked.",
}

#: A relation's words: (how a step goes that way, how a straight line runs that way).
RELATIONS: dict[str, tuple[str, str]] = {
    "orthogonal": ("orthogonally", "along a row or column"),
    "diagonal": ("diagonally", "along a diagonal"),
    "line": ("along a line", "along a line"),
    "ring": ("round the ring", "round its ring"),
    "radial": ("along its spoke", "along its spoke"),
    "adjacent": ("to a neighbouring {noun}", "through neighbouring {nouns}"),
}

#: Relations a chain or a group joins along: how two pieces are "joined".
JOINED: dict[str, str] = {
    "orthogonal": "orthogonally", "diagonal": "diagonally", "line": "along a line",
    "ring": "round a ring", "radial": "along a spoke", "adjacent": "side by side",
}

#: Words for the built-in places a space set can name (SIDE-relative).
PLACES: dict[str, str] = {
    "far-row": "the far row", "home-row": "your home row", "goal": "your goal",
    "opponent-goal": "the opponent's goal", "edges": "your edges",
}

#: Directions said back ({toward}).
TOWARD: dict[str, str] = {"forward": "forward", "backward": "backward",
                          "sideways": "sideways"}

#: What a board calls its spaces, by space kind (else the kind itself).
NOUNS: dict[str, str] = {"sector": "space", "hex": "cell"}

#: Plurals that do not just add s.
PLURALS: dict[str, str] = {"man": "men", "cross": "crosses", "piece": "pieces"}

#: The sections a generated booklet has, in order, and the player aid's (see book.AID_SECTIONS).
SECTIONS: tuple[str, ...] = ("Overview", "Components", "Setup", "Playing a turn", "Moving",
                             "Capturing", "End of the game", "Notation", "Credits")

#: Sections written as one: a designer who writes any of them writes all of the rules of a
#: turn (a designer's "Playing a turn" often says moving and capturing too).
TOGETHER: tuple[str, ...] = ("playing a turn", "moving", "capturing")

#: The example titles, by mechanism (filled in like the templates).
TITLES: dict[str, str] = {
    "place": "{side} places a {piece}",
    "move": "A {piece} {verb}",
    "capture": "{side} captures: {what}",
    "promote": "A {piece} becomes a {to}",
    "win": "{side} wins: {what}",
    "forbid": "Not allowed: {what}",
}
