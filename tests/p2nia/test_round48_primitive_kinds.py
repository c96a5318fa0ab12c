"""Round 48 (API battery): P2NIA's exported numeric primitives (joint_from_codes,
metrics_from_joint, metrics_from_cells, cells_from_joint, randomize, debias), called with a
wrong kind of argument, raised numpy's or Python's own error from deep inside (IndexError 'too
many indices', TypeError 'unsupported operand', AttributeError 'random', OverflowError) or
answered silently (a label 2 counted in the next group's cell, metrics='eopp' read as text).
Each argument is now checked by its declared kind (_checks.argument_kinds) and refused by name."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import (
    cells_from_joint,
    debias,
    joint_from_codes,
    metrics_from_cells,
    metrics_from_joint,
    randomize,
    response_matrix,
)

BAD = {
    "None": None,
    "set": {1, 2},
    "bytes": b"x",
    "bytearray": bytearray(b"x"),
    "nan": float("nan"),
    "bigint": 10**5000,
    "empty": "",
    "dict": {"a": 1},
    "0-d": np.array(1.0),
    "empty frame": pd.DataFrame(),
}
CODES = np.array([0, 1, 1, 0])
JOINT = np.full((2, 2, 2), 1 / 8)
CALLS = {
    "joint_from_codes": (joint_from_codes, {"a": CODES, "y": CODES, "yhat": CODES, "n_a": 2}),
    "metrics_from_joint": (metrics_from_joint, {"joint": JOINT, "metrics": ["dp"]}),
    "metrics_from_cells": (
        metrics_from_cells,
        {"cells": np.full((2, 4), 0.25), "labelled": True, "metrics": ["eo"]},
    ),
    "cells_from_joint": (cells_from_joint, {"joint": JOINT, "labelled": True}),
    "randomize": (
        randomize,
        {"codes": CODES, "epsilon": 1.0, "k": 2, "rng": np.random.default_rng(0)},
    ),
    "debias": (
        debias,
        {"observed_joint": np.full((2,), 0.5), "matrices": [response_matrix(1.0, 2)]},
    ),
}
CASES = [(f, arg) for f, (_, good) in CALLS.items() for arg in good if arg != "epsilon"]


@pytest.mark.parametrize(("func", "arg"), CASES)
def test_a_wrong_kind_is_refused_by_name(func, arg):
    fn, good = CALLS[func]
    for label, value in BAD.items():
        with pytest.raises(EthicLensInputError) as info:
            fn(**{**good, arg: value})
        assert f"'{arg}" in str(info.value), label


@pytest.mark.parametrize("func", list(CALLS))
def test_the_valid_call_still_answers(func):
    fn, good = CALLS[func]
    fn(**good)


@pytest.mark.parametrize(
    ("call", "arg"),
    [
        (lambda: joint_from_codes(CODES, [0, 2, 1, 0], CODES, 2), "y"),  # was another group's cell
        (lambda: joint_from_codes([0, 3, 1, 0], CODES, CODES, 2), "a"),
        (lambda: joint_from_codes(CODES, CODES[:3], CODES, 2), "y"),
        (lambda: joint_from_codes(CODES, CODES, CODES, 2, weights=[1, -1, 1, 1]), "weights"),
        (lambda: metrics_from_joint(JOINT, "eopp"), "metrics"),  # "eo" in "eopp": EO too
        (lambda: metrics_from_joint(JOINT, ["xx"]), "metrics"),  # had returned {}
        (lambda: metrics_from_joint(np.ones(3)), "joint"),
        (lambda: randomize([0, 5], 1.0, 2, np.random.default_rng(0)), "codes"),
        (lambda: debias(np.full((2, 2), 0.25), [response_matrix(1.0, 2)]), "matrices"),
    ],
)
def test_a_silent_wrong_answer_is_refused(call, arg):
    with pytest.raises(EthicLensInputError, match=f"argument '{arg}'"):
        call()
