"""Round 30: ``pcer audit`` refusing ONE file's column whose fix is in pandas (scores or yes/no
given as --y-pred/--y-true, 0/1 stored as text; Parquet group bytes that are not UTF-8) gave
the Python face's pandas fix (``df['p'] = (df['p'] >= 0.5).astype(int)``, ``.str.decode``); it
now gives file and flag words, carried by the fix's type (privacy.FaceFix); a label's pandas
code follows them for a file prepared in pandas, as round 29b's integer groups. ``read_splits``
keeps its Python words."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import read_splits

PYTHON_WORDS = ("pandas", "pd.", "df[", ".astype", "np.", ".str")
N = 40


def _frame(seed):
    rng = np.random.default_rng(seed)
    g = np.array(["F", "M"] * (N // 2), dtype=object)
    return pd.DataFrame({"y": rng.integers(0, 2, N), "p": rng.integers(0, 2, N), "g": g})


CASES = {  # (change to the train frame, file suffix, words of the CLI fix)
    "scores": (
        lambda d: d.__setitem__("p", np.linspace(0, 1, N)),
        "csv",
        "write 1 where 'p' is at least 0.5 and 0 elsewhere",
    ),
    "scores past 1": (
        lambda d: d.__setitem__("y", np.linspace(0, 3, N)),
        "csv",
        "give its name as --y-true",
    ),
    "yes/no": (
        lambda d: d.__setitem__("p", d["p"].map({0: "no", 1: "yes"})),
        "csv",
        "write it into the file as 0/1, with 1 for 'yes'",
    ),
    "text 0/1": (
        lambda d: d.__setitem__("p", d["p"].astype(str)),
        "parquet",
        "store 'p' as integers 0 and 1 in the file",
    ),
    "latin-1 bytes": (
        lambda d: d.__setitem__("g", d["g"].map(lambda s: (s + "\u00e9").encode("latin-1"))),
        "parquet",
        "the --train file's --protected column as UTF-8 text",
    ),
}


def _files(tmp_path, case):
    change, suffix, _ = CASES[case]
    paths = []
    for seed, name in ((1, "tr"), (2, "te")):
        df = _frame(seed)
        if name == "tr":
            change(df)
        elif case == "latin-1 bytes":
            df["g"] = df["g"].map(lambda s: (s + "\u00e9").encode())
        path = tmp_path / f"{name}.{suffix}"
        df.to_csv(path, index=False) if suffix == "csv" else df.to_parquet(path, index=False)
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("case", CASES)
def test_cli_fix_names_the_file_not_pandas(tmp_path, capsys, case):
    train, test = _files(tmp_path, case)
    args = ["pcer", "audit", "--train", train, "--test", test, "--y-true", "y"]
    code = main([*args, "--y-pred", "p", "--protected", "g"])
    err = capsys.readouterr().err
    assert code == 2, err
    fix = err.split("Fix: ", 1)[1].split("; preparing it in pandas: df[")[0]
    assert CASES[case][2] in fix, err
    assert not [w for w in PYTHON_WORDS if w in fix], err


@pytest.mark.parametrize("case", CASES)
def test_python_keeps_its_pandas_fix(tmp_path, case):
    train, test = _files(tmp_path, case)
    with pytest.raises(EthicLensInputError) as err:
        read_splits(train, test, y_true="y", y_pred="p", protected="g")
    assert "pandas" in err.value.fix, err.value
