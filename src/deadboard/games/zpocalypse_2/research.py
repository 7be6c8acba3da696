"""Zpocalypse 2: actions name survivors, weapons, supply cards, perks, the house's spaces, die faces,
seats, tasks, contest skills and scavenging options.

An attack (``attack WHO WEAPON SPACE TARGET D…``) pays its weapon's cost with dice combined without
change, so its weapon and its dice are read as one token ``WEAPON:D…`` (dice highest first); the
vocabulary holds, for each weapon and bare hands, every payment of its cost by at most six dice (a
Z cost: one natural Z), so an attack is one integer of the block ``attack <survivor> <space>
<target> <weapon:dice>``.

The adapters' actions are not those two million integers but the legal actions of the moment as a
list of at most 512 (:class:`~deadboard.core.research.LegalList`); the observation's ``choices``
segment says what each place of the list holds, in the terms of the fixed encoding.

Observation planes (``channels x floors x H x W``): the spaces of each floor, the search spots, the
public stash token, dropped piles, searched spots, weak and fresh zombies, mutates by kind and each
squad; vectors: the track (night, hour, day, Doom Track, milestones, phase), the decision, the dice
pool by face, per squad its survivors, their health, wounds and weapons, its items, stash,
defence, victory points and kills; the public stash and the deck sizes.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from deadboard.core.action import Action
from deadboard.core.game import State
from deadboard.core.research import ActionEncoding, GameSpec, Vocabulary, one_hot, vocab
from deadboard.games.zpocalypse_2.combat import UNARMED, UNARMED_COST, _payments
from deadboard.games.zpocalypse_2.content import SKILLS
from deadboard.games.zpocalypse_2.day import TASKS
from deadboard.games.zpocalypse_2.state import Z, ZState

PHASES = ("dusk", "night", "midnight", "sunrise", "day", "over")
#: the game's decision steps, by name
DECISIONS = ("Place", "Turn", "KeepCard", "PickSurvivor", "Allocate", "AssignTask", "Feeding", "PickContest",
             "EnterContest", "ChoosePerk", "PickOption", "PickTrier", "Draft", "Emerging", "CraftTurn",
             "PlaceStructure", "PlantBomb", "ChooseRecruit", "TradeSurvivors", "Sprint", "Encumbered")
DECKS = ("armory", "food", "resource", "wound", "perk", "survivor")
FACES = tuple(range(1, 7))
MOST_DICE = 6


#: kinds whose last arguments are dice paying a cost, and how many arguments come before the dice
PAID = {"throw": 2, "bomb": 1, "tunnel": 0, "refuel": 1}


class _AttackEncoding(ActionEncoding):
    """``attack WHO WEAPON SPACE TARGET D…`` is read as ``attack/pay WHO SPACE TARGET WEAPON:D…``;
    the dice that pay a throw, a bomb, the tunnels, a refuel, a craft or a trait are one token
    ``D-D…``."""

    def encode(self, action: Any) -> int:
        if action and action[0] == "attack" and len(action) > 5:
            action = Action("attack/pay", action[1], action[3], action[4],
                            f"{action[2]}:{'-'.join(map(str, action[5:]))}")
        elif action and action[0] in PAID:
            k = PAID[action[0]] + 1
            action = Action(action[0], *action[1:k], "-".join(map(str, action[k:])))
        elif action and action[0] == "craft":
            action = Action("craft", f"{action[1]}:{'-'.join(map(str, action[2:]))}")
        elif action and action[0] == "trait":
            # trait WHO TRAIT SPACE TARGET D... -> trait/space WHO SPACE TARGET TRAIT:D... (a space is
            # aimed at) or trait/who WHO TARGET TRAIT:D... (a survivor or a move)
            pay = f"{action[2]}:{'-'.join(map(str, action[5:]))}"
            if action[3] == "-":
                action = Action("trait/who", action[1], action[4], pay)
            else:
                action = Action("trait/space", action[1], action[3], action[4], pay)
        return super().encode(action)

    def decode(self, code: int) -> Any:
        a = super().decode(code)
        if a.kind == "attack/pay":
            weapon, _, dice = str(a[4]).partition(":")
            return Action("attack", a[1], weapon, a[2], a[3], *(int(d) for d in dice.split("-")))
        if a.kind in PAID:
            k = PAID[a.kind] + 1
            return Action(a.kind, *a[1:k], *(int(d) for d in str(a[k]).split("-")))
        if a.kind == "craft":
            card, _, dice = str(a[1]).partition(":")
            return Action("craft", card, *(int(d) for d in dice.split("-")))
        if a.kind in ("trait/who", "trait/space"):
            trait, _, dice = str(a[-1]).partition(":")
            space = "-" if a.kind == "trait/who" else a[2]
            return Action("trait", a[1], trait, space, a[-2], *(int(d) for d in dice.split("-")))
        return a


class ZpocalypseSpec(GameSpec):
    #: the adapters offer the legal actions of the moment (the fixed encoding has over two million
    #: integers, nearly all attacks); seeded games offer at most about 170 at once
    LISTED = 512
    REMADE = ("_index",)  # the index the observation writes by, worked out from the content

    def build_actions(self) -> ActionEncoding:
        first = self.game.new(self.setup, 0)
        c = first.content
        board = first.board
        self.spaces = [s.name for s in board.spaces]
        self.floor_ids = sorted({f for s in board.spaces for f in s.where})
        self.extent = (max(y for s in board.spaces for _, y in s.where.values()) + 1,
                       max(x for s in board.spaces for x, _ in s.where.values()) + 1)
        self.where = [[(self.floor_ids.index(f), x, y) for f, (x, y) in s.where.items()] for s in board.spaces]
        self.space_index = {name: i for i, name in enumerate(self.spaces)}
        self.search_spots = [board.search.get(i) for i in range(len(self.spaces))]
        self.stash_space = board.stash
        self.survivors = [s.id for s in c.survivors]
        self.weapons = [w.id for w in c.weapons]
        self.supplies = [s.id for s in c.supplies]
        self.perks = [p.id for p in c.perks]
        self.mutates = [m.id for m in c.mutates]
        self.wounds = [w.id for w in c.wounds]
        self.items = list(dict.fromkeys([*self.weapons, *self.supplies, "molotov", "bomb"]))
        options = max((len(loc.option) for loc in c.locations), default=1)
        all_faces = tuple(sorted(FACES * MOST_DICE))
        pays: list[str] = []
        for w in c.weapons:
            payments = ((Z,),) if w.z_cost else _payments(all_faces, w.cost, MOST_DICE)
            pays += [f"{w.id}:{'-'.join(map(str, p))}" for p in payments]
        pays += [f"{UNARMED}:{'-'.join(map(str, p))}" for p in _payments(all_faces, UNARMED_COST, MOST_DICE)]

        def paid(cost: int, z_cost: bool = False) -> list[tuple[int, ...]]:
            return [(Z,)] if z_cost else list(_payments(all_faces, cost, MOST_DICE))

        def dice_for(costs: list[int]) -> Vocabulary:
            return vocab("dice", ["-".join(map(str, p)) for cost in costs for p in paid(cost)])

        crafts = {x.id: x for x in c.crafts}
        throw_dice = dice_for([crafts["molotov"].use_cost] if "molotov" in crafts else [2])
        bomb_dice = dice_for([crafts["bomb"].use_cost] if "bomb" in crafts else [2])
        tunnel_dice = dice_for(list(range(1, 9)))
        refuel_dice = dice_for([c.rules.refuel_cost])
        craft_pays = vocab("card:dice", [f"{x.id}:{'-'.join(map(str, p))}" for x in c.crafts
                                         for p in paid(x.cost, x.z_cost)])
        aimed = [t for t in c.traits if t.effect in ("shove", "hard-hit", "spread")]
        own = [t for t in c.traits if t.effect in ("sprint", "patch")]
        aimed_pays = vocab("trait:dice", [f"{t.id}:{'-'.join(map(str, p))}" for t in aimed
                                          for p in paid(t.cost, t.z_cost)])
        own_pays = vocab("trait:dice", [f"{t.id}:{'-'.join(map(str, p))}" for t in own
                                        for p in paid(t.cost, t.z_cost)])
        who = vocab("survivor", self.survivors)
        space = vocab("space", self.spaces)
        face = vocab("die", FACES)
        item = vocab("item", self.items)
        weapon = vocab("weapon", self.weapons)
        blocks: list[tuple[str, list[Vocabulary]]] = [
            (kind, [])
            for kind in ("block", "end", "fed", "jump", "waste", "done", "hold", "settled", "newstash", "arranged")]
        blocks += [
            ("throw", [who, space, throw_dice]), ("bomb", [space, bomb_dice]), ("tunnel", [tunnel_dice]),
            ("emerge", [space]), ("refuel", [who, refuel_dice]), ("craft", [craft_pays]), ("put", [space]),
            ("trait/space", [who, space, vocab("target", ["all", "weak", "fresh", *self.mutates]), aimed_pays]),
            ("trait/who", [who, vocab("target", ["-", *self.survivors]), own_pays]),
            ("recruit", [who]), ("hand", [who, vocab("seat", range(self.seats))]), ("dash", [space]),
        ]
        blocks += [
            ("assign", [who, vocab("task", TASKS)]),
            ("attack/pay", [who, space, vocab("target", ["weak", "fresh", *self.mutates]), vocab("weapon:dice", pays)]),
            ("champion", [who]), ("contest", [vocab("skill", SKILLS)]), ("contribute", [item]),
            ("equip", [who, weapon]), ("feed", [who, vocab("food", self.supplies)]),
            ("give", [vocab("seat", range(self.seats)), item, face]), ("hurt", [who]), ("keep", [item]),
            ("loot", [item]), ("move", [face, space]), ("option", [vocab("option", range(1, options + 1))]),
            ("perk", [vocab("perk", self.perks), who]), ("pick", [who]), ("pickup", [face]), ("reload", [who]),
            ("search", [face]), ("start", [space]), ("take", [item]), ("try", [who]),
            ("stash", [item]), ("unstash", [item]), ("abandon", [item]),
        ]
        return _AttackEncoding(self.game.id, blocks)

    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        self._index: _Index | None = None
        n = self.seats
        h, w = self.extent
        return [
            # spaces, search spots, stash token, dropped piles, searched, weak, fresh, mutates by kind, squads
            ("house", (7 + len(self.mutates) + n, len(self.floor_ids), h, w)),
            ("track", (6,)),  # night, hour, day, doom, milestones, squad moved
            ("phase", (len(PHASES) + 1,)),
            ("decision", (len(DECISIONS) + 1,)),
            ("pool", (len(FACES),)),
            ("survivors", (n, len(self.survivors))),
            ("health", (n, len(self.survivors), 5)),  # hp, loaded, bio, radiation, wounds
            ("weapons", (n, len(self.weapons))),
            ("items", (n, len(self.items))),
            ("stash", (n, len(self.items))),
            ("squad", (n, 6)),  # alive, defence, vp, kills, first, me
            ("public", (len(self.items),)),
            ("decks", (len(DECKS) + 1,)),  # deck sizes, mutates left
        ]

    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        out = {k: v for k, v in snapshot.items() if k not in ("rng", "steps", "mutate_deck", "decks")}
        out["decks"] = {k: v if isinstance(v, int) else len(v) for k, v in snapshot["decks"].items()}
        out["mutate_deck"] = len(snapshot["mutate_deck"])
        steps = snapshot.get("steps") or []
        out["decision"] = steps[0].get("step") if steps else None
        return out

    def _fill_squad(self, p: dict[str, Any], q: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        """A squad's survivors, their health and weapons, its items, stash and standing."""
        surv = {x: i for i, x in enumerate(self.survivors)}
        weapon = {x: i for i, x in enumerate(self.weapons)}
        item = {x: i for i, x in enumerate(self.items)}
        s = q["seat"]
        for ch in q["people"]:
            k = surv.get(ch["card"], 0)
            parts["survivors"][s, k] = 1.0
            parts["health"][s, k] = (ch["hp"] / 12, float(bool(ch["loaded"])), ch["bio"] / 5, ch["rad"] / 5,
                                     len(ch["wounds"]) / 5)
            if ch["weapon"] in weapon:
                parts["weapons"][s, weapon[ch["weapon"]]] = 1.0
        for it in q["items"]:
            parts["items"][s, item.get(it, 0)] += 1.0
        for it in q["stash"]:
            parts["stash"][s, item.get(it, 0)] += 1.0
        parts["squad"][s] = (float(bool(q["people"])), q["defence"] / 6, q["vp"] / 20, q["kills"] / 20,
                             float(p["first"] == s), float(s == seat))

    def fill(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        house = parts["house"]
        idx = self.space_index
        mutate = {x: i for i, x in enumerate(self.mutates)}
        item = {x: i for i, x in enumerate(self.items)}

        def mark(channel: int, name: str | None, value: float = 1.0) -> None:
            i = idx.get(name) if isinstance(name, str) else None
            if i is None:
                return
            for f, x, y in self.where[i]:
                house[channel, f, y, x] += value

        for i, spot in enumerate(self.search_spots):
            for f, x, y in self.where[i]:
                house[0, f, y, x] = 1.0
                if spot is not None:
                    house[1, f, y, x] = 1.0
                if i == self.stash_space:
                    house[2, f, y, x] = 1.0
        for name, pile in p["dropped"].items():
            mark(3, name, len(pile))
        for name in p["searched"]:
            mark(4, name)
        for name, kind, _down in p["zombies"]:
            mark(5 if kind == "weak" else 6, name)
        for card, name, _hp in p["mutates"]:
            mark(7 + mutate.get(card, 0), name)
        base = 7 + len(self.mutates)
        for q in p["squads"][: self.seats]:
            mark(base + q["seat"], q["space"])
            self._fill_squad(p, q, seat, parts)
        for it in p["public"]:
            parts["public"][item.get(it, 0)] += 1.0
        parts["track"][:] = (p["night"] / 10, p["hour"] / 5, p["day"] / 30, p["doom"] / 30, p["milestones"] / 6,
                             p.get("moved", 0) / 12)
        one_hot(parts["phase"], {x: i for i, x in enumerate(PHASES)}, p["phase"])
        decision = p.get("decision")
        if decision is not None:
            one_hot(parts["decision"], {x: i for i, x in enumerate(DECISIONS)}, decision)
        for f in p["pool"]:
            if 1 <= f <= 6:
                parts["pool"][f - 1] += 1.0
        decks = p["decks"]
        parts["decks"][:] = (*(decks.get(k, 0) / 20 for k in DECKS), p["mutate_deck"] / 5)

    def fill_state(self, state: State, seat: int, parts: dict[str, np.ndarray]) -> None:
        """:meth:`fill` of the seat's public part, read from the state's own fields (no snapshot):
        of the decks and the mutate deck only their sizes, of the stack only the decision's name.

        Only the values that are not zero are written (the segments come zeroed), each straight into
        its segment at a place worked out once per spec (:class:`_Index`); the planes that never
        change (spaces, search spots, the stash token) are copied in whole."""
        st = cast(ZState, state)
        if self._index is None:
            self._index = _Index(self, st)
        self.write_flat(parts, lambda views: self._write(st, seat, views))


    def _write(self, st: ZState, seat: int, out: dict[str, memoryview[float]]) -> None:
        ix = cast(_Index, self._index)
        house = out["house"]
        at = ix.at
        _write_house(st, ix, house)
        survivors, health, weapons = out["survivors"], out["health"], out["weapons"]
        items, stash, squad = out["items"], out["stash"], out["squad"]
        survivor, weapon, item = ix.survivor, ix.weapon, ix.item
        n_survivors, n_weapons, n_items = len(self.survivors), len(self.weapons), len(self.items)
        first = st.first
        for q in st.squads[: self.seats]:
            s = q.seat
            if q.space >= 0:
                plane = ix.squads + s * ix.plane_size
                for cell in at[q.space]:
                    cell += plane
                    house[cell] = house[cell] + 1.0
            for person in q.people:
                k = survivor.get(person.card, 0)
                survivors[s * n_survivors + k] = 1.0
                row = (s * n_survivors + k) * 5
                health[row] = person.hp / 12
                health[row + 1] = float(bool(person.loaded))
                health[row + 2] = person.bio / 5
                health[row + 3] = person.rad / 5
                health[row + 4] = len(person.wounds) / 5
                w = weapon.get(person.weapon)
                if w is not None:
                    weapons[s * n_weapons + w] = 1.0
            for it in q.items:
                k = s * n_items + item.get(it, 0)
                items[k] = items[k] + 1.0
            for it in q.stash:
                k = s * n_items + item.get(it, 0)
                stash[k] = stash[k] + 1.0
            row = s * 6
            squad[row] = float(bool(q.people))
            squad[row + 1] = q.defence / 6
            squad[row + 2] = q.vp / 20
            squad[row + 3] = q.kills / 20
            squad[row + 4] = float(first == s)
            squad[row + 5] = float(s == seat)
        public = out["public"]
        for it in st.public:
            k = item.get(it, 0)
            public[k] = public[k] + 1.0
        track = out["track"]
        track[0] = st.night / 10
        track[1] = st.hour / 5
        track[2] = st.day / 30
        track[3] = st.doom.value / 30
        track[4] = st.milestones / 6
        track[5] = st.turn_moved / 12
        phase = st.phase
        out["phase"][ix.phase.get(phase, len(PHASES)) if isinstance(phase, str) else len(PHASES)] = 1.0
        if st.steps:
            out["decision"][ix.decision.get(type(st.steps[-1]).__name__, len(DECISIONS))] = 1.0
        pool = out["pool"]
        for f in st.faces:  # the action pool's faces
            if 1 <= f <= 6:
                pool[f - 1] = pool[f - 1] + 1.0
        decks, held = out["decks"], st.decks
        for i, name in enumerate(DECKS):
            if name in held:
                decks[i] = len(held[name]) / 20
        decks[len(DECKS)] = len(st.mutate_deck) / 5


def _write_house(st: ZState, ix: _Index, house: memoryview[float]) -> None:
    """The house's planes but the squads': the constant ones, dropped piles, searched spots, the horde
    and the mutates."""
    house[: len(ix.constant)] = ix.constant
    at = ix.at
    for k, pile in st.dropped.items():
        if pile:
            for cell in at[k]:
                cell += ix.dropped
                house[cell] = house[cell] + len(pile)
    for k in st.searched:
        for cell in at[k]:
            cell += ix.searched
            house[cell] = house[cell] + 1.0
    fresh, weak = ix.fresh, ix.weak  # read once (a night holds a score of zombies)
    for space, is_fresh, _down, _hurt in st.zombies:
        plane = fresh if is_fresh else weak
        for cell in at[space]:
            cell += plane
            house[cell] = house[cell] + 1.0
    mutate = ix.mutate
    for m in st.mutates:
        plane = mutate.get(m.card, ix.mutates)
        for cell in at[m.space]:
            cell += plane
            house[cell] = house[cell] + 1.0


class _Index:
    """The state's integers and names to places in the observation's segments (made once per spec)."""

    def __init__(self, spec: ZpocalypseSpec, st: ZState) -> None:
        board = st.board
        if [sp.name for sp in board.spaces] != spec.spaces:
            raise ValueError("Zpocalypse 2's research spec: the house's spaces changed")
        floors, h, w = len(spec.floor_ids), spec.extent[0], spec.extent[1]
        self.plane_size = floors * h * w
        cells = [tuple(f * h * w + y * w + x for f, x, y in where) for where in spec.where]
        #: a space of the state to its cells in a plane (through its name, as the snapshot names it)
        self.at = [cells[spec.space_index[sp.name]] for sp in board.spaces]
        constant = np.zeros((3, self.plane_size), dtype=np.float32)
        for i, spot in enumerate(spec.search_spots):
            for cell in cells[i]:
                constant[0, cell] = 1.0
                if spot is not None:
                    constant[1, cell] = 1.0
                if i == spec.stash_space:
                    constant[2, cell] = 1.0
        #: planes 0 to 2 (the spaces, the search spots, the public stash token): the same in every state
        self.constant = constant.data.cast("B").cast("f")
        self.dropped, self.searched, self.weak, self.fresh = (k * self.plane_size for k in range(3, 7))
        self.mutate = {x: (7 + i) * self.plane_size for i, x in enumerate(spec.mutates)}
        self.mutates = 7 * self.plane_size  # a mutate the content does not list: the first kind's plane
        self.squads = (7 + len(spec.mutates)) * self.plane_size
        self.survivor = {x: i for i, x in enumerate(spec.survivors)}
        self.weapon = {x: i for i, x in enumerate(spec.weapons)}
        self.item = {x: i for i, x in enumerate(spec.items)}
        self.phase = {x: i for i, x in enumerate(PHASES)}
        self.decision = {x: i for i, x in enumerate(DECISIONS)}
