"""Round 27: labels that each read as 0/1 to the counting engines but that an audit given no
--pos-label refuses ('true' among 0/1 and 0.0, yes/no) are refused before the weights, scores
and groups on every engine, as the pandas path refuses them; DuckDB and Dask refused a bad
weight (or a missing group) first, so a file with two faults got two different refusals."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, duckdb_counts

ENGINES = ("pandas", "duckdb", "dask")
HEADER = "y,p,g,w\n"
ROWS = {
    "true among 0/1": ["1,1,a,1", "0,0.0,b,1", "0,true,a,1", "1,0,b,nan", "1,1,a,1", "0,0,b,1"],
    "yes/no": ["1,yes,a,1", "0,no,b,1", "0,no,a,1", "1,yes,,2"],
    "labels yes/no": ["yes,1,a,1", "no,0,b,-1", "no,0,a,1", "yes,1,b,2"],
}
WORDS = {
    "true among 0/1": "column 'p (y_pred)': is not binary 0/1: found values 0, 0.0, 1, true",
    "yes/no": "column 'p (y_pred)': is not binary 0/1: found values no, yes",
    "labels yes/no": "column 'y (y_true)': is not binary 0/1: found values no, yes",
}


@pytest.mark.parametrize("case", sorted(ROWS))
def test_every_engine_refuses_the_labels_first(tmp_path, capsys, case):
    path = tmp_path / "f.csv"
    path.write_text(HEADER + "\n".join(ROWS[case]) + "\n")
    errors = set()
    for engine in ENGINES:
        args = ["audit", str(path), "--engine", engine, "--y-true", "y", "--y-pred", "p"]
        assert main([*args, "--protected", "g", "--weight", "w"]) == 2
        errors.add(capsys.readouterr().err.strip())
    (err,) = errors
    assert WORDS[case] in err and "Traceback" not in err


def test_the_count_refuses_them_in_the_audits_words(tmp_path):
    path = tmp_path / "f.csv"
    path.write_text(HEADER + "\n".join(ROWS["yes/no"]) + "\n")
    roles = Roles("p", ["g"], y_true="y", weight="w", binary_labels="audit")
    with pytest.raises(EthicLensInputError, match=r"is not binary 0/1: found values no, yes"):
        duckdb_counts(str(path), roles)
    # ethiclens counts (no --pos-label there) still counts text labels for a later audit
    table = duckdb_counts(str(path), Roles("p", ["y"], binary_labels=True))
    assert set(table["y_pred"]) == {"no", "yes"}


def test_every_counting_function_refuses_them_alike(tmp_path):
    from ethiclens.sources import dask_file_counts, pandas_counts

    path = tmp_path / "f.csv"
    path.write_text("y,p,g\n0,0,a\n1.0,1,a\nFalse,0,b\nTRUE,1,b\n0,0,a\n")
    roles = Roles("p", ["g"], y_true="y", binary_labels="audit")
    refusals = set()
    for count in (pandas_counts, duckdb_counts, dask_file_counts):
        with pytest.raises(EthicLensInputError) as exc:
            count(str(path), roles)
        refusals.add(str(exc.value))
    (said,) = refusals
    assert "column 'y (y_true)': is not binary 0/1: found values 0, 1.0, False" in said


@pytest.mark.parametrize(
    "y, words",
    [
        # a stray label of y is refused by the rows' first check, before p's 'true'
        (["0", "1", "7", "1", "0"], "column 'y (y_true)': is not binary 0/1"),
        # a missing y stops that check: the audit's own then refuses p first
        (["0", "1", "", "1", "0"], "column 'p (y_pred)': is not binary 0/1: found values"),
    ],
)
def test_the_two_columns_are_refused_in_the_pandas_paths_order(tmp_path, capsys, y, words):
    p = ["0", "1", "true", "1", "0.0"]
    lines = [f"{a},{b},{g}" for a, b, g in zip(y, p, "abab", strict=False)]
    path = tmp_path / "f.csv"
    path.write_text("y,p,g\n" + "\n".join(lines) + "\n")
    errors = set()
    for engine in ENGINES:
        args = ["audit", str(path), "--engine", engine, "--y-true", "y", "--y-pred", "p"]
        assert main([*args, "--protected", "g"]) == 2
        errors.add(capsys.readouterr().err.strip())
    (err,) = errors
    assert words in err
