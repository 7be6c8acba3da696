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
        cards only how many there are."""
        st = cast(DistrictState, state)
        c, lay = st.c, st.lay
        if self._index is None:
            self._index = _Index(self, c, lay)
        ix = self._index
        city = parts["city"]
        n = self.seats
        base = 5 + 3 * n
        up, seen, counters, dropped, cards = st.up, st.seen, st.counters, st.dropped, st.card
        for p, (x, y) in ix.cells:
            city[0, y, x] = float(up[p])
            city[1, y, x] = float(seen[p])
            city[2, y, x] = counters[p] / 3
            city[3, y, x] = len(dropped[p])
            card = cards[p]
            if card == NO_CARD:
                city[4, y, x] = 1.0
            elif up[p] or seen[p]:
                city[base + (ix.objective if card >= OBJ else ix.location[card]), y, x] = 1.0
        xy = ix.xy
        for i, pl in enumerate(st.players[:n]):
            for k, at in enumerate((pl.pos, pl.start, pl.edge)):
                if at >= 0:
                    x, y = xy[at]
                    city[5 + 3 * i + k, y, x] = 1.0
            if pl.surv >= 0:
                parts["survivor"][i, pl.surv] = 1.0
            cond = parts["condition"][i]
            cond[pl.status if 0 <= pl.status < len(STATUS) else len(STATUS)] = 1.0
            cond[len(STATUS) + 1:] = (pl.wounds / 6, pl.infection / 6, pl.kills / 10, float(pl.arriving),
                                      len(pl.used) / 6, float(i == seat))
            for it in pl.items:
                parts["items"][i, it] += 1.0
        parts["track"][:] = (st.rounds / max(1, st.turns), st.cur / max(1, n), n / 4)
        if st.decision is not None:
            one_hot(parts["decision"], ix.decisions, st.decision[1])
        combat = parts["combat"]
        combat[:4] = (st.cb_n / 3, float(st.cb_escape), float(st.cb_shield), float(st.cb_seat == seat))
        for it in st.cb_used:
            combat[4 + it] = 1.0
        parts["cards"][:] = (len(st.setaside) / 10, len(st.unused) / 10, sum(1 for u in st.used_unique if u) / 10)


class _Index:
    """The state's integers to the observation's places (made once per spec)."""

    def __init__(self, spec: DistrictSpec, c: Any, lay: Any) -> None:
        if [s.id for s in c.survivors] != spec.survivors or [i.id for i in c.items] != spec.items:
            raise ValueError("District-Z's research spec: the content's survivors or items changed order")
        location = {x: i for i, x in enumerate(spec.locations)}
        self.location = [location[x.id] for x in c.locations]
        self.objective = len(spec.locations)  # an objective card: the plane of cards not among the locations
        self.xy = {p: square_xy(lay.names[p]) for p in range(len(lay.names))}
        self.cells = [(p, self.xy[p]) for p in lay.positions()]
        self.decisions = {x: i for i, x in enumerate(DECISIONS)}


class _PairingEncoding(ActionEncoding):
    """``pair t1 … tk`` is read as one token (``pair/k``, the tokens joined) so that a pairing is one
    integer of its size's block."""

    def encode(self, action: Any) -> int:
        if action and action[0] == "pair":
            from deadboard.core.action import Action

            action = Action(f"pair/{len(action) - 1}", " ".join(map(str, action[1:])))
        return super().encode(action)

    def decode(self, code: int) -> Any:
        a = super().decode(code)
        if a.kind.startswith("pair/"):
            from deadboard.core.action import Action

            return Action("pair", *str(a[1]).split())
        return a
