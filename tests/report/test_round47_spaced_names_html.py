"""Round 47 (report item b, its HTML and markdown siblings): the terminal, the monitor's lines
and the reprs quote a group, reference or attribute name with whitespace around it (' d'),
but the HTML faces showed it bare, and a browser folds the spaces: 'ethiclens audit d.csv
--protected 'g=" d"' --html r.html --model-card c.md' wrote '<td>g: e  vs  d</td>' (read
'g: e vs d') and the card 'reference  d (given)'. Every HTML face (the audit report, the
notebook views, the compare and threshold reports, the monitor dashboard, the web's result
lines) and the model card now say such a name as the terminal does (' d', quoted, then
escaped); the JSON keeps the raw names."""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pandas as pd
import pytest

from ethiclens.fairness import audit, compare, threshold_table
from ethiclens.report import render_html, render_model_card
from ethiclens.report._compare_report import build_comparison_report
from ethiclens.report._threshold_report import build_threshold_report

REF = {"g": " d"}


def _data(n=600):
    rng = np.random.default_rng(1)
    g = rng.choice([" d", "e "], n)
    y = rng.integers(0, 2, n)
    # 'e ' is selected far less often: flagged, the headlines' group
    pred = np.where(g == "e ", rng.random(n) < 0.15, rng.random(n) < 0.6).astype(int)
    return y, pred, pd.DataFrame({"g": g})


_CACHE: dict = {}


@pytest.fixture(autouse=True)
def _charts_unsaved(monkeypatch):
    """The audit's charts are drawn (their words are checked) but not saved as SVG, and the
    threshold chart (a PNG) not drawn: the tests' time."""
    monkeypatch.setattr("ethiclens.report._plots._to_uri", lambda fig: "data:,")
    monkeypatch.setattr(
        "ethiclens.report._threshold_report.threshold_figure_png", lambda *a, **k: b""
    )


def _audit():
    if "audit" not in _CACHE:
        y, pred, groups = _data()
        _CACHE["audit"] = audit(y, pred, groups, reference=REF, n_boot=100)
    return _CACHE["audit"]


def _text(page: str) -> str:
    """What a reader sees: tags dropped, entities read, runs of spaces folded as a browser
    folds them."""
    page = re.sub(r"base64,[A-Za-z0-9+/=]+", "", page)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def _audit_page() -> str:
    return render_html(_audit())


def _card() -> str:
    return render_model_card(_audit())


def _notebook() -> str:
    result = _audit()
    return result._repr_html_() + result.comparisons[0]._repr_html_()


def _compare_page() -> str:
    y, pred, groups = _data()
    comp = compare(y, pred, 1 - pred, groups, reference=REF, n_boot=100)
    return render_html(build_comparison_report(comp)) + comp._repr_html_()


def _threshold_page() -> str:
    y, pred, groups = _data()
    score = np.clip(pred * 0.5 + np.random.default_rng(2).random(len(y)) * 0.5, 0, 1)
    tt = threshold_table(y, score, groups, reference=REF, n_boot=100, step=0.5)
    return render_html(build_threshold_report(tt))


FACES = {
    "audit html": _audit_page,
    "model card": _card,
    "notebook": _notebook,
    "compare html": _compare_page,
    "threshold html": _threshold_page,
}


@pytest.mark.parametrize("face", FACES.values(), ids=FACES.keys())
def test_spaced_names_read_apart_on_every_html_face(face):
    page = face()
    said = page if face is _card else _text(page)
    assert "'e ' vs ' d'" in said or "'e ': " in said, said[:3000]
    assert "' d'" in said
    # the bare forms a browser shows as the groups 'e' and 'd'
    for bare in ("e vs d", "g:e ", "g: e ", "reference d ", "reference: d)"):
        assert bare not in said.replace("'e '", "E").replace("' d'", "D"), bare
    assert "<script" not in page.lower()  # still escaped: nothing of the names marked safe


def test_the_audit_report_names_each_headline_and_flag_quoted():
    said = _text(_audit_page())
    assert "Lowest (least fair) comparison: g:'e '." in said
    assert "At g:'e ':" in said
    assert "g: reference ' d' (given)" in said
    assert "g (reference: ' d')" in said
    assert "g:'e ' vs ' d' (disadvantaged: 'e '):" in said  # the flag list
    assert "PPV (precision): ' d' 0." in said  # a chart's words
    assert "- g: reference ' d' (given); groups ' d' (n=" in _card()


def test_the_json_keeps_the_raw_names():
    data = json.loads(_audit().to_json())
    assert {(c["group"], c["reference"]) for c in data["comparisons"]} == {("e ", " d")}


def test_an_escaped_name_stays_escaped_when_quoted():
    y, pred, groups = _data()
    groups["g"] = groups["g"].map({" d": " <b>d", "e ": "e "})
    page = render_html(audit(y, pred, groups, reference={"g": " <b>d"}, n_boot=100))
    assert "<b>d" not in page
    assert "&#39; &lt;b&gt;d&#39;" in page


def test_the_monitor_dashboard_and_web_lines_quote_spaced_names():
    from ethiclens.monitor._render import absent_text, trend_text
    from ethiclens.web._routes_audit import _flagged_shown, _plain_lines
    from ethiclens.web._web import named_form

    data = json.loads(_audit().to_json())
    lines = _plain_lines(data, "audit")
    assert [str(x["what"]) for x in lines] == ["g: 'e ' vs ' d'"]
    assert str(_flagged_shown(data, "audit")) == "g:'e ' vs ' d' (disadvantaged: 'e ')"
    assert named_form(" d") == "' d'" and named_form("d") == "d"
    c = {
        "attribute": "g",
        "group": "e ",
        "reference": " d",
        "history": [{"window": 1, "status": "ONE_GROUP", "reason": "the reference group has 0"}],
    }
    assert absent_text(c) == "' d' has no rows in window 1 (ONE_GROUP)"
    doc = {"request": {}, "comparisons": [c]}
    c["history"] = []
    assert trend_text(doc, c) == "Trend plot of g: 'e ' vs ' d': no window yet."


def test_a_withheld_headline_and_its_hint_name_spaced_groups_as_typed_back():
    """The withheld minimum DI's 'Affected:' on the HTML card and the model card named the
    group bare ('g:e '), and the hint's '--protected g=e ' lost the space when followed (the
    option strips a group not in double quotes): now g:'e ' and --protected 'g="e "'."""
    y, pred, groups = _data()
    pred = np.where(groups["g"] == " d", 0, pred)  # the reference never selected
    result = audit(y, pred, groups, reference=REF, n_boot=100)
    said = _text(render_html(result))
    assert "Affected: g:'e '." in said
    assert """e.g. --protected 'g="e "'""" in said
    card = render_model_card(result)
    assert "Affected: g:'e '." in card
    assert """e.g. --protected 'g="e "'""" in card


def test_the_settings_name_a_spaced_group_edit_and_its_json_key_apart():
    """The report's settings list headed a merge into ' ef' 'g: groups merged into  ef' (read
    'ef') and mapped it to the JSON as 'merge_groups.g. ef'; now ' ef' quoted, and the key
    as a signer finds it: merge_groups.g[" ef"]."""
    y, pred, groups = _data()
    groups["g"] = np.where(np.arange(len(y)) % 3 == 0, "f ", groups["g"])
    merge = {"g": {" ef": ["e ", "f "]}}
    said = _text(render_html(audit(y, pred, groups, reference=REF, n_boot=100, merge_groups=merge)))
    assert "g: groups merged into ' ef' " in said
    assert """g: groups merged into ' ef' = merge_groups.g[" ef"]""" in said


def test_the_threshold_chart_labels_quote_spaced_names():
    """The threshold chart's legend and verdict strip wrote 'e  vs  d' (a chart shows no
    leading space): now 'e ' vs ' d', as its table says it."""
    from ethiclens.report._threshold_plot import threshold_figure

    y, pred, groups = _data()
    score = np.clip(pred * 0.5 + np.random.default_rng(2).random(len(y)) * 0.5, 0, 1)
    tt = threshold_table(y, score, groups, reference=REF, n_boot=100, step=0.5)
    fig = threshold_figure(tt)
    texts = {t.get_text() for ax in fig.axes for t in ax.get_yticklabels()}
    texts |= {t.get_text() for ax in fig.axes if ax.get_legend() for t in ax.get_legend().texts}
    assert "'e ' vs ' d'" in texts, texts
    assert "' d'" in texts, texts


def test_the_p2nia_estimate_page_quotes_a_spaced_group():
    """The estimate page's groups table showed ' d' bare (read 'd')."""
    from ethiclens.report import estimate_html

    values = {"dp": {"value": 0.1, "ci_low": 0.0, "ci_high": 0.2, "status": "PASS", "reason": ""}}
    groups = [{"group": " d", "n_estimated": 120.0}, {"group": "d", "n_estimated": 80}]
    document = {"groups": groups}
    said = _text(estimate_html("t", "b", values, "m", document))
    assert "' d' 120" in said and " d 80" in said, said


def test_a_chart_names_a_spaced_attribute_quoted():
    """The PPV/FPR chart's words and title named an attribute ' g' bare ('Bar chart for  g.',
    read 'g'): now ' g' quoted, as the report's headings say it."""
    from ethiclens.report._plots import ppv_fpr_figure

    y, pred, groups = _data()
    result = audit(y, pred, groups.rename(columns={"g": " g"}), n_boot=100)
    attr = result.attributes[0]
    fig, alt, _ = ppv_fpr_figure(attr.name, attr.groups)
    assert alt.startswith("Bar chart for ' g'. "), alt
    assert fig.axes[0].get_title().startswith("' g': PPV and FPR"), fig.axes[0].get_title()
