"""One group, one key, whatever batch it comes in: the store's groups are its keys.

The engines label the groups as the audit does: a float column's values ``1.0``, an integer
column's ``1``. A stream whose exports switch between the two (a CSV written by pandas after a
missing value, a Parquet file of another writer) would split every group into a new one, the
real comparisons stopping without a word. So each group is keyed by its value, batch by batch,
whatever else the batch holds:

* a group spelled as a number is written — an integer's digits (``1``, ``-3``) or a float as
  Python, pandas and DuckDB print it (``1.0``, ``1.5``, ``1e+16``) — is a number: it takes the
  key the store (or the request: ``--protected g=1.0``) already gives that value, whatever its
  spelling (``1`` or ``1.0``), else its own key: a whole number's digits (``1`` for ``1.0``;
  a whole float from 2^53 on keeps its text; its float text, ``2.0``, where the request names
  a whole float, ``g=1.0``, as the audit labels a float column), any other float's text
  (``1.5``);
* a truth is its 1 or 0, whatever the column's type: a bool column's ``True`` and ``False``
  (as the audit labels it) and ``true``/``false`` in any case (a text column, a CSV) take the
  key the store or the request gives 1 or 0 (``1``, ``1.0``), and a store's ``True`` and
  ``False`` are the keys of a batch's ``1`` and ``0`` (int, float or text): a bool Parquet
  store fed a CSV written 1|0 keeps comparing ``True`` with ``False``; a truth new to the
  store keeps its text;
* any other group is text and keeps its text exactly (``1e3``, ``2.50e2``, ``01``, ``A``); a
  text group new to the store that is a known group with other spaces or case (``A `` or
  ``a`` beside the store's ``A`` alone), other code points (``José`` decomposed, NFD) or
  invisible characters (a zero-width space) is refused, nothing written: a recoding slip, not
  a new group (as one batch's two such spellings are). A store that holds both ``a`` and ``A``
  keeps both.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal

import pandas as pd

from .._checks import did_you_mean, names_words
from .._text import as_seen
from ..errors import EthicLensInputError, FaceFix
from ._edits import check_group_edits, edited_groups, refuse_look_alike
from ._windows import SUMMED

# a number as written: an integer's digits, a float as Python prints it (repr: 1.0, 1e+16)
_INT_TEXT = re.compile(r"-?(0|[1-9]\d*)")
_FLOAT_TEXT = re.compile(r"-?\d+(\.\d+)?(e[+-]\d+)?")
_EXACT = 2**53  # whole floats below it are exactly their integer's digits
_TRUTHS = {"true": Decimal(1), "false": Decimal(0)}  # a bool is its 0/1, as in arithmetic


def number(text: str) -> Decimal | None:
    """The value of a group spelled as a number is written (see the module's docstring);
    None for text."""
    if _INT_TEXT.fullmatch(text):
        return Decimal(text)
    if not _FLOAT_TEXT.fullmatch(text) or not ("." in text or "e" in text):
        return None
    value = float(text)
    if not math.isfinite(value) or repr(value) != text:
        return None
    return Decimal(text)


def _value(text: str) -> Decimal | None:
    """A group's value: a number's (:func:`number`), or a truth's as 1 and 0 (``True`` and
    ``False``, as the audit labels a bool column; ``true`` and ``false`` in any case, a text
    column's or a CSV's); None for any other text."""
    truth = _TRUTHS.get(text.casefold())
    return number(text) if truth is None else truth


def _own_key(text: str, value: Decimal, floats: bool) -> str:
    """A number's key when no known group has its value: a whole number's digits (its float
    text with ``floats``: the request names a whole float, ``g=1.0``), else its float text."""
    if value == value.to_integral_value() and abs(value) < _EXACT:
        return repr(float(value) + 0.0) if floats else str(int(value))  # -0.0 is 0.0
    return text


def _whole_float(text: str) -> bool:
    value = number(text)
    return (
        value is not None and value == value.to_integral_value() and not _INT_TEXT.fullmatch(text)
    )


def _named(request, col: str) -> list:
    """The groups of ``col`` the request spells out: its reference, merged and excluded
    groups."""
    named = [request.attributes()[1].get(col)]
    for new, olds in (request.merge_groups or {}).get(col, {}).items():
        named += [new, *olds]
    named += list((request.exclude_groups or {}).get(col, []))
    return [str(g) for g in named if g is not None]


def _keys(values, known: list, floats: bool) -> dict:
    """Each group text -> its key (see the module's docstring); ``known``: the store's and the
    request's groups, in that order; ``floats``: whole numbers keyed as floats."""
    by_value: dict = {}
    for k in known:
        v = _value(k)
        if v is not None:
            by_value.setdefault(v, k)
    keys = {}
    for text in values:
        v = None if text in known else _value(text)
        if v is not None and v in by_value:
            keys[text] = by_value[v]
        elif v is not None and number(text) is not None:
            keys[text] = _own_key(text, v, floats)
        else:
            keys[text] = text
    return keys


def _column_keys(table: pd.DataFrame, request, known: dict):
    """(column, {group text: its key}) of each protected column ``table`` holds that is not
    binned: the keys :func:`spelled` sums by and :func:`refuse_spelled_twice` checks."""
    for col in request.roles().protected:
        if col in (request.bins or {}) or col not in table.columns:
            continue
        named = _named(request, col)
        ours = [str(g) for g in known.get(col) or []] + named
        floats = any(_whole_float(g) for g in named)
        yield col, _keys([str(v) for v in pd.unique(table[col])], ours, floats)


def spelled(table: pd.DataFrame, request, known: dict) -> pd.DataFrame:
    """``table`` with each group keyed by its value (see the module's docstring); cells that
    now share their keys summed. ``known``: the store's groups per attribute."""
    changed = False
    for col, keys in _column_keys(table, request, known):
        if any(k != t for t, k in keys.items()):
            table = table.assign(**{col: table[col].map(keys)})
            changed = True
    return _summed(table) if changed else table


def refuse_spelled_twice(
    table: pd.DataFrame, request, known: dict, text: bool | set = False, where=None
) -> None:
    """Refuse a batch of ONE file or table whose text column writes one value two ways (``1``
    and ``1.0``, ``True`` and ``1``): the audit of that file compares them as two groups, so
    keying them as one (:func:`spelled`) would silently give another answer. The request may
    merge them (``--merge-groups 'g=1,1.0:1'``): named groups keep their text. Spellings one
    typed column writes together (a float column's ``-0.0`` and ``0.0``) merge, unless
    ``text``: the batch is CSV text (a file, or a folder or glob of them) or a database's keys,
    whose every spelling the audit reads as its own group (``-0`` beside ``0`` too), or the set
    of its columns that
    hold text only (a DataFrame's). ``where``: for a folder's
    files, ``(column, spellings) -> {spelling: the file writing it}``, named in the refusal. A
    folder whose files differ in type (one int Parquet file, one float) is not refused: keying
    its groups by value is the documented merge."""
    for col, keys in _column_keys(table, request, known):
        by_key: dict = {}
        for spelling, key in keys.items():
            by_key.setdefault(key, []).append(spelling)
        apart = text if isinstance(text, bool) else col in text
        for key, texts in by_key.items():
            kinds = [_kind(t) for t in texts]
            if len(texts) > 1 and (apart or len(set(kinds)) > 1 or kinds.count("truth") > 1):
                texts = sorted(texts, key=lambda t: (t != key, t))
                raise _spelled_twice(col, key, texts, where(col, texts) if where else None)


def _kind(text: str) -> str:
    """Which typed column could label a group ``text``: ``truth`` (a bool's), ``int`` or
    ``float``. One typed column writes one kind, so ``-0.0`` beside ``0.0`` (a float column's
    signed zeros, one group in the audit too) is no text column's two spellings."""
    if text.casefold() in _TRUTHS:
        return "truth"
    return "int" if _INT_TEXT.fullmatch(text) else "float"


def _spelled_twice(col: str, key: str, texts: list, files: dict | None) -> EthicLensInputError:
    words, place = names_words(texts), "in one file or table"
    if files:  # a folder's files: each spelling named with the first file writing it
        shown = [names_words([t]) + (f" in {files[t]}" if t in files else "") for t in texts]
        words = ", ".join(shown)
        place = "in the files of one TARGET"

    def fix(merge: str) -> str:
        return (
            f"recode {col} so that it writes the value one way, or merge them as one group: "
            f"{merge} (a store keeps the merges it was started with); nothing was written"
        )

    cli = f"--merge-groups '{col}={','.join(texts)}:{key}'"  # the command line's
    python = f"merge_groups={{{col!r}: {{{key!r}: {texts!r}}}}}"  # MonitorRequest's
    return EthicLensInputError(
        f"{col} writes one value {len(texts)} ways ({words}) {place}: the audit "
        f"of it compares them as {len(texts)} groups, the monitor would count them as one "
        f"group {key!r}",
        column=col,
        value=texts[-1],
        fix=FaceFix(fix(python), fix(cli)),
    )


def _summed(table: pd.DataFrame) -> pd.DataFrame:
    """The cells of ``table`` that share their keys summed (the weights' sums summed, their
    extremes kept)."""
    how = {c: f for c, f in SUMMED.items() if c in table.columns}
    keys = [c for c in table.columns if c not in how]
    if not table.duplicated(keys).any():
        return table
    return table.groupby(keys, sort=True, dropna=False).agg(how).reset_index()[list(table.columns)]


def refuse_respelled(table: pd.DataFrame, request, known: dict, refs: dict) -> None:
    """Refuse a batch bringing a text group new to the store that is a known group with other
    spaces, case, code points or invisible characters (see the module's docstring); ``refs``:
    the store's references. Groups of the batch itself that read alike after the edits are
    refused first, as the audit refuses them (:func:`refuse_look_alike`); a merge's own
    problem first, as the audit checks the merges before (a merge naming some of them,
    'F,"F ":F' beside 'F  ': "new group name 'F' reads as the existing group 'F  '", the
    audit's words, on any run: a look-alike may come in a later batch)."""
    try:
        refuse_look_alike(table, request)
    except EthicLensInputError:
        if request.merge_groups:
            merges, protected = request.merge_groups, request.roles().protected
            check_group_edits(with_named(table, request), protected, merges, None)
        raise
    edits = (request.merge_groups, request.exclude_groups)
    for col in request.roles().protected:
        groups = [str(g) for g in known.get(col) or []]
        if not groups or col in (request.bins or {}) or col not in table.columns:
            continue
        seen = [str(v) for v in pd.unique(edited_groups(table, col, *edits)[col])]
        match = _slips(groups)  # the store's groups read once: a batch may bring thousands new
        for group in seen:
            ours = None if group in groups else match(group)
            if ours is not None:
                raise _respelled(col, ours, group, refs.get(col), seen)


def lookalike(group: str, groups: list) -> str | None:
    """The known group ``group`` is with other spaces or case (the one with its case or its
    spaces first: a store may hold ``a`` and ``A``); None when none is."""
    alike = [g for g in groups if g.strip().casefold() == group.strip().casefold()]
    spaced = [g for g in alike if g == group.strip()]
    cased = [g for g in alike if g.casefold() == group.casefold()]
    return (spaced or cased or alike or [None])[0]


def _respelled(col: str, ours: str, group: str, ref: str | None, seen: list):
    missing = ""
    if ref is not None and ref not in seen:
        missing = f"; the store's reference {ref!r} has no rows in this batch"
    if group.strip() == ours:
        how = "strip the spaces"
    elif group.casefold() == ours.casefold():
        how = "fix the case"
    elif group.strip().casefold() == ours.strip().casefold():
        how = "strip the spaces and fix the case"
    else:  # the same letters in other code points (NFD), or with invisible characters
        what = "the same letters in other code points or with invisible characters"
        if group.split() == ours.split():  # 'A  B', 'A\tB' or 'A\u00a0B' for 'A B'
            what = "other whitespace between the words"
        how = (
            f"{what}, {_points(group, ours)} here, {_points(ours, group)} in the store: write "
            "the store's"
        )
    return EthicLensInputError(
        f"this batch spells the store's group {ours!r} as {group!r}: it would be compared as a "
        f"new group and the comparisons of {ours!r} would stop{missing}",
        column=col,
        value=group,
        fix=f"recode {col} so that its groups are spelled as the store's ({group!r} -> "
        f"{ours!r}: {how}), then rerun; nothing was written",
    )


def _points(text: str, other: str, room: int = 40) -> str:
    """``text``'s code points, at most ``room`` of them: from a few before the first one that
    differs from ``other`` when that one lies further in (a long name's first 40 points may be
    the same in both spellings), a cut marked with '…'."""
    pairs = enumerate(zip(text, other, strict=False))
    same = next((i for i, (a, b) in pairs if a != b), min(len(text), len(other)))
    start = 0 if same < room - 3 else same - 3
    shown = " ".join(f"U+{ord(c):04X}" for c in text[start : start + room])
    return "… " * bool(start) + shown + " …" * (start + room < len(text))


def _absent(table: pd.DataFrame, request, col: str, slips: bool = False) -> list:
    """The groups of ``col`` the request names that no row of ``table`` holds, and no group
    of it spells with other spaces or case (a slip the audit's checks name on a first run;
    ``slips``: refused here, a later run's batch spelling a named group otherwise)."""
    present = [str(v) for v in pd.unique(table[col])] if col in table.columns else []
    merges = (request.merge_groups or {}).get(col, {})
    present += [str(new) for new, olds in merges.items() if set(map(str, olds)) & set(present)]
    targets = {str(new) for new in merges}
    named = dict.fromkeys(g for g in _named(request, col) if g not in targets)
    absent = [g for g in named if g not in present]
    for g in absent if slips else ():
        ours = slip(g, present)
        if ours is not None:
            raise EthicLensInputError(
                f"the request names the group {g!r} of {col}, which this batch spells {ours!r}: "
                f"its rows would not be merged, excluded or compared as asked",
                column=col,
                value=g,
                fix=f"recode {col} so that {ours!r} is spelled {g!r}, or start a new --store "
                f"naming {ours!r}; nothing was written",
            )
    return [g for g in absent if slip(g, present) is None]


def slip(group: str, present: list) -> str | None:
    """The group of ``present`` that ``group`` is with other case, spaces or invisible
    characters (``White\u3164``: it reads as ``White``); None when none is."""
    return _slips(present)(group)


def _slips(present: list):
    """:func:`slip` against ``present``, its groups read once (each as a reader sees it), then
    looked up by key: a batch's many new groups against a long store in linear time."""
    folded: dict = {}  # lookalike's key (spaces around, case) -> its groups, in their order
    seen: dict = {}  # the key as the reader sees it -> its first group
    for g in present:
        folded.setdefault(g.strip().casefold(), []).append(g)
        seen.setdefault(as_seen(g).casefold(), g)

    def match(group: str) -> str | None:
        ours = lookalike(group, folded.get(group.strip().casefold(), []))
        return ours or seen.get(as_seen(group).casefold())

    return match


def with_named(table: pd.DataFrame, request) -> pd.DataFrame:
    """``table``'s protected columns, with one row more for each group the request names
    (merged, excluded) that the batch has no rows of: in a stream a group may be absent from
    the first batch, so the audit's checks of the edits are run on the groups named too (a
    merge of a group merged twice, an exclusion leaving one group: still refused)."""
    cols = list(request.roles().protected)
    groups = table[cols]
    extra = [(col, g) for col in cols for g in _absent(table, request, col)]
    if not extra or groups.empty:
        return groups
    first = groups.iloc[0]
    rows = [{**first.to_dict(), col: g} for col, g in extra]
    return pd.concat([groups, pd.DataFrame(rows, columns=cols)], ignore_index=True)


def absent_notes(table: pd.DataFrame, request, known: dict) -> list[str]:
    """A note per group the request names (its reference, merged or excluded) that this batch
    has no rows of and the store has not seen: the run proceeds (a group may be absent from a
    window), the name and the groups seen said, so that a misspelled name is not missed."""
    notes = []
    ref = request.attributes()[1]
    for col in request.roles().protected:
        groups = sorted({str(v) for v in pd.unique(table[col])})[:20]
        seen = f"this batch's groups: {names_words(groups)}"
        if known.get(col):
            seen += f"; the store's: {names_words(sorted(map(str, known[col]))[:20])}"
        for g in _absent(table, request, col, slips=bool(known)):
            if g in (known.get(col) or []) and g != ref.get(col):
                continue
            what = "the reference group" if g == ref.get(col) else "the group"
            then = (
                f"{col}'s comparisons are not judged in a window without its rows (ONE_GROUP)"
                if g == ref.get(col)
                else "its merge or exclusion applies to its rows when they come"
            )
            guess = did_you_mean(g, [*map(str, pd.unique(table[col])), *(known.get(col) or [])])
            notes.append(
                f"{what} {g!r} of {col} has no rows in this batch ({seen}): {then}; a "
                "misspelled name never matches: check it" + (f" ({guess.strip()})" * bool(guess))
            )
    return notes


class AbsentGroupWarning(UserWarning):
    """A group the request names that a batch has no rows of (:func:`absent_notes`): a
    Python caller's warning; the command line says it once, as a note."""
