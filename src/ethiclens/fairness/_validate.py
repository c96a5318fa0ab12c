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


def as_sensitive_frame(sensitive_features, n: int) -> pd.DataFrame:
    """Protected attributes as a DataFrame of strings, one column per attribute."""
    sf = sensitive_features
    if isinstance(sf, pd.Series):
        frame = sf.to_frame(name=sf.name if sf.name is not None else "sensitive_feature_0")
    elif isinstance(sf, pd.DataFrame):
        frame = sf.copy()
    elif isinstance(sf, dict):
        frame = pd.DataFrame({k: np.asarray(v) for k, v in sf.items()})
    else:
        arr = np.asarray(sf)
        if arr.ndim == 1:
            arr = arr[:, None]
        frame = pd.DataFrame(arr, columns=[f"sensitive_feature_{i}" for i in range(arr.shape[1])])
    if frame.shape[1] == 0:
        raise EthicLensInputError(
            "no protected attribute given", column="sensitive_features",
            fix="pass at least one column of group memberships",
        )
    frame.columns = [str(c) for c in frame.columns]
    out = {}
    for name in frame.columns:
        col = frame[name]
        check_length(col, n, name)
        missing = col.isna().to_numpy()
        if missing.any():
            raise EthicLensInputError(
                f"{int(missing.sum())} missing group value(s), first at row {_first_bad(missing)}",
                column=name,
                fix="drop those rows or give the missing values an explicit group "
                "(e.g. 'Unknown')",
            )
        if isinstance(col.dtype, pd.CategoricalDtype):
            present = set(col.astype(str).unique())
            empty = [str(c) for c in col.cat.categories if str(c) not in present]
            if empty:
                raise EthicLensInputError(
                    f"group(s) {empty} have no rows (empty after filtering)",
                    column=name,
                    fix="drop unused categories (Series.cat.remove_unused_categories()) or "
                    "audit data that contains them",
                )
        out[name] = col.astype(str).to_numpy()
    return pd.DataFrame(out)


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
