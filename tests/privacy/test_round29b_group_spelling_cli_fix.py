"""Round 29b: ``pcer audit`` refusing a group its --train and --test files write two ways ('F' and
'F ', 'café' composed and decomposed, 1.0 and 1) gave the Python face's pandas fix
(``.str.strip()``, ``df[col] = pd.to_numeric(df[col]).astype('Int64')``); it now gives file and
flag words, recognised by the fix's type (it carries them), never by its text (the integer fix
keeps the pandas line for a file prepared in pandas, after the file words). ``pcer_audit`` keeps
its fix, and the refusal still pickles."""

from __future__ import annotations

import pickle

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit

PYTHON_WORDS = ("pandas", "pd.", "df[", ".astype", "np.", "splits")
CASES = {  # (train's spelling of a group, test's, a word of the CLI fix)
    "whitespace": ("F", "F ", "the same way in both files, without whitespace around it"),
    "between words": ("F x", "F  x", "the same way in both files, with one space between"),
    "invisible": ("F", "F\u200b", "in both files, without zero-width or other invisible"),
    "accents": ("caf\u00e9", "cafe\u0301", "save both files with the group's accented letters"),
    "float vs int": (1.0, 1, "save the --train file's group column as whole numbers"),
    "int vs float": (1, 1.0, "save the --test file's group column as whole numbers"),
    "two decimals": (1.5, "1.50", "in both files (e.g. '1.50' in both)"),
}


def _frame(group, other):
    return pd.DataFrame({"y": [0, 1] * 4, "p": [1, 0] * 4, "g": [group] * 4 + [other] * 4})


@pytest.mark.parametrize("case", CASES)
def test_cli_fix_names_files_not_pandas(tmp_path, capsys, case):
    train, test, said = CASES[case]
    other = "M" if isinstance(train, str) and not train[0].isdigit() else 7
    for name, group in (("tr", train), ("te", test)):
        _frame(group, other).to_csv(tmp_path / f"{name}.csv", index=False)
    args = ["pcer", "audit", "--train", str(tmp_path / "tr.csv"), "--test"]
    te = str(tmp_path / "te.csv")
    code = main([*args, te, "--y-true", "y", "--y-pred", "p", "--protected", "g"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "option '--protected': train and test write one group differently" in err, err
    fix = err.split("Fix: ", 1)[1].split("; preparing it in pandas: df[col]")[0]
    assert said in fix, err
    assert not [w for w in PYTHON_WORDS if w in fix], err


@pytest.mark.parametrize(
    ("train", "test", "said"),
    [(["F"], ["F "], "pandas: .str.strip()"), ([1.0], [1], "pd.to_numeric(df[col])")],
)
def test_python_keeps_its_fix_and_the_refusal_pickles(train, test, said):
    def split(groups):
        groups = np.array(groups * 4 + ["M"] * 4, dtype=object)
        return SplitPredictions(np.array([0, 1] * 4), np.array([1, 0] * 4), groups)

    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(split(train), split(test), n_boot=100)
    assert err.value.column == "groups" and said in err.value.fix, err.value
    again = pickle.loads(pickle.dumps(err.value))
    assert (again.fix, str(again)) == (err.value.fix, str(err.value))
