"""Round 42 review of a43ccdd5: a read release pickled before it (its digests of the values in
their dtypes) still estimates as read, and a change made before pickling is still refused."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import _protocol, estimate, make_request, read_release, release, write_release

from .conftest import audit_frame

REQ = make_request(200, "sex", epsilon=4.0, mechanism="grr")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(REQ, audit_frame(400, 3), "y", "pred", random_state=2)
    return write_release(rel, tmp_path_factory.mktemp("r42p") / "rel")


def _typed(table: pd.DataFrame) -> tuple:  # _Read's digests before round 42: of the dtypes
    rows = pd.util.hash_pandas_object(table[sorted(table.columns, key=str)], index=False)
    columns = {c: pd.util.hash_pandas_object(table[c], index=False).sum() for c in table}
    return columns, _protocol._sha256_bytes(np.sort(rows.to_numpy()).tobytes())


def _old_pickle(rel, monkeypatch, read=None) -> bytes:
    """``rel`` pickled as before round 42, its digests of ``read`` (the table as read)."""
    digests = (rel._read.digests[0], *_typed(rel.table if read is None else read))

    def state(self):
        return {"digests": digests, "objects": (self.manifest, self.table())}

    with monkeypatch.context() as m:
        m.setattr(_protocol._Read, "__getstate__", state)
        return pickle.dumps(rel)


def _gaps(rel) -> dict:
    return {k: v["value"] for k, v in estimate(rel, request=REQ, n_boot=0).values.items()}


def test_a_release_pickled_before_round42_estimates_as_read(folder, monkeypatch):
    data = _old_pickle(read_release(folder), monkeypatch)
    assert _gaps(pickle.loads(data)) == _gaps(read_release(folder))  # before: ['Y', 'Y_hat']


def test_a_change_before_an_old_pickle_is_still_refused(folder, monkeypatch):
    rel = read_release(folder)
    read = rel.table.copy()
    rel.table.loc[0, "Y"] = 1 - rel.table.loc[0, "Y"]
    data = _old_pickle(rel, monkeypatch, read)  # the digests of the table read, the table changed
    rel = pickle.loads(data)
    with pytest.raises(
        EthicLensInputError, match=r"changed after it was read \(its column\(s\) Y\)"
    ):
        estimate(rel, request=REQ, n_boot=0)


def test_a_change_after_an_old_pickle_is_still_refused(folder, monkeypatch):
    rel = pickle.loads(_old_pickle(read_release(folder), monkeypatch))
    rel.table["sex"] = rel.table["sex"].where(
        rel.table.index != 0, "F" if rel.table.loc[0, "sex"] == "M" else "M"
    )
    with pytest.raises(
        EthicLensInputError, match=r"changed after it was read \(its column\(s\) sex\)"
    ):
        estimate(rel, request=REQ, n_boot=0)
