"""The rulebook's invariants along whole games.

Seeded games with every bot (random, heuristic, MCTS on a tiny budget, and a mix that plays a random
legal action one time in four), every player count (1 to 4) and the options mixed; after every
step each check below holds, and each quotes the sentence of the rulebook it enforces:

    cards           every card is in exactly one place — a deck, a hand, a discard pile, in play —
                    or removed from the game by a rule written in the log
    squares         no two groups on one square, none on water
    one combat      a group has at most one combat against zombies, running or waiting
    zombie effects  a combat's zombie effects are those of its cards, and nothing outside it
    damage, items   a living Pj has fewer than 4 damages unless saving it is being decided, and
                    carries no more than it can; Searched tokens and searches are on locations
    solo turn       one player with no card in hand has no turn action left
    views           what a seat is shown holds no hidden card, deck order, mission, seed or
                    chance stream (checked every few steps: a whole view is compared)
    log secrets     no sentence written to the log, which every view carries, names another
                    seat's secret: a card in its hand, a mission it has not shown, a character or
                    skill it is choosing or chose, or the one it put back under the deck

A quick run is part of the normal suite; the long run (thousands of games) is marked ``slow`` and
runs only when asked for: ``python3 -m pytest -m slow tests/zombie_dawn/test_invariants.py``. Its
figures are in docs/rulings/zombie-dawn.md.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass

import pytest

from deadboard.core import Rng, Setup
from deadboard.core.game import VIEW_SEED
from deadboard.games.zombie_dawn import zombies
from deadboard.games.zombie_dawn.effects import (
    capacity,
    char_modifier,
    load,
    lod_modifier,
    season_fx,
    worst_lod,
)
from deadboard.games.zombie_dawn.items import TakeItems
from deadboard.games.zombie_dawn.setup import ChooseCharacter
from deadboard.games.zombie_dawn.state import PLAY, SETUP, Combat, DawnState
from deadboard.games.zombie_dawn.turn import ChooseSkill
from deadboard.games.zombie_dawn.wounds import PlaceDamage, SaveCharacter
from deadboard.sim.play import seat_bots
from tests.test_views import difference
from tests.zombie_dawn.helpers import GAME, zombies_waiting
from tests.zombie_dawn.test_information import _shuffle_unseen

KINDS = ("action", "item", "damage", "mission", "character", "skill")

#: the actions only a turn offers (rulebook §Development of a Round, 3: "in their own turn")
TURN_ONLY = frozenset({"move", "drive", "search", "learn", "clear", "attack"})


class Broken(AssertionError):
    """An invariant that does not hold, with the rulebook sentence it breaks."""


def check(ok: object, rule: str, what: str) -> None:
    if not ok:
        raise Broken(f"{what} — rulebook: {rule}")


# ==================================================================================================
# where every card is
# ==================================================================================================
def where_cards(s: DawnState) -> dict[str, Counter[int]]:
    """Every card instance of each kind, counted wherever it lies."""
    out: dict[str, Counter[int]] = {k: Counter() for k in KINDS}
    a = out["action"]
    a.update(s.actions.cards)
    a.update(s.actions.discards)
    for g in s.groups:
        a.update(g.hand)
        a.update(g.trophies)
        if g.vehicle >= 0:
            a[g.vehicle] += 1
    if s.combat is not None:
        a.update(s.combat.zombies)
    for _, cards in zombies_waiting(s):
        a.update(cards)
    it = out["item"]
    for deck in (s.green, s.blue, s.specials):
        it.update(deck.cards)
        it.update(deck.discards)
    for items in s.char_items:
        it.update(items)
    for g in s.groups:
        it.update(g.found)
    for step in s.steps:
        if isinstance(step, TakeItems):
            it.update(step.pool)
    d = out["damage"]
    d.update(s.damage.cards)
    d.update(s.damage.discards)
    for dm in s.char_damage:
        d.update(dm)
    for step in s.steps:
        if isinstance(step, PlaceDamage):
            d[step.card] += 1
    m = out["mission"]
    m.update(s.missions.cards)
    m.update(s.missions.discards)
    for g in s.groups:
        m.update(g.missions)
        m.update(g.done)
    ch = out["character"]
    ch.update(s.char_deck.cards)
    for g in s.groups:
        ch.update(g.chars)
        ch.update(g.dead)
    for step in s.steps:
        if isinstance(step, ChooseCharacter):
            ch.update(step.dealt)
    sk = out["skill"]
    sk.update(s.skill_deck.cards)
    for skills in s.char_skills:
        sk.update(skills)
    for g in s.groups:
        sk.update(g.vp_skills)
    for step in s.steps:
        if isinstance(step, ChooseSkill):
            sk.update(step.drawn)
    return out


def expected_cards(s: DawnState) -> dict[str, int]:
    """The cards of the box (rulebook §Game Components) less those a rule removed from the game,
    each removal written in the log."""
    c = s.c
    total = {"action": len(c.action_cards), "item": len(c.item_cards), "damage": len(c.damage_cards),
             "mission": len(c.missions), "character": len(c.characters), "skill": len(c.skills)}
    for e in s.log:
        if e.kind == "setup" and e.data and "removed" in e.data:
            for kind, gone in e.data["removed"].items():
                total[kind] -= len(gone)
    return total


CARDS = ('"DISCARD A CARD: place a card in the corresponding Discard Deck" (§Terminology): a card leaves '
         'a hand, the table or a combat only for its discard pile, or the game by a rule')


def check_cards(s: DawnState) -> None:
    cards = where_cards(s)
    want = expected_cards(s)
    for kind, counter in cards.items():
        dup = [k for k, n in counter.items() if n > 1]
        check(not dup, CARDS, f"{kind} cards in two places: {dup}")
        if kind == "mission" and s.phase == SETUP:
            continue  # the mission deck is made when the map is laid out (ruling 8)
        check(sum(counter.values()) == want[kind], CARDS,
              f"{sum(counter.values())} {kind} cards where there should be {want[kind]}")
    seasons = len(s.season_deck) + len(s.season_out) + s.round
    check(seasons == len(s.c.seasons), '"24 Season cards" (§Game Components), one revealed each round',
          f"{seasons} season cards accounted for")


# ==================================================================================================
# the board, combats and effects
# ==================================================================================================
SQUARE = '"IMPORTANT: You can never be on the same square as another Group, although you may move through it." (§Move)'
WATER = '"Movement must be orthogonal and must not cross or end on Water squares." (§Move)'
ONE_COMBAT = ('"When the second or third Zombie of the same type is played in the same combat, its special '
              'effect is activated" (§Special Zombies); zombies played on a group already fighting are '
              '"resolved after Finishing your combat" (§Questions): a group has one combat against zombies')
EFFECTS = '"NOTE: if any Zombie card has an Effect, it is applied until the end of the Combat." (§Attack)'
FOURTH = ('"If a Character receives the fourth Damage card it dies immediately unless it is cancelled or '
          'avoided by some means" (§Attack)')
CARRY = ('"we take as many items as we have carrying spaces available" (§Search a Location); "Items with '
         'the Light icon do NOT take up carrying space" (§Icons)')
TOKENS = '"the Location is marked with a Searched token of the Group\'s color" (§Search a Location)'
SOLO = '"When the Player runs out of Hand cards or does not want to keep playing, the Turn ends." (§Rules for 1 Player)'


def check_board(s: DawnState) -> None:
    b = s.board
    if b is None or s.phase != PLAY:
        return
    on_map = [g for g in s.groups if g.chars and g.sq >= 0]
    squares = [g.sq for g in on_map]
    check(len(squares) == len(set(squares)), SQUARE, f"two groups on one square: {[b.names[q] for q in squares]}")
    for g in on_map:
        check(not b.water[g.sq], WATER, f"the group of seat {g.seat} stands on water at {b.names[g.sq]}")
        check(not g.searching or b.loc_count[g.sq] > 0, TOKENS, "a group searching off a location")
    check(all(b.loc_count[sq] for sq, v in enumerate(s.searched) if v), TOKENS, "a Searched token off a location")


def _live(s: DawnState) -> Combat | None:
    cb = s.combat
    return cb if cb is not None and not cb.ended else None


def check_combats(s: DawnState) -> None:
    cb = _live(s)
    against: Counter[int] = Counter(target for target, _ in zombies_waiting(s))
    if cb is not None and not cb.duel:
        against[cb.group] += 1
    many = [seat for seat, n in against.items() if n > 1]
    check(not many, ONE_COMBAT, f"groups with two combats against zombies: {many}")
    recs = s.c.action_recs
    if cb is not None and not cb.duel:
        check(all(recs[z].kind == "zombie" for z in cb.zombies), EFFECTS, "a card that is no zombie in a combat")
        lod, zhit, ghit, no_flee, no_ranged = 0, 0, 0, False, False
        for z, boxed in zip(cb.zombies, zombies.boxed_effects(s, cb, cb.zombies), strict=True):
            for fx in (recs[z].fx, recs[z].boxed) if boxed else (recs[z].fx,):
                lod, zhit, ghit = lod + fx.lod, zhit + fx.zhit, ghit + fx.ghit
                no_flee, no_ranged = no_flee or fx.no_flee, no_ranged or fx.no_ranged
        want = (lod, zhit, ghit, no_flee, no_ranged)
        check(cb.fx == want, EFFECTS, f"the combat's effects {cb.fx} are not those of its zombie cards {want}")
    fighting = cb.group if cb is not None and not cb.duel else -1
    for g in s.groups:
        if g.seat == fighting:
            continue
        for ch in g.chars:
            plain = worst_lod(s, ch) + char_modifier(s, ch, "lod") + season_fx(s).lod
            check(lod_modifier(s, ch) == plain, EFFECTS,
                  f"{s.c.characters[ch].name} rolls Life or Death with a zombie effect outside its combat")


def check_groups(s: DawnState) -> None:
    if s.phase != PLAY:
        return
    for g in s.groups:
        for ch in g.chars:
            n = len(s.char_damage[ch])
            check(n < 4 or (n == 4 and any(isinstance(p, SaveCharacter) and p.character == ch for p in s.steps)), FOURTH,
                  f"{s.c.characters[ch].name} lives with {n} damages")
            check(load(s, ch) <= capacity(s, ch), CARRY, f"{s.c.characters[ch].name} carries too much")


# ==================================================================================================
# what the log tells every seat
# ==================================================================================================
SECRETS = ('"Each Player is dealt, at random, 2 Characters, 1 Special Item, 6 Action cards and 5 Missions." '
           '(§Game Setup 6), the characters chosen secretly (ruling 11); "the two drawn skills are seen only '
           'by their owner" (ruling 48); missions are shown "When the conditions described on the Mission card '
           'are met" (§Complete missions): the log, which every view carries, names none of them')


class LogSecrets:
    """Follows what each seat alone has seen (the characters dealt to it, the skills it drew) and
    checks, after every step, that no new log sentence names another seat's secret. A name also
    public (a copy of the card discarded, in a combat, in play; a mission shown or declared; a
    character or skill on the table) or shown in the step (a card played or discarded from the
    hand, a mission completed) is no secret: the sentence may be about it."""

    def __init__(self, s: DawnState) -> None:
        self.seen_by: dict[tuple[str, int], int] = {}  # (kind, card) -> the seat that saw it dealt/drawn
        c = s.c
        self.names = {r.name for r in c.action_recs} | {m.name for m in c.missions} | {
            ch.name for ch in c.characters} | {k.name for k in c.skills} | {r.name for r in c.item_recs} | {
            r.name for r in c.seasons} | {z.name for z in c.zones} | {d.name for d in c.damages}
        self.logged = 0
        self.held: dict[int, Counter[str]] = {}
        self.public: set[str] = set()

    def before(self, s: DawnState) -> None:
        for step in s.steps:
            if isinstance(step, ChooseCharacter):
                for ch in step.dealt:
                    self.seen_by[("character", ch)] = step.seat
            elif isinstance(step, ChooseSkill):
                for sk in step.drawn:
                    self.seen_by[("skill", sk)] = step.seat
        self.logged = len(s.log)
        self.public = self._public(s)
        self.held = self._held(s)

    def _public(self, s: DawnState) -> set[str]:
        c = s.c
        recs = c.action_recs
        public = {recs[k].name for k in s.actions.discards}
        for g in s.groups:
            public.update(recs[k].name for k in g.trophies)
            if g.vehicle >= 0:
                public.add(recs[g.vehicle].name)
            public.update(c.missions[m].name for m in g.done)
            if g.declared >= 0:
                public.add(c.missions[g.declared].name)
            public.update(c.skills[k].name for k in g.vp_skills)
            if s.phase != SETUP:
                public.update(c.characters[ch].name for ch in (*g.chars, *g.dead))
        public.update(c.missions[m].name for m in s.missions.discards)
        if s.combat is not None:
            public.update(recs[k].name for k in s.combat.zombies)
        for _, cards in zombies_waiting(s):
            public.update(recs[k].name for k in cards)
        for skills in s.char_skills:
            public.update(c.skills[k].name for k in skills)
        return public

    def _held(self, s: DawnState) -> dict[int, Counter[str]]:
        """What each seat alone knows, by name (a name twice: two cards of it in the hand)."""
        c = s.c
        recs = c.action_recs
        out: dict[int, Counter[str]] = {}
        for g in s.groups:
            held = out[g.seat] = Counter(recs[k].name for k in g.hand)
            held.update(c.missions[m].name for m in g.missions if m != g.declared)
            if s.phase == SETUP:
                held.update(c.characters[ch].name for ch in g.chars)
        pending = {ch for step in s.steps if isinstance(step, ChooseCharacter) for ch in step.dealt}
        drawing = {sk for step in s.steps if isinstance(step, ChooseSkill) for sk in step.drawn}
        for (kind, card), seat in list(self.seen_by.items()):
            if kind == "character" and (card in s.char_deck.cards or card in pending):
                out[seat][c.characters[card].name] += 1
            elif kind == "skill" and (card in s.skill_deck.cards or card in drawing):
                out[seat][c.skills[card].name] += 1
            else:  # on the table now: known to all, even once it goes back under its deck
                del self.seen_by[(kind, card)]
        return out

    def check(self, s: DawnState) -> None:
        new = [e.text for e in s.log[self.logged:]]
        if not new or len(s.groups) < 2:
            return
        public = self.public | self._public(s)
        now = self._held(s)
        for seat, held in now.items():  # what a seat showed in this step (played, discarded, completed)
            public |= {name for name, n in self.held.get(seat, Counter()).items() if held[name] < n}
        for seat, held in now.items():
            for name in set(held) - public:
                longer = [other for other in self.names if name in other and other != name]
                pattern = re.compile(rf"\b{re.escape(name)}\b")
                for text in new:
                    for other in longer:
                        text = text.replace(other, "")
                    check(not pattern.search(text), SECRETS,
                          f"the log tells every seat {colour_of(seat)}'s secret {name!r}: {text!r}")


def colour_of(seat: int) -> str:
    return ("red", "yellow", "green", "blue")[seat]


def check_solo_turn(s: DawnState) -> None:
    d = s.decision
    if not s.cfg.solo or d is None or d.kind != "turn" or s.groups[0].hand or not s.groups[0].chars:
        return
    left = [a.text for a in GAME.legal_actions(s) if a[0] in TURN_ONLY]
    check(not left, SOLO, f"turn actions with an empty hand: {left[:4]}")


# ==================================================================================================
# what each seat sees
# ==================================================================================================
HIDDEN = ('"DECK OF CARDS: Set of cards of the same type stacked face down" (§Terminology); a mission is '
          '"shown to the other Players" only when completed (§Complete missions); the others\' hands are '
          'theirs; and no seed or chance stream from which all of these could be rebuilt')


def check_views(s: DawnState, rng: Rng) -> int:
    """Each seat's view is the same whatever the others hold and whatever order the decks are in,
    and holds neither the seed nor the chance stream. Returns the number of views compared."""
    n = 0
    for seat in range(s.cfg.players):
        v = GAME.view(s, seat)
        check(v.seed == VIEW_SEED and v.rng.s != s.rng.s, HIDDEN, f"seat {seat}'s view holds the seed or the dice to come")
        other = _shuffle_unseen(s, seat, rng)
        other.seed = s.seed ^ 0x5A5A
        w = GAME.view(other, seat)
        v.log, w.log = [], []  # the same log in both (one is a copy of the other), long to compare
        where = difference(v, w)
        check(where is None, HIDDEN, f"seat {seat} can tell apart two states differing only in what it cannot see: {where}")
        n += 1
    return n


# ==================================================================================================
# playing
# ==================================================================================================
@dataclass
class Figures:
    games: int = 0
    steps: int = 0
    views: int = 0
    seconds: float = 0.0


def play_checked(setup: Setup, seed: int, bots: list[str], figures: Figures, views_every: int = 25,
                 mix: bool = True) -> None:
    """One seeded game, every invariant checked after every step (the views every few steps)."""
    t0 = time.perf_counter()
    s = GAME.new(setup, seed)
    assert isinstance(s, DawnState)
    players = seat_bots(GAME, s.setup, bots, seed)
    rng = Rng(seed ^ 0x1A7)
    steps = 0
    secrets = LogSecrets(s)
    while True:
        secrets.check(s)
        secrets.before(s)
        check_cards(s)
        check_board(s)
        check_combats(s)
        check_groups(s)
        check_solo_turn(s)
        if steps % views_every == 0 and s.phase == PLAY:
            figures.views += check_views(s, rng)
        if s.decision is None:
            break
        legal = GAME.legal_actions(s)
        bot = players[s.decision.seat]
        if len(legal) == 1:
            action = legal[0]
        elif mix and rng.below(4) == 0:
            action = legal[rng.below(len(legal))]
        else:
            action = bot.choose(GAME, GAME.view(s, s.decision.seat) if bot.needs_view else None, legal)
        GAME.apply(s, action)
        steps += 1
    assert GAME.outcome(s) is not None
    figures.games += 1
    figures.steps += steps
    figures.seconds += time.perf_counter() - t0


QUICK: list[tuple[int, dict[str, object], list[str], bool]] = [
    (1, {}, ["heuristic"], False),
    (1, {"hard": True, "expert-cards": False}, ["random"], True),
    (2, {}, ["heuristic", "random"], True),
    (2, {"long": 1}, ["mcts:4", "heuristic"], False),
    (3, {"hard": True}, ["random", "heuristic", "heuristic"], True),
    (3, {}, ["heuristic"], False),
    (4, {}, ["heuristic"], True),
    (4, {"expert-cards": False}, ["random"], False),
]


@pytest.mark.parametrize(("players", "options", "bots", "mix"), QUICK)
def test_the_rulebooks_invariants_hold_after_every_step(players: int, options: dict[str, object], bots: list[str],
                                                         mix: bool) -> None:
    figures = Figures()
    play_checked(Setup("standard", dict(options), players=players), 100 + players, bots, figures, mix=mix)
    assert figures.games == 1 and figures.views > 0


def test_a_broken_invariant_names_the_rule() -> None:
    s = GAME.new(Setup("standard", players=2), 3)
    assert isinstance(s, DawnState)
    while s.phase != PLAY or s.round == 0:
        GAME.apply(s, GAME.legal_actions(s)[0])
    s.groups[1].sq = s.groups[0].sq
    with pytest.raises(Broken, match="You can never be on the same square"):
        check_board(s)
    t = GAME.new(Setup("standard", players=2), 3)
    assert isinstance(t, DawnState)
    while t.phase != PLAY or t.round == 0:
        GAME.apply(t, GAME.legal_actions(t)[0])
    t.actions.cards.pop()
    with pytest.raises(Broken, match="DISCARD A CARD"):
        check_cards(t)


#: the long run: (players, options, bots, mixed in random moves, games)
LONG: list[tuple[int, dict[str, object], list[str], bool, int]] = [
    (1, {}, ["heuristic"], False, 300),
    (1, {}, ["random"], False, 300),
    (1, {"hard": True}, ["heuristic"], True, 200),
    (1, {"long": 1, "expert-cards": False}, ["heuristic"], True, 100),
    (2, {}, ["heuristic"], False, 150),
    (2, {}, ["random"], False, 300),
    (2, {"expert-cards": False}, ["heuristic", "random"], True, 150),
    (3, {}, ["heuristic"], False, 100),
    (3, {}, ["random"], False, 300),
    (3, {"hard": True}, ["random", "heuristic", "heuristic"], True, 100),
    (4, {}, ["heuristic"], False, 60),
    (4, {}, ["random"], False, 250),
    (4, {"long": 1, "expert-cards": False}, ["heuristic", "random"], True, 60),
]


@pytest.mark.slow
def test_the_rulebooks_invariants_hold_along_thousands_of_games(request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("-m") or ""):
        pytest.skip("the long run: python3 -m pytest -m slow tests/zombie_dawn/test_invariants.py")
    total = Figures()
    rows = []
    for k, (players, options, bots, mix, games) in enumerate(LONG):
        part = Figures()
        for i in range(games):
            play_checked(Setup("standard", dict(options), players=players), 50_000 + 1000 * k + i, bots, part,
                         views_every=100, mix=mix)
        rows.append(f"| {players} | {', '.join(f'{o}={v}' for o, v in options.items()) or '—'} | "
                    f"{'/'.join(bots)}{' + random moves' if mix else ''} | {part.games:,} | {part.steps:,} | "
                    f"{part.views:,} | {part.seconds:.0f} s |")
        total.games += part.games
        total.steps += part.steps
        total.views += part.views
        total.seconds += part.seconds
    print("\n".join(rows))
    print(f"all: {total.games:,} games, {total.steps:,} steps, {total.views:,} views, {total.seconds:.0f} s")
    assert total.games == sum(row[4] for row in LONG)
