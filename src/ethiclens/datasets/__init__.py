"""Benchmark datasets with protected attributes, reference groups and provenance."""

from ._acs import load_acs_income
from ._base import Dataset
from ._benchmarks import load_adult, load_compas, load_german
from ._bios import load_bios
from ._registry import DATASETS, load

__all__ = ["Dataset", "load_compas", "load_adult", "load_german", "load_acs_income", "load_bios",
           "load", "DATASETS"]
