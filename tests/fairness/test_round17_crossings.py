"""Round 17: an intersection's crossings without rows are named (JSON, terminal, HTML), on the
rows and the counts path alike; a merged reference says what was given; compare marks its
absolute differences."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report import render_html, terminal_summary, validate_report


def _frame(n_per_cell=150, seed=0):
    """race A-D x sex F/M with no D&M rows."""
    rng = np.random.default_rng(seed)
    cells = [(r, s) for r in "ABCD" for s in "FM" if (r, s) != ("D", "M")]
    rows = [c for c in cells for _ in range(n_per_cell)]
    race, sex = zip(*rows, strict=True)
    n = len(rows)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "race": race,
            "sex": sex,
        }
    )


def _audit(df):
    return ethiclens.audit(
        df["y"],
        df["p"],
        df[["race", "sex"]],
        intersections=[("race", "sex")],
        n_boot=100,
        random_state=0,
    )


def test_empty_crossing_named_in_json_and_valid():
    result = _audit(_frame())
    report = json.loads(result.to_json())
    validate_report(report)
    by_name = {a["name"]: a for a in report["attributes"]}
    assert by_name["race&sex"]["empty_crossings"] == ["D&M"]
    assert "empty_crossings_not_listed" not in by_name["race&sex"]
    # an attribute with nothing to say keeps its old entry
    assert "empty_crossings" not in by_name["race"]
    assert "empty_crossings" not in by_name["sex"]


def test_counts_path_names_the_same_crossings():
    df = _frame()
    table = (
        df.rename(columns={"y": "y_true", "p": "y_pred"})
        .groupby(["race", "sex", "y_true", "y_pred"])
        .size()
        .reset_index(name="count")
    )
    result = ethiclens.audit_counts(
        table,
        protected=["race", "sex"],
        intersections=[("race", "sex")],
        n_boot=100,
        random_state=0,
    )
    got = {a.name: a.to_dict().get("empty_crossings") for a in result.attributes}
    assert got["race&sex"] == ["D&M"]


def test_many_empty_crossings_are_capped_with_a_count():
    rng = np.random.default_rng(1)
    k = 30  # 30 x 30 crossings of which only the diagonal has rows
    a = np.repeat([f"a{i:02d}" for i in range(k)], 120)
    b = np.repeat([f"b{i:02d}" for i in range(k)], 120)
    n = len(a)
    result = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        pd.DataFrame({"a": a, "b": b}),
        intersections=[("a", "b")],
        n_boot=100,
        random_state=0,
    )
    report = json.loads(result.to_json())
    validate_report(report)
    entry = {x["name"]: x for x in report["attributes"]}["a&b"]
    assert len(entry["empty_crossings"]) == 20
    assert entry["empty_crossings"][0] == "a00&b01"
    assert entry["empty_crossings_not_listed"] == k * k - k - 20
    text = {x.name: x for x in result.attributes}["a&b"].empty_crossings_text
    assert text.endswith(f"and {k * k - k - 20:,} more")


def test_empty_crossing_named_on_terminal_and_html():
    result = _audit(_frame())
    text = "\n".join(_terminal_lines(result))
    assert "race&sex: no rows for D&M" in text
    html = render_html(result)
    assert "race&amp;sex: no rows for D&amp;M" in html


def _terminal_lines(result):
    return [part for part in terminal_summary(result) if isinstance(part, str)]


def test_no_empty_crossing_no_line():
    df = _frame()
    df = df[df["race"] != "D"]
    result = _audit(df)
    assert all(a.empty_crossings_text is None for a in result.attributes)
    assert "no rows for" not in "\n".join(_terminal_lines(result))
    assert "Crossings with no rows" not in render_html(result)


@pytest.mark.parametrize("engine", ["duckdb", "dask"])
def test_engines_name_the_same_crossing(tmp_path, engine):
    pytest.importorskip(engine)
    path = tmp_path / "d.csv"
    _frame().to_csv(path, index=False)
    from ethiclens.cli import main

    out = tmp_path / "r.json"
    rc = main(
        [
            "audit",
            str(path),
            "--engine",
            engine,
            "--y-true",
            "y",
            "--y-pred",
            "p",
            "--protected",
            "race",
            "--protected",
            "sex",
            "--intersect",
            "race,sex",
            "--n-boot",
            "100",
            "--json",
            str(out),
        ]
    )
    assert rc in (0, None)
    report = json.loads(out.read_text())
    entry = {a["name"]: a for a in report["attributes"]}["race&sex"]
    assert entry["empty_crossings"] == ["D&M"]


def test_threshold_view_names_the_empty_crossing(tmp_path):
    from ethiclens.fairness import threshold_table
    from ethiclens.report import threshold_summary, validate_thresholds, write_threshold_html

    df = _frame()
    score = np.random.default_rng(2).random(len(df))
    tt = threshold_table(
        df["y"],
        score,
        df[["race", "sex"]],
        intersections=[("race", "sex")],
        n_boot=100,
        random_state=0,
    )
    assert "race&sex: no rows for D&M" in threshold_summary(tt)
    doc = tt.to_dict()
    assert doc["empty_crossings"] == {"race&sex": {"crossings": ["D&M"]}}
    validate_thresholds(doc)
    path = write_threshold_html(tt, tmp_path / "t.html")
    html = open(path, encoding="utf-8").read()
    assert "race&amp;sex: no rows for D&amp;M" in html


@pytest.fixture(scope="module")
def comparison():
    df = _frame()
    other = np.random.default_rng(3).integers(0, 2, len(df))
    return ethiclens.compare(
        df["y"],
        df["p"],
        other,
        df[["race", "sex"]],
        intersections=[("race", "sex")],
        n_boot=100,
        random_state=0,
    )


def test_compare_marks_absolute_differences_and_keeps_numbers(comparison, tmp_path):
    from ethiclens.report import comparison_summary

    lines = comparison_summary(comparison)
    eo = [x for x in lines if x.lstrip().startswith("Equalized odds difference")]
    di = [x for x in lines if x.lstrip().startswith("Disparate impact")]
    assert eo and all(x.lstrip().startswith("Equalized odds difference (absolute):") for x in eo)
    assert di and all("(absolute)" not in x for x in di)
    assert any(x.startswith("(absolute): the metric is the size of the gap") for x in lines)
    html = _compare_html(comparison, tmp_path)
    assert "FNR difference (absolute)" in html
    assert "Statistical parity difference (absolute)" not in html
    assert "Statistical parity difference" in html
    # the JSON's metric names and numbers are unchanged
    names = {d["metric"] for d in comparison.to_dict()["differences"]}
    assert "fnr_difference" in names and not any("absolute" in n for n in names)


def test_notebook_compare_views_mark_absolute_differences(comparison):
    text = repr(comparison)
    assert "Equalized odds difference (absolute): B − A" in text
    assert "Disparate impact (absolute)" not in text and "Disparate impact: B − A" in text
    page = comparison._repr_html_()
    assert "EO diff B − A (absolute) [CI]" in page and "DI B − A [CI]" in page


def _compare_html(comparison, tmp_path):
    from ethiclens.report import write_comparison_html

    path = write_comparison_html(comparison, tmp_path / "c.html")
    return open(path, encoding="utf-8").read()


def test_compare_names_the_empty_crossing(comparison, tmp_path):
    from ethiclens.report import comparison_summary

    assert "race&sex: no rows for D&M" in comparison_summary(comparison)
    assert "race&amp;sex: no rows for D&amp;M" in _compare_html(comparison, tmp_path)


def test_merged_reference_says_what_was_given(tmp_path, capsys):
    from ethiclens.cli import main

    path = tmp_path / "d.csv"
    _frame().to_csv(path, index=False)
    html, card = tmp_path / "r.html", tmp_path / "card.md"
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "race=A"]
    args += ["--merge-groups", "race=A,B:AB", "--n-boot", "100"]
    rc = main([*args, "--html", str(html), "--model-card", str(card)])
    assert rc in (0, None)
    out = capsys.readouterr().out
    assert "race: reference group AB (given as A, merged into AB)" in out
    assert "race: reference AB (given as A, merged into AB)" in html.read_text(encoding="utf-8")
    assert "reference AB (given as A, merged into AB)" in card.read_text(encoding="utf-8")


def test_reference_given_as_the_merged_group_stays_given(tmp_path, capsys):
    from ethiclens.cli import main

    path = tmp_path / "d.csv"
    _frame().to_csv(path, index=False)
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "race=AB"]
    rc = main([*args, "--merge-groups", "race=A,B:AB", "--n-boot", "100"])
    assert rc in (0, None)
    out = capsys.readouterr().out
    assert "race: reference group AB (given)" in out


def test_notebook_views_name_the_empty_crossing():
    result = _audit(_frame())
    assert "  race&sex: no rows for D&M" in repr(result).splitlines()
    assert "race&amp;sex: no rows for D&amp;M" in result._repr_html_()
