"""One answer per input on every engine (issue 23, docs/engines.md).

A corpus of good and bad files goes through every engine available: pandas (the reference: the
rule reader ``read_rows`` then ``ethiclens.audit``, the Python API path), DuckDB, Dask and Spark
(skipped without pyspark and Java). Each input must get the same outcome everywhere: the same
report (hence the same counts), or the same refusal, word for word.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import (
    Roles,
    dask_file_counts,
    duckdb_counts,
    engine_of,
    name_rows,
    pandas_counts,
    read_rows,
)

N_BOOT = 100


def _frame(n=90, seed=0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "y": r.integers(0, 2, n),
            "p": r.integers(0, 2, n),
            "g": r.choice(["A", "B", "C"], n),
            "s": np.round(r.random(n) * 64) / 64,
            "w": r.choice([0.5, 1.0, 2.0], n),
        }
    )


def _csv(tmp, name, text):
    path = tmp / name
    path.write_text(text)
    return str(path)


def _body(frame) -> str:
    return frame.to_csv(index=False)


# Each case: build(tmp) -> target, the roles, audit keywords, and the expected outcome:
# "ok" or words every engine's refusal must contain.
def ragged(tmp):
    text = _body(_frame()).splitlines()
    text[3] += ",surplus"
    return _csv(tmp, "ragged.csv", "\n".join(text) + "\n")


def empty_header(tmp):
    return _csv(tmp, "blank.csv", "\n" + _body(_frame()).split("\n", 1)[1])


def yes_no(tmp):
    f = _frame()
    f["y"] = np.where(f["y"] == 1, "yes", "no")
    return _csv(tmp, "yesno.csv", _body(f))


def yes_no_both(tmp):
    f = _frame()
    for col in ("y", "p"):
        f[col] = np.where(f[col] == 1, "yes", "no")
    return _csv(tmp, "yesno-both.csv", _body(f))


def text_01_parquet(tmp):
    f = _frame()
    f["y"] = f["y"].astype(str)
    path = tmp / "text01.parquet"
    f.to_parquet(path)
    return str(path)


def quoted_01_csv(tmp):
    f = _frame()
    lines = ["y,p,g,s,w"] + [f'"{a}","{b}",{c},{d},{e}' for a, b, c, d, e in f.to_numpy()]
    return _csv(tmp, "quoted.csv", "\n".join(lines) + "\n")


def true_false(tmp):
    f = _frame()
    f["y"] = np.where(f["y"] == 1, "True", "False")
    return _csv(tmp, "tf.csv", _body(f))


def bool_parquet(tmp):
    f = _frame()
    f["y"] = f["y"] == 1
    path = tmp / "bool.parquet"
    f.to_parquet(path)
    return str(path)


def na_group(tmp):
    f = _frame()
    f.loc[7, "g"] = "NA"
    return _csv(tmp, "nagroup.csv", _body(f))


def empty_group(tmp):
    f = _frame().astype({"g": object})
    f.loc[11, "g"] = None
    return _csv(tmp, "emptygroup.csv", _body(f))


def scores_outside(tmp):
    f = _frame()
    f.loc[[5, 40], "s"] = [1.5, -0.25]
    return _csv(tmp, "scores.csv", _body(f))


def score_text(tmp):
    f = _frame().astype({"s": object})
    f.loc[9, "s"] = "high"
    return _csv(tmp, "scoretext.csv", _body(f))


def true_false_scores(tmp):
    """A CSV's True/False score column: text to DuckDB, Dask and Spark; pandas once typed it
    as booleans and audited them as 1/0 (tester round 9)."""
    f = _frame().astype({"s": object})
    f["s"] = np.where(np.arange(len(f)) % 2 == 0, "True", "False")
    return _csv(tmp, "boolscore.csv", _body(f))


def true_false_weights(tmp):
    f = _frame().astype({"w": object})
    f["w"] = np.where(np.arange(len(f)) % 3 == 0, "False", "True")
    return _csv(tmp, "boolweight.csv", _body(f))


def reordered_csv_folder(tmp):
    f = _frame(200)
    d = tmp / "csvfolder"
    d.mkdir()
    f.iloc[:120].to_csv(d / "a.csv", index=False)
    f.iloc[120:][["p", "y", "w", "s", "g"]].to_csv(d / "b.csv", index=False)
    return str(d)


def reordered_parquet_glob(tmp):
    f = _frame(200)
    f.iloc[:120].to_parquet(tmp / "part-a.parquet")
    f.iloc[120:][["p", "y", "w", "s", "g"]].to_parquet(tmp / "part-b.parquet")
    return str(tmp / "part-*.parquet")


def leading_zeros(tmp):
    f = _frame()
    f["g"] = f["g"].map({"A": "01", "B": "02", "C": "04"})
    return _csv(tmp, "zeros.csv", _body(f))


def unused_category(tmp):
    f = _frame()
    f["g"] = pd.Categorical(f["g"], categories=["A", "B", "C", "Z"])
    path = tmp / "cats.parquet"
    f.to_parquet(path)
    return str(path)


def unused_category_two_files(tmp):
    f = _frame(120)
    f["g"] = pd.Categorical(f["g"], categories=["A", "B", "C", "Z"])
    f.iloc[:60].to_parquet(tmp / "cat-1.parquet")
    f.iloc[60:].to_parquet(tmp / "cat-2.parquet")
    return str(tmp / "cat-*.parquet")


def used_categories(tmp):
    f = _frame()
    f["g"] = pd.Categorical(f["g"])
    path = tmp / "usedcats.parquet"
    f.to_parquet(path)
    return str(path)


def labels_2(tmp):
    f = _frame()
    f.loc[3, "p"] = 2
    return _csv(tmp, "two.csv", _body(f))


def missing_label(tmp):
    f = _frame().astype({"y": object})
    f.loc[13, "y"] = None
    return _csv(tmp, "missinglabel.csv", _body(f))


def negative_weight(tmp):
    f = _frame()
    f.loc[21, "w"] = -1.0
    return _csv(tmp, "negw.csv", _body(f))


def plain(tmp):
    return _csv(tmp, "plain.csv", _body(_frame()))


def bracket_name(tmp):
    folder = tmp / "scores_[0,1]"
    folder.mkdir()
    return plain(folder)


def gzipped(tmp):
    import gzip

    path = tmp / "d.csv.gz"
    with gzip.open(path, "wt") as fh:
        fh.write(_body(_frame()))
    return str(path)


def bom_crlf(tmp):
    path = tmp / "bom.csv"
    path.write_bytes(("\ufeff" + _body(_frame())).replace("\n", "\r\n").encode())
    return str(path)


def blank_line_inside(tmp):
    lines = _body(_frame()).split("\n")
    lines.insert(10, "")
    return _csv(tmp, "blankline.csv", "\n".join(lines))


def spaces_line_inside(tmp):
    """Lines of only spaces or tabs: pandas skips them as blank; DuckDB read one as a row."""
    lines = _body(_frame()).split("\n")
    lines[10:10] = ["   ", " \t "]
    return _csv(tmp, "spacesline.csv", "\n".join(lines))


def spaces_line_then_missing_label(tmp):
    """A refusal after such lines names the file's line, the skipped lines counted."""
    f = _frame().astype({"y": object})
    f.loc[20, "y"] = None
    lines = _body(f).split("\n")
    lines[5:5] = ["   ", "\t"]
    return _csv(tmp, "spacesmissing.csv", "\n".join(lines))


def two_unnamed_index_levels(tmp):
    """``df.to_csv()`` of a frame with a two-level unnamed index: a header ``,,y,p,...``."""
    f = _frame().set_index([np.arange(90) % 3, np.arange(90)])
    return _csv(tmp, "twolevels.csv", f.to_csv())


def quoted_line_break(tmp):
    f = _frame()
    f["g"] = f["g"].replace({"C": "C, with a\nline break"})
    path = tmp / "linebreak.csv"
    f.to_csv(path, index=False)
    return str(path)


def index_column(tmp):
    path = tmp / "indexed.csv"
    _frame().to_csv(path)  # an unnamed first column: pandas names it 'Unnamed: 0'
    return str(path)


def empty_file(tmp):
    return _csv(tmp, "empty.csv", "")


def header_only(tmp):
    return _csv(tmp, "header.csv", "y,p,g,s,w\n")


def long_group_label(tmp):
    """Group labels are labels: one 20,000 characters long (a text column) is refused, not
    laid out for minutes in every report (round 8)."""
    f = _frame()
    f.loc[[5, 40], "g"] = "x" * 20_000
    return _csv(tmp, "longlabel.csv", _body(f))


def huge_field(tmp):
    """A group field past DuckDB's 2 MB line and Python csv's 131,072-character field limit."""
    f = _frame()
    f.loc[3, "g"] = "x" * 2_500_000
    return _csv(tmp, "hugecell.csv", _body(f))


def huge_unused_field(tmp):
    """The same field in a column no role reads: every engine audits the file."""
    f = _frame().assign(note="short")
    f.loc[3, "note"] = "x" * 2_500_000
    return _csv(tmp, "hugenote.csv", _body(f))


FULL = Roles(y_pred="p", protected=["g"], y_true="y", y_score="s", weight="w")
NO_SCORE = Roles(y_pred="p", protected=["g"], y_true="y")

CASES = {
    "plain CSV": (plain, FULL, {}, "ok"),
    "ragged CSV": (ragged, FULL, {}, "line 4 has 6 fields but its header has 5"),
    "empty header": (empty_header, FULL, {}, "(the header) is empty"),
    "yes/no labels": (yes_no, FULL, {}, "is not binary 0/1: found values no, yes"),
    "yes/no + pos_label": (yes_no_both, NO_SCORE, {"pos_label": "yes"}, "ok"),
    "'0'/'1' text labels (Parquet)": (text_01_parquet, FULL, {}, "['0', '1']"),
    '"0"/"1" quoted labels (CSV)': (quoted_01_csv, FULL, {}, "ok"),
    "true/false labels (CSV)": (true_false, FULL, {}, "ok"),
    "boolean labels (Parquet)": (bool_parquet, FULL, {}, "ok"),
    "NA group": (na_group, FULL, {}, "1 missing group value(s), first at nagroup.csv line 9"),
    "empty group": (
        empty_group,
        FULL,
        {},
        "1 missing group value(s), first at emptygroup.csv line 13",
    ),
    "scores outside [0,1]": (
        scores_outside,
        FULL,
        {},
        "2 do not, first at scores.csv line 7 (value: 1.5)",
    ),
    "score not a number": (score_text, FULL, {}, "scores must be numbers in [0, 1]"),
    "True/False scores (CSV)": (
        true_false_scores,
        FULL,
        {},
        "scores must be numbers in [0, 1]; 90 values are not numbers, first at boolscore.csv "
        "line 2 (value: 'True')",
    ),
    "True/False weights (CSV)": (
        true_false_weights,
        FULL,
        {},
        "weights must be numbers; 90 values are not numbers, first at boolweight.csv line 2 "
        "(value: 'False')",
    ),
    "reordered columns, CSV folder": (reordered_csv_folder, FULL, {}, "ok"),
    "reordered columns, Parquet glob": (reordered_parquet_glob, FULL, {}, "ok"),
    "leading-zero groups": (leading_zeros, FULL, {}, "ok"),
    "unused category (Parquet)": (unused_category, FULL, {}, "group(s) Z have no rows"),
    "categories all used (Parquet)": (used_categories, FULL, {}, "ok"),
    "unused category, two Parquet files": (
        unused_category_two_files,
        FULL,
        {},
        "group(s) Z have no",
    ),
    "label 2": (labels_2, FULL, {}, "is not binary 0/1: found values 0, 1, 2"),
    "missing label": (
        missing_label,
        FULL,
        {},
        "1 missing value(s), first at missinglabel.csv line 15",
    ),
    "negative weight": (
        negative_weight,
        FULL,
        {},
        "1 are not, first at negw.csv line 23 (value: -1.0)",
    ),
    "missing column": (plain, Roles("p", ["g"], "label"), {}, "column 'label': not found"),
    "unnamed index column": (index_column, FULL, {}, "ok"),
    "file name with [ ] (not a glob)": (bracket_name, FULL, {}, "ok"),
    "gzip-compressed CSV": (gzipped, FULL, {}, "ok"),
    "UTF-8 BOM and CRLF lines": (bom_crlf, FULL, {}, "ok"),
    "blank line inside": (blank_line_inside, FULL, {}, "ok"),
    "lines of only spaces inside": (spaces_line_inside, FULL, {}, "ok"),
    "two unnamed index levels": (two_unnamed_index_levels, FULL, {}, "ok"),
    "missing label after lines of spaces": (
        spaces_line_then_missing_label,
        FULL,
        {},
        "1 missing value(s), first at spacesmissing.csv line 24",
    ),
    "quoted comma and line break in a group": (quoted_line_break, FULL, {}, "ok"),
    "group label of 20,000 characters": (
        long_group_label,
        FULL,
        {},
        "column 'g': 2 group value(s) longer than 256 characters (the longest has 20,000), "
        "first at longlabel.csv line 7",
    ),
    "field past DuckDB's line limit": (huge_field, FULL, {}, "first at hugecell.csv line 5"),
    "huge field in an unused column": (huge_unused_field, FULL, {}, "ok"),
    "empty file": (empty_file, FULL, {}, "is empty"),
    "header only": (header_only, FULL, {}, "has no data rows"),
}


def outcome(engine, target, roles, kwargs, spark=None):
    """("ok", report without provenance) or ("refused", the message)."""
    kwargs = {"n_boot": N_BOOT, "random_state": 0, **kwargs}
    try:
        if engine == "pandas":
            rows = read_rows(target, roles)
            try:
                result = ethiclens.audit(
                    rows[roles.y_true] if roles.y_true else None,
                    rows[roles.y_pred],
                    rows[list(roles.protected)],
                    y_score=rows[roles.y_score] if roles.y_score else None,
                    sample_weight=rows[roles.weight] if roles.weight else None,
                    **kwargs,
                )
            except EthicLensInputError as exc:  # its rows counted from 0: named by file line
                raise name_rows(exc, target) from None
        else:
            if engine == "pandas counts":
                table = pandas_counts(target, roles)
            elif engine == "duckdb":
                table = duckdb_counts(target, roles, threads=1)
            elif engine == "dask":
                table = dask_file_counts(target, roles)
            else:
                from ethiclens.sources import spark_file_counts

                table = spark_file_counts(target, roles)
            assert engine_of(table) == engine.split()[0]
            result = ethiclens.audit_counts(table, **kwargs)
    except EthicLensInputError as exc:
        return "refused", str(exc)
    report = result.to_dict()
    report["data"].pop("provenance", None)
    return "ok", report


def _cell(got, reference) -> str:
    if got != reference:
        return "different"
    return "OK" if got[0] == "ok" else "refused"


def _check(name, outcomes):
    reference = outcomes["pandas"]
    expected = CASES[name][3]
    if expected == "ok":
        assert reference[0] == "ok", reference
    else:
        assert reference[0] == "refused" and expected in reference[1], reference
    for engine, got in outcomes.items():
        assert got == reference, f"{name}: {engine} gives {got} but pandas {reference}"


FAST = ["pandas", "pandas counts", "duckdb", "dask"]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """outcomes(name, engines, spark=None) -> {engine: outcome} of case NAME, its input built
    once for the module and each engine's outcome computed once (in the order asked): the fast
    engines' answers serve both test_every_engine_gives_one_answer and the Spark matrix."""
    targets, seen = {}, {}

    def get(name, engines, spark=None):
        build, roles, kwargs, _ = CASES[name]
        if name not in targets:
            targets[name] = build(tmp_path_factory.mktemp("case"))
        for e in engines:
            if (name, e) not in seen:
                seen[(name, e)] = outcome(e, targets[name], roles, kwargs, spark)
        return {e: seen[(name, e)] for e in engines}

    return get


@pytest.mark.parametrize("name", list(CASES))
def test_every_engine_gives_one_answer(name, outcomes):
    pytest.importorskip("duckdb")
    pytest.importorskip("dask.dataframe")
    _check(name, outcomes(name, FAST))


def test_reordered_folder_counts_by_name(tmp_path):
    """The reported bug: a CSV whose label and prediction columns are swapped was read by
    position (positives 412 instead of 403)."""
    target = reordered_csv_folder(tmp_path)
    frame = _frame(200)
    for counts in (duckdb_counts(target, FULL), dask_file_counts(target, FULL)):
        positives = int(counts.loc[counts["y_pred"] == 1, "count"].sum())
        assert positives == int(frame["p"].sum())
        assert int(counts.loc[counts["y_true"] == 1, "count"].sum()) == int(frame["y"].sum())


def test_leading_zeros_survive_everywhere(tmp_path):
    target = leading_zeros(tmp_path)
    assert sorted(duckdb_counts(target, FULL)["g"].unique()) == ["01", "02", "04"]
    assert sorted(dask_file_counts(target, FULL)["g"].unique()) == ["01", "02", "04"]
    assert sorted(read_rows(target, FULL)["g"].unique()) == ["01", "02", "04"]


def test_canonical_numeric_groups_stay_numbers(tmp_path):
    """Groups written as plain numbers are typed as numbers (same labels), so a continuous
    column is still refused as such and --bins still applies."""
    f = _frame(300)
    f["age"] = np.arange(300) % 80 + 18
    target = _csv(tmp_path, "ages.csv", _body(f))
    roles = Roles("p", ["age"], "y")
    got = {e: outcome(e, target, roles, {}) for e in FAST}
    assert got["pandas"][0] == "refused" and "looks continuous" in got["pandas"][1]
    assert all(v == got["pandas"] for v in got.values()), got


def test_cli_scheduler_is_refused_without_dask_and_unreachable_is_one_line(
    tmp_path, capsys, monkeypatch
):
    from ethiclens.cli import main

    distributed = pytest.importorskip("distributed")

    class QuickClient(distributed.Client):
        """The engine's own Client call, giving up after 1 s instead of its 10 s: a closed port
        is refused at once, so the wait was only distributed retrying until the timeout."""

        def __init__(self, *args, timeout=None, **kwargs):
            super().__init__(*args, timeout="1s", **kwargs)

    monkeypatch.setattr(distributed, "Client", QuickClient)
    data = plain(tmp_path)
    base = ["counts", data, "--y-pred", "p", "--protected", "g", "--out", str(tmp_path / "c.pq")]
    assert main([*base, "--engine", "duckdb", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "--scheduler" in err and "--engine dask" in err and len(err.strip().splitlines()) == 1
    assert main([*base, "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["counts", "audit"])
def test_cli_dask_reads_a_csv(tmp_path, capsys, command):
    """`--engine dask` on a CSV crashed with read_csv() got an unexpected keyword 'columns'."""
    from ethiclens.cli import main

    data = plain(tmp_path)
    args = [command, data, "--engine", "dask", "--y-true", "y", "--y-pred", "p"]
    args += ["--protected", "g", "--scheduler", "local-cluster"]
    args += ["--out", str(tmp_path / "c.parquet")] if command == "counts" else ["--n-boot", "100"]
    assert main(args) == 0, capsys.readouterr().err


@pytest.mark.slow
def test_spark_gives_the_same_answers_and_the_matrix(spark, outcomes, capsys):
    """Every case through every engine, Spark included (on the same input as the others);
    prints the agreement matrix."""
    pytest.importorskip("duckdb")
    pytest.importorskip("dask.dataframe")
    engines = [*FAST, "spark"]
    matrix, failures = {}, []
    for name in CASES:
        got = outcomes(name, engines, spark)
        matrix[name] = {e: _cell(got[e], got["pandas"]) for e in engines}
        try:
            _check(name, got)
        except AssertionError as exc:
            failures.append(str(exc)[:300])
    width = max(map(len, matrix))
    lines = [f"{'case':<{width}}  " + "  ".join(f"{e:<13}" for e in engines)]
    for name, row in matrix.items():
        lines.append(f"{name:<{width}}  " + "  ".join(f"{row[e]:<13}" for e in engines))
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert not failures, failures
