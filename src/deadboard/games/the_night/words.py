"""The Night's actions in words for people ("Ben moves to c5", "Ben shoots Z3 with the Pistol"):
one sentence per kind of action, read by every front end through the descriptor."""

from __future__ import annotations

from collections.abc import Callable

from deadboard.core.action import Action
from deadboard.core.descriptor import ActionWords, say_by_kind
from deadboard.core.game import Game
from deadboard.games.the_night.state import NightState


class _Names:
    """How items and openings are named in a sentence."""

    __slots__ = ("c",)

    def __init__(self, state: NightState) -> None:
        self.c = state.c

    def item(self, i: str) -> str:
        k = self.c.item_index.get(i)
        return self.c.items[k].name if k is not None else i

    def opening(self, o: str) -> str:
        op = self.c.grid.opening_by_name.get(o)
        return self.c.openings_label[op.id] if op is not None else o

    def take(self, i: str) -> str:
        it = self.c.items[self.c.item_index[i]]
        return f"Take the {it.name} ({it.cost} points)"


#: action kind -> its sentence, from the names and the action's words
SENTENCES: dict[str, Callable[[_Names, list[str]], str]] = {
    "move": lambda n, a: f"{a[0]} moves to {a[1]}",
    "attack": lambda n, a: f"{a[0]} attacks {a[1]} hand-to-hand",
    "shoot": lambda n, a: f"{a[0]} shoots {a[1]} with the {n.item(a[2])}" + (" twice, fast but wild (−1, then −2)" if len(a) > 3 else ""),
    "opportunity": lambda n, a: f"Opportunity shot: {a[0]} shoots {a[1]} with the {n.item(a[2])} (−1)",
    "fight": lambda n, a: f"{a[0]} fights {a[1]}",
    "board": lambda n, a: f"{a[0]} boards up the {n.opening(a[1])}",
    "unboard": lambda n, a: f"{a[0]} removes the boards from the {n.opening(a[1])}",
    "lock": lambda n, a: f"{a[0]} locks the {n.opening(a[1])}",
    "unlock": lambda n, a: f"{a[0]} unlocks the {n.opening(a[1])}",
    "pickup": lambda n, a: f"{a[0]} picks up the {n.item(a[1])}",
    "drop": lambda n, a: f"{a[0]} drops the {n.item(a[1])}",
    "give": lambda n, a: f"{a[0]} hands the {n.item(a[2])} to {a[1]}",
    "escape": lambda n, a: f"{a[0]} escapes by this Map Entry Point",
    "done": lambda n, a: f"{a[0]} is done",
    "activate": lambda n, a: f"Activate {a[0]}",
    "end": lambda n, a: "End the activations for this turn",
    "place": lambda n, a: f"Place {a[0] if a[0][:1].isupper() else 'the ' + n.item(a[0])} on {a[1]}",
    "pick": lambda n, a: f"Secretly pick {a[0]}",
    "take": lambda n, a: n.take(a[0]),
    "stop": lambda n, a: "Stop taking items",
    "arm": lambda n, a: f"Give {a[0]} nothing" if a[1] == "nothing" else f"Give {a[0]} the {n.item(a[1])}",
    "dash": lambda n, a: f"Dash! {a[0]} moves to {a[1]}",
    "distract": lambda n, a: f"Lightning: move {a[0]} to {a[1]}",
    "latch": lambda n, a: f"Latch fall: lock the {n.opening(a[0])}",
    "pass": lambda n, a: "Pass",
    "zmove": lambda n, a: f"{a[0]} moves to {a[1]}",
    "zattack": lambda n, a: f"{a[0]} attacks {a[1]}",
    "zbreak": lambda n, a: f"{a[0]} tries to break the {n.opening(a[1])}",
    "zdone": lambda n, a: f"{a[0]} is done",
}


def sentence(state: NightState, action: Action) -> str:
    """A sentence for an action ("Ben moves to c5"); an action text this cannot read is its text
    as it stands."""
    return say_by_kind(SENTENCES, _Names(state), action)


def describe(game: Game[NightState], view: NightState, seat: int | None, action: Action) -> str:
    return sentence(view, action)


WORDS: ActionWords[NightState] = ActionWords(describe)

__all__ = ["SENTENCES", "WORDS", "describe", "sentence"]
