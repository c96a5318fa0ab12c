"""One group, one spelling, whatever batch it comes in: the store's groups are its keys.

The engines label the groups as the audit does: a float column's values ``1.0``, an integer
column's ``1``. A stream whose exports switch between the two (a CSV written by pandas after a
missing value, a Parquet file of another writer) would split every group into a new one, the
real comparisons stopping without a word. So, per batch and protected column:

* a column whose values are all whole numbers written as floats (``1.0``, ``2.0``) is keyed as
  an integer column is (``1``, ``2``), unless the store already keys them as floats (a store
  written before) or the request names the float spelling (``--protected g=1.0``);
* a group new to the store whose spelling, normalised (spaces stripped, case folded, a whole
  float written as an integer), is a known group's is refused, nothing written: ``A `` or
  ``a`` beside the store's ``A`` is a recoding slip, not a new group.
"""

from __future__ import annotations

import math
import re

import pandas as pd

from ..errors import EthicLensInputError
from ._edits import edited_groups

# a float as Python and DuckDB write it: 1.0, -3.0, 1e+16, 2.5e+20
_FLOAT_TEXT = re.compile(r"[+-]?(\d+\.\d*|\d+(\.\d*)?e[+-]?\d+)", re.IGNORECASE)


def whole_float_text(text: str) -> str | None:
    """``1`` for ``1.0`` (and ``-0`` written ``0``); None when ``text`` is not a float's text
    or not a whole number."""
    if not _FLOAT_TEXT.fullmatch(text):
        return None
    value = float(text)
    if not math.isfinite(value) or not value.is_integer():
        return None
    return str(int(value))


def normalised(group: str) -> str:
    """A group's spelling as compared with the store's: stripped, case folded, a whole float
    written as an integer."""
    text = str(group).strip()
    return (whole_float_text(text) or text).casefold()


def _named(request, col: str) -> set:
    """The groups of ``col`` the request spells out: its reference, merged and excluded
    groups."""
    named = {request.attributes()[1].get(col)}
    for new, olds in (request.merge_groups or {}).get(col, {}).items():
        named |= {new, *olds}
    named |= set((request.exclude_groups or {}).get(col, []))
    return {str(g) for g in named if g is not None}


def align_spellings(table: pd.DataFrame, request, known: dict) -> None:
    """Key ``table``'s whole-float groups as integers (in place; see the module's docstring).
    ``known``: the store's groups per attribute."""
    for col in request.roles().protected:
        if col in (request.bins or {}) or col not in table.columns:
            continue
        values = [str(v) for v in pd.unique(table[col])]
        ints = {v: whole_float_text(v) for v in values}
        if not values or None in ints.values() or len(set(ints.values())) < len(values):
            continue
        if set(values) & (set(known.get(col) or []) | _named(request, col)):
            continue  # the store (or the request) spells them as floats: kept
        table[col] = table[col].map(ints)


def refuse_respelled(table: pd.DataFrame, request, known: dict, refs: dict) -> None:
    """Refuse a batch bringing a group new to the store that is a known group spelled
    otherwise (see the module's docstring); ``refs``: the store's references."""
    edits = (request.merge_groups, request.exclude_groups)
    for col in request.roles().protected:
        groups = [str(g) for g in known.get(col) or []]
        if not groups or col in (request.bins or {}) or col not in table.columns:
            continue
        seen = [str(v) for v in pd.unique(edited_groups(table, col, *edits)[col])]
        spelled = {normalised(g): g for g in groups}
        for group in seen:
            ours = spelled.get(normalised(group))
            if group not in groups and ours is not None:
                raise _respelled(col, ours, group, refs.get(col), seen)


def _respelled(col: str, ours: str, group: str, ref: str | None, seen: list):
    missing = ""
    if ref is not None and ref not in seen:
        missing = f"; the store's reference {ref!r} has no rows in this batch"
    return EthicLensInputError(
        f"this batch spells the store's group {ours!r} as {group!r}: it would be compared as a "
        f"new group and the comparisons of {ours!r} would stop{missing}",
        column=col,
        value=group,
        fix=f"recode {col} so that its groups are spelled as the store's ({group!r} -> "
        f"{ours!r}: {_how(ours, group, col)}), then rerun; nothing was written",
    )


def _how(ours: str, group: str, col: str) -> str:
    """What turns the batch's spelling into the store's."""
    if group.strip() == ours:
        return "strip the spaces"
    if group.casefold() == ours.casefold():
        return "fix the case"
    if whole_float_text(group.strip()) == ours:
        return f"cast {col} to integers"
    if whole_float_text(ours) == group.strip():
        return f"cast {col} to floats, as the store's groups are written"
    return "strip spaces, fix the case, cast whole floats to integers"
