"""Round 40: a group named like a database URL with a password printed the password in the
PCER terminal summary (table, headline, interpretation, attack table); the audit's terminal
report masks it. The summary now shows ``***``; the result's data keep the name as given."""

import io

import numpy as np
import pytest
from rich.console import Console

from ethiclens.privacy import SplitPredictions, pcer_audit, print_summary

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

SECRET = "postgresql://u:hunter2@h/db"


def _split(n, name, seed):
    rng = np.random.default_rng(seed)
    groups = np.where(np.arange(n) % 2 == 0, SECRET, "B")
    y = rng.integers(0, 2, n)
    return SplitPredictions(y, rng.integers(0, 2, n), groups, loss=rng.random(n), name=name)


def test_pcer_summary_masks_a_password_in_a_group_name():
    result = pcer_audit(_split(200, "train", 0), _split(200, "test", 1), n_boot=100)
    out = io.StringIO()
    print_summary(result.summary(f"title {SECRET}"), Console(file=out, width=400))
    text = out.getvalue()
    assert "hunter2" not in text
    assert text.count("postgresql://u:***@h/db") >= 5  # table, headline, words, attack table
    assert SECRET in [g.group for g in result.groups]  # the data are the caller's own
