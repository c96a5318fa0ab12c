"""Round 35 (probes): ``counterfactual(..., groups=<generator>)`` probed the groups but read
the spent generator again for the encoder's notes, so the note on a group the model's encoder
never saw was silently dropped; and ``groups=pa.array([...])`` was refused as StringScalar
labels beside the column's text. Both are now the list of their labels."""

import pandas as pd
import pyarrow as pa
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from ethiclens.probes import counterfactual

X = pd.DataFrame({"sex": ["F", "M"] * 6, "x": [0, 1, 2] * 4})


def _model() -> Pipeline:
    encode = ColumnTransformer(
        [("sex", OneHotEncoder(handle_unknown="ignore"), ["sex"])], remainder="passthrough"
    )
    return Pipeline([("encode", encode), ("fit", LogisticRegression())]).fit(X, [0, 1] * 6)


def _summary(result):
    return [(p.source, p.target, p.flip_rate) for p in result.pairs], result.notes


def test_a_generator_or_arrow_array_of_groups_is_read_once():
    model = _model()
    listed = counterfactual(model, X, "sex", groups=["F", "M", "X"], n_boot=100, random_state=0)
    assert any("Groups X were never seen" in note for note in listed.notes)
    for groups in ((g for g in ["F", "M", "X"]), pa.array(["F", "M", "X"])):
        got = counterfactual(model, X, "sex", groups=groups, n_boot=100, random_state=0)
        assert _summary(got) == _summary(listed)
