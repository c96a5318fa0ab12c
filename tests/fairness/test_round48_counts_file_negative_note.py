"""Round 48 (holdout data): `ethiclens audit --counts c.csv --pos-label Yes`, on a counts table
whose labels were spelled 'Yes'/'yes'/'No ' (`ethiclens counts` keeps the values as written),
counted 'yes' and the rest as negative without a word, while the audit of the same rows warned
"only 'Yes' is positive; the other values were all counted as negative: ...". The counts-file
face said the note only for a column the roles named (--y-true/--y-pred), which a counts table
never needs: it now names the column as the table's record does (else by its role)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main


def _rows():
    y = ["Yes", "yes", "No ", "No"] * 30
    p = ["Yes", "No"] * 60
    return pd.DataFrame({"g": ["a", "b", "b"] * 40, "label": y, "pred": p})


NOTE = (
    "only 'Yes' is positive; the other values were all counted as negative: "
    "'No' (30 rows), 'No ' (30 rows), 'yes' (30 rows); did you mean 'Yes'? 'yes' differs "
    "from it only in case or spaces: recode it as 'Yes' in the data to count it as positive"
)


@pytest.mark.parametrize("recorded", [True, False], ids=["ethiclens-counts", "hand-made"])
def test_counts_file_notes_the_values_counted_negative(tmp_path, capsys, recorded):
    rows = tmp_path / "rows.csv"
    _rows().to_csv(rows, index=False)
    table = tmp_path / "c.csv"
    if recorded:
        args = ["counts", str(rows), "--y-true", "label", "--y-pred", "pred", "--protected", "g"]
        assert main([*args, "--engine", "pandas", "--out", str(table)]) == 0
        column = "label (y_true)"
    else:
        cells = _rows().rename(columns={"label": "y_true", "pred": "y_pred"})
        cells.groupby(["g", "y_true", "y_pred"]).size().rename("count").reset_index().to_csv(
            table, index=False
        )
        column = "y_true"
    capsys.readouterr()
    out = tmp_path / "o.json"
    args = ["audit", "--counts", str(table), "--protected", "g", "--pos-label", "Yes"]
    assert main([*args, "--n-boot", "100", "--json", str(out)]) == 0
    want = [f"column {column!r}: {NOTE}"]
    err = [x for x in capsys.readouterr().err.splitlines() if "counted as negative" in x]
    assert err == [f"warning: {want[0]}"], err
    assert json.loads(out.read_text())["data"]["provenance"]["notes"] == want
    # the Python face of the same file says the same
    with pytest.warns(UserWarning, match="counted as negative"):
        result = ethiclens.audit_counts(str(table), protected=["g"], pos_label="Yes", n_boot=100)
    assert result.data["provenance"]["notes"] == want
