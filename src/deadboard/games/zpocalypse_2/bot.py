"""A heuristic player for Zpocalypse 2's night and day.

Night: a Molotov Cocktail where it would hit three zombies or more, refuelling, then attacks (a
mutate, then a fresh zombie, then a weak one; paying with the fewest, lowest dice; no bare hands
below 3 HP), then weapon traits and a patch-up for a survivor at 2 HP or less, then move to the
reachable space from which the most zombies can be hit and the fewest stand next to the squad,
further from the horde, when it scores better than staying put; then end. Once the bunker tunnels
are crafted: down a tunnel when the horde would hurt the squad badly where it stands (attacks
first, keeping the dice the tunnel costs) or when another entrance offers far better shots, or to
reach a stash holding a weapon for an unarmed survivor from the entrance nearer it; up at the
entrance with the best shots and the fewest zombies near; towards an entrance when in danger. A
weapon from the public stash for an unarmed survivor, and a step to it. Encumbered away from its
private stash token: a new stash when the old one is worth less than the cards it would otherwise
abandon, else the least useful card abandoned; by its token, a weapon for an unarmed survivor taken
out. Damage goes to the defence wheel first, then to the survivor with the most HP left. Day: the
badly hurt rest (in a bed if one is free), the handiest survivor crafts (the chapter's goal card
first, else beds, junk walls, Molotovs ...; fortifications on the doorways nearest a spawn point,
upgrades upstairs, bombs held), the others scavenge or guard; everyone is fed; at the day's end an
ammo card goes into the private stash (reloading takes it from there) and a stashed weapon comes out
for an unarmed survivor."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from deadboard.core.action import Action
from deadboard.core.heuristic import HeuristicBot as HeuristicBase
from deadboard.core.heuristic import decides
from deadboard.games.zpocalypse_2.actions import (
    Abandon,
    Attack,
    Block,
    Emerge,
    End,
    Equip,
    Hurt,
    Make,
    NewStash,
    Pick,
    Refuel,
    Reload,
    Search,
    Stash,
    Take,
    Throw,
    Tunnel,
    Unstash,
    UseTrait,
)
from deadboard.games.zpocalypse_2.crafting import CraftTurn, Done, Hold, PlaceStructure, PlantBomb, Put
from deadboard.games.zpocalypse_2.day import (
    ARRANGED,
    Arrange,
    Assign,
    AssignTask,
    Champion,
    EnterContest,
    Fed,
    Feed,
    Feeding,
)
from deadboard.games.zpocalypse_2.movement import Emerging
from deadboard.games.zpocalypse_2.night import Place, Turn
from deadboard.games.zpocalypse_2.recruiting import Settled, TradeSurvivors
from deadboard.games.zpocalypse_2.scavenge import PickTrier, Try
from deadboard.games.zpocalypse_2.state import Squad, ZState
from deadboard.games.zpocalypse_2.survivors import Allocate, Encumbered, PickSurvivor
from deadboard.games.zpocalypse_2.tactics import (
    DANGER_WEIGHT,
    best_move,
    blast,
    danger,
    in_danger,
    standing,
    wanted_stash,
)

__all__ = ["DANGER_WEIGHT", "HeuristicBot", "blast", "danger", "in_danger", "standing", "wanted_stash"]


class HeuristicBot(HeuristicBase[ZState]):
    """Zpocalypse 2's heuristic player: a method per decision step; a decision without one (a
    recruit, a scavenging option or loot, a contest's skill, a perk, a dash, a card kept) takes the
    first legal action."""

    def otherwise(self, state: ZState, legal: Sequence[Action]) -> Action:
        return legal[0]

    # ----- the night ------------------------------------------------------------------------------
    @decides(Place)
    def _place(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        return best_move(st, st.squads[self.seat], legal)

    @decides(Turn)
    def _turn(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """The first of :data:`TURN_PREFERENCES` that chooses; else a reload or an equip, else end."""
        q = st.squads[self.seat]
        for preference in TURN_PREFERENCES:
            got = preference(st, q, legal)
            if got is not None:
                return got
        return next((a for a in legal if isinstance(a, Reload | Equip)), None) or next(
            (a for a in legal if isinstance(a, End)), None
        )

    @decides(Emerging)
    def _emerge(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """Up at the entrance with the best shots and the fewest zombies near."""
        q = st.squads[self.seat]
        emerges = [a for a in legal if isinstance(a, Emerge)]
        return max(emerges, key=lambda a: standing(st, q, st.board.by_name[a.space])) if emerges else None

    @decides(Encumbered)
    def _encumbered(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        return _stash(st, st.squads[self.seat], legal)

    @decides(Allocate)
    def _allocate(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """Damage to the defence wheel first, then to the survivor with the most HP left."""
        block = next((a for a in legal if isinstance(a, Block)), None)
        return block or _most_hp(st.squads[self.seat], [a for a in legal if isinstance(a, Hurt)])

    @decides(PickSurvivor)
    def _pick(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """A token or a critical wound for the survivor with the most HP left."""
        return _most_hp(st.squads[self.seat], [a for a in legal if isinstance(a, Pick)])

    # ----- the day --------------------------------------------------------------------------------
    @decides(AssignTask)
    def _assign_task(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        step = st.steps[-1]
        assert isinstance(step, AssignTask)
        return _assign(st, st.squads[self.seat], legal, step.done)

    @decides(PickTrier)
    def _trier(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """The scavenging challenge tried by the survivor with the highest skill."""
        step = st.steps[-1]
        assert isinstance(step, PickTrier)
        loc = next(x for x in st.content.locations if x.id == step.location)
        skill = loc.option[step.option - 1].skill
        stats = {p.card: p.stats[skill] for s in st.squads for p in s.people}
        tries = [a for a in legal if isinstance(a, Try)]
        return max(tries, key=lambda a: stats.get(a.who, 0)) if tries else None

    @decides(CraftTurn)
    def _craft(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        return craft_choice(st, legal)

    @decides(PlaceStructure)
    def _put(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        step = st.steps[-1]
        assert isinstance(step, PlaceStructure)
        return put_choice(st, [a for a in legal if isinstance(a, Put)], step.card)

    @decides(PlantBomb)
    def _plant(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """Bombs are held for the night."""
        return next((a for a in legal if isinstance(a, Hold)), None)

    @decides(Feeding)
    def _feed(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """Everyone fed, green food first."""
        feeds = [a for a in legal if isinstance(a, Feed)]
        if feeds:
            green = [a for a in feeds if st.content.supply_by_id[a.food].colour == "green"]
            return (green or feeds)[0]
        return next((a for a in legal if isinstance(a, Fed)), None)

    @decides(EnterContest)
    def _champion(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """The contest's champion with the highest skill."""
        step = st.steps[-1]
        assert isinstance(step, EnterContest)
        stats = {p.card: p.stats[step.skill] for p in st.squads[self.seat].people}
        champions = [a for a in legal if isinstance(a, Champion)]
        return max(champions, key=lambda a: stats.get(a.who, 0)) if champions else None

    @decides(TradeSurvivors)
    def _trade(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """Survivors stay with their squad."""
        return next((a for a in legal if isinstance(a, Settled)), None)

    @decides(Arrange)
    def _arrange(self, st: ZState, legal: Sequence[Action]) -> Action | None:
        """The day's end: ammunition into the private stash, a weapon out of it for the unarmed."""
        step = st.steps[-1]
        assert isinstance(step, Arrange)
        return _arrange(st, st.squads[step.seat], legal)


def _most_hp(q: Squad, hurts: Sequence[Hurt | Pick]) -> Action | None:
    hp = {p.card: p.hp for p in q.people}
    return max(hurts, key=lambda a: hp.get(a.who, 0)) if hurts else None


def _explosives(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """A Molotov Cocktail where it hits three zombies or more; refuelling."""
    throws = [a for a in legal if isinstance(a, Throw)]
    if throws:
        best_throw = max(throws, key=lambda a: (blast(st, a.space, q.space), -sum(a.dice)))
        if blast(st, best_throw.space, q.space) >= 3:
            return best_throw
    refuels = [a for a in legal if isinstance(a, Refuel)]
    if refuels:
        return min(refuels, key=lambda a: (sum(a.dice), len(a.dice)))
    return None


def _attack(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """A mutate, then a fresh zombie, then a weak one, paying with the fewest, lowest dice; no bare
    hands below 3 HP."""
    attacks = [a for a in legal if isinstance(a, Attack)]
    if not attacks:
        return None
    hp = {p.card: p.hp for p in q.people}
    attacks = [a for a in attacks if a.weapon != "unarmed" or hp.get(a.who, 0) > 2]
    if any(isinstance(a, Tunnel) for a in legal) and in_danger(st, q, q.space):
        # keep the dice the tunnel costs: "Entering the tunnels costs 1 AP per survivor"
        left = sum(st.faces)
        attacks = [a for a in attacks if left - sum(a.dice) >= len(q.people)]

    def rank(a: Attack) -> tuple[int, int, int]:
        kind = 0 if a.target not in ("weak", "fresh") else (1 if a.target == "fresh" else 2)
        return (kind, len(a.dice), sum(a.dice))

    return min(attacks, key=rank) if attacks else None


def _tunnel(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """Down the bunker tunnels (rulebook §The Bunker Tunnels: "travel between the tunnel entrances
    underground, without needing to walk across the plagued surface"): to flee a horde that would
    hurt the squad badly here while an entrance elsewhere is quieter, or to come up where the shots
    are far better (flanking)."""
    tunnels = [a for a in legal if isinstance(a, Tunnel)]
    if not tunnels:
        return None
    pay = min(tunnels, key=lambda a: (len(a.dice), sum(a.dice)))
    others = [e for e in st.tunnels() if e != q.space]
    if not others:
        return None
    here = standing(st, q, q.space)
    there = max(standing(st, q, e) for e in others)
    if in_danger(st, q, q.space) and min(danger(st, e) for e in others) < danger(st, q.space):
        return pay
    if not any(isinstance(a, Attack) for a in legal) and there >= here + 3:
        return pay
    goal = wanted_stash(st, q)
    if goal >= 0 and not any(isinstance(a, Attack) for a in legal):
        # reaching a stash: an entrance a turn's walk nearer to it than the squad is
        dist = st.board.distances(goal)
        near = min(others, key=lambda e: (dist[e] if dist[e] >= 0 else 99, e))
        if dist[near] >= 0 and dist[q.space] - dist[near] >= 4 and not in_danger(st, q, near):
            return pay
    return None


def _stash(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """Encumbered away from the private stash token: a new stash when the old one is worth less
    than what would otherwise be abandoned, else the least useful card abandoned. By the token: a
    weapon taken out for an unarmed survivor."""
    abandons = [a for a in legal if isinstance(a, Abandon)]
    if abandons:
        excess = max(0, st.carried(q) - st.capacity(q))
        lost = sum(sorted(item_worth(st, c) for c in q.items)[:excess])
        new = [a for a in legal if isinstance(a, NewStash)]
        if new and sum(item_worth(st, c) for c in q.stash) <= lost:
            return new[0]
        return min(abandons, key=lambda a: (item_worth(st, a.item), a.item))
    if any(p.weapon is None for p in q.people):
        for a in legal:
            if isinstance(a, Unstash) and a.item in st.content.weapon_by_id:
                return a
    return None


def item_worth(st: ZState, item: str) -> int:
    """How much a card is worth to the squad at night: a weapon most, then ammunition while a
    firearm needs it, then anything else."""
    if item in st.content.weapon_by_id:
        return 3 + st.content.weapon_by_id[item].vp
    supply = st.content.supply_by_id.get(item)
    if supply is not None and supply.kind == "ammo":
        return 2
    return 1


def _take(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """From the public stash (standing on or beside its token): a weapon while a survivor is
    unarmed."""
    if all(p.weapon is not None for p in q.people):
        return None
    weapons = st.content.weapon_by_id
    takes = [a for a in legal if isinstance(a, Take) and a.item in weapons]
    return max(takes, key=lambda a: (weapons[a.item].vp, a.item)) if takes else None


def _trait(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """A hard hit or a spread, or a patch-up for a survivor at 2 HP or less."""
    uses = [a for a in legal if isinstance(a, UseTrait)]
    if not uses:
        return None
    effects = st.content.trait_by_id
    hp = {p.card: p.hp for p in q.people}
    good = [
        a
        for a in uses
        if effects[a.trait].effect in ("hard-hit", "spread")
        or (effects[a.trait].effect == "patch" and hp.get(a.target, 9) <= 2)
    ]
    return min(good, key=lambda a: (len(a.dice), sum(a.dice))) if good else None


def _assign(st: ZState, q: Squad, legal: Sequence[Action], done: Sequence[tuple[str, str]]) -> Action | None:
    """Rest the badly hurt (the Doom Track rises for each at idle rest), the handiest crafts, the
    others scavenge or guard."""
    assigns = [a for a in legal if isinstance(a, Assign)]
    if not assigns:
        return None
    hurt = {
        p.card
        for p in q.people
        if p.hp * 2 <= st.content.survivor(p.card).hp
        or (p.hp < st.content.survivor(p.card).hp - 1 and st.doom.value < 10)
    }
    scavenging = any(t == "scavenge" for _, t in done)
    crafting = any(t == "craft" for _, t in done)
    beds = any(a.task == "bed" for a in assigns)
    handy = max(q.people, key=lambda p: p.stats["mechanics"]).card
    for job in assigns:
        if job.who in hurt:
            wanted = "bed" if beds else "rest"
        elif job.who == handy and not crafting and st.doom.value < 20:
            wanted = "craft"
        else:
            wanted = "guard" if scavenging or st.doom.value >= 12 else "scavenge"
        if job.task == wanted:
            return job
    return assigns[0]


def _search(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """The search with the highest die."""
    searches = [a for a in legal if isinstance(a, Search)]
    return max(searches, key=lambda a: a.die) if searches else None


Preference = Callable[[ZState, Squad, Sequence[Action]], Action | None]

#: the preferences of a squad's turn in order: the first that chooses decides
TURN_PREFERENCES: tuple[Preference, ...] = (
    _stash, _take, _explosives, _attack, _tunnel, _trait, _search, best_move
)


CRAFT_ORDER = ("cot", "junk-wall", "molotov", "bunker-tunnel", "bunk-bed", "car-barricade", "bomb")


def _arrange(st: ZState, q: Squad, legal: Sequence[Action]) -> Action:
    """The day's end: an ammo card into the private stash while a survivor holds a weapon that runs
    out of ammo and the stash has none (it reloads only from there); a weapon out of it for an
    unarmed survivor; then done."""
    weapons = st.content.weapon_by_id
    ammo = [c for c in st.content.supply_by_id.values() if c.kind == "ammo"]
    boxes = {c.id for c in ammo}
    shooting = any(p.weapon is not None and weapons[p.weapon].ammo for p in q.people)
    if shooting and boxes.isdisjoint(q.stash):
        for a in legal:
            if isinstance(a, Stash) and a.item in boxes:
                return a
    if any(p.weapon is None for p in q.people):
        outs = [a for a in legal if isinstance(a, Unstash) and a.item in weapons]
        if outs:
            return max(outs, key=lambda a: (weapons[a.item].vp, a.item))
    return ARRANGED


def craft_choice(st: ZState, legal: Sequence[Action]) -> Action | None:
    """The chapter's goal card first (nothing else spends the resources it needs), then the first
    card of :data:`CRAFT_ORDER` the dice pay (fewest, lowest dice); else done."""
    makes = [a for a in legal if isinstance(a, Make)]
    if makes:
        goal = st.scenario.goal_card if st.scenario.goal == "craft" else ""
        if goal and not st.tally.get(f"craft:{goal}"):
            these = [a for a in makes if a.card == goal]
            if these:
                return min(these, key=lambda a: (len(a.dice), sum(a.dice)))
            needs = set(st.content.craft_by_id[goal].resources)
            makes = [a for a in makes if not needs & set(st.content.craft_by_id[a.card].resources)]
        for card in CRAFT_ORDER:
            these = [a for a in makes if a.card == card]
            if these:
                return min(these, key=lambda a: (len(a.dice), sum(a.dice)))
    if makes:
        return min(makes, key=lambda a: (len(a.dice), sum(a.dice)))
    return next((a for a in legal if isinstance(a, Done)), None)


def put_choice(st: ZState, puts: Sequence[Put], card: str) -> Action | None:
    """Where a crafted token goes: a fortification on a doorway of the house nearest a spawn point
    (where it blocks the way in), an upgrade upstairs."""
    if not puts:
        return None
    board = st.board
    if st.content.craft_by_id[card].kind == "fortification":
        spawns = list(board.spawn.values())

        def door(a: Put) -> tuple[int, int]:
            i = board.by_name[a.space]
            outside = sum(1 for j in board.neighbours[i] if j not in board.inside)
            near = min(board.distances(s)[i] for s in spawns) if spawns else 0
            return (-min(outside, 1), near)

        return min(puts, key=door)
    upstairs = [a for a in puts if 2 in board.floors(board.by_name[a.space])]
    return (upstairs or puts)[0]
