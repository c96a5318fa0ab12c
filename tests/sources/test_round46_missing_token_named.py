"""Round 46: the refusal of a missing label or group value read from a CSV names the text its
first row held ('NA', 'N/A', 'null', 'nan', an empty field): the reader took it for a missing
value, which a user who wrote 'NA' as a group cannot tell from the line number alone. The same
words on every engine; a Parquet null is no text and gets none."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

ENGINES = ["pandas", "duckdb"]


def _frame(n=60):
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n).astype(str),
            "p": rng.integers(0, 2, n),
            "p2": rng.integers(0, 2, n).astype(str),
            "race": rng.choice(["A", "B"], n),
        }
    )


def _refusal(path, engine, **kw):
    args = {"y_true": "y", "y_pred": "p", "protected": ["race"], "engine": engine, **kw}
    call = ethiclens.compare if isinstance(args["y_pred"], list) else ethiclens.audit
    with pytest.raises(EthicLensInputError) as info:
        call(str(path), **args)
    return str(info.value)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("column", "rows", "said"),
    [
        ("race", {3: "NA", 7: "null"}, "2 missing group value(s), first at d.csv line 5 ('NA', "),
        ("race", {4: ""}, "1 missing group value(s), first at d.csv line 6 (an empty field)."),
        ("y", {2: "N/A"}, "1 missing value(s), first at d.csv line 4 ('N/A', read as missing)."),
    ],
)
def test_csv_token_named(tmp_path, engine, column, rows, said):
    pytest.importorskip(engine)
    df = _frame()
    for i, text in rows.items():
        df.loc[i, column] = text
    path = tmp_path / "d.csv"
    df.to_csv(path, index=False)
    assert said in _refusal(path, engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_second_model_token_named(tmp_path, engine):
    pytest.importorskip(engine)
    df = _frame()
    df.loc[4, "p2"] = "nan"
    path = tmp_path / "d.csv"
    df.to_csv(path, index=False)
    said = _refusal(path, engine, y_pred=["p", "p2"])
    assert "1 missing value(s), first at d.csv line 6 ('nan', read as missing)." in said


@pytest.mark.parametrize("engine", ENGINES)
def test_parquet_null_has_no_token(tmp_path, engine):
    pytest.importorskip(engine)
    pytest.importorskip("pyarrow")
    df = _frame()
    df = df.assign(y=df["y"].astype(int), p2=df["p2"].astype(int))
    df.loc[3, "race"] = None
    path = tmp_path / "d.parquet"
    df.to_parquet(path)
    said = _refusal(path, engine)
    assert "1 missing group value(s), first at d.parquet row 4." in said
    assert "read as missing" not in said and "empty field" not in said
