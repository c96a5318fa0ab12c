"""Round 42: a release changed only in its dtypes is the release read (not a tamper refusal),
writes and reads back; a list cell in a release is one refusal naming its column."""

from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import Release, estimate, make_request, read_release, release, write_release

from .conftest import audit_frame

REQ = make_request(400, "sex", epsilon=4.0, mechanism="grr")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(REQ, audit_frame(800, 0), "y", "pred", random_state=1)
    return write_release(rel, tmp_path_factory.mktemp("r42") / "rel")


def _gaps(rel) -> dict:
    return {k: v["value"] for k, v in estimate(rel, request=REQ, n_boot=0).values.items()}


@pytest.mark.parametrize(
    ("column", "dtype"), [("Y", "float64"), ("Y_hat", "bool"), ("Y", object), ("sex", "category")]
)
def test_equal_values_in_another_dtype_estimate_as_read(folder, column, dtype):
    expected = _gaps(read_release(folder))
    assert all(isinstance(v, float) for v in expected.values()) and expected
    rel = read_release(folder)
    rel.table[column] = rel.table[column].astype(dtype)
    assert _gaps(rel) == expected  # before: refused as "changed after it was read (['Y'])"


def test_a_pandas_round_trip_of_the_csv_with_float_labels_is_accepted(folder):
    table = pd.read_csv(folder / "release.csv").astype({"Y": "float64"})
    manifest = json.loads((folder / "manifest.json").read_text())
    assert _gaps(Release(table, manifest)) == _gaps(read_release(folder))


def test_a_changed_value_is_still_refused(folder):
    rel = read_release(folder)
    rel.table["Y"] = 1 - rel.table["Y"].astype(float)
    with pytest.raises(
        EthicLensInputError, match=r"changed after it was read \(its column\(s\) Y\)"
    ):
        estimate(rel, request=REQ)


@pytest.mark.parametrize("dtype", ["float64", "bool"])
def test_float_or_bool_labels_write_a_release_that_reads_back(folder, tmp_path, dtype):
    rel = read_release(folder)
    rel = Release(rel.table.astype({"Y": dtype, "Y_hat": dtype}), dict(rel.manifest))
    for key in ("table", "sha256", "manifest_sha256", "budget"):
        rel.manifest.pop(key, None)
    out = write_release(rel, tmp_path / "again")  # before: wrote '1.0', which it refused
    assert (out / "release.csv").read_bytes() == (folder / "release.csv").read_bytes()
    assert _gaps(out) == _gaps(folder)


@pytest.mark.parametrize("column", ["sex", "Y"])
def test_a_list_cell_in_memory_is_one_refusal(folder, column):
    rel = read_release(folder)
    rel = Release(rel.table.copy(), {k: v for k, v in rel.manifest.items()})
    for key in ("table", "sha256", "manifest_sha256"):
        rel.manifest.pop(key)
    rel.table[column] = rel.table[column].astype(object)
    rel.table.at[0, column] = ["F"]
    with pytest.raises(EthicLensInputError, match="holds a list, not one value") as info:
        estimate(rel, request=REQ)  # before: TypeError: unhashable type: 'list'
    assert info.value.column == column
