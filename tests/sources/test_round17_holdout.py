"""Engine parity, round 17: one refusal text on every engine for a file kind no engine reads,
whitespace-only group clashes, and text or true/false weights and scores."""

import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FAST = ["pandas", "duckdb", "dask"]
ENGINES = [*FAST, pytest.param("spark", marks=pytest.mark.slow)]


def _frame(n: int = 40) -> pd.DataFrame:
    return pd.DataFrame(
        {"g": ["a", "b"] * (n // 2), "y": [0, 1, 1, 0] * (n // 4), "p": [1, 1, 0, 0] * (n // 4)}
    )


def _refusal(capsys, argv) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_tsv_gets_the_one_unknown_file_type_refusal_on_every_engine(tmp_path, capsys, engine):
    """pandas said "unknown file type '.tsv'" while DuckDB, Dask and Spark said "--engine X reads
    only .csv, ..." for the same file: a kind no engine reads is refused in io's one words."""
    path = tmp_path / "tab.tsv"
    _frame().to_csv(path, sep="\t", index=False)
    pandas = _refusal(capsys, ["audit", str(path), *ROLES])
    assert pandas.startswith("error: cannot read tab.tsv: unknown file type '.tsv'"), pandas
    assert _refusal(capsys, ["audit", str(path), *ROLES, "--engine", engine]) == pandas


@pytest.mark.parametrize("engine", ["duckdb", "dask"])
def test_a_json_file_still_names_the_engine_and_pandas(tmp_path, capsys, engine):
    """A kind pandas reads but this engine does not keeps the engine's own refusal."""
    path = tmp_path / "d.json"
    _frame().to_json(path, orient="records")
    err = _refusal(capsys, ["audit", str(path), *ROLES, "--engine", engine])
    assert f"--engine {engine}" in err and "reads only .csv" in err, err
    assert "Fix: use --engine pandas, which reads .json files" in err, err


def _spaced_groups(path) -> None:
    rows = [f"{['A', 'A ', 'B'][i % 3]},{i % 2},{i // 2 % 2}" for i in range(60)]
    path.write_text("g,y,p\n" + "\n".join(rows) + "\n", encoding="utf-8")


SPACED = (
    "error: column 'g': distinct values print the same: 'A' is written both as 'A' and as "
    "'A ' (the same name, one with whitespace around it). Fix: strip the whitespace around "
    "the group names in the file, or recode the two spellings to one name"
)  # round 48 review: was "(pandas: .str.strip())", pandas code on the command line
# round 48: the audit takes group edits, so its fix is the merge that resolves them, in the
# command line's and a config file's words (counts takes none: the data's change, as before)
SPACED_AUDIT = (
    "error: column 'g': distinct values print the same: 'A' is written both as 'A' and as "
    "'A ' (the same name, one with whitespace around it). Fix: merge the spellings into one "
    "group: --merge-groups 'g=A,\"A \":A' on the command line, groups: {merge: {g: {A: [A, "
    '"A "]}}} in a config file; or strip the whitespace around the group names in the file'
)


@pytest.mark.parametrize("command", ["audit", "counts"])
@pytest.mark.parametrize("engine", ENGINES)
def test_group_names_apart_only_by_spaces_are_refused_alike(tmp_path, capsys, engine, command):
    """'A' and 'A ' were two groups, shown as "A  vs A": now one refusal on every engine,
    naming both spellings quoted and the fix."""
    path = tmp_path / "spaced.csv"
    _spaced_groups(path)
    out = ["--out", str(tmp_path / "c.csv")] if command == "counts" else []
    said = _refusal(capsys, [command, str(path), *ROLES, "--engine", engine, *out])
    assert said == (SPACED if command == "counts" else SPACED_AUDIT)


@pytest.mark.parametrize("engine", FAST)
def test_one_name_with_a_trailing_space_and_no_twin_is_still_a_group(tmp_path, capsys, engine):
    path = tmp_path / "one.csv"
    rows = [f"{['A ', 'B'][i % 2]},{i // 2 % 2},{i // 4 % 2}" for i in range(40)]
    path.write_text("g,y,p\n" + "\n".join(rows) + "\n", encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["audit", str(path), *ROLES, "--engine", engine, "--json", str(out)]) in (0, 1)
    assert "'A '" in out.read_text() or '"A "' in out.read_text()


def _typed(tmp_path, column: str, values) -> str:
    frame = _frame()
    frame[column] = values
    path = tmp_path / "typed.parquet"
    frame.to_parquet(path)
    return str(path)


# round 49: the fixes were pandas code (pd.to_numeric, .astype(float)) on the command line
TYPED = [
    (
        "w",
        ["1.045", "0.941"] * 20,
        "--weight",
        "error: column 'w (sample_weight)': holds the text values ['1.045', '0.941'], not "
        "numbers (a string column). Fix: store the column as numbers (a numeric type) in the "
        "file or table",
    ),
    (
        "w",
        [True, False, True, True] * 10,
        "--weight",
        "error: column 'w (sample_weight)': holds true/false, not weights. Fix: pass a numeric "
        "weight column (to weight by it: store it as 1/0 in the file)",
    ),
    (
        "s",
        ["0.5", "0.25", "0.75", "0.125"] * 10,
        "--y-score",
        "error: column 's (y_score)': holds the text values ['0.5', '0.25', '0.75'], not "
        "numbers (a string column). Fix: store the column as numbers (a numeric type) in the "
        "file or table and pass the probabilities",
    ),
]


@pytest.mark.parametrize(("column", "values", "flag", "expected"), TYPED)
@pytest.mark.parametrize("engine", ENGINES)
def test_text_or_true_false_weights_and_scores_are_refused_alike(
    tmp_path, capsys, engine, column, values, flag, expected
):
    """A Parquet string column '1.045' as --weight was read as numbers, and true/false weights
    as 0/1, on every engine, while text labels are refused: now refused in the labels' words."""
    path = _typed(tmp_path, column, values)
    argv = ["audit", path, *ROLES, flag, column, "--engine", engine]
    assert _refusal(capsys, argv) == expected


@pytest.mark.parametrize("engine", FAST)
def test_a_csv_files_numbers_stay_numbers_and_its_text_is_named_by_row(tmp_path, capsys, engine):
    frame = _frame()
    frame["w"] = [1.5, 0.5] * 20
    frame["s"] = [0.25, 0.75] * 20
    frame.to_csv(tmp_path / "ok.csv", index=False)
    argv = ["audit", str(tmp_path / "ok.csv"), *ROLES, "--weight", "w", "--y-score", "s"]
    assert main([*argv, "--engine", engine, "--json", str(tmp_path / "r.json")]) in (0, 1)
    frame["w"] = frame["w"].astype(object)
    frame.loc[3, "w"] = "heavy"
    frame.to_csv(tmp_path / "bad.csv", index=False)
    argv = ["audit", str(tmp_path / "bad.csv"), *ROLES, "--weight", "w", "--engine", engine]
    assert _refusal(capsys, argv) == (
        "error: column 'w (sample_weight)': weights must be numbers; 1 value is not a number, "
        "first at bad.csv line 5 (value: 'heavy'). Fix: pass a numeric weight column"
    )


def _spark_or_dask(request, kind, frame):
    if kind == "dask":
        dd = pytest.importorskip("dask.dataframe")
        return dd.from_pandas(frame, npartitions=2)
    records = [tuple(r) for r in frame.astype(object).itertuples(index=False, name=None)]
    return request.getfixturevalue("spark").createDataFrame(records, list(frame.columns))


@pytest.mark.parametrize("kind", ["dask", pytest.param("spark", marks=pytest.mark.slow)])
@pytest.mark.parametrize(("column", "values", "flag", "expected"), TYPED)
def test_a_frames_text_or_true_false_column_is_refused_as_the_api_refuses_it(
    request, kind, column, values, flag, expected
):
    """audit_frame on a Dask or Spark frame read a str weight column as numbers."""
    from ethiclens.errors import EthicLensInputError, in_cli_words
    from ethiclens.fairness import audit
    from ethiclens.sources import audit_frame

    frame = _frame()
    frame[column] = values
    role = {"--weight": "sample_weight", "--y-score": "y_score"}[flag]
    with pytest.raises(EthicLensInputError) as api:
        audit(frame["y"], frame["p"], frame["g"], **{role: frame[column].rename(column)})
    with pytest.raises(EthicLensInputError) as engine:
        audit_frame(_spark_or_dask(request, kind, frame), y_pred="p", protected="g", y_true="y",
                    **{role: column})  # fmt: skip
    # round 49: Python's words give pandas code, the command line's (TYPED) the file's
    assert "pandas" in str(engine.value)
    assert str(in_cli_words(engine.value)) == expected.removeprefix("error: ")
    assert str(api.value) == str(engine.value)
