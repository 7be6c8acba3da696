"""District-Z: actions name survivors, items, locations, city cells, directions, weapon loadouts and
dice pairings.

A weapon loadout (``fight golf-club+claw-hammer``) is one token of its own vocabulary: bare hands,
each item, and each ordered pair of items (two of one kind too). A dice pairing (``pair 2>1 3=3``:
a survivor die against a zombie die, ``>`` a kill and ``=`` a tie) is a sorted multiset of the 21
tokens ``s>z``/``s=z`` (s >= z); the encoding enumerates the multisets of 1 to 5 of them (a block
per size). A pairing of more dice is outside the encoding (see ``ActionEncoding.legal``).

Observation planes over the city (``C x H x W``): face-up, seen, zombies, dropped items, each
player's survivor and its start and edge, and one plane per location card whose identity is public;
vectors: the round track, the decision, each player's survivor, wounds, infection, kills and items,
and the combat under way.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter, or_
from typing import Any, cast

import numpy as np

from deadboard.core.game import State
from deadboard.core.grid import square_xy
from deadboard.core.research import ActionEncoding, GameSpec, Vocabulary, one_hot, vocab
from deadboard.games.district_z.state import NO_CARD, OBJ, DistrictState

DIRECTIONS = ("north", "east", "south", "west")
DECISIONS = ("survivor", "corner", "turn", "fight", "pair", "equip", "take", "replace", "choice", "offer", "answer",
             "arm", "defend", "spoils", "zdefend", "join", "zmove")
STATUS = ("waiting", "live", "zombie", "out", "escaped")
MAX_PAIRS = 5
#: pairing tokens in the order the game sorts them: by survivor die, then zombie die
PAIR_TOKENS = tuple(f"{s}{'>' if s > z else '='}{z}" for s in range(1, 7) for z in range(1, s + 1))


def _choice_labels(effects: Any, out: list[str]) -> None:
    for e in effects:
        if isinstance(e, tuple) and e and e[0] == "choice":
            for label, inner in e[1]:
                out.append(label)
                _choice_labels(inner, out)


class DistrictSpec(GameSpec):
    REMADE = ("_index",)  # the index the observation writes by, worked out from the content
    def build_actions(self) -> ActionEncoding:
        first = self.game.new(self.setup, 0)
        c = first.c
        lay = first.lay
        self.width, self.height = lay.width, lay.height
        self.cells = list(self.game.snapshot(first)["city"])
        self.survivors = [s.id for s in c.survivors]
        self.items = [i.id for i in c.items]
        self.locations = [x.id for x in c.locations]
        labels: list[str] = []
        for loc in c.locations:
            for ev in (*(loc.table or ()), *((loc.unique,) if loc.unique else ())):
                _choice_labels(ev.effects, labels)
        surv = vocab("survivor", self.survivors)
        item = vocab("item", self.items)
        loc = vocab("location", self.locations)
        loadouts = ["bare-handed", *self.items, *(f"{a}+{b}" for a, b in itertools.product(self.items, repeat=2))]
        blocks: list[tuple[str, list[Vocabulary]]] = [
            (kind, []) for kind in ("accept", "cancel", "decline", "dodge", "done", "escape", "heal", "keep", "nothing",
                                    "propose", "replace", "retire", "roll", "stay", "steal-objective", "wound")
        ]
        blocks += [
            ("choose", [surv + vocab("choice", labels)]), ("attack", [surv]), ("trade", [surv]),
            ("corner", [vocab("cell", self.cells)]), ("move", [vocab("direction", DIRECTIONS)]),
            ("replace", [loc]), ("with", [loc]), ("fight", [vocab("loadout", loadouts)]),
        ]
        blocks += [(kind, [item]) for kind in ("ask", "unask", "offer", "unoffer", "drop", "equip", "leave", "steal",
                                               "take", "use")]
        # a pairing of k dice: its tokens sorted, so one integer per multiset (a block per k)
        for k in range(1, MAX_PAIRS + 1):
            multisets = [" ".join(m) for m in itertools.combinations_with_replacement(PAIR_TOKENS, k)]
            blocks.append((f"pair/{k}", [vocab(f"pairing of {k}", multisets)]))
        return _PairingEncoding(self.game.id, blocks)

    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        self._index: _Index | None = None
        n = self.seats
        return [
            ("city", (5 + 3 * n + len(self.locations) + 1, self.height, self.width)),
            ("track", (3,)),  # round/turns, whose turn in the order, seats
            ("decision", (len(DECISIONS) + 1,)),
            ("survivor", (n, len(self.survivors))),
            ("condition", (n, len(STATUS) + 7)),  # status, wounds, infection, kills, arriving, used, me
            ("items", (n, len(self.items))),
            ("combat", (4 + len(self.items),)),  # zombies, escape, shield, mine; items used
            ("cards", (3,)),  # set aside, unused, used unique (counts)
        ]

    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        out = {k: v for k, v in snapshot.items() if k not in ("rng", "pending", "setaside", "unused")}
        out["setaside"] = len(snapshot["setaside"])
        out["unused"] = len(snapshot["unused"])
        out["city"] = {name: {**cell, "card": cell["card"] if cell["up"] or cell["seen"] else
                              (None if cell["card"] is None else "?")}
                       for name, cell in snapshot["city"].items()}
        return out

    def fill(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        city = parts["city"]
        n = self.seats
        loc_index = {x: i for i, x in enumerate(self.locations)}
        base = 5 + 3 * n
        for name, cell in p["city"].items():
            x, y = square_xy(name)
            city[0, y, x] = float(cell["up"])
            city[1, y, x] = float(cell["seen"])
            city[2, y, x] = cell["zombies"] / 3
            city[3, y, x] = len(cell["dropped"])
            card = cell["card"]
            if card is None:
                city[4, y, x] = 1.0  # an empty cell
            elif card != "?":
                city[base + loc_index.get(card, len(self.locations)), y, x] = 1.0
        surv_index = {x: i for i, x in enumerate(self.survivors)}
        item_index = {x: i for i, x in enumerate(self.items)}
        status = {x: i for i, x in enumerate(STATUS)}
        for i, pl in enumerate(p["players"][:n]):
            for k, key in enumerate(("pos", "start", "edge")):
                if pl[key] is not None:
                    x, y = square_xy(pl[key])
                    city[5 + 3 * i + k, y, x] = 1.0
            if pl["survivor"] is not None:
                parts["survivor"][i, surv_index[pl["survivor"]]] = 1.0
            cond = parts["condition"][i]
            one_hot(cond[: len(STATUS) + 1], status, pl["status"])
            cond[len(STATUS) + 1:] = (pl["wounds"] / 6, pl["infection"] / 6, pl["kills"] / 10, float(pl["arriving"]),
                                      len(pl["used"]) / 6, float(i == seat))
            for it in pl["items"]:
                parts["items"][i, item_index[it]] += 1.0
        parts["track"][:] = (p["round"] / max(1, p["turns"]), p["cur"] / max(1, n), n / 4)
        if p["decision"] is not None:
            one_hot(parts["decision"], {x: i for i, x in enumerate(DECISIONS)}, p["decision"][1])
        cb = p["combat"]
        combat = parts["combat"]
        combat[:4] = (cb["zombies"] / 3, float(cb["escape"]), float(cb["shield"]), float(cb["seat"] == seat))
        for it in cb["used"]:
            combat[4 + item_index[it]] = 1.0
        parts["cards"][:] = (p["setaside"] / 10, p["unused"] / 10, len(p["used_unique"]) / 10)

    def fill_state(self, state: State, seat: int, parts: dict[str, np.ndarray]) -> None:
        """:meth:`fill` of the seat's public part, read from the state's own fields (no snapshot):
        a card's identity only where it is face up or has been seen, and of the set-aside and unused
        cards only how many there are.

        Only the values that are not zero are written (the segments come zeroed), each straight into
        its segment at a place worked out once per spec (:class:`_Index`)."""
        st = cast(DistrictState, state)
        if self._index is None:
            self._index = _Index(self, st.c, st.lay)
        self.write_flat(parts, lambda views: self._write(st, seat, views))


    def _write(self, st: DistrictState, seat: int, out: dict[str, memoryview[float]]) -> None:
        ix = cast(_Index, self._index)
        n = self.seats
        city = out["city"]
        cell = ix.cell
        _write_cards(st, ix, city)
        survivor, condition, items_held = out["survivor"], out["condition"], out["items"]
        plane = ix.plane_size
        for i, pl in enumerate(st.players[:n]):
            pieces = ix.pieces[i]
            if pl.pos >= 0:
                city[pieces + cell[pl.pos]] = 1.0
            if pl.start >= 0:
                city[pieces + plane + cell[pl.start]] = 1.0
            if pl.edge >= 0:
                city[pieces + 2 * plane + cell[pl.edge]] = 1.0
            if pl.surv >= 0:
                survivor[i * ix.survivors + pl.surv] = 1.0
            row = i * (len(STATUS) + 7)
            condition[row + (pl.status if 0 <= pl.status < len(STATUS) else len(STATUS))] = 1.0
            row += len(STATUS) + 1
            condition[row] = pl.wounds / 6
            condition[row + 1] = pl.infection / 6
            condition[row + 2] = pl.kills / 10
            condition[row + 3] = float(pl.arriving)
            condition[row + 4] = len(pl.used) / 6
            condition[row + 5] = float(i == seat)
            equipped = pl.items
            row = i * ix.items
            for it in equipped:
                items_held[row + it] = float(equipped.count(it))
        track = out["track"]
        track[0] = st.rounds / max(1, st.turns)
        track[1] = st.cur / max(1, n)
        track[2] = n / 4
        decision = st.decision
        if decision is not None:
            kind = decision[1]
            out["decision"][ix.decisions.get(kind, len(DECISIONS)) if isinstance(kind, str) else len(DECISIONS)] = 1.0
        combat = out["combat"]
        combat[0] = st.cb_n / 3
        combat[1] = float(st.cb_escape)
        combat[2] = float(st.cb_shield)
        combat[3] = float(st.cb_seat == seat)
        for it in st.cb_used:
            combat[4 + it] = 1.0
        known = out["cards"]
        known[0] = len(st.setaside) / 10
        known[1] = len(st.unused) / 10
        known[2] = st.used_unique.count(True) / 10


def _write_cards(st: DistrictState, ix: _Index, city: memoryview[float]) -> None:
    """The city's cards: face up, seen, zombies, dropped items, empty cells and the public identities."""
    up = ix.held(st.up)
    seen = ix.held(st.seen)
    for k in compress(ix.plane[0], up):
        city[k] = 1.0
    for k in compress(ix.plane[1], seen):
        city[k] = 1.0
    if any(st.counters):
        for k, z in zip(ix.plane[2], ix.held(st.counters)):
            if z:
                city[k] = z / 3
    if any(st.dropped):
        for k, items in zip(ix.plane[3], ix.held(st.dropped)):
            if items:
                city[k] = len(items)
    cards = st.card
    held_cards = ix.held(cards)
    if NO_CARD in held_cards:
        for k, card in zip(ix.plane[4], held_cards):
            if card == NO_CARD:
                city[k] = 1.0
    location, objective, cell = ix.location, ix.objective, ix.cell
    for p in compress(ix.positions, map(or_, up, seen)):  # a card whose identity is public
        card = cards[p]
        if card != NO_CARD:
            city[(objective if card >= OBJ else location[card]) + cell[p]] = 1.0


class _Index:
    """The state's integers to places in the observation's segments (made once per spec)."""

    def __init__(self, spec: DistrictSpec, c: Any, lay: Any) -> None:
        if [s.id for s in c.survivors] != spec.survivors or [i.id for i in c.items] != spec.items:
            raise ValueError("District-Z's research spec: the content's survivors or items changed order")
        _, height, width = spec.layout.slices["city"][1]
        self.plane_size = height * width
        xy = [square_xy(name) for name in lay.names]
        #: a position's place within a plane of the city
        self.cell = [y * width + x for x, y in xy]
        self.positions = tuple(lay.positions())
        #: the values at the positions that hold a card, out of a list over all positions
        self.held = _picker(self.positions)
        #: planes 0 to 4 (face up, seen, zombies, dropped items, empty): each held position's place
        self.plane = [tuple(k * self.plane_size + self.cell[p] for p in self.positions) for k in range(5)]
        base = (5 + 3 * spec.seats) * self.plane_size
        index = {x: i for i, x in enumerate(spec.locations)}
        #: a location card's plane, and that of an objective card (the plane of cards not among the locations)
        self.location = [base + index[x.id] * self.plane_size for x in c.locations]
        self.objective = base + len(spec.locations) * self.plane_size
        #: each seat's planes of its survivor, start and edge
        self.pieces = [(5 + 3 * i) * self.plane_size for i in range(spec.seats)]
        self.survivors = len(spec.survivors)
        self.items = len(spec.items)
        self.decisions = {x: i for i, x in enumerate(DECISIONS)}


def _picker(positions: tuple[int, ...]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function giving the values at ``positions`` of a list, as a tuple."""
    if len(positions) > 1:
        return cast(Callable[[Sequence[Any]], tuple[Any, ...]], itemgetter(*positions))
    return lambda values: tuple(values[p] for p in positions)


class _PairingEncoding(ActionEncoding):
    """``pair t1 … tk`` is read as one token (``pair/k``, the tokens joined) so that a pairing is one
    integer of its size's block."""

    def __init__(self, game_id: str, templates: Sequence[tuple[str, Sequence[Vocabulary]]]) -> None:
        super().__init__(game_id, templates)
        self._codes: dict[Any, int] = {}  # the actions met, as given (a pairing before it is read as one token)

    def encode(self, action: Any) -> int:
        code = self._codes.get(action)
        if code is not None:
            return code
        if action and action[0] == "pair":
            from deadboard.core.action import Action

            code = super().encode(Action(f"pair/{len(action) - 1}", " ".join(map(str, action[1:]))))
        else:
            code = super().encode(action)
        if len(self._codes) < 200_000:
            self._codes[action] = code
        return code

    def decode(self, code: int) -> Any:
        a = super().decode(code)
        if a.kind.startswith("pair/"):
            from deadboard.core.action import Action

            return Action("pair", *str(a[1]).split())
        return a
