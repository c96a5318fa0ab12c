"""P2NIA: privacy-preserving, non-iterative fairness audits from a DP release.

The paper's evaluation harness (``ExperimentConfig``, ``run_experiment``, ``cross_population``,
``audit_states_for``, ``write_experiment_outputs``, ``write_population_bias_figure``) lives in
:mod:`ethiclens.experiments` since 2026-12 (docs/adr/0007-layout.md): the product does not
depend on its research harness.
"""

import importlib

from .._optional import lazy_names, moved_getattr

# public name -> submodule that defines it. Names are loaded on first use, so that the CLI's
# ``p2nia``, ``probe`` and ``pcer`` help loads no heavy module (pandas is needed by a run).
_LAZY = {
    "blackbox_audit": "._blackbox",
    "uniform_queries": "._blackbox",
    "check_epsilon": "._common",
    "Estimate": "._estimate",
    "check_n_boot": "._estimate",
    "estimate": "._estimate",
    "load_estimate_schema": "._estimate",
    "released_counts": "._estimate",
    "validate_estimate_output": "._estimate",
    "ReleaseSettings": "._folder",
    "parse_bins": "._folder",
    "release_to_folder": "._folder",
    "request_from_options": "._folder",
    "write_request": "._folder",
    "debias": "._grr",
    "keep_probability": "._grr",
    "project_to_simplex": "._grr",
    "randomize": "._grr",
    "response_matrix": "._grr",
    "ACCOUNTINGS": "._mechanisms",
    "AIM": "._mechanisms",
    "GRR": "._mechanisms",
    "MST": "._mechanisms",
    "Mechanism": "._mechanisms",
    "get_mechanism": "._mechanisms",
    "mechanism_names": "._mechanisms",
    "register_mechanism": "._mechanisms",
    "unregister_mechanism": "._mechanisms",
    "METRICS": "._metrics",
    "NEEDS_Y": "._metrics",
    "cells_from_joint": "._metrics",
    "joint_from_codes": "._metrics",
    "metrics_from_cells": "._metrics",
    "metrics_from_joint": "._metrics",
    "AuditedModel": "._models",
    "get_model": "._models",
    "is_builtin_model": "._models",
    "model_label": "._models",
    "model_names": "._models",
    "models_help": "._models",
    "one_hot_encoder": "._models",
    "register_model": "._models",
    "unregister_model": "._models",
    "check_command_outputs": "._outputs",
    "refuse_stdout": "._outputs",
    "write_json_output": "._outputs",
    "AuditRequest": "._protocol",
    "Release": "._protocol",
    "SeededReleaseWarning": "._protocol",
    "as_request": "._protocol",
    "check_n": "._protocol",
    "check_release_for": "._protocol",
    "check_seed": "._protocol",
    "make_request": "._protocol",
    "read_release": "._protocol",
    "read_request": "._protocol",
    "release": "._protocol",
    "write_release": "._protocol",
    "AuditColumns": "._synth",
    "check_edges": "._synth",
    "ESTIMATE_N_BOOT": "._defaults",
    "ESTIMATE_SCHEMA_VERSION": "._estimate",
    "RELEASE_MANIFEST_FILE": "._common",
    "RELEASE_TABLE_FILE": "._common",
}
# public name -> its name in that submodule
_ALIASES = {
    "ESTIMATE_N_BOOT": "N_BOOT",
    "ESTIMATE_SCHEMA_VERSION": "SCHEMA_VERSION",
    "RELEASE_MANIFEST_FILE": "MANIFEST",
    "RELEASE_TABLE_FILE": "TABLE",
}

__all__ = [
    "AuditColumns",
    "AuditRequest",
    "make_request",
    "release",
    "write_release",
    "read_release",
    "read_request",
    "as_request",
    "check_release_for",
    "ReleaseSettings",
    "release_to_folder",
    "request_from_options",
    "write_request",
    "parse_bins",
    "estimate",
    "Release",
    "SeededReleaseWarning",
    "Estimate",
    "blackbox_audit",
    "uniform_queries",
    "METRICS",
    "metrics_from_joint",
    "metrics_from_cells",
    "NEEDS_Y",
    "joint_from_codes",
    "cells_from_joint",
    "released_counts",
    "ESTIMATE_SCHEMA_VERSION",
    "ESTIMATE_N_BOOT",
    "load_estimate_schema",
    "validate_estimate_output",
    "Mechanism",
    "GRR",
    "MST",
    "AIM",
    "ACCOUNTINGS",
    "register_mechanism",
    "unregister_mechanism",
    "get_mechanism",
    "mechanism_names",
    "keep_probability",
    "response_matrix",
    "randomize",
    "debias",
    "project_to_simplex",
    "AuditedModel",
    "register_model",
    "unregister_model",
    "get_model",
    "model_names",
    "model_label",
    "is_builtin_model",
    "one_hot_encoder",
    "check_seed",
    "check_n",
    "check_n_boot",
    "check_epsilon",
    "check_edges",
    "RELEASE_MANIFEST_FILE",
    "RELEASE_TABLE_FILE",
    "check_command_outputs",
    "write_json_output",
    "refuse_stdout",
    "models_help",
]


# Names that moved to ethiclens.experiments in 2026-12 (issue 22.5, docs/adr/0007-layout.md).
# They are not re-exported (the product would import its research harness); asking for
# one says where it went, as an ImportError so that `from ethiclens.p2nia import ...` shows it.
_MOVED = frozenset(
    (
        "ExperimentConfig",
        "run_experiment",
        "cross_population",
        "audit_states_for",
        "write_experiment_outputs",
        "write_population_bias_figure",
    )
)


def _refusing(value):
    """``value`` refusing a keyword it does not take (``ethiclens._keywords``), on first use."""
    from .._keywords import refusing_export  # not at import: the CLI's help stays light

    return refusing_export(value)


_lazy, __dir__ = lazy_names(__name__, _LAZY, export=_refusing)
_moved = moved_getattr(__name__, _MOVED, "the P2NIA paper's evaluation harness")


def __getattr__(name: str):
    if name in _ALIASES:  # ESTIMATE_N_BOOT: _defaults.N_BOOT, ...
        value = getattr(importlib.import_module(_LAZY[name], __name__), _ALIASES[name])
        globals()[name] = value
        return value
    return _moved(name) if name in _MOVED else _lazy(name)
