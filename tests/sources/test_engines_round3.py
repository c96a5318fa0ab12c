"""Every engine gives the pandas engine's answer on odd files (round 3 of the tester's findings).

A folder reads every data file it holds (a gzipped CSV too) or refuses a mix of CSV and Parquet
as a glob does; labels written two ways (``1`` and ``1.0``, ``true`` and ``TRUE``, `` 1``) are
one label on every engine; an empty surplus field is a surplus field.
"""

import gzip
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("duckdb")
pytest.importorskip("dask.dataframe")

ENGINES = ["pandas", "duckdb", "dask"]
ROLES = ["--y-true", "y", "--y-pred", "yp", "--protected", "g", "--n-boot", "100"]


def _rows(n=150, seed=0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "yp": r.integers(0, 2, n),
            "y": r.integers(0, 2, n),
            "g": r.choice(["a", "b"], n),
        }
    )


def _answer(capsys, target, engine) -> str:
    """What ``audit`` answers on ENGINE: the groups' sizes, or its one error line."""
    rc = main(["audit", str(target), *ROLES, "--engine", engine, "--json", "-"])
    out = capsys.readouterr()
    if rc != 0:
        return out.err.strip().splitlines()[-1]
    report = json.loads(out.out)
    return f"{report['data']['n_rows']} rows: {json.dumps(report['attributes'], sort_keys=True)}"


def _write_csv(path, text: str) -> None:
    if str(path).endswith(".gz"):
        with gzip.open(path, "wt") as fh:
            fh.write(text)
    else:
        path.write_text(text)


def _folder(tmp_path, files: dict):
    """A folder of FILES (name: DataFrame, or CSV text), each written by its name's kind."""
    folder = tmp_path / "folder"
    folder.mkdir()
    for name, content in files.items():
        if name.endswith(".parquet"):
            content.to_parquet(folder / name, index=False)
        else:
            text = content if isinstance(content, str) else content.to_csv(index=False)
            _write_csv(folder / name, text)
    return folder


@pytest.mark.parametrize("engine", ENGINES)
def test_folder_of_csv_and_gzipped_csv_reads_both(capsys, tmp_path, engine):
    folder = _folder(tmp_path, {"a.csv": _rows(seed=1), "b.csv.gz": _rows(seed=2)})
    answer = _answer(capsys, folder, engine)
    assert answer.startswith("300 rows"), answer
    assert answer == _answer(capsys, folder, "pandas")


@pytest.mark.parametrize("engine", ENGINES)
def test_folder_of_gzipped_csv_only_is_read(capsys, tmp_path, engine):
    folder = _folder(tmp_path, {"b.csv.gz": _rows(seed=2)})
    assert _answer(capsys, folder, engine).startswith("150 rows")


@pytest.mark.parametrize("engine", ENGINES)
def test_folder_mixing_csv_and_parquet_is_refused_as_its_glob(capsys, tmp_path, engine):
    folder = _folder(tmp_path, {"a.parquet": _rows(seed=1), "b.csv": _rows(seed=2)})
    answer = _answer(capsys, folder, engine)
    assert "mixes CSV and Parquet files" in answer, answer
    glob_answer = _answer(capsys, f"{folder}/*", engine)
    assert answer == glob_answer.replace(f"{folder}/*", str(folder))


def _labels_two_ways(column: str, one: str, zero: str, every: int = 7) -> str:
    """CSV text of 300 rows whose COLUMN writes 1 and 0 as ONE and ZERO on every EVERY-th row
    (the other rows write ``1``/``0``, or ``true``/``false`` when ONE is a boolean word)."""
    frame = _rows(300, seed=4).astype({"yp": object, "y": object})
    usual = ("true", "false") if one.strip().lower() in ("true", "false") else ("1", "0")
    frame[column] = [
        (one if v else zero) if i % every == 0 else usual[1 - v]
        for i, v in enumerate(frame[column])
    ]
    return frame.to_csv(index=False)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "column, one, zero",
    [
        ("yp", "1.0", "0.0"),  # integers and floats: pandas reads floats, 1 == 1.0
        ("yp", "TRUE", "False"),  # booleans in any of pandas' spellings
        ("yp", " 1", " 0"),  # a space before a number: pandas reads the number
        ("y", " 1", "0 "),
    ],
)
def test_labels_written_two_ways_are_one_label(capsys, tmp_path, engine, column, one, zero):
    path = tmp_path / "labels.csv"
    path.write_text(_labels_two_ways(column, one, zero))
    answer = _answer(capsys, path, engine)
    assert answer.startswith("300 rows"), answer
    assert answer == _answer(capsys, path, "pandas")


@pytest.mark.parametrize("engine", ENGINES)
def test_an_empty_surplus_field_is_refused_with_its_line(capsys, tmp_path, engine):
    lines = _rows(300, seed=5).to_csv(index=False).splitlines()
    lines[6] += ","  # line 7: one empty field more than the header
    path = tmp_path / "more_empty.csv"
    path.write_text("\n".join(lines) + "\n")
    answer = _answer(capsys, path, engine)
    assert "more_empty.csv line 7 has 4 fields but its header has 3" in answer, answer


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("column", ["yp", "g"])
def test_an_empty_field_is_still_missing(capsys, tmp_path, engine, column):
    frame = _rows(300, seed=6).astype({column: object})
    frame.loc[7, column] = ""
    path = tmp_path / "empty_field.csv"
    path.write_text(frame.to_csv(index=False))
    answer = _answer(capsys, path, engine)
    assert "first at empty_field.csv line 9" in answer, answer
    assert answer == _answer(capsys, path, "pandas")


@pytest.mark.parametrize("engine", ENGINES)
def test_each_file_of_a_folder_has_its_labels_typed_on_their_own(capsys, tmp_path, engine):
    """pandas reads file a's 0/1 as integers and file b's true/false as booleans: both labels."""
    b = _rows(seed=8).astype({"yp": object})
    b["yp"] = ["true" if v else "false" for v in b["yp"]]
    folder = _folder(tmp_path, {"a.csv": _rows(seed=7), "b.csv": b.to_csv(index=False)})
    answer = _answer(capsys, folder, engine)
    assert answer.startswith("300 rows"), answer
    assert answer == _answer(capsys, folder, "pandas")


@pytest.mark.parametrize("engine", ENGINES)
def test_parquet_files_keep_their_types_across_a_folder(capsys, tmp_path, engine):
    """Group 1 (an integer) in one file and '1' (text) in another are two values to pandas,
    refused by the audit; DuckDB must not cast both to text."""
    a, b = _rows(seed=9), _rows(seed=10)
    a["g"] = np.where(a["g"] == "a", 1, 2)
    b["g"] = np.where(b["g"] == "a", "1", "3")
    folder = _folder(tmp_path, {"a.parquet": a, "b.parquet": b})
    answer = _answer(capsys, folder, engine)
    assert "distinct values print the same" in answer, answer
    assert answer == _answer(capsys, folder, "pandas")


@pytest.mark.parametrize("engine", ENGINES)
def test_parquet_labels_of_two_types_across_a_folder(capsys, tmp_path, engine):
    a, b = _rows(seed=11), _rows(seed=12)
    b["yp"] = b["yp"].astype(bool)
    folder = _folder(tmp_path, {"a.parquet": a, "b.parquet": b})
    answer = _answer(capsys, folder, engine)
    assert answer.startswith("300 rows"), answer
    assert answer == _answer(capsys, folder, "pandas")
