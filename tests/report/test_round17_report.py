"""Round 17: the report states the policy it applied, and says what the JSON says.

The minimum-DI note and every flag line use the run's DI threshold and rule (not a fixed 80%);
compare and thresholds reports carry the audit's run record; page one names an undefined EO with
its reason; the compare report writes an undefined value "undefined"; a sign-off date read as a
number is told its form (YYYY-MM-DD), not to be quoted.
"""

import hashlib
import re

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import Policy
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.report import load_card_info, render_html, render_model_card
from ethiclens.report._compare_report import build_comparison_report
from ethiclens.report._threshold_report import build_threshold_report


def _section(html: str, name: str) -> str:
    return re.search(rf"<section id=\"{name}\">(.*?)</section>", html, re.S).group(1)


def _rows(n=2000, seed=0):
    """g: B selected at about 68% of A's rate; y, a score and a second model."""
    rng = np.random.default_rng(seed)
    g = np.repeat(["A", "B"], n // 2)
    y = rng.integers(0, 2, n)
    pred = (rng.random(n) < np.where(g == "A", 0.5, 0.34)).astype(int)
    score = np.clip(rng.random(n) * 0.6 + 0.4 * pred, 0, 1)
    return rng, g, y, pred, score


@pytest.mark.parametrize(
    ("policy", "line"),
    [
        (Policy(di_threshold=0.6), "a DI interval entirely outside [0.60, 1.6666…] is flagged"),
        (Policy(di_threshold=0.75), "a DI interval entirely outside [0.75, 1.3333…] is flagged"),
        (Policy(di_threshold=0.6, di_rule="below"), "a DI interval entirely below 0.60 is flagged"),
    ],
)
def test_the_minimum_di_note_states_the_policys_own_line(policy, line):
    _, g, y, pred, _ = _rows()
    result = ethiclens.audit(y, pred, {"g": g}, policy=policy, n_boot=100, random_state=0)
    assert not result.min_disparate_impact.withheld
    summary = _section(render_html(result), "summary")
    assert line in summary
    assert "80%" not in summary
    card = render_model_card(result)
    note = next(ln for ln in card.splitlines() if ln.startswith("**Minimum DI"))
    assert line.replace("[", r"\[").replace("]", r"\]") in note
    assert "80%" not in note


def test_the_threshold_view_states_a_one_sided_rule_as_one_sided():
    _, g, y, _, score = _rows()
    policy = Policy(di_threshold=0.6, di_rule="below")
    tt = ethiclens.threshold_table(y, score, {"g": g}, policy=policy, n_boot=100)
    about = _section(build_threshold_report(tt).to_html(), "about")
    assert "DI is flagged when its interval lies entirely below 0.60" in about
    assert "1.67" not in about


@pytest.fixture(scope="module")
def csv_run(tmp_path_factory):
    """A CSV whose name needs escaping, with two models and a score."""
    rng, g, y, pred, score = _rows(600)
    folder = tmp_path_factory.mktemp("run")
    data = folder / "d<b>&.csv"
    pred2 = (rng.random(len(g)) < 0.45).astype(int)
    frame = {"label": y, "pred": pred, "pred2": pred2, "score": score, "race": g}
    pd.DataFrame(frame).to_csv(data, index=False)
    return folder, data


@pytest.mark.parametrize(
    ("command", "roles"),
    [
        ("compare", ["--y-pred", "pred", "--y-pred", "pred2"]),
        ("thresholds", ["--y-score", "score"]),
    ],
)
def test_compare_and_thresholds_reports_carry_the_run_record(csv_run, command, roles):
    folder, data = csv_run
    html = folder / f"{command}.html"
    argv = [command, str(data), "--y-true", "label", "--protected", "race", *roles]
    assert main([*argv, "--n-boot", "100", "--html", str(html)]) == 0
    record = _section(html.read_text(), "run")
    assert hashlib.sha256(data.read_bytes()).hexdigest() in record
    assert "d&lt;b&gt;&amp;.csv" in record and "d<b>" not in record  # escaped
    for item in ("generated (UTC)", "numpy version", "engine", "seed"):
        assert item in record
    assert f"ethiclens {command} --config {command}.yaml --json check.json" in record
    assert "y_true: label" in record  # the request


def test_page_one_names_an_undefined_eo_with_its_reason():
    """B has no positive labels: EO is undefined while DI is what decides the status."""
    rng = np.random.default_rng(0)
    n = 2000
    g = rng.choice(["A", "B"], n, p=[0.8, 0.2])
    y = rng.integers(0, 2, n)
    y[g == "B"] = 0
    pred = (rng.random(n) < np.where(g == "A", 0.5, 0.4)).astype(int)
    result = ethiclens.audit(y, pred, {"g": g}, n_boot=100, random_state=0)
    (c,) = result.comparisons
    assert c.status != "UNDEFINED"
    assert c.metrics["equalized_odds_difference"].status == "UNDEFINED"
    page_one = _section(render_html(result), "verdict")
    assert "EO is undefined: TPR undefined for &#39;B&#39; (no positive labels)" in page_one


def test_the_compare_report_writes_an_undefined_value_undefined():
    """Model A never predicts B positive: its false discovery rate for B is undefined."""
    rng, g, y, pred, _ = _rows(1000)
    pred_a = np.where(g == "B", 0, pred)
    comp = ethiclens.compare(y, pred_a, pred, {"g": g}, n_boot=100, random_state=0)
    fdr = next(
        d for d in comp.group_differences if d.group == "B" and d.metric == "false_discovery_rate"
    )
    assert fdr.value_a is None and fdr.value_b is not None
    table = _section(build_comparison_report(comp).to_html(), "group-differences")
    # the metric in the report's words (its registry label, 'FDR'), the JSON's key above
    row = next(r for r in table.split("<tr") if "B" in r and ">FDR<" in r)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    assert cells[2] == "undefined"
    assert "—" not in cells[2:4]


def test_a_sign_off_date_read_as_a_number_is_told_its_form(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("sign_off:\n  date: 20261201\n")
    with pytest.raises(EthicLensInputError) as err:
        load_card_info(path, "--card-info")
    said = str(err.value)
    assert "quote it" not in said
    assert said.startswith("option '--card-info': sign_off.date is not a calendar date")
    assert said.endswith("Fix: write the day of the sign-off, e.g. date: 2026-12-01 (YYYY-MM-DD)")
    # the form the fix names is accepted, quoted or not
    for written in ("2026-12-01", "'2026-12-01'"):
        path.write_text(f"sign_off:\n  date: {written}\n")
        assert load_card_info(path, "--card-info")["sign_off"]["date"] == "2026-12-01"
