"""Round 47: a group, reference or attribute name with whitespace around it (' d', 'e ', a
tab's '\\tb') printed bare on every terminal table, so the groups ' d' and 'd' read alike and
a tab printed as blank columns. Each is now quoted as a refusal quotes a value (repr), on the
audit's table and lines, the comparison's lines and the threshold grid."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

from ethiclens.fairness import audit, compare, threshold_table
from ethiclens.report import comparison_summary, terminal_summary, threshold_summary

GROUPS = [" d", "e ", "\tb"]


def _data():
    rng = np.random.default_rng(1)
    n = 1500
    g = rng.choice(GROUPS, n)
    y = rng.integers(0, 2, n)
    # 'e ' is selected far less often: flagged, the headline's group
    pred = np.where(g == "e ", rng.random(n) < 0.1, rng.random(n) < 0.6).astype(int)
    return y, pred, pd.DataFrame({"grp ": g})


def _printed(renderables) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for r in renderables:
        console.print(r)
    text = console.export_text()
    console.file.close()
    return text


def _audit_text() -> str:
    y, pred, groups = _data()
    result = audit(y, pred, groups, reference={"grp ": " d"}, n_boot=100)
    assert result.flagged, "the test needs a flagged comparison"
    return _printed(terminal_summary(result))


def _compare_text() -> str:
    y, pred, groups = _data()
    result = compare(y, pred, 1 - pred, groups, reference={"grp ": " d"}, n_boot=100)
    return "\n".join(comparison_summary(result))


def _threshold_text() -> str:
    y, pred, groups = _data()
    score = np.clip(pred * 0.5 + np.random.default_rng(2).random(len(y)) * 0.5, 0, 1)
    table = threshold_table(y, score, groups, reference={"grp ": " d"}, n_boot=100, step=0.5)
    return "\n".join(threshold_summary(table))


@pytest.mark.parametrize("face", [_audit_text, _compare_text, _threshold_text])
def test_names_with_whitespace_around_are_quoted_on_every_terminal_table(face):
    text = face()
    assert "'grp ': " in text  # the attribute, quoted
    assert "' d'" in text  # the reference
    assert "'e '" in text
    assert "'\\tb'" in text  # a tab shown, not printed as blank columns
    assert "\t" not in text
    assert "grp :" not in text and "vs  d" not in text and "e  vs" not in text


def test_the_audit_headlines_and_flags_name_the_quoted_groups():
    text = _audit_text()
    assert "Minimum DI:" in text
    line = next(x for x in text.splitlines() if x.startswith("Minimum DI:"))
    assert line.endswith("at 'grp ':'e '"), line
    flagged = next(x for x in text.splitlines() if x.startswith("Flagged:"))
    assert "'grp ':'e ' vs ' d'" in flagged, flagged
