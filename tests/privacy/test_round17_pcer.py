"""Round 17: losses on one split only, the split named in every field refusal, two-valued and
score columns given the fix p2nia release gives, and group labels of two types."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions as S
from ethiclens.privacy import pcer_audit


def _frame(seed: int, n: int = 400, acc: float = 0.9) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    y = r.integers(0, 2, n)
    pred = np.where(r.random(n) < acc, y, 1 - y)
    return pd.DataFrame(
        {"g": r.choice(["A", "B"], n), "y": y, "pred": pred, "loss": r.exponential(0.5, n)}
    )


TR, TE = _frame(1), _frame(2, acc=0.8)


@pytest.mark.parametrize("missing", ["train", "test"])
def test_losses_on_one_split_only_are_refused_naming_that_split(missing):
    splits = {
        role: S(d.y, d.pred, d.g, None if role == missing else d.loss)
        for role, d in (("train", TR), ("test", TE))
    }
    with pytest.raises(EthicLensInputError) as exc:
        pcer_audit(splits["train"], splits["test"], n_boot=100)
    msg = str(exc.value)
    assert msg.startswith(f"argument '{missing}.loss': ")
    assert "give both splits' losses" in msg and "or neither" in msg


@pytest.mark.parametrize("bad", ["train", "test"])
def test_an_unnamed_split_is_named_by_its_role_when_refused(bad):
    splits = {
        role: S(d.y, d.pred.to_numpy()[:-1] if role == bad else d.pred, d.g)
        for role, d in (("train", TR), ("test", TE))
    }
    with pytest.raises(EthicLensInputError) as exc:
        pcer_audit(splits["train"], splits["test"], n_boot=100)
    msg = str(exc.value)
    assert f"{bad} split: y_pred has 399 rows, y_true 400" in msg
    assert "split split" not in msg


def test_a_named_split_is_still_refused_when_built():
    with pytest.raises(EthicLensInputError, match="argument 'y_pred': train split: y_pred has"):
        S(TR.y, TR.pred.to_numpy()[:-1], TR.g, name="train")


def _write(tmp_path, **changes):
    paths = []
    for name, d in (("tr", TR), ("te", TE)):
        d = d.copy()
        for col, f in changes.items():
            d[col] = f(d[col])
        d.to_csv(tmp_path / f"{name}.csv", index=False)
        paths.append(str(tmp_path / f"{name}.csv"))
    return paths


def _cli(tmp_path, capsys, **changes) -> tuple[int, str]:
    tr, te = _write(tmp_path, **changes)
    args = ["pcer", "audit", "--train", tr, "--test", te, "--y-true", "y", "--y-pred", "pred"]
    code = main([*args, "--protected", "g", "--n-boot", "100"])
    return code, capsys.readouterr().err


def test_labels_coded_minus_one_one_get_the_recoding_not_a_drop(tmp_path, capsys):
    code, err = _cli(tmp_path, capsys, y=lambda c: c * 2 - 1)
    assert code == 2
    assert "two values -1, 1" in err
    assert "df['y'] = (df['y'] == 1).astype(int)" in err
    assert "drop those rows" not in err
    with pytest.raises(EthicLensInputError) as exc:
        pcer_audit(S(TR.y * 2 - 1, TR.pred, TR.g), S(TE.y, TE.pred, TE.g), n_boot=100)
    assert "(df['y_true'] == 1).astype(int)" in str(exc.value)


def test_two_score_values_are_thresholded_at_one_half(tmp_path, capsys):
    code, err = _cli(tmp_path, capsys, pred=lambda c: c * 0.9 + 0.05)
    assert code == 2
    assert "df['pred'] = (df['pred'] >= 0.5).astype(int)" in err
    assert "== 0.95" not in err
    with pytest.raises(EthicLensInputError) as exc:
        pcer_audit(S(TR.y, TR.pred * 0.9 + 0.05, TR.g), S(TE.y, TE.pred, TE.g), n_boot=100)
    assert "(df['y_pred'] >= 0.5).astype(int)" in str(exc.value)


def test_group_labels_of_two_types_that_print_the_same_are_named():
    def groups(d):
        return np.array([1 if g == "A" else "1" for g in d.g], dtype=object)

    with pytest.raises(EthicLensInputError) as exc:
        pcer_audit(S(TR.y, TR.pred, groups(TR)), S(TE.y, TE.pred, groups(TE)), n_boot=100)
    msg = str(exc.value)
    # the audit's words, the split named
    assert "train split: distinct values print the same (e.g. 1 and '1')" in msg, msg
    assert "at least two groups" not in msg


@pytest.mark.parametrize("order", ["", " ", ","])
def test_an_empty_group_order_is_refused_not_read_as_no_order(tmp_path, capsys, order):
    tr, te = _write(tmp_path)
    args = ["pcer", "audit", "--train", tr, "--test", te, "--y-true", "y", "--y-pred", "pred"]
    assert main([*args, "--protected", "g", "--n-boot", "100", "--group-order", order]) == 2
    err = capsys.readouterr().err
    assert "option '--group-order': empty item in a comma-separated list" in err, err
