"""Names the CLI and users can load datasets by."""

from __future__ import annotations

from ..errors import EthicLensInputError
from ._acs import load_acs_income
from ._benchmarks import load_adult, load_compas, load_german
from ._bios import load_bios

DATASETS = {
    "compas": (load_compas, "ProPublica COMPAS two-year recidivism (positive = harmful)"),
    "adult": (load_adult, "UCI Adult income > 50K"),
    "german": (load_german, "UCI Statlog German Credit, good credit risk"),
    "acs-income": (load_acs_income, "ACSIncome (folktables), Colorado 2018 by default"),
    "bios": (load_bios, "Bias in Bios, surgeon vs nurse subset (not shipped; see load_bios)"),
}


def load(name: str, **kwargs):
    """Load a dataset by its registry name (``ethiclens datasets list``)."""
    try:
        loader, _ = DATASETS[name]
    except KeyError:
        raise EthicLensInputError(
            "unknown dataset", column="dataset", value=name, fix=f"use one of {sorted(DATASETS)}"
        ) from None
    return loader(**kwargs)
