"""Round 47: a counts table whose count (or sum) column holds numbers written as text ('12',
b'12': a string column) is refused with the cell, the column and the value named, on
audit_counts and on a counts file, as text weights are; it was audited as numbers. A CSV's
cell that is no number is still named as such."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main

ROWS = [(g, y, p) for g in "ab" for y in (0, 1) for p in (0, 1)]
COUNTS = [12, 5, 3, 20, 10, 6, 4, 18]
WORDS = "cell (g='a', y_true=0, y_pred=0) {at}: a number written as text (a string column)"
FIX = "Fix: store the column as numbers (pandas: pd.to_numeric(column))"
# round 49: the command line said the pandas code too; it says the file's words
FILE_FIX = "Fix: store the column as numbers (a numeric type) in the file or table"


def _table(count) -> pd.DataFrame:
    return pd.DataFrame(ROWS, columns=["g", "y_true", "y_pred"]).assign(count=count)


@pytest.mark.parametrize(
    ("count", "shown"),
    [
        ([str(c) for c in COUNTS], "'12'"),
        ([str(c).encode() for c in COUNTS], "b'12'"),
        (pd.array([str(c) for c in COUNTS], dtype="string"), "'12'"),
        (pd.Series([12, "5", 3, 20, 10, 6, 4, 18], dtype=object), "'5'"),
    ],
    ids=["str", "bytes", "string-dtype", "one-text-cell"],
)
def test_audit_counts_refuses_text_counts(count, shown):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        ethiclens.audit_counts(_table(count), protected="g")
    message = str(info.value)
    assert message.startswith("column 'count': cell (g='a', y_true=")
    assert "a number written as text (a string column)" in message
    assert message.endswith(f"(value: {shown}). {FIX}")


def test_a_text_weight_sum_is_refused_in_the_same_words():
    table = _table(COUNTS).assign(weight_sum=[str(float(c)) for c in COUNTS])
    table["weight_sq_sum"] = [float(c) for c in COUNTS]
    with pytest.raises(ethiclens.EthicLensInputError, match="column 'weight_sum': cell .* text"):
        ethiclens.audit_counts(table, protected="g")


def test_a_counts_file_gets_the_same_refusal(tmp_path, capsys):
    _table([str(c) for c in COUNTS]).to_parquet(tmp_path / "c.parquet")  # a string column
    assert main(["audit", "--counts", str(tmp_path / "c.parquet"), "--protected", "g"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"error: column 'count': {WORDS.format(at='at c.parquet row 1')} "
        f"(7 more cell(s) like it) (value: '12'). {FILE_FIX}"
    )
    bad = _table(COUNTS).astype({"count": object})
    bad.loc[2, "count"] = "x"  # a CSV's column typed text by one bad cell: that cell is named
    bad.to_csv(tmp_path / "c.csv", index=False)
    assert main(["audit", "--counts", str(tmp_path / "c.csv"), "--protected", "g"]) == 2
    assert "at c.csv line 4: counts must be whole numbers >= 0 (value: 'x')" in (
        capsys.readouterr().err
    )
