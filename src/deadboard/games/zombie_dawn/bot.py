"""A heuristic bot for Zombie Dawn.

It plays from its seat's view only (hidden cards of the others are redrawn, never peeked at):

- on its turn: completes missions, searches unsearched locations (preferring map zones where it has
  no token yet: a victory point each), declares Clear a Location missions when strong enough,
  learns skills, puts vehicles into play, heals, and walks, dashes or drives towards the nearest
  location worth searching; it attacks a group next to it only when much stronger and the target
  is the leader or has a Pj close to death;
- in response windows: plays zombies, nasty events and abilities (Decoy Call, Light Fingers) against
  the leader (the opponent with the most visible victory points), above all when the leader is
  searching or already fighting, and keeps a few cards for itself;
- in combat: shoots while it can, uses its combat abilities when the zombies are many, fights while
  it is winning, and flees when it is losing (a free escape, an Xp, else its least useful card);
- negotiates: attacked by a much stronger group, it offers its least useful items, worth about what
  the fight would cost it; next to a much stronger group when it is weak, it buys peace for the round
  with a small offer; offered items, it accepts when they are worth more than what it hoped to win
  (always when it is the weaker side of a fight);
- places damage where it kills last, saves a dying Pj with whatever it has, and takes the best items
  it can carry.
"""

from __future__ import annotations

from deadboard.core.action import Action
from deadboard.core.heuristic import decides
from deadboard.core.responses import Respond
from deadboard.games.zombie_dawn.actions import (
    ZOMBIES,
    Activate,
    ActivateOn,
    Attack,
    Camp,
    Choose,
    Clear,
    Complete,
    CompleteGive,
    CompleteWith,
    Discard,
    Drive,
    Flee,
    Give,
    Learn,
    Move,
    Negotiate,
    Offer,
    PlaceZone,
    Play,
    PlayAt,
    PlayOn,
    Roll,
    Search,
    Take,
    Use,
    UseOn,
    Wound,
)
from deadboard.games.zombie_dawn.cards import DiscardCards
from deadboard.games.zombie_dawn.combat import CombatChoice
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.death import Respawn
from deadboard.games.zombie_dawn.duel import DuelChoice
from deadboard.games.zombie_dawn.effects import (
    best_weapon,
    capacity,
    char_modifier,
    holder,
    load,
    worst_lod,
)
from deadboard.games.zombie_dawn.flight import FleePlace
from deadboard.games.zombie_dawn.items import TakeItems
from deadboard.games.zombie_dawn.negotiation import DUEL, AnswerBargain, Bargain
from deadboard.games.zombie_dawn.setup import ChooseCharacter
from deadboard.games.zombie_dawn.setup import PlaceZone as PlaceZoneStep
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.tactics import ABILITY_VALUE, Tactics, only
from deadboard.games.zombie_dawn.turn import ChooseSkill, Turn
from deadboard.games.zombie_dawn.wounds import LifeOrDeathPick, PlaceDamage, SaveCharacter


class HeuristicBot(Tactics):
    """Zombie Dawn's heuristic player: a method per decision step (see :func:`decides`); a decision
    no method takes, or one it declines, is a seeded random choice."""

    # ----- setup ---------------------------------------------------------------------------------
    @decides(PlaceZoneStep)
    def _zone(self, s: DawnState, legal: list[Action]) -> Action | None:
        # keep the map compact: the slot nearest the tent
        zones = [a for a in legal if isinstance(a, PlaceZone)]
        best = min(abs(a.x) + abs(a.y) for a in zones)
        return self._pick([a for a in zones if abs(a.x) + abs(a.y) == best])

    @decides(ChooseCharacter)
    def _character(self, s: DawnState, legal: list[Action]) -> Action | None:
        def value(a: Action) -> float:
            assert isinstance(a, Choose)
            rec = s.c.characters[s.c.char_index[a.character]]
            m = rec.mods
            ab = ABILITY_VALUE.get(rec.ability.effect, 1.0) if rec.ability is not None else 0.0
            return (rec.carry + 2 * (m.search + m.die + m.ranged) + m.lod + m.move + m.heal
                    + 0.5 * (m.search_field + m.search_forest + m.search_city) + m.hand + ab)

        return max(legal, key=lambda a: (value(a), a.text))

    # ----- the turn ------------------------------------------------------------------------------
    @decides(Turn)
    def _turn(self, s: DawnState, legal: list[Action]) -> Action | None:
        g = s.groups[self.seat]
        by: dict[str, list[Action]] = {}
        for a in legal:
            by.setdefault(a.kind, []).append(a)
        if "complete" in by:
            return by["complete"][0]
        heal = self._heal(s, by.get("use", []) + self.abilities(s, by.get("activate", []), "heal"), threshold=2)
        if heal is not None:
            return heal
        for a in self.abilities(s, by.get("activate", []), "straighten", "repair", "last-rites"):
            if self.ability(s, a) != "last-rites" or self.frailest(s, self.seat) >= 3:
                return a
        hurt = max((len(s.char_damage[ch]) for ch in g.chars), default=0)
        if g.searching:
            found_room = sum(capacity(s, ch) - load(s, ch) for ch in g.chars)
            if "search" in by and len(g.hand) >= 3 and hurt <= 2 and len(g.found) < found_room + 1:
                return self.cheapest(s, only(by["search"], Search))
            return by.get("stop", [None])[0]
        for a in by.get("clear", []):
            assert isinstance(a, Clear)
            rec = s.c.missions[s.c.mission_index[a.mission]]
            if self.ready_to_clear(s, rec.dice):
                return a
        if "search" in by and len(g.hand) >= 2 and hurt <= 2:
            return self.cheapest(s, only(by["search"], Search))
        attack = self._attack(s, only(by.get("attack", []), Attack))
        if attack is not None:
            return attack
        share = self._share(s, only(by.get("give", []), Give))
        if share is not None:
            return share
        if "learn" in by:
            return by["learn"][0]
        if "play" in by:
            vehicle = [a for a in only(by["play"], Play) if s.c.actions[s.c.action_index[a.card]].kind == "vehicle"]
            if vehicle and g.vehicle < 0:
                return vehicle[0]
            stash = [a for a in only(by["play"], Play) if s.c.actions[s.c.action_index[a.card]].effect == "draw"]
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
        for kind in ("drive", "activate", "move", "play"):
            for a in by.get(kind, []):
                if isinstance(a, Drive):
                    sq = b.index[a.square]
                    cost = 0.0
                elif isinstance(a, Activate | ActivateOn):
                    if self.ability(s, a) != "dash":
                        continue
                    assert isinstance(a, ActivateOn)
                    sq = b.index[a.target]
                    cost = 0.1
                elif isinstance(a, Move):
                    sq = b.index[a.square]
                    cost = self.card_value(s, a.card) * 0.3
                else:
                    if not isinstance(a, PlayOn) or s.c.actions[s.c.action_index[a.card]].kind != "movement":
                        continue
                    sq = b.index[a.target]
                    cost = 0.5
                d = dist.get(sq, 99)
                if d >= here:
                    continue
                key = (d + cost, a.text)
                if best is None or key < best:
                    best, choice = key, a
        if isinstance(choice, Move) and len(s.groups[self.seat].hand) <= 1 and here > 4:
            return None  # keep the last card to flee with
        return choice

    def _attack(self, s: DawnState, attacks: list[Attack]) -> Action | None:
        """Attack a group next to it only when much stronger, with cards to spare, and when the target
        leads or has a Pj close to death (its items may be kept)."""
        if not attacks or len(s.groups[self.seat].hand) < 3 or self.frailest(s, self.seat) >= 2:
            return None
        lead = self.leader(s)
        mine = self.strength(s, self.seat)
        for a in sorted(attacks, key=lambda x: (self.card_value(s, x.card), x.text)):
            t = COLOURS.index(a.colour)
            if mine >= 1.5 * self.strength(s, t) + 0.3 and (t == lead or self.frailest(s, t) >= 2):
                return a
        return None

    def _share(self, s: DawnState, gives: list[Give]) -> Action | None:
        """Pass a spare weapon to a Pj who has none (each Pj fights with one), and gear that helps Life
        or Death rolls to a Pj much more hurt than its carrier."""
        c = s.c
        for a in gives:
            it = c.item_index[a.item]
            to = c.char_index[a.character]
            frm = holder(s, it)
            if c.item_weapon[it]:
                if best_weapon(s, to) < 0 and any(w != it and c.item_weapon[w] for w in s.char_items[frm]):
                    return a
            elif c.inst_mods[it].get("lod", 0) > 0 and len(s.char_damage[to]) > len(s.char_damage[frm]) + 1:
                return a
        return None

    def _heal(self, s: DawnState, uses: list[Action], threshold: int) -> Action | None:
        c = s.c
        best: Action | None = None
        worst = threshold - 1
        wanted = self.wanted_tags(s)
        for a in uses:
            if not isinstance(a, UseOn | ActivateOn) or a.target not in c.char_index:
                continue
            ch = c.char_index[a.target]
            n = len(s.char_damage[ch])
            needed = isinstance(a, UseOn) and bool(wanted & c.item_tags[c.item_index[a.item]])
            if needed and n < 3:
                continue
            if n > worst:
                best, worst = a, n
        return best

    # ----- out of turn ---------------------------------------------------------------------------
    @decides(Respond)
    def _respond(self, s: DawnState, legal: list[Action]) -> Action | None:
        g = s.groups[self.seat]
        c = s.c
        plays = [a for a in legal if isinstance(a, PlayOn | PlayAt)]
        completes = [a for a in legal if isinstance(a, Complete | CompleteWith | CompleteGive)]
        if completes:
            return completes[0]
        heal = self._heal(s, [a for a in legal if isinstance(a, Use | UseOn)] + self.abilities(s, legal, "heal"), threshold=3)
        if heal is not None:
            return heal
        talk = self._peace(s, only(legal, Negotiate))
        if talk is not None:
            return talk
        lead = self.leader(s)
        if lead < 0:
            return legal[0]
        lc = COLOURS[lead]
        target = s.groups[lead]
        cb = s.combat
        pressed = target.searching or (cb is not None and not cb.ended and cb.group == lead and not cb.duel)
        keep = 2 if pressed else 4
        ahead = self.visible_score(s, lead) > self.visible_score(s, self.seat)
        if len(g.hand) > keep and (ahead or pressed):
            zombies = [a for a in plays if a.target == lc and c.actions[c.action_index[a.card]].kind == "zombie"]
            if zombies:
                return max(zombies, key=lambda a: (self.card_value(s, a.card), a.text))
        for a in self.abilities(s, legal, "lure", "pickpocket"):
            if not isinstance(a, ActivateOn) or a.target != lc:
                continue
            if self.ability(s, a) == "lure" and pressed and len(target.chars) and not self._losing(s, 0):
                return a
            if self.ability(s, a) == "pickpocket" and len(target.hand) >= 2:
                return a
        for a in plays:
            rec = c.actions[c.action_index[a.card]]
            if rec.effect == "blocked" and a.target == lc and isinstance(a, PlayOn):
                return a
            if rec.effect == "lod" and a.target in c.char_index:
                ch = c.char_index[a.target]
                if ch in target.chars and worst_lod(s, ch) <= -2:
                    return a
            if rec.effect == "exhausted" and a.target == lc and len(target.hand) >= 3 and len(g.hand) > 2:
                return a
        return legal[0]  # pass

    # ----- combat --------------------------------------------------------------------------------
    def _losing(self, s: DawnState, dice: int) -> bool:
        g = s.groups[self.seat]
        mine = self.strength(s, self.seat)
        danger = dice / 6
        frail = max((len(s.char_damage[ch]) for ch in g.chars), default=0)
        return (frail >= 3 and danger >= 0.3) or dice > 3 * mine + 1 or (frail >= 2 and dice > 2 * mine)

    def _flee(self, s: DawnState, legal: list[Action]) -> Action | None:
        escape = self.abilities(s, legal, "escape")
        if escape:
            return escape[0]
        if any(a.text == "flee xp" for a in legal):
            return next(a for a in legal if a.text == "flee xp")
        return self.cheapest(s, only(legal, Flee))

    @decides(CombatChoice)
    def _combat(self, s: DawnState, legal: list[Action]) -> Action | None:
        cb = s.combat
        assert cb is not None
        heal = self._heal(s, [a for a in legal if isinstance(a, Use | UseOn)], threshold=3)
        if heal is not None:
            return heal
        flare = [a for a in legal if isinstance(a, UseOn) and a.target == ZOMBIES]
        if flare and cb.dice >= 3:
            return flare[0]
        shove = self.abilities(s, legal, "shove")
        if shove and cb.dice >= 2:
            return shove[0]
        mine = COLOURS[self.seat]
        discards = [a for a in only(legal, PlayAt) if a.target == mine
                    and s.c.actions[s.c.action_index[a.card]].effect == "blocked"]
        if discards and cb.dice >= 2:  # Blocked Access: the zombie card bringing the most dice goes
            return max(discards, key=lambda a: (self._zombie_dice(s, a.what), a.text))
        losing = self._losing(s, cb.dice)
        if cb.blocked and losing:
            free = self.abilities(s, legal, "unblock")
            if free:
                return free[0]
            if not cb.unblock_tried and any(a.text == "unblock" for a in legal):
                return next(a for a in legal if a.text == "unblock")
        if losing:
            got = self._flee(s, legal)
            if got is not None:
                return got
        rally = self.abilities(s, legal, "rally")
        if rally and cb.dice >= 3 and s.groups[self.seat].adrenaline == 0:
            return rally[0]
        share = self._share(s, only(legal, Give))
        if share is not None:
            return share
        adrenaline = [a for a in only(legal, Play) if s.c.actions[s.c.action_index[a.card]].effect == "adrenaline"]
        if adrenaline and cb.dice >= 3:
            return adrenaline[0]
        return _attack(legal)

    @staticmethod
    def _zombie_dice(s: DawnState, kind: str) -> int:
        rec = s.c.actions[s.c.action_index[kind]]
        return rec.dice + rec.fx.dice

    @decides(DuelChoice)
    def _duel(self, s: DawnState, legal: list[Action]) -> Action | None:
        cb = s.combat
        assert cb is not None
        other = cb.group if self.seat == cb.enemy else cb.enemy
        if self.strength(s, other) > 1.5 * self.strength(s, self.seat) + 0.5 or self.frailest(s, self.seat) >= 3:
            talk = only(legal, Negotiate)
            if talk:
                return talk[0]
            got = self._flee(s, legal)
            if got is not None:
                return got
        rally = self.abilities(s, legal, "rally")
        if rally and s.groups[self.seat].adrenaline == 0:
            return rally[0]
        return _attack(legal)

    def _peace(self, s: DawnState, talks: list[Negotiate]) -> Action | None:
        """Buy peace from a group next to it that is much stronger, when its own group is weak."""
        if not talks or self.frailest(s, self.seat) < 2:
            return None
        mine = self.strength(s, self.seat)
        for a in talks:
            t = COLOURS.index(a.colour)
            if self.strength(s, t) >= 1.8 * mine + 0.5:
                return a
        return None

    @decides(Bargain)
    def _bargain(self, s: DawnState, legal: list[Action]) -> Action | None:
        """Build the offer from its least useful items up to what peace is worth, then propose it
        (or call it off when even everything would not do)."""
        step = s.steps[-1]
        assert isinstance(step, Bargain)
        offered = step.offered
        c = s.c
        wanted = self.wanted_tags(s)
        worth = sum(self.item_value(s, it, wanted) for it in offered)
        need = 6.0 if step.context == DUEL else 3.0
        if worth >= need:
            return next((a for a in legal if a.text == "propose"), None)
        offers = only(legal, Offer)
        if offers:
            return min(offers, key=lambda a: (self.item_value(s, c.item_index[a.item], wanted), a.text))
        return next((a for a in legal if a.text == ("propose" if offered else "cancel")), None)

    @decides(AnswerBargain)
    def _answer(self, s: DawnState, legal: list[Action]) -> Action | None:
        """Accept an offer worth more than what it hoped to win, and any offer that ends a fight in
        which it is the weaker side."""
        step = s.steps[-1]
        assert isinstance(step, AnswerBargain)
        offerer, offered, ctx = step.offerer, step.offered, step.context
        worth = sum(self.item_value(s, it) for it in offered)
        mine, theirs = self.strength(s, self.seat), self.strength(s, offerer)
        if ctx == "duel":
            ok = worth >= 4.0 or mine <= 1.2 * theirs or self.frailest(s, self.seat) >= 3
        else:
            ok = worth >= 2.0 and not (mine >= 1.8 * theirs + 0.5 and offerer == self.leader(s))
        return next((a for a in legal if a.text == ("accept" if ok else "decline")), None)

    # ----- small decisions -----------------------------------------------------------------------
    @decides(PlaceDamage)
    def _damage(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c

        def key(a: Action) -> tuple[int, int, str]:
            assert isinstance(a, Wound)
            ch = c.char_index[a.character]
            return (len(s.char_damage[ch]), -worst_lod(s, ch), a.text)

        return min(legal, key=key)

    @decides(LifeOrDeathPick)
    def _lodpick(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c
        rolls = only(legal, Roll)
        return max(rolls, key=lambda a: (worst_lod(s, c.char_index[a.character]) + char_modifier(s, c.char_index[a.character], "lod"), a.text))

    @decides(SaveCharacter)
    def _save(self, s: DawnState, legal: list[Action]) -> Action | None:
        for kinds in ((Activate, ActivateOn), (Use, UseOn), (Play, PlayOn, PlayAt)):
            for a in legal:
                if isinstance(a, kinds):
                    return a
        return None

    @decides(TakeItems)
    def _items(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c
        wanted = self.wanted_tags(s)

        def value(a: Take) -> float:
            return self.item_value(s, c.item_index[a.item], wanted)

        heal = self._heal(s, [a for a in legal if isinstance(a, Use | UseOn)], threshold=1)
        if heal is not None:
            return heal
        takes = only(legal, Take)
        if takes:
            return max(takes, key=lambda a: (value(a), a.text))
        return next((a for a in legal if a.text == "done"), None)

    @decides(DiscardCards)
    def _discard(self, s: DawnState, legal: list[Action]) -> Action | None:
        return self.cheapest(s, only(legal, Discard))

    @decides(ChooseSkill)
    def _learn(self, s: DawnState, legal: list[Action]) -> Action | None:
        c = s.c
        return max(only(legal, Learn), key=lambda a: (c.skills[c.skill_index[a.skill]].vp, a.text))

    @decides(Respawn)
    def _respawn(self, s: DawnState, legal: list[Action]) -> Action | None:
        b = s.board
        assert b is not None
        targets = self.targets(s)
        if not targets:
            return None
        dist = self.distances(s, targets)
        return min(only(legal, Camp), key=lambda a: (dist.get(b.index[a.square], 99), a.text))

    @decides(FleePlace)
    def _flee_place(self, s: DawnState, legal: list[Action]) -> Action | None:
        return self._pick(legal)


def _attack(legal: list[Action]) -> Action | None:
    """Shoot if it may, else fight (None when neither is legal)."""
    for name in ("shoot", "fight"):
        for a in legal:
            if a.text == name:
                return a
    return None
