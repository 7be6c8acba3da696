"""A heuristic bot for Zombie Dawn.

It plays from its seat's view only (hidden cards of the others are redrawn, never peeked at):

- on its turn: completes missions, searches unsearched locations (preferring map zones where it has
  no token yet: a victory point each), declares Clear a Location missions when strong enough,
  learns skills, puts vehicles into play, heals, and walks or drives towards the nearest location
  worth searching;
- in response windows: plays zombies and nasty events against the leader (the opponent with the
  most visible victory points), above all when the leader is searching or already fighting, and
  keeps a few cards for itself;
- in combat: shoots while it can, fights while it is winning, and flees when it is losing (an Xp
  when it has one, else its least useful card);
- places damage where it kills last, and takes the best items it can carry.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from deadboard.core.action import Action
from deadboard.core.game import Game, State
from deadboard.core.rng import Rng
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import (
    best_weapon,
    capacity,
    cmod,
    load,
    score_parts,
    worst_lod,
)
from deadboard.games.zombie_dawn.state import DawnState


class HeuristicBot:
    name = "heuristic"
    needs_view = True

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(seed)
        self.seat = seat

    # ----- entry ---------------------------------------------------------------------------------
    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action:
        if not isinstance(view, DawnState) or view.decision is None:
            return legal[self.rng.below(len(legal))]
        kind = view.decision.kind
        handler: Callable[[DawnState, list[Action]], Action | None] | None = getattr(self, "_" + kind.replace("-", "_"), None)
        if handler is not None:
            got = handler(view, list(legal))
            if got is not None:
                return got
        return legal[self.rng.below(len(legal))]

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

    def cheapest(self, s: DawnState, options: list[Action], pos: int) -> Action | None:
        """The option whose card (at argument ``pos``) is worth least."""
        if not options:
            return None
        return min(options, key=lambda a: (self.card_value(s, str(a[pos])), a.text))

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
            dice += (s.c.item_recs[w].dice if w >= 0 else 1) + cmod(s, ch, "die")
        return dice / 3

    def distances(self, s: DawnState, sources: list[int]) -> dict[int, int]:
        b = s.board
        assert b is not None
        dist = {sq: 0 for sq in sources}
        q = deque(sources)
        while q:
            sq = q.popleft()
            for o in b.adj[sq]:
                if o not in dist:
                    dist[o] = dist[sq] + 1
                    q.append(o)
        return dist

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
        if max((len(s.cdmg[ch]) for ch in g.chars), default=0) > 1:
            return False
        expected = dice + 2.3 * len(g.chars)
        return self.strength(s, self.seat) >= expected * expected / 24 or (g.xp > 0 and len(g.chars) >= 2)

    def wanted_tags(self, s: DawnState) -> set[str]:
        """Item tags that the group's discard and carry missions ask for."""
        c = s.c
        return {c.missions[m].tag or "" for m in s.groups[self.seat].missions if c.missions[m].kind in ("discard", "carry")}

    # ----- setup ---------------------------------------------------------------------------------
    def _zone(self, s: DawnState, legal: list[Action]) -> Action | None:
        # keep the map compact: the slot nearest the tent
        best = min(abs(int(a[2])) + abs(int(a[3])) for a in legal)
        return self._pick([a for a in legal if abs(int(a[2])) + abs(int(a[3])) == best])

    def _character(self, s: DawnState, legal: list[Action]) -> Action | None:
        def value(a: Action) -> float:
            rec = s.c.characters[s.c.char_index[str(a[1])]]
            m = rec.mods
            return (rec.carry + 2 * (m.search + m.die + m.ranged) + m.lod + m.move + m.heal
                    + 0.5 * (m.search_field + m.search_forest + m.search_city) + m.hand)

        return max(legal, key=lambda a: (value(a), a.text))

    # ----- the turn ------------------------------------------------------------------------------
    def _turn(self, s: DawnState, legal: list[Action]) -> Action | None:
        g = s.groups[self.seat]
        by: dict[str, list[Action]] = {}
        for a in legal:
            by.setdefault(str(a[0]), []).append(a)
        if "complete" in by:
            return by["complete"][0]
        heal = self._heal(s, by.get("use", []), threshold=2)
        if heal is not None:
            return heal
        hurt = max((len(s.cdmg[ch]) for ch in g.chars), default=0)
        if g.searching:
            found_room = sum(capacity(s, ch) - load(s, ch) for ch in g.chars)
            if "search" in by and len(g.hand) >= 3 and hurt <= 2 and len(g.found) < found_room + 1:
                return self.cheapest(s, by["search"], 1)
            return by.get("stop", [None])[0]
        for a in by.get("clear", []):
            rec = s.c.missions[s.c.mission_index[str(a[1])]]
            if self.ready_to_clear(s, rec.dice):
                return a
        if "search" in by and len(g.hand) >= 2 and hurt <= 2:
            return self.cheapest(s, by["search"], 1)
        if "learn" in by:
            return by["learn"][0]
        if "play" in by:
            vehicle = [a for a in by["play"] if len(a) == 2 and s.c.actions[s.c.action_index[str(a[1])]].kind == "vehicle"]
            if vehicle and g.vehicle < 0:
                return vehicle[0]
            stash = [a for a in by["play"] if len(a) == 2 and s.c.actions[s.c.action_index[str(a[1])]].effect == "draw"]
            if stash:
                return stash[0]
        if "cold-blood" in by and len(g.hand) <= 2:
            return by["cold-blood"][0]
        go = self._travel(s, by)
        if go is not None:
            return go
        return by["end"][0] if "end" in by else None

    def _travel(self, s: DawnState, by: dict[str, list[Action]]) -> Action | None:
        b = s.board
        assert b is not None
        targets = self.targets(s)
        if not targets:
            return None
        dist = self.distances(s, targets)
        here = dist.get(s.groups[self.seat].sq, 99)
        best: tuple[float, str] | None = None
        choice: Action | None = None
        for kind in ("drive", "move", "play"):
            for a in by.get(kind, []):
                if kind == "drive":
                    sq = b.index[str(a[1])]
                    cost = 0.0
                elif kind == "move":
                    sq = b.index[str(a[2])]
                    cost = self.card_value(s, str(a[1])) * 0.3
                else:
                    rec = s.c.actions[s.c.action_index[str(a[1])]]
                    if rec.kind != "movement" or len(a) != 3:
                        continue
                    sq = b.index[str(a[2])]
                    cost = 0.5
                d = dist.get(sq, 99)
                if d >= here:
                    continue
                key = (d + cost, a.text)
                if best is None or key < best:
                    best, choice = key, a
        if choice is not None and choice[0] == "move" and len(s.groups[self.seat].hand) <= 1 and here > 4:
            return None  # keep the last card to flee with
        return choice

    def _heal(self, s: DawnState, uses: list[Action], threshold: int) -> Action | None:
        c = s.c
        best: Action | None = None
        worst = threshold - 1
        wanted = self.wanted_tags(s)
        for a in uses:
            if len(a) != 3 or str(a[2]) not in c.char_index:
                continue
            ch = c.char_index[str(a[2])]
            n = len(s.cdmg[ch])
            needed = bool(wanted & c.item_tags[c.item_index[str(a[1])]]) if str(a[1]) in c.item_index else False
            if needed and n < 3:
                continue
            if n > worst:
                best, worst = a, n
        return best

    # ----- out of turn ---------------------------------------------------------------------------
    def _respond(self, s: DawnState, legal: list[Action]) -> Action | None:
        g = s.groups[self.seat]
        c = s.c
        plays = [a for a in legal if a[0] == "play"]
        completes = [a for a in legal if a[0] == "complete"]
        if completes:
            return completes[0]
        heal = self._heal(s, [a for a in legal if a[0] == "use"], threshold=3)
        if heal is not None:
            return heal
        lead = self.leader(s)
        if lead < 0:
            return legal[0]
        lc = COLOURS[lead]
        target = s.groups[lead]
        cb = s.combat
        pressed = target.searching or (cb is not None and cb.stage != "over" and cb.group == lead and not cb.duel)
        keep = 2 if pressed else 4
        ahead = self.visible_score(s, lead) > self.visible_score(s, self.seat)
        if len(g.hand) > keep and (ahead or pressed):
            zombies = [a for a in plays if len(a) >= 3 and a[2] == lc
                       and c.actions[c.action_index[str(a[1])]].kind == "zombie"]
            if zombies:
                return max(zombies, key=lambda a: (self.card_value(s, str(a[1])), a.text))
        for a in plays:
            rec = c.actions[c.action_index[str(a[1])]]
            if rec.effect == "blocked" and a[2] == lc:
                return a
            if rec.effect == "lod" and str(a[2]) in c.char_index:
                ch = c.char_index[str(a[2])]
                if ch in target.chars and worst_lod(s, ch) <= -2:
                    return a
            if rec.effect == "exhausted" and a[2] == lc and len(target.hand) >= 3 and len(g.hand) > 2:
                return a
        return legal[0]  # pass

    # ----- combat --------------------------------------------------------------------------------
    def _losing(self, s: DawnState, dice: int) -> bool:
        g = s.groups[self.seat]
        mine = self.strength(s, self.seat)
        danger = dice / 6
        frail = max((len(s.cdmg[ch]) for ch in g.chars), default=0)
        return (frail >= 3 and danger >= 0.3) or dice > 3 * mine + 1 or (frail >= 2 and dice > 2 * mine)

    def _flee(self, s: DawnState, legal: list[Action]) -> Action | None:
        if any(a.text == "flee xp" for a in legal):
            return next(a for a in legal if a.text == "flee xp")
        cards = [a for a in legal if a[0] == "flee"]
        return self.cheapest(s, cards, 1)

    def _combat(self, s: DawnState, legal: list[Action]) -> Action | None:
        cb = s.combat
        assert cb is not None
        heal = self._heal(s, [a for a in legal if a[0] == "use"], threshold=3)
        if heal is not None:
            return heal
        flare = [a for a in legal if a[0] == "use" and len(a) == 3 and a[2] == "zombies"]
        if flare and cb.dice >= 3:
            return flare[0]
        if cb.blocked and not cb.unblock_tried and any(a.text == "unblock" for a in legal) and self._losing(s, cb.dice):
            return next(a for a in legal if a.text == "unblock")
        if self._losing(s, cb.dice):
            got = self._flee(s, legal)
            if got is not None:
                return got
        adrenaline = [a for a in legal if a[0] == "play" and len(a) == 2
                      and s.c.actions[s.c.action_index[str(a[1])]].effect == "adrenaline"]
        if adrenaline and cb.dice >= 3:
            return adrenaline[0]
        for name in ("shoot", "fight"):
            for a in legal:
                if a.text == name:
                    return a
        return None

    def _duel(self, s: DawnState, legal: list[Action]) -> Action | None:
        cb = s.combat
        assert cb is not None
        other = cb.group if self.seat == cb.enemy else cb.enemy
        if self.strength(s, other) > 1.5 * self.strength(s, self.seat) + 0.5:
            offers = [a for a in legal if a[0] == "offer"]
            if offers:
                return min(offers, key=lambda a: a.text)
            got = self._flee(s, legal)
            if got is not None:
                return got
        for name in ("shoot", "fight"):
            for a in legal:
                if a.text == name:
                    return a
        return None

    def _offer(self, s: DawnState, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.text == "accept"), None)

    # ----- small decisions -----------------------------------------------------------------------
    def _damage(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c

        def key(a: Action) -> tuple[int, int, str]:
            ch = c.char_index[str(a[1])]
            return (len(s.cdmg[ch]), -worst_lod(s, ch), a.text)

        return min(legal, key=key)

    def _lodpick(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c
        return max(legal, key=lambda a: (worst_lod(s, c.char_index[str(a[1])]) + cmod(s, c.char_index[str(a[1])], "lod"), a.text))

    def _save(self, s: DawnState, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a[0] == "use"), None)

    def _items(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c

        wanted = self.wanted_tags(s)

        def value(a: Action) -> float:
            it = c.item_index[str(a[1])]
            r = c.item_recs[it]
            v = {"weapon": 3.0 + r.dice, "heal": 3.0, "straighten": 2.0, "gear": 2.5, "flare": 2.0, "tool": 2.0}.get(r.kind, 1.0)
            if wanted & c.item_tags[it]:
                v += 4.0
            return v + (1.0 if r.light else 0.0)

        heal = self._heal(s, [a for a in legal if a[0] == "use"], threshold=1)
        if heal is not None:
            return heal
        takes = [a for a in legal if a[0] == "take"]
        if takes:
            return max(takes, key=lambda a: (value(a), a.text))
        return next((a for a in legal if a.text == "done"), None)

    def _discard(self, s: DawnState, legal: list[Action]) -> Action | None:
        return self.cheapest(s, legal, 1)

    def _learn(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c
        return max(legal, key=lambda a: (c.skills[c.skill_index[str(a[1])]].vp, a.text))

    def _respawn(self, s: DawnState, legal: list[Action]) -> Action | None:
        b = s.board
        assert b is not None
        targets = self.targets(s)
        if not targets:
            return None
        dist = self.distances(s, targets)
        return min(legal, key=lambda a: (dist.get(b.index[str(a[1])], 99), a.text))

    def _flee_place(self, s: DawnState, legal: list[Action]) -> Action | None:
        return self._pick(legal)
