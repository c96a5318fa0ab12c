"""A pandas DataFrame given first with its columns' names (the by-name form a notebook user
tries: audit(df, y_true='label', y_pred='pred', protected='race'), audit(df, 'label', 'pred',
'race')) raised Python's "got multiple values for argument 'y_true'" / "takes 3 positional
arguments but 4 were given", or a hint to sensitive_features: one refusal whose fix is the call
with the columns' values, on audit, compare and threshold_table. The rows form still runs, and
audit_counts still takes its table with protected=."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

DF = pd.DataFrame({"label": [0, 1] * 50, "pred": [1, 0] * 50, "race": ["a", "b"] * 50})
DF["s"] = [0.2, 0.7] * 50

CALLS = [
    (
        "audit",
        (DF,),
        {"y_true": "label", "y_pred": "pred", "protected": "race"},
        "ethiclens.audit(df['label'], df['pred'], df['race'])",
    ),
    (
        "audit",
        (DF, "label", "pred", "race"),
        {},
        "ethiclens.audit(df['label'], df['pred'], df['race'])",
    ),
    (
        "audit",
        (DF,),
        {"y_pred": "pred", "sensitive_features": ["race"], "sample_weight": "s"},
        "ethiclens.audit(None, df['pred'], df[['race']], sample_weight=df['s'])",
    ),
    (
        "compare",
        (DF,),
        {"pred_a": "pred", "pred_b": "pred", "protected": "race"},
        "ethiclens.compare(None, df['pred'], df['pred'], df['race'])",
    ),
    (
        "threshold_table",
        (DF,),
        {"y_true": "label", "y_score": "s", "protected": "race"},
        "ethiclens.threshold_table(df['label'], df['s'], df['race'])",
    ),
]


@pytest.mark.parametrize(("name", "args", "kwargs", "fix"), CALLS)
def test_a_frame_with_column_names_gets_the_call_with_values(name, args, kwargs, fix):
    with pytest.raises(EthicLensInputError) as info:
        getattr(ethiclens, name)(*args, **kwargs)
    said = str(info.value)
    assert said.startswith("argument 'y_true': is a DataFrame given with its columns' names")
    assert f"Fix: pass the columns themselves: {fix}" in said


def test_the_rows_form_and_a_counts_table_still_taken():
    result = ethiclens.audit(DF["label"], DF["pred"], DF[["race"]], n_boot=100)
    assert result.to_dict()["data"]["n_rows"] == 100
    table = pd.DataFrame({"race": ["a", "b"], "y_pred": [1, 0], "count": [3, 4]})
    assert ethiclens.audit_counts(table, protected="race", n_boot=100) is not None
