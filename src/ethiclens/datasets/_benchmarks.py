"""COMPAS, Adult and German Credit with each benchmark's standard preprocessing."""

from __future__ import annotations

import io

import pandas as pd

from ._base import Dataset, read_shipped, read_shipped_csv, shipped_provenance

COMPAS_FEATURES = [
    "age",
    "priors_count",
    "juv_fel_count",
    "juv_misd_count",
    "juv_other_count",
    "c_charge_degree",
]


def load_compas() -> Dataset:
    """ProPublica's COMPAS two-year recidivism data with ProPublica's filter (6,172 rows).

    Label 1 = reoffended within two years (a harmful outcome). Protected: ``race`` (reference
    Caucasian) and ``sex`` (reference Female, the group less often assigned the harmful label).
    ``extra`` holds COMPAS's own ``decile_score`` and ``score_text``.
    """
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
            "source": "ProPublica compas-analysis, compas-scores-two-years.csv",
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


def _read_adult(name: str) -> pd.DataFrame:
    df = read_shipped_csv(
        name, header=None, names=ADULT_COLUMNS, skipinitialspace=True, comment="|", na_values="?"
    )
    df = df.dropna().reset_index(drop=True)
    df["income"] = df["income"].str.rstrip(".")
    return df


def load_adult(include_test: bool = False) -> Dataset:
    """UCI Adult: income > 50K. Rows with '?' are dropped (30,162 train rows; 45,222 with test).

    Parameters
    ----------
    include_test : bool
        Append ``adult.test`` (its labels' trailing '.' removed) to ``adult.data``.
    """
    parts = [_read_adult("adult.data")]
    if include_test:
        parts.append(_read_adult("adult.test"))
    df = pd.concat(parts, ignore_index=True)
    features = df.drop(columns=["race", "sex", "income"])
    return Dataset(
        name="adult",
        features=features,
        label=(df["income"] == ">50K").astype(int).rename("income"),
        protected=df[["sex", "race"]].astype(str),
        reference={"sex": "Male", "race": "White"},
        positive_label="income > 50K",
        positive_is_favorable=True,
        categorical=ADULT_CATEGORICAL,
        provenance={
            **shipped_provenance("adult.data"),
            "files": ["adult.data"] + (["adult.test"] if include_test else []),
            "source": "UCI Machine Learning Repository, Adult (Becker & Kohavi 1996)",
            "licence": "CC BY 4.0",
            "preprocessing": "rows with '?' dropped"
            + ("; train and test merged" if include_test else ""),
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


def load_german() -> Dataset:
    """UCI Statlog German Credit (1,000 rows). Label 1 = good credit risk (favourable).

    Protected: ``sex`` from the coded personal status (A91/A93/A94 male, A92/A95 female;
    reference male) and ``age`` split at 25 (reference ``>=25``, the usual split). Personal
    status and age are excluded from the features.
    """
    df = pd.read_csv(
        io.BytesIO(read_shipped("german.data")), sep=" ", header=None, names=GERMAN_COLUMNS
    )
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
            "source": "UCI Machine Learning Repository, Statlog (German Credit Data)",
            "licence": "CC BY 4.0",
            "preprocessing": "sex derived from personal status (attribute 9); age >= 25 split",
        },
    )
