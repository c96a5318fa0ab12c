"""Counts tables are checked like rows (issue 23, item 4).

Every sum of a cell must be one that some rows could have produced; otherwise ``ethiclens audit
--counts`` exits 2 with one line naming the cell (its attribute, label, prediction and score-bin
values) and the column, never a traceback, and leaves the file as it was. Valid tables, whoever
counted them, still audit to the numbers of the rows.
"""

import hashlib
import json
import re

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import check_counts_cells
from ethiclens.sources import Roles, counts_of, read_counts, write_counts
from ethiclens.sources._counts_table import sorted_cells
from tests.sources.conftest import make_frame

WEIGHTED = Roles(y_pred="p", y_true="y", protected=["race"], weight="w", y_score="s")
PLAIN = Roles(y_pred="p", y_true="y", protected=["race"], y_score="s")


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _table(roles=WEIGHTED, seed=0, n=1500):
    # in the order ``write_counts`` writes the cells, so row i here is row i of the file
    return sorted_cells(counts_of(make_frame(seed, n=n), roles))


def _refused(path, capsys, *words, extra=()):
    """``audit --counts path`` exits 2 with one line holding ``words``; the file is unchanged."""
    before = _sha(path)
    side = path.with_name(path.name + ".ethiclens.json")
    side_before = _sha(side) if side.exists() else None
    capsys.readouterr()
    code = main(["audit", "--counts", str(path), "--n-boot", "200", *extra])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Fix: " in lines[0], err
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert _sha(path) == before
    if side_before is not None:
        assert _sha(side) == side_before
    return lines[0]


def _cell(table, i, path, keys=("race", "y_true", "y_pred", "score_bin")):
    """The cell text of row ``i`` as messages give it: ``cell (race='A', y_true=0, ...)`` and
    where the file holds it (a Parquet file's row from 1, a CSV file's line, the header line 1)."""

    def plain(v):
        return v.item() if isinstance(v, np.generic) else v

    inner = ", ".join(f"{k}={plain(table[k].iloc[i])!r}" for k in keys if k in table.columns)
    return f"cell ({inner}) at {_place(path, i)}"


def _place(path, i):
    return f"{path.name} row {i + 1}" if path.suffix == ".parquet" else f"{path.name} line {i + 2}"


def _numbers(report: dict) -> dict:
    """A JSON report without where it came from (provenance, run record): its numbers."""
    return {k: v for k, v in report.items() if k not in ("data", "run")}


def _write(table, path):
    write_counts(table, path)
    return path


# ---- Σw² against Σw and the count


def test_weight_squares_too_small_kish_n_eff_400x_the_rows(tmp_path, capsys):
    t = _table()
    i = int(np.flatnonzero(t["count"].to_numpy() > 3)[0])
    n, ws = t["count"].iloc[i], t["weight_sum"].iloc[i]
    t.loc[i, "weight_sq_sum"] = ws**2 / (400 * n)  # (Σw)²/Σw² = 400 n
    path = _write(t, tmp_path / "kish.parquet")
    line = _refused(
        path, capsys, "column 'w (weight_sq_sum)'", _cell(t, i, path), "Kish", f"{400 * n:g}"
    )
    assert f"count = {n}" in line


def test_weight_squares_above_the_square_of_the_sum(tmp_path, capsys):
    t = _table()
    t.loc[2, "weight_sq_sum"] = t["weight_sum"].iloc[2] ** 2 * 1.5  # n_eff 2/3 < 1
    path = _write(t, tmp_path / "sq.parquet")
    _refused(path, capsys, "column 'w (weight_sq_sum)'", _cell(t, 2, path), "outside [1, count")


def test_weight_squares_without_weights(tmp_path, capsys):
    t = _table()
    t.loc[1, "weight_sum"] = 0.0
    path = _write(t, tmp_path / "zero.parquet")
    _refused(path, capsys, "weight_sq_sum", _cell(t, 1, path), "while weight_sum is 0")


def test_float_rounding_of_squares_is_not_refused():
    """Weights that are not exact binary fractions, summed in another order, still pass."""
    r = np.random.default_rng(3)
    frame = make_frame(3, n=4000).assign(w=r.random(4000) * 7 + 1e-3, s=r.random(4000))
    t = counts_of(frame, WEIGHTED)
    shuffled = counts_of(frame.sample(frac=1.0, random_state=1), WEIGHTED)
    for table in (t, shuffled):
        check_counts_cells(table, names=table.attrs["ethiclens_columns"], n_bins=10)
    # a cell of rows with equal weights sits exactly on the lower bound Σw² = (Σw)²/n
    equal = counts_of(frame.assign(w=0.1), WEIGHTED)
    check_counts_cells(equal, n_bins=10)
    ethiclens.audit_counts(equal, n_boot=200, random_state=0)


def test_tiny_weights_keep_the_underflow_message(tmp_path, capsys):
    frame = make_frame(0, n=600).assign(w=1e-200)
    path = _write(counts_of(frame, WEIGHTED), tmp_path / "tiny.parquet")
    _refused(path, capsys, "w (weight_sq_sum)", "underflow")


# ---- score sums


def test_score_sum_three_times_the_count(tmp_path, capsys):
    t = _table(PLAIN)
    t.loc[4, "score_sum"] = 3.0 * t["count"].iloc[4]
    path = _write(t, tmp_path / "ece.parquet")
    _refused(path, capsys, "column 's (score_sum)'", _cell(t, 4, path), "above count", "[0, count]")


def test_weighted_score_sum_above_the_weight_sum(tmp_path, capsys):
    t = _table()
    i = int(np.flatnonzero(t["weight_sum"] < t["count"])[0])  # weights below 1: count is no bound
    t.loc[i, "score_sum"] = (t["weight_sum"].iloc[i] + t["count"].iloc[i]) / 2
    path = _write(t, tmp_path / "ws.parquet")
    _refused(path, capsys, "column 's (score_sum)'", _cell(t, i, path), "above weight_sum")


def test_score_sum_outside_its_score_bin(tmp_path, capsys):
    t = _table(PLAIN)
    i = int(np.flatnonzero(t["score_bin"].to_numpy() == 1)[0])  # scores in [0.1, 0.2]
    t.loc[i, "score_sum"] = 0.9 * t["count"].iloc[i]  # in [0, count], not in its bin
    path = _write(t, tmp_path / "bin.parquet")
    _refused(path, capsys, "column 's (score_sum)'", _cell(t, i, path), "outside its score bin 1")


def test_scores_counted_with_other_bins_are_refused_not_misread():
    t = counts_of(
        make_frame(0, n=1500),
        Roles(y_pred="p", y_true="y", protected=["race"], y_score="s", n_bins=5),
    )
    with pytest.raises(EthicLensInputError, match="outside its score bin"):
        ethiclens.audit_counts(t, n_bins=10, n_boot=200, random_state=0)


def test_scores_outside_0_1_are_refused_as_the_audit_refuses_them(tmp_path, capsys):
    """A score of -0.5 is counted in bin -1 with a negative sum: reading the file refuses it in
    the audit's words (the score outside [0, 1], not its sum), its place the file's row where
    the audit of a DataFrame names the table's."""
    frame = make_frame(0, n=600)
    frame.loc[3, "s"] = -0.5
    table = counts_of(frame, PLAIN)
    path = _write(table, tmp_path / "neg.parquet")
    with pytest.raises(EthicLensInputError) as direct:
        ethiclens.audit_counts(table, n_boot=200, random_state=0)
    line = _refused(path, capsys, "column 's (score_bin)'", "scores must lie in [0, 1]")
    place = re.compile(r"first at (row \d+ of the counts table|neg\.parquet row \d+)")
    assert "first at neg.parquet row " in line, line
    assert place.sub("PLACE", line) == place.sub("PLACE", f"error: {direct.value}")


# ---- counts


@pytest.mark.parametrize(
    "value, words",
    [
        ("-3", "whole numbers >= 0"),
        ("2.5", "whole numbers >= 0"),
        ("many", "whole numbers >= 0"),
        ("99999999999999999999", "above 2**53"),  # past the int64 limit
        ("4611686018427387904", "above 2**53"),  # 2**62: an int64, but not exact as a float
        ("inf", "whole numbers >= 0"),
    ],
)
def test_impossible_counts(tmp_path, capsys, value, words):
    t = _table(PLAIN)
    path = _write(t, tmp_path / "c.csv")
    lines = path.read_text().splitlines()
    cells = lines[3].split(",")
    cells[list(t.columns).index("count")] = value
    lines[3] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n")
    _refused(path, capsys, "column 'count'", _cell(t, 2, path), words)


def test_counts_adding_up_past_2_to_the_53(tmp_path, capsys):
    t = _table(Roles(y_pred="p", y_true="y", protected=["race"]))
    t["count"] = t["count"].astype(np.int64)
    t.loc[0, "count"] = 2**52
    t.loc[1, "count"] = 2**52 + 10
    path = _write(t, tmp_path / "sum.parquet")
    _refused(path, capsys, "column 'count'", _cell(t, 1, path), "add up past 2**53")


def test_empty_cell_with_weight(tmp_path, capsys):
    t = _table()
    t.loc[3, "count"] = 0
    path = _write(t, tmp_path / "empty.parquet")
    _refused(path, capsys, "column 'w (weight_sum)'", _cell(t, 3, path), "a cell of 0 rows")


@pytest.mark.parametrize("column, value", [("weight_sum", np.inf), ("score_sum", np.nan)])
def test_non_finite_sums(tmp_path, capsys, column, value):
    t = _table()
    t.loc[5, column] = value
    path = _write(t, tmp_path / "nf.parquet")
    source = {"weight_sum": "w", "score_sum": "s"}[column]
    _refused(path, capsys, f"column '{source} ({column})'", "finite and >= 0")


# ---- duplicates and unknown columns


def test_duplicate_cells_are_refused_not_summed(tmp_path, capsys):
    t = _table()
    dup = pd.concat([t, t.iloc[[6]]], ignore_index=True)
    dup.attrs = dict(t.attrs)
    path = _write(dup, tmp_path / "dup.parquet")
    # the file holds its cells sorted, so the copy is written beside its twin
    _refused(
        path,
        capsys,
        "column 'count'",
        _cell(dup, 6, path),
        "2 rows (dup.parquet row 7, dup.parquet row 8)",
    )
    # and --bins, which adds cells up, does not hide them either
    ages = counts_of(
        make_frame(0, n=600).assign(age=lambda d: np.arange(len(d)) % 70 + 18),
        Roles(y_pred="p", y_true="y", protected=["age"]),
    )
    ages = pd.concat([ages, ages.iloc[[0]]], ignore_index=True)
    ages.attrs = {"ethiclens_attributes": ["age"]}
    path = _write(ages, tmp_path / "ages.parquet")
    _refused(path, capsys, "appears in 2 rows", extra=["--bins", "age=0,40,120"])


def test_stray_text_column_is_refused_not_audited(tmp_path, capsys):
    t = _table().assign(note="checked by Bob")
    path = _write(t, tmp_path / "stray.parquet")
    line = _refused(path, capsys, "column 'note'", "not a column of this counts table")
    assert "['race']" in line and "allowed" in line and "weight_sq_sum" in line
    # naming the attribute does not let the stray column in either
    _refused(path, capsys, "column 'note'", extra=["--protected", "race"])


def test_table_that_declares_no_attributes(tmp_path, capsys):
    t = _table(Roles(y_pred="p", y_true="y", protected=["race"])).assign(note="x")
    path = tmp_path / "hand.csv"
    t.to_csv(path, index=False)  # by hand: no metadata file
    _refused(path, capsys, "does not say which of its columns", "--protected")
    _refused(path, capsys, "column 'note'", "not a column", extra=["--protected", "race"])
    t.drop(columns="note").to_csv(path, index=False)
    capsys.readouterr()
    assert main(["audit", "--counts", str(path), "--protected", "race", "--n-boot", "200"]) == 0


# ---- zero weights


def test_group_whose_weights_are_all_zero_says_so(tmp_path, capsys):
    frame = make_frame(0, n=1500)
    frame.loc[frame["race"] == "D", "w"] = 0.0
    path = _write(counts_of(frame, WEIGHTED), tmp_path / "zw.parquet")
    report = tmp_path / "r.json"
    main(["audit", "--counts", str(path), "--n-boot", "200", "--json", str(report)])
    data = json.loads(report.read_text())
    n_d = int((frame["race"] == "D").sum())
    text = json.dumps(data)
    assert f"'D' (n = {n_d}) are all zero" in text
    assert "(no rows)" not in text
    rows = ethiclens.audit(
        frame["y"], frame["p"], frame[["race"]], sample_weight=frame["w"], n_boot=200
    )
    d_vs_a = next(c for c in rows.comparisons if c.group == "D")
    reason = d_vs_a.metrics["disparate_impact"].reason
    assert f"'D' (n = {n_d}) are all zero" in reason


# ---- --out writes the format its suffix names


def test_counts_out_csv_writes_csv_and_audits_the_same(tmp_path, capsys):
    data = tmp_path / "d.csv"
    make_frame(4, n=1500).to_csv(data, index=False)
    cols = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--y-score", "s"]
    cols += ["--weight", "w", "--engine", "pandas"]
    pq, csv = tmp_path / "c.parquet", tmp_path / "c.csv"
    assert main(["counts", str(data), *cols, "--min-cell", "3", "--out", str(pq)]) == 0
    assert main(["counts", str(data), *cols, "--min-cell", "3", "--out", str(csv)]) == 0
    assert pq.read_bytes()[:4] == b"PAR1" and csv.read_bytes()[:4] != b"PAR1"
    assert pd.read_csv(csv).equals(pd.read_parquet(pq).astype({"score_bin": "int64"}))
    back = read_counts(csv)
    assert back.attrs["ethiclens_attributes"] == ["race"]
    assert back.attrs["ethiclens_suppression"]["min_cell"] == 3
    reports = []
    for src in (pq, csv):
        out = tmp_path / f"{src.suffix[1:]}.json"
        args = ["audit", "--counts", str(src), "--n-boot", "200", "--json", str(out)]
        assert main(args) == 0
        r = json.loads(out.read_text())
        assert r["data"]["provenance"]["min_cell_suppression"]["min_cell"] == 3
        reports.append(_numbers(r))
    assert reports[0] == reports[1] and reports[0]["comparisons"]


@pytest.mark.parametrize("name", ["c.txt", "c.xlsx", "c"])
def test_counts_out_unknown_suffix_is_refused(tmp_path, capsys, name):
    data = tmp_path / "d.csv"
    make_frame(0, n=300).to_csv(data, index=False)
    before = _sha(data)
    code = main(
        ["counts", str(data), "--y-pred", "p", "--protected", "race", "--out", str(tmp_path / name)]
    )
    err = capsys.readouterr().err
    assert code == 2 and "option '--out'" in err and ".parquet" in err and ".csv" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / name).exists() and _sha(data) == before


# ---- valid tables: unchanged numbers, whoever counted them


def test_valid_counts_audit_to_the_rows_numbers(tmp_path, capsys):
    frame = make_frame(5, n=2000)
    data = tmp_path / "d.csv"
    frame.to_csv(data, index=False)
    cols = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--protected", "sex"]
    cols += ["--y-score", "s", "--weight", "w"]
    common = ["--n-boot", "200", "--seed", "2"]
    counts, a, b = tmp_path / "c.parquet", tmp_path / "a.json", tmp_path / "b.json"
    assert main(["counts", str(data), *cols, "--out", str(counts)]) == 0
    assert main(["audit", "--counts", str(counts), "--json", str(a), *common]) == 0
    assert main(["audit", str(data), *cols, "--engine", "pandas", "--json", str(b), *common]) == 0
    ra, rb = (json.loads(p.read_text()) for p in (a, b))
    assert _numbers(ra) == _numbers(rb) and ra["comparisons"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_engine_tables_pass_the_checks(tmp_path, engine):
    import sqlite3

    from ethiclens.sources import duckdb_counts, sql_counts

    r = np.random.default_rng(8)
    frame = make_frame(8, n=3000).assign(w=r.random(3000) * 3, s=r.random(3000))
    roles = Roles(y_pred="p", y_true="y", protected=["race", "sex"], weight="w", y_score="s")
    if engine == "pandas":
        table = counts_of(frame, roles)
    elif engine == "duckdb":
        pytest.importorskip("duckdb")
        frame.to_parquet(tmp_path / "d.parquet")
        table = duckdb_counts(str(tmp_path / "d.parquet"), roles)
    else:
        pytest.importorskip("sqlalchemy")
        with sqlite3.connect(tmp_path / "t.db") as con:
            frame.to_sql("preds", con, index=False)
        table = sql_counts(f"sqlite:///{tmp_path / 't.db'}", roles, table="preds")
    assert table.attrs["ethiclens_attributes"] == ["race", "sex"]
    check_counts_cells(table, names=table.attrs["ethiclens_columns"], n_bins=10)
    want = ethiclens.audit_counts(counts_of(frame, roles), n_boot=200, random_state=0)
    got = ethiclens.audit_counts(table, n_boot=200, random_state=0)
    for ca, cb in zip(want.comparisons, got.comparisons, strict=True):
        for m in ca.metrics:
            assert ca.metrics[m].status == cb.metrics[m].status
            va, vb = ca.metrics[m].value, cb.metrics[m].value
            assert (va is None and vb is None) or va == pytest.approx(vb, rel=1e-9, abs=1e-12)


# -- a CSV counts table keeps every group the row audit accepts --------------------------------
def _na_rows(groups) -> pd.DataFrame:
    """Five rows of every (label, prediction) cell in each group."""
    cells = [(g, y, p) for g in groups for y in (0, 1) for p in (0, 1)] * 5
    return pd.DataFrame(cells, columns=["g", "label", "pred"])


@pytest.mark.parametrize("word", ["NA", "None", "NULL", "nan", "N/A"])
def test_a_csv_counts_table_keeps_a_group_named_like_missing(tmp_path, capsys, word):
    """pandas reads these words as missing; a Parquet string is a group, and so it stays."""
    rows = tmp_path / "rows.parquet"
    _na_rows([word, "B"]).to_parquet(rows)
    argv = ["--y-true", "label", "--y-pred", "pred", "--protected", "g"]
    for out in ("c.csv", "c.parquet"):
        assert main(["counts", str(rows), *argv, "--out", str(tmp_path / out)]) == 0
    csv, parquet = read_counts(tmp_path / "c.csv"), read_counts(tmp_path / "c.parquet")
    assert sorted(csv["g"].unique()) == sorted(parquet["g"].unique()) == sorted([word, "B"])
    capsys.readouterr()
    assert main(["audit", "--counts", str(tmp_path / "c.csv"), "--json", "-"]) == 0
    assert f'"{word}"' in capsys.readouterr().out


def test_a_missing_group_in_a_csv_counts_table_is_refused_as_missing(tmp_path, capsys):
    """A null group beside a group 'NA' is missing, not a duplicate of 'NA'."""
    roles = Roles(y_true="label", y_pred="pred", protected=["g"])
    write_counts(counts_of(_na_rows(["NA", None, "B"]), roles), tmp_path / "c.csv")
    assert main(["audit", "--counts", str(tmp_path / "c.csv")]) == 2
    err = capsys.readouterr().err
    assert "column 'g': 20 missing value(s) (in 4 cell(s)" in err, err


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_counts_table_names_its_long_label_by_file_and_line(tmp_path, capsys, suffix):
    """4 cells of 10 rows hold the long label: 40 rows, as the rows themselves would count."""
    cells = [("B", y, p, 10) for y in (0, 1) for p in (0, 1)]
    cells += [("a" * 257, y, p, 10) for y in (0, 1) for p in (0, 1)]
    table = pd.DataFrame(cells, columns=["race", "y_true", "y_pred", "count"])
    path = tmp_path / f"cells{suffix}"
    table.to_parquet(path) if suffix == ".parquet" else table.to_csv(path, index=False)
    assert main(["audit", "--counts", str(path), "--protected", "race"]) == 2
    err = capsys.readouterr().err
    place = "cells.parquet row 5" if suffix == ".parquet" else "cells.csv line 6"
    assert (
        f"40 group value(s) longer than 256 characters (the longest has 257), first at {place}."
        in err
    )
