"""Round 49 (review of the Python API): pcer_audit silently dropped the categories of a
categorical group column that no row has (pd.Categorical(..., categories=['a', 'b', 'c']) with
no 'c' row: a report of a and b), where audit, compare, the monitor and P2NIA refuse such a
group as having no rows (fairness.groups_without_rows). pcer's faces now apply the audit's
rule in its words: SplitPredictions (pcer_audit, membership_inference), read_split(s) and
``ethiclens pcer audit`` from a Parquet file, whose categories pandas keeps."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit, read_splits

N = 60


def _frame(seed: int, categories=("a", "b", "c")) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    groups = pd.Categorical(rng.choice(["a", "b"], N), categories=list(categories))
    y, p, loss = rng.integers(0, 2, N), rng.integers(0, 2, N), rng.random(N)
    return pd.DataFrame({"y": y, "p": p, "g": groups, "loss": loss})


def _split(frame: pd.DataFrame, name: str | None) -> SplitPredictions:
    return SplitPredictions(frame.y, frame.p, frame.g, loss=frame.loss, name=name)


def _audits_refusal(frame: pd.DataFrame) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(frame.y, frame.p, frame.g)
    return caught.value


@pytest.mark.parametrize("face", ["named split", "pcer_audit", "membership_inference"])
def test_a_python_split_refuses_an_unused_category_as_audit_does(face):
    train, test = _frame(0), _frame(1)
    with pytest.raises(EthicLensInputError) as caught:
        if face == "named split":
            _split(train, "train")
        else:
            run = pcer_audit if face == "pcer_audit" else membership_inference
            run(_split(train, None), _split(test, None))
    said, audits = caught.value, _audits_refusal(train)
    assert "have no rows" in audits.problem
    assert said.problem == f"train split: {audits.problem}"
    assert (said.column, said.fix) == ("groups", audits.fix)


def test_a_category_every_split_uses_is_audited_as_before():
    train, test = _frame(0, ("a", "b")), _frame(1, ("a", "b"))
    result = pcer_audit(_split(train, "train"), _split(test, "test"), n_boot=100)
    assert [g.group for g in result.groups] == ["a", "b"]


@pytest.fixture
def parquet(tmp_path):
    paths = []
    for role, seed in (("train", 0), ("test", 1)):
        _frame(seed).to_parquet(tmp_path / f"{role}.parquet")
        paths.append(str(tmp_path / f"{role}.parquet"))
    return paths


def test_read_splits_refuses_a_files_unused_category(parquet):
    with pytest.raises(EthicLensInputError) as caught:
        read_splits(*parquet, y_true="y", y_pred="p", protected="g")
    audits = _audits_refusal(pd.read_parquet(parquet[0]))
    assert str(caught.value) == str(audits)


def test_pcer_audit_command_refuses_it_as_audit_does(parquet, capsys):
    flags = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]
    assert main(["audit", parquet[0], *flags]) == 2
    audits = capsys.readouterr().err
    assert "have no rows" in audits
    assert main(["pcer", "audit", "--train", parquet[0], "--test", parquet[1], *flags]) == 2
    assert capsys.readouterr().err == audits
