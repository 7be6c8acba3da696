"""A Day Night Z campaign as one game (game id ``day-night-z-campaign``): the chapters of the campaign
book in turn, each played as

    leave the shelter (the leader, §3.8) -> travel to the city (§6) -> the adventure (§2-§5, played
    by the adventure engine with the survivors as the campaign left them) -> victory points (§7) and
    what the book carries forward -> travel back (§6) -> the shelter, day after day (§7) -> ...

The whole campaign is saved, replayed and continued like any game. Between chapters the campaign
sheet is a :class:`~deadboard.core.campaign.CampaignRecord` (:func:`record_of`); a campaign started
with the ``campaign`` option (such a record) continues from it: the survivors with their wounds,
infection, stress, survival points, equipment, skills and allies, the shelter, the victory points and
the Travel map as the group left them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from deadboard.core.action import Action
from deadboard.core.campaign import CampaignRecord, CampaignSurvivor, ChapterResult
from deadboard.core.errors import SaveError, SetupError
from deadboard.core.game import VIEW_SEED, Option, Outcome, Result, Scenario, Setup
from deadboard.core.kernel import Auto, Choice, KernelGame, Steps, advance, classvars, refresh
from deadboard.core.rng import Rng
from deadboard.games.day_night_z import phrases
from deadboard.games.day_night_z.actions import made_once
from deadboard.games.day_night_z.campaign_content import CampaignContent, load_campaign
from deadboard.games.day_night_z.campaign_sheet import check as check_sheet
from deadboard.games.day_night_z.campaign_state import CampaignState, Hero
from deadboard.games.day_night_z.content import Content, SurvivorSheet
from deadboard.games.day_night_z.effects import Resolve
from deadboard.games.day_night_z.facilities import place
from deadboard.games.day_night_z.growth import choose_leader, sheet
from deadboard.games.day_night_z.rules import DayNightZ
from deadboard.games.day_night_z.setup import SEATS, new_state
from deadboard.games.day_night_z.shelter import (
    MOST_DAYS_OVER,
    AlliesAndSkills,
    Feeding,
    Leave,
    ShelterEvent,
    Stay,
    Visit,
)
from deadboard.games.day_night_z.state import DNZState
from deadboard.games.day_night_z.tactics import plan_candidates
from deadboard.games.day_night_z.travel import SetOut

VERSION = "3"
ADVENTURE: Final = DayNightZ()
#: victory points for an accomplished adventure, and what each dead survivor takes off (§7)
VP_ACCOMPLISHED: Final = 4
VP_PER_DEAD: Final = 1


# ----- the chapter: leaving the shelter, the adventure, coming back -------------------------------


@dataclass(slots=True)
class StartChapter(Auto[CampaignState]):
    """The group exits the shelter towards the next adventure: the leader is chosen (§3.8) and plans
    the route to its city (§6)."""

    def run(self, state: CampaignState) -> Steps:
        if not state.living() or state.chapter >= len(state.content.chapters):
            state.end()
            return ()
        chapter = state.content.chapters[state.chapter]
        choose_leader(state, first=not state.results)
        state.phase = "travel-out"
        state.emit("chapter", f"{chapter.name}: {chapter.story}", {"chapter": chapter.id})
        return (SetOut("shelter", chapter.city, chapter.closed), StartAdventure())


@dataclass(slots=True)
class StartAdventure(Auto[CampaignState]):
    def run(self, state: CampaignState) -> Steps:
        if not state.living():
            state.end()
            return ()
        state.phase = "adventure"
        state.inner = inner = start_adventure(state)
        advance(inner, ADVENTURE.interrupt)
        seat = inner.decision.seat if inner.decision else 0
        return (PlayAdventure(seat), EndAdventure())


def adventure_content(state: CampaignState) -> Content:
    """The adventure engine's content with the survivors' sheets grown by their skills and allies:
    one for the same sheets (growth.sheet makes each once), so an adventure's set-up, perks and plain
    sheets are not worked out again at every chapter. An entry holds the objects its key's ids name."""
    base = state.content.adventure
    grown = {h.id: sheet(state, h) for h in state.heroes}
    survivors = tuple(grown.get(s.id, s) for s in base.survivors)
    key = (id(base), *(id(s) for s in survivors))
    found = _CONTENTS.get(key)
    if found is None:
        if len(_CONTENTS) >= 256:
            _CONTENTS.clear()
        found = _CONTENTS[key] = (base, survivors, base.with_survivors(survivors))
    return found[2]


_CONTENTS: Final[dict[tuple[int, ...], tuple[Content, tuple[SurvivorSheet, ...], Content]]] = {}


def start_adventure(state: CampaignState) -> DNZState:
    """The adventure of the chapter, its survivors carried in: health (wounds), stress, infection,
    survival points, equipment, supplies, ammo and batteries; the dead stay dead; the leader is the
    campaign's."""
    chapter = state.content.chapters[state.chapter]
    setup = Setup(chapter.adventure.id, players=len(state.heroes))
    inner = new_state(setup, state.rng.next64(), adventure_content(state))
    for s, h in zip(inner.survivors, state.heroes, strict=True):
        if not h.alive:
            s.dead = True
            s.health = 0
            s.zone = ""
            continue
        s.health, s.stress, s.infection, s.sp = h.health, h.stress, h.infection, h.sp
        s.items = list(h.items)
        s.ammo, s.supplies, s.battery = h.ammo, h.supplies, h.battery
        s.weapon = next((i for i in s.items if inner.items[i].weapon), "")
    inner.leader = state.leader
    return inner


@classvars(kind="adventure")
@dataclass(slots=True)
class PlayAdventure(Choice[CampaignState, Action]):
    """A decision of the adventure, asked of the campaign's seat that the adventure asks."""

    seat: int

    def actions(self, state: CampaignState) -> Sequence[Action]:
        inner = state.inner
        return inner.legal if inner is not None and inner.decision is not None else []

    def apply(self, state: CampaignState, action: Action) -> Steps:
        inner = state.inner
        assert inner is not None
        ADVENTURE.apply_unchecked(inner, action)
        if inner.decision is None:
            return ()
        return (playing(inner.decision.seat),)

    def prompt(self, state: CampaignState) -> str:
        inner = state.inner
        return inner.decision.prompt if inner is not None and inner.decision is not None else ""


def playing(seat: int) -> PlayAdventure:
    """The adventure's decision asked of ``seat``: one step for each seat (steps are values)."""
    return made_once(_PLAYING, PlayAdventure, seat)


_PLAYING: Final[dict[int, PlayAdventure]] = {}


@dataclass(slots=True)
class EndAdventure(Auto[CampaignState]):
    """The adventure's outcome comes back to the campaign sheet: "When the adventure is accomplished,
    the survivors, as a group, earn 4 VP. Subtract 1 VP for every dead survivor." (§7); an adventure
    phase event if it lasted beyond its maximum duration ("Adventure phase events: They take place in
    the shelter when the maximum duration for an adventure is exceeded (see CAMPAIGN BOOK). They take
    place while the survivors play their adventures in the city." §7); the book's consequences; then
    the way back to the shelter (§6)."""

    def run(self, state: CampaignState) -> Steps:
        inner = state.inner
        assert inner is not None
        chapter = state.content.chapters[state.chapter]
        dead_now = 0
        for s, h in zip(inner.survivors, state.heroes, strict=True):
            if not h.alive:
                continue
            if s.dead:
                h.alive, h.health = False, 0
                h.fell = f"adventure {chapter.id}"
                dead_now += 1
                continue
            h.health, h.stress, h.infection, h.sp = s.health, s.stress, s.infection, s.sp
            h.items = list(s.items) + [i for i in s.worn.values() if i not in s.items]
            h.ammo, h.supplies, h.battery = s.ammo, s.supplies, s.battery
        state.time = "night" if inner.night else "day"
        won = inner.won
        state.results.append((chapter.id, "accomplished" if won else "failed"))
        if won:
            vp = max(0, VP_ACCOMPLISHED - VP_PER_DEAD * dead_now)
            state.vp += vp
            state.vp_earned += vp
            state.emit("vp", f"{chapter.name} accomplished: the group earns {vp} VP ({state.vp} VP in all)", {"vp": vp})
        else:
            state.emit("vp", f"{chapter.name} failed: {inner.lost or 'the objective was not met'}", {"vp": 0})
        last = state.chapter == len(state.content.chapters) - 1
        after: list[Any] = []
        lasted = (inner.clock.day - 1) * 24 + inner.clock.hour - inner.adventure.start
        if chapter.hours is not None and lasted > chapter.hours and not last:
            state.emit(
                "overrun",
                f"The adventure lasted {lasted} hours, more than its {chapter.hours}: the shelter was not spared",
                {"hours": lasted, "most": chapter.hours},
            )
            after.append(ShelterEvent("adventure"))
        state.inner = None
        state.chapter += 1
        after.append(Resolve(chapter.success if won else chapter.fail, "", state.time))
        if last or not state.living():
            after.append(EndCampaign())
            return after
        state.phase = "travel-back"
        after += [SetOut(chapter.city, "shelter", chapter.closed), BeginShelter()]
        return after


@dataclass(slots=True)
class BeginShelter(Auto[CampaignState]):
    def run(self, state: CampaignState) -> Steps:
        if not state.living():
            state.end()
            return ()
        state.phase = "shelter"
        state.days = 0
        return (ShelterDay(),)


# ----- the shelter, day after day, until the group leaves (§7; each part's rules: shelter.py) ------


@dataclass(slots=True)
class ShelterDay(Auto[CampaignState]):
    """A day in the shelter: each survivor's visit by day, then by night, the shelter event, the
    feeding checks, the day's work of skills and allies, and the leader's choice to stay or leave."""

    def run(self, state: CampaignState) -> Steps:
        if not state.living():
            return ()
        state.days += 1
        state.shelter_days += 1
        state.emit("day", f"Day {state.days} in the shelter", {"day": state.days})
        order = state.in_turn_order()
        return (
            *(Visit(h.seat, h.id, "day") for h in order),
            *(Visit(h.seat, h.id, "night") for h in order),
            ShelterEvent(),
            Feeding(),
            AlliesAndSkills(),
            AskDepart(),
        )


@dataclass(slots=True)
class AskDepart(Auto[CampaignState]):
    """The leader (or, if he died, the first survivor alive) says whether the group leaves."""

    def run(self, state: CampaignState) -> Steps:
        lead = state.leader_hero()
        return (Depart(lead.seat),) if lead is not None else ()


@classvars(kind="depart")
@dataclass(slots=True)
class Depart(Choice[CampaignState, Action]):
    """ "All the survivors exit the shelter at the same time"; "The leading player must track the time
    that the survivors spend in the shelter" — the leader says when the group leaves."""

    seat: int

    def actions(self, state: CampaignState) -> Sequence[Action]:
        if not state.living():
            return []
        chapter = state.content.chapters[state.chapter]
        if state.days >= chapter.days + MOST_DAYS_OVER:
            return [Leave()]
        return [Leave(), Stay()]

    def apply(self, state: CampaignState, action: Action) -> Steps:
        if isinstance(action, Stay):
            return (ShelterDay(),)
        state.emit("leave", f"The group leaves the shelter after {phrases.count(state.days, 'day')}", {"days": state.days})
        return (StartChapter(),)

    def prompt(self, state: CampaignState) -> str:
        chapter = state.content.chapters[state.chapter]
        return f"Day {state.days} in the shelter ({chapter.name} allows {chapter.days}): leave or stay?"


@dataclass(slots=True)
class EndCampaign(Auto[CampaignState]):
    def run(self, state: CampaignState) -> Steps:
        state.phase = "over"
        state.end()
        return ()


# ----- records ----------------------------------------------------------------------------------


def record_of(state: CampaignState) -> CampaignRecord:
    """The campaign sheet now; its ``chapter`` is the next chapter to play (the campaign goes on from
    the moment the group leaves the shelter)."""
    chapters = state.content.chapters
    nxt = chapters[state.chapter].id if state.chapter < len(chapters) else "end"
    survivors = tuple(
        CampaignSurvivor(
            h.id,
            h.seat,
            h.health,
            tuple(h.items),
            tuple(h.skills),
            0,
            h.alive,
            {
                "stress": h.stress,
                "infection": h.infection,
                "sp": h.sp,
                "ammo": h.ammo,
                "supplies": h.supplies,
                "battery": h.battery,
            },
        )
        for h in state.heroes
    )
    data = {
        "allies": {h.id: list(h.allies) for h in state.heroes},
        "facilities": dict(state.facilities),
        "spaces": dict(state.spaces),
        "fence": state.fence,
        "store": state.store,
        "blocked": sorted(state.blocked),
        "revealed": sorted(state.revealed),
        "leader": state.leader,
        "time": state.time,
        "vp_earned": state.vp_earned,
        "spent": dict(state.spent),
        "shelter_days": state.shelter_days,
    }
    history = tuple(
        ChapterResult(c, "win" if r == "accomplished" else "loss", 0.0, r) for c, r in state.results
    )
    return CampaignRecord(
        "day-night-z-campaign",
        VERSION,
        state.content.book.id,
        nxt,
        len(state.heroes),
        survivors,
        (),
        state.vp,
        tuple(sorted(state.revealed)),
        history,
        data,
    )


def standing(state: CampaignState) -> dict[str, Any]:
    """Where the campaign stands, for a front end's list of campaigns: the adventure being played or
    next (its place in the book), the phase, the survivors alive, the group's victory points."""
    book = state.content.chapters
    chapter = book[state.chapter] if state.chapter < len(book) else None
    return {
        "chapter": chapter.id if chapter else "end",
        "name": chapter.name if chapter else "the end of the book",
        "number": min(state.chapter + 1, len(book)),
        "chapters": len(book),
        "survivors": len(state.living()),
        "vp": state.vp,
        "phase": state.phase,
    }


def _from_record(state: CampaignState, raw: Mapping[str, Any]) -> None:
    try:
        record = CampaignRecord.from_json(dict(raw), "campaign")
    except SaveError as e:
        raise SetupError(str(e)) from None
    content = state.content
    if record.game != "day-night-z-campaign" or record.campaign != content.book.id:
        raise SetupError(f"campaign: a record of {record.game} {record.campaign}, not of {content.book.id}")
    ids = [c.id for c in content.chapters]
    if record.chapter == "end":
        raise SetupError("campaign: this campaign is over (every chapter of the book was played)")
    if record.chapter not in ids:
        raise SetupError(f"campaign: chapter {record.chapter!r} is not in the book ({', '.join(ids)})")
    check_sheet(record, content, SEATS)
    if len(record.survivors) != len(state.heroes):
        raise SetupError(
            f"campaign: the record has {len(record.survivors)} survivors for {len(state.heroes)} players"
        )
    data = dict(record.data)
    allies = data.get("allies", {})
    for h, s in zip(state.heroes, record.survivors, strict=True):
        if s.id != h.id:
            raise SetupError(f"campaign: survivor {s.id!r} where {h.id!r} sits")
        h.alive = s.alive
        h.health = s.health if s.health is not None else h.health
        h.items = list(s.items)
        h.skills = [k for k in s.perks if k in content.skills]
        h.allies = [a for a in allies.get(h.id, []) if a in content.allies]
        for k in ("stress", "infection", "sp", "ammo", "supplies", "battery"):
            setattr(h, k, int(s.stats.get(k, getattr(h, k))))
        unknown = [i for i in h.items if i not in content.adventure.search]
        if unknown:
            raise SetupError(f"campaign: {h.id} carries unknown item(s) {', '.join(unknown)}")
    state.chapter = ids.index(record.chapter)
    state.vp = record.vp
    state.facilities = {k: str(v) for k, v in data.get("facilities", {}).items()}
    state.spaces = {k: str(v) for k, v in data.get("spaces", {}).items()}
    state.fence = str(data.get("fence", ""))
    state.store = int(data.get("store", 0))
    state.blocked = set(data.get("blocked", []))
    state.revealed = set(data.get("revealed", []))
    state.leader = int(data.get("leader", 0))
    state.time = str(data.get("time", "day"))
    state.vp_earned = int(data.get("vp_earned", 0))
    state.spent = {k: int(v) for k, v in data.get("spent", {}).items()}
    state.shelter_days = int(data.get("shelter_days", 0))
    state.results = [
        (h.chapter, h.level or ("accomplished" if h.result == "win" else "failed")) for h in record.history
    ]


# ----- the game ---------------------------------------------------------------------------------


def new_campaign(setup: Setup, seed: int) -> CampaignState:
    content: CampaignContent = load_campaign(setup.content)
    if setup.scenario != content.book.id:
        raise SetupError(f"unknown campaign {setup.scenario!r}; known: {content.book.id}")
    state = CampaignState.__new__(CampaignState)
    state.setup_campaign(setup, seed, content)
    for seat in range(setup.players):
        base = content.adventure.survivor(SEATS[seat])
        h = Hero(base.id, base.name, seat)
        h.health = base.health
        h.items = list(base.items)
        h.ammo, h.supplies, h.battery = base.ammo, base.supplies, base.battery
        state.heroes.append(h)
    for f in content.shelter.map.start:
        state.facilities[f] = "basic"
        place(state, f)
    state.deck = [c.id for c in content.travel]
    state.rng.shuffle(state.deck)
    record = setup.options.get("campaign")
    if record:
        _from_record(state, record)
    state.init_kernel(StartChapter())
    return state


class DayNightZCampaign(KernelGame[CampaignState]):
    id = "day-night-z-campaign"
    name = "Day Night Z: Campaign"
    version = VERSION
    min_players = 1
    max_players = 4
    scenarios = (
        Scenario(
            "road-to-ashford",
            "The Road to Ashford",
            "Six adventures linked by story, with travel and the shelter between them.",
        ),
    )
    options = (
        Option(
            "overstay",
            "Overstaying the shelter",
            "Authored: each day the group stays in the shelter beyond the next adventure's allowance "
            "rolls on the overstay events instead of the daily shelter events.",
        ),
        Option(
            "campaign",
            "Campaign record",
            "The campaign sheet to continue from (a deadboard-campaign/1 record); without it a new campaign.",
            kind="file",
        ),
    )

    def test_setups(self) -> list[Setup]:
        return [Setup("road-to-ashford", players=1), Setup("road-to-ashford", players=2)]

    def seat_names(self, setup: Setup) -> list[str]:
        content = load_campaign(setup.content)
        return [content.adventure.survivor(SEATS[i]).name for i in range(setup.players)]

    def create(self, setup: Setup, seed: int) -> CampaignState:
        return new_campaign(setup, seed)

    def hide(self, view: CampaignState, seat: int) -> None:
        self.resample(view, view.rng)

    def resample(self, view: CampaignState, rng: Rng) -> None:
        view.deck.sort()
        rng.shuffle(view.deck)
        inner = view.inner
        if inner is not None:
            inner.seed = VIEW_SEED
            inner.rng = Rng(rng.next64())
            inner.viewer = view.viewer
            ADVENTURE.resample(inner, inner.rng)
            refresh(inner, ADVENTURE.interrupt)

    def search_candidates(self, view: CampaignState, legal: Sequence[Action]) -> list[Action]:
        """In an adventure, a survivor's plans at his turn, as the adventure's; on the road and in
        the shelter none (the bot's own choice)."""
        inner = view.inner  # set while an adventure is played, and only then
        return plan_candidates(inner, legal) if inner is not None else []

    def search_horizon(self, state: CampaignState) -> tuple[int, bool]:
        """A playout of ``mcts:N+BOT`` stops when the adventure it started in ends (then scored by
        the value function): the chapter, and whether its adventure is being played (``inner`` is
        set by StartAdventure and cleared by EndAdventure)."""
        return state.chapter, state.inner is not None

    def result(self, state: CampaignState) -> Outcome:
        done = [c for c, r in state.results if r == "accomplished"]
        book = state.content.chapters
        won = (
            bool(state.living())
            and bool(state.results)
            and state.results[-1] == (book[-1].id, "accomplished")
        )
        lost = [h.id for h in state.heroes if not h.alive]
        return Outcome(
            Result.WIN if won else Result.LOSS,
            tuple(h.seat for h in state.living()) if won else (),
            float(len(done)),
            level=f"{len(done)}/{len(book)}",
            turns=len(state.results),
            reason="the convoy is reached"
            if won
            else ("every survivor is dead" if not state.living() else "the last adventure failed"),
            per_seat=tuple(
                {
                    "survivor": h.id,
                    "ending": "alive" if h.alive else f"died ({h.fell})",
                    "vp_spent": h.spent,
                    "skills": len(h.skills),
                    "allies": len(h.allies),
                    "sp": h.sp,
                }
                for h in state.heroes
            ),
            details={
                "chapters_played": len(state.results),
                "accomplished": len(done),
                "vp_earned": state.vp_earned,
                "vp_spent": sum(state.spent.values()),
                "spent": dict(state.spent),
                "survivors_lost": len(lost),
                "shelter_days": state.shelter_days,
            },
        )

    def campaign_record(self, state: CampaignState) -> CampaignRecord:
        """The campaign sheet to continue from (front ends write it to a campaign file)."""
        return record_of(state)

    def campaign_standing(self, state: CampaignState) -> dict[str, Any]:
        """Where the campaign stands (adventure, phase, survivors, VP), for lists of campaigns."""
        return standing(state)

    def victory_levels(self, setup: Setup) -> list[str]:
        n = len(load_campaign(setup.content).chapters)
        return [f"{k}/{n}" for k in range(n + 1)]

    def state_json(self, state: CampaignState) -> dict[str, Any]:
        hidden = state.viewer is not None
        return {
            "chapter": state.chapter,
            "phase": state.phase,
            "leader": state.leader,
            "time": state.time,
            "vp": state.vp,
            "vp_earned": state.vp_earned,
            "spent": dict(sorted(state.spent.items())),
            "facilities": dict(sorted(state.facilities.items())),
            "spaces": dict(sorted(state.spaces.items())),
            "fence": state.fence,
            "store": state.store,
            "blocked": sorted(state.blocked),
            "revealed": sorted(state.revealed),
            "route": list(state.route),
            "days": state.days,
            "shelter_days": state.shelter_days,
            "results": [list(r) for r in state.results],
            "heroes": [h.to_json() for h in state.heroes],
            "deck": len(state.deck) if hidden else list(state.deck),
            "discard": list(state.discard),
            "votes": list(state.votes),
            "rng": None if hidden else state.rng.s,
            "adventure": ADVENTURE.snapshot(state.inner) if state.inner is not None else None,
        }


GAME = DayNightZCampaign()
