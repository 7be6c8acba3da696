"""What Zombie Dawn's heuristic player weighs: the worth of an action card and of an item to it, the
leader among its opponents, a group's strength in a melee phase, walking distances on the board,
the squares worth walking to, whether it is strong enough to clear a location.
:mod:`deadboard.games.zombie_dawn.bot` decides with them, a method per decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from deadboard.core.action import Action
from deadboard.core.heuristic import HeuristicBot as BaseHeuristicBot
from deadboard.games.zombie_dawn.actions import Activate, ActivateOn, Discard, Flee, Search
from deadboard.games.zombie_dawn.effects import best_weapon, char_modifier, score_parts
from deadboard.games.zombie_dawn.state import DawnState

#: what an activated ability is worth to the bot when it chooses its character
ABILITY_VALUE = {"heal": 1.5, "dash": 1.5, "straighten": 1.0, "repair": 1.0, "rally": 1.5, "shove": 1.5, "escape": 1.0,
                 "lure": 1.5, "pickpocket": 1.0, "last-rites": 1.0, "unblock": 0.5}

#: what an item is worth to the bot, by kind (weapons add their dice)
ITEM_VALUE = {"weapon": 3.0, "heal": 3.0, "straighten": 2.0, "gear": 2.5, "flare": 2.0, "tool": 2.0}



A = TypeVar("A", bound=Action)


def only(actions: Sequence[Action], kind: type[A]) -> list[A]:
    """The actions of one form."""
    return [a for a in actions if isinstance(a, kind)]


class Tactics(BaseHeuristicBot[DawnState]):
    """The heuristic player's reading of a position, from its seat (its own seeded ``rng`` breaks
    ties)."""


    # ----- helpers -------------------------------------------------------------------------------
    def _pick(self, options: list[Action]) -> Action | None:
        return options[self.rng.below(len(options))] if options else None

    def card_value(self, s: DawnState, card_id: str) -> float:
        r = s.c.actions[s.c.action_index[card_id]]
        if r.kind == "zombie":
            return 1.0 + r.dice + r.fx.initial * 0.5
        if r.kind == "vehicle":
            return 4.0 if s.groups[self.seat].vehicle < 0 else 1.0
        if r.kind == "movement":
            return 2.0
        return {"lod": 3.0, "exhausted": 2.5, "blocked": 2.5, "heal": 3.0, "adrenaline": 2.0, "draw": 3.5}.get(r.effect or "", 2.0)

    def cheapest(self, s: DawnState, options: Sequence[Search | Flee | Discard]) -> Action | None:
        """The option whose card is worth least."""
        if not options:
            return None
        return min(options, key=lambda a: (self.card_value(s, a.payment if isinstance(a, Flee) else a.card), a.text))

    def leader(self, s: DawnState) -> int:
        """The opponent with the most visible victory points (ties: most Xp, then random)."""
        best, key = -1, (-99, -99, -1.0)
        for t in range(s.cfg.players):
            if t == self.seat:
                continue
            p = score_parts(s, t)
            k = (p["score"] + p["missions"], p["xp"], self.rng.random())
            if k > key:
                best, key = t, k
        return best

    def visible_score(self, s: DawnState, seat: int) -> int:
        p = score_parts(s, seat)
        return p["score"] + p["missions"]

    def strength(self, s: DawnState, seat: int) -> float:
        """Expected hits of the group in one melee phase."""
        g = s.groups[seat]
        dice = 1.0
        for ch in g.chars:
            w = best_weapon(s, ch)
            dice += (s.c.item_recs[w].dice if w >= 0 else 1) + char_modifier(s, ch, "die")
        return dice / 3

    def distances(self, s: DawnState, sources: list[int]) -> dict[int, int]:
        """Walking steps from the nearest of ``sources`` (the board's, cached: do not change it)."""
        b = s.board
        assert b is not None
        return b.walks(tuple(sources))

    def targets(self, s: DawnState) -> list[int]:
        """Squares worth walking to: the site of a mission it can do now (a visit, leaving a Pj
        behind, a Clear a Location it is strong enough for), else locations not yet searched by
        this group, in a zone without its token if there are such."""
        b = s.board
        assert b is not None
        bit = 1 << self.seat
        g = s.groups[self.seat]
        c = s.c
        sites = set()
        for m in g.missions:
            rec = c.missions[m]
            if rec.kind == "visit" or (rec.kind == "release" and len(g.chars) >= 2) or (
                rec.kind == "clear" and self.ready_to_clear(s, rec.dice)
            ):
                sites.add(rec.site)
        if sites:
            here = [sq for sq in b.locations if b.site[sq] in sites]
            if here:
                return here
        mine = {b.zone_at[sq] for sq in b.locations if s.searched[sq] & bit}
        free = [sq for sq in b.locations if not s.searched[sq] & bit]
        fresh = [sq for sq in free if b.zone_at[sq] not in mine]
        return fresh or free

    def ready_to_clear(self, s: DawnState, dice: int) -> bool:
        """Strong enough for a Clear a Location mission: its dice and about 2.3 more per Pj (2 action
        cards revealed each), beaten before the group takes about 2 damage."""
        g = s.groups[self.seat]
        if max((len(s.char_damage[ch]) for ch in g.chars), default=0) > 1:
            return False
        expected = dice + 2.3 * len(g.chars)
        return self.strength(s, self.seat) >= expected * expected / 24 or (g.xp > 0 and len(g.chars) >= 2)

    def item_value(self, s: DawnState, it: int, wanted: set[str] | None = None) -> float:
        """What an item is worth to this bot (weapons by their dice, items its missions ask for more)."""
        c = s.c
        r = c.item_recs[it]
        v = ITEM_VALUE.get(r.kind, 1.0) + (r.dice if r.kind == "weapon" else 0)
        if wanted is None:
            wanted = self.wanted_tags(s)
        if wanted & c.item_tags[it]:
            v += 4.0
        return v + (1.0 if r.light else 0.0)

    def ability(self, s: DawnState, a: Action) -> str:
        """The effect of an ``activate`` action."""
        assert isinstance(a, Activate | ActivateOn)
        return s.c.ability_of[a.ability].effect

    def abilities(self, s: DawnState, legal: list[Action], *effects: str) -> list[Action]:
        return [a for a in legal if isinstance(a, Activate | ActivateOn) and self.ability(s, a) in effects]

    def frailest(self, s: DawnState, seat: int) -> int:
        return max((len(s.char_damage[ch]) for ch in s.groups[seat].chars), default=0)

    def wanted_tags(self, s: DawnState) -> set[str]:
        """Item tags that the group's discard and carry missions ask for."""
        c = s.c
        return {c.missions[m].tag or "" for m in s.groups[self.seat].missions if c.missions[m].kind in ("discard", "carry")}
