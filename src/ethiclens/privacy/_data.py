"""The PCER experiments' data: binary attributes with an explicit group order, and features.

Group 0 and group 1 follow the paper: COMPAS race (Other = 0, African-American = 1), Adult sex
(Male = 0, Female = 1) and race (White = 0, Non-White = 1), ACS Income the same, Bias in Bios
gender (Male = 0, Female = 1). ΔPCER = PCER_0 − PCER_1.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from .. import datasets as ds_mod
from ..errors import EthicLensInputError


@dataclass(frozen=True)
class AttributeSpec:
    """How a dataset's protected column becomes the paper's binary attribute."""

    column: str
    group0: str
    group1: str
    one_is: str  # which raw values make group 1 ("value" = equals one_value, else the rest)
    one_value: str | None = None
    zero_value: str | None = None

    def binarize(self, raw: pd.Series) -> np.ndarray:
        raw = raw.astype(str)
        if self.one_is == "value":
            return np.where(raw == self.one_value, self.group1, self.group0)
        return np.where(raw == self.zero_value, self.group0, self.group1)


PCER_ATTRIBUTES = {
    ("compas", "race"): AttributeSpec(
        "race", "Other", "African-American", "value", one_value="African-American"
    ),
    ("adult", "sex"): AttributeSpec("sex", "Male", "Female", "value", one_value="Female"),
    ("adult", "race"): AttributeSpec("race", "White", "Non-White", "rest", zero_value="White"),
    ("acs-income", "sex"): AttributeSpec("SEX", "Male", "Female", "value", one_value="Female"),
    ("acs-income", "race"): AttributeSpec(
        "RAC1P", "White", "Non-White", "rest", zero_value="White"
    ),
    ("bios", "gender"): AttributeSpec("gender", "Male", "Female", "value", one_value="Female"),
}
# Which loader settings the experiments use: Adult train+test merged (closest to the paper's
# n = 46,033), ACS Income Colorado 2018 (offline; the paper pooled CA, TX and NY).
MIN_CATEGORY = 50  # rarer categories are pooled (keeps ACS occupation codes to ~200 columns)
PCER_LOADERS = {
    "compas": {},
    "adult": {"include_test": True},
    "acs-income": {"states": ["CO"]},
    "bios": {},
}


def attributes_of(dataset: str) -> list[str]:
    return [a for (d, a) in PCER_ATTRIBUTES if d == dataset]


def spec(dataset: str, attribute: str) -> AttributeSpec:
    try:
        return PCER_ATTRIBUTES[(dataset, attribute)]
    except KeyError:
        known = ", ".join(f"{d}/{a}" for d, a in PCER_ATTRIBUTES)
        raise EthicLensInputError(
            "no PCER setup for this dataset and attribute",
            column="attribute",
            value=f"{dataset}/{attribute}",
            fix=f"use one of {known}",
        ) from None


@dataclass
class PreparedData:
    """Standardised features, labels and binary groups for one seed's 70/30 split."""

    dataset: str
    X_train: np.ndarray
    X_test: np.ndarray
    y_train: np.ndarray
    y_test: np.ndarray
    groups_train: dict  # attribute -> array of group names
    groups_test: dict
    positive_is_favorable: bool
    description: str

    @property
    def n_features(self) -> int:
        return self.X_train.shape[1]


def load_pcer_dataset(name: str):
    if name not in PCER_LOADERS:
        raise EthicLensInputError(
            "no PCER setup for this dataset",
            column="dataset",
            value=name,
            fix=f"use one of {sorted(PCER_LOADERS)}",
        )
    return ds_mod.load(name, **PCER_LOADERS[name])


def prepare(
    name: str, seed: int, *, test_size: float = 0.3, dataset=None, max_rows: int | None = None
) -> PreparedData:
    """Split 70/30 stratified by label (seeded); fit the feature transform on train only.

    Tabular data: numeric columns standardised, categorical one-hot encoded (protected
    attributes are not features). Text (Bias in Bios): TF-IDF unigrams+bigrams, 15,000 terms,
    sublinear TF → TruncatedSVD 200 → standardised.
    """
    ds = dataset if dataset is not None else load_pcer_dataset(name)
    idx = np.arange(len(ds))
    if max_rows is not None and max_rows < len(ds):  # a stratified slice, for tests
        idx, _ = train_test_split(idx, train_size=max_rows, stratify=ds.label, random_state=0)
    tr, te = train_test_split(
        idx, test_size=test_size, stratify=ds.label.iloc[idx], random_state=seed
    )
    if ds.text:
        transform = Pipeline(
            [
                (
                    "tfidf",
                    TfidfVectorizer(ngram_range=(1, 2), max_features=15_000, sublinear_tf=True),
                ),
                ("svd", TruncatedSVD(n_components=200, random_state=seed)),
                ("scale", StandardScaler()),
            ]
        )
        X = ds.features[ds.text]
        description = (
            "TF-IDF (1-2 grams, 15,000 terms, sublinear TF; fitted on train) → "
            "TruncatedSVD 200 → standardised"
        )
    else:
        cat = list(ds.categorical)
        num = [c for c in ds.features.columns if c not in cat]
        transform = ColumnTransformer(
            [
                ("num", StandardScaler(), num),
                (
                    "cat",
                    OneHotEncoder(
                        handle_unknown="infrequent_if_exist",
                        min_frequency=MIN_CATEGORY,
                        sparse_output=False,
                    ),
                    cat,
                ),
            ]
        )
        X = ds.features.copy()
        X[cat] = X[cat].astype(str)
        description = (
            "numeric standardised, categorical one-hot with categories rarer than "
            f"{MIN_CATEGORY} training rows pooled (fitted on train)"
        )
    X_train = np.asarray(transform.fit_transform(X.iloc[tr]), dtype=np.float32)
    X_test = np.asarray(transform.transform(X.iloc[te]), dtype=np.float32)
    groups_tr, groups_te = {}, {}
    for (d, attr), sp in PCER_ATTRIBUTES.items():
        if d == name:
            col = ds.protected[sp.column]
            groups_tr[attr] = sp.binarize(col.iloc[tr])
            groups_te[attr] = sp.binarize(col.iloc[te])
    y = ds.label.to_numpy()
    return PreparedData(
        name,
        X_train,
        X_test,
        y[tr].astype(np.float32),
        y[te].astype(np.float32),
        groups_tr,
        groups_te,
        ds.positive_is_favorable,
        description,
    )
