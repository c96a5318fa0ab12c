"""The mapping form's fields as the page names them, and the command-line flag each sets: a
leaf of the web package (the job runner names them in a report's notes, the form's checks in
its refusals), so that neither imports the other."""

from __future__ import annotations

from .._checks import whole_or_text

# A floor as --min-group-size reads it (whole_or_text): a whole number, else the text as given,
# which the spec's check refuses in its words (as it does on the command line).
POLICY_FIELDS = (
    ("di_rule", str),
    ("di_threshold", float),
    ("eo_threshold", float),
    ("min_group_size", whole_or_text),
    ("min_labels", whole_or_text),
    ("ci", str),
    ("confidence_level", float),
    ("n_boot", int),
    ("seed", int),
)
MODEL_FIELDS = {"model_name": "name", "model_version": "version", "intended_use": "intended_use"}


# form field -> what the page calls it (an error's place, named in the user's words)
FIELD_LABELS = {
    "y_true": "Label (the true outcome)",
    "y_pred": "Prediction of the model",
    "y_score": "Score in [0, 1]",
    "weight": "Sample weight",
    "y_pred_b": "Second model to compare",
    "model_b": "Model B from another file",
    "model_b_column": "Model B's column, typed",
    "positive": "The positive label (1) is…",
    "pos_label": "Positive label value",
    "protected": "Protected attributes",
    "merge": "Merge groups",
    "exclude": "Leave groups out",
    "di_rule": "Disparate-impact rule",
    "di_threshold": "DI threshold",
    "eo_threshold": "Equalized-odds threshold",
    "min_group_size": "Minimum rows per group",
    "min_labels": "Minimum positive and negative labels per group",
    "ci": "Interval method",
    "confidence_level": "Confidence level",
    "n_boot": "Interval draws",
    "seed": "Seed",
    "score": "Predictions audited",
    "model_name": "Model name",
    "model_version": "Version",
    "intended_use": "Intended use",
}

# spec key -> form field
SPEC_FIELDS = {
    **{f"roles.{k}": k for k in ("y_true", "y_pred", "y_score", "weight", "protected")},
    **{f"roles.{k}": k for k in ("positive", "pos_label")},
    **{f"groups.{k}": k for k in ("merge", "exclude")},
    "groups.bins": "protected",
    "target.score": "score",
    **{f"model.{key}": name for name, key in MODEL_FIELDS.items()},
    **{f"policy.{name}": name for name, _ in POLICY_FIELDS},
}


def _flag_fields() -> dict[str, str]:
    """{command-line flag: the label of the form field that sets it}."""
    from ..spec import flag_paths

    fields = {"--bins": "Bins"}
    for flag, path in flag_paths().items():
        label = FIELD_LABELS.get(SPEC_FIELDS.get(path, ""))
        if label and flag not in fields:
            fields[flag] = label
    return fields
