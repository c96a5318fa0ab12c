"""One request for every face: ``AuditSpec`` (target, roles, group edits, policy, model card,
outputs, gate), ``load_target`` and ``run``. See docs/config.md."""

import importlib

from ._parse import (
    parse_bins,
    parse_excludes,
    parse_intersections,
    parse_merges,
    parse_protected,
)
from ._spec import (
    CI_BY_PURPOSE,
    SPEC_VERSION,
    AuditSpec,
    GateSpec,
    Groups,
    ModelInfo,
    Outputs,
    PolicySpec,
    Roles,
    Target,
    ThresholdView,
    flag_paths,
    read_spec_file,
    spec_schema,
    target_key,
)

# Loaded on first use, so that the CLI's --help (which reads the fields above) stays cheap.
_LAZY = {
    "audit": "._api",
    "audit_counts": "._api",
    "compare": "._api",
    "threshold_table": "._api",
    "as_spec": "._run",
    "run": "._run",
    "run_audit": "._run",
    "run_compare": "._run",
    "run_thresholds": "._run",
    "Loaded": "._target",
    "count_target": "._target",
    "engine_for": "._target",
    "database_url": "._target",
    "load_target": "._target",
    "edited_reference": "._target",
    "check_output_paths": "._outputs",
    "write_outputs": "._outputs",
    "layered_spec": "._layers",
}


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'ethiclens.spec' has no attribute {name!r}")


__all__ = [
    "AuditSpec",
    "check_output_paths",
    "write_outputs",
    "layered_spec",
    "edited_reference",
    "CI_BY_PURPOSE",
    "audit",
    "audit_counts",
    "compare",
    "threshold_table",
    "Target",
    "Roles",
    "Groups",
    "PolicySpec",
    "ModelInfo",
    "Outputs",
    "GateSpec",
    "ThresholdView",
    "SPEC_VERSION",
    "spec_schema",
    "flag_paths",
    "read_spec_file",
    "load_target",
    "count_target",
    "engine_for",
    "Loaded",
    "database_url",
    "run",
    "run_audit",
    "run_compare",
    "run_thresholds",
    "as_spec",
    "parse_protected",
    "parse_excludes",
    "parse_merges",
    "parse_intersections",
    "parse_bins",
    "target_key",
]
