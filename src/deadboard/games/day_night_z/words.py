"""Day Night Z's actions in words for people ("Kevin Swift attacks Walker 1 with the Colt 1911
(butt)", "Kevin Swift moves to b2 in the Pharmacy", "End Kevin Swift's turn (2 AP left)"): one
sentence per kind of action (rulebook §4), read by every front end through the descriptor.
Survivors, enemies, search cards and locations by their names from the content; a subzone by its
cell and the location whose tile it is on."""

from __future__ import annotations

from collections.abc import Callable

from deadboard.core.action import Action
from deadboard.core.descriptor import ActionWords, say_by_kind
from deadboard.core.game import Game
from deadboard.games.day_night_z.concepts import lower_cost
from deadboard.games.day_night_z.phrases import MODES
from deadboard.games.day_night_z.state import DNZState

#: "yes" at the end of an action: a survival point spent on its check (§3.5)
WITH_SP = ", spending a survival point"


class _Names:
    """The names of the words an action may hold."""

    __slots__ = ("state",)

    def __init__(self, state: DNZState) -> None:
        self.state = state

    def who(self, token: str) -> str:
        for s in self.state.survivors:
            if s.id == token:
                return s.name
        return token

    def enemy(self, token: str) -> str:
        profiles = self.state.content.enemies
        for e in self.state.enemies:
            if e.id == token:
                profile = profiles.get(e.kind)
                name = profile.name if profile is not None else e.kind
                number = token[len(e.kind):]
                return f"{name} {number}" if number else name
        profile = profiles.get(token)
        return profile.name if profile is not None else token

    def card(self, token: str) -> str:
        names = []
        for part in token.split("+"):
            card = self.state.content.search.get(part)
            names.append("the " + card.name if card is not None else part)
        return " and ".join(names)

    def location(self, slot: str) -> str:
        card = self.state.adventure.locations.get(slot)
        rec = self.state.content.locations.get(card) if card is not None else None
        return f"the {rec.name}" if rec is not None else slot

    def place(self, token: str) -> str:
        """A city zone (``s4``, ``A``) or a subzone ``<tile>-<cell>``."""
        tile_id, dash, cell = token.partition("-")
        if dash:
            tile = self.state.tiles.get(tile_id)
            where = self.location(tile.slot) if tile is not None and tile.slot else tile_id
            return f"{cell} in {where}"
        zone = self.state.board.zones.get(token)
        if zone is None:
            return token
        if zone.access:
            return f"the access zone {token}"
        return f"the {zone.kind} {token}"


def _sp(word: str) -> str:
    return WITH_SP if word == "yes" else ""


def _end(n: _Names, a: list[str]) -> str:
    ap = next((s.ap for s in n.state.survivors if s.id == a[0]), 0)
    return f"End {n.who(a[0])}'s turn ({ap} AP left)"


def _attack(n: _Names, a: list[str]) -> str:
    mode = MODES.get(a[3], a[3])
    return f"{n.who(a[0])} attacks {n.enemy(a[1])} with {n.card(a[2])} ({mode}){_sp(a[4])}"


def _lower(n: _Names, a: list[str]) -> str:
    cost = lower_cost(n.state)
    return f"{n.who(a[0])} lowers the threat" + (f" ({cost} survival points)" if cost else "")


def _spend(n: _Names, a: list[str]) -> str:
    who = n.who(a[0])
    return f"{who} spends a survival point on the check (+1 die)" if a[1] == "yes" else f"{who} rolls without spending"


#: action kind -> its sentence, from the names and the action's words
SENTENCES: dict[str, Callable[[_Names, list[str]], str]] = {
    "first": lambda n, a: f"Activate {n.who(a[0])}",
    "end": _end,
    "move": lambda n, a: f"{n.who(a[0])} moves to {n.place(a[1])}{_sp(a[2])}",
    "enter": lambda n, a: f"{n.who(a[0])} enters {n.location(a[1])}",
    "leave": lambda n, a: f"{n.who(a[0])} leaves the location for {n.place(a[1])}",
    "explore": lambda n, a: f"{n.who(a[0])} explores the next zone of the location",
    "attack": _attack,
    "throw": lambda n, a: f"{n.who(a[0])} throws a grenade at {n.place(a[1])}{_sp(a[2])}",
    "rest": lambda n, a: f"{n.who(a[0])} rests (−1 stress, the whole turn)",
    "defend": lambda n, a: f"{n.who(a[0])} takes a defensive position",
    "jump": lambda n, a: f"{n.who(a[0])} jumps down to the street{_sp(a[1])}",
    "hide": lambda n, a: f"{n.who(a[0])} hides among the corpses at {n.place(a[1])}",
    "search-zone": lambda n, a: f"{n.who(a[0])} searches the zone (the whole turn){_sp(a[1])}",
    "search-corpse": lambda n, a: f"{n.who(a[0])} searches the corpse at {n.place(a[1])}",
    "search-item": lambda n, a: f"{n.who(a[0])} searches the item at {n.place(a[1])}{_sp(a[2])}",
    "retrieve": lambda n, a: f"{n.who(a[0])} takes the fallen survivor's gear at {n.place(a[1])}",
    "use": lambda n, a: f"{n.who(a[0])} uses {n.card(a[1])}",
    "supply": lambda n, a: f"{n.who(a[0])} spends a supply (+1 health)",
    "lower-threat": _lower,
    "pay": lambda n, a: f"{n.who(a[1])} pays a survival point towards lowering the threat",
    "light": lambda n, a: f"{n.who(a[0])} switches on a light",
    "reorganize": lambda n, a: f"{n.who(a[0])} reorganizes the inventory",
    "combine": lambda n, a: f"{n.who(a[0])} combines cards into {n.card(a[1])}",
    "trap": lambda n, a: f"{n.who(a[0])} sets a trap with {n.card(a[1])} at {n.place(a[2])}{_sp(a[3])}",
    "equip": lambda n, a: f"{n.who(a[0])} takes {n.card(a[1])} in the main hand",
    "hold": lambda n, a: f"{n.who(a[0])} takes {n.card(a[1])} in the off hand",
    "wear": lambda n, a: f"{n.who(a[0])} wears {n.card(a[1])}",
    "give": lambda n, a: f"{n.who(a[0])} gives {n.card(a[1])} to {n.who(a[2])}",
    "discard": lambda n, a: f"{n.who(a[0])} discards {n.card(a[1])}",
    "done": lambda n, a: f"{n.who(a[0])} is done reorganizing",
    "spend": _spend,
    "keep": lambda n, a: f"{n.who(a[0])} keeps {n.card(a[1])}",
    "sweep": lambda n, a: f"{n.who(a[0])} sweeps: a free attack on {n.enemy(a[1])}",
    "pass": lambda n, a: f"{n.who(a[0])} makes no sweep attack",
    "stay": lambda n, a: f"{n.who(a[0])} stays hidden",
    "unhide": lambda n, a: f"{n.who(a[0])} comes out of hiding",
}


def sentence(state: DNZState, action: Action) -> str:
    """A sentence for ``action``; an action text this cannot read is its text as it stands."""
    return say_by_kind(SENTENCES, _Names(state), action)


def describe(game: Game[DNZState], view: DNZState, seat: int | None, action: Action) -> str:
    return sentence(view, action)


WORDS: ActionWords[DNZState] = ActionWords(describe)

__all__ = ["SENTENCES", "WORDS", "describe", "sentence"]
