"""Tester round 8: group labels are labels (a long one is refused everywhere, never laid out
for minutes); counts tables read and checked as the rows are (groups as written, a missing
column named, booleans no counts); ``ethiclens counts`` checks its roles as ``audit`` does;
weighted resampling intervals read the rows."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = ["--y-true", "label", "--y-pred", "pred"]
ENGINES = ["pandas", "duckdb"]


def _rows(n: int = 600, groups=("A", "B", "C")) -> pd.DataFrame:
    rng = np.random.default_rng(8)
    return pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(list(groups), n),
            "w": rng.choice([0.5, 1.0, 1.5, 2.0], n) + rng.random(n) / 8,
        }
    )


def _csv(tmp_path, frame, name="rows.csv"):
    path = tmp_path / name
    frame.to_csv(path, index=False)
    return str(path)


def _error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


# -- 1. group labels are labels -----------------------------------------------------------------


def _long_label_rows() -> pd.DataFrame:
    f = _rows()
    f.loc[4, "race"] = "x" * 257
    return f


LONG = "1 group value(s) longer than 256 characters (the longest has 257)"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_long_group_label_is_refused_naming_its_line(tmp_path, capsys, engine):
    path = _csv(tmp_path, _long_label_rows())
    flags = [*ROLES, "--protected", "race", "--n-boot", "200", "--engine", engine]
    assert main(["audit", path, *flags]) == 2
    assert _error(capsys) == (
        f"error: column 'race': {LONG}, first at rows.csv line 6. Fix: a protected attribute "
        "holds short group labels: map its values to labels first (e.g. codes or categories), "
        "or choose another column"
    )


def test_every_python_entry_refuses_a_long_label():
    f = _long_label_rows()
    f["pred_b"] = 1 - f["pred"]
    f["score"] = np.linspace(0, 1, len(f))
    table = ethiclens.sources.counts_of(f, ethiclens.sources.Roles("pred", ["race"], "label"))
    calls = [
        lambda: ethiclens.audit(f.label, f.pred, f[["race"]], n_boot=200),
        lambda: ethiclens.audit_counts(table, n_boot=200),
        lambda: ethiclens.compare(f.label, f.pred, f.pred_b, f[["race"]], n_boot=200),
        lambda: ethiclens.threshold_table(f.label, f.score, f[["race"]]),
    ]
    for call in calls:
        with pytest.raises(EthicLensInputError, match=r"column 'race': 1 group value\(s\) longer"):
            call()


def test_a_label_at_the_limit_is_audited():
    f = _rows()
    f["race"] = f["race"].map(lambda g: g * 256)
    result = ethiclens.audit(f.label, f.pred, f[["race"]], n_boot=200)
    assert {len(g.group) for g in result.attributes[0].groups} == {256}


def test_the_console_never_highlights_user_text():
    # rich's highlighter is quadratic in a long string (17 s for one 20 KB group name)
    from ethiclens._text import safe_console

    console = safe_console(force_terminal=True)
    assert console.render_str("group 'A' of 1,234 rows (0.5)").spans == []


# -- 2. counts tables read and checked as rows are ------------------------------------------


def _count(tmp_path, rows_csv, out="counts.csv", *more):
    return main(["counts", rows_csv, *ROLES, "--protected", "race", *more, "--out", out])


@pytest.mark.parametrize("groups", [("01", "02", "03"), ("01", "1", "001")])
def test_a_csv_counts_table_keeps_groups_as_written(tmp_path, groups):
    rows = _csv(tmp_path, _rows(groups=groups))
    counts = str(tmp_path / "counts.csv")
    assert _count(tmp_path, rows, counts) == 0
    reports = []
    for target in ([rows, *ROLES, "--protected", "race"], ["--counts", counts]):
        out = tmp_path / "r.json"
        assert main(["audit", *target, "--n-boot", "200", "--json", str(out)]) == 0
        reports.append(json.loads(out.read_text())["attributes"])
    assert reports[0] == reports[1]
    assert sorted(g["group"] for g in reports[0][0]["groups"]) == sorted(groups)


def _counts_table(tmp_path) -> str:
    rows = _csv(tmp_path, _rows())
    counts = str(tmp_path / "counts.csv")
    assert _count(tmp_path, rows, counts) == 0
    return counts


@pytest.mark.parametrize("column", ["count", "y_pred", "race"])
def test_a_counts_table_without_a_column_names_it_on_every_face(tmp_path, capsys, column):
    counts = _counts_table(tmp_path)
    table = pd.read_csv(counts).drop(columns=column)
    table.to_csv(counts, index=False)  # its metadata still declares race
    said = " (it declares the attributes race)" if column == "race" else ""
    words = f"column '{column}': missing from the counts table{said}"
    assert main(["audit", "--counts", counts]) == 2
    assert words in _error(capsys)
    for read in (ethiclens.audit_counts, ethiclens.sources.read_counts):
        with pytest.raises(EthicLensInputError, match=re.escape(words)):
            read(counts)


def test_a_python_table_without_count_says_so():
    table = pd.DataFrame({"race": ["A", "B"], "y_pred": [0, 1]})
    with pytest.raises(EthicLensInputError, match="column 'count': missing from the counts"):
        ethiclens.audit_counts(table, protected=["race"])


@pytest.mark.parametrize("count", [True, np.True_])
def test_a_boolean_count_is_refused_in_python_as_in_the_cli(tmp_path, count):
    table = ethiclens.sources.read_counts(_counts_table(tmp_path))
    column = table["count"].astype(object)
    column.iloc[0] = count
    with pytest.raises(EthicLensInputError, match="counts must be whole numbers >= 0"):
        ethiclens.audit_counts(table.assign(count=column), protected=["race"])
    with pytest.raises(EthicLensInputError, match="counts must be whole numbers >= 0"):
        ethiclens.audit_counts(table.assign(count=True), protected=["race"])


def test_bins_on_a_counts_table_name_the_column_and_its_kind(tmp_path, capsys):
    counts = _counts_table(tmp_path)
    assert main(["audit", "--counts", counts, "--bins", "race=0,1"]) == 2
    # the cells are written sorted, so the "first" group is the same on every run and engine
    assert _error(capsys).startswith(
        "error: column 'race': holds non-numeric values (first: 'A'); only numbers can be binned"
    )
    assert main(["audit", "--counts", counts, "--bins", "age=0,1"]) == 2
    assert "bin one of race" in _error(capsys)


# -- 3. ethiclens counts checks its roles as the audit does ---------------------------------


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("protected", "words"),
    [
        (["label"], "column 'label': plays two roles"),
        (["race", "race"], "option '--protected': given twice"),
        (["w"], "column 'w': looks continuous"),
    ],
)
def test_counts_refuses_what_the_audit_refuses(tmp_path, capsys, engine, protected, words):
    rows = _csv(tmp_path, _rows())
    out = tmp_path / "c.csv"
    flags = [x for p in protected for x in ("--protected", p)]
    assert main(["audit", rows, *ROLES, *flags, "--engine", engine, "--n-boot", "200"]) == 2
    audit_error = _error(capsys)
    assert words in audit_error
    assert main(["counts", rows, *ROLES, *flags, "--engine", engine, "--out", str(out)]) == 2
    assert _error(capsys) == audit_error
    assert not out.exists()


# -- 4. weighted resampling intervals need rows ---------------------------------------------


def test_weighted_bca_on_a_row_file_reads_the_rows(tmp_path, capsys):
    rows = _csv(tmp_path, _rows())
    flags = [*ROLES, "--protected", "race", "--weight", "w", "--ci", "bca", "--n-boot", "200"]
    reports = []
    for engine in ("auto", "pandas"):
        out = tmp_path / f"{engine}.json"
        assert main(["audit", rows, *flags, "--engine", engine, "--json", str(out)]) == 0
        reports.append(json.loads(out.read_text())["attributes"])
    assert reports[0] == reports[1]
    assert main(["audit", rows, *flags, "--engine", "duckdb"]) == 2
    assert _error(capsys) == (
        "error: option '--ci': weighted bca intervals resample rows, which duckdb counts do not "
        "keep (value: 'bca'). Fix: read the rows with pandas, e.g. --engine pandas (a database "
        "table: export it to Parquet or CSV first), or use the default jeffreys intervals, e.g. "
        "--ci jeffreys"
    )
