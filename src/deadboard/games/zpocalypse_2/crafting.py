"""Task #2 — Craft (rulebook §Task #2 – CRAFT, §Fortification Tokens (Basic), §Placing Crafted
Upgrade Tokens, §Craftable Explosives).

"The player who assigned a survivor to the first slot in the crafting team is the crafting leader
for that day. That player begins the crafting task by rolling 2d6 for each survivor on the crafting
team to create the action pool. The leader has first choice of the dice, but can only use as many
dice from the action pool as their survivor has mechanic skill." Each crafter of the team in token
order then crafts from the dice left, each capped by its own mechanics skill::

    Crafting        roll 2d6 per crafter
    CraftTurn       craft CARD D...  (AP without change, a natural Z for a Z cost; resources paid from
                    the squad's carried items, private stash, then the public stash) | done
    PlaceStructure  put SPACE        one per token of a fortification or upgrade
    PlantBomb       put SPACE | hold "during the crafting phase they may place it anywhere"
"""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.dice import DicePool
from deadboard.core.kernel import Auto, Choice, Step, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import Make
from deadboard.games.zpocalypse_2.combat import payments, spend_faces
from deadboard.games.zpocalypse_2.content import Craft
from deadboard.games.zpocalypse_2.levelup import gain_vp
from deadboard.games.zpocalypse_2.objectives import advance_goal
from deadboard.games.zpocalypse_2.state import ZD6, Squad, ZState
from deadboard.games.zpocalypse_2.structures import place_bomb, tokens_left
from deadboard.games.zpocalypse_2.traits import passive


class Done(TypedAction):
    """This crafter is done: the next one of the team takes the dice left."""

    KIND = "done"


class Put(TypedAction):
    KIND = "put"
    space: str


class Hold(TypedAction):
    """Keep the bomb token for the night."""

    KIND = "hold"


DONE, HOLD = Done(), Hold()


def owner_of(state: ZState, who: str) -> Squad | None:
    for q in state.squads:
        for p in q.people:
            if p.card == who:
                return q
    return None


def craftable(state: ZState, q: Squad, card: Craft) -> bool:
    """The card is in the crafting deck, its tokens are in the box and its resources at hand: the
    squad's items and stash and the public stash ("At anytime during the Day phase, you have access
    to all your items"; "Item cards in the public stash are available to all players during the Day
    phase.")."""
    kind = card.kind  # read once: a content record is a pydantic model
    if kind == "upgrade" and card.id in state.upgrades:
        return False
    if kind == "fortification":
        used = sum(
            1 for c in state.structures.values() if state.content.craft_by_id[c].kind == "fortification"
        )
        if used + len(card.place) > state.content.rules.fortification_tokens:
            return False
    if kind == "explosive" and tokens_left(state, card.effect) < 1:
        return False
    need: dict[str, int] = {}
    for r in card.resources:
        need[r] = need.get(r, 0) + 1
    piles = (q.items, q.stash, state.public)
    return all(sum([pile.count(r) for pile in piles]) >= n for r, n in need.items())


def pay_resources(state: ZState, q: Squad, card: Craft) -> None:
    for r in card.resources:
        for pile in (q.items, q.stash, state.public):
            if r in pile:
                pile.remove(r)
                break


@dataclass(slots=True)
class Crafting(Auto[ZState]):
    team: tuple[str, ...]  # survivors in the order of their tokens

    def run(self, state: ZState) -> Steps:
        team = tuple(w for w in self.team if owner_of(state, w) is not None)
        if not team:
            return ()
        pool = DicePool.roll(state.rng, [ZD6] * (2 * len(team))).sorted(reverse=True)
        state.emit(
            "craft-pool",
            "The crafting team rolls " + " ".join(map(str, pool.faces)),
            {"dice": list(pool.faces)},
        )
        return (next_crafter(state, team, 0, pool.faces),)


@classvars(kind="craft")
@dataclass(slots=True)
class CraftTurn(Choice[ZState, TypedAction]):
    team: tuple[str, ...]
    at: int
    faces: tuple[int, ...]
    used: int  # dice this crafter has spent
    seat: int  # the crafter's player

    def actions(self, state: ZState) -> list[TypedAction]:
        q = owner_of(state, self.team[self.at])
        if q is None:
            return [DONE]
        p = next(x for x in q.people if x.card == self.team[self.at])
        most = p.stats["mechanics"] + passive(state, p, "tinker") - self.used
        pool = DicePool.of(ZD6, self.faces)
        out: list[TypedAction] = []
        for card in state.content.crafts:
            if craftable(state, q, card):
                out.extend(Make(card.id, pay) for pay in payments(pool, card.cost, card.z_cost, most))
        out.append(DONE)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        if isinstance(action, Done):
            if self.at + 1 >= len(self.team) or not self.faces:
                return ()
            return (next_crafter(state, self.team, self.at + 1, self.faces),)
        assert isinstance(action, Make)
        q = owner_of(state, self.team[self.at])
        assert q is not None
        card = state.content.craft_by_id[action.card]
        left = spend_faces(DicePool.of(ZD6, self.faces), action.dice).faces
        pay_resources(state, q, card)
        gain_vp(state, q, card.vp)
        state.emit(
            "crafted",
            f"{phrases.name(state, self.team[self.at])} crafts the {card.name} (+{card.vp} VP)",
            {"dice": list(action.dice), "cards": -len(card.resources)},
        )
        advance_goal(state, self.team[self.at], "craft")
        state.tally[f"craft:{card.id}"] = state.tally.get(f"craft:{card.id}", 0) + 1
        after: list[Step[ZState]] = []
        if card.kind == "explosive":
            q.tokens.append(card.effect)
            if card.effect == "bomb":
                after.append(PlantBomb(q.seat))
        else:
            if card.kind == "upgrade":
                state.upgrades.append(card.id)
            after.extend(PlaceStructure(q.seat, card.id, k) for k in range(len(card.place)))
        nxt = CraftTurn(self.team, self.at, left, self.used + len(action.dice), q.seat)
        return (*after, nxt)

    def prompt(self, state: ZState) -> str:
        dice = " ".join(map(str, self.faces)) or "no dice"
        return f"{phrases.name(state, self.team[self.at])} crafts (dice left {dice}): which card, or done?"


def next_crafter(state: ZState, team: tuple[str, ...], at: int, faces: tuple[int, ...]) -> Step[ZState]:
    q = owner_of(state, team[at])
    return CraftTurn(team, at, faces, 0, q.seat if q is not None else 0)


def structure_spaces(state: ZState, where: str) -> list[int]:
    """Spaces a token may go: "They must be located on valid squares that do not contain a symbol"
    (and no other token or bomb); ``where`` narrows them as the card says."""
    board = state.board
    free = board.symbol_free.difference(state.structures, state.bombs)  # a frozenset, as mypyc checks
    if where == "inside":
        free &= board.inside
    elif where == "yard":
        free -= board.inside
    elif where == "ground-inside":
        free = free & board.inside & board.ground
    elif where == "ground-yard":
        free = (free & board.ground) - board.inside
    return sorted(free)


@classvars(kind="put")
@dataclass(slots=True)
class PlaceStructure(Choice[ZState, Put]):
    seat: int
    card: str
    token: int  # which of the card's tokens

    def actions(self, state: ZState) -> list[Put]:
        where = state.content.craft_by_id[self.card].place[self.token]
        return [Put(state.board.name(i)) for i in structure_spaces(state, where)]

    def apply(self, state: ZState, action: Put) -> Steps:
        space = state.board.by_name[action.space]
        state.structures[space] = self.card
        state.structures_changed()
        state.emit("structure", f"Squad {self.seat + 1} places the {phrases.name(state, self.card)} token at {action.space}")
        return ()

    def prompt(self, state: ZState) -> str:
        card = state.content.craft_by_id[self.card]
        return f"Squad {self.seat + 1}: where does the {card.name} token go ({card.place[self.token]})?"


@classvars(kind="plant")
@dataclass(slots=True)
class PlantBomb(Choice[ZState, TypedAction]):
    """ "When your squad gains a bomb token, during the crafting phase they may place it anywhere on
    the board" (a space with no structure or other bomb)."""

    seat: int

    def actions(self, state: ZState) -> list[TypedAction]:
        board = state.board
        taken = state.structures.keys() | state.bombs.keys()
        out: list[TypedAction] = [HOLD]
        out.extend(Put(board.name(i)) for i in range(len(board.spaces)) if i not in taken)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        if isinstance(action, Put):
            place_bomb(state, state.squads[self.seat], state.board.by_name[action.space])
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: place the bomb now, or hold it for the night?"
