"""Round 43 (p2nia): an extra category column holding both 0.0 and -0.0 (or 1, 1.0 and True).

An MST/AIM release with --columns f, f a float column of 0.0, -0.0 and 1.0, crashed with
numpy's "ValueError: 'list' argument must have no negative elements" (CLI: a traceback): the
domain came from pd.unique (0.0 and -0.0 one value, written once) while the codes came from
each value's text ('-0.0' not in the domain: code -1). Now both come from one text, -0.0 read
as 0.0 (one number); distinct texts of equal objects (1, '1.0', 'True') are distinct
categories. (The synthesiser's fit is left out: its first run takes seconds; the codes it
counts are what crashed.)
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.p2nia._synth import _discretize, column_domains


@pytest.mark.parametrize(
    "cells, kind, domain",
    [
        ([0.0, -0.0, 1.0], float, ["0.0", "1.0"]),
        ([-0.0, -0.0, 1.0], float, ["0.0", "1.0"]),
        ([0.0, -0.0, 1.0], "Float64", ["0.0", "1.0"]),
        ([-0.0, 0.0, "a"], object, ["0.0", "a"]),
        ([1, 1.0, True, "a"], object, ["1", "1.0", "True", "a"]),
    ],
)
def test_a_category_column_is_coded_by_the_text_of_its_domain(cells, kind, domain):
    data = pd.DataFrame({"f": pd.Series(cells * 5, dtype=kind)})
    domains = column_domains(data, ["f"], {})
    assert domains == {"f": domain}
    for rows in (data, data.iloc[::-1], data.iloc[: len(cells)]):  # the drawn rows: any order
        codes, meta = _discretize(rows, ["f"], {}, domains=domains)
        assert meta["f"]["domain"] == domain
        assert (codes["f"] >= 0).all()  # a -1 crashed the synthesiser's counts
        assert [domain[c] for c in codes["f"]] == [
            "0.0" if isinstance(v, float) and v == 0 else str(v) for v in rows["f"]
        ]


def test_the_cli_reads_a_csv_column_of_signed_zeros_as_one_number(tmp_path):
    (tmp_path / "d.csv").write_text("f\n0.0\n-0.0\n1.5\n-0.0\n")
    data = pd.read_csv(tmp_path / "d.csv")
    codes, meta = _discretize(data, ["f"], {}, domains=column_domains(data, ["f"], {}))
    assert meta["f"]["domain"] == ["0.0", "1.5"] and np.array_equal(codes["f"], [0, 0, 1, 0])
