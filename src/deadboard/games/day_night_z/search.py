"""Rulebook §4.1, §4.7, §4.8: using search cards, searching a zone, a corpse or an item."""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z import phrases, skill_effects
from deadboard.games.day_night_z.cards import resolve
from deadboard.games.day_night_z.concepts import attribute, check, infect, roll
from deadboard.games.day_night_z.content import Effect, EffectKind
from deadboard.games.day_night_z.inventory import Reorganizing, overloaded, place, release, reorganizable
from deadboard.games.day_night_z.lowering import lower, offer
from deadboard.games.day_night_z.movement import parse_spot
from deadboard.games.day_night_z.state import DNZState, Survivor


def draw_search(state: DNZState) -> str:
    cid = state.draw("search")
    if cid is not None:
        return cid
    deck = state.deck("search")
    deck.extend(state.deck("search-discard"))
    state.deck("search-discard").clear()
    state.rng.shuffle(deck)
    return deck.pop() if deck else ""


def search_zone(state: DNZState, s: Survivor, spend: bool) -> Steps | None:
    """SEARCH ZONE (complete turn, §4.7): draw as many search cards as Perception, keep one to try."""

    s.ap = 0
    tile = state.tiles[s.tile]
    state.locations[tile.slot].searched.add(tile.index)
    n = max(1, attribute(state, s, "perception")) + skill_effects.bonus(state, s, "search-draw")
    drawn = tuple(c for c in (draw_search(state) for _ in range(n)) if c)
    state.emit(
        "search",
        f"{s.name} searches the zone and draws {', '.join(state.items[c].name for c in drawn) or 'nothing'}",
        {"who": s.id, "cards": list(drawn)},
    )
    if not drawn:
        return None
    return (KeepSearch(s.seat, s.id, drawn, tile.geo.side.search, spend),)


def found(state: DNZState, s: Survivor, cid: str) -> Steps:
    """The card found goes to a free hand, its body location or the backpack; "A survivor can
    freely reorganize his inventory if the search was successful" (§4.7, §4.8): a reorganization
    without AP follows (it must make room if the backpack is over its room)."""
    place(state, s, cid)
    card = state.items[cid]
    state.emit("found", f"{s.name} finds: {card.name}", {"who": s.id, "card": cid})
    if reorganizable(state, s) or overloaded(state, s):
        return (Reorganizing(s.seat, s.id),)
    return ()


def search_corpse(state: DNZState, s: Survivor, at: str) -> None:
    tile_id, cell = parse_spot(at)
    tile = state.tiles[tile_id]
    index = tile.corpses[cell].pop()
    if not tile.corpses[cell]:
        del tile.corpses[cell]
    marker = state.content.corpses[index]
    state.emit(
        "corpse",
        f"{s.name} searches a corpse: {phrases.CORPSE.get(marker.result, marker.result)}"
        + (f" — {phrases.count(marker.dice, 'die', 'dice')} to roll" if marker.dice else ""),
        {"who": s.id},
    )
    found_more = 1 + skill_effects.bonus(state, s, "corpse-find")
    if marker.result == "ammo":
        s.ammo += found_more
    elif marker.result == "battery":
        s.battery += found_more
    elif marker.result == "supplies":
        s.supplies += found_more
    elif marker.result == "infection":
        faces = roll(state, marker.dice)
        if "skull-infection" in faces:
            infect(state, s, 1, "searching a corpse")


def search_item(state: DNZState, s: Survivor, at: str, spend: bool) -> Steps:
    tile_id, cell = parse_spot(at)
    tile = state.tiles[tile_id]
    tile.search_marks.discard(cell)
    tile.searched.add(cell)
    cid = draw_search(state)
    if not cid:
        return ()
    card = state.items[cid]
    if check(state, s, "perception", card.search, spend, f"search item ({card.name})"):
        return found(state, s, cid)
    state.deck("search-discard").append(cid)
    return ()


def use(state: DNZState, s: Survivor, item: str) -> Steps:
    """USE SEARCH CARD (free, §4.1): "Occasionally, the use will be conditioned by an attribute
    check (example: first aid kit)": a check the card asks for, on which a survival point may be
    spent (§3.5), as for every card."""
    card = state.items[item]
    release(s, item)
    state.deck("search-discard").append(item)
    state.emit("use", f"{s.name} uses {card.name}", {"who": s.id, "card": item})
    heal_more = skill_effects.bonus(state, s, "card-heal") if card.heal else 0
    return resolve(state, s, use_effects(state, item, heal_more))


def use_effects(state: DNZState, item: str, heal_more: int = 0) -> tuple[Effect, ...]:
    """What a consumable search card does, as card effects (behind its check if it has one);
    ``heal_more``: the health a perk adds to a card that heals."""
    card = state.items[item]
    gains: tuple[tuple[EffectKind, int], ...] = (
        ("heal", card.heal + heal_more),
        ("stress", card.stress),
        ("cure", card.cure),
        ("supplies", card.supply),
        ("ammo", card.ammo_gain),
        ("battery", card.battery_gain),
    )
    out = tuple(Effect(kind=kind, n=n) for kind, n in gains if n)
    if card.check:
        what = f"{card.name} ({card.check.replace('_', ' ')})"
        return (Effect(kind="check", attribute=card.check, what=what, success=out),)
    return out


@classvars(kind="keep")
@dataclass(slots=True)
class KeepSearch(Choice[DNZState, A.Keep | A.LowerThreat]):
    """Choose one of the drawn search cards; a Perception check with its and the zone's modifiers
    finds it (§4.7)."""

    seat: int
    who: str
    drawn: tuple[str, ...]
    zone: int
    spend: bool

    def actions(self, state: DNZState) -> list[A.Keep | A.LowerThreat]:
        out: list[A.Keep | A.LowerThreat] = [A.Keep(self.who, c) for c in dict.fromkeys(self.drawn)]
        lowering = offer(state, state.survivor(self.who))
        if lowering is not None:
            out.append(lowering)
        return out

    def apply(self, state: DNZState, action: A.Keep | A.LowerThreat) -> Steps:
        s = state.survivor(self.who)
        if isinstance(action, A.LowerThreat):
            return (*lower(state, s), self)
        rest = list(self.drawn)
        rest.remove(action.card)
        state.deck("search-discard").extend(rest)
        card = state.items[action.card]
        if check(state, s, "perception", card.search + self.zone, self.spend, f"search ({card.name})"):
            return found(state, s, action.card)
        else:
            state.deck("search-discard").append(action.card)
        return ()

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: which search card do you try to find?"
