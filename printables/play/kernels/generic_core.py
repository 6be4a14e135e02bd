"""The generic kernel's interpreter: move generation, moves, results and random playouts of
any supported [rules] vocabulary, over the rule tables of generic_tables (a namedtuple of
integer and boolean arrays, K) and a work area (W), on states of three arrays: cells (a
piece id per space, 0 empty), hand (pieces per side, the neutral supply last) and st
(side to move, pie swap used, plies since the last capture).

One interpreter for every rule set: the rules are data, so numba compiles this module once
per installation (cache=True) and never per game. The same source runs as plain Python
where numba is missing, and is loaded a second time without compilation for the
differential test (generic.core(pure=True)), so both paths are proven equal to the
engine by the same test.

A playout (playout) plays each ply without leaving the interpreter and stays uniformly
random over the legal moves, more cheaply than the per-ply calls: its win conditions look
only at the spaces the last ply changed (play logs them; see meets; a chain of linked
pieces is searched for only where a link may be new, see chained), its codes come in no
order (settle sorts them for legal()), a side whose every move places afterwards lists the
moves' pairs and draws the placement (pick), a game that only moves draws each move
without listing (sampled_code), and its numbers come from a small generator in the work
area (xoshiro128**, seeded per playout).

The filters max_group and both_win = illegal play each candidate on a copy of the board
(keep_allowed) and look at what it changed, as the playout does after a ply: the position
a move is generated in met no win condition.

Move codes: a placement on s is s + 1; a move from o to t is (o + 1) + (t + 1) * BASE,
plus (p + 1) * BASE**2 when it places a piece on p afterwards (X-Y/Z); PASS and SWAP are
negative. A hop or chain of hops from o ending on t is (o + 1) + (t + 1) * BASE +
(BASE + i) * BASE**2 (at least CHAIN = BASE**3): i counts the chains from o ending on t
in the order they are found (the entries in order, each depth first as moves.hops), so a
chain of any length fits 64 bits, and chain_of finds its path and captures again from the
position by walking o's chains once more (W.hops holds the walk: no path is stored
between calls, so codes stay valid on a copied state). A single hop o->t that a step,
slide or leap of an earlier entry also makes is that move (and the reverse), once, as
the engine's set of Moves has it; where two chains from o may follow one path
(generic_tables.HOP_TWINS), the later ones are dropped (drop_twins). Results: a side
index, DRAW (-1), or GOING_ON (-2).
"""

from __future__ import annotations

from typing import Any

from printables.play.kernels.generic_jit import jit_for
from printables.play.kernels.generic_tables import HOP_CHAIN, HOP_TAKES, HOP_TWINS, PROM_ENDS

jit = jit_for(__name__)
inline = jit_for(__name__, inline=True)

BASE = 1024
#: the smallest chain code (see "Move codes")
CHAIN = BASE * BASE * BASE
PASS = -1
SWAP = -2
#: no code (every code is a placement s + 1 >= 1, a move above BASE, PASS or SWAP)
NO_CODE = 0
DRAW = -1
GOING_ON = -2
# F (flags) indices
F_SIDES, F_SWAP, F_FIRST, F_PASS, F_NO_MOVE, F_ALL_STUCK, F_BOTH_WIN = 0, 1, 2, 3, 4, 5, 6
F_QUIET, F_MUST, F_SHARED, F_SIMPLE_TAKES, F_REQUIRED, F_NEUTRAL = 7, 8, 9, 10, 11, 12
F_GROUP, F_GROUP_NB = 13, 14  # max_group: the largest group (-1: any size), its relations
# a playout may draw its moves (sampled_code) where F_SAMPLE_SLOTS > 0: the most ray slots
# one move entry has from one space (the steps it may end on, summed over its rays there)
F_SAMPLE_SLOTS = 15
# 1 where a ply that captures nothing leaves every side's pieces of every kind as many
F_COUNTS_KEEP = 16
#: draws sampled_code makes before the playout lists the codes instead (a side with a
#: legal move is found in a few draws unless it has almost none)
SAMPLE_TRIES = 64
ILLEGAL = 2  # F[F_BOTH_WIN]: a move that makes two sides winners is illegal


@inline
def is_enemy(K: Any, piece: int, side: int) -> bool:
    """A piece of another side (neutral pieces are nobody's enemy)."""
    if piece == 0:
        return False
    o = K.piece_side[piece]
    return bool(o != side and o != K.F[F_NEUTRAL])


@inline
def taken_from(K: Any, hand: Any, side: int) -> int:
    """The hand a placement of side takes from, or -1 (nothing to place)."""
    if hand[side] > 0:
        return side
    if K.F[F_SHARED] == 0:
        return -1
    n = K.F[F_SIDES]
    for i in range(1, n):
        o = (side + i) % n
        if hand[o] > 0:
            return int(o)
    return -1


@inline
def first_visit(hit: Any, s: int, bit: int) -> bool:
    """True the first time s is reached with bit (1 a placement or plain move, 2 a move
    with then_place) under the current stamp, hit[-1]; marks it. A new stamp forgets every
    mark at once, so nothing is cleared space by space."""
    stamp = hit[hit.shape[0] - 1]
    mark = hit[s]
    if mark >> 2 == stamp and mark & bit:
        return False
    hit[s] = (stamp << 2) | (mark & 3 if mark >> 2 == stamp else 0) | bit
    return True


@inline
def put(cells: Any, s: int, piece: int, log: Any) -> None:
    """cells[s] = piece, noted in the change log: log[0] spaces changed, then the spaces."""
    cells[s] = piece
    log[0] += 1
    log[log[0]] = s


@inline
def add_placements(K: Any, cells: Any, hand: Any, side: int, out: Any, m: int,
                   hit: Any) -> int:
    """Append the side's placements, each space once (entries may overlap)."""
    if K.placed_piece[side] == 0 or taken_from(K, hand, side) < 0:
        return m
    hit[hit.shape[0] - 1] += 1
    for e in range(K.pl_first[side], K.pl_first[side + 1]):
        g = K.pl_gravity[e]
        for s in range(cells.shape[0]):
            if cells[s] != 0 or not K.pl_mask[e, s]:
                continue
            if g >= 0:
                b = K.below[g, s]
                if b >= 0 and cells[b] == 0:
                    continue
            if first_visit(hit, s, 1):
                out[m] = s + 1
                m += 1
    return m


@jit
def add_then(K: Any, cells: Any, hand: Any, j: int, o: int, t: int, out: Any, m: int,
             seen: Any) -> int:
    """The move o->t followed by each placement then_place entry j allows."""
    owner = K.th_owner[j]
    if hand[owner] <= 0:
        return m
    saved_o, saved_t = cells[o], cells[t]
    cells[t] = saved_o
    cells[o] = 0
    first = m
    kind, most = K.th_type[j], K.th_dist[j]
    rs = K.th_rs[j]
    for r in range(K.rs_first[rs, t], K.rs_first[rs, t] + K.rs_count[rs, t]):
        first_step, last_step = reach(kind, most, K.ray_len[r])
        for k in range(first_step, last_step):
            p = K.ray_sp[r, k]
            if cells[p] != 0:
                break
            if not seen[p]:
                seen[p] = True
                out[m] = p
                m += 1
    cells[o] = saved_o
    cells[t] = saved_t
    base = (o + 1) + (t + 1) * BASE
    keep = first
    for i in range(first, m):
        p = out[i]
        seen[p] = False
        if not K.th_blocked[j, p]:
            out[keep] = base + (p + 1) * BASE * BASE
            keep += 1
    return keep


@inline
def applies(K: Any, e: int, piece: int, s: int, in_hand: bool) -> bool:
    """Move entry e moves this piece from s (with or without a piece in hand)."""
    when = K.mv_when[e]
    if (when == 1 and in_hand) or (when == 2 and not in_hand):
        return False
    return bool(K.mv_kinds[e, piece] and K.mv_from[e, s])


# ---------------------------------------------------------------------- chains of hops
# A chain's walk keeps its frames in H = W.hops, H[h] (h: 0, the listing's and play's; 1
# and 2, drop_twins' beside the listing): rows by depth d (the hop that lands on path[d])
# and rows by space. A hop entry's mv_dist holds its over, captures and chain
# (generic_tables.HOP_*).
H_PATH, H_MID, H_RAY, H_END, H_BEFORE, H_TAKE = 0, 1, 2, 3, 4, 5
H_HOPPED, H_GONE, H_LANDED, H_COUNT = 6, 7, 8, 9
# H_COUNT[t]: chains ending on t (stamped: STAMP * stamp + count), H_COUNT[n] the stamp,
# H_COUNT[n + 1] the chains of the origin so far, H_COUNT[n + 2] 1 once out was too small
STAMP = 1 << 24
LIST, FIND = 0, 1


@inline
def hop_kind(K: Any, cells: Any, side: int, e: int, o: int, H: Any, h: int, r: int) -> int:
    """Whether ray r is a hop of entry e for the chain in H[h] from o: 0 no, 1 a hop
    that takes nothing, 2 one that captures (moves.hops: the board as it was, the mover
    lifted from o, the pieces it took gone)."""
    if K.ray_len[r] < 2:
        return 0
    mid, land = K.ray_sp[r, 0], K.ray_sp[r, 1]
    p = cells[mid]
    if p == 0 or H[h, H_HOPPED, mid] != 0 or not K.mv_land[e, land]:
        return 0
    over, enemy = K.mv_dist[e] % HOP_TAKES, is_enemy(K, p, side)
    if (over == 1 and K.piece_side[p] != side) or (over == 2 and not enemy):
        return 0
    if cells[land] != 0 and land != o and H[h, H_GONE, land] == 0:
        return 0
    takes = (K.mv_dist[e] // HOP_TAKES) % 2 != 0 and enemy
    if not takes and H[h, H_LANDED, land] != 0:
        return 0
    return 2 if takes else 1


@inline
def hop_on(K: Any, H: Any, h: int, d: int, r: int, kind: int) -> None:
    """Make the hop along ray r the chain's d-th."""
    mid, land = K.ray_sp[r, 0], K.ray_sp[r, 1]
    H[h, H_PATH, d] = land
    H[h, H_MID, d] = mid
    H[h, H_TAKE, d] = 1 if kind == 2 else 0
    H[h, H_HOPPED, mid] = 1
    H[h, H_GONE, mid] = 1 if kind == 2 else 0
    H[h, H_LANDED, land] += 1


@inline
def hop_off(H: Any, h: int, d: int) -> None:
    """Take the chain's d-th hop back (its space marks)."""
    H[h, H_HOPPED, H[h, H_MID, d]] = 0
    H[h, H_GONE, H[h, H_MID, d]] = 0
    H[h, H_LANDED, H[h, H_PATH, d]] -= 1


@inline
def chain_found(H: Any, h: int, n: int, o: int, d: int, mode: int, want_t: int, want_i: int,
                out: Any, m: int, hit: Any, taken: Any) -> tuple[int, int]:
    """A chain of d hops is complete. LIST: append its code (a single hop o->t once with
    the other moves o->t, see first_visit) and its captures (taken[m]); FIND: stop (d)
    when it is the want_i-th chain from o ending on want_t. (stop or -1, m)."""
    t = H[h, H_PATH, d]
    H[h, H_COUNT, n + 1] += 1
    stamp = H[h, H_COUNT, n]
    c = H[h, H_COUNT, t]
    k = c - stamp * STAMP if c >= stamp * STAMP else 0
    H[h, H_COUNT, t] = stamp * STAMP + k + 1
    if mode == FIND:
        return (d if t == want_t and k == want_i else -1), m
    if d == 1 and not first_visit(hit, t, 1):
        return -1, m
    if m >= out.shape[0]:
        H[h, H_COUNT, n + 2] = 1
        return -1, m
    out[m] = (o + 1) + (t + 1) * BASE + (BASE + k) * BASE * BASE
    c = 0
    for j in range(1, d + 1):
        c += H[h, H_TAKE, j]
    taken[m] = c
    return -1, m + 1


@jit
def walk(K: Any, cells: Any, side: int, o: int, e: int, H: Any, h: int, mode: int,
         want_t: int, want_i: int, out: Any, m: int, hit: Any, taken: Any) -> tuple[int, int]:
    """The chains of hop entry e from o in moves.hops' order, depth first, each given to
    chain_found (a chain goes after the longer ones through it); (stop or -1, m)."""
    n = cells.shape[0]
    rs, chain, piece = K.mv_rs[e], (K.mv_dist[e] // HOP_CHAIN) % 3, cells[o]
    H[h, H_PATH, 0] = o
    H[h, H_RAY, 0] = K.rs_first[rs, o]
    H[h, H_END, 0] = K.rs_first[rs, o] + K.rs_count[rs, o]
    d = 0
    while True:
        r = H[h, H_RAY, d]
        if r < H[h, H_END, d]:
            H[h, H_RAY, d] = r + 1
            kind = hop_kind(K, cells, side, e, o, H, h, r)
            if kind == 0:
                continue
            d += 1
            hop_on(K, H, h, d, r, kind)
            land = H[h, H_PATH, d]
            H[h, H_BEFORE, d] = H[h, H_COUNT, n + 1]
            if chain != 0 and K.prom[side, piece, land] < PROM_ENDS:
                H[h, H_RAY, d] = K.rs_first[rs, land]
                H[h, H_END, d] = K.rs_first[rs, land] + K.rs_count[rs, land]
                continue
        elif d == 0:
            return -1, m
        elif chain != 1 and H[h, H_COUNT, n + 1] != H[h, H_BEFORE, d]:
            hop_off(H, h, d)  # it went on: only its longer chains count
            d -= 1
            continue
        stop, m = chain_found(H, h, n, o, d, mode, want_t, want_i, out, m, hit, taken)
        if stop >= 0:
            for j in range(d, 0, -1):
                hop_off(H, h, j)
            return stop, m
        hop_off(H, h, d)
        d -= 1


@inline
def new_origin(H: Any, h: int, n: int) -> None:
    """Count the chains of another origin (every per-space count forgotten at once)."""
    H[h, H_COUNT, n] += 1
    H[h, H_COUNT, n + 1] = 0


@jit
def chain_of(K: Any, cells: Any, hand: Any, side: int, code: int, H: Any, h: int) -> int:
    """The chain a chain code names, found again in H[h] (path, captured pieces); its
    number of hops."""
    o = code % BASE - 1
    t = (code // BASE) % BASE - 1
    i = code // (BASE * BASE) - BASE
    new_origin(H, h, cells.shape[0])
    piece, in_hand = cells[o], hand[side] > 0
    for e in range(K.mv_first[side], K.mv_first[side + 1]):
        if K.mv_type[e] == 3 and applies(K, e, piece, o, in_hand):
            # FIND writes none of out, hit, taken: cells stands in for them
            d, _ = walk(K, cells, side, o, e, H, h, FIND, t, i, cells, 0, cells, cells)
            if d >= 0:
                return int(d)
    return -1


@jit
def drop_twins(K: Any, cells: Any, hand: Any, side: int, out: Any, first: int, m: int,
               W: Any) -> int:
    """Of the chain codes out[first:m] (one origin's, in the order found), keep each path
    once, the first (the engine's legal moves are a set of Moves; a chain's captures are
    the first chain's)."""
    H = W.hops
    keep = first
    for i in range(first, m):
        code = out[i]
        twin = False
        if code >= BASE * BASE * BASE:
            d = chain_of(K, cells, hand, side, code, H, 1)  # 0 is the listing's
            for j in range(first, keep):
                c = out[j]
                if twin or c < BASE * BASE * BASE or (c // BASE) % BASE != (code // BASE) % BASE:
                    continue
                if chain_of(K, cells, hand, side, c, H, 2) == d:
                    twin = True
                    for x in range(d + 1):
                        if H[1, H_PATH, x] != H[2, H_PATH, x]:
                            twin = False
        if not twin:
            out[keep] = code
            W.taken[keep] = W.taken[i]
            keep += 1
    return keep


@inline
def add_hops(K: Any, cells: Any, hand: Any, side: int, s: int, e: int, out: Any, first: int,
             m: int, more: bool, W: Any) -> int:
    """Append the chains of hop entry e from s (more: not the origin's first hop entry),
    each path once (drop_twins over the origin's codes out[first:m] so far)."""
    if not more:
        new_origin(W.hops, 0, cells.shape[0])
    _, m = walk(K, cells, side, s, e, W.hops, 0, LIST, -1, -1, out, m, W.hit, W.taken)
    if K.mv_dist[e] >= HOP_TWINS and m - first > 1:
        m = drop_twins(K, cells, hand, side, out, first, m, W)
    return int(m)


@inline
def reach(kind: int, most: int, length: int) -> tuple[int, int]:
    """The steps along a ray of length spaces a step (0), slide (1) or leap (2) of distance
    most may end on: range(first, last); a step or slide stops at the first piece."""
    if kind == 2:
        return (most - 1, most) if length >= most else (0, 0)
    return 0, 1 if kind == 0 else min(most, length)


@inline
def lands_on(K: Any, cells: Any, side: int, e: int, t: int) -> bool:
    """Move entry e of side may end on t as the board stands (empty or enemy, as the entry
    wants, and a landing space of it)."""
    here = cells[t]
    ok = (here == 0 and K.mv_empty[e]) or (K.mv_enemy[e] and is_enemy(K, here, side))
    return bool(ok and K.mv_land[e, t])


@inline
def add_moves(K: Any, cells: Any, hand: Any, side: int, out: Any, m: int, seen: Any,
              hit: Any, pairs: bool, W: Any) -> int:
    """Append the side's moves, each code once (entries and rays may reach a target
    twice: hit marks the targets of the current origin). pairs: a move with then_place
    as its pair o->t alone (pick draws the placement)."""
    in_hand = hand[side] > 0
    for s in range(cells.shape[0]):
        piece = cells[s]
        if piece == 0 or K.piece_side[piece] != side:
            continue
        hit[hit.shape[0] - 1] += 1
        first, hopped = m, False
        for e in range(K.mv_first[side], K.mv_first[side + 1]):
            if not applies(K, e, piece, s, in_hand):
                continue
            kind, most, rs = K.mv_type[e], K.mv_dist[e], K.mv_rs[e]
            if kind == 3:
                m = add_hops(K, cells, hand, side, s, e, out, first, m, hopped, W)
                hopped = True
                continue
            for r in range(K.rs_first[rs, s], K.rs_first[rs, s] + K.rs_count[rs, s]):
                reach_first, reach_last = reach(kind, most, K.ray_len[r])
                for k in range(reach_first, reach_last):
                    t = K.ray_sp[r, k]
                    here = cells[t]
                    if lands_on(K, cells, side, e, t):
                        if K.mv_then[e] < 0:
                            if first_visit(hit, t, 1):
                                out[m] = (s + 1) + (t + 1) * BASE
                                m += 1
                        elif first_visit(hit, t, 2):
                            if pairs:
                                out[m] = (s + 1) + (t + 1) * BASE
                                m += 1
                            else:
                                m = add_then(K, cells, hand, K.mv_then[e], s, t, out, m, seen)
                    if here != 0 and kind != 2:
                        break
    return m


# ------------------------------------------------------------------ drawn moves
# Where F_SAMPLE_SLOTS > 0 (moves only: steps, slides and leaps, no placement, hop,
# then_place, swap or filter; generic_tables.sample_flags), a playout draws each ply's
# move instead of listing every code: an own piece, a move entry and a slot below
# F_SAMPLE_SLOTS, each uniformly, until they name a legal code by add_moves' first
# (entry, ray, step) to reach it. A slot is a step along one of the entry's rays from
# the piece (ray_slot), its rays' reaches counted in turn; slots past the last name
# nothing. Every legal code has one such draw out of the same number, so each is as
# likely as in a list; a side with few moves falls back on the list after SAMPLE_TRIES
# draws (uniform too). The playout keeps each side's pieces listed (list_own,
# follow_own) instead of looking over the board for them every ply.


@jit
def reached_before(K: Any, cells: Any, side: int, s: int, in_hand: bool, e: int, r: int,
                   k: int, t: int) -> bool:
    """add_moves reaches the code s->t before entry e's step k along ray r: by an earlier
    entry, an earlier ray of e, or an earlier step of r."""
    piece = cells[s]
    for e2 in range(K.mv_first[side], e + 1):
        if not applies(K, e2, piece, s, in_hand):
            continue
        kind, most, rs = K.mv_type[e2], K.mv_dist[e2], K.mv_rs[e2]
        for r2 in range(K.rs_first[rs, s], K.rs_first[rs, s] + K.rs_count[rs, s]):
            if e2 == e and r2 > r:
                return False
            first, last = reach(kind, most, K.ray_len[r2])
            for k2 in range(first, k if e2 == e and r2 == r else last):
                t2 = K.ray_sp[r2, k2]
                if t2 == t and lands_on(K, cells, side, e2, t):
                    return True
                if cells[t2] != 0 and kind != 2:
                    break
    return False


@inline
def list_own(K: Any, cells: Any, side: int, own: Any) -> None:
    """own[side] = the number of side's pieces, then the spaces they stand on (the pieces
    sampled_code draws from; a playout keeps the row true with follow_own)."""
    n = 0
    for s in range(cells.shape[0]):
        piece = cells[s]
        if piece != 0 and K.piece_side[piece] == side:
            n += 1
            own[side, n] = s
    own[side, 0] = n


@inline
def follow_own(K: Any, cells: Any, side: int, code: int, taken: int, own: Any) -> None:
    """Keep own (list_own's rows) true after side played code in a game that draws: a
    move o->t that took nothing moves one entry of side's row (a promotion keeps the
    space); after a capture every row is listed again."""
    if taken > 0:
        for s in range(K.F[F_SIDES]):
            list_own(K, cells, s, own)
    elif code > 0:
        o, t = code % BASE - 1, (code // BASE) % BASE - 1
        for i in range(1, own[side, 0] + 1):
            if own[side, i] == o:
                own[side, i] = t
                return


@inline
def ray_slot(K: Any, e: int, s: int, slot: int) -> tuple[int, int]:
    """(ray, step) of entry e from s that slot names, counting each ray's reach in turn;
    (-1, -1) past the last (the slots of s, fewer than F_SAMPLE_SLOTS)."""
    kind, most, rs = K.mv_type[e], K.mv_dist[e], K.mv_rs[e]
    for r in range(K.rs_first[rs, s], K.rs_first[rs, s] + K.rs_count[rs, s]):
        lo, hi = reach(kind, most, K.ray_len[r])
        if slot < hi - lo:
            return r, lo + slot
        slot -= hi - lo
    return -1, -1


@inline
def sampled_code(K: Any, cells: Any, hand: Any, side: int, W: Any) -> int:
    """A uniformly random legal code of side drawn as above from the pieces in W.own's
    row of side (list_own), or NO_CODE after SAMPLE_TRIES draws (the side has no move,
    or too few to be drawn quickly)."""
    n = W.own[side, 0]
    first, entries = K.mv_first[side], K.mv_first[side + 1] - K.mv_first[side]
    if n == 0 or entries == 0:
        return NO_CODE
    in_hand, slots = hand[side] > 0, K.F[F_SAMPLE_SLOTS]
    span = entries * slots  # generic_tables.sample_flags keeps n * span below 2**31
    for _ in range(SAMPLE_TRIES):
        u = below(W.rng, n * span)  # one number: a piece, an entry and a slot
        i, rest = divmod(u, span)
        s = W.own[side, 1 + i]
        q, slot = divmod(rest, slots)
        e = first + q
        r, k = ray_slot(K, e, s, slot)
        if r < 0 or not applies(K, e, cells[s], s, in_hand):
            continue
        clear = True
        if K.mv_type[e] != 2:
            for j in range(k):
                if cells[K.ray_sp[r, j]] != 0:
                    clear = False
                    break
        t = K.ray_sp[r, k]
        if clear and lands_on(K, cells, side, e, t) and \
                not reached_before(K, cells, side, s, in_hand, e, r, k, t):
            return int((s + 1) + (t + 1) * BASE)
    return NO_CODE


@jit
def sort_codes(out: Any, m: int) -> None:
    """Sort the first m codes in place (the order _settle hands out; playouts need none).
    A shell sort (numba's sort would allocate, and the interpreter runs without numba's
    runtime)."""
    gap = 1
    while gap < m // 3:
        gap = 3 * gap + 1
    while gap > 0:
        for i in range(gap, m):
            v = out[i]
            j = i
            while j >= gap and out[j - gap] > v:
                out[j] = out[j - gap]
                j -= gap
            out[j] = v
        gap //= 3


@jit
def runs(K: Any, cells: Any, side: int, landing: int, e: int, found: Any, f: int) -> int:
    """Custodial and outflank: append the enemy runs the landing piece encloses."""
    rs, lo, hi = K.cp_rs[e], K.cp_lo[e], K.cp_hi[e]
    for r in range(K.rs_first[rs, landing], K.rs_first[rs, landing] + K.rs_count[rs, landing]):
        length = K.ray_len[r]
        n = 0
        while n < length and K.cp_victim[e, cells[K.ray_sp[r, n]]]:
            n += 1
        if lo <= n <= hi and n < length and enclosing(K, cells, side, K.ray_sp[r, n], e):
            for k in range(n):
                found[f] = K.ray_sp[r, k]
                f += 1
    return f


@inline
def enclosing(K: Any, cells: Any, side: int, s: int, e: int) -> bool:
    p = cells[s]
    if p != 0:
        return bool(K.piece_side[p] == side)
    return bool(K.cp_hostile[e, s])


@jit
def surrounded(K: Any, cells: Any, side: int, landing: int, e: int, found: Any,
               f: int) -> int:
    g = K.cp_nb[e]
    for i in range(K.nb_first[g, landing], K.nb_first[g, landing + 1]):
        v = K.nb_sp[i]
        if not K.cp_victim[e, cells[v]]:
            continue
        lo, hi = K.nb_first[g, v], K.nb_first[g, v + 1]
        if hi == lo:
            continue
        ok = True
        for j in range(lo, hi):
            if not enclosing(K, cells, side, K.nb_sp[j], e):
                ok = False
                break
        if ok:
            found[f] = v
            f += 1
    return f


@inline
def after_action(K: Any, cells: Any, side: int, landing: int, action: int, found: Any,
                 log: Any) -> int:
    """Every capture rule of side the action (0 move, 1 place) triggers, in order, in
    place; the number of pieces captured."""
    taken = 0
    for e in range(K.cp_first[side], K.cp_first[side + 1]):
        if not K.cp_after[e, action]:
            continue
        kind = K.cp_type[e]
        f = surrounded(K, cells, side, landing, e, found, 0) if kind == 2 else \
            runs(K, cells, side, landing, e, found, 0)
        for i in range(f):
            s = found[i]
            p = cells[s]
            if p == 0:
                continue
            if kind == 1:
                if K.piece_side[p] != side:
                    put(cells, s, K.flip[side, p], log)
            else:
                put(cells, s, 0, log)
                taken += 1
    return taken


@jit
def play_chain(K: Any, cells: Any, hand: Any, side: int, code: int, found: Any, log: Any,
               H: Any) -> int:
    """Play a chain code in place (the piece lifted, every piece it took removed, promoted
    where it lands); the number of pieces captured."""
    d = chain_of(K, cells, hand, side, code, H, 0)
    o, t = code % BASE - 1, (code // BASE) % BASE - 1
    piece = cells[o]
    put(cells, o, 0, log)
    taken = 0
    for j in range(1, d + 1):
        if H[0, H_TAKE, j] != 0:
            put(cells, H[0, H_MID, j], 0, log)
            taken += 1
    promoted = K.prom[side, piece, t] & (PROM_ENDS - 1)
    put(cells, t, promoted if promoted != 0 else piece, log)
    return int(taken + after_action(K, cells, side, t, 0, found, log))


@inline
def play(K: Any, cells: Any, hand: Any, st: Any, code: int, found: Any, log: Any,
         H: Any) -> int:
    """Play a legal code in place; the number of pieces captured. log: the spaces it
    changed (see put); H: the work area of chains (W.hops)."""
    log[0] = 0
    side = st[0]
    if code == SWAP:
        st[1] = 1
        return 0
    n_sides = K.F[F_SIDES]
    taken = 0
    if code >= CHAIN:
        taken = play_chain(K, cells, hand, side, code, found, log, H)
    elif code != PASS:
        o = code % BASE - 1
        t = (code // BASE) % BASE - 1
        p = (code // (BASE * BASE)) % BASE - 1
        if t < 0:
            hand[taken_from(K, hand, side)] -= 1
            put(cells, o, K.placed_piece[side], log)
            taken = after_action(K, cells, side, o, 1, found, log)
        else:
            piece = cells[o]
            put(cells, o, 0, log)
            if cells[t] != 0:
                taken += 1
            promoted = K.prom[side, piece, t] & (PROM_ENDS - 1)
            put(cells, t, promoted if promoted != 0 else piece, log)
            if p >= 0:
                j = K.side_then[side]
                put(cells, p, K.th_piece[j], log)
                hand[K.th_owner[j]] -= 1
            taken += after_action(K, cells, side, t, 0, found, log)
    if K.F[F_QUIET] > 0:
        st[2] = 0 if taken > 0 else st[2] + 1
    st[0] = (side + 1) % n_sides
    return taken


@jit
def landed_flips(K: Any, cells: Any, side: int, code: int, found: Any) -> bool:
    """For a required outflank: whether the move (on cells, undone after) turns anything
    over; True where no required outflank applies to it."""
    o = code % BASE - 1
    t = (code // BASE) % BASE - 1
    action = 1 if t < 0 else 0
    landing = o if t < 0 else t
    any_rule = False
    flips = False
    saved_o, saved_t = cells[o], cells[landing]
    if t < 0:
        cells[o] = K.placed_piece[side]
    else:
        cells[t] = saved_o
        cells[o] = 0
    for e in range(K.cp_first[side], K.cp_first[side + 1]):
        if K.cp_type[e] == 1 and K.cp_required[e] and K.cp_after[e, action]:
            any_rule = True
            if runs(K, cells, side, landing, e, found, 0) > 0:
                flips = True
                break
    cells[o] = saved_o
    cells[landing] = saved_t
    return flips or not any_rule


@jit
def chain_flips(K: Any, cells: Any, hand: Any, side: int, code: int, W: Any) -> bool:
    """landed_flips of a chain: on a copy (W.cells) with the chain's captures gone and its
    piece landed, not promoted (engine._landed)."""
    d = chain_of(K, cells, hand, side, code, W.hops, 0)
    o, t = code % BASE - 1, (code // BASE) % BASE - 1
    for i in range(cells.shape[0]):
        W.cells[i] = cells[i]
    W.cells[o] = 0
    for j in range(1, d + 1):
        if W.hops[0, H_TAKE, j] != 0:
            W.cells[W.hops[0, H_MID, j]] = 0
    W.cells[t] = cells[o]
    any_rule = False
    for e in range(K.cp_first[side], K.cp_first[side + 1]):
        if K.cp_type[e] == 1 and K.cp_required[e] and K.cp_after[e, 0]:
            any_rule = True
            if runs(K, W.cells, side, t, e, W.found, 0) > 0:
                return True
    return not any_rule


@jit
def captures_of(K: Any, cells: Any, hand: Any, st: Any, code: int, W: Any) -> int:
    """How many pieces a move captures (for must_capture)."""
    t = (code // BASE) % BASE - 1
    if K.F[F_SIMPLE_TAKES]:
        return 1 if t >= 0 and cells[t] != 0 else 0
    for i in range(cells.shape[0]):  # loops, not slices: nothing allocates (no runtime)
        W.cells[i] = cells[i]
    for i in range(hand.shape[0]):
        W.hand[i] = hand[i]
    for i in range(st.shape[0]):
        W.st[i] = st[i]
    return int(play(K, W.cells, W.hand, W.st, code, W.found, W.trial, W.hops))


@inline
def group_too_big(K: Any, cells: Any, side: int, s: int, W: Any) -> bool:
    """The side's group holding s, along max_group's relations, has more pieces than
    max_group allows (counted only that far, in W.stack)."""
    limit, g = K.F[F_GROUP], K.F[F_GROUP_NB]
    W.stack[0] = s
    size, i = 1, 0
    while i < size and size <= limit:
        here = W.stack[i]
        i += 1
        for j in range(K.nb_first[g, here], K.nb_first[g, here + 1]):
            v = K.nb_sp[j]
            p = cells[v]
            if p == 0 or K.piece_side[p] != side:
                continue
            known = False
            for x in range(size):
                known = known or W.stack[x] == v
            if not known:
                W.stack[size] = v
                size += 1
    return bool(size > limit)


@inline
def fits(K: Any, cells: Any, side: int, code: int, W: Any) -> bool:
    """max_group: the groups of the piece landed (and of one placed after the move) on
    cells, after the code, are small enough."""
    if K.F[F_GROUP] < 0:
        return True
    o = code % BASE - 1
    t = (code // BASE) % BASE - 1
    p = (code // (BASE * BASE)) % BASE - 1 if code < CHAIN else -1  # a chain places none
    for s in (o if t < 0 else t, p):
        if s >= 0 and cells[s] != 0 and K.piece_side[cells[s]] == side and \
                group_too_big(K, cells, side, s, W):
            return False
    return True


@inline
def side_wins(K: Any, cells: Any, hand: Any, side: int, W: Any, log: Any) -> bool:
    """The side meets one of its own win conditions (result wins; log: see meets)."""
    for e in range(K.w_first_side[side], K.w_first_side[side + 1]):  # noqa: SIM110
        if not K.w_loses[e] and meets(K, cells, hand, side, e, W, log, False):
            return True
    return False


@inline
def both_win(K: Any, cells: Any, hand: Any, side: int, W: Any) -> bool:
    """both_win = illegal: side and another side both meet a win condition on cells, the
    position after side's code (its changes in W.trial; the position before met none).
    The others first: they seldom win by the mover's move."""
    if K.F[F_BOTH_WIN] != ILLEGAL:
        return False
    for o in range(K.F[F_SIDES]):
        if o != side and side_wins(K, cells, hand, o, W, W.trial):
            return bool(side_wins(K, cells, hand, side, W, W.trial))
    return False


@jit
def keep_allowed(K: Any, cells: Any, hand: Any, st: Any, side: int, out: Any, m: int,
                 W: Any) -> int:
    """Keep the first m codes of side in out that max_group and both_win allow: each is
    played by side on W.cells (a copy of cells, its changes put back after each), and the
    win conditions read the hand before it, as the engine's filter does."""
    for i in range(cells.shape[0]):
        W.cells[i] = cells[i]
    keep = 0
    for i in range(m):
        for j in range(hand.shape[0]):
            W.hand[j] = hand[j]
        for j in range(st.shape[0]):
            W.st[j] = st[j]
        W.st[0] = side
        play(K, W.cells, W.hand, W.st, out[i], W.found, W.trial, W.hops)
        if fits(K, W.cells, side, out[i], W) and not both_win(K, W.cells, hand, side, W):
            out[keep] = out[i]
            keep += 1
        for j in range(1, W.trial[0] + 1):
            W.cells[W.trial[j]] = cells[W.trial[j]]
    return keep


@jit
def candidates(K: Any, cells: Any, hand: Any, st: Any, side: int, out: Any, W: Any,
               pairs: bool) -> int:
    """The side's placements and moves the filters allow, each once (in no order). pairs:
    where every move of the side places afterwards (th_pairs), its pairs o->t instead
    (none where no pair has a placement)."""
    m = add_placements(K, cells, hand, side, out, 0, W.hit)
    listed = pairs and K.th_pairs[side] != 0
    m = add_moves(K, cells, hand, side, out, m, W.seen, W.hit, listed, W)
    if listed:
        j = K.side_then[side]
        for i in range(m):
            code = out[i]
            if add_then(K, cells, hand, j, code % BASE - 1, (code // BASE) % BASE - 1,
                        W.arrows, 0, W.seen) > 0:
                return int(m)
        return 0
    if K.F[F_REQUIRED]:
        keep = 0
        for i in range(m):
            if chain_flips(K, cells, hand, side, out[i], W) if out[i] >= CHAIN else \
                    landed_flips(K, cells, side, out[i], W.found):
                out[keep] = out[i]
                W.taken[keep] = W.taken[i]
                keep += 1
        m = keep
    if K.F[F_GROUP] >= 0 or K.F[F_BOTH_WIN] == ILLEGAL:
        m = keep_allowed(K, cells, hand, st, side, out, m, W)
    if K.F[F_MUST] > 0 and m > 0:
        best = 0
        for i in range(m):
            if out[i] < CHAIN or not K.F[F_SIMPLE_TAKES]:  # a chain's: counted when found
                W.taken[i] = captures_of(K, cells, hand, st, out[i], W)
            best = max(best, W.taken[i])
        if best > 0:
            keep = 0
            for i in range(m):
                if W.taken[i] > 0 and (K.F[F_MUST] == 1 or W.taken[i] == best):
                    out[keep] = out[i]
                    keep += 1
            m = keep
    return int(m)


@inline
def can_swap(K: Any, cells: Any, st: Any) -> bool:
    n = K.F[F_SWAP]
    if n == 0 or st[1] != 0:
        return False
    sides, first = K.F[F_SIDES], K.F[F_FIRST]
    if st[0] != (first + n) % sides:
        return False
    for s in range(sides):
        turns = 0
        for i in range(n):
            if (first + i) % sides == s:
                turns += 1
        if count(K, cells, s, -1) != turns:
            return False
    return True


@inline
def count(K: Any, cells: Any, side: int, kind: int) -> int:
    c = 0
    for s in range(cells.shape[0]):
        p = cells[s]
        if p != 0 and K.piece_side[p] == side and (kind < 0 or K.piece_kind[p] == kind):
            c += 1
    return c


@inline
def legal(K: Any, cells: Any, hand: Any, st: Any, out: Any, W: Any, pairs: bool) -> int:
    """The legal codes of the side to move (no check that the game is over; pairs: see
    candidates)."""
    m = candidates(K, cells, hand, st, st[0], out, W, pairs)
    if can_swap(K, cells, st):
        out[m] = SWAP
        m += 1
    if m == 0 and K.F[F_PASS] == 1:
        out[m] = PASS
        m += 1
    return int(m)


@inline
def window_holds(K: Any, cells: Any, e: int, w: int) -> bool:
    """Window w of line entry e is all own pieces (and, for an exact line, not longer)."""
    for k in range(K.w_n[e]):
        if not K.w_own[e, cells[K.win_sp[w, k]]]:
            return False
    if K.w_exact[e]:
        b, a = K.win_out[w, 0], K.win_out[w, 1]
        if (b >= 0 and K.w_own[e, cells[b]]) or (a >= 0 and K.w_own[e, cells[a]]):
            return False
    return True


@inline
def has_line(K: Any, cells: Any, e: int, log: Any) -> bool:
    """A line of entry e: on the whole board, or (log) through the spaces just changed."""
    if log[0] < 0:
        for w in range(K.w_first[e], K.w_first[e + 1]):  # noqa: SIM110 (numba loop)
            if window_holds(K, cells, e, w):
                return True
        return False
    for i in range(1, log[0] + 1):
        s = log[i]
        for j in range(K.wt_first[e, s], K.wt_first[e, s + 1]):
            if window_holds(K, cells, e, K.wt_w[j]):
                return True
    return False


@inline
def group_connects(K: Any, cells: Any, e: int, W: Any, start: int) -> bool:
    """The group of own pieces (along the rule's relations) around start, unless marked
    already, touches every area and is big enough; marks it."""
    if W.mark[start] or not K.w_own[e, cells[start]]:
        return False
    areas, a0, g = K.w_areas[e], K.w_area0[e], K.w_nb[e]
    touched, size = 0, 0
    W.stack[0] = start
    top = 1
    W.mark[start] = 1
    while top > 0:
        top -= 1
        here = W.stack[top]
        size += 1
        for a in range(areas):
            if K.area[a0 + a, here]:
                touched |= 1 << a
        for i in range(K.nb_first[g, here], K.nb_first[g, here + 1]):
            v = K.nb_sp[i]
            if not W.mark[v] and K.w_own[e, cells[v]]:
                W.mark[v] = 1
                W.stack[top] = v
                top += 1
    return bool(touched == (1 << areas) - 1 and size >= K.w_min[e])


@inline
def may_connect(K: Any, cells: Any, e: int) -> bool:
    """Enough own pieces, touching every area between them (a quick test first)."""
    areas, a0 = K.w_areas[e], K.w_area0[e]
    touched_all, mine = 0, 0
    for s in range(cells.shape[0]):
        if K.w_own[e, cells[s]]:
            mine += 1
            for a in range(areas):
                if K.area[a0 + a, s]:
                    touched_all |= 1 << a
    return bool(mine >= K.w_min[e] and touched_all == (1 << areas) - 1)


@inline
def link_on(K: Any, cells: Any, e: int, r: int, sight: bool) -> int:
    """Where on ray r the piece it links to stands (the first space, or for sight the
    first piece, when it is an own piece), or -1."""
    for j in range(K.ray_len[r]):
        p = cells[K.ray_sp[r, j]]
        if p == 0 and sight:
            continue
        return j if K.w_own[e, p] else -1
    return -1


@inline
def new_link(K: Any, cells: Any, e: int, log: Any) -> bool:
    """A link of chain entry e may be new since log's changes: a changed space holds an own
    piece, or an emptied one lies on a ray of an own piece before the piece it links to
    now (a space that holds another piece only blocks links)."""
    rs, sight = K.w_rs[e], K.w_link[e] == 2
    for i in range(1, log[0] + 1):
        c = log[i]
        p = cells[c]
        if p != 0:
            if K.w_own[e, p]:
                return True
            continue
        if not sight:  # an adjacent link is between two own pieces: none over a space
            continue
        for j in range(K.rt_first[c], K.rt_first[c + 1]):
            r = K.rt[j, 0]
            if K.ray_set[r] == rs and K.w_own[e, cells[K.ray_from[r]]] and \
                    link_on(K, cells, e, r, True) > K.rt[j, 1]:
                return True
    return False


@inline
def find_links(K: Any, cells: Any, e: int, W: Any) -> bool:
    """W.links[r] = (space linked, space beyond it on the ray or -1; -1 for no link) per
    ray r of every own piece of chain entry e. False where no chain can be: too few own
    pieces or an area none touches."""
    rs, sight = K.w_rs[e], K.w_link[e] == 2
    mine, touched = 0, 0
    for s in range(cells.shape[0]):
        if not K.w_own[e, cells[s]]:
            continue
        mine += 1
        touched |= K.w_zone[e, s]
        for r in range(K.rs_first[rs, s], K.rs_first[rs, s] + K.rs_count[rs, s]):
            j = link_on(K, cells, e, r, sight)
            W.links[r, 0] = K.ray_sp[r, j] if j >= 0 else -1
            W.links[r, 1] = K.ray_sp[r, j + 1] if 0 <= j < K.ray_len[r] - 1 else -1
    return bool(mine >= K.w_min[e] and touched == (1 << K.w_areas[e]) - 1)


@inline
def chain_from(K: Any, e: int, W: Any, start: int) -> bool:
    """A chain from start (ends.py's _chain_joins): distinct own pieces, each linked to the
    next (W.links), touching every area, at least max(min, 2) long; turn: no two links in
    a row along one ray; ends_only: only its two ends in areas. An explicit stack, W.chain:
    per depth the space, its next ray, the areas touched and the space beyond its link
    (where a straight link would go first). W.mark: the spaces on the chain."""
    rs, C = K.w_rs[e], W.chain
    every = (1 << K.w_areas[e]) - 1
    least, turn, ends = max(K.w_min[e], 2), K.w_turn[e], K.w_ends[e]
    C[0, 0], C[0, 1], C[0, 2], C[0, 3] = start, K.rs_first[rs, start], K.w_zone[e, start], -1
    W.mark[start] = 1
    depth, found = 0, False
    while depth >= 0 and not found:
        here, r = C[depth, 0], C[depth, 1]
        if r == K.rs_first[rs, here] + K.rs_count[rs, here]:
            W.mark[here] = 0
            depth -= 1
            continue
        C[depth, 1] = r + 1
        nxt = W.links[r, 0]
        if nxt < 0 or W.mark[nxt] or (turn and K.ray_sp[r, 0] == C[depth, 3]):
            continue
        inside, touched = K.w_zone[e, nxt], C[depth, 2]
        if ends and inside != 0:
            found = (inside & ~touched) != 0 and (touched | inside) == every and \
                depth + 2 >= least
            continue
        if (touched | inside) == every and depth + 2 >= least:
            found = True
            continue
        depth += 1
        C[depth, 0], C[depth, 1] = nxt, K.rs_first[rs, nxt]
        C[depth, 2], C[depth, 3] = touched | inside, W.links[r, 1]
        W.mark[nxt] = 1
    for d in range(depth + 1):
        W.mark[C[d, 0]] = 0
    return found


@inline
def chained(K: Any, cells: Any, e: int, W: Any, log: Any) -> bool:
    """A chain of chain entry e: anywhere, or (log[0] >= 0, the position before met no
    condition) one a change made: a chain of old links would have been one before, so
    where no link can be new (new_link) there is nothing to search."""
    if log[0] >= 0 and not new_link(K, cells, e, log):
        return False
    return bool(chain_anywhere(K, cells, e, W))


@jit
def chain_anywhere(K: Any, cells: Any, e: int, W: Any) -> bool:
    """A chain of chain entry e on the board (W.links made first)."""
    if not find_links(K, cells, e, W):
        return False
    for s in range(cells.shape[0]):
        W.mark[s] = 0
    for start in range(cells.shape[0]):  # noqa: SIM110 (numba loop)
        if K.w_own[e, cells[start]] and K.w_zone[e, start] != 0 and chain_from(K, e, W, start):
            return True
    return False


@inline
def connected(K: Any, cells: Any, e: int, W: Any, log: Any) -> bool:
    """A group of own pieces touching every area: anywhere, or (log) through the spaces
    just changed (no other group can have become one); a chain where the entry asks for
    one."""
    if K.w_areas[e] < 2:
        return False
    if K.w_link[e] != 0:
        return bool(chained(K, cells, e, W, log))
    if log[0] < 0 and not may_connect(K, cells, e):
        return False
    n = cells.shape[0]
    for s in range(n):
        W.mark[s] = 0
    if log[0] < 0:
        for start in range(n):  # noqa: SIM110 (numba loop)
            if group_connects(K, cells, e, W, start):
                return True
        return False
    for i in range(1, log[0] + 1):  # noqa: SIM110 (numba loop)
        if group_connects(K, cells, e, W, log[i]):
            return True
    return False


@inline
def reached(K: Any, cells: Any, e: int, log: Any) -> bool:
    """An own piece on a space of the entry's mask: anywhere, or (log) on a changed one."""
    if log[0] < 0:
        for s in range(cells.shape[0]):  # noqa: SIM110 (a loop numba compiles well)
            if K.w_mask[e, s] and K.w_own[e, cells[s]]:
                return True
        return False
    for i in range(1, log[0] + 1):
        s = log[i]
        if K.w_mask[e, s] and K.w_own[e, cells[s]]:
            return True
    return False


@inline
def meets(K: Any, cells: Any, hand: Any, side: int, e: int, W: Any, log: Any,
          kept: bool) -> bool:
    """Win entry e of side holds. With log[0] >= 0 the position before log's changes met
    no condition: line, connect and reach look only at the changed spaces, and a piece
    count is not counted again where kept says log's changes kept every count."""
    cond = K.w_cond[e]
    if cond == 0:
        return bool(has_line(K, cells, e, log))
    if cond == 1:
        return bool(connected(K, cells, e, W, log))
    if cond == 2:
        return bool(reached(K, cells, e, log))
    if kept and log[0] >= 0:
        return False
    kind = K.w_kind[e]
    for o in range(K.F[F_SIDES]):
        if o == side:
            continue
        c = count(K, cells, o, kind)
        placed = K.placed_piece[o]
        if placed != 0 and (kind < 0 or K.piece_kind[placed] == kind):
            c += hand[o]
        if c > K.w_limit[e]:
            return False
    return True


@inline
def winners(K: Any, cells: Any, hand: Any, W: Any, log: Any, kept: bool) -> int:
    """A bit per side that a win condition makes a winner (log, kept: see meets)."""
    found = 0
    n = K.F[F_SIDES]
    for side in range(n):
        for e in range(K.w_first_side[side], K.w_first_side[side + 1]):
            if meets(K, cells, hand, side, e, W, log, kept):
                found |= 1 << (side if not K.w_loses[e] else (side + 1) % n)
    return found


@jit
def most_pieces(K: Any, cells: Any) -> int:
    best, leader, tie = -1, -1, False
    for s in range(K.F[F_SIDES]):
        c = count(K, cells, s, -1)
        if c > best:
            best, leader, tie = c, s, False
        elif c == best:
            tie = True
    return DRAW if tie else leader


@inline
def decided(K: Any, cells: Any, hand: Any, st: Any, W: Any, kept: bool) -> int:
    """The result the win conditions and the quiet-move limit give, in the engine's order,
    or GOING_ON (whether the side to move can move is status's question). Win conditions
    look at the spaces W.log names where W.log[0] >= 0 (kept: see meets)."""
    n = K.F[F_SIDES]
    found = winners(K, cells, hand, W, W.log, kept)
    if found != 0:
        if found & (found - 1) == 0:
            for s in range(n):
                if found == 1 << s:
                    return s
        if K.F[F_BOTH_WIN] == 0:
            mover = (st[0] - 1) % n
            if found & (1 << mover):
                return int(mover)
            for s in range(n):
                if found & (1 << s):
                    return s
        return DRAW
    if K.F[F_QUIET] > 0 and st[2] >= K.F[F_QUIET]:
        return DRAW
    return GOING_ON


@inline
def status(K: Any, cells: Any, hand: Any, st: Any, out: Any, W: Any, pairs: bool,
           kept: bool) -> tuple[int, int]:
    """(result, number of legal codes in out): the engine's result, in its order (decided,
    then a side that cannot move); pairs: see candidates; kept: see meets."""
    r = decided(K, cells, hand, st, W, kept)
    if r != GOING_ON:
        return r, 0
    n = K.F[F_SIDES]
    m = legal(K, cells, hand, st, out, W, pairs)
    if m == 0:
        how = K.F[F_NO_MOVE]
        if how == 1:
            return st[0], 0
        if how == 2:
            return DRAW, 0
        return (st[0] + 1) % n, 0
    if m > 1 or out[0] != PASS:
        return GOING_ON, m
    for i in range(1, n):
        s = (st[0] + i) % n
        if candidates(K, cells, hand, st, s, W.other, W, pairs) > 0:
            return GOING_ON, m
    return (most_pieces(K, cells) if K.F[F_ALL_STUCK] == 1 else DRAW), 0


M32 = 0xFFFFFFFF


@inline
def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & M32


@inline
def seed_rng(R: Any, seed: int) -> None:
    """Seed the playout's generator (xoshiro128**, four 32-bit words in R) from seed, each
    word a mix of seed and its index. numpy's Mersenne twister costs microseconds to seed
    (624 words, twisted at the first draw): most of a tic-tac-toe playout."""
    x = seed & M32
    for i in range(4):
        x = (x + 0x3C6EF372) & M32
        z = ((x ^ (x >> 16)) * 0x2C1B3C6D) & M32  # multipliers below 2**31: no overflow
        z = ((z ^ (z >> 12)) * 0x297A2D39) & M32
        R[i] = z ^ (z >> 15)
    if R[0] == 0 and R[1] == 0 and R[2] == 0 and R[3] == 0:
        R[0] = 1


@inline
def next32(R: Any) -> int:
    """The generator's next 32-bit number (every product and shift stays below 2**63)."""
    s0, s1, s2, s3 = R[0], R[1], R[2], R[3]
    out = (rotl((s1 * 5) & M32, 7) * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    R[0], R[1], R[2], R[3] = s0, s1, s2, rotl(s3, 11)
    return int(out)


@inline
def below(R: Any, m: int) -> int:
    """A uniformly random integer in [0, m) (m < 2**32): draws past the last whole
    multiple of m are drawn again, so no value is favoured."""
    limit = ((M32 + 1) // m) * m
    v = next32(R)
    while v >= limit:
        v = next32(R)
    return int(v % m)


@inline
def pick(K: Any, cells: Any, hand: Any, side: int, m: int, W: Any) -> int:
    """A uniformly random legal code of the m in W.out (status with pairs). Where they are
    pairs o->t (th_pairs), by rejection: a pair and a number below th_most, the most
    placements any pair has, are drawn until the number is one of the pair's placements,
    so every pair-and-placement is equally likely, without listing them all."""
    if K.th_pairs[side] == 0 or W.out[0] == PASS:
        return int(W.out[below(W.rng, m)])
    j = K.side_then[side]
    while True:
        code = W.out[below(W.rng, m)]
        k = below(W.rng, K.th_most[j])
        c = add_then(K, cells, hand, j, code % BASE - 1, (code // BASE) % BASE - 1,
                     W.arrows, 0, W.seen)
        if k < c:
            return int(W.arrows[k])


@jit
def settle(K: Any, cells: Any, hand: Any, st: Any, out: Any, W: Any) -> tuple[int, int]:
    """status of any position (the whole board looked at), with the legal codes in the
    order the kernel's legal() gives: placements and moves sorted, then a swap or pass."""
    W.log[0] = -1
    r, m = status(K, cells, hand, st, out, W, False, False)
    sort_codes(out, m - 1 if m > 0 and out[m - 1] < 0 else m)
    return r, m


@jit
def run_game(K: Any, cells: Any, hand: Any, st: Any, max_plies: int, seed: int, W: Any,
             pairs: bool, codes: Any) -> tuple[int, int]:
    """Uniformly random legal codes in place until the game ends or max_plies; (result or
    GOING_ON at the cap, plies played). pairs: a playout's shortcuts, drawn codes
    (sampled_code; those plies are not tallied) or else pairs (see candidates; the
    tally's branching then counts pairs). Tallies into W.tally what balance records of a
    game: [0] the legal codes summed over the plies, [1] the most at one ply, [2] the
    plies with more than one, [3] the side that first swapped (-1: nobody); and the first
    codes.shape[0] codes played into codes."""
    seed_rng(W.rng, seed)
    W.log[0] = -1  # the first ply's wins: anywhere; then through what each ply changed
    tally = W.tally
    tally[0], tally[1], tally[2], tally[3] = 0, 0, 0, -1
    drawn = pairs and K.F[F_SAMPLE_SLOTS] > 0
    if drawn:
        for side in range(K.F[F_SIDES]):
            list_own(K, cells, side, W.own)
    kept = False  # the last ply kept every piece count (see meets)
    for ply in range(max_plies + 1):
        code = NO_CODE
        if drawn and ply < max_plies:
            r = decided(K, cells, hand, st, W, kept)
            if r != GOING_ON:
                return r, ply
            code = sampled_code(K, cells, hand, st[0], W)
        if code == NO_CODE:
            r, m = status(K, cells, hand, st, W.out, W, pairs, kept)  # one call: inlined
            if r != GOING_ON or ply == max_plies:
                return r, ply
            tally[0] += m
            tally[1] = max(tally[1], m)
            if m > 1:
                tally[2] += 1
            code = pick(K, cells, hand, st[0], m, W) if pairs else W.out[below(W.rng, m)]
        if ply < codes.shape[0]:
            codes[ply] = code
        if code == SWAP and tally[3] < 0:
            tally[3] = st[0]
        mover = st[0]
        taken = play(K, cells, hand, st, code, W.found, W.log, W.hops)
        kept = taken == 0 and K.F[F_COUNTS_KEEP] == 1
        if drawn:
            follow_own(K, cells, mover, code, taken, W.own)
    return GOING_ON, max_plies  # not reached


@jit
def playout(K: Any, cells: Any, hand: Any, st: Any, max_plies: int, seed: int,
            W: Any) -> tuple[int, int]:
    """Random legal codes in place until the game ends or max_plies; (result or GOING_ON
    at the cap, plies played)."""
    return run_game(K, cells, hand, st, max_plies, seed, W, True, W.codes)  # type: ignore[no-any-return]
