"""Round 31 (P2NIA): a group (or a released category) holding a carriage return ('F\\rx', read
from a Parquet file as ``audit`` reads it) was written into release.csv unquoted (pandas
quotes no lone '\\r'), which every CSV reader takes as a line end: the platform's own
release was refused by ``estimate`` ("column 'Y_hat': values [''] are not 0/1"). Such a
table is written with every field quoted; any other table is written as before."""

from __future__ import annotations

import hashlib
import warnings

import numpy as np
import pandas as pd

from ethiclens.p2nia import estimate, make_request, read_release, release, write_release


def _written(tmp_path, groups):
    rng = np.random.default_rng(0)
    n = 400
    data = pd.DataFrame(
        {"g": rng.choice(groups, n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    req = make_request(200, "g", protected_domain=groups, metrics="dp,eo", epsilon=8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, data, "y", "p", random_state=0)
    return rel, write_release(rel, tmp_path / "rel")


def test_a_group_with_a_carriage_return_is_read_back_as_released(tmp_path):
    rel, out = _written(tmp_path, ["F\rx", "M"])
    back = read_release(out)
    assert back.table.astype(str).equals(rel.table.astype(str))
    assert estimate(back, n_boot=0).values["dp"]["value"] is not None


def test_other_tables_are_written_as_before(tmp_path):
    rel, out = _written(tmp_path, ["F", "M"])
    expected = rel.table.to_csv(index=False).encode()
    assert (out / "release.csv").read_bytes() == expected
    assert read_release(out).manifest["sha256"] == hashlib.sha256(expected).hexdigest()
