"""Round 19: PCER (CLI and Python) refuses the group labels the audit refuses (whitespace
look-alikes, blank names, bytes that are not text or that repeat a text label), by the
audit's own check and message, never splitting one group in two."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions as S
from ethiclens.privacy import membership_inference, pcer_audit

LOOK_ALIKE = (
    "distinct values print the same: 'a' is written both as ' a' and as 'a' (the same name, "
    "one with whitespace around it)"
)


def _frame(seed: int, labels=("a", "b", " a"), n: int = 90) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "g": np.array(labels, dtype=object)[np.arange(n) % len(labels)],
            "y": r.integers(0, 2, n),
            "p": r.integers(0, 2, n),
            "loss": r.exponential(0.5, n),
        }
    )


def test_pcer_audit_cli_refuses_whitespace_look_alikes_as_the_audit_does(tmp_path, capsys):
    tr, te = tmp_path / "tr.csv", tmp_path / "te.csv"
    _frame(1).to_csv(tr, index=False)
    _frame(2).to_csv(te, index=False)
    common = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(["audit", str(tr), *common]) == 2
    audit_err = capsys.readouterr().err
    assert LOOK_ALIKE in audit_err, audit_err
    out = tmp_path / "pc.json"
    args = ["pcer", "audit", "--train", str(tr), "--test", str(te), *common]
    code = main([*args, "--n-boot", "100", "--min-group-size", "5", "--json", str(out)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "column 'g'" in err and LOOK_ALIKE in err, err
    # the audit's fix, word for word
    # round 48: audit takes group edits, so its fix gives the merge (--merge-groups) first;
    # this command takes none: the data's change, which the audit's fix names too
    audit_fix, fix = audit_err.split("Fix: ")[1].strip(), err.split("Fix: ")[1].strip()
    assert "--merge-groups" in audit_fix and "strip the whitespace around" in audit_fix
    assert fix.startswith("strip the whitespace around the group names"), fix
    assert not out.exists()


def _splits(labels_train, labels_test=("a", "b")):
    tr, te = _frame(1, labels_train), _frame(2, labels_test)
    return S(tr.y, tr.p, tr.g, tr.loss), S(te.y, te.p, te.g, te.loss)


def test_pcer_audit_python_refuses_whitespace_look_alikes():
    with pytest.raises(EthicLensInputError) as exc:
        pcer_audit(*_splits(("a", "b", " a")), n_boot=100)
    msg = str(exc.value)
    assert "train split: " + LOOK_ALIKE in msg, msg


def test_membership_inference_refuses_them_too():
    with pytest.raises(EthicLensInputError, match="distinct values print the same"):
        membership_inference(*_splits(("a", "b"), ("a", "b", "a ")))


def test_blank_group_names_are_refused():
    with pytest.raises(EthicLensInputError, match="holds blank group names"):
        pcer_audit(*_splits(("a", "b", "\u00a0")), n_boot=100)


def test_bytes_labels_are_read_as_their_text_or_refused():
    with pytest.raises(EthicLensInputError, match="both as bytes"):
        pcer_audit(*_splits(("a", "b", b"a")), n_boot=100)
    with pytest.raises(EthicLensInputError, match="bytes that are not UTF-8 text"):
        pcer_audit(*_splits(("a", b"\xff")), n_boot=100)
    # bytes alone are the group their text names (was "b'a'"), as in the audit
    split = S([0, 1, 0, 1], [0, 1, 1, 1], [b"a", b"b", b"a", b"b"], name="train")
    assert sorted(set(split.groups)) == ["a", "b"]


def test_plain_labels_still_audit():
    res = pcer_audit(*_splits(("a", "b"), ("b", "a")), n_boot=100)
    assert [g.group for g in res.groups] == ["a", "b"]
