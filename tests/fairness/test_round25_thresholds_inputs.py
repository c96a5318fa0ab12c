"""Round 25: the threshold view's inputs, as the audit takes them.

- Weights so small that a whole group's squares underflow to 0 (1e-170 beside weights of 1)
  gave the threshold view a silent wrong verdict (INSUFFICIENT_DATA at 1e-170, PASS or
  INCONCLUSIVE at 1e-150: an effective size of 0), where the audit of the same rows refuses
  them. The view refuses them in the audit's words (the same check, on the cells of the
  audited threshold's predictions), in Python and on the command line (exit 2).
- ``intersections=[(0, 1)]`` on a DataFrame whose columns are the numbers 0 and 1 was refused
  ("use names from ['0', '1']") while ``reference``, ``merge_groups`` and ``bins`` take the
  number: audit, compare and the threshold view cross the numbered columns.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

RNG = np.random.default_rng(25)
N = 600
Y = RNG.integers(0, 2, N)
S = RNG.random(N)
P = (S >= 0.5).astype(int)
G = RNG.choice(["a", "b", "c"], N)
FAST = {"n_boot": 100, "random_state": 0}


def _refusal(call) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize("tiny", [1e-170, 1e-300, 5e-324])
@pytest.mark.parametrize("labelled", [True, False])
def test_a_group_of_underflowing_weights_is_refused_as_the_audit_refuses_it(tiny, labelled):
    w = np.where(G == "c", tiny, 1.0)
    y = Y if labelled else None
    scores = {"y_score": S} if labelled else {}  # the audit calibrates only with labels
    view = _refusal(lambda: ethiclens.threshold_table(y, S, {"g": G}, sample_weight=w, **FAST))
    audit = _refusal(lambda: ethiclens.audit(y, P, {"g": G}, sample_weight=w, **scores, **FAST))
    assert view == audit, (view, audit)
    first = int(np.flatnonzero(G == "c")[0])
    assert "squares underflow to 0" in view and "g:c" in view, view
    assert f"first at row {first}" in view and "multiply every weight" in view, view


def test_a_lone_tiny_weight_beside_ordinary_ones_is_still_shown():
    w = np.where(np.arange(N) == 0, 1e-170, 1.0)
    table = ethiclens.threshold_table(Y, S, {"g": G}, sample_weight=w, **FAST)
    assert table.frame["status"].notna().any()


def test_the_command_line_refuses_it_with_exit_2(tmp_path, capsys):
    path = tmp_path / "tiny.csv"
    pd.DataFrame({"y": Y, "s": S, "g": G, "w": np.where(G == "c", 1e-170, 1.0)}).to_csv(
        path, index=False
    )
    argv = ["thresholds", str(path), "--y-true", "y", "--y-score", "s", "--protected", "g"]
    assert main([*argv, "--weight", "w", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "squares underflow to 0" in err and "g:c" in err, err


# -- intersections name a numbered column by its number, as reference and bins do ----------

NUMBERED = pd.DataFrame({0: RNG.choice(["a", "b"], N), 1: RNG.choice(["x", "y"], N)})


@pytest.mark.parametrize("combo", [(0, 1), [0, "1"], (np.int64(0), np.int64(1))])
@pytest.mark.parametrize("face", ["audit", "compare", "threshold_table"])
def test_intersections_cross_numbered_columns(face, combo):
    named = ethiclens.audit(Y, P, NUMBERED, intersections=[("0", "1")], **FAST)
    if face == "audit":
        result = ethiclens.audit(Y, P, NUMBERED, intersections=[combo], **FAST)
        assert result.to_dict()["config"] == named.to_dict()["config"]
        assert [a.name for a in result.attributes] == ["0", "1", "0&1"]
    elif face == "compare":
        p_b = (S >= 0.4).astype(int)
        result = ethiclens.compare(Y, P, p_b, NUMBERED, intersections=[combo], **FAST)
        assert "0&1" in {a.name for a in result.audit_a.attributes}
    else:
        table = ethiclens.threshold_table(Y, S, NUMBERED, intersections=[combo], **FAST)
        assert "0&1" in set(table.frame["attribute"])
        assert table.config["intersections"] == [["0", "1"]]


def test_an_unknown_numbered_attribute_is_still_refused_by_name():
    text = _refusal(lambda: ethiclens.audit(Y, P, NUMBERED, intersections=[(0, 2)], **FAST))
    # the known names as words since 2116d8d3 (was "['0', '1']")
    assert "'2' is not a protected attribute" in text and "names from 0, 1" in text, text
