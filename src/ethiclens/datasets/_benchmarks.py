"""COMPAS, Adult and German Credit with each benchmark's standard preprocessing."""

from __future__ import annotations

import pandas as pd

from .._keywords import refusing_unknown_keywords
from ._base import (
    Dataset,
    check_feature_set,
    check_truth,
    read_shipped_csv,
    shipped_checksums,
    shipped_provenance,
)
from ._registry import ADULT_PAPER, entry_provenance

COMPAS_FEATURES = [
    "age",
    "priors_count",
    "juv_fel_count",
    "juv_misd_count",
    "juv_other_count",
    "c_charge_degree",
]


@refusing_unknown_keywords
def load_compas(features: str = "full") -> Dataset:
    """ProPublica's COMPAS two-year recidivism data with ProPublica's filter (6,172 rows).

    Label 1 = reoffended within two years (a harmful outcome). Protected: ``race`` (reference
    Caucasian) and ``sex`` (reference Female, the group less often assigned the harmful label).
    ``extra`` holds COMPAS's own ``decile_score`` and ``score_text``.

    Parameters
    ----------
    features : {"full", "paper"}
        ``paper`` is the PCER paper's list (age, prior count, charge degree, juvenile offense
        counts): the same six columns as ``full``.

    Returns
    -------
    Dataset
    """
    check_feature_set(features)
    raw = read_shipped_csv("compas-scores-two-years.csv")
    keep = (
        raw["days_b_screening_arrest"].between(-30, 30)
        & (raw["is_recid"] != -1)
        & (raw["c_charge_degree"] != "O")
        & (raw["score_text"] != "N/A")
        & raw["score_text"].notna()
    )
    df = raw.loc[keep].reset_index(drop=True)
    return Dataset(
        name="compas",
        features=df[COMPAS_FEATURES].copy(),
        label=df["two_year_recid"].astype(int).rename("two_year_recid"),
        protected=df[["race", "sex"]].astype(str),
        reference={"race": "Caucasian", "sex": "Female"},
        positive_label="reoffended within two years (two_year_recid = 1)",
        positive_is_favorable=False,
        categorical=("c_charge_degree",),
        provenance={
            **shipped_provenance("compas-scores-two-years.csv"),
            **entry_provenance("compas"),
            "feature_set": features,
            "licence": "ProPublica data, published for analysis (see propublica/compas-analysis)",
            "preprocessing": "ProPublica filter: |days_b_screening_arrest| <= 30, is_recid != -1, "
            "c_charge_degree != 'O', score_text != 'N/A'",
        },
        extra=df[["decile_score", "score_text"]].copy(),
    )


ADULT_COLUMNS = [
    "age",
    "workclass",
    "fnlwgt",
    "education",
    "education-num",
    "marital-status",
    "occupation",
    "relationship",
    "race",
    "sex",
    "capital-gain",
    "capital-loss",
    "hours-per-week",
    "native-country",
    "income",
]
ADULT_CATEGORICAL = (
    "workclass",
    "education",
    "marital-status",
    "occupation",
    "relationship",
    "native-country",
)


def _read_adult(name: str, used: list | None = None) -> pd.DataFrame:
    """One Adult file; rows with a '?' dropped (only in ``used`` columns when given)."""
    df = read_shipped_csv(
        name, header=None, names=ADULT_COLUMNS, skipinitialspace=True, comment="|", na_values="?"
    )
    df = df.dropna(subset=used).reset_index(drop=True)
    df["income"] = df["income"].str.rstrip(".")
    return df


@refusing_unknown_keywords
def load_adult(include_test: bool | None = None, features: str = "full") -> Dataset:
    """UCI Adult: income > 50K.

    Parameters
    ----------
    include_test : bool, optional
        Append ``adult.test`` (its labels' trailing '.' removed) to ``adult.data``. Default:
        False for ``full``, True for ``paper`` (the paper's n counts both files).
    features : {"full", "paper"}
        ``full``: the 12 non-protected attributes; every row with a '?' dropped (30,162
        train rows; 45,222 with test). ``paper``: the PCER paper's list (§4.1: age,
        education, occupation, hours-per-week, capital-gain, capital-loss); rows dropped only
        for a '?' in a used column (30,718 train rows; 46,033 with test, the paper's n).

    Returns
    -------
    Dataset
    """
    check_feature_set(features)
    if include_test is None:
        include_test = features == "paper"
    include_test = check_truth(
        include_test,
        "include_test",
        "include_test=True appends adult.test to adult.data, False reads adult.data only",
        "must be True or False (or None: the feature set's default)",
    )
    used = [*ADULT_PAPER, "sex", "race", "income"] if features == "paper" else None
    files = ["adult.data", "adult.test"] if include_test else ["adult.data"]
    df = pd.concat([_read_adult(name, used) for name in files], ignore_index=True)
    if features == "paper":
        features_df = df[list(ADULT_PAPER)].copy()
        categorical = tuple(c for c in ADULT_CATEGORICAL if c in ADULT_PAPER)
        rows = "rows with '?' in a used column dropped"
    else:
        features_df = df.drop(columns=["race", "sex", "income"])
        categorical = ADULT_CATEGORICAL
        rows = "rows with '?' dropped"
    return Dataset(
        name="adult",
        features=features_df,
        label=(df["income"] == ">50K").astype(int).rename("income"),
        protected=df[["sex", "race"]].astype(str),
        reference={"sex": "Male", "race": "White"},
        positive_label="income > 50K",
        positive_is_favorable=True,
        categorical=categorical,
        provenance={
            **shipped_provenance("adult.data"),
            **entry_provenance("adult"),
            "feature_set": features,
            "files": files,
            "checksums": shipped_checksums(files),
            "licence": "CC BY 4.0",
            "preprocessing": rows + ("; train and test merged" if include_test else ""),
        },
    )


GERMAN_COLUMNS = [
    "checking_status",
    "duration",
    "credit_history",
    "purpose",
    "credit_amount",
    "savings",
    "employment",
    "installment_rate",
    "personal_status",
    "other_debtors",
    "residence_since",
    "property",
    "age",
    "other_installment_plans",
    "housing",
    "existing_credits",
    "job",
    "num_dependents",
    "telephone",
    "foreign_worker",
    "credit_risk",
]
# Attribute 9 (personal status and sex) of the UCI documentation.
GERMAN_SEX = {"A91": "male", "A92": "female", "A93": "male", "A94": "male", "A95": "female"}
GERMAN_NUMERIC = (
    "duration",
    "credit_amount",
    "installment_rate",
    "residence_since",
    "existing_credits",
    "num_dependents",
)


@refusing_unknown_keywords
def load_german() -> Dataset:
    """UCI Statlog German Credit (1,000 rows). Label 1 = good credit risk (favourable).

    Protected: ``sex`` from the coded personal status (A91/A93/A94 male, A92/A95 female;
    reference male) and ``age`` split at 25 (reference ``>=25``, the usual split). Personal
    status and age are excluded from the features.

    Returns
    -------
    Dataset
    """
    df = read_shipped_csv("german.data", sep=" ", header=None, names=GERMAN_COLUMNS)
    protected = pd.DataFrame(
        {
            "sex": df["personal_status"].map(GERMAN_SEX),
            "age": (df["age"] >= 25).map({True: ">=25", False: "<25"}),
        }
    )
    features = df.drop(columns=["personal_status", "age", "credit_risk"])
    categorical = tuple(c for c in features.columns if c not in GERMAN_NUMERIC)
    return Dataset(
        name="german",
        features=features,
        label=(df["credit_risk"] == 1).astype(int).rename("credit_risk"),
        protected=protected,
        reference={"sex": "male", "age": ">=25"},
        positive_label="good credit risk",
        positive_is_favorable=True,
        categorical=categorical,
        provenance={
            **shipped_provenance("german.data"),
            **entry_provenance("german"),
            "licence": "CC BY 4.0",
            "preprocessing": "sex derived from personal status (attribute 9); age >= 25 split",
        },
    )
