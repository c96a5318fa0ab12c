"""Tester round 20: the gates called a DI of 1.25 worse than one of 0.8 (and EO values equal but
for float rounding worse than each other): |log 1.25| and |log 0.8| differ in their last bit.
Equally bad is neither worse nor better, in ``--baseline`` and in ``compare`` alike."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.fairness._gate import _further, _moved

DI, EO = "disparate_impact", "equalized_odds_difference"
SAME = "(neither worse nor better: as far from parity)"


def _selected(n: int, k: int) -> np.ndarray:
    """``k`` of ``n`` rows selected: a selection rate of exactly k / n."""
    return (np.arange(n) < k).astype(int)


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """A (4,000 rows, rate 0.5) and B (3,000 rows) at 0.4 (DI 0.8) or 0.625 (DI 1.25)."""
    root = tmp_path_factory.mktemp("gate20")
    g = ["A"] * 4000 + ["B"] * 3000
    label = np.random.default_rng(1).integers(0, 2, 7000)
    for name, k in (("d08", 1200), ("d125", 1875)):
        pred = np.r_[_selected(4000, 2000), _selected(3000, k)]
        frame = pd.DataFrame({"g": g, "pred": pred, "label": label})
        frame.to_csv(root / f"{name}.csv", index=False)
        assert _audit(root / f"{name}.csv", "--json", root / f"{name}.json") == 0
    models = {"m1": 1200, "m2": 1875}
    frame = pd.DataFrame(
        {"g": g} | {m: np.r_[_selected(4000, 2000), _selected(3000, k)] for m, k in models.items()}
    )
    frame.to_csv(root / "cmp.csv", index=False)
    return root


def _audit(path, *more) -> int:
    args = ["audit", str(path), "--y-true", "label", "--y-pred", "pred", "--protected", "g=A"]
    return main([*args, "--n-boot", "200", *map(str, more)])


def _said(capsys) -> str:
    out = capsys.readouterr()
    return out.out + out.err


@pytest.mark.parametrize(("run", "baseline"), [("d125", "d08"), ("d08", "d125")])
def test_a_di_as_far_from_parity_is_neither_worse_nor_better(place, capsys, run, baseline):
    # 0.8 -> 1.25 exited 1 "(worse)", 1.25 -> 0.8 passed "(better)"
    capsys.readouterr()
    assert _audit(place / f"{run}.csv", "--baseline", place / f"{baseline}.json") == 0
    said = _said(capsys)
    assert f"Disparate impact moved {1.25 if run == 'd08' else 0.8:.3f}" in said
    assert SAME in said and "(worse)" not in said and "(better)" not in said


@pytest.mark.parametrize("models", [("m1", "m2"), ("m2", "m1")])
def test_compare_does_not_call_an_equally_bad_model_worse(place, capsys, models):
    # m1 (DI 0.8) then m2 (DI 1.25) failed "worse under m2"; m2 then m1 passed
    args = ["compare", str(place / "cmp.csv"), "--protected", "g=A", "--n-boot", "200"]
    for m in models:
        args += ["--y-pred", m]
    capsys.readouterr()
    assert main([*args, "--fail-on", "flagged"]) == 0
    assert "worse under" not in _said(capsys)


def test_every_badness_comparison_forgives_float_rounding():
    # the DI pair the tester found, and its inverses as a swapped reference computes them
    assert math.log(1.25) != -math.log(0.8)
    for x, y in ((1.25, 0.8), (7 / 3, 3 / 7), (1 / (3 / 7), 3 / 7)):
        assert _further(DI, x, y) == _further(DI, y, x) == 0
    # EO: one gap of 0.2 computed two ways (0.7 - 0.5, 0.3 - 0.1) is one EO
    a, b = 0.7 - 0.5, 0.3 - 0.1
    assert a != b and _further(EO, a, b) == _further(EO, b, a) == 0
    old = {"value": a, "ci_low": 0.1, "ci_high": a, "status": "INCONCLUSIVE"}
    new = {"value": b, "ci_low": b, "ci_high": 0.3, "status": "INCONCLUSIVE"}
    for one, other in ((old, new), (new, old)):
        way, words = _moved(one, other, EO)
        assert way == "same" and words.endswith(SAME)
    # a real difference is still one
    assert _further(DI, 0.79, 1.25) == 1 and _further(DI, 1.25, 0.79) == -1
    assert _further(EO, 0.2, 0.2 + 1e-6) == -1
    assert _further(DI, math.inf, 5.0) == 1 and _further(DI, math.inf, 0.0) == 0
