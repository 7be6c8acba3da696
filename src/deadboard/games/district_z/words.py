"""District-Z's actions in words for people ("Move north to c3, the Hospital", "Fight with the
Pistol and the Crowbar", "Pair the dice 4>3 6>2: 2 kills, no wound"): one sentence per kind of
action, read by every front end through the descriptor. Names are the content's: survivors by
their names, items and LOCATION cards by theirs."""

from __future__ import annotations

from collections.abc import Callable

from deadboard.core.action import Action
from deadboard.core.descriptor import ActionWords
from deadboard.core.game import Game
from deadboard.games.district_z.state import NO_CARD, OBJ, DistrictState


def loadout_words(state: DistrictState, loadout: tuple[int, ...]) -> str:
    """The weapons a survivor fights with, by their names: ``Fire Axe and Pistol``, ``bare hands``
    (remembered with the content: every combat round names one)."""
    if not loadout:
        return "bare hands"
    memo = state.c.memo
    key = ("words", loadout)
    said = memo.get(key)
    if said is None:
        said = memo[key] = " and ".join(state.c.items[i].name for i in loadout)
    return said


class Dice(tuple[int, ...]):
    """Dice rolled, written as a player reads them in the log: ``3, 4, 4, 6`` (not ``[3, 4, 4, 6]``).
    A value, so an event may keep it and write its sentence only when read."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return ", ".join(map(str, self))

    def __str__(self) -> str:
        return ", ".join(map(str, self))

Say = Callable[[DistrictState, int | None, list[str]], str]


def _item(st: DistrictState, token: str) -> str:
    k = st.c.item_index.get(token)
    return "the " + st.c.items[k].name if k is not None else token


def _survivor(st: DistrictState, token: str) -> str:
    k = st.c.survivor_index.get(token)
    return st.c.survivors[k].name if k is not None else token


def _location(st: DistrictState, token: str) -> str:
    k = st.c.location_index.get(token)
    return st.c.locations[k].name if k is not None else token


def _loadout(st: DistrictState, word: str) -> str:
    if word == "bare-handed":
        return "bare-handed"
    items = [_item(st, t) for t in word.split("+")]
    return "with " + (" and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1])


def _card_at(st: DistrictState, q: int) -> str:
    """What a player knows of the card at a position: its name once it has been face up."""
    card = st.card[q]
    if card == NO_CARD or not (st.up[q] or st.seen[q]):
        return " (face down)"
    if card >= OBJ:
        return f" ({st.c.items[card - OBJ].name}, a LOCATION OBJECTIVE)"
    return f" ({st.c.locations[card].name})"


def _move(st: DistrictState, seat: int | None, a: list[str]) -> str:
    if seat is not None and 0 <= seat < len(st.players):
        pos = st.players[seat].pos
        for direction, q in st.lay.nbr[pos] if pos >= 0 else ():
            if direction == a[0]:
                return f"Move {a[0]} to {st.lay.names[q]}{_card_at(st, q)}"
    return f"Move {a[0]}"


def _pair(st: DistrictState, seat: int | None, a: list[str]) -> str:
    text = " ".join(a)
    pairs = []
    for word in a:
        tie = "=" in word
        mine, theirs = word.split("=" if tie else ">")
        pairs.append(f"your {mine} {'ties' if tie else 'beats'} their {theirs}")
    how = "Pair the dice: " + ", ".join(pairs) if pairs and text != "none" else "Pair no dice"
    for kills, wounds, option in st.cb_opts:
        if option == text:
            k = f"{kills} kill{'s' if kills != 1 else ''}" if kills else "no kill"
            w = f"{wounds} wound{'s' if wounds != 1 else ''}" if wounds else "no wound"
            return f"{how} ({k}, {w})"
    return how


def _choose(st: DistrictState, seat: int | None, a: list[str]) -> str:
    k = st.c.survivor_index.get(a[0])
    if k is not None:
        s = st.c.survivors[k]
        return f"Play {s.name} (COMBAT {s.combat}, AGILITY {s.agility}, PERCEPTION {s.perception}, HEALTH {s.health})"
    return "Choose: " + " ".join(a)


def _use(st: DistrictState, seat: int | None, a: list[str]) -> str:
    k = st.c.item_index.get(a[0])
    heal = st.c.items[k].heal if k is not None else 0
    return f"Use {_item(st, a[0])}" + (f" (heals {heal} WOUND{'S' if heal != 1 else ''})" if heal else "")


def _done(st: DistrictState, seat: int | None, a: list[str]) -> str:
    d = st.decision
    kind = d.kind if d is not None else ""
    return {
        "take": "Done picking up items",
        "engage": "Engage no one: done",
        "swap": "Keep the base LOCATION cards: done",
    }.get(kind, "Done")


def _stay(st: DistrictState, seat: int | None, a: list[str]) -> str:
    d = st.decision
    return "Stay here (zombie)" if d is not None and d.kind == "zmove" else "Stay on this LOCATION"


def _replace(st: DistrictState, seat: int | None, a: list[str]) -> str:
    if a:
        return f"Replace {_location(st, a[0])} with an additional LOCATION card"
    return "Replace this unique-event card with a random unused one"


#: action kind -> its sentence, from the state, the deciding seat and the action's words
SENTENCES: dict[str, Say] = {
    "move": _move,
    "heal": lambda st, seat, a: "Stay and heal one WOUND (ends the turn)",
    "stay": _stay,
    "use": _use,
    "drop": lambda st, seat, a: f"Drop {_item(st, a[0])} here",
    "trade": lambda st, seat, a: f"Trade with {_survivor(st, a[0])}",
    "attack": lambda st, seat, a: f"Attack {_survivor(st, a[0])} (SURVIVOR COMBAT)",
    "nothing": lambda st, seat, a: "Leave the other survivor be",
    "roll": lambda st, seat, a: "Roll on this LOCATION's EVENT TABLE",
    "done": _done,
    "offer": lambda st, seat, a: f"Offer {_item(st, a[0])}",
    "ask": lambda st, seat, a: f"Ask for {_item(st, a[0])}",
    "unoffer": lambda st, seat, a: f"Take back the offer of {_item(st, a[0])}",
    "unask": lambda st, seat, a: f"No longer ask for {_item(st, a[0])}",
    "propose": lambda st, seat, a: "Propose the trade",
    "cancel": lambda st, seat, a: "Call off the trade",
    "accept": lambda st, seat, a: "Accept the trade",
    "decline": lambda st, seat, a: "Decline the trade",
    "dodge": lambda st, seat, a: "DODGE (an AGILITY check)",
    "steal": lambda st, seat, a: f"Take {_item(st, a[0])} from the loser",
    "steal-objective": lambda st, seat, a: "Take the loser's LOCATION OBJECTIVE",
    "wound": lambda st, seat, a: "Give the loser one WOUND",
    "fight": lambda st, seat, a: f"Fight {_loadout(st, a[0])}",
    "escape": lambda st, seat, a: "Try to ESCAPE (an AGILITY check)",
    "pair": _pair,
    "fight-together": lambda st, seat, a: f"Fight the zombie survivor together, {_loadout(st, a[0])}",
    "join": lambda st, seat, a: f"Join the fight {_loadout(st, a[0])}",
    "equip": lambda st, seat, a: f"Equip {_item(st, a[0])}",
    "leave": lambda st, seat, a: f"Leave {_item(st, a[0])} here",
    "take": lambda st, seat, a: f"Pick up {_item(st, a[0])}",
    "choose": _choose,
    "replace": _replace,
    "keep": lambda st, seat, a: "Keep this unique-event card (later visits have no event)",
    "with": lambda st, seat, a: f"Put {_location(st, a[0])} in the CITY in its place",
    "retire": lambda st, seat, a: "Retire: play no further survivor",
    "corner": lambda st, seat, a: f"Start at the corner {a[0]}",
}


def describe(game: Game[DistrictState], view: DistrictState, seat: int | None, action: Action) -> str:
    """A sentence for ``action``; an action text this cannot read is its text as it stands."""
    say = SENTENCES.get(action.kind)
    if say is None:
        return action.text
    try:
        return say(view, seat, [str(x) for x in action.args])
    except (IndexError, KeyError, ValueError):
        return action.text


WORDS: ActionWords[DistrictState] = ActionWords(describe)

__all__ = ["SENTENCES", "WORDS", "Dice", "describe", "loadout_words"]
