"""Round 34: a keyword that read_splits, read_split, membership_inference, train_many,
TrainConfig, SplitPredictions, TrainRequest, prepare or sweep_grid does not take was Python's bare
TypeError ('read_splits() got an unexpected keyword argument ...'), where pcer_audit and
train_dp_mlp refuse it as the project's input error (UnknownKeywordError: an
EthicLensInputError, still a TypeError) with the closest name. Now every one does, before any
other check (a missing file, an empty list)."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import TrainRequest, prepare, sweep_grid
from ethiclens.fairness import UnknownKeywordError
from ethiclens.privacy import (
    SplitPredictions,
    TrainConfig,
    membership_inference,
    read_split,
    read_splits,
    train_many,
)

COLUMNS = {"y_true": "y", "y_pred": "p", "protected": "g"}
CASES = [
    ("read_splits", lambda **k: read_splits("no.csv", "nor.csv", **COLUMNS, **k), "lsos", "loss"),
    ("read_split", lambda **k: read_split("no.csv", name="train", **COLUMNS, **k), "id", "ids"),
    ("membership_inference", lambda **k: membership_inference(None, None, **k), "etta", "eta"),
    (
        "train_many",
        lambda **k: train_many("compas", epsilon=None, seeds=[], datas=[], **k),
        "confg",
        "config",
    ),
    ("TrainConfig", lambda **k: TrainConfig(**k), "epoch", "epochs"),
    ("SplitPredictions", lambda **k: SplitPredictions([0], [0], ["a"], **k), "los", "loss"),
    ("TrainRequest", lambda **k: TrainRequest("compas", **k), "sed", "seed"),
    ("prepare", lambda **k: prepare("compas", 0, **k), "max_row", "max_rows"),
    ("sweep_grid", lambda **k: sweep_grid(**k), "sed", "seeds"),
]


@pytest.mark.parametrize(("function", "call", "typed", "meant"), CASES, ids=[c[0] for c in CASES])
def test_an_unknown_keyword_is_refused_with_the_closest_name(function, call, typed, meant):
    with pytest.raises(UnknownKeywordError) as err:
        call(**{typed: 1})
    assert isinstance(err.value, TypeError) and isinstance(err.value, EthicLensInputError)
    assert str(err.value) == (
        f"{function}() got an unexpected keyword argument {typed!r}; did you mean {meant!r}?"
    )


def test_no_close_name_lists_the_keywords():
    with pytest.raises(UnknownKeywordError, match=r"Fix: use one of delta, "):
        TrainConfig(zzz=1)


def test_known_keywords_still_work():
    assert TrainConfig(epochs=3, hidden=[8]).hidden == (8,)
    assert SplitPredictions([0], [1], ["a"], loss=[0.5]).loss is not None
    assert TrainRequest("compas", seed=3).seed == 3
    assert sweep_grid(seeds=2).seeds == [0, 1]
    with pytest.raises(EthicLensInputError, match="no.csv"):  # the file's own refusal
        read_splits("no.csv", "nor.csv", **COLUMNS, loss="l")
