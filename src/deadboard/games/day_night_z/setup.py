"""Setting up an adventure of Day Night Z: the survivors of the seats with their sheets' equipment,
the Day-Night counter at the adventure's start, the hidden decks shuffled, the surprise cards in
their zones, the leader chosen at random, and the first steps: each survivor sets out with his cards
placed (``turn.SetOut``), then the game turns (``turn.Round``)."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from deadboard.core.dice import Die
from deadboard.core.errors import SetupError
from deadboard.core.game import Setup
from deadboard.core.rng import Rng
from deadboard.core.tracks import Clock
from deadboard.games.day_night_z.board import city_board
from deadboard.games.day_night_z.content import Adventure, Content, load_content
from deadboard.games.day_night_z.state import DNZState, Survivor
from deadboard.games.day_night_z.turn import Round, SetOut

#: the survivor of each seat
SEATS: Final = ("swift", "lebeu", "olsson", "kenji")
HIDDEN_DECKS: Final = ("threat", "spawn", "search", "exploration", "encounter", "infection", "corpse")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class SetUp:
    """What a new adventure takes from its content alone (worked out at its first game, kept in
    ``Content.set_ups``): the adventure, the die, the starting Day-Night counter, the city board,
    the location cards by slot, the starting threat, the survivors as they set out (each game takes
    a copy), the decks in content order and the surprise cards."""

    __slots__ = (
        "adventure", "board", "clock", "decks", "die", "draws", "locations", "offsets", "surprises", "survivors",
        "threat",
    )  # fmt: skip

    def __init__(self, content: Content, adventure: Adventure, players: int) -> None:
        self.adventure = adventure
        self.die = Die("dnz", content.rules.die.faces)
        self.clock = Clock(hour=adventure.start, night=content.rules.clock.night)
        self.board = city_board(content.city[adventure.side])
        self.locations: tuple[tuple[str, str], ...] = tuple(adventure.locations.items())
        self.threat: int = adventure.threat
        self.survivors: list[Survivor] = []
        for seat in range(players):
            sheet = content.survivor(SEATS[seat])
            s = Survivor(sheet.id, sheet.name, seat)
            s.health = sheet.health
            s.items = list(sheet.items)
            s.ammo, s.supplies, s.battery = sheet.ammo, sheet.supplies, sheet.battery
            s.weapon = next((i for i in sheet.items if content.search[i].weapon), "")
            s.zone = adventure.start_zone
            self.survivors.append(s)
        self.decks, self.offsets, self.draws = _deck_plan(content.decks)
        first = tuple(adventure.surprises)
        self.surprises = (first, tuple(c for c in content.surprises if c not in first))


#: a deck plan (SetUp.decks, offsets and draws) by the identity of the decks it is made from (a
#: campaign's contents for its adventures share their decks: see Content.with_survivors)
DeckPlan = tuple[tuple[tuple[str, tuple[str, ...], int], ...], tuple[int, ...], int]
_DECK_PLANS: Final[dict[int, tuple[dict[str, tuple[str, ...]], DeckPlan]]] = {}


def _deck_plan(decks: dict[str, tuple[str, ...]]) -> DeckPlan:
    found = _DECK_PLANS.get(id(decks))
    if found is None or found[0] is not decks:
        if len(_DECK_PLANS) >= 64:
            _DECK_PLANS.clear()
        # every hidden deck is shuffled in turn from the state's stream (DNZState.shuffle_later):
        # its cards in content order and the n-1 draws of a deck of n cards
        plan = tuple((name, decks[name], max(0, len(decks[name]) - 1)) for name in HIDDEN_DECKS)
        # where each deck's shuffle starts in the stream, past the draws of the decks before it,
        # counted from the stream's state at set-up (Rng.skip: n draws move the state on by n
        # increments, modulo 2**64); and the draws of them all
        stream = Rng(0)
        offsets: list[int] = []
        for _, _, draws in plan:
            offsets.append(stream.s)
            stream.skip(draws)
        found = _DECK_PLANS[id(decks)] = (decks, (plan, tuple(offsets), sum(d for _, _, d in plan)))
    return found[1]


def new_state(setup: Setup, seed: int, content: Content | None = None) -> DNZState:
    """A new adventure; ``content`` replaces the loaded content (a campaign's, with its own adventures
    and its survivors' sheets grown by skills and allies)."""
    content = content or load_content(setup.content)
    key = (setup.scenario, setup.players)  # the scenario is the adventure's id
    made = content.set_ups.get(key)
    if made is None:
        try:
            adventure = content.adventure(setup.scenario)
        except KeyError:
            known = ", ".join(a.id for a in content.adventures)
            raise SetupError(f"unknown adventure {setup.scenario!r}; known: {known}") from None
        made = content.set_ups[key] = SetUp(content, adventure, setup.players)
    assert isinstance(made, SetUp)
    state = DNZState.__new__(DNZState)
    state.setup_state(
        setup, seed, content, made.adventure, made.die, made.clock, made.board, made.locations, made.threat
    )
    rng = state.rng
    state.survivors = [s.clone() for s in made.survivors]
    decks, unshuffled = state._decks, state._unshuffled
    start = rng.s
    for (name, content_order, _), offset in zip(made.decks, made.offsets):  # shuffle_later, written out
        decks[name] = list(content_order)
        unshuffled[name] = (start + offset) & 0xFFFFFFFFFFFFFFFF
    rng.skip(made.draws)
    for name in _DISCARDS:
        decks[name] = []
    first, others = made.surprises
    surprises = list(others)
    rng.shuffle(surprises)
    state.surprises = dict(zip(state.board.surprise_zones, first + tuple(surprises)))
    state.leader = rng.below(setup.players)  # in a starting adventure the leader is chosen at random
    state.init_kernel(*_FIRST_STEPS)
    return state


#: the discard piles every adventure begins with (every hidden deck's but the corpse markers')
_DISCARDS: Final = tuple(name + "-discard" for name in HIDDEN_DECKS if name != "corpse")

#: the steps every adventure begins with (steps are values: shared by every game)
_FIRST_STEPS: Final = (SetOut(), Round())
