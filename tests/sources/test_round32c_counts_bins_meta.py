"""A counts table's ``ethiclens_bins`` record that disagrees with its cells is refused."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of, read_counts, write_counts


@pytest.fixture
def table(tmp_path):
    rng = np.random.default_rng(0)
    n = 400
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "sex": rng.choice(["F", "M"], n),
            "age": rng.choice(["[0, 30)", "[30, 60)", "[60, 120]"], n),
        }
    )
    counts = counts_of(frame, Roles(y_pred="p", y_true="y", protected=["sex", "age"]))
    counts.attrs["ethiclens_bins"] = {"age": [0.0, 30.0, 60.0, 120.0]}
    path = tmp_path / "c.csv"
    write_counts(counts, path)
    return path


def _edit(path, bins):
    side = f"{path}.ethiclens.json"
    meta = json.loads(open(side, encoding="utf-8").read())
    meta["ethiclens_bins"] = bins
    open(side, "w", encoding="utf-8").write(json.dumps(meta))


def test_recorded_bins_as_written_are_read(table):
    assert read_counts(table).attrs["ethiclens_bins"] == {"age": [0.0, 30.0, 60.0, 120.0]}


def test_edges_that_do_not_give_the_groups_are_refused(table):
    _edit(table, {"age": [0, 20, 60, 120]})
    with pytest.raises(EthicLensInputError, match=r"ethiclens_bins\.age.*\[0, 30\)"):
        read_counts(table)


def test_bins_of_a_column_the_table_lacks_are_refused(table):
    _edit(table, {"zzz": [0, 1]})
    with pytest.raises(EthicLensInputError, match=r"ethiclens_bins\.zzz"):
        read_counts(table)


def test_bins_of_a_text_attribute_are_refused(table):
    _edit(table, {"sex": [0, 1]})
    with pytest.raises(EthicLensInputError, match=r"ethiclens_bins\.sex.*'F'"):
        read_counts(table)
