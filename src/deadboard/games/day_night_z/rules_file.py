"""Day Night Z's rules file (`content/rules.toml`): the figures the rulebook gives for the dice,
the success table, stress, infection, survival points, the threat track, the clock and the
backpack, each checked by a schema when the content is loaded."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from deadboard.core.content import Record


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DieRecord(Record):
    faces: tuple[str, str, str, str, str, str]


class SuccessRecord(Record):
    green: tuple[str, ...]
    yellow: tuple[str, ...]
    red: tuple[str, ...]


class StressRecord(Record):
    max: int
    levels: tuple[tuple[int, str], ...]


class InfectionRecord(Record):
    death: int


class SurvivalRecord(Record):
    max: int


class ThreatRecord(Record):
    green_units: int
    yellow_units: int
    red_units: int
    green_red_units: tuple[int, ...]
    yellow_red_units: tuple[int, ...]
    lower_green: int
    lower_yellow: int
    rise: tuple[tuple[int, int], ...]


class ClockRecord(Record):
    night: tuple[int, int]


class BackpackRecord(Record):
    """The backpack of a survivor sheet: how much room it has for cards (each search card prints
    the "space required if stored in backpack"); cards in the hands or worn take none."""

    spaces: int = Field(ge=0)


class RulesFile(Strict):
    die: DieRecord
    success: SuccessRecord
    stress: StressRecord
    infection: InfectionRecord
    survival: SurvivalRecord
    threat: ThreatRecord
    clock: ClockRecord
    backpack: BackpackRecord = BackpackRecord(spaces=6, source="authored")


__all__ = ["RulesFile", "Strict"]
