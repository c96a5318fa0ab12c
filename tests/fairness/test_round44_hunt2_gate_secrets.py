"""Round 44 (second-wave hunt): a gate's lines named a group holding a password as it is
('exit 1 because of --fail-on flagged: 1 comparison: g:u:hunter2@h (FLAGGED)', the baseline's
regressions and the 'gate note:' lines alike; Python's message() and the GateOutcome's repr
too), where the terminal's table, the reports and the web's diff show 'u:***@h'. Each line
is now masked as they mask it, each of the user's names alone; the JSON's run.gate keeps the
names as its comparisons do."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.fairness import GateOutcome

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

SECRET = "hunter2"
GROUP = f"u:{SECRET}@h"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    root = tmp_path_factory.mktemp("gatesecrets")
    rng = np.random.default_rng(1)
    n = 800
    for name, rate_b in (("good.csv", 0.5), ("bad.csv", 0.15)):
        g = rng.choice(["a", GROUP], n)
        p = (rng.random(n) < np.where(g == GROUP, rate_b, 0.5)).astype(int)
        pd.DataFrame({"g": g, "y": rng.integers(0, 2, n), "p": p}).to_csv(root / name, index=False)
    return root


def _audit(path):
    return ethiclens.audit(str(path), y_true="y", y_pred="p", protected=["g=a"], n_boot=100)


def test_python_message_and_repr_mask_the_group(data):
    outcome = _audit(data / "bad.csv").gate("flagged")
    assert not outcome.passed and GROUP in outcome.failures[0]  # the data, as the JSON's
    for text in (outcome.message(), outcome.message(cli=True), repr(outcome)):
        assert SECRET not in text and "g:u:***@h (FLAGGED)" in text, text
    assert GateOutcome.from_dict(outcome.to_dict()) == outcome


def test_the_command_lines_gate_masks_the_group(data, capsys):
    base = str(data / "b.json")
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g=a", "--n-boot", "100"]
    assert main(["audit", str(data / "good.csv"), *roles, "--json", base]) == 0
    capsys.readouterr()
    assert main(["audit", str(data / "bad.csv"), *roles, "--baseline", base]) == 1
    err = capsys.readouterr().err
    assert "g:u:***@h: verdict " in err and SECRET not in err, err
