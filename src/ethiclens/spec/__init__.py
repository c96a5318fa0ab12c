"""One request for every face: ``AuditSpec`` (target, roles, group edits, policy, model card,
outputs, gate), ``load_target`` and ``run``. See docs/config.md."""

from .._checks import argument_kinds, instance_kind, kind_refusal
from .._keywords import refusing_export, refusing_exports
from .._optional import lazy_names
from .._text import read_group as _read_group
from .._text import typed_group as _typed_group
from ._parse import (
    attribute_names,
    edit_attribute,
    edit_attributes,
    flag_value,
    merge_parts,
    parse_bins,
    parse_excludes,
    parse_intersections,
    parse_merges,
    parse_protected,
    refuse_blank_columns,
    resolved_edits,
    split_outside_brackets,
    unquoted,
)
from ._spec import (
    CI_BY_PURPOSE,
    ENGINE_KEYS,
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
    field_fix,
    flag_paths,
    method_named,
    purpose_for,
    purpose_of_data,
    read_spec_file,
    recorded_request,
    refuse_field_text,
    spec_schema,
    target_key,
)

# the exported group reader guarded (a notebook's None, bytes or number refused by name); the
# spec's own parsers call _text's with the text they cut
read_group = argument_kinds(
    text=instance_kind(str, "a group's name as typed (text)", "e.g. '\"F \"'")
)(_read_group)


def _group_name_kind(value, name: str) -> None:
    """An argument kind: a group's name Python can write as text (a whole number past its
    4,300-digit limit raised 'Exceeds the limit' from inside; _text imports nothing of ours
    to shorten it)."""
    try:
        str(value)
    except ValueError:
        problem = "must be a group's name that prints (text, or a number under 4,300 digits)"
        raise kind_refusal(
            value, name, problem, "e.g. 'F', or the group as the data holds it"
        ) from None


typed_group = argument_kinds(name=_group_name_kind)(_typed_group)

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
    "purpose_of": "._run",
    "check_request": "._run",
    "Loaded": "._target",
    "count_target": "._target",
    "engine_for": "._target",
    "refuse_engine_beside_db": "._target",
    "database_url": "._target",
    "load_target": "._target",
    "loaded_target": "._target",
    "edited_reference": "._target",
    "refuse_written_apart": "._target",
    "check_output_paths": "._outputs",
    "output_not_written": "._outputs",
    "input_files": "._outputs",
    "write_outputs": "._outputs",
    "layered_spec": "._layers",
    "checked_spec_file": "._layers",
    "override_note": "._layers",
    "note_value": "._layers",
    "replaced_table_or_query": "._layers",
}


__all__ = [
    "ENGINE_KEYS",
    "AuditSpec",
    "check_output_paths",
    "output_not_written",
    "input_files",
    "write_outputs",
    "layered_spec",
    "checked_spec_file",
    "override_note",
    "note_value",
    "replaced_table_or_query",
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
    "field_fix",
    "refuse_field_text",
    "flag_paths",
    "purpose_for",
    "purpose_of_data",
    "read_spec_file",
    "recorded_request",
    "method_named",
    "load_target",
    "loaded_target",
    "count_target",
    "engine_for",
    "refuse_engine_beside_db",
    "refuse_written_apart",
    "Loaded",
    "database_url",
    "run",
    "run_audit",
    "run_compare",
    "run_thresholds",
    "purpose_of",
    "check_request",
    "as_spec",
    "parse_protected",
    "refuse_blank_columns",
    "unquoted",
    "read_group",
    "split_outside_brackets",
    "parse_excludes",
    "attribute_names",
    "edit_attribute",
    "resolved_edits",
    "edit_attributes",
    "flag_value",
    "parse_merges",
    "merge_parts",
    "typed_group",
    "parse_intersections",
    "parse_bins",
    "target_key",
]

__getattr__, __dir__ = lazy_names(__name__, _LAZY, export=refusing_export)

# a keyword an exported name does not take: one refusal with its near miss, never Python's
# bare TypeError (ethiclens._keywords; the lazily loaded names on first use)
refusing_exports(globals())
