"""At any moment (rulebook §At any moment: "Activate the effect of an Item, Character or Skill",
"Exchange Items between the Characters of the Group"; §Combat between Groups: "You may Negotiate,
offering Items, in exchange for an Opponent not attacking you"; §Questions: "Can I Negotiate with an
Opponent? Yes, as long as what is exchanged are items")."""

from __future__ import annotations

from deadboard.games.zombie_dawn import zombies
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.turn import round_end, round_start
from tests.zombie_dawn.helpers import (
    GAME,
    ScriptedRng,
    action_card,
    advance,
    damage_top,
    deck_top,
    fresh,
    item,
    location,
    quiet_season,
    refresh,
    set_group,
    texts,
)


def _pair(seed: int = 81, red: dict[str, list[str]] | None = None, yellow: dict[str, list[str]] | None = None,
          red_hand: list[str] | None = None, yellow_hand: list[str] | None = None, adjacent: bool = False,
          xp: int = 0) -> DawnState:
    s = fresh(players=2, seed=seed)
    quiet_season(s)
    set_group(s, 0, red or {"gangster": []}, hand=red_hand if red_hand is not None else ["shambler", "shambler"], xp=xp)
    set_group(s, 1, yellow or {"hermit": []}, hand=yellow_hand or [], xp=xp)
    b = s.board
    assert b is not None
    if adjacent:
        s.groups[1].sq = next(sq for sq in b.orth[s.groups[0].sq])
    refresh(s)
    return s


def _walk(s: DawnState) -> None:
    """Red moves away from anything (a turn action: the opponents get a window)."""
    here = s.groups[0].sq
    b = s.board
    assert b is not None
    moves = [t for t in texts(s) if t.startswith("move ")]
    far = [t for t in moves if not b.adjacent(b.index[t.split()[2]], s.groups[1].sq)] or moves
    GAME.apply(s, far[0])
    assert s.groups[0].sq != here


def _window_of(s: DawnState, seat: int) -> None:
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == seat, s.decision


def _pass_windows(s: DawnState) -> None:
    while s.decision is not None and s.decision.kind == "respond":
        GAME.apply(s, "pass")


def _used(s: DawnState, ident: str) -> bool:
    what, idx = s.c.ability_index[ident]
    return bool((s.used_characters if what == 0 else s.used_skills) >> idx & 1)


# ==================================================================================================
# exchanging items
# ==================================================================================================
def test_items_pass_between_pjs_in_a_response_window_each_item_once_per_window() -> None:
    s = _pair(yellow={"hermit": ["pitchfork-1", "axe-1"], "farmer": []})
    _walk(s)
    _window_of(s, 1)  # no card, no usable item: asked only because items can change hands
    assert texts(s) == ["pass", "give pitchfork-1 farmer", "give axe-1 farmer"]
    GAME.apply(s, "give pitchfork-1 farmer")
    _window_of(s, 1)  # it keeps the floor
    assert texts(s) == ["pass", "give axe-1 farmer"]  # the Pitchfork moved in this window already
    GAME.apply(s, "pass")
    farmer = s.c.char_index["farmer"]
    assert s.c.item_index["pitchfork-1"] in s.char_items[farmer]
    # the next window is a new one: the Pitchfork may move again
    _walk(s) if any(t.startswith("move ") for t in texts(s)) else GAME.apply(s, "end")
    _window_of(s, 1)
    assert "give pitchfork-1 hermit" in texts(s)


def test_a_window_record_does_not_touch_the_groups_own_turn_record() -> None:
    s = _pair(yellow={"hermit": ["pitchfork-1", "axe-1"], "farmer": []})
    _walk(s)
    GAME.apply(s, "give pitchfork-1 farmer")
    assert s.groups[1].given == ()  # the window keeps the record, not the group
    assert s.steps[-1].window.window.marked(s.c.item_index["pitchfork-1"])


def test_items_pass_between_pjs_before_each_attack_phase_of_a_combat() -> None:
    s = _pair(red={"gangster": ["pitchfork-1"], "kid": []}, red_hand=[], xp=1)
    zombies.start_combat(s, 0, 1, [action_card(s, "horde")])
    advance(s)
    assert s.decision is not None and s.decision.kind == "combat"
    GAME.apply(s, "give pitchfork-1 kid")
    assert "give pitchfork-1 gangster" not in texts(s)  # once per attack phase
    s.rng = ScriptedRng([1, 1, 1] + [1] * 4)
    GAME.apply(s, "brawl")
    assert s.decision is not None and s.decision.kind == "combat"
    assert "give pitchfork-1 gangster" in texts(s)  # a new attack phase


# ==================================================================================================
# activated abilities of characters and skills
# ==================================================================================================
def test_an_ability_turns_its_card_until_the_start_of_the_next_round() -> None:
    s = _pair(red={"paramedic": [], "kid": []})
    kid = s.c.char_index["kid"]
    s.char_damage[kid] = (s.c.damage_index["cut-1"], s.c.damage_index["hunger-1"])
    refresh(s)
    assert "activate paramedic kid" in texts(s)
    GAME.apply(s, "activate paramedic kid")
    assert len(s.char_damage[kid]) == 1 and _used(s, "paramedic")
    _pass_windows(s)
    assert not any(t.startswith("activate paramedic") for t in texts(s))
    round_end(s)
    del s.steps[1:]  # only the bottom of the stack is left
    round_start(s)
    assert not _used(s, "paramedic")


def test_abilities_usable_at_any_moment_are_offered_in_response_windows() -> None:
    s = _pair(yellow={"paramedic": [], "kid": []})
    kid = s.c.char_index["kid"]
    s.char_damage[kid] = (s.c.damage_index["cut-1"],)
    _walk(s)
    _window_of(s, 1)
    assert "activate paramedic kid" in texts(s)
    GAME.apply(s, "activate paramedic kid")
    assert s.char_damage[kid] == ()


def test_combat_abilities_only_in_the_groups_own_combat() -> None:
    s = _pair(red={"veteran": []}, yellow={"bodybuilder": []}, red_hand=["shambler"], xp=1)
    s.groups[1].sq = s.groups[0].sq  # irrelevant: only windows matter here
    b = s.board
    assert b is not None
    s.groups[1].sq = next(sq for sq in b.locations if sq not in b.orth[s.groups[0].sq] and sq != s.groups[0].sq)
    refresh(s)
    assert not any(t.startswith("activate veteran") for t in texts(s))  # not in a turn
    zombies.start_combat(s, 0, 1, [action_card(s, "horde")])
    advance(s)
    assert "activate veteran" in texts(s)
    GAME.apply(s, "activate veteran")
    assert s.groups[0].adrenaline == 2
    # 1 group die + 1 for the Veteran + its extra melee die + 2 rallied: 5 dice against 4
    s.rng = ScriptedRng([1] * 5 + [1] * 4)
    GAME.apply(s, "fight")
    assert s.rng.dice == []  # type: ignore[attr-defined]
    assert s.groups[0].adrenaline == 0


def test_shove_eliminates_a_zombie_die_in_the_groups_combat() -> None:
    s = _pair(red={"bodybuilder": []}, red_hand=[], xp=1)
    zombies.start_combat(s, 0, 1, [action_card(s, "trio")])
    advance(s)
    GAME.apply(s, "activate bodybuilder")
    assert s.combat is not None and s.combat.dice == 2


def test_break_through_unblocks_without_a_roll() -> None:
    s = _pair(red={"firefighter": []}, red_hand=["shambler"], xp=0)
    zombies.start_combat(s, 0, 1, [action_card(s, "trio")], blocked=True)
    advance(s)
    assert "flee shambler" not in texts(s)
    GAME.apply(s, "activate firefighter")
    assert s.combat is not None and not s.combat.blocked
    assert "flee shambler" in texts(s)


def test_an_escape_flees_for_free_even_from_blocked_access() -> None:
    s = _pair(red={"kid": []}, red_hand=[], xp=0)
    kid = s.c.char_index["kid"]
    s.char_skills[kid] = (s.c.skill_index["escape-artist"],)
    zombies.start_combat(s, 0, 1, [action_card(s, "trio")], blocked=True)
    advance(s)
    assert not any(t.startswith("flee") for t in texts(s))
    GAME.apply(s, "activate escape-artist")
    assert s.combat is None or s.combat.ended
    assert s.groups[0].xp == 0 and _used(s, "escape-artist")


def test_a_dash_moves_the_group_without_a_card_only_in_its_own_turn() -> None:
    s = _pair(red={"athlete": []}, red_hand=["shambler"])
    b = s.board
    assert b is not None
    here = s.groups[0].sq
    dashes = [t for t in texts(s) if t.startswith("activate athlete ")]
    assert {b.index[t.split()[2]] for t in dashes} == {sq for sq in b.reach(here, 2) if sq not in s.occupied()}
    GAME.apply(s, dashes[-1])
    assert s.groups[0].sq == b.index[dashes[-1].split()[2]] and len(s.groups[0].hand) == 1
    # in a response window it is not offered
    t = _pair(yellow={"athlete": ["pitchfork-1"], "kid": []})
    _walk(t)
    _window_of(t, 1)
    assert not any(x.startswith("activate athlete") for x in texts(t))


def test_decoy_call_makes_noise_against_another_group() -> None:
    s = _pair(red={"hunter": []}, red_hand=[], xp=1)
    deck_top(s, ["trio", "sprint"])
    assert "activate hunter yellow" in texts(s) and "activate hunter red" not in texts(s)
    GAME.apply(s, "activate hunter yellow")
    assert s.combat is not None and s.combat.group == 1 and s.combat.dice == 3 and s.combat.starter == 0


def test_light_fingers_make_an_adjacent_player_discard_a_card_at_random() -> None:
    s = _pair(red={"pickpocket": []}, red_hand=[], yellow_hand=["trio", "sprint"], adjacent=True)
    assert "activate pickpocket yellow" in texts(s)
    GAME.apply(s, "activate pickpocket yellow")
    assert len(s.groups[1].hand) == 1
    assert any("discards" in e.text for e in s.log[-2:])


def test_last_rites_discard_a_badly_hurt_pj_who_does_not_count_as_dead() -> None:
    s = _pair(red={"preacher": [], "kid": ["pitchfork-1"]})
    kid = s.c.char_index["kid"]
    s.char_damage[kid] = tuple(s.c.damage_index[n] for n in ("cut-1", "cut-2"))
    s.char_skills[kid] = (s.c.skill_index["iron-will"],)
    refresh(s)
    assert not any(t.startswith("activate preacher") for t in texts(s))  # 2 damage: not yet
    s.char_damage[kid] = (*s.char_damage[kid], s.c.damage_index["bite-1"])
    refresh(s)
    GAME.apply(s, "activate preacher kid")
    g = s.groups[0]
    assert kid not in g.chars and kid not in g.dead and kid in s.char_deck.cards
    assert g.vp_skills == [s.c.skill_index["iron-will"]]
    # the Kid's Pitchfork goes to the Preacher (or the discard)
    assert s.decision is not None and s.decision.kind == "items"


def test_a_mechanic_repairs_a_turned_item_and_a_driver_straightens_the_vehicle() -> None:
    s = _pair(red={"mechanic": ["chainsaw"], "kid": []})
    kid = s.c.char_index["kid"]
    s.char_skills[kid] = (s.c.skill_index["driver"],)
    g = s.groups[0]
    g.vehicle = action_card(s, "bicycle")
    g.vehicle_turned = True
    s.set_turned(s.c.item_index["chainsaw"], True)
    refresh(s)
    assert {"activate mechanic chainsaw", "activate driver vehicle"} <= set(texts(s))
    assert "activate mechanic vehicle" not in texts(s)  # items only
    GAME.apply(s, "activate mechanic chainsaw")
    assert not s.is_turned(s.c.item_index["chainsaw"])
    _pass_windows(s)
    GAME.apply(s, "activate driver vehicle")
    assert not g.vehicle_turned


def test_a_dying_pj_is_saved_by_a_healing_ability_or_second_wind() -> None:
    for how in ("activate paramedic gangster", "play second-wind gangster", "activate preacher gangster"):
        red = {"gangster": [], "paramedic": []} if "paramedic" in how else {"gangster": [], "preacher": []}
        s = _pair(red=red, red_hand=["second-wind"], xp=1)
        gangster = s.c.char_index["gangster"]
        s.char_damage[gangster] = tuple(s.c.damage_index[n] for n in ("hunger-1", "hunger-2", "cut-1"))
        damage_top(s, ["fracture-1"])
        zombies.start_combat(s, 0, 1, [action_card(s, "shambler")])
        advance(s)
        s.rng = ScriptedRng([1, 1, 1, 6])
        GAME.apply(s, "fight")
        assert s.decision is not None and s.decision.kind == "damage"
        GAME.apply(s, "wound gangster")
        assert s.decision.kind == "save" and how in texts(s) and "die" in texts(s)
        GAME.apply(s, how)
        assert gangster not in s.groups[0].dead
        if "preacher" in how:
            assert gangster not in s.groups[0].chars  # left in peace
        else:
            assert len(s.char_damage[gangster]) == 3


# ==================================================================================================
# negotiation
# ==================================================================================================
def _duel(s: DawnState) -> None:
    GAME.apply(s, "attack yellow shambler")
    assert s.combat is not None and s.combat.duel


def test_an_offer_is_built_item_by_item_and_accepting_it_ends_the_fight() -> None:
    s = _pair(yellow={"hermit": ["food-1", "ammo-box-1", "pitchfork-1"]}, red={"gangster": ["machete"]},
              red_hand=["shambler", "shambler", "shambler"], adjacent=True)
    _duel(s)
    # red (attacker) chooses first, then yellow, who negotiates
    GAME.apply(s, "fight")
    assert s.decision is not None and s.decision.seat == 1 and "negotiate red" in texts(s)
    GAME.apply(s, "negotiate red")
    assert s.decision.kind == "bargain" and texts(s)[-1] == "cancel" and "propose" not in texts(s)
    # the Gangster carries the Machete in 2 spaces: one more heavy item fits, light ones always
    assert set(texts(s)) == {"offer food-1", "offer ammo-box-1", "offer pitchfork-1", "cancel"}
    GAME.apply(s, "offer food-1")
    assert set(texts(s)) == {"offer ammo-box-1", "propose", "cancel"}  # no room for a second heavy item
    GAME.apply(s, "offer ammo-box-1")
    GAME.apply(s, "propose")
    assert s.decision.kind == "answer" and s.decision.seat == 0 and texts(s) == ["accept", "decline"]
    GAME.apply(s, "accept")
    assert s.combat is None or s.combat.ended
    gangster = s.c.char_index["gangster"]
    while s.decision is not None and s.decision.kind == "items":
        GAME.apply(s, next(t for t in texts(s) if t.startswith("take ")) if any(t.startswith("take ") for t in texts(s)) else "done")
    assert {s.c.item_index["food-1"], s.c.item_index["ammo-box-1"]} <= set(s.char_items[gangster])
    # red agreed not to attack yellow for the rest of the round
    assert s.decision is not None and s.decision.kind == "turn"
    assert not any(t.startswith("attack yellow") for t in texts(s))
    round_end(s)
    del s.steps[1:]  # only the bottom of the stack is left
    round_start(s)
    s.active = 0
    refresh(s)
    assert s.truce == 0


def test_a_declined_offer_goes_back_to_the_fight_with_no_second_offer_in_that_phase() -> None:
    s = _pair(yellow={"hermit": ["food-1"]}, red_hand=["shambler", "shambler"], yellow_hand=["shambler"], adjacent=True)
    _duel(s)
    GAME.apply(s, "fight")
    GAME.apply(s, "negotiate red")
    GAME.apply(s, "offer food-1")
    GAME.apply(s, "propose")
    GAME.apply(s, "decline")
    assert s.decision is not None and s.decision.kind == "duel" and s.decision.seat == 1
    assert "negotiate red" not in texts(s)
    assert s.c.item_index["food-1"] in s.char_items[s.c.char_index["hermit"]]


def test_the_attacker_may_offer_items_too() -> None:
    s = _pair(red={"gangster": ["food-1"]}, red_hand=["shambler", "shambler"], adjacent=True)
    _duel(s)
    assert s.decision is not None and s.decision.seat == 0 and "negotiate yellow" in texts(s)
    GAME.apply(s, "negotiate yellow")
    GAME.apply(s, "offer food-1")
    GAME.apply(s, "propose")
    assert s.decision.kind == "answer" and s.decision.seat == 1
    GAME.apply(s, "accept")
    assert s.truce >> (4 * 1 + 0) & 1  # yellow will not attack red this round


def test_a_group_next_to_another_may_buy_peace_in_a_response_window() -> None:
    s = _pair(yellow={"hermit": ["food-1"]}, red_hand=["shambler", "shambler", "shambler"], adjacent=True)
    b = s.board
    assert b is not None
    # red plays a vehicle (an action): yellow, next to red, may negotiate in the window
    s.groups[0].hand.append(action_card(s, "bicycle"))
    refresh(s)
    GAME.apply(s, "play bicycle")
    _window_of(s, 1)
    assert "negotiate red" in texts(s)
    GAME.apply(s, "negotiate red")
    GAME.apply(s, "offer food-1")
    GAME.apply(s, "propose")
    GAME.apply(s, "accept")
    while s.decision is not None and s.decision.kind == "items":
        GAME.apply(s, texts(s)[-1])
    _pass_windows(s)
    assert s.decision is not None and s.decision.kind == "turn" and s.decision.seat == 0
    assert s.truce >> (4 * 0 + 1) & 1
    assert not any(t.startswith("attack yellow") for t in texts(s))


def test_one_offer_to_each_group_per_window() -> None:
    s = _pair(yellow={"hermit": ["food-1", "pitchfork-1"], "farmer": []}, red_hand=["shambler", "bicycle"],
              adjacent=True)
    GAME.apply(s, "play bicycle")
    _window_of(s, 1)
    GAME.apply(s, "negotiate red")
    GAME.apply(s, "offer food-1")
    GAME.apply(s, "propose")
    GAME.apply(s, "decline")
    _window_of(s, 1)  # the floor is yellow's again, with items to pass but no second offer
    assert "negotiate red" not in texts(s) and "give pitchfork-1 farmer" in texts(s)


def test_negotiation_needs_a_group_next_to_yours_and_items_it_can_carry() -> None:
    from deadboard.games.zombie_dawn.anytime import has_response
    from deadboard.games.zombie_dawn.negotiation import offerable

    s = _pair(yellow={"hermit": ["pitchfork-1"]})
    _walk(s)  # red walks away: yellow, not next to it, has nothing to do in the window
    assert not has_response(s, 1)
    assert s.decision is not None and s.decision.kind == "turn"
    t = _pair(red={"gangster": ["pitchfork-1", "axe-1"]}, yellow={"hermit": ["pitchfork-2"]}, adjacent=True)
    assert offerable(t, 1, 0, ()) == []  # the Gangster's 2 spaces are full: nothing yellow could give
    pitchfork, axe = t.c.item_index["pitchfork-1"], t.c.item_index["axe-1"]
    assert offerable(t, 0, 1, ()) == [pitchfork, axe]  # the Hermit has one space left: either
    assert offerable(t, 0, 1, (pitchfork,)) == []  # but not both
    assert "negotiate yellow" in texts(t)


def test_one_offer_to_each_group_per_turn() -> None:
    s = _pair(red={"gangster": ["food-1", "food-2"]}, adjacent=True)
    assert "negotiate yellow" in texts(s)
    GAME.apply(s, "negotiate yellow")
    GAME.apply(s, "cancel")
    assert "negotiate yellow" not in texts(s)


def test_the_heuristic_bot_negotiates_when_attacked_by_a_much_stronger_group() -> None:
    from deadboard.bots.base import make_bot

    s = _pair(red={"gangster": ["rifle-1"], "veteran": ["axe-1"], "kid": ["pistol-1"]},
              yellow={"hermit": ["food-1", "ammo-box-1", "herbal-remedy-1"]},
              red_hand=["shambler", "shambler", "shambler"], adjacent=True)
    _duel(s)
    GAME.apply(s, "fight")
    bot = make_bot("heuristic", GAME, 1, 3)
    assert bot.choose(GAME, GAME.view(s, 1), GAME.legal_actions(s)).text == "negotiate red"
    GAME.apply(s, "negotiate red")
    while s.decision is not None and s.decision.kind == "bargain":
        GAME.apply(s, bot.choose(GAME, GAME.view(s, 1), GAME.legal_actions(s)))
    assert s.decision is not None and s.decision.kind == "answer"
    assert len(s.steps[-1].offered) >= 2  # a real offer, worth what the fight would cost


def test_the_heuristic_bot_accepts_an_offer_that_ends_a_fight_it_is_losing() -> None:
    from deadboard.bots.base import make_bot

    s = _pair(red={"gangster": []}, yellow={"hermit": ["food-1", "rifle-1"], "veteran": ["axe-1"]},
              red_hand=["shambler", "shambler"], adjacent=True)
    _duel(s)
    GAME.apply(s, "fight")
    # yellow offers the food to stop red's attack; red, the weaker side, accepts
    GAME.apply(s, "negotiate red")
    GAME.apply(s, "offer food-1")
    GAME.apply(s, "propose")
    bot = make_bot("heuristic", GAME, 0, 3)
    assert bot.choose(GAME, GAME.view(s, 0), GAME.legal_actions(s)).text == "accept"


def test_an_offer_on_the_table_is_public() -> None:
    s = _pair(yellow={"hermit": ["food-1"]}, red_hand=["shambler", "shambler"], adjacent=True)
    _duel(s)
    GAME.apply(s, "fight")
    GAME.apply(s, "negotiate red")
    GAME.apply(s, "offer food-1")
    v = GAME.view(s, 0)
    assert isinstance(v, DawnState) and v.steps[-1] == s.steps[-1]  # carried items are public


def test_found_items_exchange_with_the_table_during_a_search() -> None:
    s = _pair(red={"kid": ["pitchfork-1"]}, red_hand=["shambler", "shambler"])
    sq = location(s, "blue", 1)
    s.groups[0].sq = sq
    s.blue.cards.append(item(s, "rifle-1"))
    refresh(s)
    GAME.apply(s, "search shambler")
    GAME.apply(s, "drop pitchfork-1")
    g = s.groups[0]
    assert s.c.item_index["pitchfork-1"] in g.found and not s.char_items[s.c.char_index["kid"]]
    assert "drop pitchfork-1" not in texts(s)


def test_the_heuristic_bot_passes_a_spare_weapon_to_an_unarmed_pj() -> None:
    from deadboard.bots.base import make_bot

    s = _pair(red={"gangster": ["pistol-1", "axe-1"], "farmer": []}, red_hand=[], xp=1)
    zombies.start_combat(s, 0, 1, [action_card(s, "trio")])
    advance(s)
    bot = make_bot("heuristic", GAME, 0, 3)
    choice = bot.choose(GAME, GAME.view(s, 0), GAME.legal_actions(s)).text
    assert choice in ("give pistol-1 farmer", "give axe-1 farmer")  # before the attack phase
    GAME.apply(s, choice)
    assert bot.choose(GAME, GAME.view(s, 0), GAME.legal_actions(s))[0] != "give"  # and no more


def test_the_browser_names_the_new_actions_and_shows_the_offer() -> None:
    from deadboard.core.action import Action
    from deadboard.games.zombie_dawn.svg import label_of

    s = _pair(yellow={"hermit": ["food-1"]}, red={"paramedic": []}, red_hand=["shambler", "shambler"], adjacent=True)
    assert label_of(s, Action("activate", "paramedic", "hermit")) == "Activate Paramedic on Hermit"
    assert label_of(s, Action("negotiate", "red")) == "Make an offer of items to the red player"
    assert label_of(s, Action("offer", "food-1")) == "Offer the Food"
    assert label_of(s, Action("propose")) == "Propose the offer"
    assert label_of(s, Action("decline")) == "Decline"


def test_one_offer_to_each_group_per_attack_phase_of_a_zombie_combat() -> None:
    s = _pair(red={"gangster": ["food-1", "food-2"]}, red_hand=[], adjacent=True, xp=1)
    zombies.start_combat(s, 0, 1, [action_card(s, "horde")])
    advance(s)
    assert s.decision is not None and s.decision.kind == "combat" and "negotiate yellow" in texts(s)
    GAME.apply(s, "negotiate yellow")
    GAME.apply(s, "cancel")
    assert s.decision.kind == "combat" and "negotiate yellow" not in texts(s)
    s.rng = ScriptedRng([1, 1] + [1] * 4)
    GAME.apply(s, "fight")
    assert s.decision.kind == "combat" and "negotiate yellow" in texts(s)  # a new attack phase


def test_items_that_are_activated_are_offered_in_response_windows() -> None:
    # Batteries straighten a Car (the rulebook's example), Medicine heals, a Flare Gun fires
    s = _pair(yellow={"hermit": ["batteries", "medicine-1", "flare-gun"]})
    hermit = s.c.char_index["hermit"]
    s.char_damage[hermit] = (s.c.damage_index["infection-1"],)
    g = s.groups[1]
    g.vehicle = action_card(s, "car")
    g.vehicle_turned = True
    _walk(s)
    _window_of(s, 1)
    assert {"use batteries vehicle", "use medicine-1 hermit", "use flare-gun red"} <= set(texts(s))
    GAME.apply(s, "use batteries vehicle")
    assert not g.vehicle_turned
    _window_of(s, 1)
    GAME.apply(s, "use medicine-1 hermit")
    assert s.char_damage[hermit] == ()
