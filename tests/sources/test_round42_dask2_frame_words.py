"""Round 42 (dask2): audit_frame's refusals of the audit's own keywords and of a frame with no
rows, word for word as ethiclens.audit says them on the same pandas rows. Was: "column
'intersections'" (and 'merge_groups', 'exclude_groups', "merge_groups['g']"), "audit_counts()
got an unexpected keyword argument" for a function the caller never called, and, for an empty
frame, the counts table's "column 'count': no rows to audit (every count is 0). Fix: build it
with ethiclens counts or ethiclens.sources.counts_of"."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import audit_frame

dd = pytest.importorskip("dask.dataframe")

FRAME = pd.DataFrame({"y": [0, 1] * 4, "p": [1, 0, 0, 1] * 2, "g": ["a", "b"] * 4})
CASES = {
    "intersections": {"intersections": True},
    "merge_groups": {"merge_groups": True},
    "merge_groups one group": {"merge_groups": {"g": {"X": ["zz"]}}},
    "merge_groups unknown attribute": {"merge_groups": {"q": {"X": ["a"]}}},
    "exclude_groups": {"exclude_groups": {"g": ["zz"]}},
}


def _refusals(frame, options) -> tuple[str, str]:
    with pytest.raises(EthicLensInputError) as rows:
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], **options)
    ddf = dd.from_pandas(frame, npartitions=2)
    with pytest.raises(EthicLensInputError) as dask:
        audit_frame(ddf, y_true="y", y_pred="p", protected="g", **options)
    return str(rows.value), str(dask.value)


@pytest.mark.parametrize("case", CASES)
def test_a_keyword_of_the_audit_is_an_argument(case):
    rows, dask = _refusals(FRAME, CASES[case])
    assert dask.startswith("argument ")
    assert dask == rows


def test_an_unknown_keyword_is_audit_frames():
    _, dask = _refusals(FRAME, {"ci_level": 0.9})
    assert dask.startswith("audit_frame() got an unexpected keyword argument 'ci_level'")
    assert "confidence_level" in dask


def test_a_frame_with_no_rows_is_refused_as_audit_refuses_it():
    rows, dask = _refusals(FRAME.iloc[:0], {})
    assert (
        dask
        == rows
        == (
            "argument 'y_pred': no rows to audit. Fix: check the data and any filters applied to it"
        )
    )
    # an option refused first on both, as before
    rows, dask = _refusals(FRAME.iloc[:0], {"ci": "bogus"})
    assert dask == rows
