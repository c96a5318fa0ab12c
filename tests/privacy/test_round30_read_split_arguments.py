"""Round 30: ``read_split``/``read_splits`` given no column name (``protected=None``), a list
of names (``protected=['g']``) or a path that is no path (``None``, ``3``) raised a KeyError or
TypeError traceback; each is now one EthicLensInputError naming the argument and the fix."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import read_split, read_splits

ROLES = {"y_true": "y", "y_pred": "p", "protected": "g"}


@pytest.fixture
def files(tmp_path):
    paths = []
    for name, flip in (("tr", 0), ("te", 1)):
        frame = pd.DataFrame(
            {"y": [0, 1] * 4, "p": [flip, 1 - flip] * 4, "g": ["a"] * 4 + ["b"] * 4}
        )
        frame.to_csv(path := tmp_path / f"{name}.csv", index=False)
        paths.append(path)
    return paths


@pytest.mark.parametrize(
    ("argument", "value", "said"),
    [
        ("y_true", None, "is required"),
        ("y_pred", None, "is required"),
        ("protected", None, "is required"),
        ("protected", ["g"], "must be one column's name"),
        ("loss", ["loss"], "must be one column's name"),
        ("ids", {"id"}, "must be one column's name"),
    ],
)
def test_a_column_argument_that_names_no_column_is_refused(files, argument, value, said):
    for call in (
        lambda kw: read_split(files[0], name="train", **kw),
        lambda kw: read_splits(*files, **kw),
    ):
        with pytest.raises(EthicLensInputError) as err:
            call({**ROLES, argument: value})
        assert err.value.column == argument and err.value.kind == "argument", err.value
        assert said in err.value.problem and err.value.fix, err.value


@pytest.mark.parametrize("path", [None, 3, ["tr.csv"]])
def test_a_path_that_is_no_path_is_refused(files, path):
    for call, argument in (
        (lambda: read_split(path, name="train", **ROLES), "path"),
        (lambda: read_splits(path, files[1], **ROLES), "train_path"),
        (lambda: read_splits(files[0], path, **ROLES), "test_path"),
    ):
        with pytest.raises(EthicLensInputError) as err:
            call()
        assert err.value.column == argument and "must be a file path" in err.value.problem
