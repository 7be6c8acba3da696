"""Zpocalypse 2's actions in words for people ("Begin the night at h4", "Priya Raman attacks the
fresh zombie at j1 with the Nail Gun (4)", "Assign Bernie to guard (−1 Doom)"): one sentence per
kind of action, read by every front end through the descriptor. Survivors, weapons, supplies,
crafting cards, traits, perks and mutates by their names from the content; dice by their faces."""

from __future__ import annotations

from collections.abc import Callable

from deadboard.core.action import Action
from deadboard.core.descriptor import ActionWords, say_by_kind
from deadboard.core.game import Game
from deadboard.games.zpocalypse_2.content import Content
from deadboard.games.zpocalypse_2.scavenge import PickOption
from deadboard.games.zpocalypse_2.state import ZState, face_text
from deadboard.games.zpocalypse_2.survivors import PickSurvivor

#: what each day task is, as the assigning decision says it
TASKS = {
    "scavenge": "scavenge", "craft": "craft", "guard": "guard (−1 Doom)", "rest": "rest (+2 HP, +1 Doom)",
    "bed": "a bed (+3 HP, −1 Bio)",
}
SKILLS = {"first_aid": "first aid"}


#: the names of a content's cards by id, with their article, made once per content
_CARD_NAMES: dict[int, tuple[Content, dict[str, str]]] = {}


def _card_names(content: Content) -> dict[str, str]:
    got = _CARD_NAMES.get(id(content))
    if got is None or got[0] is not content:
        names: dict[str, str] = {}
        for table in (content.mutate_by_id, content.perk_by_id, content.craft_by_id, content.supply_by_id,
                      content.weapon_by_id):
            for key, rec in table.items():
                name = str(rec.name)
                names[key] = name if name.startswith("The ") else "the " + name
        got = _CARD_NAMES[id(content)] = (content, names)
    return got[1]


def name_of(state: ZState, token: str) -> str:
    """A survivor's or card's name as a panel lists it (no article): ``Nail Gun``, ``Priya``."""
    survivor = state.content.survivor_by_id.get(token)
    if survivor is not None:
        return str(survivor.name)
    name = _card_names(state.content).get(token)
    if name is None:
        return token.replace("-", " ")
    return name[4:] if name.startswith("the ") else name


class _Names:
    """The names of the words an action may hold."""

    __slots__ = ("state",)

    def __init__(self, state: ZState) -> None:
        self.state = state

    def who(self, token: str) -> str:
        s = self.state.content.survivor_by_id.get(token)
        return s.name if s is not None else token

    def card(self, token: str) -> str:
        """A card or token: weapon, supply, crafting card, perk, mutate (with "the")."""
        name = _card_names(self.state.content).get(token)
        return name if name is not None else "the " + token.replace("-", " ")

    def trait(self, token: str) -> str:
        t = self.state.content.trait_by_id.get(token)
        return t.name if t is not None else token

    def weapon(self, token: str) -> str:
        return "bare hands" if token == "unarmed" else self.card(token)

    def target(self, token: str) -> str:
        if token in ("weak", "fresh"):
            return f"a {token} zombie"
        return self.card(token)


def dice(words: list[str]) -> str:
    """Dice faces as a player reads them: ``4 + 3``, ``Z``."""
    return " + ".join(face_text(int(w)) for w in words) or "no dice"


def _die(word: str) -> str:
    return face_text(int(word))


def _attack(n: _Names, a: list[str]) -> str:
    return f"{n.who(a[0])} attacks {n.target(a[3])} at {a[2]} with {n.weapon(a[1])} ({dice(a[4:])})"


def _trait(n: _Names, a: list[str]) -> str:
    where = f" at {a[2]}" if a[2] != "-" else ""
    on = f" on {n.who(a[3]) if a[3] in n.state.content.survivor_by_id else n.target(a[3])}" if a[3] != "-" else ""
    return f"{n.who(a[0])} uses {n.trait(a[1])}{on}{where} ({dice(a[4:])})"


def _option(n: _Names, a: list[str]) -> str:
    steps = n.state.steps
    step = steps[-1] if steps else None
    if isinstance(step, PickOption):
        for loc in n.state.content.locations:
            if loc.id == step.location:
                opt = loc.option[int(a[0]) - 1]
                return f"{opt.text} ({SKILLS.get(opt.skill, opt.skill)} {opt.target})"
    return f"Take option {a[0]}"


def _pick(n: _Names, a: list[str]) -> str:
    steps = n.state.steps
    step = steps[-1] if steps else None
    purpose = step.purpose if isinstance(step, PickSurvivor) else ""
    what = {"bio": "takes the Bio token", "radiation": "takes the Radiation token", "wound": "takes the critical wound"}
    return f"{n.who(a[0])} {what.get(purpose, 'is chosen')}"


#: action kind -> its sentence, from the names and the action's words
SENTENCES: dict[str, Callable[[_Names, list[str]], str]] = {
    # the night
    "start": lambda n, a: f"Begin the night at {a[0]}",
    "move": lambda n, a: f"Move to {a[1]}, spending a {_die(a[0])}",
    "attack": _attack,
    "search": lambda n, a: f"Search here, spending a {_die(a[0])}",
    "keep": lambda n, a: f"Keep {n.card(a[0])}",
    "reload": lambda n, a: f"{n.who(a[0])} reloads",
    "equip": lambda n, a: f"{n.who(a[0])} takes up {n.weapon(a[1])}",
    "give": lambda n, a: f"Give {n.card(a[1])} to squad {int(a[0]) + 1}, spending a {_die(a[2])}",
    "jump": lambda n, a: "Jump out of the window",
    "take": lambda n, a: f"Take {n.card(a[0])} from the public stash",
    "pickup": lambda n, a: f"Pick up the dead squad's items, spending a {_die(a[0])}",
    "dash": lambda n, a: f"Move to {a[0]}",
    "end": lambda n, a: "End the squad's turn",
    "hurt": lambda n, a: f"{n.who(a[0])} takes 1 damage",
    "block": lambda n, a: "The defence wheel takes 1 damage",
    "pick": _pick,
    "throw": lambda n, a: f"{n.who(a[0])} throws a Molotov Cocktail at {a[1]} ({dice(a[2:])})",
    "bomb": lambda n, a: f"Place a Bomb at {a[0]}" + (f" ({dice(a[1:])})" if len(a) > 1 else ""),
    "tunnel": lambda n, a: f"Go into the bunker tunnels ({dice(a)})",
    "emerge": lambda n, a: f"Come out of the tunnels at {a[0]}",
    "refuel": lambda n, a: f"{n.who(a[0])} refuels ({dice(a[1:])})",
    "stash": lambda n, a: f"Put {n.card(a[0])} in the private stash",
    "unstash": lambda n, a: f"Take {n.card(a[0])} from the private stash",
    "newstash": lambda n, a: "Discard the private stash and start a new one here",
    "abandon": lambda n, a: f"Abandon {n.card(a[0])}",
    "trait": _trait,
    # the day
    "assign": lambda n, a: f"Assign {n.who(a[0])} to {TASKS.get(a[1], a[1])}",
    "feed": lambda n, a: f"Feed {n.who(a[0])} {n.card(a[1])}",
    "fed": lambda n, a: "Done feeding",
    "contest": lambda n, a: f"Hold the meeting's contest in {SKILLS.get(a[0], a[0])}",
    "champion": lambda n, a: f"{n.who(a[0])} enters the contest",
    "contribute": lambda n, a: f"Give {n.card(a[0])} to the public stash (+1)",
    "option": _option,
    "try": lambda n, a: f"{n.who(a[0])} takes on the challenge",
    "loot": lambda n, a: f"Take {n.card(a[0])} from the loot",
    "recruit": lambda n, a: f"{n.who(a[0])} joins the squad",
    "hand": lambda n, a: f"Hand {n.who(a[0])} over to squad {int(a[1]) + 1}",
    "settled": lambda n, a: "Keep the squads as they are",
    "perk": lambda n, a: f"{n.who(a[1])} takes the perk {n.card(a[0])[4:]}",
    "waste": lambda n, a: "Waste the milestone (no perk)",
    "craft": lambda n, a: f"Craft {n.card(a[0])} ({dice(a[1:])})",
    "done": lambda n, a: "This crafter is done",
    "put": lambda n, a: f"Put the token at {a[0]}",
    "hold": lambda n, a: "Hold the bomb for the night",
    "arranged": lambda n, a: "Done rearranging the carried and stashed cards",
}


def describe(game: Game[ZState], view: ZState, seat: int | None, action: Action) -> str:
    """A sentence for ``action``; an action text this cannot read is its text as it stands."""
    return say_by_kind(SENTENCES, _Names(view), action)


WORDS: ActionWords[ZState] = ActionWords(describe)

__all__ = ["SENTENCES", "WORDS", "describe", "dice", "name_of"]
