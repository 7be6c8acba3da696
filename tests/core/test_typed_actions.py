"""Typed actions (core): named, typed fields, the text form at the edges, equal to today's Action."""

from __future__ import annotations

import enum
import pickle

import pytest

from deadboard.core.action import Action
from deadboard.core.errors import IllegalActionError
from deadboard.core.typed_actions import PASS, ActionCodec, Pass, TypedAction


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Move(TypedAction):
    KIND = "move"

    who: str
    to: str


class Shoot(TypedAction):
    KIND = "shoot"

    target: Colour
    dice: int
    aimed: bool


class Pair(TypedAction):
    KIND = "pair"

    kills: int
    dice: tuple[int, ...]


class PlaceHuman(TypedAction):
    KIND = "place"

    human: str
    square: str


class PlaceNumber(TypedAction):
    KIND = "place"

    number: int


def test_fields_are_typed_and_the_text_form_is_todays() -> None:
    a = Move("Ben", "c5")
    assert (a.who, a.to, a.kind, a.text) == ("Ben", "c5", "move", "move Ben c5")
    assert a == Action.parse("move Ben c5") == Action("move", "Ben", "c5")
    assert hash(a) == hash(Action("move", "Ben", "c5"))
    assert Move(who="Ben", to="c5") == a
    assert repr(a) == "Move(who='Ben', to='c5')"


def test_enum_bool_and_rest_fields_are_written_as_words() -> None:
    s = Shoot(Colour.RED, 2, True)
    assert s.text == "shoot red 2 yes" and s.target is Colour.RED and s.dice == 2 and s.aimed is True
    p = Pair(1, (3, 5, 6))
    assert p.text == "pair 1 3 5 6" and p.dice == (3, 5, 6)
    assert Action("pass") == PASS and isinstance(PASS, Pass)


def test_typed_actions_pickle_as_themselves() -> None:
    s = Shoot(Colour.BLUE, 1, False)
    back = pickle.loads(pickle.dumps(s))
    assert type(back) is Shoot and back == s


def test_the_codec_turns_texts_into_typed_actions_with_clear_errors() -> None:
    codec = ActionCodec([Move, Shoot, Pair, PlaceNumber, PlaceHuman])
    assert type(codec.parse("shoot blue 3 no")) is Shoot
    assert codec.parse("pair 0").dice == ()  # type: ignore[attr-defined]
    assert type(codec.parse("place 4")) is PlaceNumber and type(codec.parse("place Ben c5")) is PlaceHuman
    assert codec.typed(Move("A", "b1")) == Move("A", "b1")
    with pytest.raises(IllegalActionError, match="unknown action 'jump'"):
        codec.parse("jump high")
    with pytest.raises(IllegalActionError, match="does not fit shoot <target> <dice> <aimed>"):
        codec.parse("shoot green 3 no")
    with pytest.raises(IllegalActionError):
        codec.parse("   ")


def test_a_typed_action_needs_a_kind_and_supported_fields() -> None:
    with pytest.raises(TypeError):
        type("NoKind", (TypedAction,), {})
    with pytest.raises(TypeError):
        type("Bad", (TypedAction,), {"__annotations__": {"x": "float"}, "KIND": "bad"})
    with pytest.raises(TypeError):
        Move("Ben")  # type: ignore[call-arg]
