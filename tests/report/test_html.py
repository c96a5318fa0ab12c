"""The HTML report: self-contained, escaped, complete; checked in a real headless Chromium."""

import json
import os
import re
import shutil

import numpy as np
import pytest

import ethiclens
from ethiclens.datasets import load_compas
from ethiclens.models import train_standard_model
from ethiclens.report import render_html, render_model_card, write_atomic
from ethiclens.report._provenance import benchmark_provenance


@pytest.fixture(scope="module")
def compas_result():
    ds = load_compas()
    run = train_standard_model(ds, seed=0)
    return ethiclens.audit(
        run.y_test.reset_index(drop=True),
        run.y_pred,
        run.protected_test,
        y_score=run.y_score,
        reference=ds.reference,
        positive_is_favorable=False,
        n_boot=500,
        random_state=0,
        reference_source="dataset default",
        provenance=benchmark_provenance(ds, run.description, standard_model=True),
    )


@pytest.fixture(scope="module")
def compas_html(compas_result):
    """``compas_result``'s report, rendered once (the tests below only read it)."""
    return render_html(compas_result)


@pytest.fixture(scope="module")
def nasty_result():
    """Group names that are HTML and Markdown syntax."""
    rng = np.random.default_rng(0)
    names = np.array(["<script>alert(1)</script>", "a|b", "*bold*"])
    g = names[rng.integers(0, 3, 3000)]
    y = rng.integers(0, 2, 3000)
    p = (rng.random(3000) < np.where(g == "a|b", 0.2, 0.5)).astype(int)
    return ethiclens.audit(y, p, {"grp<&>": g}, n_boot=200, random_state=0)


def test_html_is_self_contained(compas_html):
    html = compas_html
    assert "<script" not in html.lower()
    assert not re.search(r"""(src|href)\s*=\s*['"]?(https?:)?//""", html, re.I)
    assert "@import" not in html and "url(http" not in html
    assert "Content-Security-Policy" in html


def test_html_has_every_required_part(compas_result, compas_html):
    html = compas_html
    for heading in (
        "Summary",
        "Every comparison",
        "DI and equalized odds with their intervals",
        "PPV and FPR side by side",
        "Calibration by group",
        "Significance of selection-rate gaps",
        "Sample sizes and floors",
        "Model and intended use",
        "Limitations",
        "Data, model and run provenance",
    ):
        assert f">{heading}</h2>" in html
    assert "impossibility theorem" in html
    assert html.count("<img src='data:image/svg+xml;base64,") >= 5
    assert all("alt='" in part for part in html.split("<img ")[1:])
    assert f"seed {compas_result.config['random_state']}" in html
    assert "Withheld" in html  # COMPAS has two tiny race groups: both headlines withheld


def test_benchmark_report_text_and_rule(compas_html):
    html = compas_html
    limitations = html.split(">Limitations</h2>")[1].split("</section>")[0]
    assert "re-arrest" in limitations  # COMPAS's own caveat, from its provenance
    assert "A benchmark model trained by EthicLens" in html
    assert "Caucasian (dataset default)" in html and "(given)" not in html
    assert "entirely outside [0.80, 1.25]" in html  # the DI rule used is stated
    assert "(disadvantaged: African-American)" in html
    for flag in ("--merge-groups", "--exclude-group", "--min-group-size"):
        assert flag in html  # the withheld headline says what to do


def test_below_floor_cells_are_greyed_without_interval(compas_result, compas_html):
    html = compas_html
    asian = compas_result.comparison("race", "Asian").metrics["disparate_impact"]
    assert asian.ci_low is None
    cell = html.split(f"<span class='below-floor'>{asian.value:.3f}<br><small>")[1]
    assert cell.split("</small>")[0].startswith("n = 7")
    card = render_model_card(compas_result)
    row = next(x for x in card.splitlines() if x.startswith("| Asian | 7/"))
    assert f"{asian.value:.3f} — n = 7" in row and "below the floor of 100" in row


def test_an_estimate_outside_its_interval_prints_the_reason():
    from ethiclens.fairness import MetricEstimate
    from ethiclens.report._audit_report import estimate_cell, fmt_estimate

    inside = MetricEstimate(0.5, 0.4, 0.6, "jeffreys", "PASS")
    assert fmt_estimate(inside) == "0.500 [0.400, 0.600]"
    odd = MetricEstimate(0.004, 0.007, 0.124, "folded interval: |gap| near 0", "REPORTED")
    assert fmt_estimate(odd) == (
        "0.004 [0.007, 0.124] (estimate outside its interval: folded interval: |gap| near 0)"
    )
    assert "estimate outside its interval" in estimate_cell(odd)


def test_group_names_are_escaped(nasty_result):
    html = render_html(nasty_result)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "grp&lt;&amp;&gt;" in html
    card = render_model_card(nasty_result)
    assert "<script>" not in card
    assert r"\<script\>alert\(1\)\</script\>" in card
    assert r"a\|b" in card and r"\*bold\*" in card
    for line in card.splitlines():  # escaped pipes never add table columns
        if line.startswith("| a"):
            assert line.count(" | ") == card.splitlines()[card.splitlines().index(line) - 1].count(
                " | "
            )


def test_model_card_has_mitchell_sections_with_real_numbers(compas_result):
    card = render_model_card(compas_result)
    for section in (
        "## Model details",
        "## Intended use",
        "## Factors",
        "## Metrics",
        "## Evaluation data",
        "## Quantitative analyses",
        "## Ethical considerations",
        "## Caveats and recommendations",
    ):
        assert section in card
    aa = compas_result.comparison("race", "African-American")
    di = aa.metrics["disparate_impact"]
    assert f"{di.value:.3f} [{di.ci_low:.3f}, {di.ci_high:.3f}]" in card.replace("\\", "")
    assert f"n={aa.n['group']}" in card
    assert "Flagged: race:African-American vs Caucasian" in card  # the flag and its reason
    assert aa.flag_reason in card.replace("\\", "")


def test_withheld_composite_is_explained_not_shown_as_a_number(compas_result, compas_html):
    card = render_model_card(compas_result)
    line = next(x for x in card.splitlines() if x.startswith("**Composite bias score"))
    assert "withheld" in line and "Affected: race:Asian" in line
    assert not re.search(r"Composite bias score: \d", card)
    html = compas_html
    assert "Composite bias score</div><div class='value'>Withheld" in html


def test_atomic_write_errors_leave_nothing(tmp_path, monkeypatch):
    with pytest.raises(ethiclens.EthicLensInputError, match="does not exist"):
        write_atomic(tmp_path / "nope" / "r.html", "x")
    monkeypatch.setattr(os, "access", lambda *a, **k: False)
    with pytest.raises(ethiclens.EthicLensInputError, match="no permission"):
        write_atomic(tmp_path / "r.html", "x")
    assert list(tmp_path.iterdir()) == []


def test_failed_write_keeps_previous_report(tmp_path, monkeypatch):
    target = tmp_path / "r.html"
    target.write_text("previous")

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    # An OSError, or the one-line input error it is turned into for the CLI.
    with pytest.raises((OSError, ethiclens.EthicLensInputError)):
        write_atomic(target, "new content")
    assert target.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]


# --- the real browser -----------------------------------------------------------------------

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")


@pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER) and not os.environ.get("CI"),
    reason="chromium/chromedriver not installed (make test installs them)",
)
def test_report_in_headless_chromium(compas_result, compas_html, tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    page = tmp_path / "compas.html"
    write_atomic(page, compas_html)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--window-size=1280,1600",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.get(page.as_uri())
        console = driver.get_log("browser")
        errors = [e for e in console if e["level"] in ("SEVERE", "ERROR")]
        assert errors == []
        requests = []  # (document that asked, url); chrome:// pages are the browser's own
        for entry in driver.get_log("performance"):
            msg = json.loads(entry["message"])["message"]
            if msg["method"] == "Network.requestWillBeSent":
                params = msg["params"]
                requests.append((params.get("documentURL", ""), params["request"]["url"]))
        ours = [url for doc, url in requests if doc == page.as_uri()]
        assert ours and all(url.startswith(("file:", "data:")) for url in ours)
        assert not [url for _, url in requests if url.startswith(("http", "ws"))]
        headline = driver.find_element(By.CSS_SELECTOR, ".headline").text
        assert "COMPOSITE BIAS SCORE" in headline.upper() and "Withheld" in headline
        # COMPAS's label is harmful: the headline is the largest disparity, not the minimum DI
        assert "LARGEST DISPARITY" in headline.upper() and "African-American" in headline
        verdict = driver.find_element(By.CSS_SELECTOR, "#verdict").text
        assert "Of 6 comparisons" in verdict and "Hispanic" in verdict
        rows = driver.find_elements(By.CSS_SELECTOR, "#comparisons tbody tr:not(.note)")
        row_text = [r.text for r in rows]
        for c in compas_result.comparisons:
            assert any(t.startswith(c.group) for t in row_text), c.group
        assert len(rows) == len(compas_result.comparisons)
        images = driver.find_elements(By.CSS_SELECTOR, "figure img")
        assert images and all(
            driver.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0", im
            )
            for im in images
        )
        shot = tmp_path / "compas-report.png"
        driver.set_window_size(1280, driver.execute_script("return document.body.scrollHeight"))
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 50_000
    finally:
        driver.quit()


def test_captions_and_headers_state_the_results_confidence_level():
    """A 90% audit is not labelled 95% anywhere: the report's captions, the figures' alt text
    and the terminal table say the level the intervals were drawn at (round 4)."""
    import re

    import numpy as np

    import ethiclens
    from ethiclens.report import render_html
    from ethiclens.report._terminal import terminal_summary

    r = np.random.default_rng(0)
    n = 2000
    y, p, g = r.integers(0, 2, n), r.integers(0, 2, n), r.choice(["a", "b"], n)
    result = ethiclens.audit(y, p, {"g": g}, confidence_level=0.9, n_boot=200)
    html = render_html(result)
    assert set(re.findall(r"\d+% (?:CI|interval)", html)) == {"90% CI", "90% interval"}
    (table,) = [block for block in terminal_summary(result) if hasattr(block, "columns")]
    headers = [column.header for column in table.columns]
    assert "DI [90% CI]" in headers and not any("95%" in h for h in headers)
