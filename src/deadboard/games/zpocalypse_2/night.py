"""The Night phase (rulebook §Night Phase, §Combat, §Points Of Interest, §Zombies, §The Doom Track,
§Horde Attacking, §Mutates)::

    Dusk      spawn from the Doom Track; defence wheels reset; squads placed in the house
    Hour 1-5  each squad's turn (action pool: 2d6 per survivor, Z = 6), the mutates' turn,
              the horde moves (the ten pathing rules), the horde attacks
    Sunrise   the zombies left flee and raise the Doom Track

A squad's turn is one decision returning itself until ``end``: ``move D SPACE`` (one die, up to its
value in AP), ``attack WHO WEAPON SPACE KIND D...`` (dice combined without change, a natural Z for
a Z cost, no more dice than the survivor's skill), ``search D``, ``reload WHO``, ``equip WHO
WEAPON``, ``give SEAT ITEM D``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from heapq import heappop, heappush
from typing import ClassVar

from deadboard.core.dice import DicePool, Die
from deadboard.core.kernel import Auto, Choice, Step, Steps
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2.board import Board
from deadboard.games.zpocalypse_2.state import ZD6, MutateOnBoard, Person, Squad, Z, Zombie, ZState, face_text

UNARMED = "unarmed"
UNARMED_COST = 6  # "The basic attack cost for unarmed combat is 6 AP, range 1, melee."


# ----- actions ------------------------------------------------------------------------------------
class Start(TypedAction, kind="start"):
    space: str


class Move(TypedAction, kind="move"):
    die: int
    space: str


class Attack(TypedAction, kind="attack"):
    who: str
    weapon: str
    space: str
    target: str  # weak | fresh | a mutate's id
    dice: tuple[int, ...]


class Search(TypedAction, kind="search"):
    die: int


class Keep(TypedAction, kind="keep"):
    card: str


class Reload(TypedAction, kind="reload"):
    who: str


class Equip(TypedAction, kind="equip"):
    who: str
    weapon: str


class Give(TypedAction, kind="give"):
    seat: int
    item: str
    die: int


class Jump(TypedAction, kind="jump"):
    """Jump out of the second-floor window the squad stands at."""


class Take(TypedAction, kind="take"):
    """Take a card from the public stash (standing on or beside its token)."""

    item: str


class PickUp(TypedAction, kind="pickup"):
    """Pick up a dead squad's dropped items (1 AP)."""

    die: int


class End(TypedAction, kind="end"):
    """End the squad's turn."""


class Hurt(TypedAction, kind="hurt"):
    """One point of damage to a survivor's HP."""

    who: str


class Block(TypedAction, kind="block"):
    """One point of damage taken off the squad's defence wheel."""


class Pick(TypedAction, kind="pick"):
    who: str


END, BLOCK, JUMP = End(), Block(), Jump()


# ----- helpers ------------------------------------------------------------------------------------
def person(q: Squad, card: str) -> Person:
    for p in q.people:
        if p.card == card:
            return p
    raise KeyError(card)


def occupied_by_zombies(state: ZState) -> set[int]:
    out = {z.space for z in state.zombies}
    out.update(m.space for m in state.mutates)
    return out


def reachable(state: ZState, q: Squad, budget: int) -> dict[int, int]:
    """Spaces the squad may stop on paying at most ``budget`` AP and moving at most its speed left
    (rulebook §Moving): 8-way; through other squads but not stopping on them; never through zombies
    or impassable spaces; arduous spaces (and knocked-down zombies' spaces) cost 2. -> space: spaces
    moved."""
    return {i: s for i, (c, s) in reach_table(state, q, budget).items() if c <= budget}


def reach_table(state: ZState, q: Squad, budget: int) -> dict[int, tuple[int, int]]:
    """Space -> (AP, spaces moved) of the cheapest way there within ``budget`` and the speed left."""
    board = state.board
    blocked = {z.space for z in state.zombies}
    blocked.update(m.space for m in state.mutates)
    down = {z.space for z in state.zombies if z.down}
    arduous = board.arduous
    nb = board.neighbours
    steps_left = state.speed(q) - state.turn_moved
    best: dict[int, tuple[int, int]] = {q.space: (0, 0)}
    frontier = [(0, 0, q.space)]
    while frontier:
        cost, steps, i = heappop(frontier)
        if best[i] < (cost, steps):
            continue
        s = steps + 1
        if s > steps_left:
            continue
        for j in nb[i]:
            if j in blocked:
                continue
            c = cost + (2 if j in arduous or j in down else 1)
            if c > budget:
                continue
            old = best.get(j)
            if old is None or (c, s) < old:
                best[j] = (c, s)
                heappush(frontier, (c, s, j))
    del best[q.space]
    for o in state.squads:
        if o is not q and o.alive:
            best.pop(o.space, None)
    return best


def pool_faces(pool: DicePool) -> tuple[int, ...]:
    return pool.faces


def spend_faces(pool: DicePool, faces: tuple[int, ...]) -> DicePool:
    left = pool
    for f in faces:
        _, left = left.spend_face(f)
    return left


def targets_in_range(state: ZState, origin: int, rng: int) -> list[tuple[int, str]]:
    """(space, kind) of every zombie a squad at ``origin`` may target at range ``rng``, in sight. A
    squad at a second-floor window also shoots the yard, counting range from the landing space."""
    board = state.board
    origins = [origin]
    landing = board.window_landing.get(origin)
    if landing is not None:
        origins.append(landing)
    out: list[tuple[int, str]] = []
    seen: set[tuple[int, str]] = set()
    for z in state.zombies:
        key = (z.space, "fresh" if z.fresh else "weak")
        if key not in seen and _can_hit(board, origins, z.space, rng):
            seen.add(key)
            out.append(key)
    for m in state.mutates:
        key = (m.space, m.card)
        if key not in seen and _can_hit(board, origins, m.space, rng):
            seen.add(key)
            out.append(key)
    out.sort()
    return out


def _can_hit(board: Board, origins: list[int], space: int, rng: int) -> bool:
    for o in origins:
        d = board.reach(o, space)
        if d is not None and d <= rng and board.sight(o, space, zombie=False):
            return True
    return False


def payments(pool: DicePool, cost: int, z_cost: bool, most: int) -> list[tuple[int, ...]]:
    """Every way to pay ``cost`` without change with at most ``most`` dice; a Z cost needs one
    natural Z (rulebook §Combining Dice)."""
    if most <= 0:
        return []
    if z_cost:
        return [(Z,)] if pool.count(Z) else []
    return list(_payments(pool.faces, cost, most))


@lru_cache(maxsize=4096)
def _payments(faces: tuple[int, ...], cost: int, most: int) -> tuple[tuple[int, ...], ...]:
    pool = DicePool.of(ZD6, faces)
    out = []
    for combo in pool.payments(cost, most=most):
        out.append(tuple(sorted((faces[i] for i in combo), reverse=True)))
    return tuple(out)


# ----- dusk ---------------------------------------------------------------------------------------
@dataclass(slots=True)
class Dusk(Auto[ZState]):
    """Rulebook §Dusk Step and §Spawning Zombies."""

    def run(self, state: ZState) -> Steps:
        if state.doom.value >= state.content.rules.doom_top:
            state.lost = "overrun: the night began with the Doom Track at 30"
            state.emit("overrun", "The Night begins with the Doom Track at 30: the house is overrun")
            state.end()
            return ()
        state.night += 1
        state.phase = "dusk"
        state.searched = set()
        state.emit("dusk", f"Dusk of night {state.night}")
        spawn_night(state)
        for q in state.living():
            q.defence = sum(p.stats["defence"] for p in q.people)
            q.space = -1
        return [*(Place(q.seat) for q in state.living()), Hour(1)]


def spawn_night(state: ZState) -> None:
    """ "Each Night phase begins by spawning fresh zombies equal to the current position on the Doom
    Track. For each milestone passed the previous Day, replace a fresh zombie with a Mutate." Mutates
    first; mutates that fled come back in addition, with the HP they fled with; "If more than 20
    fresh zombies would be placed on the map at any time, spawn the remainder as weak zombies.\""""
    rules = state.content.rules
    n = state.doom.value
    pieces: list[tuple[str, int]] = []  # ("mutate", hp) by card / ("fresh"|"weak", 0)
    cards: list[tuple[str, int]] = list(state.fled)
    state.fled = []
    for _ in range(min(state.milestones, n)):
        if not state.mutate_deck:
            break
        card = state.mutate_deck.pop(state.rng.below(len(state.mutate_deck)))
        hp = state.content.mutate_by_id[card].hp[min(len(state.squads), 4) - 1]
        cards.append((card, hp))
        n -= 1
    state.milestones = 0
    fresh_on_map = sum(1 for z in state.zombies if z.fresh)
    for card, hp in cards:
        pieces.append((card, hp))
    for _ in range(n):
        if fresh_on_map < rules.fresh_cap:
            pieces.append(("fresh", 0))
            fresh_on_map += 1
        else:
            pieces.append(("weak", 0))
    order = [state.board.spawn[d] for d in "NESW" if d in state.board.spawn]
    placed = 0
    for k, (kind, hp) in enumerate(pieces):
        space = spawn_space(state, order[k % len(order)])
        if space is None:
            break
        placed += 1
        if kind in ("fresh", "weak"):
            state.zombies.append(Zombie(space, kind == "fresh"))
        else:
            state.mutates.append(MutateOnBoard(kind, space, hp))
    state.emit(
        "spawn",
        f"{sum(1 for z in state.zombies if z.fresh)} fresh, {sum(1 for z in state.zombies if not z.fresh)} weak"
        f" zombies and {len(state.mutates)} mutates on the map",
        {"zombies": placed},
    )


def spawn_space(state: ZState, token: int) -> int | None:
    """A space for one zombie from the spawn token ``token``: a space around the token with room
    (two per space), else spilled over to the nearest space with room."""
    board = state.board
    dist = board.distances(token)
    squads = {q.space for q in state.squads if q.alive}
    count: dict[int, int] = {}
    for z in state.zombies:
        count[z.space] = count.get(z.space, 0) + 1
    for m in state.mutates:
        count[m.space] = count.get(m.space, 0) + 1
    best: tuple[int, int] | None = None
    for i, d in enumerate(dist):
        if d < 1 or i in squads or count.get(i, 0) >= 2:
            continue
        if best is None or (d, i) < best:
            best = (d, i)
    return None if best is None else best[1]


@dataclass(slots=True)
class Place(Choice[ZState, Start]):
    """ "Squads may begin anywhere inside the house.\""""

    kind: ClassVar[str] = "place"
    seat: int

    def actions(self, state: ZState) -> list[Start]:
        board = state.board
        taken = {q.space for q in state.squads}
        blocked = occupied_by_zombies(state)
        return [Start(board.name(i)) for i in sorted(board.inside) if i not in taken and i not in blocked]

    def apply(self, state: ZState, action: Start) -> Steps:
        q = state.squads[self.seat]
        q.space = state.board.by_name[action.space]
        state.emit("place", f"Squad {self.seat + 1} begins the night at {action.space}")
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: where in the house does your squad begin the night?"


# ----- midnight -----------------------------------------------------------------------------------
@dataclass(slots=True)
class Hour(Auto[ZState]):
    hour: int

    def run(self, state: ZState) -> Steps:
        state.hour = self.hour
        state.phase = "midnight"
        state.emit("hour", f"Hour {self.hour}")
        from deadboard.games.zpocalypse_2.horde import HordeAttacks, HordeMoves, MutatesTurn, Sunrise

        steps: list[Step[ZState]] = [BeginTurn(q.seat) for q in state.living()]
        steps += [MutatesTurn(), HordeMoves(), HordeAttacks(0)]
        steps.append(Hour(self.hour + 1) if self.hour < state.content.rules.hours else Sunrise())
        return steps


@dataclass(slots=True)
class BeginTurn(Auto[ZState]):
    """ "At the start of every turn during the Night phase, create your action pool for that turn by
    rolling two six-sided dice for each survivor in your squad.\""""

    seat: int

    def run(self, state: ZState) -> Steps:
        q = state.squads[self.seat]
        if not q.alive:
            return ()
        dice: list[Die[int]] = [ZD6] * (2 * len(q.people))
        state.pool = DicePool.roll(state.rng, dice).sorted()
        state.turn_moved = 0
        state.turn_used = {}
        state.stamp += 1
        faces = " ".join(face_text(f) for f in state.pool.faces)
        state.emit(
            "pool", f"Squad {self.seat + 1} rolls its action pool: {faces}", {"dice": list(state.pool.faces)}
        )
        return (Turn(self.seat),)


@dataclass(slots=True)
class Turn(Choice[ZState, TypedAction]):
    kind: ClassVar[str] = "turn"
    seat: int

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        if not q.alive or q.space < 0:
            return []
        board = state.board
        pool = state.pool
        out: list[TypedAction] = []
        faces = sorted(set(pool.faces))
        # attacks
        for p in q.people:
            for weapon in (p.weapon, UNARMED) if p.weapon is not None else (UNARMED,):
                if weapon is None or (p.card, weapon) in state.turn_used:
                    continue
                if weapon == UNARMED:
                    cost, z_cost, rng, skill = UNARMED_COST, False, 1, p.stats["melee"]
                else:
                    if not p.loaded:
                        continue
                    w = state.content.weapon(weapon)
                    cost, z_cost, rng, skill = w.cost, w.z_cost, w.range, p.stats[w.type]
                pays = payments(pool, cost, z_cost, skill)
                if not pays:
                    continue
                for space, kind in targets_in_range(state, q.space, rng):
                    for pay in pays:
                        out.append(Attack(p.card, weapon, board.name(space), kind, pay))
        # moving
        if faces:
            table = reach_table(state, q, faces[-1])
            spaces = sorted(table)
            for f in faces:
                out.extend(Move(f, board.name(i)) for i in spaces if table[i][0] <= f)
        # searching
        if q.space in board.search and q.space not in state.searched and state.decks[board.search[q.space]]:
            out.extend(Search(f) for f in faces)
        # reloading and equipping (no AP)
        ammo = "ammo-box" in q.items or "ammo-box" in q.stash
        for p in q.people:
            if p.weapon is not None and not p.loaded and ammo:
                out.append(Reload(p.card))
        for item in sorted(set(q.items)):
            if item in state.content.weapon_by_id:
                for p in q.people:
                    if p.weapon is None:
                        out.append(Equip(p.card, item))
        # windows: "Your squad can choose to jump out of a window."
        if q.space in board.window_landing:
            out.append(JUMP)
        # the public stash: "players may only take items from the public stash if they are
        # adjacent to, or on the same space as, the public stash token"
        if state.public and (q.space == board.stash or q.space in board.neighbours[board.stash]):
            out.extend(Take(item) for item in sorted(set(state.public)))
        # "Any other player may pay 1AP while standing on that token to pick up all items in the pile."
        if q.space in state.dropped and faces:
            out.append(PickUp(faces[0]))
        # trading: 1 AP a card to an adjacent squad
        for o in state.squads:
            if o is q or not o.alive or o.space < 0:
                continue
            if o.space in board.neighbours[q.space] and faces:
                for item in sorted(set(q.items)):
                    out.append(Give(o.seat, item, faces[0]))
        out.append(END)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        q = state.squads[self.seat]
        if isinstance(action, End):
            return ()
        if isinstance(action, Move):
            return (*move(state, q, action), self)
        if isinstance(action, Attack):
            return (*attack(state, q, action), self)
        if isinstance(action, Search):
            return (*search(state, q, action), self)
        if isinstance(action, Reload):
            p = person(q, action.who)
            (q.items if "ammo-box" in q.items else q.stash).remove("ammo-box")
            p.loaded = True
            state.emit("reload", f"{action.who} reloads the {p.weapon}")
            return (self,)
        if isinstance(action, Equip):
            p = person(q, action.who)
            q.items.remove(action.weapon)
            p.weapon, p.loaded = action.weapon, True
            state.emit("equip", f"{action.who} equips the {action.weapon}")
            return (self,)
        if isinstance(action, PickUp):
            _, state.pool = state.pool.spend_face(action.die)
            q.items.extend(state.dropped.pop(q.space))
            overflow(state, q)
            state.emit("pickup", f"Squad {self.seat + 1} picks up the dropped items")
            return (self,)
        if isinstance(action, Jump):
            return (*jump(state, q), self)
        if isinstance(action, Take):
            state.public.remove(action.item)
            q.items.append(action.item)
            overflow(state, q)
            state.emit("take", f"Squad {self.seat + 1} takes {action.item} from the public stash")
            return (self,)
        if isinstance(action, Give):
            _, state.pool = state.pool.spend_face(action.die)
            q.items.remove(action.item)
            other = state.squads[action.seat]
            other.items.append(action.item)
            overflow(state, other)
            state.emit("give", f"Squad {self.seat + 1} gives {action.item} to squad {action.seat + 1}")
            return (self,)
        raise ValueError(f"not a turn action: {action.text}")

    def prompt(self, state: ZState) -> str:
        faces = " ".join(face_text(f) for f in state.pool.faces) or "no dice"
        return f"Squad {self.seat + 1}, hour {state.hour}: action pool {faces}"


def jump(state: ZState, q: Squad) -> tuple[Step[ZState], ...]:
    """ "If you jump from a window, land your squad on the corresponding numbered space directly
    below the window. Each survivor in your squad takes 2 direct damage. If you land on the same
    space as another squad or zombie, each survivor and zombie on that space also takes 2 damage, and
    your squad lands on any adjacent empty space." Direct damage goes to HP, not the defence wheel;
    the adjacent empty space is the first in space order."""
    board = state.board
    landing = board.window_landing[q.space]
    state.emit("jump", f"Squad {q.seat + 1} jumps out of the window to {board.name(landing)}")
    other = state.squad_at(landing)
    hit = [z for z in state.zombies if z.space == landing]
    hit_mutates = [m.card for m in state.mutates if m.space == landing]
    for z in hit:
        damage(state, q, landing, "fresh" if z.fresh else "weak", 2)
    for card in hit_mutates:
        damage(state, q, landing, card, 2)
    if other is not None:
        for p in list(other.people):
            hurt_person(state, other, p, 2, "a squad landed on them")
    space = landing
    if other is not None or hit or hit_mutates:
        taken = {o.space for o in state.squads if o.alive}
        free = [j for j in board.neighbours[landing] if j not in taken and state.zombies_at(j) == 0]
        space = free[0] if free else landing
    q.space = space
    for p in list(q.people):
        hurt_person(state, q, p, 2, "the jump")
    return enter(state, q, space) if q.alive else ()


def overflow(state: ZState, q: Squad) -> None:
    """ "If your squad ever gains more items than they can carry, you must drop the excess items in
    your private stash.\""""
    while state.carried(q) > state.capacity(q) and q.items:
        q.stash.append(q.items.pop())


def move(state: ZState, q: Squad, action: Move) -> tuple[Step[ZState], ...]:
    target = state.board.by_name[action.space]
    steps = reachable(state, q, action.die)[target]
    _, state.pool = state.pool.spend_face(action.die)
    state.turn_moved += steps
    q.space = target
    state.emit("move", f"Squad {q.seat + 1} moves to {action.space}", {"die": action.die})
    return enter(state, q, target)


def enter(state: ZState, q: Squad, space: int) -> tuple[Step[ZState], ...]:
    """Bio and Radiation spaces: "take a Bio token and attach it to a single survivor"; "Survivors
    who suffer a Radiation token lose 1 HP immediately.\""""
    board = state.board
    if space in board.bio:
        return (PickSurvivor(q.seat, "bio"),)
    if space in board.radiation:
        return (PickSurvivor(q.seat, "radiation"),)
    return ()


def attack(state: ZState, q: Squad, action: Attack) -> tuple[Step[ZState], ...]:
    p = person(q, action.who)
    state.pool = spend_faces(state.pool, action.dice)
    state.turn_used[(p.card, action.weapon)] = len(action.dice)
    space = state.board.by_name[action.space]
    out: tuple[Step[ZState], ...] = ()
    state.emit(
        "attack",
        f"{p.card} attacks the {action.target} zombie at {action.space} with {action.weapon}",
        {"dice": list(action.dice)},
    )
    if action.weapon == UNARMED:
        out = hurt_person(state, q, p, 1, "unarmed attack")
    damage(state, q, space, action.target, 1)
    weapon = None if action.weapon == UNARMED else state.content.weapon(action.weapon)
    if (
        weapon is not None
        and weapon.ammo
        and ammo_die(state.content.rules.click_faces).roll(state.rng) == "click"
    ):
        p.loaded = False
        state.emit("click", f"Click: the {action.weapon} is out of ammo")
    return out


@lru_cache(maxsize=8)
def ammo_die(clicks: int) -> Die[str]:
    """The blue ammo die: ``clicks`` of its six faces show a click."""
    return Die("ammo", ("click",) * clicks + ("bang",) * (6 - clicks))


def damage(state: ZState, q: Squad, space: int, target: str, n: int) -> None:
    from deadboard.games.zpocalypse_2.levelup import gain_vp

    """Weak zombies die at 1 damage, fresh ones turn weak (rulebook §Zombies); VP (rulebook §Horde
    Zombies That Are Defeated, §Victory Points); mutates lose HP and give 3 VP to all squads."""
    for _ in range(n):
        if target in ("weak", "fresh"):
            fresh = target == "fresh"
            for k, z in enumerate(state.zombies):  # noqa: B007  (k names the zombie found)
                if z.space == space and z.fresh == fresh:
                    break
            else:
                return
            if fresh:
                state.zombies[k] = z._replace(fresh=False, hurt=state.stamp)
                gain_vp(state, q, 1)
                state.emit("weaken", f"Squad {q.seat + 1} weakens a fresh zombie (+1 VP)")
                target = "weak"
            else:
                del state.zombies[k]
                bonus = 1 if z.hurt == state.stamp else 0
                gain_vp(state, q, 1 + bonus)
                q.kills += 1
                state.emit("kill", f"Squad {q.seat + 1} kills a zombie (+{1 + bonus} VP)", {"zombies": -1})
                return
        else:
            for k, m in enumerate(state.mutates):  # noqa: B007  (k names the mutate found)
                if m.space == space and m.card == target:
                    break
            else:
                return
            if m.hp > 1:
                state.mutates[k] = m._replace(hp=m.hp - 1)
                continue
            del state.mutates[k]
            for o in state.living():
                gain_vp(state, o, 3)
            state.emit("kill", f"Squad {q.seat + 1} defeats {target}: +3 VP to every squad", {"zombies": -1})
            return


def search(state: ZState, q: Squad, action: Search) -> tuple[Step[ZState], ...]:
    """Rulebook §Search Locations."""
    deck_name = state.board.search[q.space]
    _, state.pool = state.pool.spend_face(action.die)
    deck = state.decks[deck_name]
    look = min(action.die, state.smarts(q), len(deck))
    cards = tuple(deck[:look])
    del deck[:look]
    state.searched.add(q.space)
    state.emit("search", f"Squad {q.seat + 1} searches the {deck_name} deck and looks at {look} cards")
    return (KeepCard(q.seat, deck_name, cards, q.space),)


@dataclass(slots=True)
class KeepCard(Choice[ZState, Keep]):
    kind: ClassVar[str] = "keep"
    seat: int
    deck: str
    cards: tuple[str, ...]
    space: int

    def actions(self, state: ZState) -> list[Keep]:
        return [Keep(c) for c in sorted(set(self.cards))]

    def apply(self, state: ZState, action: Keep) -> Steps:
        q = state.squads[self.seat]
        rest = list(self.cards)
        rest.remove(action.card)
        state.rng.shuffle(rest)
        state.decks[self.deck].extend(rest)
        q.items.append(action.card)
        overflow(state, q)
        token = state.rng.choice(state.content.rules.search_tokens)
        board = state.board
        if token:
            placed = 0
            for j in board.neighbours[self.space]:
                while placed < token and state.zombies_at(j) < 2 and state.squad_at(j) is None:
                    state.zombies.append(Zombie(j, False))
                    placed += 1
            state.emit(
                "search-token",
                f"The search token shows {token}: {placed} weak zombies appear",
                {"zombies": placed},
            )
        else:
            state.emit("search-token", "The search token shows only an X")
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: keep which card?"


@dataclass(slots=True)
class PickSurvivor(Choice[ZState, Pick]):
    """A token or a critical wound for one survivor of the squad, chosen by its player."""

    kind: ClassVar[str] = "pick"
    seat: int
    purpose: str  # bio | radiation | wound

    def actions(self, state: ZState) -> list[Pick]:
        return [Pick(p.card) for p in state.squads[self.seat].people]

    def apply(self, state: ZState, action: Pick) -> Steps:
        q = state.squads[self.seat]
        p = person(q, action.who)
        if self.purpose == "bio":
            p.bio += 1
            state.emit("bio", f"{p.card} takes a Bio token")
            return ()
        if self.purpose == "radiation":
            p.rad += 1
            state.emit("radiation", f"{p.card} takes a Radiation token and loses 1 HP")
            return hurt_person(state, q, p, 1, "radiation")
        deck = state.decks["wound"]
        if not deck:
            deck.extend(w.id for w in state.content.wounds)
            state.rng.shuffle(deck)
        card = deck.pop(0)
        wound = next(w for w in state.content.wounds if w.id == card)
        p.wounds.append(card)
        state.emit("wound", f"{p.card} suffers a critical wound: {wound.name}")
        out = hurt_person(state, q, p, wound.damage, wound.name)
        if p in q.people:
            p.stats[wound.stat] = max(0 if wound.stat != "speed" else 1, p.stats[wound.stat] + wound.change)
            if wound.stat == "defence":
                q.defence = max(0, q.defence + wound.change)
        return out

    def prompt(self, state: ZState) -> str:
        what = {"bio": "the Bio token", "radiation": "the Radiation token", "wound": "the critical wound"}[
            self.purpose
        ]
        return f"Squad {self.seat + 1}: which survivor takes {what}?"


def hurt_person(state: ZState, q: Squad, p: Person, n: int, why: str) -> tuple[Step[ZState], ...]:
    p.hp -= n
    if p.hp > 0:
        return ()
    return kill_person(state, q, p, why)


def kill_person(state: ZState, q: Squad, p: Person, why: str) -> tuple[Step[ZState], ...]:
    """ "If a survivor's HP wheel ever reaches zero, discard their survivor card and all perks or
    wounds attached to that survivor. Increase the Doom Track by +1. If a survivor dies during the
    Night phase, place a fresh zombie on an empty space adjacent to your squad.\""""
    q.people.remove(p)
    state.emit("death", f"{p.card} dies ({why})")
    if p.weapon is not None:
        q.items.append(p.weapon)
    state.move_doom(1, f"{p.card} died")
    if state.phase in ("dusk", "midnight") and q.space >= 0:
        board = state.board
        dist = board.distances(q.space)
        taken = {o.space for o in state.squads if o.alive}
        best = None
        for i, d in enumerate(dist):
            if d >= 1 and i not in taken and state.zombies_at(i) == 0 and (best is None or (d, i) < best):
                best = (d, i)
        if best is not None:
            state.zombies.append(Zombie(best[1], True))
            state.emit(
                "death-zombie", f"{p.card} rises as a fresh zombie at {board.name(best[1])}", {"zombies": 1}
            )
    if not q.people:
        # "take all items that were in that player's private stash and add them to the public
        # stash"; the carried items nobody picks up are discarded when the Night ends
        state.emit("squad-death", f"Squad {q.seat + 1} is wiped out")
        state.public.extend(q.stash)
        if q.items and q.space >= 0 and state.phase in ("dusk", "midnight"):
            # "Take all items that were carried and equipped by that squad and put them in a pile
            # ... Place the other token on the space where the squad died."
            state.dropped.setdefault(q.space, []).extend(q.items)
        q.stash, q.items, q.space = [], [], -1
    return ()
