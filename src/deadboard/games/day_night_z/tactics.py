"""What search compares in Day Night Z (``mcts:N+heuristic``, and the hints): at a survivor's turn,
its *plans* — every action but a step within the board (stop here, rest, defend, hide, fight each
enemy each way, search, explore, enter or leave a location, lower the threat, use an item …) and
one step: the heuristic's toward the objective as if nothing stood in the way ("walk on", where
the heuristic would fight or flee). Where else to walk is left to the bot searching (its own step
is added to the candidates by the search): the steps of a walk are many and alike, and the
playouts of each would share out the budget that tells the plans apart. Other decisions (which card to keep, a survival point on a check, the
backpack) are not searched.

======================  ===========================================
decision                candidates
======================  ===========================================
a survivor's turn       every action but ``move``; the step "walk on"
anything else           none (the bot's own choice)
======================  ===========================================
"""

from __future__ import annotations

from collections.abc import Sequence

from deadboard.core.action import Action
from deadboard.games.day_night_z.state import DNZState

#: the decision searched, and the kind of action left to the bot searching there
TURN = "turn"
WALK = "move"


def plan_candidates(view: DNZState, legal: Sequence[Action]) -> list[Action]:
    """The actions of ``legal`` worth playing out at ``view``'s decision; empty (the bot's own
    choice, no search) at any other decision than a survivor's turn or with fewer than two."""
    d = view.decision
    if d is None or d.kind != TURN:
        return []
    out = [a for a in legal if a.kind != WALK]
    if len(out) < 2:
        return []
    from deadboard.games.day_night_z.bot import goal_step  # the bot is built on the rules

    walk = goal_step(view, legal)
    if walk is not None and walk.kind == WALK:
        out.append(walk)
    return out


__all__ = ["plan_candidates"]
