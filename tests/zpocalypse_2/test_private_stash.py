"""The private stash at night (rulebook §Your Private Stash, §Carrying Items, §Squad Death), each test
quoting the sentence it enforces."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.dice import DicePool
from deadboard.games.zpocalypse_2.bot import HeuristicBot
from deadboard.games.zpocalypse_2.horde import HordeMoves
from deadboard.games.zpocalypse_2.night import Turn
from deadboard.games.zpocalypse_2.render import legend, render
from deadboard.games.zpocalypse_2.state import ZD6, Squad, Zombie, ZState
from deadboard.games.zpocalypse_2.survivors import Encumbered, kill_person, overflow
from deadboard.games.zpocalypse_2.svg import draw
from deadboard.games.zpocalypse_2.turn import Sunrise

GAME = get_game("zpocalypse-2")


def at_turn(space: str, faces: list[int], players: int = 1) -> ZState:
    """The first turn of a prologue, squad 1 on ``space`` with the pool ``faces``, no zombies."""
    state = GAME.new(Setup("prologue", players=players), 1)
    assert isinstance(state, ZState)
    for k in range(players):
        GAME.apply(state, GAME.legal_actions(state)[k * 5].text)
    state.zombies, state.mutates = [], []
    state.squads[0].space = state.board.by_name[space]
    return turn(state, faces)


def turn(state: ZState, faces: list[int], seat: int = 0) -> ZState:
    state.pool = DicePool.of(ZD6, faces)
    state.turn_moved = 0
    state.steps = [Sunrise(), Turn(seat)]
    state.legal = list(Turn(seat).actions(state))
    state.decision = None
    from deadboard.core.kernel import advance

    advance(state)
    return state


def full(state: ZState, q: Squad) -> None:
    """Fill the squad's hands: it carries exactly what it can."""
    q.items = []
    while state.carried(q) < state.capacity(q):
        q.items.append("scrap")
    q.stash = []


def texts(state: ZState) -> list[str]:
    return [a.text for a in GAME.legal_actions(state)]


def test_encumbered_at_night_leaves_the_stash_token_on_the_squads_space() -> None:
    """ "If your squad becomes encumbered during the Night phase - leave the private stash token of
    the corresponding player color on the space with that player." "If your squad ever gains more
    items than they can carry, you must drop the excess items in your private stash.\""""
    state = at_turn("e6", [3, 2])
    q = state.squads[0]
    full(state, q)
    state.dropped = {q.space: ["duct-tape"]}
    turn(state, [3, 2])
    GAME.apply(state, "pickup 2")
    assert q.stash_token == q.space
    assert q.stash == ["duct-tape"] and state.carried(q) == state.capacity(q)
    assert state.decision is not None and state.decision.kind == "turn"


def test_by_the_token_the_squad_exchanges_stashed_and_carried_cards_freely() -> None:
    """ "If a player is adjacent to or on the same space as their private stash, they may freely
    exchange items between the stashed and carried sides of their squad board.\""""
    state = at_turn("e6", [3])
    q = state.squads[0]
    b = state.board
    full(state, q)
    q.items.pop()
    q.stash, q.stash_token = ["ammo-box"], b.by_name["f6"]  # beside the squad
    turn(state, [3])
    legal = texts(state)
    assert "unstash ammo-box" in legal and "stash scrap" in legal
    GAME.apply(state, "unstash ammo-box")
    assert "ammo-box" in q.items and q.stash == [] and state.pool.faces == (3,)  # no AP spent
    # carrying all it can, the squad must stash a card before it takes one out
    q.stash.append("granola")
    turn(state, [3])
    assert "unstash granola" not in texts(state) and "stash scrap" in texts(state)
    GAME.apply(state, "stash scrap")
    assert "unstash granola" in texts(state)
    # two spaces away: no exchange
    q.space = b.by_name["h6"]
    turn(state, [3])
    assert not [t for t in texts(state) if t.startswith(("stash", "unstash"))]


def test_encumbered_by_the_token_the_excess_goes_in_without_a_choice() -> None:
    """ "If a player is adjacent to or on the same space as their private stash, they may freely
    exchange items": the excess goes to the stash beside the squad, and no card is lost."""
    state = at_turn("e6", [3, 2])
    q = state.squads[0]
    full(state, q)
    q.stash, q.stash_token = ["granola"], state.board.by_name["e5"]
    state.dropped = {q.space: ["duct-tape"]}
    turn(state, [3, 2])
    GAME.apply(state, "pickup 2")
    assert sorted(q.stash) == ["duct-tape", "granola"] and q.stash_token == state.board.by_name["e5"]


def test_encumbered_far_from_the_token_the_player_must_choose() -> None:
    """ "If a player becomes encumbered by new items while they have an existing private stash token
    on the board they must choose to either: Create a new stash ... Abandon items.\""""
    state = at_turn("e6", [3, 2])
    q = state.squads[0]
    full(state, q)
    q.stash, q.stash_token = ["granola"], state.board.by_name["m12"]
    state.dropped = {q.space: ["duct-tape"]}
    turn(state, [3, 2])
    GAME.apply(state, "pickup 2")
    assert state.decision is not None and state.decision.kind == "encumbered"
    assert sorted(texts(state)) == ["abandon duct-tape", "abandon scrap", "newstash"]


def test_a_new_stash_discards_the_old_one_and_moves_the_token_here() -> None:
    """ "Create a new stash: Discard all items currently on the stashed side of their squad board.
    Move the new items to that side ... and relocate their private stash token to their current
    space.\""""
    state = at_turn("e6", [3, 2])
    q = state.squads[0]
    full(state, q)
    q.stash, q.stash_token = ["granola", "ammo-box"], state.board.by_name["m12"]
    state.dropped = {q.space: ["duct-tape"]}
    turn(state, [3, 2])
    GAME.apply(state, "pickup 2")
    GAME.apply(state, "newstash")
    assert q.stash == ["duct-tape"] and q.stash_token == q.space
    assert "granola" not in q.items and state.carried(q) == state.capacity(q)
    # "(or place the new items in the carried side, and move previously carried items to the stash)"
    assert "unstash duct-tape" not in texts(state) and "stash scrap" in texts(state)
    GAME.apply(state, "stash scrap")
    GAME.apply(state, "unstash duct-tape")
    assert "duct-tape" in q.items and q.stash == ["scrap"]
    assert state.log[-3].data == {"cards": -2}


def test_abandoning_discards_new_or_carried_cards_until_the_squad_can_carry_the_rest() -> None:
    """ "Abandon items: Either discard the new items, or discard currently carried items to make room
    for the new ones.\""""
    state = at_turn("e6", [3, 2])
    q = state.squads[0]
    full(state, q)
    q.stash, q.stash_token = ["granola"], state.board.by_name["m12"]
    state.dropped = {q.space: ["duct-tape", "gasoline"]}
    turn(state, [3, 2])
    GAME.apply(state, "pickup 2")
    GAME.apply(state, "abandon scrap")  # a carried card makes room for a new one
    # still one card too many: only abandoning is left ("Either ... or ...": one choice is made)
    assert state.decision is not None and state.decision.kind == "encumbered"
    assert "newstash" not in texts(state)
    GAME.apply(state, "abandon gasoline")  # a new card left behind
    assert state.decision is not None and state.decision.kind == "turn"
    assert "duct-tape" in q.items and "gasoline" not in q.items and q.items.count("scrap") == len(q.items) - 1
    assert q.stash == ["granola"] and q.stash_token == state.board.by_name["m12"]


def test_a_survivor_lost_at_night_can_leave_the_squad_encumbered() -> None:
    """ "If your squad becomes encumbered during the Night phase" — a survivor killed carries nothing
    more, and the weapon they held is one more card to carry."""
    state = at_turn("e6", [3])
    q = state.squads[0]
    full(state, q)
    kill_person(state, q, q.people[-1], "a test")
    assert state.carried(q) <= state.capacity(q) and q.stash and q.stash_token == q.space


def test_another_squad_cannot_use_a_private_stash() -> None:
    """ "If a player is adjacent to or on the same space as their private stash" — their own: another
    squad beside the token has no access to it."""
    state = at_turn("e6", [3], players=2)
    mine, other = state.squads
    mine.stash, mine.stash_token = ["ammo-box"], state.board.by_name["e9"]
    other.space = state.board.by_name["f9"]
    other.items = []
    turn(state, [3], seat=1)
    assert "unstash ammo-box" not in texts(state)


def test_zombies_pass_over_a_stash_token() -> None:
    """The pathing rules name squads, the stairs, the public stash and fortifications, not a private
    stash token: zombies walk over it as over open ground."""
    state = at_turn("e6", [3])
    b = state.board
    q = state.squads[0]
    start = b.by_name["i6"]
    state.zombies = [Zombie(start, False)]
    HordeMoves().run(state)
    end = state.zombies[0].space
    assert b.distances(start)[end] == 3
    # the same walk with the token where the zombie stops and on every space around it
    for token in (end, *b.neighbours[end]):
        q.stash, q.stash_token = ["ammo-box"], token
        state.zombies = [Zombie(start, False)]
        HordeMoves().run(state)
        assert state.zombies[0].space == end
        assert q.stash == ["ammo-box"] and q.stash_token == token


def test_the_token_comes_off_the_board_at_sunrise_and_the_day_reaches_every_card() -> None:
    """ "At anytime during the Day phase, you have access to all your items and are free to rearrange
    items you are carrying or stashing.\""""
    state = at_turn("e6", [3])
    q = state.squads[0]
    q.stash, q.stash_token = ["canned-beans"], q.space
    Sunrise().run(state)
    assert q.stash_token == -1 and q.stash == ["canned-beans"]
    # by day the excess goes to the stash with no token and no choice
    state.phase = "morning"
    full(state, q)
    q.items.append("granola")
    assert overflow(state, q) == () and q.stash == ["granola"] and q.stash_token == -1


def test_a_dead_squads_stash_goes_public_and_its_token_leaves_the_board() -> None:
    """ "If a squad dies during the Night phase, take all items that were in that player's private
    stash and add them to the public stash. Then, flip that player's stash tokens to their death
    side.\""""
    state = at_turn("e6", [3], players=2)
    q = state.squads[1]
    q.stash, q.stash_token = ["ammo-box"], state.board.by_name["c9"]
    for p in list(q.people):
        kill_person(state, q, p, "a test")
    assert q.stash_token == -1 and "ammo-box" in state.public


def test_the_token_is_drawn_and_in_the_view() -> None:
    """The token is on the board for every player to see: the terminal (``s1``), the browser (a
    square in the seat's colour) and the view."""
    state = at_turn("e6", [3])
    q = state.squads[0]
    q.stash, q.stash_token = ["ammo-box"], state.board.by_name["g6"]
    view = GAME.view(state, 0)
    assert GAME.snapshot(view)["squads"][0]["stash_token"] == "g6"
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(render(GAME, state, 0))
    assert "s1" in console.export_text()
    console.print(legend(GAME, state))
    assert "s1 squad 1's private stash token" in " ".join(console.export_text().split())
    drawing = draw(GAME, view, 0, GAME.legal_actions(view))
    assert "Squad 1's private stash token (1 card)" in drawing["svg"]
    assert any("token at g6" in str(line) for p in drawing["panels"] for line in p["lines"])


def test_the_heuristic_starts_a_new_stash_only_when_the_old_one_is_worth_less() -> None:
    state = at_turn("e6", [3, 2])
    q = state.squads[0]
    full(state, q)
    q.stash, q.stash_token = ["granola"], state.board.by_name["m12"]
    state.dropped = {q.space: ["pump-shotgun"]}
    turn(state, [3, 2])
    GAME.apply(state, "pickup 2")
    bot = HeuristicBot(GAME, 0, 1)
    view = GAME.view(state, 0)
    assert bot.choose(GAME, view, GAME.legal_actions(view)).text == "newstash"
    q.stash = ["pump-shotgun", "hunting-rifle"]
    state.steps[-1] = Encumbered(0)
    state.legal = list(Encumbered(0).actions(state))
    view = GAME.view(state, 0)
    assert bot.choose(GAME, view, GAME.legal_actions(view)).text == "abandon scrap"


def test_at_the_days_end_each_player_rearranges_carried_and_stashed_cards() -> None:
    """ "At anytime during the Day phase, you have access to all your items and are free to rearrange
    items you are carrying or stashing." At the day's end an ammo card goes into the private stash,
    from where the night's reloading takes it ("you must discard an ammo card from your private
    stash to reload a weapon")."""
    from deadboard.core.kernel import advance
    from deadboard.games.zpocalypse_2.day import Arrange
    from deadboard.games.zpocalypse_2.turn import NextDay

    state = GAME.new(Setup("prologue", players=1), 1)
    assert isinstance(state, ZState)
    q = state.squads[0]
    q.items, q.stash = ["ammo-box", "scrap"], []
    state.phase = "meeting"
    state.steps[:] = []
    state.push(*NextDay().run(state))
    advance(state)
    assert isinstance(state.steps[-1], Arrange)
    legal = texts(state)
    assert "stash ammo-box" in legal and "stash scrap" in legal and legal[-1] == "arranged"
    GAME.apply(state, "stash ammo-box")
    assert q.stash == ["ammo-box"] and "unstash ammo-box" in texts(state)
    GAME.apply(state, "arranged")
    assert state.decision is not None and state.decision.kind == "place"  # the night begins


def test_the_heuristic_stashes_ammo_for_a_firearm_at_the_days_end() -> None:
    """The heuristic keeps an ammo card in the private stash while a survivor's weapon can run out
    of ammo (reloading takes it from there)."""
    from deadboard.core.kernel import advance
    from deadboard.games.zpocalypse_2.turn import NextDay

    state = GAME.new(Setup("prologue", players=1), 1)
    assert isinstance(state, ZState)
    q = state.squads[0]
    q.people[0].weapon = "snub-pistol"
    q.items, q.stash = ["scrap", "ammo-box"], []
    state.steps[:] = []
    state.push(*NextDay().run(state))
    advance(state)
    bot = HeuristicBot(GAME, 0, 1)
    choice = bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(GAME.view(state, 0)))
    assert choice.text == "stash ammo-box"
