"""The campaign sheet checked against the game (rulebook §Campaign Play): "Use the campaign sheet to
record all the important details of your play session" — which players controlled which survivors,
VP, item cards, perk cards, locations and chapters completed.

A sheet comes from a file anyone may edit, so before a chapter is seated from it (``campaign.
seat_from_record``) it is read twice: by a schema of its shape (:class:`Sheet`: strict types, every
list and number bounded, no field the game does not write) and against the content (:func:`check`:
the survivors, items, perks, wounds, crafting cards and spaces it names exist, nobody is on it
twice, a squad holds at most ``squad_size`` survivors, HP within the card's, tokens within the
counters the game has). Either refuses with one line naming the field.

| field | what the game writes there |
|---|---|
| ``survivors[i]`` | a survivor card of the content, once; ``seat`` a squad of the sheet or null; ``health`` 0 … its card's HP; ``items`` cards of the content; ``perks`` perk cards; ``stats`` the skills and stats 0 … 30, ``bio``/``rad`` tokens, ``objective_done`` 0 or 1, ``progress`` |
| ``data.squad_vp``, ``data.stashes``, ``data.tokens`` | one entry per squad: VP, the private stash's cards, crafted ``molotov``/``bomb`` tokens |
| ``data.wounds`` | survivor on the sheet -> critical wound cards |
| ``data.structures``, ``data.bombs`` | space of the house map -> crafting card; -> the squad that placed the bomb |
| ``data.upgrades`` | crafted upgrades (crafting cards) |
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from deadboard.core.campaign import CampaignRecord, field_name, schema_error
from deadboard.core.errors import SetupError
from deadboard.games.zpocalypse_2.board import Board
from deadboard.games.zpocalypse_2.content import Content

#: the most of anything a sheet may list (cards of a stash, entries of the history …)
MOST = 200
MOST_PLAYERS = 4

Id = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Ids = Annotated[list[Id], Field(max_length=MOST)]
Stat = Annotated[int, Field(ge=0, le=30)]
Tokens = Annotated[int, Field(ge=0, le=100)]
Points = Annotated[int, Field(ge=0, le=10_000)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class Stats(_Strict):
    """A survivor's skills and stats after perks and wounds, and the counters it carries."""

    firearms: Stat | None = None
    melee: Stat | None = None
    first_aid: Stat | None = None
    mechanics: Stat | None = None
    sneak: Stat | None = None
    talk: Stat | None = None
    smarts: Stat | None = None
    speed: Stat | None = None
    defence: Stat | None = None
    bio: Tokens = 0
    rad: Tokens = 0
    objective_done: Annotated[int, Field(ge=0, le=1)] = 0
    progress: Annotated[int, Field(ge=0, le=10_000)] = 0


class Survivor(_Strict):
    id: Id
    seat: Annotated[int, Field(ge=0, lt=MOST_PLAYERS)] | None = None
    health: Annotated[int, Field(ge=0, le=12)] | None = None
    items: Ids = []
    perks: Ids = []
    vp: Points = 0
    alive: bool = True
    stats: Stats = Stats()


class Data(_Strict):
    squad_vp: Annotated[list[Points], Field(max_length=MOST_PLAYERS)] = []
    stashes: Annotated[list[Ids], Field(max_length=MOST_PLAYERS)] = []
    wounds: Annotated[dict[Id, Ids], Field(max_length=MOST)] = {}
    tokens: Annotated[list[Annotated[list[Literal["molotov", "bomb"]], Field(max_length=MOST)]],
                      Field(max_length=MOST_PLAYERS)] = []
    structures: Annotated[dict[Id, Id], Field(max_length=MOST)] = {}
    upgrades: Ids = []
    bombs: Annotated[dict[Id, Annotated[int, Field(ge=0, lt=MOST_PLAYERS)]], Field(max_length=MOST)] = {}


class Chapter(_Strict):
    chapter: Id
    result: Literal["win", "loss", "draw"]
    score: float = 0.0
    level: Id | None = None
    seed: Annotated[int, Field(ge=0, le=2**63 - 1)] | None = None


class Sheet(_Strict):
    """The shape of a Zpocalypse 2 campaign sheet (``deadboard-campaign/1``)."""

    format: Literal["deadboard-campaign/1"]
    game: Literal["zpocalypse-2"]
    version: Id
    campaign: Id
    chapter: Id
    players: Annotated[int, Field(ge=1, le=MOST_PLAYERS)]
    survivors: Annotated[list[Survivor], Field(max_length=MOST)] = []
    stash: Ids = []
    vp: Annotated[int, Field(ge=-10_000, le=10_000)] = 0
    unlocked: Ids = []
    history: Annotated[list[Chapter], Field(max_length=MOST)] = []
    data: Data = Data()


def check(record: CampaignRecord, content: Content, board: Board, chapters: tuple[str, ...]) -> None:
    """SetupError naming the field if the sheet is not one this game could have written."""
    try:
        sheet = Sheet.model_validate(record.to_json())
    except ValidationError as e:
        raise SetupError(schema_error(e, "campaign")) from None
    _check_content(sheet, content, board, chapters)


def _refuse(field: str, why: str) -> SetupError:
    return SetupError(f"campaign: {field}: {why}")


def _known(field: str, ids: list[str], cards: Collection[str], what: str) -> None:
    for k, i in enumerate(ids):
        if i not in cards:
            raise _refuse(f"{field}[{k}]", f"{i!r} is not a {what} of the game")


def _item_ids(content: Content) -> set[str]:
    return {w.id for w in content.weapons} | {s.id for s in content.supplies}


def _check_content(sheet: Sheet, content: Content, board: Board, chapters: tuple[str, ...]) -> None:
    if sheet.chapter not in chapters:
        raise _refuse("chapter", f"{sheet.chapter!r} is not a chapter ({', '.join(chapters)})")
    for k, h in enumerate(sheet.history):
        if h.chapter not in chapters:
            raise _refuse(f"history[{k}].chapter", f"{h.chapter!r} is not a chapter")
    _check_survivors(sheet, content)
    _known("stash", sheet.stash, _item_ids(content), "card")
    _check_data(sheet, content, board)


def _check_survivors(sheet: Sheet, content: Content) -> None:
    items = _item_ids(content)
    perks = {p.id for p in content.perks}
    seen: set[str] = set()
    squads: Counter[int] = Counter()
    for k, s in enumerate(sheet.survivors):
        where = f"survivors[{k}]"
        card = content.survivor_by_id.get(s.id)
        if card is None:
            raise _refuse(f"{where}.id", f"unknown survivor {s.id!r}")
        if s.id in seen:
            raise _refuse(f"{where}.id", f"{s.id!r} is on the sheet twice")
        seen.add(s.id)
        if s.seat is not None and s.seat >= sheet.players:
            raise _refuse(f"{where}.seat", f"squad {s.seat} on a sheet of {sheet.players} players")
        if s.alive and s.seat is not None:
            squads[s.seat] += 1
            if squads[s.seat] > content.rules.squad_size:
                raise _refuse(f"{where}.seat", f"squad {s.seat} would hold more than "
                              f"{content.rules.squad_size} survivors")
        if s.health is not None and s.health > card.hp:
            raise _refuse(f"{where}.health", f"{s.health} is more than {s.id}'s {card.hp} HP")
        _known(f"{where}.items", s.items, items, "card")
        _known(f"{where}.perks", s.perks, perks, "perk card")


def _check_data(sheet: Sheet, content: Content, board: Board) -> None:
    data, players = sheet.data, sheet.players
    for name in ("squad_vp", "stashes", "tokens"):
        if len(getattr(data, name)) > players:
            raise _refuse(f"data.{field_name(name)}", f"more entries than the sheet's {players} squads")
    items = _item_ids(content)
    for q, stash in enumerate(data.stashes):
        _known(f"data.stashes[{q}]", stash, items, "card")
    on_sheet = {s.id for s in sheet.survivors}
    wounds = {w.id for w in content.wounds}
    for sid, cards in data.wounds.items():
        if sid not in on_sheet:
            raise _refuse(f"data.wounds.{field_name(sid)}", "not a survivor on the sheet")
        _known(f"data.wounds.{field_name(sid)}", cards, wounds, "critical wound card")
    most_tokens = content.rules.molotov_tokens + content.rules.bomb_tokens
    for q, tokens in enumerate(data.tokens):
        if len(tokens) > most_tokens:
            raise _refuse(f"data.tokens[{q}]", f"more than the game's {most_tokens} tokens")
    crafts = content.craft_by_id
    for space, craft in data.structures.items():
        if space not in board.by_name:
            raise _refuse(f"data.structures.{field_name(space)}", f"no space {space!r} on the house map")
        if craft not in crafts:
            raise _refuse(f"data.structures.{field_name(space)}", f"{craft!r} is not a crafting card of the game")
    _known("data.upgrades", data.upgrades, crafts.keys(), "crafting card")
    for space, seat in data.bombs.items():
        if space not in board.by_name:
            raise _refuse(f"data.bombs.{field_name(space)}", f"no space {space!r} on the house map")
        if seat >= players:
            raise _refuse(f"data.bombs.{field_name(space)}", f"squad {seat} on a sheet of {players} players")


__all__ = ["Sheet", "check"]
