"""The decks of a new adventure: shuffled at set-up from the game's seed. A deck is laid out when it
is first looked at, in the very order the set-up's shuffle gave it, whatever deck is opened first."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.rng import Rng
from deadboard.games.day_night_z.content import load_content
from deadboard.games.day_night_z.setup import HIDDEN_DECKS, new_state


def _shuffled_at_set_up(seed: int) -> tuple[dict[str, list[str]], Rng]:
    """The decks as the set-up shuffles them one after the other from the seed, and the stream after."""
    content = load_content()
    rng = Rng(seed)
    decks = {}
    for name in HIDDEN_DECKS:
        decks[name] = list(content.decks[name])
        rng.shuffle(decks[name])
    return decks, rng


def test_skipping_draws_leaves_the_stream_where_making_them_does() -> None:
    for n in (0, 1, 2, 49, 74):
        made, skipped = Rng(11), Rng(11)
        for _ in range(n):
            made.next64()
        skipped.skip(n)
        assert skipped.s == made.s and skipped.next64() == made.next64()


def test_a_deck_opened_first_or_last_holds_the_set_up_shuffle() -> None:
    for seed in range(12):
        expected, _ = _shuffled_at_set_up(seed)
        state = new_state(Setup("first-steps", players=2), seed)
        for name in reversed(HIDDEN_DECKS):
            assert state.deck(name) == expected[name]
        other = new_state(Setup("first-steps", players=2), seed)
        assert {name: other.decks[name] for name in HIDDEN_DECKS} == expected


def test_the_stream_after_set_up_is_past_every_deck_shuffle() -> None:
    """The surprise cards and the leader are drawn after the decks, from the same stream."""
    for seed in range(12):
        _, rng = _shuffled_at_set_up(seed)
        state = new_state(Setup("first-steps", players=2), seed)
        cards = [c for c in load_content().surprises if c not in state.adventure.surprises]
        rng.shuffle(cards)
        assert state.leader == rng.below(2)
        assert state.rng.s == rng.s


def test_a_clone_lays_out_its_decks_by_itself() -> None:
    state = new_state(Setup("first-steps", players=1), 3)
    copy = state.clone()
    state.deck("search").pop()
    assert copy.deck("search") == _shuffled_at_set_up(3)[0]["search"]


def test_a_view_redraws_each_hidden_deck_from_its_cards_in_order() -> None:
    """A view hides the decks' order: each deck is sorted and shuffled again from the view's stream
    (a deck not laid out yet is shuffled from its cards all the same)."""
    state = new_state(Setup("first-steps", players=1), 5)
    state.deck("threat")  # one deck laid out, the others not yet
    viewed = state.clone()
    get_game("day-night-z").resample(viewed, Rng(9))
    rng = Rng(9)
    for name in HIDDEN_DECKS:
        cards = sorted(state.decks[name])
        rng.shuffle(cards)
        assert viewed.deck(name) == cards


def test_a_deck_not_laid_out_gives_its_top_cards_in_the_set_up_order() -> None:
    """Drawing from a deck not laid out yet settles only the cards drawn (one step of the shuffle
    each): the cards come in the set-up shuffle's order, and the rest is laid out as it would be."""
    for seed in range(12):
        expected, _ = _shuffled_at_set_up(seed)
        state = new_state(Setup("first-steps", players=2), seed)
        for name in HIDDEN_DECKS:
            cards = expected[name]
            drawn = [state.draw(name) for _ in range(min(3, len(cards)))]
            assert drawn == cards[::-1][: len(drawn)]
            assert state.deck(name) == cards[: len(cards) - len(drawn)]


def test_a_deck_drawn_to_the_end_without_being_laid_out_gives_every_card() -> None:
    expected, _ = _shuffled_at_set_up(4)
    state = new_state(Setup("first-steps", players=1), 4)
    drawn = [state.draw("spawn") for _ in range(len(expected["spawn"]))]
    assert drawn == expected["spawn"][::-1]
    assert state.draw("spawn") is None and state.deck("spawn") == []
