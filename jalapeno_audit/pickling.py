"""Frozen slotted dataclasses pickled as the tuple of their fields' values.

Forked children send tens of thousands of claims back to the parent (see ``forked``). The
``__setstate__`` that ``dataclasses`` gives a frozen slotted class looks its fields up again for
every object and sets them one Python call at a time: half the cost of unpickling a parsed
corpus. Here the field names are read once per class and the values set from C. Pickles only
travel between a process and its fork, never to disk (the cache stores plain rows, see
``corpus.serial``), so the state needs no version.
"""

from __future__ import annotations

from collections import deque
from dataclasses import fields
from itertools import repeat
from operator import attrgetter
from typing import TypeVar

T = TypeVar("T", bound=type)


def tuple_pickled(cls: T) -> T:
    """Give a frozen slotted dataclass a state that is the tuple of all its fields, derived ones included."""
    names = tuple(f.name for f in fields(cls))
    if len(names) < 2:
        raise TypeError(f"{cls.__name__}: a tuple state needs at least two fields")
    values = attrgetter(*names)
    set_field = object.__setattr__  # frozen: the class's own __setattr__ refuses

    def __getstate__(self) -> tuple:
        return values(self)

    def __setstate__(self, state: tuple) -> None:
        if type(state) is not tuple or len(state) != len(names):
            raise TypeError(f"{cls.__name__}: a state of {len(names)} fields expected")
        deque(map(set_field, repeat(self), names, state), maxlen=0)

    setattr(cls, "__getstate__", __getstate__)  # noqa: B010  # a method put on the class: mypy knows object's signature
    setattr(cls, "__setstate__", __setstate__)  # noqa: B010
    return cls
