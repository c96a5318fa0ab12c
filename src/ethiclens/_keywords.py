"""A keyword a function does not take: one refusal, with the closest keyword it takes, for the
engine's functions (``audit(n_bot=...)``), the policy (``Policy(min_grup_size=...)``) and, by
:func:`refusing_unknown_keywords`, the results' methods and the other packages' entry points
(``result.to_html(path, titel=...)``, ``p2nia.estimate(rel, n_bot=...)``)."""

from __future__ import annotations

import difflib
import functools
import inspect
import sys
import types

from ._checks import ROLE_NAMES, names_words
from .errors import EthicLensInputError, with_found


class UnknownKeywordError(EthicLensInputError, TypeError):
    """A keyword a function does not take: the project's input error (one line, exit 2 on the
    command line) and still the ``TypeError`` Python raises for an unexpected keyword, so
    ``except TypeError`` keeps catching it.

    Said in Python's words on every entry (``audit() got an unexpected keyword argument
    'n_bot'; did you mean 'n_boot'?``): a refusal naming its keyword (``column``, as
    :func:`unknown_keyword` makes it) is not said "argument 'n_bot': ..." again, and its
    near miss follows the words, as :func:`refuse_unknown` writes it; ``column``, ``kind``
    ("argument") and ``fix`` stay set for the faces that read them."""

    def __init__(self, problem: str, *, column=None, value=None, fix=None, kind=None):
        said = column is not None and problem.endswith(f"unexpected keyword argument {column!r}")
        near = said and str(fix or "").startswith("did you mean ")
        text = f"{problem}; {fix}" if near else problem
        where = None if said else column
        super().__init__(text, column=where, value=value, fix=None if near else fix, kind=kind)
        self.problem, self.column, self.fix = problem, column, fix
        self.kind = kind or ("argument" if said else self.kind)

    def renamed(self, names: dict, kind=None, words=None) -> EthicLensInputError:
        """:meth:`EthicLensInputError.renamed`, still this class (a ``TypeError``)."""
        out = super().renamed(names, kind, words)
        if out is self or isinstance(out, UnknownKeywordError):
            return out
        again = UnknownKeywordError(
            out.problem, column=out.column, value=out.value, fix=out.fix, kind=out.kind
        )
        return with_found(again, out)


def unknown_keyword(
    function: str, key: str, choices, meant: str | None = None, fix: str | None = None
) -> UnknownKeywordError:
    """The refusal of keyword ``key`` that ``function`` (as the caller called it:
    ``AuditSpec.of``, ``MonitorRequest``) does not take, in :func:`refuse_unknown`'s words:
    its near miss among ``choices`` (``meant`` where the caller knows what the name stands
    for: ``label``: ``y_true``) or, with none, the keywords it takes (or ``fix``)."""
    choices = list(choices)
    close = [meant] if meant else difflib.get_close_matches(key, choices, n=1)
    if fix is None:
        fix = f"did you mean {close[0]!r}?" if close else f"use one of {names_words(choices)}"
    problem = f"{function}() got an unexpected keyword argument {key!r}"
    return UnknownKeywordError(problem, column=key, fix=fix, kind="argument")


def refuse_unknown(
    function: str, options: dict, allowed, choices=None, meant: dict | None = None
) -> None:
    """Refuse the first keyword of ``options`` that ``function`` does not take (``allowed``),
    with the closest of ``choices`` (default: ``allowed``), or ``meant[keyword]`` where the
    caller knows what a name stands for (a config's name of a keyword): :func:`unknown_keyword`
    raised."""
    key = next((k for k in options if k not in allowed), None)
    if key is not None:
        choices = allowed if choices is None else choices
        raise unknown_keyword(function, key, choices, (meant or {}).get(key))


def _refusing(function, name: str):
    """``function`` refusing a keyword it does not take (:func:`unknown_keyword`, named
    ``name``); one with ``**kwargs`` checks its own and is returned as it is. What it takes,
    its choices and the roles' other names are worked out once, here, not on each call; one
    that refuses already is returned as it is."""
    if getattr(function, "__refuses_keywords__", False):
        return function
    parameters = inspect.signature(function).parameters.values()
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return function
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    taken = [p.name for p in parameters if p.kind in kinds and p.name not in ("self", "cls")]
    takes = frozenset(taken)
    choices = [t for t in taken if not t.startswith("_")]
    # a role's other common name (label=) means the role it takes (y_true), never the nearest
    # spelling (pos_label, a value), as audit()'s refusal says it
    meant = {k: role for k, role in ROLE_NAMES.items() if role in takes}

    @functools.wraps(function)
    def checked(*args, **kwargs):
        if kwargs and not takes.issuperset(kwargs):
            key = next(k for k in kwargs if k not in takes)
            if not taken:
                raise UnknownKeywordError(
                    f"{name}() takes no keyword arguments (got {key!r})",
                    fix="call it without keywords",
                )
            raise unknown_keyword(name, key, choices, meant.get(key))
        return function(*args, **kwargs)

    checked.__refuses_keywords__ = True
    return checked


def refusing_unknown_keywords(target=None, *, init: bool = False):
    """``target`` refusing a keyword it does not take with one :class:`UnknownKeywordError`
    (the project's input error, still a TypeError) and the closest keyword it takes, not
    Python's bare TypeError: ``result.to_html(path, titel=...)``, ``estimate(rel, n_bot=...)``.
    A function, or a class: each of its public methods, classmethods and staticmethods (its
    constructor too with ``init=True``: ``AuditSpec(rols=...)``). Signatures stay the same
    (``functools.wraps``)."""
    if target is None:  # @refusing_unknown_keywords(init=True)
        return functools.partial(refusing_unknown_keywords, init=init)
    if init and "__init__" in vars(target):
        target.__init__ = _refusing(target.__init__, target.__name__)
    if not isinstance(target, type):
        return _refusing(target, target.__qualname__)
    for attr, value in list(vars(target).items()):
        if attr.startswith("_"):
            continue
        name = f"{target.__name__}.{attr}"
        if isinstance(value, (classmethod, staticmethod)):
            setattr(target, attr, type(value)(_refusing(value.__func__, name)))
        elif isinstance(value, types.FunctionType):
            setattr(target, attr, _refusing(value, name))
    return target


def _refusing_class(target: type) -> None:
    """``target`` (a class a package exports) refusing a keyword, once: its constructor (one
    inherited from ``object`` too: ``InlineExecutor(n_bot=1)``) and its public methods."""
    if "__refuses_keywords__" in vars(target) or issubclass(target, BaseException):
        return
    init = target.__init__
    if (init is object.__init__ and target.__new__ is object.__new__) or hasattr(init, "nothing"):

        def __init__(self):  # noqa: N807 - it takes nothing, as object's did
            pass

        __init__.__qualname__ = f"{target.__qualname__}.__init__"
        __init__.nothing = True
        target.__init__ = __init__
    refusing_unknown_keywords(target, init=True)
    target.__refuses_keywords__ = True


def refusing_exports(namespace: dict) -> None:
    """Every function and class a package exports (its ``__all__``) refusing a keyword it does
    not take with :func:`unknown_keyword`'s one refusal, not Python's bare TypeError
    (``monitor.Store(path, n_bot=1)``, ``web.serve_settings(n_bot=1)``): called at the end of
    each package's ``__init__``. A function is exported as its refusing copy, the same copy
    in every package that exports it and in the module that defines it (pickle finds it
    there); one with ``**kwargs`` checks its own and stays as it is. A class is changed in
    place (:func:`refusing_unknown_keywords`). Only the project's own: a ``click`` command
    and a name from another library stay as they are."""
    for name in namespace.get("__all__", ()):
        if name in namespace:  # a lazily loaded name: when it is (``_optional.lazy_names``)
            namespace[name] = refusing_export(namespace[name])


def refusing_export(value):
    """``value``, a name a package exports, as :func:`refusing_exports` exports it."""
    if not str(getattr(value, "__module__", "")).startswith("ethiclens."):
        return value
    if isinstance(value, type):
        _refusing_class(value)
    elif isinstance(value, types.FunctionType) or hasattr(value, "cache_clear"):
        return _exported(value)
    return value


_EXPORTED: dict = {}


def _exported(function):
    """``function``'s refusing copy, made once (``ethiclens.audit is fairness.audit``)."""
    if function not in _EXPORTED:
        checked = _refusing(function, function.__qualname__)
        for attr in ("cache_clear", "cache_info", "cache_parameters"):  # a functools cache's
            if checked is not function and hasattr(function, attr):
                setattr(checked, attr, getattr(function, attr))
        home = sys.modules.get(function.__module__)
        if checked is not function and getattr(home, function.__name__, None) is function:
            setattr(home, function.__name__, checked)
            # the plain function, still held by the modules that imported it first (a worker's
            # task: experiments._sweep's run_task), pickles as the copy's __wrapped__
            if function.__qualname__ == function.__name__:
                function.__qualname__ = f"{function.__name__}.__wrapped__"
        _EXPORTED[function] = checked
    return _EXPORTED[function]
