"""Round 49: an unbounded DI (the reference group never selected: value and upper bound null in
the JSON, inf in memory) read 'inf [84.418, inf]' on the audit's terminal, HTML report, model
card, notebook, threshold view and forest plot's text, '— [23.000, ∞)' on the web history and
'DI interval [84.418, inf]' in its flag reason, where the monitor says 'unbounded [22.124, ∞)'
(SPEC: an undefined ratio is never shown as 0 or inf). One helper, _text.unbounded_text."""

import io
import re

import numpy as np
import pytest
from rich.console import Console

import ethiclens
from ethiclens import report as rp
from ethiclens.report._audit_report import estimate_cell
from ethiclens.report._model_card import render_model_card
from ethiclens.report._threshold_report import _cells
from ethiclens.web._routes_history import _interval

_WORDS = re.compile(r"unbounded(<br><small>| )\[\d+\.\d+, ∞\)")


def _data():
    rng = np.random.default_rng(0)
    g = np.repeat(["R", "B"], [300, 300])
    y = rng.integers(0, 2, 600)
    p = np.concatenate([np.zeros(300, int), rng.integers(0, 2, 300)])  # R never selected
    s = np.concatenate([rng.uniform(0, 0.4, 300), rng.uniform(0, 1, 300)])
    return g, y, p, s


@pytest.fixture(scope="module")
def result():
    g, y, p, _ = _data()
    return ethiclens.audit(y, p, {"g": g}, reference={"g": "R"}, n_boot=100)


def _terminal(result) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=300, color_system=None)
    for block in rp.terminal_summary(result):
        console.print(block)
    return buf.getvalue()


FACES = {
    "terminal": _terminal,
    "html table": lambda r: str(estimate_cell(r.comparisons[0].metrics["disparate_impact"])),
    "model card": render_model_card,
    "notebook": lambda r: r._repr_html_(),
    "repr": repr,
    "flag reason": lambda r: r.comparisons[0].flag_reason,
}


@pytest.mark.parametrize("face", FACES.values(), ids=FACES.keys())
def test_an_unbounded_di_reads_in_the_monitors_words(result, face):
    di = result.comparisons[0].metrics["disparate_impact"]
    assert di.value == np.inf and di.ci_high == np.inf  # in memory; null in the JSON
    text = face(result).replace("\\", "")  # the markdown card escapes its brackets
    assert re.search(r"(?<![a-z])inf(?![a-z])", text) is None, text
    assert _WORDS.search(text) or "DI interval [" in text and ", ∞) lies" in text, text


def test_the_threshold_view_and_the_web_history_say_it_alike(result):
    row = {"di": np.inf, "di_ci_low": 22.998, "di_ci_high": np.inf, "di_status": "FLAGGED"}
    assert _cells(row, "di", result.config["policy"]) == ("unbounded", "[22.998, ∞)")
    said = _interval({"value": None, "ci_low": 22.998, "ci_high": None})
    assert said == "unbounded [22.998, ∞)"
