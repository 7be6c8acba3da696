"""Zombie Dawn: actions name action cards, characters, skills, missions, items, colours, zone tiles
and the squares of each player's island.

A square is ``<colour initial>.<column><row>`` on its island, counted from the island's top left.
Its vocabulary is every square an island of the setup can have: one player's map is laid out in a
fixed shape (the Tent, three columns of three zones, the last zone); with more players an island is
the start zone and ``k - 1`` map zones joined side to side, so a zone lies at most ``k - 1`` zone
steps right plus down from the island's top-left corner. A zone placement (``place <zone> x y
<rotation>``) takes x and y within the number of zones a player places.

Observation planes (``groups x islands x H x W``): where each group stands; vectors: the round track
and season, the decision, each group's characters, dead, items, skills, damage, experience, trophies,
vehicle, the size of its hand and its missions done; one's own hand and missions; deck sizes and
the action discard pile; the combat under way.
"""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import numpy as np
from mypy_extensions import mypyc_attr

from deadboard.core.game import State
from deadboard.core.grid import column_name, square_xy
from deadboard.core.research import ActionEncoding, GameSpec, Vocabulary, one_hot, vocab
from deadboard.games.zombie_dawn.board import solo_layout
from deadboard.games.zombie_dawn.setup import SOLO_ZONES, ZONES_EACH
from deadboard.games.zombie_dawn.state import OVER, PLAY, SETUP, DawnState

#: the observation's "in play" feature for each of the game's phases (the choosing of zones and
#: characters before it, its end after it)
_IN_PLAY = {SETUP: 0.0, PLAY: 1.0, OVER: 0.0}

DECISIONS = ("zone", "character", "turn", "respond", "combat", "flee-place", "learn", "discard", "items", "respawn",
             "save", "bargain", "answer", "duel", "damage")
COLOURS = ("red", "yellow", "purple", "white")


@mypyc_attr(native_class=False)  # compiled, a class cannot be native beneath GameSpec, an ordinary class
class DawnSpec(GameSpec):
    REMADE = ("_index",)  # the index the observation writes by, worked out from the content
    def build_actions(self) -> ActionEncoding:
        first = self.game.new(self.setup, 0)
        c = first.c
        n = self.setup.players
        self.colours = COLOURS[:n]
        if n == 1:
            laid = [(x, y) for _, x, y, _ in solo_layout(0, range(SOLO_ZONES), [0] * SOLO_ZONES)]
            cells = [(x - min(x for x, _ in laid), y - min(y for _, y in laid)) for x, y in laid]
            zones_each = SOLO_ZONES
        else:
            zones_each = ZONES_EACH[n]
            cells = [(x, y) for y in range(zones_each + 1) for x in range(zones_each + 1) if x + y <= zones_each]
        self.extent = (max(y for _, y in cells) + 1) * 5, (max(x for x, _ in cells) + 1) * 5  # H, W
        self.squares = [f"{col[0]}.{column_name(5 * zx + dx)}{5 * zy + dy + 1}"
                        for col in self.colours for zx, zy in cells for dy in range(5) for dx in range(5)]
        self.cards = [a.id for a in c.actions]
        self.characters = [x.id for x in c.characters]
        self.skills = [x.id for x in c.skills]
        self.missions = [x.id for x in c.missions]
        self.items = list(dict.fromkeys(c.item_names))
        self.seasons = [x.id for x in c.seasons]
        card = vocab("card", self.cards)
        char = vocab("character", self.characters)
        skill = vocab("skill", self.skills)
        mission = vocab("mission", self.missions)
        item = vocab("item", self.items)
        colour = vocab("colour", self.colours)
        sq = vocab("square", self.squares)
        vehicle = vocab("vehicle", ["vehicle"])
        ability = char + skill
        span = range(-zones_each, zones_each + 1)
        blocks: list[tuple[str, list[Vocabulary]]] = [
            (kind, []) for kind in ("accept", "brawl", "cancel", "cold-blood", "decline", "die", "done", "end", "fight",
                                    "learn", "pass", "propose", "shoot", "stop", "unblock")
        ]
        blocks += [
            ("activate", [ability]), ("activate", [ability, vehicle + colour + sq + char + item]),
            ("attack", [colour, card]), ("camp", [sq]), ("choose", [char]), ("clear", [mission]),
            ("complete", [mission]), ("complete", [mission, colour + char]), ("complete", [mission, item, colour]),
            ("discard", [card]), ("drive", [sq]), ("drop", [item]), ("flee", [card + vocab("xp", ["xp"])]),
            ("give", [item, char]), ("learn", [skill, char]), ("move", [card, sq]), ("negotiate", [colour]),
            ("offer", [item]), ("place", [sq]),
            ("place", [vocab("zone", [z.id for z in c.zones]), vocab("x", span), vocab("y", span),
                       vocab("rotation", (0, 90, 180, 270))]),
            ("play", [card]), ("play", [card, char + colour + sq + card]),
            ("play", [card, colour, vehicle + sq + item + card]),
            ("roll", [char]), ("search", [card]), ("take", [item, char]), ("use", [item]),
            ("use", [item, vocab("zombies", ["zombies"]) + vehicle + colour + char + card + item]), ("wound", [char]),
        ]
        return ActionEncoding(self.game.id, blocks)

    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        self._index: _Index | None = None
        n = self.setup.players
        h, w = self.extent
        return [
            ("map", (n, n, h, w)),
            ("track", (4,)),  # round/rounds, season deck left, phase is play, turns done
            ("season", (len(self.seasons) + 1,)),
            ("decision", (len(DECISIONS) + 1,)),
            ("characters", (n, len(self.characters))),
            ("dead", (n, len(self.characters))),
            ("items", (n, len(self.items))),
            ("skills", (n, len(self.skills))),
            ("group", (n, 8)),  # damage, xp, trophies, vehicle, hand size, missions held, active, me
            ("done", (n, len(self.missions))),
            ("hand", (len(self.cards),)),
            ("missions", (len(self.missions),)),
            ("decks", (6,)),
            ("discard", (len(self.cards),)),
            ("combat", (4 + len(self.cards),)),  # dice, melee, duel, blocked; zombies by card
        ]

    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        keep = ("phase", "round", "rounds", "active", "turns_done", "season", "decision", "layout", "searched",
                "turned", "abilities_used", "truces", "combat", "last_drive", "reason", "events")
        out = {k: snapshot[k] for k in keep if k in snapshot}
        out["season_deck"] = len(snapshot["season_deck"])
        out["season_out"] = len(snapshot["season_out"])
        groups = []
        for i, g in enumerate(snapshot["groups"]):
            g = dict(g)
            if i != seat:
                g["hand"] = len(g["hand"])
                g["missions"] = len(g["missions"])
                g.pop("found", None)
                g.pop("declared", None)
            groups.append(g)
        out["groups"] = groups
        decks = snapshot["decks"]
        out["decks"] = {k: (v if k == "actions_discard" else len(v)) for k, v in decks.items()}
        dealt = snapshot.get("dealt") or []
        out["dealt"] = dealt[seat] if seat < len(dealt) else []
        return out

    def fill(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        n = self.setup.players
        h, w = self.extent
        initials = {col[0]: i for i, col in enumerate(self.colours)}
        card = {x: i for i, x in enumerate(self.cards)}
        char = {x: i for i, x in enumerate(self.characters)}
        item = {x: i for i, x in enumerate(self.items)}
        skill = {x: i for i, x in enumerate(self.skills)}
        mission = {x: i for i, x in enumerate(self.missions)}
        for i, g in enumerate(p["groups"][:n]):
            sq = g.get("square")
            if sq:
                island, x, y = _square(sq, initials)
                if 0 <= y < h and 0 <= x < w:
                    parts["map"][i, island, y, x] = 1.0
            damage = 0
            for ch in g["characters"]:
                parts["characters"][i, char[ch["id"]]] = 1.0
                damage += len(ch["damage"])
                for it in ch["items"]:
                    parts["items"][i, item.get(it.rstrip("*"), 0)] = 1.0
                for s in ch["skills"]:
                    parts["skills"][i, skill[s]] = 1.0
            for d in g["dead"]:
                parts["dead"][i, char[d]] = 1.0
            hand = g["hand"]
            held = g["missions"]
            parts["group"][i] = (damage / 6, g["xp"] / 10, len(g["trophies"]) / 5, float(g["vehicle"] is not None),
                                 (hand if isinstance(hand, int) else len(hand)) / 10,
                                 (held if isinstance(held, int) else len(held)) / 5, float(p.get("active") == i),
                                 float(i == seat))
            for m in g["done"]:
                parts["done"][i, mission[m]] = 1.0
            if i == seat:
                for k in hand:
                    parts["hand"][card[k]] += 1.0
                for m in held:
                    parts["missions"][mission[m]] = 1.0
        parts["track"][:] = (p["round"] / max(1, p["rounds"]), p["season_deck"] / 10, float(p["phase"] == "play"),
                             p.get("turns_done", 0) / 4)
        one_hot(parts["season"], {x: i for i, x in enumerate(self.seasons)}, p.get("season"))
        if p["decision"] is not None:
            one_hot(parts["decision"], {x: i for i, x in enumerate(DECISIONS)}, p["decision"][1])
        decks = p["decks"]
        parts["decks"][:] = (decks["actions"] / 100, decks["green"] / 50, decks["blue"] / 50, decks["damage"] / 50,
                             decks["missions"] / 30, len(decks["actions_discard"]) / 100)
        for k in decks["actions_discard"]:
            parts["discard"][card[k]] += 1.0
        cb = p.get("combat")
        if cb:
            combat = parts["combat"]
            combat[:4] = (cb.get("dice", 0) / 6, float(bool(cb.get("melee"))), float(bool(cb.get("duel"))),
                          float(bool(cb.get("blocked"))))
            for z in cb.get("zombies") or ():
                combat[4 + card.get(z, 0)] += 1.0


    def fill_state(self, state: State, seat: int, parts: dict[str, np.ndarray]) -> None:
        """:meth:`fill` of the seat's public part, read from the state's own fields (no snapshot):
        of the other groups only the sizes of their hands and missions. Only the values that are not
        zero are written (the segments come zeroed), each through a flat view of its segment's floats
        (:meth:`~deadboard.core.research.GameSpec.write_flat`)."""
        st = cast(DawnState, state)
        if self._index is None:
            self._index = _Index(self, st.c)
        self.write_flat(parts, partial(self._write, st, seat))  # (compiled, mypyc takes no closure in this class)


    def _write(self, st: DawnState, seat: int, out: dict[str, memoryview[float]]) -> None:
        ix = cast(_Index, self._index)
        n = self.setup.players
        h, w = self.extent
        names = st.board.names if st.board is not None else ()
        square = ix.square
        plane = out["map"]
        characters, items, skills, dead = out["characters"], out["items"], out["skills"], out["dead"]
        group, done, hand, missions = out["group"], out["done"], out["hand"], out["missions"]
        n_chars, n_items, n_skills, n_missions = len(self.characters), len(self.items), len(self.skills), len(self.missions)
        char, item, skill, mission, card = ix.char, ix.item, ix.skill, ix.mission, ix.card
        char_damage, char_items, char_skills = st.char_damage, st.char_items, st.char_skills
        for i, g in enumerate(st.groups[:n]):
            if g.sq >= 0 and names:
                name = names[g.sq]
                where = square.get(name)
                if where is None:
                    where = square[name] = _square(name, ix.initials)
                island, x, y = where
                if 0 <= y < h and 0 <= x < w:
                    plane[((i * n + island) * h + y) * w + x] = 1.0
            damage = 0
            for ch in g.chars:
                characters[i * n_chars + char[ch]] = 1.0
                damage += len(char_damage[ch])
                for it in char_items[ch]:
                    items[i * n_items + item[it]] = 1.0
                for sk in char_skills[ch]:
                    skills[i * n_skills + skill[sk]] = 1.0
            for ch in g.dead:
                dead[i * n_chars + char[ch]] = 1.0
            row = i * 8
            group[row] = damage / 6
            group[row + 1] = g.xp / 10
            group[row + 2] = len(g.trophies) / 5
            group[row + 3] = float(g.vehicle >= 0)
            group[row + 4] = len(g.hand) / 10
            group[row + 5] = len(g.missions) / 5
            group[row + 6] = float(st.active == i)
            group[row + 7] = float(i == seat)
            for m in g.done:
                done[i * n_missions + mission[m]] = 1.0
            if i == seat:
                for k in g.hand:
                    at = card[k]
                    hand[at] = hand[at] + 1.0
                for m in g.missions:
                    missions[mission[m]] = 1.0
        track = out["track"]
        track[0] = st.round / max(1, st.cfg.rounds)
        track[1] = len(st.season_deck) / 10
        track[2] = _IN_PLAY[st.phase]
        track[3] = (st.turns_done or 0) / 4
        season = out["season"]
        season[ix.season[st.season] if st.season >= 0 else len(season) - 1] = 1.0
        if st.decision is not None:
            decision = out["decision"]
            kind = st.decision[1]
            decision[ix.decisions.get(kind, len(decision) - 1) if isinstance(kind, str) else len(decision) - 1] = 1.0
        decks = out["decks"]
        decks[0] = len(st.actions.cards) / 100
        decks[1] = len(st.green.cards) / 50
        decks[2] = len(st.blue.cards) / 50
        decks[3] = len(st.damage.cards) / 50
        decks[4] = len(st.missions.cards) / 30
        decks[5] = len(st.actions.discards) / 100
        discards = st.actions.discards
        if discards:  # the pile changes seldom: its counts are kept while it stays the same
            if discards != ix.discards:
                ix.discards = list(discards)
                counts = np.bincount([card[k] for k in discards], minlength=len(self.cards)).astype(np.float32)
                ix.discard_counts = counts.data.cast("B").cast("f")
            out["discard"][:] = ix.discard_counts
        cb = st.combat
        if cb is not None:
            combat = out["combat"]
            combat[0] = cb.dice / 6
            combat[1] = float(bool(cb.melee))
            combat[2] = float(bool(cb.duel))
            combat[3] = float(bool(cb.blocked))
            zombie = ix.zombie
            for z in cb.zombies:
                at = 4 + zombie[z]
                combat[at] = combat[at] + 1.0


class _Index:
    """The state's integers to the observation's places (made once per spec)."""

    def __init__(self, spec: DawnSpec, c: Any) -> None:
        card = {x: i for i, x in enumerate(spec.cards)}
        item = {x: i for i, x in enumerate(spec.items)}
        char = {x: i for i, x in enumerate(spec.characters)}
        skill = {x: i for i, x in enumerate(spec.skills)}
        mission = {x: i for i, x in enumerate(spec.missions)}
        season = {x: i for i, x in enumerate(spec.seasons)}
        self.card = [card[a.id] for a in c.action_recs]
        self.zombie = [card.get(c.actions[k].id, 0) for k in c.action_cards]
        self.item = [item.get(name, 0) for name in c.item_names]
        self.char = [char[x.id] for x in c.characters]
        self.skill = [skill[x.id] for x in c.skills]
        self.mission = [mission[x.id] for x in c.missions]
        self.season = [season[x.id] for x in c.seasons]
        self.decisions = {x: i for i, x in enumerate(DECISIONS)}
        self.initials = {col[0]: i for i, col in enumerate(spec.colours)}
        self.square: dict[str, tuple[int, int, int]] = {}
        #: the last action discard pile seen, and its counts by card (a flat view of their floats)
        self.discards: list[int] = []
        self.discard_counts: memoryview[float] = np.zeros(len(spec.cards), dtype=np.float32).data.cast("B").cast("f")


def _square(name: str, initials: dict[str, int]) -> tuple[int, int, int]:
    """``r.c4`` -> (island, x, y)."""
    island = initials.get(name[0], 0)
    x, y = square_xy(name[2:])
    return island, x, y
