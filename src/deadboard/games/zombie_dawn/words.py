"""Zombie Dawn's actions in words for people ("Move to r.d5 (Gas Station), discarding a Trio",
"Place the Dusty Crossroads at the north-east slot, turned 90°", "Play Blocked Access on the red
group, discarding their Trio"): one sentence per kind of action, read by every front end through
the descriptor. Cards, characters (Pjs), items, missions, skills and zones by their printed names."""

from __future__ import annotations

from collections.abc import Callable

from mypy_extensions import mypyc_attr

from deadboard.core.action import Action
from deadboard.core.descriptor import ActionWords, say_by_kind
from deadboard.core.game import Game
from deadboard.games.zombie_dawn.actions import VEHICLE, XP, ZOMBIES
from deadboard.games.zombie_dawn.board import Board
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


def _where(n: _Names, token: str) -> str:
    """A square as a player finds it: ``e11 on Red's map (Gas Station)``."""
    b = n.state.board
    sq = b.index.get(token) if b is not None else None
    if b is None or sq is None:
        return token
    return _square(b, sq)


def _square(b: Board, sq: int) -> str:
    token = b.names[sq]
    owner, dot, cell = token.partition(".")
    colour = next((c for c in COLOURS if c[:1] == owner), "") if dot else ""
    out = f"{cell} on {colour.capitalize()}'s map" if colour else token
    return out + (f" ({b.loc_name[sq]})" if b.loc_name[sq] else "")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, unpickling (Cls.__new__) then skips __init__
class OnMap:
    """Square ``sq`` of the board as :func:`on_map` says it, written when it is formatted: what an
    event's sentence keeps (:meth:`~deadboard.core.game.State.emit_format`; the board is a value
    every state of a game shares), so that a game nobody reads the log of never writes it."""

    __slots__ = ("board", "sq")

    def __init__(self, board: Board, sq: int) -> None:
        self.board = board
        self.sq = sq

    def __format__(self, spec: str) -> str:
        return _square(self.board, self.sq)

    def __str__(self) -> str:
        return _square(self.board, self.sq)


def _target(n: _Names, token: str) -> str:
    b = n.state.board
    return _where(n, token) if b is not None and token in b.index else n.any(token)


def on_map(state: DawnState, token: str) -> str:
    """A square by the coordinates its map shows and the map's colour: ``e11 on Red's map (Gas
    Station)``."""
    return _where(_Names(state), token)


#: what the active player did, said in the third person, for the others' response window
DONE: dict[str, Callable[[_Names, list[str]], str]] = {
    "move": lambda n, a: f"discards {_a(n.card(a[0]))} and moves to {_where(n, a[1])}",
    "drive": lambda n, a: f"drives to {_where(n, a[0])}",
    "search": lambda n, a: f"discards {_a(n.card(a[0]))} to search the location",
    "attack": lambda n, a: f"attacks the {a[0]} group, discarding {_a(n.card(a[1]))}",
    "clear": lambda n, a: f"declares the mission {n.mission(a[0])}",
    "play": lambda n, a: f"plays {n.card(a[0])}" + (f" on {_target(n, a[1])}" if len(a) > 1 else ""),
    "use": lambda n, a: f"uses {n.item(a[0])}" + (f" on {n.any(a[1])}" if len(a) > 1 else ""),
    "activate": lambda n, a: "uses " + (f"the {n.state.c.characters[n.state.c.char_index[a[0]]].name}'s ability"
                                        if a[0] in n.state.c.char_index else n.skill(a[0]))
    + (f" on {_target(n, a[1])}" if len(a) > 1 else ""),
    "complete": lambda n, a: f"completes the mission {n.mission(a[0])}",
    "cold-blood": lambda n, a: "spends an Xp to draw two action cards (Cold Blood)",
}
#: the windows opened by words of their own, not by an action
MOMENTS = {
    "end": "ends the turn",
    "stop": "stops searching",
    "learn": "looks at two skill cards to learn one",
    "combat": "is attacked by zombies",
}


def done(state: DawnState, actor: int, trigger: str) -> str:
    """What ``actor`` did that opened a response window, as a sentence: ``Yellow discards a Runner
    and moves to e11 on Yellow's map``."""
    who = COLOURS[actor].capitalize()
    if trigger in MOMENTS:
        return f"{who} {MOMENTS[trigger]}" if trigger != "combat" else f"The {COLOURS[actor]} group is attacked by zombies"
    try:
        action = Action.parse(trigger)
    except ValueError:
        return f"{who}: {trigger}"
    say = DONE.get(action.kind)
    if say is None:
        return f"{who}: {describe_action(state, action)}"
    try:
        return f"{who} {say(_Names(state), [str(x) for x in action.args])}"
    except (IndexError, KeyError, ValueError):
        return f"{who}: {describe_action(state, action)}"


def describe_action(state: DawnState, action: Action) -> str:
    return say_by_kind(SENTENCES, _Names(state), action)


def describe(game: Game[DawnState], view: DawnState, seat: int | None, action: Action) -> str:
    """A sentence for ``action``; an action text this cannot read is its text as it stands."""
    return say_by_kind(SENTENCES, _Names(view), action)


WORDS: ActionWords[DawnState] = ActionWords(describe)

__all__ = ["DONE", "MOMENTS", "SENTENCES", "WORDS", "OnMap", "describe", "describe_action", "done", "on_map"]
