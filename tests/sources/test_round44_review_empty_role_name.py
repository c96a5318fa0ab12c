"""Round 44 review (engines): a frame's column named '' (a Parquet file may hold one) was
counted by ``audit_frame`` on a Dask (or Spark) frame, ``protected=['']`` audited as a group
column and ``y_true=''`` read as no labels at all, where ``ethiclens.audit`` on the same file
refuses the name on every engine ("must not be empty") and DuckDB could not quote it ("Parser
Error: zero-length delimited identifier"). Every role named '' is now refused in the audit's
words, on the frame engines too."""

import pandas as pd
import pytest

import ethiclens

dd = pytest.importorskip("dask.dataframe")

FRAME = pd.DataFrame(
    {"": ["a", "b"] * 4, "y": [0, 1] * 4, "p": [1, 0, 0, 1] * 2, "g": ["a", "b"] * 4, "w": 1.0}
)
ROLES = {"y_true": "y", "y_pred": "p", "protected": "g"}


def _refusal(call) -> str:
    with pytest.raises(ethiclens.EthicLensInputError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    "given",
    [
        {"protected": ""},
        {"protected": ["g", ""]},
        {"y_true": ""},
        {"y_pred": ""},
        {"sample_weight": ""},
        {"y_score": ""},
    ],
)
def test_a_role_named_empty_is_refused_as_the_audit_refuses_it(tmp_path, given):
    FRAME.to_parquet(tmp_path / "d.parquet")
    roles = {**ROLES, **given}
    said = _refusal(lambda: ethiclens.audit(str(tmp_path / "d.parquet"), **roles))
    keyword = next(iter(given))
    assert said.startswith(f"argument '{keyword}': must not be empty (value: ''). Fix: "), said
    frame = dd.from_pandas(FRAME, npartitions=2)
    assert _refusal(lambda: ethiclens.audit_frame(frame, **roles)) == said
