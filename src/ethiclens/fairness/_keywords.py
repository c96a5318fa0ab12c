"""A keyword a function does not take: one refusal, with the closest keyword it takes, for the
engine's functions (``audit(n_bot=...)``) and the policy (``Policy(min_grup_size=...)``)."""

from __future__ import annotations

import difflib

from .._checks import names_words
from ..errors import EthicLensInputError


class UnknownKeywordError(EthicLensInputError, TypeError):
    """A keyword a function does not take: the project's input error (one line, exit 2 on the
    command line) and still the ``TypeError`` Python raises for an unexpected keyword, so
    ``except TypeError`` keeps catching it."""


def refuse_unknown(
    function: str, options: dict, allowed, choices=None, meant: dict | None = None
) -> None:
    """Refuse the first keyword of ``options`` that ``function`` does not take (``allowed``),
    with the closest of ``choices`` (default: ``allowed``), or ``meant[keyword]`` where the
    caller knows what a name stands for (a config's name of a keyword)."""
    key = next((k for k in options if k not in allowed), None)
    if key is None:
        return
    choices = list(allowed) if choices is None else list(choices)
    close = [meant[key]] if key in (meant or {}) else difflib.get_close_matches(key, choices, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownKeywordError(
        f"{function}() got an unexpected keyword argument {key!r}{hint}",
        fix=None if close else f"use one of {names_words(choices)}",
    )
