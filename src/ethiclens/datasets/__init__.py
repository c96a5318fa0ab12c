"""Benchmark datasets with protected attributes, reference groups and provenance.

One registry entry per dataset (:class:`DatasetEntry`, :func:`register`) holds everything the
audit, PCER, P2NIA, reports and sweeps know about it.

Names are loaded on first use (the CLI imports this package at start-up; pandas is not needed
until a dataset is actually loaded).
"""

from __future__ import annotations

from .._optional import lazy_names

# public name -> submodule that defines it.
_LAZY = {
    "Dataset": "._base",
    "load_compas": "._benchmarks",
    "load_adult": "._benchmarks",
    "load_german": "._benchmarks",
    "load_acs_income": "._acs",
    "acs_states": "._acs",
    "ACS_STATES": "._acs",
    "check_year": "._acs",
    "load_bios": "._bios",
    "load": "._registry",
    "DATASETS": "._registry",
    "DatasetEntry": "._registry",
    "BinarySplit": "._registry",
    "register": "._registry",
    "unregister": "._registry",
    "get_entry": "._registry",
    "names": "._registry",
    "entries": "._registry",
    "RegistryView": "._registry",
    "P2NIA_DATASETS": "._registry",
    "is_builtin": "._registry",
}

__all__ = list(_LAZY)  # every public name is loaded on first use


def _refusing(value):
    """``value`` refusing a keyword it does not take (``ethiclens._keywords``), on first use."""
    from .._keywords import refusing_export  # not at import: the CLI's help stays light

    return refusing_export(value)


__getattr__, __dir__ = lazy_names(__name__, _LAZY, export=_refusing)
