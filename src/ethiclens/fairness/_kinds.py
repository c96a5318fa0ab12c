"""Argument kinds (``_checks.argument_kinds``) of the fairness helpers other subpackages call
(the sources, the probes, P2NIA, privacy, the report): a wrong kind refused naming the
argument and the fix, never Python's TypeError or numpy's IndexError from inside."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

import numpy as np
import pandas as pd

from .._checks import TEXT_LIKE, argument_kinds, instance_kind, type_refusal
from ..errors import EthicLensInputError

_ONE_VALUE = (*TEXT_LIKE, Mapping, pd.DataFrame)
# re-exported (one import for the helpers), beside this module's own kinds
__all__ = ["argument_kinds", "instance_kind", "type_refusal", "items_kind", "name_kind"]
__all__ += ["counts_kind", "is_names", "is_text"]


def items_kind(words: str, fix: str, *, item=None, item_words: str = "", ordered=False):
    """A list-like (a list, tuple, set, 1-d array, Series or Index; a generator is read once,
    as given): None, one text, bytes, a dict, a frame, a 0-d array or a number refused;
    ``item``: a check of each item of a sized list-like (``item_words``: what each must be);
    ``ordered``: one value per row, so a set (no order) and a generator (no length) too."""

    def check(value, argument: str) -> None:
        if (
            value is None
            or isinstance(value, _ONE_VALUE)
            or getattr(value, "ndim", 1) != 1
            or not hasattr(value, "__iter__")
            or (ordered and (isinstance(value, AbstractSet) or not hasattr(value, "__len__")))
        ):
            raise type_refusal(value, f"must be {words}, not", column=argument, fix=fix)
        if item is not None and hasattr(value, "__len__"):
            for one in value:
                if not item(one):
                    problem = f"must hold {item_words}, not"
                    raise type_refusal(one, problem, column=argument, fix=fix)

    return check


def is_text(value) -> bool:
    return isinstance(value, str)


def is_names(value) -> bool:  # one crossing: a list or tuple of column names
    return (
        isinstance(value, list | tuple | np.ndarray | pd.Index) and getattr(value, "ndim", 1) == 1
    )


def name_kind(words: str, fix: str):
    """One column name (text or a number that hashes); a set, a dict, a list, a frame, a
    generator, or a whole number past Python's int-to-text limit (no text can name it) refused."""

    def check(value, argument: str) -> None:
        try:
            ok = hash(value) is not None and not hasattr(value, "__next__")
        except TypeError:
            ok = False
        if ok and isinstance(value, int):  # 10**5000: str() raises past 4,300 digits
            try:
                str(value)
            except ValueError:
                problem = f"must be {words}, not a whole number past 4,300 digits"
                raise EthicLensInputError(
                    problem, column=argument, kind="argument", value=value, fix=fix
                ) from None
        if not ok:
            raise type_refusal(value, f"must be {words}, not", column=argument, fix=fix)

    return check


def counts_kind(fix: str):
    """None, or a 1-d array-like of numbers (how many rows each value stands for; empty where
    the values are): a set, a dict, text, a number, a 0-d array or a frame refused."""

    def check(value, argument: str) -> None:
        if value is None:
            return
        arr = None
        if not isinstance(value, (*_ONE_VALUE, AbstractSet)) and hasattr(value, "__len__"):
            try:
                arr = np.asarray(value)
            except (TypeError, ValueError):
                arr = None
        if arr is None or arr.ndim != 1 or (arr.size and arr.dtype.kind not in "biuf"):
            words = "must be a 1-d array of row counts (one per value), or None, not"
            raise type_refusal(value, words, column=argument, fix=fix)

    return check
