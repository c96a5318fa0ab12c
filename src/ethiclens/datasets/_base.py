"""The one dataset type every loader returns, and access to the files shipped in the package."""

from __future__ import annotations

import gzip
import hashlib
import io
import zlib
from dataclasses import dataclass, field
from importlib import resources

import numpy as np
import pandas as pd

from .._checks import did_you_mean
from ..errors import DataFileError, EthicLensInputError


@dataclass(frozen=True)
class Dataset:
    """A labelled benchmark with its protected attributes.

    Attributes
    ----------
    name : str
    features : DataFrame
        Model inputs; protected attributes are *not* among them.
    label : Series of 0/1
    protected : DataFrame
        One string column per protected attribute, aligned with ``features``.
    reference : dict
        The reference (privileged) group of each protected attribute.
    positive_label : str
        What ``label == 1`` means, in words.
    positive_is_favorable : bool
        Whether the positive label is a benefit (True) or a harm (False, e.g. recidivism).
    categorical : tuple of str
        Feature columns to one-hot encode; the rest are numeric.
    provenance : dict
        Source, licence, file checksums, preprocessing applied.
    extra : DataFrame or None
        Columns that are neither features nor label (e.g. COMPAS's own risk score).
    text : str or None
        The free-text feature column of a text dataset (Bias in Bios).
    """

    name: str
    features: pd.DataFrame
    label: pd.Series
    protected: pd.DataFrame
    reference: dict
    positive_label: str
    positive_is_favorable: bool
    categorical: tuple = ()
    provenance: dict = field(default_factory=dict)
    extra: pd.DataFrame | None = None
    text: str | None = None  # name of the free-text feature column, for text datasets

    def __post_init__(self):
        """A loader's rows as every face reads them: a label of 0/1 (2 was a base rate of
        2.0, a missing one left out of it, text a TypeError) and features, protected columns
        (and extra) of the label's rows, never a protected column of other rows."""
        if np.ndim(self.label) != 1:  # a DataFrame was pandas' ValueError traceback
            raise EthicLensInputError(
                f"dataset {self.name!r}: the label must be one column of 0/1 values, not a "
                f"{type(self.label).__name__} of {np.ndim(self.label)} dimension(s)",
                column="label",
                fix="return label=frame['COLUMN'] (a Series) from the dataset's loader",
            )
        label = pd.Series(self.label)
        if not isinstance(self.label, pd.Series):  # a list or array: .iloc, .mean() read it
            object.__setattr__(self, "label", label)
        bad = label[~label.isin([0, 1])]
        if len(bad):
            raise EthicLensInputError(
                f"dataset {self.name!r}: {len(bad)} label value(s) are not 0/1 (first at row "
                f"{bad.index[0]})",
                column="label",
                value=None if pd.isna(bad.iloc[0]) else bad.iloc[0],
                fix="return the label as 0/1 (1 = the positive outcome), its missing rows "
                "dropped, from the dataset's loader",
            )
        for key in ("features", "protected", "extra"):
            frame = getattr(self, key)
            needed = frame is None and key != "extra"  # describe() and prepare() read them
            if needed or (frame is not None and not isinstance(frame, pd.DataFrame)):  # a dict
                raise EthicLensInputError(
                    f"dataset {self.name!r}: {key} must be a DataFrame, not a "
                    f"{type(frame).__name__}",
                    column=key,
                    fix=f"return {key}=pandas.DataFrame(...) from the dataset's loader",
                )
            if frame is not None and len(frame) != len(label):
                raise EthicLensInputError(
                    f"dataset {self.name!r}: {key} has {len(frame)} rows, the label {len(label)}",
                    column=key,
                    fix="return the features, protected columns and label of the same rows",
                )

    def __len__(self) -> int:
        return len(self.label)

    @property
    def numeric(self) -> tuple:
        """Feature columns that are not categorical."""
        return tuple(c for c in self.features.columns if c not in self.categorical)

    def describe(self) -> dict:
        """A JSON-ready summary: size, base rate, groups, provenance."""
        return {
            "name": self.name,
            "rows": len(self),
            "features": list(self.features.columns),
            "categorical": list(self.categorical),
            "label": self.positive_label,
            "positive_is_favorable": self.positive_is_favorable,
            "base_rate": float(self.label.mean()),
            "protected": {col: self._groups(col) for col in self.protected.columns},
            "provenance": self.provenance,
        }

    def _groups(self, col) -> dict:
        """The reference and each group's rows of ``col``, keyed by the group's text and in
        the values' order (by their text where types mix: 1 beside 'a' raised a TypeError
        sorting them); values that print
        the same (1 and '1': one key would hold one count) are refused naming the column, and
        rows without a value are counted in ``missing``, never left out unsaid."""
        values = self.protected[col]
        counts = values.value_counts()
        try:  # in the values' order (2 before 10); by their text where types mix
            counts = counts.sort_index()
        except TypeError:
            counts = counts.iloc[sorted(range(len(counts)), key=lambda i: str(counts.index[i]))]
        texts = [str(k) for k in counts.index]
        clash = sorted({t for t in texts if texts.count(t) > 1})
        if clash:
            raise EthicLensInputError(
                "distinct values print the same",
                column=col,
                value=clash[0],
                fix="make the protected column one type (text) in the dataset's loader",
            )
        _refuse_merged(values.dropna(), col)
        out = {
            "reference": self.reference.get(col),  # a column without one: None
            "groups": {t: int(n) for t, n in zip(texts, counts, strict=True)},
        }
        missing = int(values.isna().sum())
        if missing:
            out["missing"] = missing
        return out


def _refuse_merged(values: pd.Series, col) -> None:
    """Refuse values that print differently but count as one group (True, 1 and 1.0 are one
    key to pandas: 'True' held all three counts), naming the column and the texts."""
    if values.dtype != object:  # one type: each value prints one way
        return
    printed: dict = {}
    for value in values:
        printed.setdefault(value, set()).add(str(value))
    merged = next((sorted(texts) for texts in printed.values() if len(texts) > 1), None)
    if merged:
        raise EthicLensInputError(
            f"distinct values count as one group: {', '.join(merged)} (equal as numbers)",
            column=col,
            value=merged[0],
            fix="make the protected column one type (text) in the dataset's loader",
        )


def _shipped_checksums() -> dict[str, str]:
    try:
        text = resources.files(__package__).joinpath("data/SHA256SUMS").read_text()
        return {name: digest for digest, name in (ln.split() for ln in text.splitlines() if ln)}
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # missing, not text, a bad line
        raise DataFileError(
            f"the packaged checksums file SHA256SUMS is missing or damaged ({exc})",
            fix="reinstall ethiclens (pip install --force-reinstall ethiclens)",
        ) from exc


def read_shipped(name: str) -> bytes:
    """Bytes of a data file shipped inside the package, verified against its SHA-256."""
    resource = resources.files(__package__).joinpath(f"data/{name}.gz")
    try:
        raw = gzip.decompress(resource.read_bytes())
    except (OSError, EOFError, zlib.error) as exc:  # missing, cut short, damaged inside
        raise DataFileError(
            f"the packaged data file {name} is missing or unreadable ({exc})",
            fix="reinstall ethiclens (pip install --force-reinstall ethiclens)",
        ) from exc
    expected = _shipped_checksums().get(name)
    actual = hashlib.sha256(raw).hexdigest()
    if actual != expected:
        raise DataFileError(
            f"the packaged data file {name} is corrupt (sha256 {actual[:12]}…, "
            f"expected {str(expected)[:12]}…)",
            fix="reinstall ethiclens (pip install --force-reinstall ethiclens)",
        )
    return raw


def read_shipped_csv(name: str, **kwargs) -> pd.DataFrame:
    return pd.read_csv(io.BytesIO(read_shipped(name)), **kwargs)


def shipped_provenance(name: str) -> dict:
    return {"file": name, "sha256": _shipped_checksums()[name], "shipped_in_package": True}


def shipped_checksums(names) -> list[dict]:
    """``[{"file", "sha256"}]`` of every shipped file a loader read (the provenance's
    ``checksums``; ``file``/``sha256`` name only the main one)."""
    sums = _shipped_checksums()
    return [{"file": name, "sha256": sums[name]} for name in names]


def check_feature_set(features: str, known=("full", "paper")) -> str:
    """A loader's ``features`` argument, one of ``known``; anything else is an input error."""
    if features not in known:
        fix = did_you_mean(features, known) + f"choose from {known}"
        raise argument_error("unknown feature set", "features", features, fix)
    return features


def check_truth(value, name: str, fix: str, problem: str = "must be True or False") -> bool:
    """A loader's True/False argument ``name``; anything else is refused, never read by its
    truthiness (the string "no" is true)."""
    if not isinstance(value, bool | np.bool_):
        raise argument_error(problem, name, value, fix)
    return bool(value)


def argument_error(problem: str, column: str, value=None, fix=None) -> EthicLensInputError:
    """A refusal of a loader's argument ``column`` and its ``value``."""
    return EthicLensInputError(problem, column=column, kind="argument", value=value, fix=fix)
