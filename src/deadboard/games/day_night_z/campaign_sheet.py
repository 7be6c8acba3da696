"""The campaign sheet of Day Night Z checked against the game before the campaign continues from it
(``campaign._from_record``): a sheet comes from a file anyone may edit.

Two readings, each refusing with one line naming the field: :class:`Sheet` is the shape the game
writes (``campaign.record_of``: strict types, every list and number bounded, no field or value it
does not write — a fence is ``""``, ``basic`` or ``advanced``, the time ``day`` or ``night``), and
:func:`check` reads it against the content: one survivor per player in seat order, the items,
skills, allies, facilities, shelter spaces and Travel map paths it names exist, nothing twice, the
wheels within their tracks (stress to the stress wheel's top, infection below the skull, survival
points to the survival track's top, health to the survivor sheet's), the warehouse within its room.

| field | what the game writes there |
|---|---|
| ``survivors[i]`` | the survivor of seat ``i``; ``health``, ``items``, ``perks`` (skills), ``alive``; ``stats``: ``stress``, ``infection``, ``sp``, ``ammo``, ``supplies``, ``battery`` |
| ``data.allies`` | survivor -> allies |
| ``data.facilities``, ``data.spaces`` | facility -> ``basic``/``advanced``; -> its space on the shelter map |
| ``data.fence``, ``data.store`` | the fence's level; supplies in the warehouse |
| ``data.blocked``, ``data.revealed`` | paths of the Travel map |
| ``data.leader``, ``data.time`` | the seat with the leader marker; ``day`` or ``night`` |
| ``data.vp_earned``, ``data.spent``, ``data.shelter_days`` | the group's victory points earned, what they were spent on, days in the shelter |
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from deadboard.core.campaign import CampaignRecord, field_name, schema_error
from deadboard.core.errors import SetupError
from deadboard.games.day_night_z.campaign_content import FACILITIES, CampaignContent

#: the most of anything a sheet may list
MOST = 200
MOST_PLAYERS = 4

Id = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Ids = Annotated[list[Id], Field(max_length=MOST)]
Count = Annotated[int, Field(ge=0, le=99)]
Points = Annotated[int, Field(ge=0, le=10_000)]
Level = Literal["basic", "advanced"]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class Stats(_Strict):
    stress: Count = 0
    infection: Count = 0
    sp: Count = 0
    ammo: Count = 0
    supplies: Count = 0
    battery: Count = 0


class Survivor(_Strict):
    id: Id
    seat: Annotated[int, Field(ge=0, lt=MOST_PLAYERS)] | None = None
    health: Annotated[int, Field(ge=0, le=99)] | None = None
    items: Ids = []
    perks: Ids = []
    vp: Literal[0] = 0
    alive: bool = True
    stats: Stats = Stats()


class Data(_Strict):
    allies: Annotated[dict[Id, Ids], Field(max_length=MOST_PLAYERS)] = {}
    facilities: Annotated[dict[Id, Level], Field(max_length=len(FACILITIES))] = {}
    spaces: Annotated[dict[Id, Id], Field(max_length=len(FACILITIES))] = {}
    fence: Literal["", "basic", "advanced"] = ""
    store: Count = 0
    blocked: Ids = []
    revealed: Ids = []
    leader: Annotated[int, Field(ge=0, lt=MOST_PLAYERS)] = 0
    time: Literal["day", "night"] = "day"
    vp_earned: Points = 0
    spent: Annotated[dict[Annotated[str, StringConstraints(max_length=64)], Points], Field(max_length=MOST)] = {}
    shelter_days: Points = 0


class Chapter(_Strict):
    chapter: Id
    result: Literal["win", "loss"]
    score: float = 0.0
    level: Literal["accomplished", "failed"] | None = None
    seed: Annotated[int, Field(ge=0, le=2**63 - 1)] | None = None


class Sheet(_Strict):
    """The shape of a Day Night Z campaign sheet (``deadboard-campaign/1``)."""

    format: Literal["deadboard-campaign/1"]
    game: Literal["day-night-z-campaign"]
    version: Id
    campaign: Id
    chapter: Id
    players: Annotated[int, Field(ge=1, le=MOST_PLAYERS)]
    survivors: Annotated[list[Survivor], Field(max_length=MOST_PLAYERS)] = []
    stash: Annotated[list[Id], Field(max_length=0)] = []
    vp: Points = 0
    unlocked: Ids = []
    history: Annotated[list[Chapter], Field(max_length=MOST)] = []
    data: Data = Data()


def check(record: CampaignRecord, content: CampaignContent, seats: tuple[str, ...]) -> None:
    """SetupError naming the field if the sheet is not one this game could have written for
    ``seats`` (the survivor of each seat, in order)."""
    try:
        sheet = Sheet.model_validate(record.to_json())
    except ValidationError as e:
        raise SetupError(schema_error(e, "campaign")) from None
    chapters = [c.id for c in content.chapters]
    if sheet.chapter != "end" and sheet.chapter not in chapters:
        raise _refuse("chapter", f"{sheet.chapter!r} is not in the book ({', '.join(chapters)})")
    for k, h in enumerate(sheet.history):
        if h.chapter not in chapters:
            raise _refuse(f"history[{k}].chapter", f"{h.chapter!r} is not in the book")
    if len(sheet.survivors) != sheet.players:
        raise _refuse("survivors", f"{len(sheet.survivors)} survivors on a sheet of {sheet.players} players")
    _check_data(sheet, content)
    for k, s in enumerate(sheet.survivors):
        _check_survivor(s, k, sheet, content, seats)


def _refuse(field: str, why: str) -> SetupError:
    return SetupError(f"campaign: {field}: {why}")


def _known(field: str, ids: list[str], there: Collection[str], what: str) -> None:
    for k, i in enumerate(ids):
        if i not in there:
            raise _refuse(f"{field}[{k}]", f"unknown {what} {i!r}")
    if len(set(ids)) != len(ids):
        raise _refuse(field, f"a {what} is listed twice")


def _check_survivor(s: Survivor, k: int, sheet: Sheet, content: CampaignContent, seats: tuple[str, ...]) -> None:
    where = f"survivors[{k}]"
    if s.id != seats[k]:
        raise _refuse(f"{where}.id", f"{s.id!r} where {seats[k]!r} sits")
    if s.seat is not None and s.seat != k:
        raise _refuse(f"{where}.seat", f"survivor {k} sits at seat {k}")
    _known(f"{where}.perks", s.perks, content.skills, "skill")
    # the survivor sheet's health, grown by his skills' and allies' (growth.sheet)
    allies = [content.allies[a] for a in sheet.data.allies.get(s.id, []) if a in content.allies]
    top = (content.adventure.survivor(s.id).health + sum(content.skills[p].health for p in s.perks)
           + sum(a.health for a in allies))
    if s.health is not None and s.health > top:
        raise _refuse(f"{where}.health", f"{s.health} is more than {s.id}'s {top}")
    for i, item in enumerate(s.items):
        if item not in content.adventure.search:
            raise _refuse(f"{where}.items[{i}]", f"unknown item {item!r}")
    rules, st = content.adventure.rules, s.stats
    if st.stress > rules.stress.max:
        raise _refuse(f"{where}.stats.stress", f"{st.stress} is past the stress wheel's {rules.stress.max}")
    if st.infection > rules.infection.death:
        raise _refuse(f"{where}.stats.infection", f"{st.infection} is past the skull ({rules.infection.death})")
    if st.sp > rules.survival.max:
        raise _refuse(f"{where}.stats.sp", f"{st.sp} is past the survival track's {rules.survival.max}")


def _check_data(sheet: Sheet, content: CampaignContent) -> None:
    data = sheet.data
    ids = [s.id for s in sheet.survivors]
    for sid, allies in data.allies.items():
        if sid not in ids:
            raise _refuse(f"data.allies.{field_name(sid)}", "not a survivor on the sheet")
        _known(f"data.allies.{field_name(sid)}", allies, content.allies, "ally")
    for name in data.facilities:
        if name not in FACILITIES:
            raise _refuse(f"data.facilities.{field_name(name)}", f"unknown facility; facilities: {', '.join(FACILITIES)}")
    shelter = [space for space, _x, _y in content.shelter.map.spaces]
    for name, space in data.spaces.items():
        if name not in data.facilities:
            raise _refuse(f"data.spaces.{field_name(name)}", "a space for a facility that is not built")
        if space not in shelter:
            raise _refuse(f"data.spaces.{field_name(name)}", f"no space {space!r} on the shelter map")
    if len(set(data.spaces.values())) != len(data.spaces):
        raise _refuse("data.spaces", "two facilities on one space")
    room = content.facilities["warehouse"].capacity
    level = data.facilities.get("warehouse")
    most = 0 if level is None else room[1] if level == "advanced" else room[0]
    if data.store > most:
        raise _refuse("data.store", f"{data.store} supplies in a warehouse with room for {most}")
    _known("data.blocked", data.blocked, content.paths, "path")
    _known("data.revealed", data.revealed, content.paths, "path")
    _known("unlocked", sheet.unlocked, content.paths, "path")
    if data.leader >= sheet.players:
        raise _refuse("data.leader", f"seat {data.leader} on a sheet of {sheet.players} players")


__all__ = ["Sheet", "check"]
