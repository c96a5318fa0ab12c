"""A PCER result as the terminal shows it (PCERResult.summary), and the shared checks the
pcer commands use: one DP ε check, the PCER floor as a policy, the two split files."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens._checks import check_dp_epsilon
from ethiclens.privacy import (
    SplitPredictions,
    TextTable,
    pcer_audit,
    pcer_policy,
    print_summary,
    read_splits,
)


def _split(rng, n, acc):
    g = rng.choice(["a", "b"], n)
    y = rng.integers(0, 2, n)
    p = np.where(rng.random(n) < acc, y, 1 - y)
    return SplitPredictions(y, p, g, loss=rng.exponential(0.4, n))


@pytest.fixture
def result():
    rng = np.random.default_rng(0)
    return pcer_audit(_split(rng, 600, 0.9), _split(rng, 300, 0.8), n_boot=200)


def test_summary_blocks_in_order(result):
    blocks = result.summary("toy")
    tables = [b for b in blocks if isinstance(b, TextTable)]
    assert [t.title.split(" —")[0] for t in tables] == [
        "toy",
        "floor sensitivity",
        "threshold membership-inference attack (score = −loss)",
    ]
    assert len(tables[0].rows) == 2 and len(tables[1].rows) == 4
    assert all(len(r) == len(t.columns) for t in tables for r in t.rows)
    assert blocks[1].startswith("ΔPCER (η = 0.001, PCER_a − PCER_b) = [bold]")
    assert blocks[3] == result.interpretation
    assert blocks[-1] == f"[yellow]note:[/yellow] {result.note}"


def test_print_summary_draws_every_block(result):
    from rich.console import Console

    console = Console(record=True, width=200)
    print_summary(result.summary("toy"), console)
    text = console.export_text()
    assert "floor sensitivity" in text and "ΔPCER^MIA" in text and "seed-to-seed" in text


def test_unknown_setting_is_a_type_error():
    rng = np.random.default_rng(1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'nboot'"):
        pcer_audit(_split(rng, 100, 0.9), _split(rng, 100, 0.8), nboot=200)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(1, 1.0), ("0.5", 0.5), (None, None), ("none", None), ("No-DP", None), ("inf", None)],
)
def test_dp_epsilon_accepts(value, expected):
    assert check_dp_epsilon(value) == expected


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("abc", "ε must be a number"),
        (-1, "ε must be a finite number > 0"),
        (0, "ε must be a finite number > 0"),
        ("1e400", "is above 10000"),  # the range since 8f812932, no longer an overflow
        (1e9, "above 10000"),
        ([1], "ε must be a number, not"),
        (True, "ε must be a number, not"),
    ],
)
def test_dp_epsilon_refuses(value, words):
    with pytest.raises(EthicLensInputError, match=words):
        check_dp_epsilon(value, "--epsilon")


def test_one_model_has_no_upper_limit():
    # a single model trains a huge ε at the smallest σ and reports the ε spent
    assert check_dp_epsilon(1e9, limit=None) == 1e9


def test_pcer_policy_names_the_flag():
    assert pcer_policy().pcer_min_group_size == 30
    assert pcer_policy(5).pcer_min_group_size == 5
    with pytest.raises(EthicLensInputError, match="--min-group-size"):
        pcer_policy(0, "--min-group-size")


def test_read_splits_refuses_one_file_twice(tmp_path):
    path = tmp_path / "rows.csv"
    pd.DataFrame({"y": [0, 1], "p": [0, 1], "g": ["a", "b"]}).to_csv(path, index=False)
    columns = {"y_true": "y", "y_pred": "p", "protected": "g"}
    with pytest.raises(EthicLensInputError, match="same rows as train and test"):
        read_splits(path, path, **columns)
    other = tmp_path / "other.csv"
    other.write_bytes(path.read_bytes())
    train, test = read_splits(path, other, **columns)
    assert (train.name, test.name) == ("train", "test") and len(train.y_true) == 2
