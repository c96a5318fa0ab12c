"""The threshold view of predictions all of one kind (every one 0, the scores below 0.5): the
web's Threshold view said "the audit's predictions are not 'score >= t' for one threshold t",
though every threshold above the largest score (0.5 among them) makes them; the command line
and threshold_table(spec) given another threshold named no threshold that fits. Every face now
says which thresholds make them and gives one to type."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import AuditSpec
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.web._audited import audited_of

ZERO = "every prediction is 0 (negative), which score >= t makes for any threshold t above 0.449"
ONE = "every prediction is 1 (positive), which score >= t makes for any threshold t up to 0.551"


def _file(tmp_path, kind: int):
    rng = np.random.default_rng(0)
    scores = np.linspace(0.0, 0.449, 200) if kind == 0 else np.linspace(0.551, 1.0, 200)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 200), "p": kind, "s": scores})
    frame["g"] = np.where(np.arange(200) % 2, "a", "b")
    frame.to_csv(tmp_path / "d.csv", index=False)
    return str(tmp_path / "d.csv")


@pytest.mark.parametrize("kind, words", [(0, ZERO), (1, ONE)])
def test_the_web_view_says_which_thresholds_make_them(tmp_path, kind, words):
    path = _file(tmp_path, kind)
    roles = {"y_true": "y", "y_pred": "p", "y_score": "s", "protected": ["g"]}
    spec = AuditSpec.of(file=path, engine="pandas", **roles).to_dict()
    with pytest.raises(EthicLensInputError) as err:
        audited_of(spec)
    text = str(err.value)
    assert "not 'score >= t' for one threshold t" not in text
    assert f"the audit's rows cannot tell which threshold its predictions used: {words}" in text
    assert "Fix: give the threshold the predictions used (e.g. 0.5) next to the Threshold" in text
    assert audited_of(spec, 0.5) == 0.5  # the typed one that fits is taken


def test_the_command_line_and_python_name_a_threshold_that_fits(tmp_path, capsys):
    path = _file(tmp_path, 0)
    roles = {"y_true": "y", "y_pred": "p", "y_score": "s", "protected": ["g"]}
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.threshold_table(AuditSpec.of(file=path, **roles, threshold=0.3))
    assert "otherwise than p does; every prediction of p is 0 (negative), which" in str(err.value)
    assert "Fix: give a threshold that makes them (thresholds.threshold, e.g. 0.5)" in str(
        err.value
    )
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target: {{file: {path}}}\nroles: {{y_true: y, y_pred: p, y_score: s, protected: [g]}}\n"
    )
    assert main(["thresholds", "--config", str(config), "--threshold", "0.3"]) == 2
    out = capsys.readouterr().err
    assert (
        ZERO.replace("prediction", "prediction of p") in out
        and "Fix: give a threshold that makes them (--threshold, e.g. 0.5)" in out
    )
