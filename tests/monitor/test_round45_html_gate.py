"""Round 45: the JSON's run.gate (``--fail-on alarm``) was on no line of the --html
dashboard: a reader of the page could not tell that the run failed its gate (exit 1), nor
which tests failed it. The dashboard now says "Gate (fail on alarm): failed: 2 alarmed
tests: ..." (or "passed"), the JSON's words; none without a gate."""

import html

import pytest

from ethiclens.monitor import render_html, run_monitor

from .conftest import run_cli
from .test_round44_monitor_run_record import FLAGS, WORDS, _csv, _request


@pytest.fixture(autouse=True)
def _no_plots(monkeypatch):  # the page's words only: each plot costs a second
    monkeypatch.setattr("ethiclens.monitor._render._trend_img", lambda *_: "")


FAILED = f"Gate (fail on alarm): failed: 2 alarmed tests: {WORDS}"


def test_python_dashboard_passed_and_names_escaped(tmp_path):
    csv = _csv(tmp_path / "bt.csv")
    doc = run_monitor(_request(csv), tmp_path / "s.sqlite", fail_on="alarm").to_dict()
    assert FAILED in render_html(doc)
    doc["run"]["gate"] = {**doc["run"]["gate"], "passed": True, "failures": []}
    assert "<p>Gate (fail on alarm): passed</p>" in render_html(doc)
    doc["run"]["gate"] = {**doc["run"]["gate"], "passed": False, "failures": ["g:<b>x DI"]}
    page = render_html(doc)
    assert "<b>x" not in page and html.escape("g:<b>x DI", quote=False) in page
    doc["run"]["gate"] = None  # --fail-on never: no gate, no line
    assert "Gate (" not in render_html(doc)


def test_the_cli_dashboard_says_the_gate(tmp_path, capsys):
    csv, page = _csv(tmp_path / "bt.csv"), tmp_path / "m.html"
    argv = ["monitor", csv, *FLAGS, "--store", tmp_path / "s.sqlite", "--html", page]
    rc, _, _ = run_cli(capsys, *argv, "--fail-on", "alarm")
    assert rc == 1 and f"<p class='alarm'>{FAILED}</p>" in page.read_text()
