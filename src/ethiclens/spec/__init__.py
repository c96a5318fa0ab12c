"""One request for every face: ``AuditSpec`` (target, roles, group edits, policy, model card,
outputs, gate), ``load_target`` and ``run``. See docs/config.md."""

from ._api import audit, audit_counts, compare, threshold_table
from ._parse import (
    parse_bins,
    parse_excludes,
    parse_intersections,
    parse_merges,
    parse_protected,
)
from ._run import as_spec, run, run_audit, run_compare, run_thresholds
from ._spec import (
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
from ._target import Loaded, database_url, load_target

__all__ = [
    "AuditSpec",
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
