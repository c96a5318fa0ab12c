"""Round 20: a group named with ``make_counterfactuals(..., groups=[...])`` (or
``counterfactual``) of another type than the protected column (1 for a text column, True or
1.5 for an integer one) is refused naming ``groups``, the value, its type, the column's type
and the groups to give: never a column of two types, never True read as the column's 1."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import counterfactual, make_counterfactuals


def _records(labels, n: int = 20) -> pd.DataFrame:
    r = np.random.default_rng(0)
    g = pd.Series(labels).iloc[np.arange(n) % len(labels)].reset_index(drop=True)
    return pd.DataFrame({"g": g, "x": r.normal(size=n), "y": r.integers(0, 2, n)})


@pytest.mark.parametrize(
    ("labels", "groups", "problem", "fix"),
    [
        (["F", "M"], [1], "[1] is integers but column 'g' holds text", "groups=['1']"),
        ([0, 2], [True], "[True] is booleans but column 'g' holds integers", "groups as integers"),
        ([0, 2], [1.5], "[1.5] is numbers but column 'g' holds integers", "groups as integers"),
        ([0, 2], [1.0, 3], "[1.0] is numbers but column 'g' holds integers", "groups=[1, 3]"),
        ([0, 2], ["3"], "['3'] is text but column 'g' holds integers", "groups=[3]"),
        ([0.5, 2.0], [1], "[1] is integers but column 'g' holds numbers", "groups=[1.0]"),
        ([True, False], [1], "[1] is integers but column 'g' holds booleans", "groups as booleans"),
        (["F", "M"], ["F", True], "[True] is booleans but column 'g' holds text", "groups as text"),
    ],
)
def test_a_named_group_of_another_type_than_the_column_is_refused(labels, groups, problem, fix):
    with pytest.raises(EthicLensInputError) as exc:
        make_counterfactuals(_records(labels), "g", groups=groups)
    msg = str(exc.value)
    assert msg.startswith(f"argument 'groups': {problem} (a column of two types)"), msg
    assert f"Fix: give {fix}" in msg and "\n" not in msg, msg


def test_groups_of_the_column_type_still_flip_and_keep_one_type():
    for labels, groups in ((["F", "M"], ["X"]), ([0, 2], [1]), ([0.5, 2.0], [1.5])):
        frame = make_counterfactuals(_records(labels), "g", groups=groups)
        for column in ("g", "_cf_target"):
            assert frame[column].map(type).nunique() == 1, (labels, groups, column)
    dates = pd.DataFrame({"g": pd.to_datetime(["2020-01-01", "2021-01-01"]), "x": [1, 2]})
    frame = make_counterfactuals(dates, "g", groups=[pd.Timestamp("2022-01-01")])
    assert frame["g"].dtype.kind == "M"


def test_the_model_probe_refuses_the_same_before_the_model_sees_it():
    records = _records(["F", "M"], 40)
    encode = ColumnTransformer([("g", OneHotEncoder(handle_unknown="ignore"), ["g"])])
    model = make_pipeline(encode, LogisticRegression()).fit(records[["g"]], records["y"])
    with pytest.raises(EthicLensInputError) as exc:
        counterfactual(model, records[["g"]], "g", groups=["F", 1], n_boot=100)
    assert "[1] is integers but column 'g' holds text" in str(exc.value), exc.value


def test_the_command_line_flips_between_the_file_s_own_groups(tmp_path, capsys):
    # the commands have no --groups: they flip to the groups of the file, read in one type
    path = tmp_path / "rec.csv"
    _records(["1", "F"]).to_csv(path, index=False)
    out = tmp_path / "flipped.csv"
    argv = ["probe", "make-counterfactuals", str(path), "--protected", "g", "--out", str(out)]
    assert main(argv) == 0, capsys.readouterr().err
    table = pd.read_csv(out, dtype={"g": str, "_cf_target": str, "_cf_source": str})
    assert set(table["_cf_target"]) == {"1", "F"}
    argv = ["probe", "analyze-counterfactuals", str(out), "--y-pred", "y", "--n-boot", "100"]
    assert main(argv) == 0, capsys.readouterr().err
