"""P2NIA: privacy-preserving, non-iterative fairness audits from a DP release.

The paper's evaluation harness (``ExperimentConfig``, ``run_experiment``, ``cross_population``,
``audit_states_for``, ``write_experiment_outputs``, ``write_population_bias_figure``) lives in
:mod:`ethiclens.experiments` since 2026-12 (docs/adr/0007-layout.md): the product does not
depend on its research harness.
"""

from .._optional import moved_getattr
from ._blackbox import blackbox_audit, uniform_queries
from ._common import check_epsilon
from ._estimate import N_BOOT as ESTIMATE_N_BOOT
from ._estimate import SCHEMA_VERSION as ESTIMATE_SCHEMA_VERSION
from ._estimate import (
    Estimate,
    check_n_boot,
    estimate,
    load_estimate_schema,
    released_counts,
    validate_estimate_output,
)
from ._folder import (
    ReleaseSettings,
    parse_bins,
    release_to_folder,
    request_from_options,
    write_request,
)
from ._grr import debias, keep_probability, project_to_simplex, randomize, response_matrix
from ._mechanisms import (
    ACCOUNTINGS,
    AIM,
    GRR,
    MST,
    Mechanism,
    get_mechanism,
    mechanism_names,
    register_mechanism,
    unregister_mechanism,
)
from ._metrics import (
    METRICS,
    NEEDS_Y,
    cells_from_joint,
    joint_from_codes,
    metrics_from_cells,
    metrics_from_joint,
)
from ._models import (
    AuditedModel,
    get_model,
    is_builtin_model,
    model_label,
    model_names,
    models_help,
    one_hot_encoder,
    register_model,
    unregister_model,
)
from ._outputs import check_command_outputs, refuse_stdout, write_json_output
from ._protocol import MANIFEST as RELEASE_MANIFEST_FILE
from ._protocol import TABLE as RELEASE_TABLE_FILE
from ._protocol import (
    AuditRequest,
    Release,
    SeededReleaseWarning,
    as_request,
    check_n,
    check_release_for,
    check_seed,
    make_request,
    read_release,
    read_request,
    release,
    write_release,
)
from ._synth import AuditColumns, check_edges

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

__getattr__ = moved_getattr(__name__, _MOVED, "the P2NIA paper's evaluation harness")
