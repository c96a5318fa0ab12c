"""Input checks for the audit engine: every failure names the column, the value and the fix."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import EthicLensInputError


def _label(values, role: str) -> str:
    name = getattr(values, "name", None)
    return f"{name} ({role})" if name is not None and str(name) != role else role


def _first_bad(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def check_length(values, n: int, role: str) -> None:
    if len(values) != n:
        raise EthicLensInputError(
            f"has {len(values)} rows but y_pred has {n}; lengths differ",
            column=_label(values, role),
            fix="pass arrays that describe the same rows, in the same order",
        )


def as_binary(values, role: str, pos_label=None) -> np.ndarray:
    """0/1 int8 array. Values other than {0, 1}/{False, True} need an explicit ``pos_label``."""
    column = _label(values, role)
    series = pd.Series(np.asarray(values) if not isinstance(values, pd.Series) else values)
    missing = series.isna().to_numpy()
    if missing.any():
        raise EthicLensInputError(
            f"{int(missing.sum())} missing value(s), first at row {_first_bad(missing)}",
            column=column,
            fix="drop or impute those rows before auditing",
        )
    if pos_label is not None:
        hits = (series == pos_label).to_numpy()
        if not hits.any() and len(series):
            raise EthicLensInputError(
                "pos_label does not occur in the column",
                column=column,
                value=pos_label,
                fix=f"use one of {sorted(map(str, series.unique()))[:10]}",
            )
        return hits.astype(np.int8)
    uniques = pd.unique(series)
    if not all(_is_zero_one(u) for u in uniques):
        shown = sorted(map(str, uniques))[:10]
        raise EthicLensInputError(
            f"is not binary 0/1: found values {shown}",
            column=column,
            fix="recode to 0/1 or declare which value is the positive label "
            "(pos_label=... in Python, --pos-label on the command line)",
        )
    return series.to_numpy().astype(np.int8)


def _is_zero_one(value) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return True
    if isinstance(value, (int, np.integer, float, np.floating)) and not isinstance(value, str):
        return value in (0, 1)
    return False


def as_scores(values, n: int) -> np.ndarray:
    column = _label(values, "y_score")
    check_length(values, n, "y_score")
    try:
        scores = np.asarray(values, dtype=float)
    except (TypeError, ValueError) as exc:
        raise EthicLensInputError(
            "scores must be numbers in [0, 1]", column=column, fix="pass probabilities"
        ) from exc
    if np.isnan(scores).any():
        bad = np.isnan(scores)
        raise EthicLensInputError(
            f"{int(bad.sum())} missing score(s), first at row {_first_bad(bad)}",
            column=column,
            fix="drop or impute those rows",
        )
    bad = (scores < 0) | (scores > 1)
    if bad.any():
        i = _first_bad(bad)
        raise EthicLensInputError(
            f"scores must lie in [0, 1]; {int(bad.sum())} do not, first at row {i}",
            column=column,
            value=float(scores[i]),
            fix="pass calibrated probabilities (e.g. predict_proba[:, 1]), not logits or ranks",
        )
    return scores


def as_weights(values, n: int) -> np.ndarray:
    column = _label(values, "sample_weight")
    check_length(values, n, "sample_weight")
    w = np.asarray(values, dtype=float)
    bad = ~np.isfinite(w) | (w < 0)
    if bad.any():
        i = _first_bad(bad)
        raise EthicLensInputError(
            f"weights must be finite and >= 0; {int(bad.sum())} are not, first at row {i}",
            column=column,
            value=float(w[i]),
            fix="drop those rows or give them a valid weight",
        )
    return w


def _to_frame(sf) -> pd.DataFrame:
    if isinstance(sf, pd.Series):
        return sf.to_frame(name=sf.name if sf.name is not None else "sensitive_feature_0")
    if isinstance(sf, pd.DataFrame):
        return sf
    if isinstance(sf, dict):
        return pd.DataFrame({k: np.asarray(v) for k, v in sf.items()})
    arr = np.asarray(sf)
    if arr.ndim == 1:
        arr = arr[:, None]
    return pd.DataFrame(arr, columns=[f"sensitive_feature_{i}" for i in range(arr.shape[1])])


def encode_groups(sensitive_features, n: int) -> dict[str, tuple[list[str], np.ndarray]]:
    """Each protected attribute as (sorted group labels, integer code per row).

    Hash-based factorising of the raw values, then string labels for the few distinct groups
    only: a million rows cost milliseconds, not a million string conversions.
    """
    frame = _to_frame(sensitive_features)
    if frame.shape[1] == 0:
        raise EthicLensInputError(
            "no protected attribute given", column="sensitive_features",
            fix="pass at least one column of group memberships",
        )
    out = {}
    for raw_name in frame.columns:
        name, col = str(raw_name), frame[raw_name]
        check_length(col, n, name)
        codes, uniques = pd.factorize(col, use_na_sentinel=True)
        missing = codes < 0
        if missing.any():
            raise EthicLensInputError(
                f"{int(missing.sum())} missing group value(s), first at row {_first_bad(missing)}",
                column=name,
                fix="drop those rows or give the missing values an explicit group "
                "(e.g. 'Unknown')",
            )
        labels = [str(u) for u in uniques]
        if isinstance(col.dtype, pd.CategoricalDtype):
            empty = [str(c) for c in col.cat.categories if str(c) not in labels]
            if empty:
                raise EthicLensInputError(
                    f"group(s) {empty} have no rows (empty after filtering)",
                    column=name,
                    fix="drop unused categories (Series.cat.remove_unused_categories()) or "
                    "audit data that contains them",
                )
        if len(set(labels)) < len(labels):
            raise EthicLensInputError(
                "distinct values print the same (e.g. 1 and '1')", column=name,
                fix="convert the column to one type first",
            )
        order = np.argsort(labels)
        remap = np.empty(len(labels), dtype=np.int64)
        remap[order] = np.arange(len(labels))
        out[name] = ([labels[i] for i in order], remap[codes])
    return out


def cross_groups(parts: list[tuple[list[str], np.ndarray]], sep: str):
    """Intersectional groups from several encoded attributes (only combinations present)."""
    codes = np.zeros(len(parts[0][1]), dtype=np.int64)
    for labels, c in parts:
        codes = codes * len(labels) + c
    present, inverse = np.unique(codes, return_inverse=True)
    labels = []
    for value in present:
        names = []
        for part_labels, _ in reversed(parts):
            value, k = divmod(int(value), len(part_labels))
            names.append(part_labels[k])
        labels.append(sep.join(reversed(names)))
    order = np.argsort(labels)
    remap = np.empty(len(labels), dtype=np.int64)
    remap[order] = np.arange(len(labels))
    return [labels[i] for i in order], remap[inverse]


def resolve_reference(name: str, groups: list[str], counts: np.ndarray, requested):
    """Index of the reference group and how it was chosen."""
    if requested is None:
        return int(np.argmax(counts)), "largest group (default)"
    key = str(requested)
    if key not in groups:
        raise EthicLensInputError(
            "unknown reference group",
            column=name,
            value=requested,
            fix=f"choose one of {groups}",
        )
    return groups.index(key), "given"
