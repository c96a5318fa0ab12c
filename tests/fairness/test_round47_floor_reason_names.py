"""Round 47 (the report hunter's found-not-fixed item 2): a reason naming a group below a sample
floor, or a withheld headline's comparisons, printed the group bare ('n = 89, below the floor
of 100 (g: d)', '(g:<TAB>b)', 'Affected: g:    b, g: d') in the terminal's table and lines,
the threshold grid's di_reason, the JSON and the repr, so ' d' and 'd' read alike. Each name
is now quoted as the refusals and the terminal's comparison column quote it (g:' d')."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

from ethiclens import Policy
from ethiclens.fairness import audit, compare, threshold_table
from ethiclens.fairness._gate import _regressions
from ethiclens.p2nia._estimate import _below_floor
from ethiclens.report import terminal_summary


def _data(n=600):
    rng = np.random.default_rng(0)
    g = rng.choice(["\tb", " d", "c"], n, p=[0.15, 0.15, 0.7])
    return rng.integers(0, 2, n), rng.integers(0, 2, n), rng.random(n), pd.DataFrame({"g": g})


def _audit():
    y, pred, _, groups = _data()
    return audit(y, pred, groups, n_boot=100)


def _terminal() -> str:
    console = Console(width=400, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for r in terminal_summary(_audit()):
        console.print(r)
    console.file.close()
    return console.export_text()


def _thresholds() -> str:
    y, _, score, groups = _data()
    return threshold_table(y, score, groups, n_boot=100, step=0.5).to_csv()


FACES = {
    "json": lambda: _audit().to_json(),
    "terminal": _terminal,
    "threshold csv": _thresholds,
}


@pytest.mark.parametrize("face", FACES.values(), ids=FACES.keys())
def test_floor_reasons_quote_a_group_with_whitespace_around(face):
    text = face()
    assert "below the floor of 100 (g:' d')" in text, text
    assert "(g:'\\tb')" in text or "(g:'\\\\tb')" in text, text  # the JSON escapes the backslash
    assert "(g: d)" not in text and "(g:\t" not in text and "(g:\\tb)" not in text


def test_withheld_headlines_name_the_quoted_comparisons():
    result = _audit()
    assert result.min_disparate_impact.withheld_reason.endswith("for g:'\\tb', g:' d'")
    assert "for g:'\\tb' (" in result.composite.withheld_reason
    assert result.min_disparate_impact.affected == ["g:\tb", "g: d"]  # the keys, as data
    assert "Affected: g:'\\tb', g:' d')" in repr(result)  # the reports' words (round 49)
    text = _terminal()
    assert text.count("Affected: g:'\\tb', g:' d'.") == 2, text


def test_p2nia_floor_reason_quotes_the_group():
    cells = np.array([[50.0, 50.0, 0.0, 0.0], [300.0, 300.0, 0.0, 0.0]])
    why = _below_floor("dp", cells, None, [" F", "M"], Policy(min_group_size=200), "sex")
    assert why == "n = 100, below the floor of 200 (sex:' F')"


def _flagged():
    """'e ' selected far less often than ' d': FLAGGED."""
    rng = np.random.default_rng(1)
    g = rng.choice([" d", "e ", "\tb"], 1500)
    pred = np.where(g == "e ", rng.random(1500) < 0.1, rng.random(1500) < 0.6).astype(int)
    return rng.integers(0, 2, 1500), pred, pd.DataFrame({"g": g})


def test_the_gate_names_the_quoted_groups():
    y, pred, groups = _flagged()
    result = audit(y, pred, groups, reference={"g": " d"}, n_boot=100, random_state=1)
    outcome = result.gate("flagged")
    assert outcome.failures == ("g:'e ' (FLAGGED)",)
    assert outcome.message(cli=True).endswith("1 comparison: g:'e ' (FLAGGED)")
    low = np.where(groups["g"] == "\tb", 0, pred)  # '\tb' never selected: DI 0, worse
    worse = audit(y, low, groups, reference={"g": " d"}, n_boot=100, random_state=1)
    regressions, _ = _regressions(result.to_dict(), worse.to_dict())
    assert any(r.startswith("g:'\\tb': ") for r in regressions), regressions
    assert not any(r.startswith(("g:e ", "g:\t")) for r in regressions), regressions
    models = compare(y, pred, 1 - pred, groups, reference={"g": " d"}, n_boot=100).gate("flagged")
    assert "g:'e ' under " in " ".join(models.failures + models.regressions), models


def test_a_flag_reason_names_the_quoted_groups():
    y, pred, groups = _flagged()
    result = audit(y, pred, groups, reference={"g": " d"}, n_boot=100, random_state=1)
    why = result.comparison("g", "e ").flag_reason
    said = ": 'e ' receives the favourable label less often than ' d', so 'e ' is disadvantaged"
    assert said in why, why
    assert result.comparison("g", "e ").disadvantaged == "e "  # the name, as data
