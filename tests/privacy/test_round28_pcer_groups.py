"""Round 28 (PCER): a group column of numbers with more than the fairness audit's
MAX_NUMERIC_GROUPS values is refused as continuous (it made one group per row), any attribute
with more than MAX_GROUPS groups is refused naming the count, the cap and the fix (the spreads
compare every pair of groups: 1,000 groups took minutes), and an empty ``etas`` (or ``seeds``)
is refused naming the argument (it gave an empty floor sensitivity)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._validate import MAX_NUMERIC_GROUPS
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit, train_many
from ethiclens.privacy._inputs import MAX_GROUPS


def _split(groups, seed):
    rng = np.random.default_rng(seed)
    n = len(groups)
    y = rng.integers(0, 2, n)
    pred = np.where(rng.random(n) < 0.8, y, 1 - y)
    return SplitPredictions(y, pred, groups, loss=rng.exponential(0.5, n))


def _splits(groups):
    groups = np.repeat(np.asarray(groups), 2)
    return _split(groups, 0), _split(groups, 1)


@pytest.mark.parametrize(
    "groups",
    [
        np.arange(MAX_NUMERIC_GROUPS + 1) * 0.5,  # floats: an age, an income
        np.arange(MAX_NUMERIC_GROUPS + 1),
        [str(v) for v in range(MAX_NUMERIC_GROUPS + 1)],  # a file's numbers, as text
    ],
)
@pytest.mark.parametrize("face", [pcer_audit, membership_inference])
def test_a_continuous_group_column_is_refused_as_the_audit_refuses_it(groups, face):
    with pytest.raises(EthicLensInputError) as err:
        face(*_splits(groups))
    exc = err.value
    assert exc.column == "groups" and exc.kind == "argument"
    assert exc.problem == (
        f"looks continuous: {MAX_NUMERIC_GROUPS + 1} distinct numeric values "
        f"(more than {MAX_NUMERIC_GROUPS} groups)"
    )
    assert "bin it into a few groups" in exc.fix


def _audited_groups(groups) -> int:
    """The groups PCER audits ``groups`` as (the attack lists as many). 48 or more: the spreads'
    Bonferroni levels need more draws than the audit keeps (a first pass of round 37 refused
    them), so their values come without intervals; these groups of 2 rows, below the floor,
    leave them INSUFFICIENT_DATA first (the EO-Gap undefined too: a group lacks labels)."""
    result = pcer_audit(*_splits(groups), n_boot=100)
    assert len(membership_inference(*_splits(groups)).groups) == len(result.groups)
    for name in ("dispersion", "dp_gap"):
        e = result.estimates[name]
        assert e.value is not None and (e.ci_low, e.ci_high) == (None, None), name
    return len(result.groups)


def test_numbers_up_to_the_threshold_and_text_beyond_it_are_groups():
    assert _audited_groups(np.arange(MAX_NUMERIC_GROUPS)) == MAX_NUMERIC_GROUPS
    # zero-padded codes are text as written, never numbers: 60 groups, no refusal
    codes = [f"{v:03d}" for v in range(MAX_NUMERIC_GROUPS + 10)]
    assert len(pcer_audit(*_splits(codes), n_boot=100).groups) == MAX_NUMERIC_GROUPS + 10


@pytest.mark.parametrize("face", [pcer_audit, membership_inference])
def test_more_groups_than_the_cap_are_refused_naming_count_cap_and_fix(face):
    n = MAX_GROUPS + 1
    with pytest.raises(EthicLensInputError) as err:
        face(*_splits([f"g{i}" for i in range(n)]))
    exc = err.value
    assert exc.column == "groups"
    assert f"has {n} groups, more than the {MAX_GROUPS}" in exc.problem
    assert f"{n * (n - 1) // 2:,} pairs" in exc.problem
    assert exc.fix.startswith(f"merge groups into at most {MAX_GROUPS}")


def _write(tmp_path, groups):
    paths = []
    for name, split in zip(("tr", "te"), _splits(groups), strict=True):
        frame = pd.DataFrame({"g": split.groups, "y": split.y_true, "p": split.y_pred})
        frame.to_csv(tmp_path / f"{name}.csv", index=False)
        paths.append(str(tmp_path / f"{name}.csv"))
    return ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]


@pytest.mark.parametrize(
    ("groups", "said"),
    [
        (np.arange(MAX_NUMERIC_GROUPS + 1) * 1.5, "looks continuous: 51 distinct numeric"),
        ([f"g{i}" for i in range(MAX_GROUPS + 1)], f"has {MAX_GROUPS + 1} groups, more than"),
    ],
)
def test_the_cli_refuses_too_many_groups_with_exit_2(tmp_path, capsys, groups, said):
    args = [*_write(tmp_path, groups), "--y-pred", "p", "--protected", "g", "--n-boot", "100"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "option '--protected'" in err and said in err and "Fix:" in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("etas", [[], (), iter(())])
def test_an_empty_floor_sensitivity_is_refused_naming_etas(etas):
    train, test = _splits(["a", "b"] * 20)
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(train, test, etas=etas, n_boot=100)
    exc = err.value
    assert (exc.column, exc.kind) == ("etas", "argument")
    assert "holds no floor constant" in exc.problem and "etas=(0.0001" in exc.fix


def test_train_many_refuses_no_seeds_naming_the_argument_and_the_fix():
    with pytest.raises(EthicLensInputError) as err:
        train_many("adult", epsilon=1.0, seeds=[], datas=[])
    exc = err.value
    assert (exc.column, exc.kind) == ("seeds", "argument")
    assert "no seeds" in exc.problem and "seeds=[0, 1, 2]" in exc.fix


def test_a_group_named_nan_among_many_numbers_is_a_name_not_a_missing_value():
    labels = ["nan", *map(str, range(MAX_NUMERIC_GROUPS + 10))]
    assert len(pcer_audit(*_splits(labels), n_boot=100).groups) == MAX_NUMERIC_GROUPS + 11
