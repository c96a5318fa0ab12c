"""Round 28: a --pos-label the labels do not hold (or write otherwise), in a file with another
fault too (a bad weight or score, a missing group), was refused by the counting engines for the
other fault: they checked scores, weights and groups while counting and left the positive label
to the audit of the counts, where the pandas path (the audit of the rows) refuses the labels
first. Given ``Roles.pos_label``, every counting function now refuses it where the audit does,
in its words: after each label column's missing values, before any score, weight or group."""

import sqlite3

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError, in_cli_words
from ethiclens.fairness import PosLabelAbsent
from ethiclens.sources import Roles, dask_file_counts, duckdb_counts, pandas_counts, sql_counts

COUNTERS = (pandas_counts, duckdb_counts, dask_file_counts)
CASES = {
    # (file, --pos-label, the words the pandas path's refusal starts with)
    "absent, a missing group": ("y,p,g\n0,0,a\n1,1,\n0,0,a\n1,1,b\n", "5", "no row of the column"),
    "absent, a bad weight": ("y,p,g,w\n0,0,a,1\n1,1,b,-1\n0,1,a,1\n", "5", "no row of the column"),
    "absent, a bad score": ("y,p,g,s\n0,0,a,0.1\n1,1,b,7\n1,0,a,.2\n", "5", "no row of the column"),
    "absent, text labels": ("y,p,g,w\nyes,no,a,1\nno,yes,b,-1\n", "5", "no row of the column"),
    "written with spaces": ("y,p,g,w\n yes,yes,a,1\nno,no,,-1\n", "yes", "pos_label 'yes'"),
    "a missing label first": ("y,p,g,w\n0,0,a,1\n,1,b,-1\n1,1,a,1\n", "5", "1 missing value"),
}


# the counting functions' (the library's) words, which the faces say by the option
ENGINE_WORDS = "column 'p (y_pred)': pos_label does not occur in the column"


def _roles(header: str, pos_label):
    names = header.split(",")
    return Roles(
        "p",
        ["g"],
        y_true="y",
        y_score="s" if "s" in names else None,
        weight="w" if "w" in names else None,
        pos_label=pos_label,
    )


def _pandas_path(path, header, pos_label, capsys) -> str:
    """The refusal of ``ethiclens audit FILE --engine pandas`` (the rows' audit)."""
    extra = [flag for col, flag in (("w", "--weight"), ("s", "--y-score")) if col in header]
    args = ["audit", str(path), "--engine", "pandas", "--y-true", "y", "--y-pred", "p"]
    args += ["--protected", "g", "--pos-label", pos_label]
    for flag in extra:
        args += [flag, "w" if flag == "--weight" else "s"]
    assert main(args) == 2
    return capsys.readouterr().err.strip().removeprefix("error: ")


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_counting_function_refuses_as_the_pandas_path(tmp_path, capsys, case):
    text, pos_label, words = CASES[case]
    path = tmp_path / "f.csv"
    path.write_text(text)
    header = text.split("\n", 1)[0]
    expected = _pandas_path(path, header, pos_label, capsys)
    assert expected.startswith(f"column 'p (y_pred)': {words}") or words in expected
    for count in COUNTERS:
        with pytest.raises(EthicLensInputError) as exc:
            count(str(path), _roles(header, pos_label))
        said = str(in_cli_words(exc.value))
        if isinstance(exc.value, PosLabelAbsent):  # the faces name the option (round 49)
            said = said.replace(
                ENGINE_WORDS, "option '--pos-label': no row of the column 'p (y_pred)' holds it"
            )
        assert said == expected, count.__name__  # the CLI's words


def test_a_database_refuses_it_before_a_bad_weight(tmp_path):
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (y int, p int, g text, w real)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", [(0, 0, "a", 1), (1, 1, "b", -1)])
    roles = Roles("p", ["g"], y_true="y", weight="w", pos_label="5")
    with pytest.raises(EthicLensInputError, match=r"'p \(y_pred\)': pos_label does not occur"):
        sql_counts(f"sqlite:///{db}", roles, table="t")
    with pytest.raises(EthicLensInputError, match="weights must be finite"):
        roles = Roles("p", ["g"], y_true="y", weight="w", pos_label=1)
        sql_counts(f"sqlite:///{db}", roles, table="t")


def test_spark_refuses_it_too(tmp_path, spark):
    from ethiclens.sources import spark_file_counts

    path = tmp_path / "f.csv"
    path.write_text("y,p,g,w\n0,0,a,1\n1,1,b,-1\n0,1,,1\n")
    with pytest.raises(EthicLensInputError, match=r"'p \(y_pred\)': pos_label does not occur"):
        spark_file_counts(str(path), _roles("y,p,g,w", "5"))


def test_a_label_only_one_column_holds_is_no_fault(tmp_path):
    # predictions all 'no' and labels yes/no: the positive 'yes' is held by the labels, so the
    # predictions are all negative (the audit's rule), counted on every engine
    path = tmp_path / "f.csv"
    path.write_text("y,p,g\nyes,no,a\nno,no,b\nyes,no,b\n")
    tables = [count(str(path), _roles("y,p,g", "yes")) for count in COUNTERS]
    assert {int(t["count"].sum()) for t in tables} == {3}


def test_a_dask_frame_refuses_it_as_the_rows_audit():
    import pandas as pd

    import ethiclens
    from ethiclens.sources import audit_frame

    dd = pytest.importorskip("dask.dataframe")
    frame = pd.DataFrame({"y": [0, 1, 0, 1], "p": [0, 1, 1, 0], "g": list("abab")})
    frame["w"] = [1.0, -1.0, 1.0, 1.0]
    with pytest.raises(EthicLensInputError) as rows:
        ethiclens.audit(
            frame["y"],
            frame["p"],
            sensitive_features=frame[["g"]],
            sample_weight=frame["w"],
            pos_label=5,
        )
    with pytest.raises(EthicLensInputError) as counted:
        audit_frame(
            dd.from_pandas(frame, npartitions=2),
            y_pred="p",
            protected="g",
            y_true="y",
            sample_weight="w",
            pos_label=5,
        )
    assert "argument 'pos_label': no row of the column" in str(rows.value)
    assert "pos_label does not occur" in str(counted.value)


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("engine", ["duckdb", "dask"])
def test_the_command_line_refuses_as_pandas_on_every_engine(tmp_path, capsys, case, engine):
    # the spec hands its --pos-label to the counting engines (spec/_target.py's _counted)
    text, pos_label, _ = CASES[case]
    path = tmp_path / "f.csv"
    path.write_text(text)
    header = text.split("\n", 1)[0]
    expected = _pandas_path(path, header, pos_label, capsys)
    args = ["audit", str(path), "--engine", engine, "--y-true", "y", "--y-pred", "p"]
    args += ["--protected", "g", "--pos-label", pos_label]
    args += ["--weight", "w"] if "w" in header else []
    args += ["--y-score", "s"] if "s" in header else []
    assert main(args) == 2
    assert capsys.readouterr().err.strip().removeprefix("error: ") == expected
