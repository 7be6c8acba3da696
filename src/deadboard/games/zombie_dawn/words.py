"""Zombie Dawn's actions in words for people ("Move to r.d5 (Gas Station), discarding a Trio",
"Place the Dusty Crossroads at the north-east slot, turned 90°", "Play Blocked Access on the red
group, discarding their Trio"): one sentence per kind of action, read by every front end through
the descriptor. Cards, characters (Pjs), items, missions, skills and zones by their printed names."""

from __future__ import annotations

from collections.abc import Callable

from deadboard.core.action import Action
from deadboard.core.descriptor import ActionWords, say_by_kind
from deadboard.core.game import Game
from deadboard.games.zombie_dawn.actions import VEHICLE, XP, ZOMBIES
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.state import DawnState


class _Names:
    """The printed name of each word an action may hold."""

    __slots__ = ("state",)

    def __init__(self, state: DawnState) -> None:
        self.state = state

    def card(self, token: str) -> str:
        c = self.state.c
        k = c.action_index.get(token)
        return c.actions[k].name if k is not None else token

    def pj(self, token: str) -> str:
        c = self.state.c
        k = c.char_index.get(token)
        return "the " + c.characters[k].name if k is not None else token

    def item(self, token: str) -> str:
        c = self.state.c
        k = c.item_index.get(token)
        return "the " + c.items[c.item_cards[k]].name if k is not None else token

    def skill(self, token: str) -> str:
        c = self.state.c
        k = c.skill_index.get(token)
        return c.skills[k].name if k is not None else token

    def mission(self, token: str) -> str:
        c = self.state.c
        k = c.mission_index.get(token)
        return c.missions[k].name if k is not None else token

    def square(self, token: str) -> str:
        b = self.state.board
        sq = b.index.get(token) if b is not None else None
        if b is None or sq is None:
            return token
        place = b.loc_name[sq]
        return f"{token} ({place})" if place else token

    def any(self, token: str) -> str:
        """A target of a card, an item or an ability: a colour, a Pj, a square, an item, a card."""
        if token in COLOURS:
            return f"the {token} group"
        if token == VEHICLE:
            return "the vehicle"
        if token == ZOMBIES:
            return "the zombies"
        c = self.state.c
        if token in c.char_index:
            return self.pj(token)
        if token in c.item_index:
            return self.item(token)
        if token in c.action_index:
            return _a(self.card(token))
        if token in c.skill_index:
            return self.skill(token)
        return self.square(token)


def _a(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _up(text: str) -> str:
    return text[:1].upper() + text[1:]


def _compass(x: int, y: int) -> str:
    """Where a slot lies from the first zone: ``north-east``, ``far west``, ``centre``."""
    ns = "north" if y < 0 else "south" if y > 0 else ""
    ew = "east" if x > 0 else "west" if x < 0 else ""
    where = "-".join(w for w in (ns, ew) if w) or "centre"
    return ("far " if max(abs(x), abs(y)) > 1 else "") + where


def _place(n: _Names, a: list[str]) -> str:
    if len(a) == 4:
        c = n.state.c
        k = c.zone_index.get(a[0])
        zone = c.zones[k].name if k is not None else a[0]
        x, y = int(a[1]), int(a[2])
        return f"Place the {zone} at the {_compass(x, y)} slot ({x}, {y}), turned {a[3]}°"
    return f"Put the fleeing group on {n.square(a[0])}"


def _play(n: _Names, a: list[str]) -> str:
    card = n.card(a[0])
    if len(a) == 1:
        return f"Play {card}"
    if len(a) == 2:
        target = a[1]
        if n.state.board is not None and target in n.state.board.index:
            return f"Play {card}: go to {n.square(target)}"
        return f"Play {card} on {n.any(target)}"
    what = a[2]
    if what in n.state.c.action_index:
        return f"Play {card} on {n.any(a[1])}, discarding their {n.card(what)}"
    return f"Play {card} on {n.any(a[1])} ({n.any(what)})"


def _activate(n: _Names, a: list[str]) -> str:
    c = n.state.c
    who = f"the {c.characters[c.char_index[a[0]]].name}'s ability" if a[0] in c.char_index else n.skill(a[0])
    if len(a) == 1:
        return f"Use {who}"
    target = a[1]
    if n.state.board is not None and target in n.state.board.index:
        return f"Use {who}: go to {n.square(target)}"
    return f"Use {who} on {n.any(target)}"


def _complete(n: _Names, a: list[str]) -> str:
    mission = n.mission(a[0])
    if len(a) == 1:
        return f"Complete the mission {mission}"
    if len(a) == 2:
        return f"Complete the mission {mission} with {n.any(a[1])}"
    return f"Complete the mission {mission}: give {n.item(a[1])} to the {a[2]} group"


def _flee(n: _Names, a: list[str]) -> str:
    return "Flee, paying one Xp" if a[0] == XP else f"Flee, discarding {_a(n.card(a[0]))}"


def _use(n: _Names, a: list[str]) -> str:
    return f"Use {n.item(a[0])}" + (f" on {n.any(a[1])}" if len(a) > 1 else "")


#: action kind -> its sentence, from the names and the action's words
SENTENCES: dict[str, Callable[[_Names, list[str]], str]] = {
    "end": lambda n, a: "End your turn",
    "move": lambda n, a: f"Move to {n.square(a[1])}, discarding {_a(n.card(a[0]))}",
    "drive": lambda n, a: f"Drive to {n.square(a[0])}",
    "search": lambda n, a: f"Search this location, discarding {_a(n.card(a[0]))}",
    "stop": lambda n, a: "Stop searching",
    "learn": lambda n, a: (f"{_up(n.pj(a[1]))} learns {n.skill(a[0])}" if a
                           else "Spend Xp to learn a skill (look at two)"),
    "attack": lambda n, a: f"Attack the {a[0]} group, discarding {_a(n.card(a[1]))}",
    "clear": lambda n, a: f"Declare the mission {n.mission(a[0])}",
    "play": _play,
    "use": _use,
    "activate": _activate,
    "complete": _complete,
    "cold-blood": lambda n, a: "Cold Blood: spend one Xp to draw two action cards",
    "give": lambda n, a: f"Give {n.item(a[0])} to {n.pj(a[1])}",
    "drop": lambda n, a: f"Leave {n.item(a[0])} on the location's table",
    "negotiate": lambda n, a: f"Make the {a[0]} group an offer of items",
    "fight": lambda n, a: "Fight the zombies",
    "brawl": lambda n, a: "Brawl (hand to hand)",
    "shoot": lambda n, a: "Shoot (ranged weapons)",
    "flee": _flee,
    "unblock": lambda n, a: "Try to unblock the access",
    "offer": lambda n, a: f"Offer {n.item(a[0])}",
    "propose": lambda n, a: "Propose the offer",
    "cancel": lambda n, a: "Call off the offer",
    "accept": lambda n, a: "Accept the offer",
    "decline": lambda n, a: "Decline the offer",
    "wound": lambda n, a: f"Place the damage on {n.pj(a[0])}",
    "roll": lambda n, a: f"{_up(n.pj(a[0]))} makes the Life or Death roll",
    "die": lambda n, a: "Let the Pj die",
    "take": lambda n, a: f"{_up(n.pj(a[1]))} takes {n.item(a[0])}",
    "done": lambda n, a: "Done",
    "discard": lambda n, a: f"Discard {_a(n.card(a[0]))}",
    "camp": lambda n, a: f"Start the new group on {n.square(a[0])}",
    "place": _place,
    "choose": lambda n, a: f"Choose {n.pj(a[0])}",
    "pass": lambda n, a: "Pass",
}


def describe(game: Game[DawnState], view: DawnState, seat: int | None, action: Action) -> str:
    """A sentence for ``action``; an action text this cannot read is its text as it stands."""
    return say_by_kind(SENTENCES, _Names(view), action)


def sentence_of(state: DawnState, text: str) -> str:
    """The sentence of an action given by its text (a response window's trigger); a text that is no
    action stays as it is."""
    try:
        action = Action.parse(text)
    except ValueError:
        return text
    return say_by_kind(SENTENCES, _Names(state), action)


def prompt(game: Game[DawnState], view: DawnState) -> str | None:
    """A response window's question with the action it follows in words ("Red: yellow — “Move to
    y.g10, discarding a Shambler”: respond, or pass?"); None for any other decision."""
    from deadboard.core.responses import Respond
    from deadboard.games.zombie_dawn.effects import title

    d = view.decision
    step = view.steps[-1] if view.steps else None
    if d is None or not isinstance(step, Respond):
        return None
    w = step.window.window  # the decision's window step, and its value
    try:
        said = say_by_kind(SENTENCES, _Names(view), Action.parse(w.trigger))
    except ValueError:
        said = w.trigger
    who = title(d.seat)
    if said == w.trigger:  # not an action ("combat")
        return f"{who}: respond to {COLOURS[w.actor]}'s {w.trigger}, or pass?"
    return f"{who}: {COLOURS[w.actor]} — “{said}”: respond, or pass?"


WORDS: ActionWords[DawnState] = ActionWords(describe, prompt)

__all__ = ["SENTENCES", "WORDS", "describe", "sentence_of"]
