"""The PCER experiments' data: binary attributes with an explicit group order, and features
(moved from ``ethiclens.privacy`` in 2026-12: preparing benchmark data is the sweeps' work; the
trainers take the :class:`~ethiclens.privacy.PreparedData` it returns).

Everything dataset-specific (the binary splits, loader settings, feature sets) is read from the
dataset registry (``ethiclens.datasets``). Group 0 and group 1 follow the paper: COMPAS race
(Other = 0, African-American = 1), Adult sex (Male = 0, Female = 1) and race (White = 0,
Non-White = 1), ACS Income the same, Bias in Bios gender (Male = 0,
Female = 1). ΔPCER = PCER_0 − PCER_1.
"""

from __future__ import annotations

import copy

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from .. import datasets as ds_mod
from .._checks import names_words, printed_float
from ..errors import EthicLensInputError
from ..privacy import PreparedData, argument_error, check_train_number, refusing_unknown

# The binary attributes, loader settings and feature sets come from each dataset's registry
# entry (ethiclens.datasets.DatasetEntry): adding a dataset there makes it a PCER dataset.
MIN_CATEGORY = 50  # rarer categories are pooled (keeps ACS occupation codes to ~200 columns)


PCER_ATTRIBUTES = ds_mod.RegistryView(
    lambda: [((e.name, a), sp) for e in ds_mod.entries("pcer") for a, sp in e.pcer_splits.items()],
    "(dataset, attribute) -> BinarySplit, for every PCER dataset of the registry.",
)
PCER_LOADERS = ds_mod.RegistryView(
    lambda: [(e.name, copy.deepcopy(e.pcer_options)) for e in ds_mod.entries("pcer")],
    "dataset -> the loader keywords of the PCER experiments, from the registry.",
)


def attributes_of(dataset: str) -> list[str]:
    """The PCER attributes of ``dataset`` (its registry entry's binary splits).

    Parameters
    ----------
    dataset : str
        A registered dataset that PCER uses.
    """
    return list(ds_mod.get_entry(dataset, "pcer").pcer_splits)


def load_pcer_dataset(name: str, features: str | None = None):
    """Load ``name`` with the PCER experiments' loader settings (its registry entry's).

    Parameters
    ----------
    name : str
        A registered dataset with PCER splits.
    features : str, optional
        Named feature set (``full`` by default, ``paper`` for the paper's list).
    """
    entry = ds_mod.get_entry(name, "pcer")
    return entry.load(features=features, **entry.pcer_options)


@refusing_unknown
def prepare(
    name: str,
    seed: int,
    *,
    test_size: float = 0.3,
    dataset=None,
    max_rows: int | None = None,
    features: str | None = None,
) -> PreparedData:
    """Split 70/30 stratified by label (seeded); fit the feature transform on train only.

    Tabular data: numeric columns standardised, categorical one-hot encoded (protected
    attributes are not features). Text (Bias in Bios): TF-IDF unigrams+bigrams, 15,000 terms,
    sublinear TF → TruncatedSVD 200 → standardised.

    Parameters
    ----------
    name : str
        A registered dataset with PCER splits.
    seed : int
        Seed of the split (and of the SVD).
    test_size : float
    dataset : Dataset, optional
        Already loaded (skips loading); its ``feature_set`` provenance is recorded.
    max_rows : int, optional
        A stratified slice of this many rows first (tests, smoke runs).
    features : str, optional
        Named feature set to load (``full`` by default; ``paper``); ignored with ``dataset``.
    """
    entry = ds_mod.get_entry(name, "pcer")
    check_train_number("test_size", test_size)  # before loading: sklearn's words name its own
    test_size = printed_float(test_size)  # a NumPy float32 0.3 is 0.3 (sklearn refuses one)
    ds = load_pcer_dataset(name, features) if dataset is None else dataset
    feature_set = ds.provenance.get("feature_set", features or "full")
    _check_split_columns(name, entry.pcer_splits, ds)
    tr, te = _split_rows(ds, seed, test_size, max_rows)
    transform, X, description = _text_features(ds, seed) if ds.text else _tabular_features(ds)
    X_train = np.asarray(_fitted(transform, X.iloc[tr], name), dtype=np.float32)
    X_test = np.asarray(transform.transform(X.iloc[te]), dtype=np.float32)
    if ds.text:  # the components the training rows gave (fewer than 200 on a small file)
        description = description.replace("SVD 200", transform.named_steps["svd"].described())
    splits = entry.pcer_splits
    grouped = {a: sp.binarize(ds.protected[sp.column]) for a, sp in splits.items()}
    groups_tr, groups_te = ({a: g[rows] for a, g in grouped.items()} for rows in (tr, te))
    y = ds.label.to_numpy()
    return PreparedData(
        dataset=name,
        X_train=X_train,
        X_test=X_test,
        y_train=y[tr].astype(np.float32),
        y_test=y[te].astype(np.float32),
        groups_train=groups_tr,
        groups_test=groups_te,
        positive_is_favorable=ds.positive_is_favorable,
        description=f"{description}; feature set {feature_set!r}",
        features=feature_set,
        group_orders={a: sp.order for a, sp in splits.items()},
    )


def _check_split_columns(name: str, splits, ds) -> None:
    """Each PCER split's column among the dataset's protected columns (a KeyError traceback,
    after the features were fitted, when the entry and its loader disagree)."""
    have = names_words(str(c) for c in ds.protected.columns)
    for attribute, split in splits.items():
        if split.column not in ds.protected.columns:
            raise EthicLensInputError(
                f"{name}'s PCER split of {attribute} reads protected column {split.column!r}, "
                f"which the dataset's loader does not return (its protected columns: {have})",
                column=f"pcer_splits.{attribute}",
                value=split.column,
                fix="name a protected column the loader returns in the entry's BinarySplit, "
                "or return that column from the loader",
            )


def _split_rows(ds, seed: int, test_size: float, max_rows: int | None):
    """Train and test row indices: stratified by label and seeded, after a stratified slice
    of ``max_rows`` rows (tests, smoke runs). Rows too few for a split holding both labels
    on each side are refused in this module's words (sklearn's named its own arguments)."""
    whole = isinstance(max_rows, int | np.integer) and not isinstance(max_rows, bool | np.bool_)
    if max_rows is not None and not (whole and max_rows >= 1):
        fix = "give a whole number of rows, e.g. max_rows=1200, or None for every row"
        raise argument_error("must be a positive whole number", "max_rows", max_rows, fix)
    idx = np.arange(len(ds))
    try:
        if max_rows is not None and max_rows < len(ds):
            idx, _ = train_test_split(idx, train_size=max_rows, stratify=ds.label, random_state=0)
        return train_test_split(
            idx, test_size=test_size, stratify=ds.label.iloc[idx], random_state=seed
        )
    except ValueError as exc:  # too few rows (of a label) to stratify
        n = len(ds) if max_rows is None else min(len(ds), max_rows)
        raise argument_error(
            f"{n:,} rows cannot be split at test_size {test_size:g} with rows of each label in "
            f"both the train and test split ({exc})",
            "max_rows" if max_rows is not None else "test_size",
            max_rows if max_rows is not None else test_size,
            "use more rows (a larger max_rows) or a test_size nearer 0.3",
        ) from None


def _fitted(transform, X, name: str):
    """``transform`` fitted on the training rows ``X``, their features; training biographies
    without a word of two letters (no TF-IDF term) are refused naming the dataset."""
    try:
        return transform.fit_transform(X)
    except ValueError as exc:
        if "empty vocabulary" not in str(exc):
            raise
        raise argument_error(
            "the training rows' texts hold no word of two or more letters or digits (TF-IDF found "
            "no term)",
            "dataset",
            name,
            "give biographies in words (the text column of the file)",
        ) from None


class _TextSVD(TruncatedSVD):
    """TruncatedSVD to ``n_components`` (200), or to as many as the training rows' TF-IDF
    terms and rows allow (sklearn refused a file of fewer than 200 terms with a ValueError
    traceback, and gave fewer components than 200 for fewer rows unsaid): the features'
    description names the number fitted."""

    def fit_transform(self, X, y=None):
        self.wanted_ = self.n_components
        self.n_components = max(1, min(self.n_components, X.shape[1], X.shape[0]))
        return super().fit_transform(X, y)

    def described(self) -> str:
        fitted = self.components_.shape[0]
        if fitted == self.wanted_:
            return f"SVD {fitted}"
        return (
            f"SVD {fitted} (not {self.wanted_}: the training rows hold too few rows or "
            "TF-IDF terms for more)"
        )


def _text_features(ds, seed: int):
    """(transform, raw features, description) of a text dataset: TF-IDF → SVD → scaled."""
    transform = Pipeline(
        [
            ("tfidf", TfidfVectorizer(ngram_range=(1, 2), max_features=15_000, sublinear_tf=True)),
            ("svd", _TextSVD(n_components=200, random_state=seed)),
            ("scale", StandardScaler()),
        ]
    )
    description = (
        "TF-IDF (1-2 grams, 15,000 terms, sublinear TF; fitted on train) → "
        "TruncatedSVD 200 → standardised"
    )
    return transform, ds.features[ds.text], description


def _check_numeric(ds, num) -> None:
    """Each numeric feature a finite number: text was a ValueError traceback of sklearn's, a
    missing or infinite value went into training (NaN losses, predictions of nothing)."""
    for c in num:
        values, text = _as_floats(ds.features[c])
        if values is None:
            problem = (
                "is neither numeric nor listed in the dataset's categorical columns (it holds "
                f"{text!r})"
            )
            fix = "list it in the Dataset's categorical, or convert it to numbers in the loader"
        else:
            bad = int((~np.isfinite(values)).sum())
            if not bad:
                continue
            problem = f"has {bad} missing or infinite value(s): PCER's model trains on numbers"
            fix = "drop or impute those rows in the dataset's loader"
        raise EthicLensInputError(
            f"dataset {ds.name!r}: feature {c!r} {problem}", column=str(c), fix=fix
        )


def _as_floats(col) -> tuple:
    """(the column as floats, None), as the scaler reads it: numbers held as text or objects
    ('3', Decimal, a category of numbers) convert, as they did before the check; else (None,
    the first value that is no number). A whole number past a float's range (10**400, an
    OverflowError of the scaler's) is an infinite value, refused as one."""
    if pd.api.types.is_numeric_dtype(col) and not isinstance(col.dtype, pd.CategoricalDtype):
        return col.to_numpy(dtype=float, na_value=np.nan), None
    values = col.astype(object).where(col.notna(), np.nan).to_numpy()
    try:
        return np.asarray(values, dtype=float), None
    except (TypeError, ValueError, OverflowError):
        pass
    out = np.empty(len(values))
    for i, v in enumerate(values):
        try:
            out[i] = float(v)
        except OverflowError:
            out[i] = np.inf if v > 0 else -np.inf
        except (TypeError, ValueError):
            return None, v
    return out, None


def _tabular_features(ds):
    """(transform, raw features, description) of a tabular dataset: numbers standardised,
    categories one-hot with the rare ones pooled."""
    cat = list(ds.categorical)
    num = [c for c in ds.features.columns if c not in cat]
    _check_numeric(ds, num)
    onehot = OneHotEncoder(
        handle_unknown="infrequent_if_exist", min_frequency=MIN_CATEGORY, sparse_output=False
    )
    transform = ColumnTransformer([("num", StandardScaler(), num), ("cat", onehot, cat)])
    X = ds.features.copy()
    X[cat] = X[cat].astype(str)
    description = (
        "numeric standardised, categorical one-hot with categories rarer than "
        f"{MIN_CATEGORY} training rows pooled (fitted on train)"
    )
    return transform, X, description
