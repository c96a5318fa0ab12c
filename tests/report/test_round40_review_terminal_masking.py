"""Round 40 review: the terminal summaries masked each WHOLE line (1cbbda03), so a password
pattern ran past the user's text into EthicLens's own: the threshold grid's row of the group
``password=`` showed its padding and its first status mark as ``***`` (the marks no longer
under their thresholds), ``token=a: q`` lost its ':' and ``password= vs b`` its 'vs'. Each
piece of user text is masked alone now; a password is still never printed."""

import io

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

import ethiclens
from ethiclens.report import comparison_summary, terminal_summary, threshold_summary

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

GROUPS = ["password=", "postgresql://u:hunter2@h/db", "b"]


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    n = 120 * len(GROUPS)
    groups = pd.DataFrame({"token=a": np.repeat(GROUPS, n // len(GROUPS))})
    return (
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        rng.random(n),
        groups,
    )


def test_the_threshold_grid_keeps_every_mark_under_its_threshold(data):
    y, _, _, score, groups = data
    table = ethiclens.threshold_table(
        y, score, sensitive_features=groups, n_boot=100, random_state=0, reference={"token=a": "b"}
    )
    lines = threshold_summary(table)
    assert not any("hunter2" in line for line in lines)
    header = next(line for line in lines if line.startswith(" ") and "*" in line)
    rows = [line for line in lines if line.startswith("token=***: ")]
    assert len(rows) == 2, lines
    for row in rows:
        assert len(row) == len(header), (row, header)
        assert "***     " not in row.split(": ", 1)[1]  # no status mark masked
        k = len(table.config["thresholds"])
        marks = row[len(row) - (6 * k - 1) :].split()  # each mark in 5 columns, 1 apart
        assert len(marks) == k and set(marks) <= set("F?.nu-"), row
    assert "token=***: b" in "\n".join(lines)  # the reference line keeps its ':'


def test_the_comparison_summary_keeps_its_own_words(data):
    y, p, p2, _, groups = data
    result = ethiclens.compare(
        y, p, p2, sensitive_features=groups, n_boot=100, random_state=0, reference={"token=a": "b"}
    )
    out = "\n".join(comparison_summary(result))
    assert "hunter2" not in out
    assert "token=***: password= vs b: " in out
    assert "token=***: postgresql://u:***@h/db vs b: " in out
    assert "token=***: reference group b " in out


def test_the_audit_table_keeps_the_colon_after_a_masked_attribute(data):
    y, p, _, _, groups = data
    result = ethiclens.audit(
        y, p, sensitive_features=groups, n_boot=100, random_state=0, reference={"token=a": "b"}
    )
    console = Console(file=io.StringIO(), width=250, color_system=None)
    for r in terminal_summary(result):
        console.print(r)
    out = console.file.getvalue()
    assert "hunter2" not in out
    assert "token=***: password= vs b" in out
