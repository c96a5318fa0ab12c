"""One registry type for every extension point: datasets, DP-SGD trainers, P2NIA mechanisms and
P2NIA audited models are each a :class:`Registry` of named entries.

The rules are the same everywhere: an entry is an instance of the registry's type with a
non-empty ``name``; a taken name is refused unless ``replace=True`` (``replace`` is True or
False, never read by its truthiness: ``replace="no"`` replaced an entry); built-in entries can be
neither replaced nor removed; removing an absent name is a no-op (so test teardowns can always
call it); an unknown name is an error that names its near miss ("did you mean 'grr'?", as
every choice's refusal does) and lists the registered ones. An entry's name and its
function (given as a callable or as a ``"module:function"`` string, imported on first use) are
checked and resolved by the helpers below.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

import numpy as np

from ._checks import choice_error
from ._secrets import masked_cut
from ._text import prints_blank
from .errors import EthicLensInputError

T = TypeVar("T")


def check_entry_name(name, kind: str, fix: str) -> None:
    """Refuse an entry name that is empty or has a comma (names are listed comma-separated),
    or spaces around it or a control or format character (a list's items are stripped:
    ``--models ' rf2'`` names ``rf2``; a zero-width space is not seen), as a dataset's. A name
    that prints as nothing (a zero-width space, a Hangul filler U+3164) is empty."""
    if not isinstance(name, str) or prints_blank(name) or "," in name:
        # named by what it is ("a trainer needs ..."), never as a column called 'trainer'
        raise EthicLensInputError(
            f"a {kind} needs a non-empty name without commas", value=name, fix=fix
        )
    if name != name.strip() or not name.isprintable():
        raise EthicLensInputError(
            f"a {kind}'s name may not hold spaces around it or control characters",
            value=name,
            fix=f"give it as it is typed on the command line; {fix}",
        )


def check_function_ref(value, column: str, fix: str) -> None:
    """Refuse what is neither a callable nor a ``"module:function"`` string."""
    if not (callable(value) or (isinstance(value, str) and ":" in value)):
        raise EthicLensInputError(
            f"{column} must be a function or a 'module:function' string",
            column=column,
            value=masked_cut(repr(value), 80),  # masked, then cut: no password's tail shown
            fix=fix,
        )


def resolve_function(ref, package: str | None = None) -> Callable:
    """``ref`` itself when callable, else the function a ``"module:function"`` string names,
    imported now (a module starting with a dot is relative to ``package``)."""
    if callable(ref):
        return ref
    module, _, func = ref.partition(":")
    package = package if module.startswith(".") else None
    return getattr(importlib.import_module(module, package), func)


class Registry(Generic[T]):
    """Named entries of one kind, built-ins first, in registration order.

    Parameters
    ----------
    kind : str
        What an entry is, in messages ("trainer", "mechanism").
    item_type : type
        Entries must be instances of it.
    build_hint : str
        How to build an entry, for the error when something else is registered.
    reserved : iterable of str
        Names no entry may take (``blackbox`` for mechanisms: the baseline is not one).
    """

    def __init__(self, kind: str, item_type: type, build_hint: str, reserved=()):
        self.kind, self.item_type, self.build_hint = kind, item_type, build_hint
        self.reserved = frozenset(reserved)
        self.entries: dict[str, T] = {}  # a live mapping: name -> entry
        self._builtin: set[str] = set()

    def add_builtin(self, item: T) -> T:
        """Register a built-in entry (shipped with EthicLens: never replaced or removed)."""
        self.register(item)
        self._builtin.add(item.name)
        return item

    def check_free(self, item: T, *, replace: bool = False) -> None:
        """Refuse what :meth:`register` would refuse (not an entry, a taken or built-in name),
        before anything else about ``item`` is checked: a built-in name is refused as one,
        whatever else is wrong with the entry. Errors name the entry by its kind ("group
        metric 'selection_rate'"), never as a column. ``replace`` must be True or False (numpy's
        bool too), refused naming it before anything else: "no" is true."""
        if not isinstance(replace, bool | np.bool_):
            raise EthicLensInputError(
                "must be True or False",
                column="replace",
                kind="argument",
                value=replace,
                fix=f"replace=True replaces a {self.kind} registered under that name, "
                "False refuses it",
            )
        name = getattr(item, "name", None)
        if not isinstance(item, self.item_type) or not isinstance(name, str) or not name:
            raise EthicLensInputError(
                f"a {self.kind} must be a {self.item_type.__name__} with a non-empty name",
                value=type(item).__name__ if name is None else name,
                fix=self.build_hint,
            )
        builtin = name in self._builtin or name in self.reserved  # a built-in is registered
        if builtin or (name in self.entries and not replace):
            raise EthicLensInputError(
                "already registered"
                + (f" (built-in): a built-in {self.kind} cannot be replaced" if builtin else ""),
                column=name,
                kind=self.kind,
                fix="choose another name" + ("" if builtin else ", or pass replace=True"),
            )

    def register(self, item: T, *, replace: bool = False) -> T:
        """Add ``item`` under ``item.name``; a taken name needs ``replace`` (never a built-in)."""
        self.check_free(item, replace=replace)
        self.entries[item.name] = item
        return item

    def unregister(self, name: str) -> None:
        """Remove an entry registered at run time; absent names are ignored, what is no name
        (None, a number, a set or list: 'unhashable type') is refused naming the argument."""
        if not isinstance(name, str):
            given = "None" if name is None else type(name).__name__
            problem = f"must be a {self.kind}'s name (text), not {given}"
            fix = f"give the name the {self.kind} was registered under"
            raise EthicLensInputError(problem, column="name", value=name, fix=fix, kind="argument")
        if name in self._builtin:
            raise EthicLensInputError(
                f"built-in {self.kind}s cannot be unregistered", column=name, kind=self.kind
            )
        self.entries.pop(name, None)

    def get(self, name, where: str | None = None, *, kind: str | None = None) -> T:
        """The entry ``name``; an unknown name lists the registered ones, its near miss first
        ("did you mean 'grr'? ", ``_checks.did_you_mean``: one spelling for every registry),
        naming ``where`` as ``kind`` ("argument", "key"; default: as its spelling says, and a
        getter's own parameter ``name`` as the argument it is: ``get_model('RF')``)."""
        if not isinstance(name, str) or name not in self.entries:
            kind = kind or ("argument" if where == "name" else None)
            # the one wording of every choice (a flag click checks, a spec key): a list's words
            raise choice_error(
                name, self.names(), column=where or self.kind, kind=kind, what=self.kind
            )
        return self.entries[name]

    def names(self) -> list[str]:
        """Registered names, built-ins first."""
        return list(self.entries)

    def is_builtin(self, name: str) -> bool:
        """Whether ``name`` ships with EthicLens."""
        return name in self._builtin

    def __contains__(self, name) -> bool:
        return name in self.entries

    def __iter__(self) -> Iterator[T]:
        return iter(list(self.entries.values()))
