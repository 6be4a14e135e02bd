"""The rule tables of the generic kernel: a game file's [rules], on its board and under its
options, as the arrays generic_core reads (K, a namedtuple), built from
lines.compile_tables; and `unsupported`, the one place that says which rules the
interpreter does not play yet (such games keep the reference kernel).

Pieces are numbered: 0 is an empty space, 1.. each (side, kind) the game can hold (every
side with every kind any component, promotion or placement names; neutral pieces last).
Sides are numbered in turn order, the neutral owner after them. Rule entries are grouped
by side (`*_first[side]` .. `*_first[side + 1]`), each a row of flags and space masks
resolved for that side, so the interpreter never looks up a name.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from typing import Any

import numpy as np

from printables.games.model import Piece
from printables.games.rules.lines import Tables
from printables.games.rules.moves import NEUTRAL
from printables.games.rules.vocabulary import MoveRule, RuleSet, WinRule

#: more than any slide's reach on a board a kernel accepts
FAR = 1 << 20
#: the largest board (spaces) move codes can name
MAX_SPACES = 1023
#: a hop entry's mv_dist (a hop has no distance): over (0 any, 1 own, 2 enemy) +
#: HOP_TAKES * captures + HOP_CHAIN * chain (0 no, 1 optional, 2 required) + HOP_TWINS
#: where two chains from one space may follow one path (Builder.mark_hops)
HOP_TAKES, HOP_CHAIN, HOP_TWINS = 3, 6, 18
#: added to prom[side, piece, s] where a promotion ends the move (a chain stops there)
PROM_ENDS = 1 << 16

FIELDS = (
    "F piece_side piece_kind placed_piece flip prom below "
    "ray_sp ray_len rs_first rs_count nb_first nb_sp "
    "pl_first pl_mask pl_gravity "
    "mv_first mv_kinds mv_from mv_land mv_type mv_dist mv_empty mv_enemy mv_when mv_rs mv_then "
    "side_then th_owner th_piece th_type th_dist th_rs th_blocked th_most th_pairs "
    "cp_first cp_type cp_rs cp_nb cp_lo cp_hi cp_hostile cp_victim cp_after cp_required "
    "w_first_side w_cond w_loses w_own w_n w_exact w_first win_sp win_out w_mask w_kind "
    "w_limit w_areas w_area0 area w_nb w_min wt_first wt_w "
    "w_link w_turn w_ends w_rs w_zone ray_from ray_set rt_first rt")
RuleArrays = namedtuple("RuleArrays", FIELDS.split())  # type: ignore[misc]  # noqa: PYI024
Work = namedtuple("Work",  # noqa: PYI024
                  "out other found seen taken cells hand st mark stack hit log trial rng "
                  "arrows tally codes links chain hops own")


def unsupported(rules: RuleSet, spaces: int) -> str | None:
    """Why the interpreter cannot play these (resolved) rules, or None when it can."""
    found = []
    if spaces > MAX_SPACES:
        found.append(f"a board of more than {MAX_SPACES} spaces")
    if any(m.type == "hop" and m.then_place for m in rules.move):
        found.append("hops with then_place")
    if any(p.friendly_neighbours for p in rules.place):
        found.append("friendly_neighbours")
    if any(c.type == "line" for c in rules.capture):
        found.append("line captures")
    if rules.turn.pass_ == "any-time" or rules.end.passes is not None:
        found.append("passing at any time")
    if rules.end.repetition is not None:
        found.append("repetition")
    for side in rules.sides:
        pieces = {m.then_place.piece for m in rules.move
                  if m.then_place and m.guard.for_side(side)}
        if len(pieces) > 1:
            found.append("two then_place pieces for one side")
    return ", ".join(dict.fromkeys(found)) or None


class Builder:
    """Collects the arrays of one (tables, components) pair; build() gives K."""

    def __init__(self, t: Tables, pieces: Iterable[Piece]) -> None:
        self.t = t
        self.rules = t.rules
        self.n = len(t.names)
        self.sides = t.rules.sides
        self.owners = (*self.sides, NEUTRAL)
        self.pieces: list[Piece] = [Piece("", "")]
        self.piece_id: dict[Piece, int] = {}
        for p in pieces:
            if p not in self.piece_id and p.side in self.owners:
                self.piece_id[p] = len(self.pieces)
                self.pieces.append(p)
        self.kinds = sorted({p.kind for p in self.pieces[1:]})
        self.rays: list[tuple[int, ...]] = []
        self.ray_origin: list[tuple[int, int]] = []  # per ray: its space and its rayset
        self.raysets: list[list[tuple[int, int]]] = []
        self._rayset_ids: dict[Any, int] = {}
        self.nbsets: list[list[list[int]]] = []
        self._nb_ids: dict[Any, int] = {}

    # ------------------------------------------------------------------ shared tables
    def side_index(self, owner: str) -> int:
        return self.owners.index(owner)

    def mask(self, spaces: Iterable[int]) -> np.ndarray:
        out = np.zeros(self.n, np.bool_)
        for s in spaces:
            out[s] = True
        return out

    def piece_mask(self, side: str, kinds: tuple[str, ...], enemy: bool = False) -> np.ndarray:
        out = np.zeros(len(self.pieces), np.bool_)
        for i, p in enumerate(self.pieces[1:], 1):
            mine = p.side != side and p.side != NEUTRAL if enemy else p.side == side
            out[i] = mine and (not kinds or p.kind in kinds)
        return out

    def rayset(self, rels: tuple[str, ...], side: str | None, toward: tuple[str, ...]) -> int:
        """The id of the rays along rels from every space (only those toward, for side)."""
        key = (rels, side if toward else None, toward)
        if key not in self._rayset_ids:
            t = self.t
            per_space = []
            for s in range(self.n):
                start = len(self.rays)
                for rel in rels:
                    for k, ray in enumerate(t.rays[rel][s]):
                        if toward and side and t.heading[side][rel][s][k] not in toward:
                            continue
                        if ray:
                            self.rays.append(ray)
                            self.ray_origin.append((s, len(self.raysets)))
                per_space.append((start, len(self.rays) - start))
            self._rayset_ids[key] = len(self.raysets)
            self.raysets.append(per_space)
        return self._rayset_ids[key]

    def nbset(self, rels: tuple[str, ...]) -> int:
        """The id of the neighbours along any of rels, per space (each once)."""
        if rels not in self._nb_ids:
            t = self.t
            rows = [list(dict.fromkeys(x for rel in rels for x in t.neighbours[rel][s]))
                    for s in range(self.n)]
            self._nb_ids[rels] = len(self.nbsets)
            self.nbsets.append(rows)
        return self._nb_ids[rels]

    def space_set(self, words: tuple[str, ...], side: str) -> frozenset[int]:
        return self.t.space_set(words, side)

    # ------------------------------------------------------------------ entries
    def placements(self) -> dict[str, Any]:
        t, rules = self.t, self.rules
        ways = sorted(t.below)
        first, masks, gravity = [0], [], []
        for side in self.sides:
            kind = rules.placed(side)
            for rule in rules.place:
                if kind is None or not rule.guard.for_side(side) or (rule.piece or kind) != kind:
                    continue
                on = self.space_set(rule.on, side) if rule.on else None
                bad = t.blocked[side] | self.space_set(rule.not_on, side)
                masks.append(self.mask(s for s in range(self.n)
                                       if s not in bad and (on is None or s in on)))
                gravity.append(ways.index(rule.gravity) if rule.gravity else -1)
            first.append(len(masks))
        below = np.array([list(t.below[w]) for w in ways] or [[-1] * self.n], np.int64)
        return {"pl_first": first, "pl_mask": _rows(masks, self.n, np.bool_),
                "pl_gravity": gravity, "below": below}

    def moves(self) -> dict[str, Any]:
        t, rules = self.t, self.rules
        cols: dict[str, list[Any]] = {k: [] for k in (
            "mv_kinds", "mv_from", "mv_land", "mv_type", "mv_dist", "mv_empty", "mv_enemy",
            "mv_when", "mv_rs", "mv_then")}
        first, side_then = [0], []
        then: dict[str, list[Any]] = {k: [] for k in (
            "th_owner", "th_piece", "th_type", "th_dist", "th_rs", "th_blocked")}
        for side in self.sides:
            side_then.append(-1)
            for rule in rules.move:
                if not rule.guard.for_side(side):
                    continue
                on = self.space_set(rule.on, side) if rule.on else None
                bad = t.blocked[side] | self.space_set(rule.not_on, side)
                origins = self.space_set(rule.from_, side) if rule.from_ else range(self.n)
                cols["mv_kinds"].append(self.piece_mask(side, rule.pieces))
                cols["mv_from"].append(self.mask(origins))
                cols["mv_land"].append(self.mask(s for s in range(self.n)
                                                 if s not in bad and (on is None or s in on)))
                cols["mv_type"].append(("step", "slide", "leap", "hop").index(rule.type))
                cols["mv_dist"].append(_hop(rule) if rule.type == "hop" else
                                       _reach(rule.type, rule.distance))
                cols["mv_empty"].append("empty" in rule.onto)
                cols["mv_enemy"].append("enemy" in rule.onto)
                cols["mv_when"].append(("always", "hand-empty", "in-hand").index(rule.when))
                cols["mv_rs"].append(self.rayset(rule.along, side, rule.toward))
                if rule.then_place is None:
                    cols["mv_then"].append(-1)
                    continue
                if side_then[-1] < 0:
                    side_then[-1] = self.then_row(then, side, rule)
                cols["mv_then"].append(side_then[-1])
            first.append(len(cols["mv_type"]))
        out: dict[str, Any] = {"mv_first": first, "side_then": side_then}
        for k in ("mv_kinds",):
            out[k] = _rows(cols[k], len(self.pieces), np.bool_)
        for k in ("mv_from", "mv_land"):
            out[k] = _rows(cols[k], self.n, np.bool_)
        out.update({k: v for k, v in cols.items() if k not in out})
        out["th_blocked"] = _rows(then.pop("th_blocked"), self.n, np.bool_)
        out.update(then)
        return out

    def then_row(self, then: dict[str, list[Any]], side: str, rule: MoveRule) -> int:
        """Append the side's then_place entry (what a move of rule places afterwards, and
        where); its index."""
        tp = rule.then_place
        assert tp is not None
        owner = NEUTRAL if tp.piece in self.rules.neutral_kinds else side
        then["th_owner"].append(self.side_index(owner))
        then["th_piece"].append(self.piece_id[Piece(owner, tp.piece)])
        then["th_type"].append(("step", "slide", "leap").index(tp.type))
        then["th_dist"].append(_reach(tp.type, tp.distance))
        then["th_rs"].append(self.rayset(tp.along, None, ()))
        blocked = self.t.blocked.get(owner, self.t.blocked[side] if owner == side
                                     else frozenset())
        then["th_blocked"].append(self.mask(blocked))
        return len(then["th_owner"]) - 1

    def captures(self) -> dict[str, Any]:
        rules = self.rules
        cols: dict[str, list[Any]] = {k: [] for k in (
            "cp_type", "cp_rs", "cp_nb", "cp_lo", "cp_hi", "cp_hostile", "cp_victim",
            "cp_after", "cp_required")}
        first = [0]
        for side in self.sides:
            for rule in rules.capture:
                if not rule.guard.for_side(side) or rule.type == "line":
                    continue
                cols["cp_type"].append(("custodial", "outflank", "surround").index(rule.type))
                cols["cp_rs"].append(self.rayset(rule.along, None, ()))
                cols["cp_nb"].append(self.nbset(rule.along))
                cols["cp_lo"].append(rule.run[0])
                cols["cp_hi"].append(rule.run[1])
                cols["cp_hostile"].append(self.mask(
                    self.space_set(rule.hostile, side) if rule.hostile else ()))
                cols["cp_victim"].append(self.piece_mask(side, rule.pieces, enemy=True))
                cols["cp_after"].append(["move" in rule.after, "place" in rule.after])
                cols["cp_required"].append(rule.required)
            first.append(len(cols["cp_type"]))
        out: dict[str, Any] = {"cp_first": first}
        out["cp_hostile"] = _rows(cols.pop("cp_hostile"), self.n, np.bool_)
        out["cp_victim"] = _rows(cols.pop("cp_victim"), len(self.pieces), np.bool_)
        out["cp_after"] = _rows(cols.pop("cp_after"), 2, np.bool_)
        out.update(cols)
        return out

    def wins(self) -> dict[str, Any]:
        t, rules = self.t, self.rules
        cols: dict[str, list[Any]] = {k: [] for k in (
            "w_cond", "w_loses", "w_own", "w_n", "w_exact", "w_mask", "w_kind", "w_limit",
            "w_areas", "w_area0", "w_nb", "w_min", "w_link", "w_turn", "w_ends", "w_rs",
            "w_zone")}
        first_side, w_first = [0], [0]
        windows: list[Any] = []
        outs: list[Any] = []
        areas: list[Any] = []
        for side in self.sides:
            for rule in rules.win:
                if not rule.guard.for_side(side):
                    continue
                self.win_row(cols, side, rule)
                cond = rule.condition
                zones = (t.goal_areas if rule.connect == "goals" else t.edge_areas).get(
                    side, ()) if cond == "connect" else ()
                cols["w_area0"].append(len(areas))
                cols["w_areas"].append(len(zones))
                areas += [self.mask(z) for z in zones]
                self.connect(cols, rule, zones)
                if cond == "line":
                    windows_, outs_ = self.line_windows(side, rule.line or 0, rule.along,
                                                        rule.on, rule.ends_on)
                    windows += windows_
                    outs += outs_
                w_first.append(len(windows))
            first_side.append(len(cols["w_cond"]))
        longest = max((len(w) for w in windows), default=1)
        out: dict[str, Any] = {"w_first_side": first_side, "w_first": w_first}
        out["win_sp"] = np.array([list(w) + [-1] * (longest - len(w)) for w in windows]
                                 or [[-1]], np.int64)
        out["win_out"] = np.array(outs or [[-1, -1]], np.int64)
        out.update(self.windows_through(w_first, windows, outs, cols["w_exact"]))
        out["area"] = _rows(areas, self.n, np.bool_)
        out["w_own"] = _rows(cols.pop("w_own"), len(self.pieces), np.bool_)
        out["w_mask"] = _rows(cols.pop("w_mask"), self.n, np.bool_)
        out["w_zone"] = _rows(cols.pop("w_zone"), self.n, np.int64)
        out.update(cols)
        return out

    def win_row(self, cols: dict[str, list[Any]], side: str, rule: WinRule) -> None:
        """Append a win rule's condition, result, pieces, line, goal spaces and count."""
        cond = rule.condition
        cols["w_cond"].append({"line": 0, "connect": 1, "reach": 2}.get(cond, 3))
        cols["w_loses"].append(rule.result == "loses")
        cols["w_own"].append(self.piece_mask(side, rule.pieces))
        cols["w_n"].append(rule.line or 0)
        cols["w_exact"].append(rule.exact)
        cols["w_mask"].append(self.mask(self.space_set(rule.reach, side)
                                        if cond == "reach" else ()))
        kind = rule.capture if cond == "capture" else None
        cols["w_kind"].append(self.kinds.index(kind) if kind in self.kinds else
                              (-1 if kind is None else len(self.kinds)))
        cols["w_limit"].append(rule.opponent_at_most or 0)

    def connect(self, cols: dict[str, list[Any]], rule: WinRule,
                zones: tuple[frozenset[int], ...]) -> None:
        """A win entry's connect columns: w_nb (the relations of a group), w_min, w_link (0
        not a chain: a group or no connect; 1 a chain of adjacent pieces; 2 of pieces in
        sight), w_turn, w_ends (ends_only), w_rs (the rays links follow) and w_zone (per
        space, a bit per area holding it)."""
        connect = rule.condition == "connect"
        cols["w_nb"].append(self.nbset(rule.along) if connect else 0)
        cols["w_min"].append(rule.min)
        chain = connect and (rule.link != "adjacent" or rule.turn or rule.ends_only)
        cols["w_link"].append(0 if not chain else 2 if rule.link == "sight" else 1)
        cols["w_turn"].append(chain and rule.turn)
        cols["w_ends"].append(chain and rule.ends_only)
        cols["w_rs"].append(self.rayset(rule.along, None, ()) if chain else 0)
        cols["w_zone"].append([sum(1 << a for a, z in enumerate(zones) if s in z)
                               for s in range(self.n)])

    def windows_through(self, w_first: list[int], windows: list[Any], outs: list[Any],
                        exact: list[bool]) -> dict[str, Any]:
        """Per win entry and space, the entry's windows a change there can complete: those
        holding the space, and for an exact line those ending next to it (wt_first[e, s]
        .. wt_first[e, s + 1] index wt_w)."""
        first = np.zeros((max(1, len(w_first) - 1), self.n + 1), np.int64)
        flat: list[int] = []
        for e in range(len(w_first) - 1):
            through: list[list[int]] = [[] for _ in range(self.n)]
            for w in range(w_first[e], w_first[e + 1]):
                near = [*windows[w], *(x for x in outs[w] if x >= 0 and exact[e])]
                for s in dict.fromkeys(near):
                    through[s].append(w)
            for s in range(self.n):
                first[e, s] = len(flat)
                flat += through[s]
            first[e, self.n] = len(flat)
        return {"wt_first": first, "wt_w": flat or [0]}

    def line_windows(self, side: str, n: int, along: tuple[str, ...], on: tuple[str, ...],
                     ends_on: tuple[str, ...]) -> tuple[list[Any], list[Any]]:
        """The straight windows of n spaces a line condition may be met on, for a side."""
        t = self.t
        inside = self.space_set(on, side) if on else None
        ends = self.space_set(ends_on, side) if ends_on else None
        windows, outs = [], []
        for rel in along:
            for per_space in t.windows(rel, n):
                for window, before, after in per_space:
                    if inside is not None and not all(x in inside for x in window):
                        continue
                    if ends is not None and not (window[0] in ends and window[-1] in ends):
                        continue
                    windows.append(window)
                    outs.append((before, after))
        return windows, outs

    # ------------------------------------------------------------------ the whole
    def build(self) -> Any:
        rules = self.rules
        npieces, nsides = len(self.pieces), len(self.sides)
        fields: dict[str, Any] = {}
        for part in (self.placements(), self.moves(), self.captures(), self.wins()):
            fields.update(part)
        fields["piece_side"] = [self.side_index(p.side) if p.side else -1 for p in self.pieces]
        fields["piece_kind"] = [self.kinds.index(p.kind) if p.kind else -1 for p in self.pieces]
        fields["placed_piece"] = [self.piece_id.get(Piece(s, rules.placed(s) or ""), 0)
                                  for s in self.sides]
        flip = np.zeros((nsides, npieces), np.int64)
        prom = np.zeros((nsides, npieces, self.n), np.int64)
        for i, side in enumerate(self.sides):
            for j, p in enumerate(self.pieces[1:], 1):
                flip[i, j] = self.piece_id.get(Piece(side, p.kind), 0)
                if p.side != side:
                    continue
                for r in rules.promote:
                    if r.piece == p.kind and r.guard.for_side(side):
                        for s in self.space_set(r.zone, side):
                            if prom[i, j, s] == 0:
                                prom[i, j, s] = self.piece_id[Piece(side, r.to)]
        fields["flip"], fields["prom"] = flip, prom
        fields["F"] = self.flags()  # before ray_arrays: max_group adds an nbset
        self.mark_hops(fields)
        fields.update(self.ray_arrays())
        fields.update(_pairs(fields, nsides, self.n))
        fields["F"] += sample_flags(fields, nsides, self.n) + [counts_keep(fields, nsides)]
        return RuleArrays(**{k: _array(v, k in FLAGS) for k, v in fields.items()})

    def mark_hops(self, f: dict[str, Any]) -> None:
        """Add PROM_ENDS to prom where a promotion ends the move (a chain of hops stops
        there), and HOP_TWINS to the mv_dist of a side's hop entries where two chains from
        one space may follow one path (two hop entries for one piece, or two hops from a
        space to one landing), so the interpreter drops the later ones as the engine does.
        In the fields the tables have already: every field more costs every call into
        the interpreter (it passes the tables as arguments)."""
        prom = f["prom"]
        for i, side in enumerate(self.sides):
            for j, p in enumerate(self.pieces[1:], 1):
                for r in self.rules.promote:
                    if p.side == side and r.piece == p.kind and r.guard.for_side(side) \
                            and r.ends_move:
                        for s in self.space_set(r.zone, side):
                            prom[i, j, s] |= PROM_ENDS
        for i in range(len(self.sides)):
            hops = [e for e in range(f["mv_first"][i], f["mv_first"][i + 1])
                    if f["mv_type"][e] == 3]
            shared = any((f["mv_kinds"][a] & f["mv_kinds"][b]).any()
                         for a in hops for b in hops if a < b)
            if shared or any(self.landings_repeat(f["mv_rs"][e]) for e in hops):
                for e in hops:
                    f["mv_dist"][e] += HOP_TWINS

    def landings_repeat(self, rs: int) -> bool:
        """Two rays of rayset rs from one space whose second spaces (a hop's landing) are
        one."""
        for start, count in self.raysets[rs]:
            lands = [self.rays[r][1] for r in range(start, start + count)
                     if len(self.rays[r]) > 1]
            if len(set(lands)) < len(lands):
                return True
        return False

    def ray_arrays(self) -> dict[str, Any]:
        longest = max((len(r) for r in self.rays), default=1)
        ray_sp = np.full((max(1, len(self.rays)), longest), -1, np.int64)
        for i, r in enumerate(self.rays):
            ray_sp[i, :len(r)] = r
        sets = self.raysets or [[(0, 0)] * self.n]
        nb_first = np.zeros((max(1, len(self.nbsets)), self.n + 1), np.int64)
        flat: list[int] = []
        for g, rows in enumerate(self.nbsets):
            for s, row in enumerate(rows):
                nb_first[g, s] = len(flat)
                flat += row
            nb_first[g, self.n] = len(flat)
        return {"ray_sp": ray_sp, "ray_len": [len(r) for r in self.rays] or [0],
                "rs_first": [[a for a, _ in rows] for rows in sets],
                "rs_count": [[b for _, b in rows] for rows in sets],
                "nb_first": nb_first, "nb_sp": flat or [0], **self.rays_through()}

    def rays_through(self) -> dict[str, Any]:
        """Per ray its space and rayset (ray_from, ray_set); per space the rays passing over
        it and where (rt_first[s] .. rt_first[s + 1] index rt: rows of ray, position)."""
        through: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for r, ray in enumerate(self.rays):
            for k, s in enumerate(ray):
                through[s].append((r, k))
        first = np.cumsum([0] + [len(x) for x in through], dtype=np.int64)
        rows = [row for x in through for row in x] or [(0, 0)]
        return {"ray_from": [s for s, _ in self.ray_origin] or [0],
                "ray_set": [g for _, g in self.ray_origin] or [0],
                "rt_first": first, "rt": np.array(rows, np.int64)}

    def flags(self) -> list[int]:
        rules = self.rules
        turn, end = rules.turn, rules.end
        sides = rules.sides
        flags = [0] * 13
        flags[0] = len(sides)
        flags[1] = turn.swap or 0
        flags[2] = sides.index(rules.first) if rules.first in sides else 0
        flags[3] = int(turn.pass_ == "when-stuck" or end.no_move == "pass")
        flags[4] = {"loses": 0, "wins": 1, "draw": 2}.get(end.no_move, 0)
        flags[5] = int(end.all_stuck == "most-pieces")
        flags[6] = {"mover": 0, "draw": 1, "illegal": 2}[end.both_win]
        flags[7] = end.quiet_moves or 0
        flags[8] = {"no": 0, "any": 1, "most": 2}[turn.must_capture]
        flags[9] = int(turn.supply == "shared")
        flags[10] = int(not any(c.type in ("custodial", "surround") for c in rules.capture))
        flags[11] = int(any(c.type == "outflank" and c.required for c in rules.capture))
        flags[12] = len(sides)
        group = turn.max_group  # 13: the largest group allowed (-1: any); 14: its nbset
        flags += [group.count, self.nbset(group.along)] if group else [-1, 0]
        return flags


def _pairs(f: dict[str, Any], nsides: int, n: int) -> dict[str, Any]:
    """th_most, per then_place entry, the most placements it allows after any move (at
    least 1); th_pairs, per side, 1 where a playout may draw a move and then its placement
    (pick): every move of the side places afterwards, and no placement, swap or capture
    filter joins them."""
    most = [max(1, _most_slots(f, f["th_rs"][j], f["th_type"][j], f["th_dist"][j], n))
            for j in range(len(f["th_type"]))]
    plain = unfiltered(f["F"])
    pairs = []
    for side in range(nsides):
        entries = range(f["mv_first"][side], f["mv_first"][side + 1])
        pairs.append(int(plain and len(entries) > 0 and
                         all(f["mv_then"][e] >= 0 for e in entries) and
                         f["pl_first"][side] == f["pl_first"][side + 1]))
    return {"th_most": most or [1], "th_pairs": pairs}


def unfiltered(flags: list[int]) -> bool:
    """No pie swap, must-capture, required outflank, both_win = illegal or max_group: a
    move's legality is its own, not a choice among the side's moves."""
    return bool(flags[1] == 0 and flags[8] == 0 and flags[11] == 0 and flags[6] != 2
                and flags[13] < 0)


def sample_flags(f: dict[str, Any], nsides: int, n: int) -> list[int]:
    """F[15] (generic_core.F_SAMPLE_SLOTS): where every side only moves (steps, slides and
    leaps without then_place; no placement, hop or filter), the most ray slots one entry
    has from one space (the steps it may end on, summed over its rays there), so a playout
    may draw its moves (generic_core.sampled_code); else 0. Also 0 where a draw's number
    (a piece, an entry and a slot) could pass 2**31."""
    entries = range(len(f["mv_type"]))
    if not (unfiltered(f["F"]) and f["pl_first"][nsides] == 0 and len(entries) > 0
            and all(f["mv_first"][s] < f["mv_first"][s + 1] for s in range(nsides))
            and all(f["mv_type"][e] < 3 and f["mv_then"][e] < 0 for e in entries)):
        return [0]
    slots = max(_most_slots(f, f["mv_rs"][e], f["mv_type"][e], f["mv_dist"][e], n)
                for e in entries)
    widest = max(f["mv_first"][s + 1] - f["mv_first"][s] for s in range(nsides))
    return [slots] if 0 < n * widest * slots < 2 ** 31 else [0]


def _most_slots(f: dict[str, Any], rs: int, kind: int, most: int, n: int) -> int:
    """The most spaces a step (0), slide (1) or leap (2) of distance most may end on along
    rayset rs's rays from any one space, summed over those rays (generic_core.reach's
    range per ray, the board empty)."""
    best = 0
    for s in range(n):
        first = f["rs_first"][rs][s]
        lengths = f["ray_len"][first:first + f["rs_count"][rs][s]]
        best = max(best, sum(int(x >= most) if kind == 2 else 1 if kind == 0 else
                             min(most, int(x)) for x in lengths))
    return best


def counts_keep(f: dict[str, Any], nsides: int) -> int:
    """F[16] (generic_core.F_COUNTS_KEEP): 1 where a ply that captures nothing leaves every
    side's pieces of every kind as many (no placement, then_place, outflank's flips, or
    promotion a piece-count condition of one kind would see), so a playout counts pieces
    again only after a capture; else 0."""
    flips = any(kind == 1 for kind in f["cp_type"])
    promotes = bool(np.asarray(f["prom"]).any()) and any(k >= 0 for k in f["w_kind"])
    return int(f["pl_first"][nsides] == 0 and all(t < 0 for t in f["mv_then"])
               and not flips and not promotes)


def _hop(rule: MoveRule) -> int:
    """The mv_dist field of a hop: its over, captures and chain (see HOP_TAKES)."""
    return (("any", "own", "enemy").index(rule.over) + HOP_TAKES * int(rule.captures)
            + HOP_CHAIN * ("no", "optional", "required").index(rule.chain))


def _reach(kind: str, distance: int | None) -> int:
    """The distance field of a step (1), slide (at most; FAR) or leap (exactly; 2)."""
    if kind == "step":
        return 1
    if kind == "leap":
        return distance or 2
    return distance or FAR


def _rows(rows: list[Any], width: int, dtype: Any) -> np.ndarray:
    """A 2-D array of rows (one all-false/zero row when there are none)."""
    if not rows:
        return np.zeros((1, width), dtype)
    return np.array(rows, dtype)


#: the one-dimensional fields of true/false (every other list is int64), so every game's
#: tables have one type and the interpreter is compiled once
FLAGS = frozenset(("mv_empty", "mv_enemy", "cp_required", "w_loses", "w_exact", "w_turn",
                   "w_ends"))


def _array(value: Any, flag: bool) -> np.ndarray:
    if isinstance(value, np.ndarray):
        return value
    return np.array(value, np.bool_ if flag else np.int64)


def work(k: Any, n: int, sides: int, bound: int) -> Any:
    """A work area for the interpreter: move buffers of bound codes, scratch state."""
    return Work(out=np.zeros(bound, np.int64), other=np.zeros(bound, np.int64),
                found=np.zeros(4 * n + 8, np.int64), seen=np.zeros(n, np.bool_),
                taken=np.zeros(bound, np.int64), cells=np.zeros(n, np.int64),
                hand=np.zeros(sides + 1, np.int64), st=np.zeros(4, np.int64),
                mark=np.zeros(n, np.int64), stack=np.zeros(n, np.int64),
                hit=np.zeros(n + 1, np.int64), log=np.zeros(4 * n + 16, np.int64),
                trial=np.zeros(4 * n + 16, np.int64), rng=np.zeros(4, np.int64),
                arrows=np.zeros(n + 1, np.int64), tally=np.zeros(4, np.int64),
                codes=np.zeros(0, np.int64),
                links=np.zeros((k.ray_len.shape[0], 2), np.int64),
                chain=np.zeros((n + 2, 4), np.int64),
                hops=np.zeros((3, 10, n + 3), np.int64),
                own=np.zeros((sides, n + 1), np.int64))


def move_bound(k: Any, n: int) -> int:
    """More codes than any position can have: placements, plus per origin every ray
    space of every move entry, times the then_place spaces of a landing."""
    per_space = (k.rs_count * 0).astype(np.int64)
    for rs in range(k.rs_first.shape[0]):
        for s in range(n):
            a, c = int(k.rs_first[rs, s]), int(k.rs_count[rs, s])
            per_space[rs, s] = int(k.ray_len[a:a + c].sum()) if c else 0
    widest = per_space.max(axis=1) if per_space.size else np.zeros(1, np.int64)
    then_most = max((int(widest[int(r)]) for r in k.th_rs), default=0) if len(k.th_owner) \
        else 0
    moves = sum(int(widest[int(k.mv_rs[e])]) for e in range(len(k.mv_type)))
    # chains of hops: no bound short of the position's; four per ray space is far more
    # than a draughts king finds (the interpreter flags more in generic_core's H_COUNT,
    # which GenericKernel._check_room raises on)
    chains = sum(4 * int(widest[int(k.mv_rs[e])]) for e in range(len(k.mv_type))
                 if k.mv_type[e] == 3)
    return 8 + n * len(k.pl_gravity) + n * (moves * (1 + then_most) + chains)
