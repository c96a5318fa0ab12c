"""API battery (sources' exported helpers): refuse_reserved, refuse_stray_counted,
dask_as_built, refuse_hive_default and name_rows given None, a set, bytes or 10**5000 crashed
with Python's TypeError/AttributeError/IndexError; each refuses naming the argument."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import (
    Roles,
    as_pandas_reads,
    dask_as_built,
    name_rows,
    refuse_hive_default,
    refuse_reserved,
    refuse_stray_counted,
    row_place,
)
from ethiclens.sources._rules import FileLayout

BIG = 10**5000
ROLES = Roles(y_true="y", y_pred="p", protected=["g"])
LAYOUT = FileLayout([], "csv", target="d.csv")
REFUSAL = EthicLensInputError("bad", column="y")


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: refuse_reserved(None), "protected"),
        (lambda: refuse_reserved(BIG), "protected"),
        (lambda: refuse_reserved(b"count"), "protected"),
        (lambda: refuse_stray_counted(None, [1], "p"), "values"),
        (lambda: refuse_stray_counted({"0", "x"}, [1, 2], "p"), "values"),
        (lambda: refuse_stray_counted(b"01", [1, 2], "p"), "values"),
        (lambda: refuse_stray_counted(["0", "x"], None, "p"), "counts"),
        (lambda: refuse_stray_counted(["0", "x"], [1], "p"), "counts"),
        (lambda: refuse_stray_counted(["0", "x"], [1, 2], BIG), "column"),
        (lambda: dask_as_built(None, ["g"]), "ddf"),
        (lambda: dask_as_built(pd.DataFrame(), ["g"]), "ddf"),
        (lambda: refuse_hive_default(None, ROLES), "layout"),
        (lambda: refuse_hive_default(LAYOUT, None), "roles"),
        (lambda: refuse_hive_default(LAYOUT, {"g"}), "roles"),
        (lambda: name_rows(None, "d.csv"), "exc"),
        (lambda: name_rows(REFUSAL, None), "target"),
        (lambda: name_rows(REFUSAL, b"d.csv"), "target"),
        (lambda: as_pandas_reads(None, pa.string()), "values"),
        (lambda: as_pandas_reads(["a"], "string"), "file_type"),
        (lambda: row_place(None, 0, "csv"), "path"),
        (lambda: row_place("d.csv", None, "csv"), "index"),
        (lambda: row_place("d.csv", 0, None), "kind"),
    ],
)
def test_a_wrong_kind_is_refused_naming_the_argument(call, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'"):
        call()


def test_right_kinds_answer_as_before(tmp_path):
    refuse_reserved({"g"})
    refuse_reserved(c for c in ["g"])
    with pytest.raises(EthicLensInputError, match="reserved"):
        refuse_reserved(["count"])
    refuse_stray_counted(pd.Index(["0", "1"]), np.array([3, 4]), "p")
    with pytest.raises(EthicLensInputError, match="not binary"):
        refuse_stray_counted(["0", "1", "x"], np.array([3, 4, 1]), "p")
    refuse_hive_default(LAYOUT, ROLES)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n")
    assert name_rows(REFUSAL, tmp_path / "d.csv").column == "y"
    assert row_place(tmp_path / "d.csv", np.int64(0), "csv") == "d.csv line 2"
    assert as_pandas_reads(pa.array(["a"]), pa.string()).tolist() == ["a"]
