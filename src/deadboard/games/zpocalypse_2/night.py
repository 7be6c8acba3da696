"""A squad at night (rulebook §Night Phase, §Combat: §Your Turn - Action Pool, §Using Dice,
§Combining Dice, §Fluid Actions, §Points Of Interest, §Search Locations, §The Bunker Tunnels, §How
Windows Work, §Trading Items): where each squad begins the night (:class:`Place`), its action pool
at the start of each of its turns (:class:`BeginTurn`: 2d6 per survivor, Z = 6) and its turn
(:class:`Turn`). The round these lie in is turn.py's; the zombies' part of each hour is horde.py's.

A squad's turn is one decision returning itself until ``end``: ``move D SPACE`` (one die, up to its
value in AP), ``attack WHO WEAPON SPACE KIND D...`` (dice combined without change, a natural Z for
a Z cost, no more dice than the survivor's skill), ``search D``, ``reload WHO``, ``equip WHO
WEAPON``, ``give SEAT ITEM D``, ``stash ITEM`` / ``unstash ITEM`` (on or beside the squad's
private stash token, no AP), ``tunnel D...`` and the rest below. A squad encumbered away from its
stash token chooses ``newstash`` or ``abandon ITEM`` (survivors.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import (
    END,
    JUMP,
    Attack,
    End,
    Equip,
    Give,
    Jump,
    Move,
    PickUp,
    PlaceBomb,
    Refuel,
    Reload,
    Search,
    Start,
    Stash,
    Take,
    Throw,
    Tunnel,
    Unstash,
    UseTrait,
    paid,
)
from deadboard.games.zpocalypse_2.board import Board
from deadboard.games.zpocalypse_2.combat import (
    UNARMED,
    UNARMED_COST,
    Standing,
    attack,
    in_range,
    pay_faces,
    standing,
)
from deadboard.games.zpocalypse_2.movement import (
    Emerging,
    enter_tunnel,
    jump,
    move,
    occupied_by_zombies,
    reach_moves,
    refuel,
)
from deadboard.games.zpocalypse_2.search import search
from deadboard.games.zpocalypse_2.state import Squad, ZState, face_text
from deadboard.games.zpocalypse_2.structures import bomb_spaces, place_bomb, throw, throws
from deadboard.games.zpocalypse_2.survivors import move_stashed, overflow, person, stash_in_reach
from deadboard.games.zpocalypse_2.traits import night_cards, trait_actions, use_trait, weapon_cap

__all__ = ["BeginTurn", "Place", "Turn", "begin_turn"]


# ----- dusk: where each squad begins the night ---------------------------------------------------
@classvars(kind="place")
@dataclass(slots=True)
class Place(Choice[ZState, Start]):
    """ "Squads may begin anywhere inside the house.\""""

    seat: int

    def actions(self, state: ZState) -> list[Start]:
        taken = occupied_by_zombies(state) | state.forts
        taken.update(q.space for q in state.squads)
        return [start for i, start in _starts(state.board) if i not in taken]

    def apply(self, state: ZState, action: Start) -> Steps:
        q = state.squads[self.seat]
        q.space = state.board.by_name[action.space]
        state.emit("place", f"Squad {self.seat + 1} begins the night at {action.space}")
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: where in the house does your squad begin the night?"


# ----- midnight: each squad's turn ---------------------------------------------------------------
@dataclass(slots=True)
class BeginTurn(Auto[ZState]):
    """ "At the start of every turn during the Night phase, create your action pool for that turn by
    rolling two six-sided dice for each survivor in your squad.\""""

    seat: int
    emerged: bool = False

    def run(self, state: ZState) -> Steps:
        q = state.squads[self.seat]
        if not q.alive:
            return ()
        if q.underground and not self.emerged and state.tunnels():
            return (Emerging(self.seat), BeginTurn(self.seat, True))
        state.roll_pool(2 * len(q.people))
        state.turn_moved = 0
        state.turn_used = {}
        state.stamp += 1
        state.emit(
            "pool",
            f"Squad {self.seat + 1} rolls its action pool: {pool_text(state.faces)}",
            {"dice": list(state.faces), "faces": [face_text(f) for f in state.faces]},
        )
        return (_TURNS[self.seat] if self.seat < len(_TURNS) else Turn(self.seat),)


@classvars(kind="turn")
@dataclass(slots=True)
class Turn(Choice[ZState, TypedAction]):
    seat: int

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        if not q.alive or q.space < 0:
            return []
        all_faces = state.faces
        faces = distinct_faces(all_faces)
        out: list[TypedAction] = []
        view = standing(state)  # what the pieces standing as they do allow, checked once
        targets: dict[int, tuple[tuple[int, str], ...]] = {}  # range -> the zombies in it, found once
        _attack_actions(state, view, q, all_faces, out, targets)
        _move_actions(state, q, faces, out)
        _gear_actions(state, q, all_faces, faces, out)
        # active traits of the survivors and their weapons
        out.extend(trait_actions(state, q, all_faces, targets, view))
        _crafted_actions(state, q, all_faces, out)
        _board_actions(state, q, faces, out)
        out.append(END)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        q = state.squads[self.seat]
        # the most frequent first, by their exact class: a typed action's class has its own
        # metaclass, so an isinstance that fails asks the metaclass (a call); written out here, not
        # in a method of its own (a decorated class's method is called through its attribute)
        steps: Steps
        if type(action) is Move:
            steps = (*move(state, q, action), self)
        elif type(action) is End:
            steps = ()
        elif type(action) is Attack:
            steps = (*attack(state, q, action), self)
        elif type(action) is UseTrait:
            steps = (*use_trait(state, q, action), self)
        else:
            steps = self._apply_any(state, q, action)
        if state.pending:
            return (*state.take_pending(), *steps)
        return steps

    def _apply_any(self, state: ZState, q: Squad, action: TypedAction) -> Steps:
        """:meth:`apply` for an action of any class (a subclass of a turn action's included)."""
        if isinstance(action, Move):
            return (*move(state, q, action), self)
        if isinstance(action, End):
            return ()
        if isinstance(action, Attack):
            return (*attack(state, q, action), self)
        if isinstance(action, UseTrait):
            return (*use_trait(state, q, action), self)
        if isinstance(action, Search):
            return (*search(state, q, action), self)
        if isinstance(action, Reload):
            p = person(q, action.who)
            # "you must discard an ammo card from your private stash to reload a weapon"
            q.stash.remove("ammo-box")
            p.loaded = True
            state.emit("reload", f"{phrases.name(state, action.who)} reloads the {phrases.name(state, p.weapon)}", {"cards": -1})
            return (self,)
        if isinstance(action, Equip):
            p = person(q, action.who)
            q.items.remove(action.weapon)
            p.weapon, p.loaded = action.weapon, True
            state.emit("equip", f"{phrases.name(state, action.who)} equips the {phrases.name(state, action.weapon)}")
            # an armed survivor holds two items, not four: the squad may now carry too much
            return (*overflow(state, q), self)
        if isinstance(action, PickUp):
            state.spend_dice((action.die,))
            q.items.extend(state.dropped.pop(q.space))
            state.emit("pickup", f"Squad {self.seat + 1} picks up the dropped items")
            return (*overflow(state, q), self)
        if isinstance(action, Jump):
            return (*jump(state, q), self)
        if isinstance(action, Throw):
            state.spend_dice(action.dice)
            return (*throw(state, q, state.board.by_name[action.space]), self)
        if isinstance(action, PlaceBomb):
            state.spend_dice(action.dice)
            place_bomb(state, q, state.board.by_name[action.space])
            return (self,)
        if isinstance(action, Tunnel):
            state.spend_dice(action.dice)
            enter_tunnel(state, q)
            return ()
        if isinstance(action, Refuel):
            state.spend_dice(action.dice)
            refuel(state, q, action.who)
            return (self,)
        if isinstance(action, Take):
            state.public.remove(action.item)
            q.items.append(action.item)
            state.emit("take", f"Squad {self.seat + 1} takes the {phrases.name(state, action.item)} from the public stash")
            return (*overflow(state, q), self)
        if isinstance(action, Give):
            state.spend_dice((action.die,))
            other = state.squads[action.seat]
            state.emit("give", f"Squad {self.seat + 1} gives the {phrases.name(state, action.item)} to squad {action.seat + 1}")
            if action.item in q.items:
                q.items.remove(action.item)
                other.items.append(action.item)
                return (*overflow(state, other), self)
            q.tokens.remove(action.item)
            other.tokens.append(action.item)
            return (self,)
        if isinstance(action, (Stash, Unstash)):
            move_stashed(state, self.seat, action.item, isinstance(action, Stash))
            return (self,)
        raise ValueError(f"not a turn action: {action.text}")

    def prompt(self, state: ZState) -> str:
        return _turn_prompt(self.seat, state.hour, state.faces)


#: the steps every hour makes for each seat, one of each a seat (a step is a value, never changed
#: once made, so one serves every turn of every game: making a step costs more than finding it)
_TURNS: Final = tuple([Turn(seat) for seat in range(4)])
_BEGINS: Final = tuple([BeginTurn(seat) for seat in range(4)])


def begin_turn(seat: int) -> BeginTurn:
    """The :class:`BeginTurn` of ``seat`` (not emerged yet)."""
    return _BEGINS[seat] if seat < len(_BEGINS) else BeginTurn(seat)


#: ``search D`` for each face (a face is 1-6; Z is 6)
_SEARCHES: Final = tuple([Search(f) for f in range(7)])


_DISTINCT: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}


def distinct_faces(faces: tuple[int, ...]) -> tuple[int, ...]:
    """The pool's distinct faces, rising (one shared tuple per pool)."""
    found = _DISTINCT.get(faces)
    if found is None:
        if len(_DISTINCT) > 1 << 14:
            _DISTINCT.clear()
        found = _DISTINCT[faces] = tuple(sorted(set(faces)))
    return found


@lru_cache(maxsize=1 << 14)
def _turn_prompt(seat: int, hour: int, faces: tuple[int, ...]) -> str:
    """A turn's prompt (asked at every decision of the turn; made once per pool)."""
    return f"Squad {seat + 1}, hour {hour}: action pool {pool_text(faces)}"


@lru_cache(maxsize=4096)
def pool_text(faces: tuple[int, ...]) -> str:
    return " ".join(face_text(f) for f in faces) or "no dice"


def _starts(board: Board) -> tuple[tuple[int, Start], ...]:
    """(space, ``start SPACE``) for every space inside the house, in space order."""
    found: tuple[tuple[int, Start], ...] | None = board.memo.get("starts")
    if found is None:
        found = board.memo["starts"] = tuple((i, Start(board.name(i))) for i in sorted(board.inside))
    return found


#: the kind of ``attack`` actions, their first field
_ATTACK: Final = Attack.KIND


def _attacks(
    out: list[TypedAction],
    board: Board,
    who: str,
    weapon: str,
    found: tuple[tuple[int, str], ...],
    pays: tuple[tuple[int, ...], ...],
) -> None:
    """``attack WHO WEAPON SPACE KIND D...`` for every target of ``found`` (in its order) and every
    payment of ``pays`` into ``out``, built as the tuples they are. Not kept: a turn's attacks
    seldom come again (new dice, a new space, the zombies moved), and kept actions are objects
    every full garbage collection walks (kept by target and payments, nine in ten were found again
    over a long run, and the collector's walks cost more than the making saved)."""
    spaces = board.spaces
    for space, kind in found:
        first = (_ATTACK, who, weapon, spaces[space].name, kind)
        for pay in pays:
            out.append(_NEW(_ATTACK_CLASS, first + pay))


#: ``tuple.__new__`` and the class of ``attack`` actions, held as C statics by the compiled build
#: (read otherwise as an attribute of ``tuple`` and from the module's dict at each use)
_NEW: Final = tuple.__new__
_ATTACK_CLASS: Final = Attack


def _attack_actions(
    state: ZState,
    view: Standing,
    q: Squad,
    all_faces: tuple[int, ...],
    out: list[TypedAction],
    targets: dict[int, tuple[tuple[int, str], ...]],
) -> None:
    """Basic attacks: each survivor's weapon (loaded) and bare hands, once a turn each (the targets
    looked at first: with none in range, no payment is)."""
    used = state.turn_used
    weapons = night_cards(state).weapons
    board = state.board
    for p in q.people:
        card = p.card
        weapon = p.weapon
        if weapon is not None and p.loaded and (not used or (card, weapon) not in used):
            w = weapons[weapon]
            found = targets.get(w.range)
            if found is None:
                found = targets[w.range] = in_range(view, q.space, w.range)
            if found:
                pays = pay_faces(all_faces, w.cost, w.z_cost, weapon_cap(state, p, weapon, w.type))
                if pays:
                    _attacks(out, board, card, weapon, found, pays)
        if not used or (card, UNARMED) not in used:
            found = targets.get(1)
            if found is None:
                found = targets[1] = in_range(view, q.space, 1)
            if found:
                pays = pay_faces(all_faces, UNARMED_COST, False, p.stats["melee"])
                if pays:
                    _attacks(out, board, card, UNARMED, found, pays)


def _move_actions(state: ZState, q: Squad, faces: tuple[int, ...], out: list[TypedAction]) -> None:
    """Moving, a die at a time; searching a search space not searched this night."""
    board = state.board
    if faces:
        out.extend(reach_moves(state, q, faces))
    if q.space in board.search and q.space not in state.searched and state.decks[board.search[q.space]]:
        out.extend([_SEARCHES[f] if 0 <= f < len(_SEARCHES) else Search(f) for f in faces])


def _gear_actions(
    state: ZState, q: Squad, all_faces: tuple[int, ...], faces: tuple[int, ...], out: list[TypedAction]
) -> None:
    """Reloading (no AP, an ammo card from the private stash); refuelling a gas powered weapon on a
    Refuel space."""
    board = state.board
    ammo = "ammo-box" in q.stash
    weapons = state.content.weapon_by_id
    for p in q.people:
        if p.weapon is None or p.loaded:
            continue
        if not weapons[p.weapon].gas:
            if ammo:
                out.append(Reload(p.card))
        elif q.space in board.refuel:
            cost = state.content.rules.refuel_cost
            out.extend(paid(Refuel, (p.card,), pay_faces(all_faces, cost, False, len(all_faces))))


def _crafted_actions(state: ZState, q: Squad, all_faces: tuple[int, ...], out: list[TypedAction]) -> None:
    """Crafted explosives and the bunker tunnels; equipping a weapon carried (no AP)."""
    board = state.board
    if q.tokens:
        crafts = state.content.craft_by_id
        if "molotov" in q.tokens:
            pays = pay_faces(all_faces, crafts["molotov"].use_cost, False, len(all_faces))
            for who, space in throws(state, q) if pays else ():
                out.extend(paid(Throw, (who, board.name(space)), pays))
        if "bomb" in q.tokens:
            pays = pay_faces(all_faces, crafts["bomb"].use_cost, False, len(all_faces))
            for space in bomb_spaces(state, q) if pays else ():
                out.extend(paid(PlaceBomb, (board.name(space),), pays))
    if state.structures and q.space in state.tunnels():
        out.extend(paid(Tunnel, (), pay_faces(all_faces, len(q.people), False, len(all_faces))))
    unarmed = [p.card for p in q.people if p.weapon is None]
    if unarmed and q.items:
        for item in sorted(set(q.items)):
            if item in state.content.weapon_by_id:
                out.extend([Equip(who, item) for who in unarmed])


def _board_actions(state: ZState, q: Squad, faces: tuple[int, ...], out: list[TypedAction]) -> None:
    """Windows, the public stash, a dropped pile, trading with an adjacent squad."""
    board = state.board
    # windows: "Your squad can choose to jump out of a window."
    if q.space in board.window_landing:
        out.append(JUMP)
    # the public stash: "players may only take items from the public stash if they are
    # adjacent to, or on the same space as, the public stash token"
    if state.public and (q.space == board.stash or q.space in board.neighbours[board.stash]):
        out.extend(Take(item) for item in sorted(set(state.public)))
    # "If a player is adjacent to or on the same space as their private stash, they may freely
    # exchange items between the stashed and carried sides of their squad board."
    if q.stash_token >= 0 and stash_in_reach(state, q):
        out.extend(Stash(item) for item in sorted(set(q.items)))
        if state.carried(q) < state.capacity(q):
            out.extend(Unstash(item) for item in sorted(set(q.stash)))
    # "Any other player may pay 1AP while standing on that token to pick up all items in the pile."
    if q.space in state.dropped and faces:
        out.append(PickUp(faces[0]))
    # trading: 1 AP a card to an adjacent squad
    for o in state.squads:
        if o is q or not o.alive or o.space < 0:
            continue
        if o.space in board.neighbours[q.space] and faces:
            # "This includes trading the Bomb and Molotov Cocktail tokens."
            for item in sorted(set(q.items) | set(q.tokens)):
                out.append(Give(o.seat, item, faces[0]))
