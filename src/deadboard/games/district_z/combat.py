"""Combat with ZOMBIES (rulebook §Combat, §Combat Example): COMBAT ROUNDS of dice matched in pairs,
ESCAPE, ZOMBIE counters left on the card, and the OUT OF AMMO and BROKEN checks after a combat.

A round starts with :class:`Fight`: with nothing to choose (one weapon loadout, no escape, nothing
to use) it resolves the round by itself — the rulebook gives no choice there, so nothing is recorded
— else it asks :class:`FightChoice`. When the dice can be paired in more than one way that matters,
:class:`PairDice` asks how.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.district_z.actions import ESCAPE, Escape, FightTogether, FightWith, JoinWith, Pair, Use
from deadboard.games.district_z.content import DistrictContent
from deadboard.games.district_z.flow import StepForm, ability, cut_turn, push, roll_dice
from deadboard.games.district_z.items import use_actions, use_item
from deadboard.games.district_z.ratings import (
    AGILITY,
    Loadout,
    loadout_text,
    loadouts,
    pairings,
    rating,
)
from deadboard.games.district_z.state import LIVE, DistrictState
from deadboard.games.district_z.words import Dice, loadout_words
from deadboard.games.district_z.wounds import check_alive, wound


def parse_loadout(state: DistrictState, word: str) -> Loadout:
    """A loadout word (``pistol+crowbar``, ``bare-handed``) as item indices."""
    if word == "bare-handed":
        return ()
    memo = state.c.memo
    key = ("loadout", word)
    got: Loadout | None = memo.get(key)
    if got is None:
        index = state.c.item_index
        got = memo[key] = tuple(index[t] for t in word.split("+"))
    return got


def combat_dice(state: DistrictState, seat: int, lo: Loadout) -> list[int]:
    """Roll a COMBAT ATTRIBUTE CHECK with this weapon loadout (survivor and zombie survivor combat)."""
    c = state.c
    n = c.survivors[state.players[seat].surv].combat + sum(c.items[i].combat for i in lo)
    return roll_dice(state.rng, n)


def start_combat(state: DistrictState, seat: int, n: int, escape: bool) -> None:
    state.cb_seat = seat
    state.cb_n = n
    state.cb_pos = state.players[seat].pos
    state.cb_escape = escape
    state.cb_used = ()
    state.cb_shield = False
    if state.cfg.single:
        state.emit_format(
            "combat", "{} zombie{} attack {}{}", (n, "s" if n > 1 else "", state.names[seat], "" if escape else "; no escape"),
            {"seat": seat, "zombies": n},
        )
    else:
        state.emit_format(
            "combat",
            "{} zombie{} attack {}{} (Player {} rolls for the zombies)",
            (n, "s" if n > 1 else "", state.names[seat], "" if escape else "; no escape", (seat + 1) % state.cfg.players + 1),
            {"seat": seat, "zombies": n},
        )
    push(state, _fights(seat))


@classvars(TAG="fight")
@dataclass(slots=True)
class Fight(StepForm, Auto[DistrictState]):
    """The start of a COMBAT ROUND."""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        seat = self.seat
        if not state.cb_escape and not use_actions(state, seat):
            los = loadouts(state.c, state.players[seat].items)
            if len(los) == 1:
                fight_round(state, seat, los[0][1])
                return ()
        return _choices(seat)


@classvars(TAG="fight", kind="fight")
@dataclass(slots=True)
class FightChoice(StepForm, Choice[DistrictState, FightWith | Escape | Use]):
    """Fight (choose your weapons), ESCAPE, or use a healing ITEM first."""

    seat: int

    def actions(self, state: DistrictState) -> list[FightWith | Escape | Use]:
        out: list[FightWith | Escape | Use] = list(_fights_with(state.c, state.players[self.seat].items))
        if state.cb_escape:
            out.append(ESCAPE)
        out.extend(use_actions(state, self.seat))
        return out

    def apply(self, state: DistrictState, action: FightWith | Escape | Use) -> Steps:
        seat = self.seat
        if isinstance(action, Escape):
            escape(state, seat)
        elif isinstance(action, Use):
            use_item(state, seat, state.c.item_index[action.item])
            push(state, _fights(seat))
        else:
            fight_round(state, seat, parse_loadout(state, action.loadout))
        return ()

    def prompt(self, state: DistrictState) -> str:
        n = state.cb_n
        return f"{state.names[self.seat]} faces {n} zombie{'s' if n > 1 else ''}: fight (choose your weapons) or escape"


def fight_round(state: DistrictState, seat: int, lo: Loadout) -> None:
    c = state.c
    p = state.players[seat]
    s = c.survivors[p.surv]
    cr = s.combat + sum(c.items[i].combat for i in lo)
    sd = roll_dice(state.rng, cr)
    zd = roll_dice(state.rng, state.cb_n)
    if lo:
        used = list(state.cb_used)
        for i in set(lo):
            while used.count(i) < lo.count(i):
                used.append(i)
        state.cb_used = tuple(used)
    sd.sort()
    zd.sort()
    opts = pairings(sd, zd, s.ability == "brawler")
    n = state.cb_n
    state.emit_format(
        "combat",
        "Combat round ({}, rating {}): {} rolls {}, the {} zombie{} {}",
        (loadout_words(state, lo), cr, state.names[seat], Dice(sd), n, "s roll" if n > 1 else " rolls", Dice(zd)),
        {"survivor": sd, "zombies": zd, "rating": cr},
    )
    if len(opts) == 1:
        k, w, text = opts[0]
        resolve_pairing(state, seat, k, w, text)
    else:
        state.cb_opts = opts
        push(state, PairDice(seat))


@classvars(TAG="pair", kind="pair")
@dataclass(slots=True)
class PairDice(StepForm, Choice[DistrictState, Pair]):
    """ "Comparing the results you choose to ..." pair your dice with the zombies' dice."""

    seat: int

    def actions(self, state: DistrictState) -> list[Pair]:
        return [Pair(tuple(text.split())) for _, _, text in state.cb_opts]

    def apply(self, state: DistrictState, action: Pair) -> Steps:
        text = " ".join(action.pairing)
        kills, wounds, text = next(o for o in state.cb_opts if o[2] == text)
        resolve_pairing(state, self.seat, kills, wounds, text)
        return ()

    def prompt(self, state: DistrictState) -> str:
        options = ", ".join(f"{k}/{w}" for k, w, _ in state.cb_opts)
        return f"{state.names[self.seat]}: choose how to pair the dice (kills / wounds: {options})"


def resolve_pairing(state: DistrictState, seat: int, kills: int, wounds: int, text: str) -> None:
    p = state.players[seat]
    state.cb_opts = ()
    state.cb_n -= kills
    p.kills += kills
    state.emit_format(
        "combat",
        "Dice paired ({}): {} zombie{} destroyed, {} wound{}; {} left",
        (pairs_said(text), kills, "s" if kills != 1 else "", wounds, "s" if wounds != 1 else "", state.cb_n),
        {"kills": kills, "wounds": wounds, "left": state.cb_n},
    )
    combat_wound(state, seat, wounds)
    if p.status != LIVE or state.cb_seat != seat:
        return
    if state.cb_n == 0:
        state.emit(
            "combat",
            f"All the zombies are dead (again). {state.names[seat]} has {p.wounds} "
            f"wound{'' if p.wounds == 1 else 's'}",
            {"seat": seat},
        )
        end_combat(state, seat)
    else:
        push(state, _fights(seat))


def combat_wound(state: DistrictState, seat: int, wounds: int) -> None:
    """Wounds from the combat with zombies now under way (dice or a failed ESCAPE): EZRA's Thick Skin
    ignores the first one of each combat."""
    if wounds and ability(state, seat) == "thick-skin" and not state.cb_shield:
        state.cb_shield = True
        wounds -= 1
        state.emit(
            "ability", f"Thick Skin: {state.names[seat]} shrugs off the first wound of this combat", None
        )
    wound(state, seat, wounds, True)


def escape(state: DistrictState, seat: int) -> None:
    """An AGILITY check against the zombies' dice (at most three): success leaves them on the card as
    ZOMBIE counters and ends the turn; failure costs a WOUND; a tie, nothing."""
    c = state.c
    p = state.players[seat]
    n = rating(c, p.surv, p.items, AGILITY)
    cap = 2 if ability(state, seat) == "runner" else 3
    sd = roll_dice(state.rng, n)
    zd = roll_dice(state.rng, min(state.cb_n, cap))
    s, z = sum(sd), sum(zd)
    state.emit_format(
        "check",
        "ESCAPE: {} rolls agility {} = {} against the zombies' {} = {}",
        (state.names[seat], Dice(sd), s, Dice(zd), z),
        {"survivor": sd, "zombies": zd},
    )
    if s > z:
        pos = state.cb_pos
        state.counters[pos] += state.cb_n
        state.emit(
            "escape",
            f"{state.names[seat]} escapes; {state.cb_n} zombie counter{'s' if state.cb_n > 1 else ''} "
            f"stay on {state.lay.names[pos]}. The turn is over.",
            {"seat": seat},
        )
        end_combat(state, seat)
        cut_turn(state)
        return
    if s < z:
        state.emit_format("wound", "{} fails to escape and takes a wound", (state.names[seat],), {"seat": seat})
        combat_wound(state, seat, 1)
        if state.players[seat].status != LIVE:
            return
    else:
        state.emit("combat", "A tie: no escape, no wound", None)
    push(state, _fights(seat))


def end_combat(state: DistrictState, seat: int) -> None:
    used = state.cb_used
    state.cb_seat = -1
    state.cb_n = 0
    state.cb_used = ()
    item_checks(state, seat, used)


def item_checks(state: DistrictState, seat: int, used: tuple[int, ...]) -> None:
    """OUT OF AMMO and BROKEN rolls for the items used in a combat that is over."""
    c = state.c
    p = state.players[seat]
    rng = state.rng
    for i in used:
        it = c.items[i]
        if i not in p.items:
            continue
        if it.ammo:
            r = rng.d6()
            if r <= it.ammo and ability(state, seat) == "sharpshooter":
                r2 = rng.d6()
                state.emit("ability", f"Sharpshooter: ammo roll {r}, rolled again: {r2}", None)
                r = max(r, r2)
            lost = r <= it.ammo
            said = "OUT OF AMMO; it goes back to the pile" if lost else "Still some ammo"
            _item_check(state, p.items, i, r, lost, f"Ammo check for the {it.name}: {r}. {said}")
        elif it.breaks:
            r = rng.d6()
            lost = r <= it.breaks
            said = "It is BROKEN and goes back to the pile" if lost else "It holds"
            _item_check(state, p.items, i, r, lost, f"Check for the {it.name}: {r}. {said}")
    check_alive(state, seat)


def _item_check(state: DistrictState, items: list[int], item: int, roll: int, lost: bool, text: str) -> None:
    """An ammo or breakage roll said; a lost item leaves the survivor's items (back to the pile)."""
    if lost:
        items.remove(item)
    state.emit("item", text, {"roll": roll})


#: the actions that name a weapon loadout
L = TypeVar("L", FightWith, FightTogether, JoinWith)


def loadout_actions(state: DistrictState, seat: int, cls: type[L]) -> list[L]:
    """``cls(loadout)`` for every weapon loadout worth offering, strongest first."""
    c = state.c
    return [cls(loadout_text(c, lo)) for _, lo in loadouts(c, state.players[seat].items)]


_FIGHTS: dict[int, Fight] = {}
_CHOICES: dict[int, tuple[FightChoice]] = {}


def _fights(seat: int) -> Fight:
    """``Fight(seat)``, made once per seat (steps are values; a combat makes one each round)."""
    got = _FIGHTS.get(seat)
    if got is None:
        got = _FIGHTS[seat] = Fight(seat)
    return got


def _choices(seat: int) -> tuple[FightChoice]:
    got = _CHOICES.get(seat)
    if got is None:
        got = _CHOICES[seat] = (FightChoice(seat),)
    return got


_FIGHT_WITH: dict[str, FightWith] = {}


def _fights_with(c: DistrictContent, items: list[int]) -> tuple[FightWith, ...]:
    """``fight <loadout>`` for every weapon loadout worth offering with these items (remembered
    with the content, as the loadouts are)."""
    key = ("fight-with", *sorted(items))
    got: tuple[FightWith, ...] | None = c.memo.get(key)
    if got is None:
        got = c.memo[key] = tuple(_fight_with(loadout_text(c, lo)) for _, lo in loadouts(c, items))
    return got


def _fight_with(loadout: str) -> FightWith:
    got = _FIGHT_WITH.get(loadout)
    if got is None:
        got = _FIGHT_WITH[loadout] = FightWith(loadout)
    return got


#: a pairing's text -> :func:`pairs_said`
_SAID: dict[str, str] = {}


def pairs_said(text: str) -> str:
    """A pairing (``3>1 6=6``, ``none``) as the log says it: ``3 beats 1, 6 ties 6`` (remembered:
    the same few hundred pairings come back all game long)."""
    said = _SAID.get(text)
    if said is None:
        said = "none" if text == "none" else ", ".join(p.replace(">", " beats ").replace("=", " ties ") for p in text.split())
        if len(_SAID) < 65536:
            _SAID[text] = said
    return said
