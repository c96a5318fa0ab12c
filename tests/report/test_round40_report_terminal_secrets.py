"""Round 40: a group named like a database URL with its password
('postgresql://u:hunter2@h/db') was printed whole by ``ethiclens audit``, ``compare`` and
``thresholds`` (the terminal summaries), where the HTML report and the model card show it as
``postgresql://u:***@h/db``. Now every terminal face masks it the same way; the threshold
grid's columns stay aligned (the label is masked before it is padded)."""

import io

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

import ethiclens
from ethiclens.report import comparison_summary, terminal_summary, threshold_summary

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

SECRET = "postgresql://u:hunter2@h/db"


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    n = 240
    groups = pd.DataFrame({"g": np.repeat([SECRET, "b"], n // 2)})
    return (
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        rng.random(n),
        groups,
    )


def _printed(renderables) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    for r in renderables:
        console.print(r)
    return console.file.getvalue()


def test_the_audit_summary_masks_a_password_in_a_group(data):
    y, p, _, _, groups = data
    result = ethiclens.audit(y, p, sensitive_features=groups, n_boot=100, random_state=0)
    out = _printed(terminal_summary(result))
    assert "hunter2" not in out and "postgresql://u:***@h/db" in out


def test_the_comparison_summary_masks_a_password_in_a_group(data):
    y, p, p2, _, groups = data
    result = ethiclens.compare(y, p, p2, sensitive_features=groups, n_boot=100, random_state=0)
    out = "\n".join(comparison_summary(result))
    assert "hunter2" not in out and "postgresql://u:***@h/db" in out


def test_the_threshold_grid_masks_a_password_and_stays_aligned(data):
    y, _, _, score, groups = data
    table = ethiclens.threshold_table(y, score, sensitive_features=groups, n_boot=100)
    lines = threshold_summary(table)
    assert not any("hunter2" in line for line in lines)
    rows = [line for line in lines if line.startswith("g: ")]
    assert len(rows) == 1 and rows[0].startswith("g: postgresql://u:***@h/db ")
    header = next(line for line in lines if line.startswith(" ") and "*" in line)
    assert len(rows[0]) == len(header)  # the marks under their thresholds
