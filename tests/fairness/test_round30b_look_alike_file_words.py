"""Round 30: a file whose group column writes one group two ways ('café' composed and
decomposed, 'A B' and 'A  B') was refused on the command line (``audit`` and ``pcer audit``)
with the Python face's pandas code (``.str.normalize('NFC')``, ``.str.split().str.join(' ')``);
the command line now says what to write into the file, both commands word for word, while
Python callers keep the pandas words (carried by the fix's type, as ``privacy.FaceFix``)."""

from __future__ import annotations

import pickle

import numpy as np
import pandas as pd
import pytest

from ethiclens import audit
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

CASES = {  # two spellings of one group, the Python fix's pandas code, the file words
    "accents": (
        ("caf\u00e9", "cafe\u0301"),
        ".str.normalize('NFC')",
        "save the file with the group's accented letters written one way",
    ),
    "between words": (("A B", "A  B"), ".str.split().str.join(' ')", "one space between"),
}


def _frame(seed, spellings, n=90):
    r = np.random.default_rng(seed)
    g = np.array([*spellings, "M"], dtype=object)[np.arange(n) % 3]
    return pd.DataFrame({"g": g, "y": r.integers(0, 2, n), "p": r.integers(0, 2, n)})


def _fix(err: str) -> str:
    return err.strip().splitlines()[-1].split("Fix: ", 1)[1]


@pytest.mark.parametrize("case", CASES)
def test_the_command_line_says_what_to_write_into_the_file(tmp_path, capsys, case):
    spellings, _, words = CASES[case]
    tr, te = tmp_path / "tr.csv", tmp_path / "te.csv"
    _frame(1, spellings).to_csv(tr, index=False)
    _frame(2, spellings).to_csv(te, index=False)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(["audit", str(tr), *roles]) == 2
    audit_err = capsys.readouterr().err
    assert "distinct values print the same" in audit_err, audit_err
    assert words in _fix(audit_err) and "pandas" not in audit_err, audit_err
    out = tmp_path / "pc.json"
    pcer = ["pcer", "audit", "--train", str(tr), "--test", str(te), *roles, "--n-boot", "100"]
    assert main([*pcer, "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert "train split: distinct values print the same" in err, err
    # round 48: audit takes group edits, so a spacing's fix there gives the merge first
    # (--merge-groups); pcer audit takes none: the file's words alone, in audit's words
    assert words in _fix(err) and "pandas" not in err and not out.exists(), err
    assert _fix(err) == _fix(audit_err) or "--merge-groups" in _fix(audit_err), err


@pytest.mark.parametrize("case", CASES)
def test_python_keeps_the_pandas_words_and_the_refusal_pickles(case):
    spellings, code, _ = CASES[case]
    frame = _frame(1, spellings)
    with pytest.raises(EthicLensInputError) as err:
        audit(frame.y, frame.p, frame.g)
    assert err.value.column == "g" and code in err.value.fix, err.value
    again = pickle.loads(pickle.dumps(err.value))
    assert (again.fix, str(again)) == (err.value.fix, str(err.value))
