"""Review of 0836ef5d (as_binary's one-pass path for a 0/1 numpy array): it took a big-endian
integer column (``dtype('>i4')``, as FITS and some HDF5 files hold) while the full checks it
stands beside crashed on the same column with pos_label, on big-endian 0.0/1.0 floats and on
big-endian group codes: pandas' hashing raised "ValueError: Big-endian buffer not supported on
little-endian compiler" out of ethiclens.audit and compare. Such columns are now read in this
machine's byte order, with the numbers of the same values in native order."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import compare
from ethiclens.fairness._validate import as_binary


def _rows():
    rng = np.random.default_rng(7)
    n = 200
    y = (rng.random(n) < 0.4).astype(int)
    a = (rng.random(n) < 0.4).astype(int)
    b = np.where(rng.random(n) < 0.3, 1 - a, a)
    return y, a, b, rng.integers(0, 3, n)


@pytest.mark.parametrize(
    ("dtype", "pos_label"), [(">i4", None), (">i4", 1), (">f8", None), (">f8", 1.0), (">u2", 0)]
)
def test_big_endian_labels_are_read_as_their_values(dtype, pos_label):
    y, a, _, _ = _rows()
    assert np.array_equal(
        as_binary(y.astype(dtype), "y_true", pos_label), as_binary(y, "y_true", pos_label)
    )
    with pytest.raises(ethiclens.errors.EthicLensInputError, match="not binary"):
        as_binary(np.array([0, 1, 2], dtype), "y_true")


def test_big_endian_columns_audit_and_compare_as_native_ones():
    y, a, b, g = _rows()
    kw = {"random_state": 0, "n_boot": 100}
    native = ethiclens.audit(y, a, {"g": g}, pos_label=1, **kw).to_json()
    swapped = ethiclens.audit(y.astype(">f8"), a, {"g": g.astype(">i4")}, pos_label=1, **kw)
    assert swapped.to_json() == native
    plain = compare(y, a, b, {"g": g}, **kw).to_json()
    assert (
        compare(y.astype(">f8"), a.astype(">i8"), b, {"g": g.astype(">i2")}, **kw).to_json()
        == plain
    )
