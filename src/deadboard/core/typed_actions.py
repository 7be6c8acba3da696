"""Typed actions: an action whose fields have names and types, with the text form only at the edges.

A typed action is declared like a dataclass; its kind, ``KIND`` in its body, is the first word of
its text (the same in a module compiled by mypyc and in one that is not: docs/architecture.md,
"Writing steps and actions")::

    class Move(TypedAction):
        KIND = "move"
        who: str          # a name from the rulebook's vocabulary ("Ben")
        to: str           # a square or area name ("c5")

    class Shoot(TypedAction):
        KIND = "shoot"
        target: str
        dice: int

    class Pair(TypedAction):
        KIND = "pair"
        dice: tuple[int, ...]   # a last field of type tuple takes every remaining word

    a = Move("Ben", "c5")
    a.who, a.to            # -> "Ben", "c5"   (typed reads, no ``str(a[1])``)
    a.text                 # -> "move Ben c5"
    a == Action.parse("move Ben c5")   # -> True: a typed action *is* an Action

A typed action is a tuple ``(kind, field, ...)`` like :class:`~deadboard.core.action.Action`, equal
and hashed as the same tuple, so saves written before typed actions replay unchanged and
``action in legal`` works whether the action came from a parsed text or from the rules. Field types
are ``str`` (a name: never blank, never digits), ``int``, ``bool`` (written ``yes``/``no``), an
:class:`enum.Enum` whose values are such names or integers, and, for the last field only,
``tuple[str, ...]`` or ``tuple[int, ...]``.

Rules build typed actions in hot loops, so a class without enum or bool fields is built by one
``tuple.__new__`` call and its fields are read by :func:`operator.itemgetter`.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any, ClassVar

from typing_extensions import dataclass_transform

from deadboard.core.action import Action
from deadboard.core.errors import IllegalActionError

__all__ = ["ActionCodec", "Pass", "TypedAction"]

#: what a typed field can be converted from / to in the tuple (str, int or a bool word)
_Part = str | int


class _Field:
    """How one field is stored in the tuple and read back."""

    __slots__ = ("decode", "encode", "name", "rest", "type")

    def __init__(self, name: str, tp: Any) -> None:
        self.name = name
        self.rest = False
        self.type: Any = tp
        self.encode: Callable[[Any], Any] | None = None  # None: stored as is
        self.decode: Callable[[Any], Any] | None = None
        origin = typing.get_origin(tp)
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) != 2 or args[1] is not Ellipsis or args[0] not in (str, int):
                raise TypeError(f"field {name}: only tuple[str, ...] and tuple[int, ...] are supported")
            self.rest = True
            self.type = args[0]
        elif tp is bool:
            self.encode = _encode_bool
            self.decode = _decode_bool
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            self.encode = _encode_enum
            self.decode = tp
        elif tp not in (str, int):
            raise TypeError(f"field {name}: type {tp!r} is not str, int, bool, an Enum or a tuple")

    def check(self, value: Any) -> bool:
        """Whether a parsed token (str or int) is a valid value of this field."""
        if self.decode is not None:
            try:
                self.decode(value)
            except (ValueError, KeyError):
                return False
            return True
        want = self.type
        return isinstance(value, want) and not isinstance(value, bool)


def _encode_bool(value: bool) -> str:
    return "yes" if value else "no"


def _decode_bool(word: _Part) -> bool:
    if word == "yes":
        return True
    if word == "no":
        return False
    raise ValueError(f"{word!r} is not yes or no")


def _encode_enum(value: enum.Enum) -> Any:
    return value.value


def _rebuild(cls: type[TypedAction], parts: tuple[_Part, ...]) -> TypedAction:
    return tuple.__new__(cls, parts)


class _TypedActionType(type):
    """The metaclass of typed actions. It adds nothing at run time; it tells mypyc (which compiles
    some rules modules, see docs/building.md) that a typed action declared in a compiled module is
    an ordinary Python class (a tuple subclass with a made constructor), not a native one."""


@dataclass_transform(eq_default=True, frozen_default=True)
class TypedAction(Action, metaclass=_TypedActionType):
    """Base of typed actions (see the module docstring). Subclasses name their kind with ``KIND =
    "..."`` in the class body and declare their fields as annotations."""

    __slots__ = ()

    KIND: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[_Field, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kind = cls.__dict__.get("KIND", "")
        if not kind:
            raise TypeError(
                f"{cls.__name__}: a typed action needs a kind (KIND = \"...\" in its body)"
            )
        if not kind.replace("-", "").isalpha():
            raise TypeError(f"{cls.__name__}: kind {kind!r} must be a word (letters and hyphens)")
        hints = typing.get_type_hints(cls)
        names = [
            n
            for n, tp in hints.items()
            # KIND by name too: a class compiled by mypyc annotates its ``KIND = "..."`` itself
            if n != "KIND" and typing.get_origin(tp) is not ClassVar and tp is not ClassVar
        ]
        fields = tuple(_Field(n, hints[n]) for n in names)
        for f in fields[:-1]:
            if f.rest:
                raise TypeError(f"{cls.__name__}.{f.name}: a tuple field must be the last one")
        cls.KIND = kind
        cls.FIELDS = fields
        for i, f in enumerate(fields, start=1):
            setattr(cls, f.name, _accessor(i, f))
        cls.__new__ = _constructor(cls.__name__, kind, fields)  # type: ignore[method-assign]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), tuple(self)))

    def __repr__(self) -> str:
        values = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.FIELDS)
        return f"{type(self).__name__}({values})"

    @classmethod
    def from_action(cls, action: Action) -> TypedAction | None:
        """This class's action with the same text as ``action``, or None if it does not fit (other
        kind, other number of words, a word of the wrong type)."""
        if not action or action[0] != cls.KIND:
            return None
        parts = action[1:]
        fields = cls.FIELDS
        if fields and fields[-1].rest:
            if len(parts) < len(fields) - 1:
                return None
            fixed, rest = fields[:-1], fields[-1]
            if not all(rest.check(p) for p in parts[len(fixed) :]):
                return None
        else:
            if len(parts) != len(fields):
                return None
            fixed = fields
        if not all(f.check(p) for f, p in zip(fixed, parts)):
            return None
        return tuple.__new__(cls, tuple(action))


def _accessor(index: int, field: _Field) -> property:
    if field.rest:
        return property(lambda self: tuple(self[index:]), doc=field.name)
    decode = field.decode
    if decode is None:
        return property(itemgetter(index), doc=field.name)
    return property(lambda self: decode(self[index]), doc=field.name)


def _constructor(name: str, kind: str, fields: tuple[_Field, ...]) -> Callable[..., Any]:
    names = tuple(f.name for f in fields)
    count = len(fields)
    plain = all(f.encode is None and not f.rest for f in fields)

    def bind(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        if not kwargs:
            if len(args) != count:
                raise TypeError(
                    f"{cls.__name__} takes {count} field(s) ({', '.join(names)}); got {len(args)}"
                )
            return args
        values = list(args)
        for name in names[len(args) :]:
            if name not in kwargs:
                raise TypeError(f"{cls.__name__}: missing field {name!r}")
            values.append(kwargs.pop(name))
        if kwargs:
            raise TypeError(f"{cls.__name__}: unknown field(s) {', '.join(kwargs)}")
        return tuple(values)

    if plain:
        return _plain_constructor(name, kind, names)

    def new_encoded(cls: type, *args: Any, **kwargs: Any) -> Any:
        values = bind(cls, args, kwargs)
        parts: list[Any] = [kind]
        for f, v in zip(fields, values):
            if f.rest:
                parts.extend(v)
            elif f.encode is not None:
                parts.append(f.encode(v))
            else:
                parts.append(v)
        return tuple.__new__(cls, parts)

    return new_encoded


def _plain_constructor(cls_name: str, kind: str, names: tuple[str, ...]) -> Callable[..., Any]:
    """The constructor of a class whose fields are stored as given: a function with the fields as
    its own parameters (so Python binds positions and keywords, and reports a missing or unknown
    field itself) that makes the tuple in one ``tuple.__new__``. Rules list actions by the hundred
    at every decision; a ``*args, **kwargs`` wrapper costs as much again as the tuple."""
    if not all(name.isidentifier() and not name.startswith("_") for name in names):
        raise TypeError(f"action fields must be plain names: {names}")
    params = "".join(f", {name}" for name in names)
    source = f"def new(_cls_{params}):\n    return _new_(_cls_, (_kind_,{params[1:]}))\n"
    scope: dict[str, Any] = {"_new_": tuple.__new__, "_kind_": kind}
    exec(source, scope)  # the one way to give a function named parameters made at run time
    new: Callable[..., Any] = scope["new"]
    new.__name__ = new.__qualname__ = cls_name  # errors name the action class
    return new


class Pass(TypedAction):
    """Let the moment go by (the first action of every response window)."""

    KIND = "pass"


PASS = Pass()


class ActionCodec:
    """The typed action classes of a game, to turn texts (saves, the command line, old ``Action``
    values) into typed actions at the edge. Several classes may share a kind (``place <human>
    <square>`` and ``place <item> <square>``): the first one whose fields fit wins, so a game lists
    the more specific first."""

    __slots__ = ("_by_kind",)

    def __init__(self, classes: Iterable[type[TypedAction]]) -> None:
        self._by_kind: dict[str, list[type[TypedAction]]] = {}
        for cls in classes:
            self._by_kind.setdefault(cls.KIND, []).append(cls)

    def typed(self, action: Action) -> TypedAction:
        """The typed form of ``action``; IllegalActionError (one line) if no class fits."""
        if isinstance(action, TypedAction):
            return action
        kind = action.kind if action else ""
        classes = self._by_kind.get(kind)
        if not classes:
            known = ", ".join(sorted(self._by_kind))
            raise IllegalActionError(f"unknown action {kind!r}; actions are: {known}")
        for cls in classes:
            out = cls.from_action(action)
            if out is not None:
                return out
        forms = "; ".join(_form(c) for c in classes)
        raise IllegalActionError(f"{action.text!r} does not fit {forms}")

    def parse(self, text: str) -> TypedAction:
        """Parse a text (``"move Ben c5"``) into its typed action."""
        try:
            action = Action.parse(text)
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
        return self.typed(action)


def _form(cls: type[TypedAction]) -> str:
    words = [cls.KIND]
    for f in cls.FIELDS:
        words.append(f"<{f.name}>..." if f.rest else f"<{f.name}>")
    return " ".join(words)
