"""Round 19b: PCER names one group spelled two ways across its splits (composed and
decomposed accents, a space around it) with the audit's look-alike message, escaped, never
as two groups that print the same; int 1 beside str '1' is refused in the audit's words."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions as S
from ethiclens.privacy import membership_inference, pcer_audit
from tests.privacy.test_round19_labels import _frame

NFC, NFD = "caf\u00e9", "cafe\u0301"


def _split(seed: int, labels) -> S:
    f = _frame(seed, labels)
    return S(f.y, f.p, f.g, f.loss)


def test_cli_names_a_group_written_in_other_code_points_in_test(tmp_path, capsys):
    tr, te = tmp_path / "tr.csv", tmp_path / "te.csv"
    _frame(1, (NFC, "b")).to_csv(tr, index=False)
    _frame(2, (NFD, "b")).to_csv(te, index=False)
    args = ["pcer", "audit", "--train", str(tr), "--test", str(te), "--y-true", "y"]
    args += ["--y-pred", "p", "--protected", "g", "--n-boot", "100", "--min-group-size", "5"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "only in train" not in err, err  # was: only in train ['café'], only in test ['café']
    assert "option '--protected'" in err and "train 'caf\\xe9', test 'cafe\\u0301'" in err, err
    assert "(the same letters in other Unicode code points)" in err, err
    assert "U+0065 U+0301" in err and "U+00E9" in err, err
    assert "Fix: normalise the column to NFC first" in err, err


def test_python_names_whitespace_look_alikes_across_splits():
    with pytest.raises(EthicLensInputError) as exc:
        pcer_audit(_split(1, ("a", "b")), _split(2, ("a ", "b")), n_boot=100)
    msg = str(exc.value)
    assert "train 'a', test 'a '" in msg, msg
    assert "(the same name, one with whitespace around it)" in msg, msg
    with pytest.raises(EthicLensInputError, match="the same letters in other Unicode"):
        membership_inference(_split(1, (NFD, "b")), _split(2, (NFC, "b")))


def test_groups_that_really_differ_keep_the_old_message():
    with pytest.raises(EthicLensInputError, match=r"only in train \['a'\], only in test \['c'\]"):
        pcer_audit(_split(1, ("a", "b")), _split(2, ("c", "b")), n_boot=100)


def _audit_message(labels) -> str:
    f = _frame(0, labels)
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(f.y, f.p, pd.DataFrame({"g": f.g}), n_boot=100)
    return exc.value.problem


@pytest.mark.parametrize("labels", [(1, "1", "b"), (True, "True", "b")])
def test_two_types_that_print_the_same_get_the_audits_message(labels):
    audit = _audit_message(labels)
    assert audit.startswith("distinct values print the same (e.g. 1 and '1')"), audit
    for face in (pcer_audit, membership_inference):
        kwargs = {"n_boot": 100} if face is pcer_audit else {}
        with pytest.raises(EthicLensInputError) as exc:
            face(_split(1, labels), _split(2, labels), **kwargs)
        assert str(exc.value).startswith(f"argument 'groups': train split: {audit}."), exc.value
        assert "two spellings" not in str(exc.value)


def test_the_cli_names_the_column_and_the_split(tmp_path, capsys):
    tr, te = tmp_path / "tr.json", tmp_path / "te.json"
    _frame(1, (1, "1", "b")).to_json(tr, orient="records")
    _frame(2, ("1", "b")).to_json(te, orient="records")
    args = ["pcer", "audit", "--train", str(tr), "--test", str(te), "--y-true", "y"]
    assert main([*args, "--y-pred", "p", "--protected", "g", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "column 'g': train split: distinct values print the same (e.g. 1 and '1')" in err, err
