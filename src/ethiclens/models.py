"""Each dataset's standard model: the model the CLI trains and audits.

Logistic regression on the dataset's features (protected attributes excluded unless asked),
numeric columns standardised, categorical ones one-hot encoded, a 70/30 split stratified by the
label, fixed seed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from ._checks import check_seed
from .datasets import Dataset


@dataclass
class StandardModelRun:
    """A trained standard model with its test-set predictions."""

    model: Pipeline
    X_train: pd.DataFrame
    X_test: pd.DataFrame
    y_train: pd.Series
    y_test: pd.Series
    protected_test: pd.DataFrame
    y_pred: np.ndarray
    y_score: np.ndarray
    description: dict


def make_pipeline(numeric, categorical, random_state=0) -> Pipeline:
    encode = ColumnTransformer(
        [
            ("numeric", StandardScaler(), list(numeric)),
            # Rare categories are pooled; unseen ones at predict time go to the pooled column.
            (
                "categorical",
                OneHotEncoder(handle_unknown="infrequent_if_exist", min_frequency=10),
                list(categorical),
            ),
        ]
    )
    return Pipeline(
        [
            ("encode", encode),
            ("classify", LogisticRegression(max_iter=2000, random_state=random_state)),
        ]
    )


def train_standard_model(
    ds: Dataset, *, seed: int = 0, test_size: float = 0.3, include_protected: bool = False
) -> StandardModelRun:
    """Fit the dataset's standard logistic regression and predict its held-out split."""
    check_seed(seed, "seed")
    X = ds.features.copy()
    categorical = list(ds.categorical)
    if include_protected:
        for col in ds.protected.columns:
            X[col] = ds.protected[col].to_numpy()  # protected columns never clash with features
            categorical.append(col)
    numeric = [c for c in X.columns if c not in categorical]
    for col in categorical:
        X[col] = X[col].astype(str)
    idx_train, idx_test = train_test_split(
        np.arange(len(ds)), test_size=test_size, stratify=ds.label, random_state=seed
    )
    model = make_pipeline(numeric, categorical, random_state=seed)
    model.fit(X.iloc[idx_train], ds.label.iloc[idx_train])
    X_test = X.iloc[idx_test]
    score = model.predict_proba(X_test)[:, 1]
    return StandardModelRun(
        model=model,
        X_train=X.iloc[idx_train],
        X_test=X_test,
        y_train=ds.label.iloc[idx_train],
        y_test=ds.label.iloc[idx_test],
        protected_test=ds.protected.iloc[idx_test].reset_index(drop=True),
        y_pred=(score >= 0.5).astype(int),
        y_score=score,
        description={
            "model": "logistic regression (scikit-learn), standardised numeric features, "
            "one-hot categorical features",
            "protected_attributes_in_features": include_protected,
            "split": f"{1 - test_size:.0%}/{test_size:.0%} stratified by label",
            "seed": seed,
            "n_train": len(idx_train),
            "n_test": len(idx_test),
            "audited": "test-split predictions (threshold 0.5)",
        },
    )
