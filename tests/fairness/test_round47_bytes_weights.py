"""Round 47: weights and scores given as bytes (b'1', b'2': an 'S' array, a SQLite BLOB, a
Parquet binary column) are text, refused as text weights are ('holds the text values'), not
read as the numbers they spell; every engine and face gives the same words."""

import sqlite3

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main

N = 40
Y = np.arange(N) % 2
G = np.where(np.arange(N) % 3 == 0, "a", "b")
SPELLED = [b"2" if i % 2 == 0 else b"1" for i in range(N)]
WORDS = "holds the text values [b'2', b'1'], not numbers (a string column)"


@pytest.mark.parametrize(
    "weights",
    [SPELLED, np.array(SPELLED), pd.Series(SPELLED), [bytearray(v) for v in SPELLED]],
    ids=["list", "S-array", "series", "bytearray"],
)
def test_bytes_weights_are_refused_as_text(weights):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        ethiclens.audit(Y, Y[::-1].copy(), G, sample_weight=weights)
    assert str(info.value).startswith(f"argument 'sample_weight': {WORDS}. Fix: ")


def test_bytes_scores_are_refused_as_text():
    with pytest.raises(ethiclens.EthicLensInputError, match=r"holds the text values \[b'0.5'\]"):
        ethiclens.audit(Y, Y, G, y_score=[b"0.5"] * N)


def _refusal(capsys, args) -> str:
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--weight", "w"]
    assert main(["audit", *args, *roles]) == 2
    return capsys.readouterr().err.strip()


@pytest.mark.parametrize("face", ["parquet-pandas", "parquet-duckdb", "sqlite"])
def test_every_engine_refuses_a_bytes_weight_column(tmp_path, capsys, face):
    frame = pd.DataFrame({"y": Y, "p": Y[::-1], "g": G, "w": SPELLED})
    if face == "sqlite":
        with sqlite3.connect(tmp_path / "d.db") as con:
            frame.to_sql("t", con, index=False)  # w: a BLOB
        con.close()
        args = ["--db", f"sqlite:///{tmp_path / 'd.db'}", "--table", "t"]
    else:
        frame.to_parquet(tmp_path / "d.parquet")  # w: a binary column
        args = [str(tmp_path / "d.parquet"), "--engine", face.split("-")[1]]
    assert f"column 'w (sample_weight)': {WORDS}" in _refusal(capsys, args)
