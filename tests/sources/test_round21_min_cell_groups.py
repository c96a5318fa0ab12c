"""A group ``--min-cell`` drops whole is suppressed, never silently gone (round 21).

The counts table's metadata names (names only, no counts) each attribute's groups that lost
every cell; ``counts`` says so, and the audit reports each as an INSUFFICIENT_DATA comparison
"suppressed by --min-cell K", so headlines the row audit withholds stay withheld. A reference
or a lone group left by the suppression is refused in its words; a table written before the
record audits as it did.
"""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.sources import read_counts

ROLES = ["--y-true", "y", "--y-pred", "pred"]


@pytest.fixture
def data(tmp_path):
    rng = np.random.default_rng(0)
    race = ["A"] * 600 + ["B"] * 396 + ["D"] * 4
    y = rng.integers(0, 2, len(race))
    pred = rng.integers(0, 2, len(race))
    y[-4:], pred[-4:] = [1, 1, 1, 0], [1, 0, 1, 1]  # D: three small cells
    path = tmp_path / "small.csv"
    pd.DataFrame({"race": race, "y": y, "pred": pred}).to_csv(path, index=False)
    return path


def _count(data, out, min_cell, capsys):
    args = ["counts", str(data), *ROLES, "--protected", "race", "--min-cell", str(min_cell)]
    assert main([*args, "--out", str(out)]) == 0
    return capsys.readouterr().out


def _audit(table, capsys, *extra):
    args = ["audit", "--counts", str(table), *ROLES, "--protected", "race", "--n-boot", "200"]
    code = main([*args, *extra])
    return code, capsys.readouterr()


def test_suppressed_group_is_named_and_withholds_headlines(data, tmp_path, capsys):
    table = tmp_path / "cs.parquet"
    line = _count(data, table, 3, capsys)
    assert "every cell of race D" in line and "suppressed by --min-cell 3" in line
    assert read_counts(table).attrs["ethiclens_suppression"]["suppressed_groups"] == {"race": ["D"]}
    out = tmp_path / "r.json"
    html, card = tmp_path / "r.html", tmp_path / "card.md"
    code, got = _audit(table, capsys, "--json", str(out), "--html", str(html))
    assert code == 0, got.err
    assert "race: D vs A" in got.out and "suppressed/600" in got.out
    assert "Composite bias score: withheld" in got.out and "Minimum DI: withheld" in got.out
    assert "belong to (attributes race)" in got.out  # the dropped-cells sentence: its attribute
    assert "race:D was suppressed by --min-cell when counted" in " ".join(got.out.split())
    report = json.loads(out.read_text())
    d = next(c for c in report["comparisons"] if c["group"] == "D")
    assert d["status"] == "INSUFFICIENT_DATA" and d["n"]["group"] is None
    assert d["metrics"]["disparate_impact"]["reason"].startswith("suppressed by --min-cell 3")
    assert report["headlines"]["composite"]["value"] is None
    assert report["headlines"]["min_disparate_impact"]["value"] is None
    assert "suppressed by --min-cell 3" in html.read_text()
    code, got = _audit(table, capsys, "--model-card", str(card))
    assert code == 0 and "suppressed/600" in card.read_text()


def test_reference_naming_a_suppressed_group_is_refused(data, tmp_path, capsys):
    table = tmp_path / "cs.parquet"
    _count(data, table, 3, capsys)
    args = ["audit", "--counts", str(table), *ROLES, "--protected", "race=D", "--n-boot", "200"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "'D'" in err and "suppressed by --min-cell 3" in err and "unknown" not in err


def test_single_group_left_by_the_suppression_says_so(data, tmp_path, capsys):
    table = tmp_path / "c110.parquet"
    line = _count(data, table, 125, capsys)
    assert "race B, D" in line
    args = ["audit", "--counts", str(table), *ROLES, "--protected", "race", "--n-boot", "200"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "single group 'A'" in err and "suppressed by --min-cell 125" in err
    assert "smaller --min-cell" in err


def test_excluding_a_suppressed_group_is_stated(data, tmp_path, capsys):
    table = tmp_path / "cs.parquet"
    _count(data, table, 3, capsys)
    code, got = _audit(table, capsys, "--exclude-group", "race=D")
    assert code == 0 and "excluded D" in got.out and "D vs A" not in got.out


def test_old_table_without_the_record_audits_as_before(data, tmp_path, capsys):
    table = tmp_path / "cs.csv"
    _count(data, table, 3, capsys)
    side = tmp_path / "cs.csv.ethiclens.json"
    meta = json.loads(side.read_text())
    del meta["ethiclens_suppression"]["suppressed_groups"]
    side.write_text(json.dumps(meta))
    code, got = _audit(table, capsys)
    assert code == 0, got.err
    assert "D vs A" not in got.out and "Composite bias score: 0." in got.out


def test_record_contradicting_the_cells_is_refused(data, tmp_path, capsys):
    table = tmp_path / "cs.csv"
    _count(data, table, 3, capsys)
    side = tmp_path / "cs.csv.ethiclens.json"
    meta = json.loads(side.read_text())
    meta["ethiclens_suppression"]["suppressed_groups"] = {"race": ["B"]}
    side.write_text(json.dumps(meta))
    code, got = _audit(table, capsys)
    assert code == 2 and "suppressed_groups" in got.err and "'B'" in got.err


def test_python_api_reports_the_suppressed_group(data, tmp_path, capsys):
    import ethiclens

    table = tmp_path / "cs.parquet"
    _count(data, table, 3, capsys)
    result = ethiclens.audit_counts(read_counts(table), n_boot=200)
    d = next(c for c in result.comparisons if c.group == "D")
    assert d.status == "INSUFFICIENT_DATA" and d.n["group"] is None
    assert "n = suppressed" in d._repr_html_() and result.composite.value is None


def _crossed(tmp_path):
    """race X: 400 M rows and 5 F rows; race N: 6 rows (dropped whole at --min-cell 10)."""
    rng = np.random.default_rng(1)
    race = ["A"] * 1200 + ["B"] * 1000 + ["X"] * 405 + ["N"] * 6
    sex = ["F", "M"] * 600 + ["F", "M"] * 500 + ["M"] * 400 + ["F"] * 5 + ["F", "M"] * 3
    y, pred = rng.integers(0, 2, len(race)), rng.integers(0, 2, len(race))
    path = tmp_path / "crossed.csv"
    pd.DataFrame({"race": race, "sex": sex, "y": y, "pred": pred}).to_csv(path, index=False)
    return path


def _headlines_and_comparisons(report: dict):
    return (
        report["headlines"]["composite"]["value"] is None,
        report["headlines"]["min_disparate_impact"]["value"] is None,
        sorted(
            (c["attribute"], c["group"], c["status"] == "INSUFFICIENT_DATA")
            for c in report["comparisons"]
        ),
    )


def test_crossing_dropped_whole_is_reported_as_the_row_audit_does(tmp_path, capsys):
    data = _crossed(tmp_path)
    roles = [*ROLES, "--protected", "race", "--protected", "sex"]
    table = tmp_path / "c.csv"
    assert main(["counts", str(data), *roles, "--min-cell", "10", "--out", str(table)]) == 0
    assert "3 crossing(s) of race&sex lost every cell" in capsys.readouterr().out
    rec = read_counts(table).attrs["ethiclens_suppression"]["suppressed_crossings"]
    assert rec["attributes"] == ["race", "sex"] and ["X", "F"] in rec["groups"]
    assert all(len(g) == 2 for g in rec["groups"])  # names only: no counts
    got = {}
    for name, src in (("rows", [str(data)]), ("table", ["--counts", str(table)])):
        out = tmp_path / f"{name}.json"
        args = ["audit", *src, *roles, "--intersect", "race,sex", "--n-boot", "200"]
        assert main([*args, "--json", str(out)]) == 0
        printed = " ".join(capsys.readouterr().out.split())
        got[name] = _headlines_and_comparisons(json.loads(out.read_text()))
    assert got["table"] == got["rows"]
    assert got["table"][0] and got["table"][1]  # both headlines withheld, as the rows'
    assert "race&sex: X&F vs A&F" in printed and "suppressed by --min-cell 10" in printed
    assert "no rows for X&F" not in printed
    groups = {g for a, g, _ in got["table"][2] if a == "race&sex"}
    assert {"X&F", "N&F", "N&M"} <= groups


def test_boolean_group_suppressed_round_trips(tmp_path, capsys):
    rb = [False] * 600 + [True] * 4
    sex = ["F", "M"] * 302
    rng = np.random.default_rng(2)
    frame = pd.DataFrame({"rb": rb, "sex": sex, "y": rng.integers(0, 2, 604)})
    frame["pred"] = rng.integers(0, 2, 604)
    data = tmp_path / "b.parquet"
    frame.to_parquet(data)
    for suffix in ("csv", "parquet"):
        table = tmp_path / f"cb.{suffix}"
        args = ["counts", str(data), *ROLES, "--protected", "rb", "--protected", "sex"]
        assert main([*args, "--min-cell", "10", "--out", str(table)]) == 0
        capsys.readouterr()
        gone = read_counts(table).attrs["ethiclens_suppression"]["suppressed_groups"]
        assert [str(g) for g in gone["rb"]] == ["True"]
        code = main(
            ["audit", "--counts", str(table), *ROLES, "--protected", "sex", "--n-boot", "200"]
        )
        assert code == 0, capsys.readouterr().err


def test_excluded_suppressed_group_and_card_say_suppressed(data, tmp_path, capsys):
    table = tmp_path / "cs.csv"
    _count(data, table, 3, capsys)
    code, got = _audit(table, capsys, "--exclude-group", "race=D")
    assert code == 0, got.err
    text = " ".join(got.out.split())
    assert "race D was dropped (suppressed by --min-cell 3): excluded, as asked" in text
    assert "reported as INSUFFICIENT_DATA" not in text
    card = tmp_path / "card.md"
    code, got = _audit(table, capsys, "--model-card", str(card))
    assert code == 0, got.err
    words = " ".join(card.read_text().split())
    assert "Not reported: race:D, suppressed by --min-cell" in words
    assert "smaller --min-cell" in words and "Collect more evaluation data" not in words


@pytest.mark.parametrize("edit", [["--merge-groups", "race=B,X:BX"], ["--exclude-group", "race=X"]])
def test_lost_crossing_goes_through_merges_and_exclusions(edit, tmp_path, capsys):
    data = _crossed(tmp_path)
    roles = [*ROLES, "--protected", "race", "--protected", "sex", "--intersect", "race,sex"]
    table = tmp_path / "c.parquet"
    args = ["counts", str(data), *ROLES, "--protected", "race", "--protected", "sex"]
    assert main([*args, "--min-cell", "10", "--out", str(table)]) == 0
    got = {}
    for name, src in (("rows", [str(data)]), ("table", ["--counts", str(table)])):
        out = tmp_path / f"{name}.json"
        assert main(["audit", *src, *roles, *edit, "--n-boot", "200", "--json", str(out)]) == 0
        got[name] = _headlines_and_comparisons(json.loads(out.read_text()))
    capsys.readouterr()
    assert got["table"] == got["rows"]
    assert "X&F" not in {g for _, g, _ in got["table"][2]}


def test_wrong_type_of_exclusion_is_refused_in_words(data, tmp_path, capsys):
    from ethiclens import EthicLensInputError
    from ethiclens.fairness import audit_counts

    table = tmp_path / "cs.parquet"
    _count(data, table, 3, capsys)
    with pytest.raises(EthicLensInputError, match="exclude_groups"):
        audit_counts(read_counts(table), protected=["race"], exclude_groups=["D"])
