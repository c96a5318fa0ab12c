"""The audit's label and group rules, applied to the monitor's counted cells.

``--bins``: a numeric attribute's values (text on every engine) mapped to the audit's bin
labels (``fairness.bin_attribute``: its edges, labels and refusals) before any other edit.

``--pos-label``: which label and prediction value is positive when they are not 0/1 — the
audit's rule (values typed as pandas types a CSV column, then compared in that type) on every
engine's cells, whose labels arrive as text. ``--merge-groups`` and ``--exclude-group``: merged
groups are counted as one, excluded ones are left out of that attribute's comparisons, applied
to the cells after counting (so every engine and the database get them alike), checked by the
audit's own checks (``fairness.check_group_edits``) on the first run's groups.
"""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pandas as pd

from .._text import plural  # noqa: F401 (the monitor's, kept here: one helper)
from ..errors import EthicLensInputError
from ..fairness import (
    bin_attribute,
    check_intersection_combos,
    positive_mask,
    refuse_label_clash,
)

# pandas reads these as booleans in a CSV column (and nothing else: not yes/no)
_BOOLEANS = {"True": True, "TRUE": True, "true": True, "False": False, "FALSE": False,
             "false": False}  # fmt: skip


def positive_labels(values: pd.Series, name: str, pos_label) -> np.ndarray:
    """0/1 per value of a label or prediction column (``name``: as the audit names it,
    ``COL (y_true)``): 1 where it equals ``pos_label`` compared in the column's type; refused,
    as the audit refuses it, when ``pos_label`` occurs nowhere."""
    typed = typed_text(label_text(values))
    return positive_mask(typed, name, pos_label).astype(np.int64)


def label_text(values: pd.Series) -> pd.Series:
    """A label column's values as text, as pandas reads a CSV column (the audit's reading):
    the whitespace around numbers dropped (`` 1`` is 1), text as written (`` >50K.`` is not
    ``>50K.``: ``--pos-label '>50K.'`` is refused there, "does not occur as written", and
    its values are named with their spaces)."""
    text = values.astype(str)
    stripped = text.str.strip()
    try:
        pd.to_numeric(stripped)
    except (ValueError, TypeError):
        return text
    return stripped


def names_one(pos_label) -> bool:
    """Whether ``pos_label`` names the 0/1 labels' positive 1 as a number or a Python truth
    (1, 1.0, '1', True; not the text 'true', which the audit refuses on 0/1 labels): the
    request without one, as the store keys it (``_run._label_key``)."""
    if isinstance(pos_label, bool):
        return pos_label
    try:
        return Decimal(str(pos_label).strip()) == 1
    except (ArithmeticError, ValueError):  # ValueError: an int past str()'s 4,300 digits
        return False


def typed_text(text: pd.Series) -> pd.Series:
    """Label text typed as pandas types a CSV column: numbers, else booleans, else text."""
    try:
        return pd.to_numeric(text)
    except (ValueError, TypeError):
        pass
    if text.isin(list(_BOOLEANS)).all():
        return text.map(_BOOLEANS).astype(bool)
    return text


def binned_groups(cells: pd.DataFrame, bins: dict | None, rows: str) -> None:
    """Replace each binned attribute of ``cells`` (values as text, ``rows`` rows per cell) by
    its bin label, refused as the audit refuses it: a value that is not a number or lies
    outside the edges. The caller sums the cells that now share a label."""
    for col, edges in (bins or {}).items():
        # in text order, so that "first: ..." names the same value whatever order an engine
        # handed the cells over in
        values = cells[col].sort_values(kind="stable")
        binned = bin_attribute(values, edges, col, rows=cells.loc[values.index, rows])
        cells[col] = binned.reindex(cells.index)


def check_groups(cells: pd.DataFrame, protected) -> None:
    """The audit's rules for a protected attribute's values (its own encoding of the groups,
    through ``fairness.check_group_edits``): a numeric attribute with more distinct values than
    the audit takes for groups "looks continuous" (--bins it). The engines hand the groups over
    as text: typed as pandas types a CSV column first, so that every engine is judged alike.
    Then a typed column's groups as written, as the monitor keeps them (and the audit reads a
    CSV's): typed, ' 2' and '2' were one number, so two groups that print the same were counted
    apart where the audit refuses them ('distinct values print the same')."""
    from ..fairness import check_group_edits as audit_checks

    groups = cells[list(protected)].drop_duplicates()
    typed = {col: typed_text(groups[col]) for col in protected}
    audit_checks(pd.DataFrame(typed), look_alike=False)  # after the edits: refuse_look_alike
    written = [col for col in protected if typed[col] is not groups[col]]
    if written:
        audit_checks(groups[written].astype(str).astype(object), look_alike=False)


def refuse_look_alike(table: pd.DataFrame, request) -> None:
    """The audit's refusal of a batch's groups that read alike ('F' and 'F ', ' 2' and '2'),
    on the groups as written after the request's edits, as the audit checks them
    (``fairness.refuse_look_alike_groups``): a --merge-groups or --exclude-group naming the
    spellings resolves them, and its fix gives that merge."""
    from ..fairness import refuse_look_alike_groups

    edits = (request.merge_groups, request.exclude_groups)
    attrs = {}
    for col in request.roles().protected:
        if col in (request.bins or {}) or col not in table.columns:
            continue
        edited = edited_groups(table, col, *edits)[col]
        attrs[col] = (sorted({str(v) for v in pd.unique(edited)}), None)
    refuse_look_alike_groups(attrs, merges=request.merge_groups)  # the fix extends them


def check_group_edits(table: pd.DataFrame, protected, merges, excludes) -> None:
    """The audit's checks of ``merges`` and ``excludes`` against the groups in ``table``'s
    ``protected`` columns (its messages, with the monitor's flags named)."""
    from ..fairness import check_group_edits as check

    try:
        if merges or excludes:
            check(table[list(protected)], exclude_groups=excludes, merge_groups=merges)
    except EthicLensInputError as exc:
        column = str(exc.column or "")
        flags = {"exclude_groups": "--exclude-group", "merge_groups": "--merge-groups"}
        for key, flag in flags.items():
            if column == key or column.startswith(key + "["):
                raise EthicLensInputError(
                    exc.problem, column=flag, value=exc.value, fix=exc.fix
                ) from None
        raise


def check_single_bins(table: pd.DataFrame, bins: dict) -> None:
    """A binned attribute with one bin can never have two groups: refused with the audit's
    line (a raw attribute with one group so far is only noted: others may come)."""
    from ..fairness import check_two_groups

    for attr, edges in (bins or {}).items():
        if len(edges) == 2 and attr in table:
            check_two_groups(attr, sorted(table[attr].dropna().unique(), key=str))


def edited_groups(table: pd.DataFrame, attr: str, merges, excludes) -> pd.DataFrame:
    """``table`` with ``attr``'s merged groups renamed to their new group and the rows of its
    excluded groups (named after the merges, as the audit names them) left out."""
    renamed = {old: new for new, olds in (merges or {}).get(attr, {}).items() for old in olds}
    dropped = set((excludes or {}).get(attr, []))
    if not (renamed or dropped):
        return table
    groups = table[attr].map(lambda g: renamed.get(g, g))
    keep = ~groups.isin(dropped)
    return table.assign(**{attr: groups})[keep.to_numpy()]


SEP = "&"  # joins an intersection's attributes and groups, as the audit does: 'Black&Female'


def check_intersections(combos, columns) -> None:
    """The audit's checks of ``--intersect`` (its messages, the flag named)."""
    check_intersection_combos(combos, list(columns), "--intersect")


def attribute_tables(table: pd.DataFrame, request) -> dict:
    """{attribute: the counts table with its groups edited}: each protected column, then each
    intersection (``race&sex``: a column of its parts' edited groups joined with ``&``; a row
    excluded from any part is left out of the crossing, as in the audit)."""
    edits = (request.merge_groups, request.exclude_groups)
    cols = request.roles().protected
    tables = {a: edited_groups(table, a, *edits) for a in cols}
    for combo in request.intersections or ():
        crossed = table
        for a in combo:
            crossed = edited_groups(crossed, a, *edits)
        parts = [crossed[a] for a in combo]
        joined = parts[0].str.cat(parts[1:], sep=SEP)
        combos = crossed[list(combo)].drop_duplicates()
        if joined.nunique() < len(combos):  # the audit's words, the same pair named
            refuse_label_clash(combos.astype(str).to_numpy().tolist(), SEP, "--intersect")
        tables[SEP.join(combo)] = crossed.assign(**{SEP.join(combo): joined})
    return tables


def crossing_parts(tables: dict, request) -> dict:
    """{intersection: {crossed group: [its parts]}} of ``attribute_tables``' tables: which
    groups of its attributes each crossed group joins (``'x&y&z'``: ``['x&y', 'z']``)."""
    crossed = {}
    for combo in request.intersections or ():
        name = SEP.join(combo)
        cells = tables[name][[name, *combo]].drop_duplicates()
        crossed[name] = {str(row[0]): [str(p) for p in row[1:]] for row in cells.to_numpy()}
    return crossed


def refuse_crossed_again(stored, known: dict, crossed: dict, where: str, store=True) -> dict:
    """Refuse a crossed group whose parts differ from those the store (or the other table of
    this run) counted under the same name (``'x&y'`` + ``'z'``, then ``'x'`` + ``'y&z'``: one
    name, two crossings, which the audit refuses in one file). ``stored``: as
    ``crossing_parts`` gives them (None or lacking a name: written before they were kept; then
    a crossed group of ``known``, the store's groups, is another crossing when one of its
    parts is no group ``known`` holds); ``where``: what counted the other (``store``: the
    store's windows, whose fix is a new store too). Returns ``stored`` with ``crossed`` added."""
    merged = {name: dict(labels) for name, labels in (stored or {}).items()}
    for name, labels in crossed.items():
        combo = name.split(SEP)
        for label, parts in sorted(labels.items()):
            other = merged.get(name, {}).get(label)
            if other is None and label in known.get(name, []):
                groups = [known.get(a, []) for a in combo]
                if any(p not in g for p, g in zip(parts, groups, strict=False)):
                    other = _split(label, groups)  # the parts the store knows
            if other is not None and other != parts:
                pair = " and ".join(str(tuple(p)) for p in sorted([other, parts]))
                raise EthicLensInputError(
                    f"groups {pair} would both be labelled {label!r} ({where} counted "
                    f"{tuple(other)} under that name)",
                    column="--intersect",
                    fix=f"rename group values that contain {SEP!r} before crossing"
                    + (
                        ", and give a new --store (its windows counted the other crossing "
                        "under that name)"
                        if store
                        else " (in TARGET or the baseline)"
                    ),
                )
            merged.setdefault(name, {})[label] = parts
    return merged


def _split(label: str, groups: list) -> list | None:
    """``label`` cut into one group of each list, joined by ``SEP`` (None: none does)."""
    if len(groups) == 1:
        return [label] if label in groups[0] else None
    for g in groups[0]:
        if label.startswith(g + SEP):
            rest = _split(label[len(g) + 1 :], groups[1:])
            if rest is not None:
                return [g, *rest]
    return None
