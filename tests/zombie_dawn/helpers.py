"""Building Zombie Dawn situations for tests: a game past setup, groups made to order, cards put
where a test wants them, and scripted dice."""

from __future__ import annotations

from collections.abc import Iterable

from deadboard.core import Rng, Setup
from deadboard.core.kernel import advance as kernel_advance
from deadboard.core.kernel import refresh as kernel_refresh
from deadboard.core.registry import get_game
from deadboard.games.zombie_dawn.anytime import AttackWaits
from deadboard.games.zombie_dawn.rules import ZombieDawn
from deadboard.games.zombie_dawn.state import PLAY, DawnState
from deadboard.games.zombie_dawn.zombies import ZombiesWait

GAME = get_game("zombie-dawn")
assert isinstance(GAME, ZombieDawn)


class ScriptedRng(Rng):
    """Dice come from a script (``roll`` and ``d6``); shuffles and draws use the seeded stream.
    Running out of scripted dice is an error: a test must know every roll it causes."""

    __slots__ = ("dice",)

    def __init__(self, dice: Iterable[int], seed: int = 7) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def d6(self) -> int:
        assert self.dice, "a die was rolled that the test did not script"
        return self.dice.pop(0)

    def roll(self, n: int, sides: int = 6) -> list[int]:
        assert len(self.dice) >= n, f"{n} dice rolled, only {len(self.dice)} scripted"
        out, self.dice = self.dice[:n], self.dice[n:]
        return out

    def clone(self) -> Rng:
        r = ScriptedRng(self.dice, 0)
        r.s = self.s
        return r


def fresh(players: int = 2, seed: int = 1, options: dict[str, object] | None = None) -> DawnState:
    """A game just past setup (first legal choice everywhere), at the first turn decision."""
    state = GAME.new(Setup("standard", dict(options or {}), players=players), seed)
    while state.phase != PLAY or state.round == 0 or state.decision is None or state.decision.kind != "turn":
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert isinstance(state, DawnState)
    return state


def quiet_season(state: DawnState) -> None:
    """A season card without effect for this round."""
    state.season = state.c.seasons.index(next(s for s in state.c.seasons if s.id == "mild-morning"))


def _remove_action(state: DawnState, card: int) -> None:
    for pile in (state.actions.cards, state.actions.discards):
        if card in pile:
            pile.remove(card)
            return
    for g in state.groups:
        for pile in (g.hand, g.trophies):
            if card in pile:
                pile.remove(card)
                return
        if g.vehicle == card:
            g.vehicle = -1
            return


def action_card(state: DawnState, kind: str) -> int:
    """An action card of that kind, taken from the deck or its discards (from elsewhere only when
    no other card of the kind is left)."""
    cards = [k for k, r in enumerate(state.c.action_recs) if r.id == kind]
    free = [k for k in cards if k in state.actions.cards or k in state.actions.discards]
    card = (free or cards)[0]
    _remove_action(state, card)
    return card


def item(state: DawnState, name: str) -> int:
    """An item instance by its name (``pistol-1``), taken out of wherever it was."""
    it = state.c.item_index[name]
    for deck in (state.green, state.blue, state.specials):
        for pile in (deck.cards, deck.discards):
            if it in pile:
                pile.remove(it)
    for ch, items in enumerate(state.char_items):
        if it in items:
            state.char_items[ch] = tuple(x for x in items if x != it)
    for g in state.groups:
        if it in g.found:
            g.found.remove(it)
    state.set_turned(it, False)
    return it


def character(state: DawnState, ident: str) -> int:
    ch = state.c.char_index[ident]
    if ch in state.char_deck.cards:
        state.char_deck.cards.remove(ch)
    for g in state.groups:
        if ch in g.chars:
            g.chars.remove(ch)
    return ch


def set_group(state: DawnState, seat: int, chars: dict[str, list[str]], hand: list[str] | None = None,
              sq: int | None = None, xp: int = 0) -> None:
    """Replace a group: its characters (with the items they carry), hand and square."""
    g = state.groups[seat]
    for ch in list(g.chars):
        state.char_items[ch] = ()
        state.char_damage[ch] = ()
        state.char_skills[ch] = ()
    g.chars = []
    for ident, items in chars.items():
        ch = character(state, ident)
        g.chars.append(ch)
        state.char_items[ch] = tuple(item(state, name) for name in items)
        state.char_damage[ch] = ()
        state.char_skills[ch] = ()
    if hand is not None:
        for k in g.hand:
            state.actions.cards.insert(0, k)
        g.hand = []
        g.hand = [action_card(state, kind) for kind in hand]
    if sq is not None:
        g.sq = sq
    g.xp = xp
    refresh(state)


def deck_top(state: DawnState, kinds: list[str]) -> None:
    """Put action cards on top of the action deck; the first listed is drawn first."""
    cards = [action_card(state, kind) for kind in kinds]
    for card in reversed(cards):
        state.actions.cards.append(card)


def damage_top(state: DawnState, names: list[str]) -> None:
    """Put damage cards (``infection-1``) on top of the damage deck; the first listed comes first."""
    for name in reversed(names):
        d = state.c.damage_index[name]
        for pile in (state.damage.cards, state.damage.discards):
            if d in pile:
                pile.remove(d)
        state.damage.cards.append(d)


def location(state: DawnState, deck: str, count: int, seat: int | None = None) -> int:
    """A free location square of that deck colour and item count (on ``seat``'s map if given)."""
    b = state.board
    assert b is not None
    taken = state.occupied()
    for sq in b.locations:
        if b.loc_deck[sq] == deck and b.loc_count[sq] == count and sq not in taken and (seat is None or b.island[sq] == seat):
            return sq
    raise AssertionError(f"no free {deck} location of {count}")


def refresh(state: DawnState) -> None:
    """Recompute the current decision's legal actions after a test changed the state."""
    kernel_refresh(state)


def advance(state: DawnState) -> None:
    """Run the rules on after a test pushed steps or changed the state: automatic steps, and
    decisions with a single legal action (taken by the rules), up to the next decision."""
    kernel_advance(state, None, take_single=True)


def texts(state: DawnState) -> list[str]:
    return [a.text for a in GAME.legal_actions(state)]


def waiting(state: DawnState) -> list[ZombiesWait | AttackWaits]:
    """The combats waiting for the running one, on the stack beneath it, the first to begin first."""
    return [step for step in reversed(state.steps) if isinstance(step, ZombiesWait | AttackWaits)]


def zombies_waiting(state: DawnState) -> list[tuple[int, tuple[int, ...]]]:
    """The zombie cards waiting for each group (target, cards), the first to begin first."""
    return [(w.target, w.cards) for w in waiting(state) if isinstance(w, ZombiesWait)]

