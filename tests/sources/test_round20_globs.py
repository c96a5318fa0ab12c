"""Round 20: a folder or glob holding files of a kind no engine reads as several files (JSON,
.txt, ...) is refused in one line saying which kinds a folder or glob may hold and what to do,
naming no engine the user did not choose; a folder of such files says what it holds, not
"matches no file", and one beside CSV files is no longer dropped silently."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import resolve_files

pytest.importorskip("duckdb")

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race", "--n-boot", "100"]
KINDS = "a folder or glob may hold only .csv, .csv.gz, .parquet and .pq files"


@pytest.fixture
def frame():
    return pd.DataFrame(
        {"label": [0, 1] * 50, "pred": [1, 0, 0, 1] * 25, "race": ["a", "b", "b", "a"] * 25}
    )


@pytest.fixture
def json_folder(tmp_path, frame):
    jd = tmp_path / "jd"
    jd.mkdir()
    frame.iloc[:50].to_json(jd / "a.json", orient="records")
    frame.iloc[50:].to_json(jd / "b.json", orient="records")
    return jd


def _refusal(capsys, *argv) -> str:
    assert main(["audit", *map(str, argv), *ROLES]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("engine", [[], ["--engine", "pandas"], ["--engine", "duckdb"]])
@pytest.mark.parametrize("glob", [True, False])
def test_a_folder_or_glob_of_json_says_which_kinds_it_may_hold(json_folder, capsys, engine, glob):
    target = f"{json_folder}/*.json" if glob else json_folder
    err = _refusal(capsys, target, *engine)
    where = "glob" if glob else "folder"
    assert f"{KINDS}, but this {where} holds .json files ({json_folder}/a.json, " in err
    assert f"Fix: convert them to .csv or .parquet, or audit one file alone ({json_folder}/a" in err
    assert "--engine" not in err and "matches no file" not in err


def test_one_json_file_alone_is_still_audited(json_folder, capsys):
    assert main(["audit", str(json_folder / "a.json"), *ROLES]) == 0


def test_a_json_file_beside_csv_files_is_not_dropped(tmp_path, frame, capsys):
    (tmp_path / "d").mkdir()
    frame.to_csv(tmp_path / "d" / "a.csv", index=False)
    frame.to_json(tmp_path / "d" / "b.json", orient="records")
    err = _refusal(capsys, tmp_path / "d")
    assert f"this folder holds .json files ({tmp_path}/d/b.json)" in err
    assert "Fix: move it out of the folder, or convert it to .csv or .parquet" in err
    err = _refusal(capsys, f"{tmp_path}/d/*")
    assert "Fix: narrow the glob to the .csv or .parquet files" in err


def test_a_folder_of_other_files_says_what_it_holds(tmp_path):
    (tmp_path / "notes.txt").write_text("hi")
    (tmp_path / "book.xlsx").write_bytes(b"PK")
    with pytest.raises(EthicLensInputError, match=r"this folder holds \.txt and \.xlsx files"):
        resolve_files(str(tmp_path))
    with pytest.raises(EthicLensInputError, match="matches no file"):
        resolve_files(str(tmp_path / "empty*"))


def test_a_writers_files_beside_the_data_are_not_data(tmp_path, frame):
    frame.to_csv(tmp_path / "part-0.csv", index=False)
    (tmp_path / "_SUCCESS").write_text("")
    (tmp_path / "_delta_log").mkdir()
    (tmp_path / "_delta_log" / "0.json").write_text("{}")
    (tmp_path / "README.md").write_text("the export")
    assert resolve_files(str(tmp_path)) == ([str(tmp_path / "part-0.csv")], "csv", False)


def test_one_json_file_with_a_file_engine_still_names_that_engine(json_folder, capsys):
    err = _refusal(capsys, json_folder / "a.json", "--engine", "dask")
    assert "--engine dask (Dask) reads only" in err and "Fix: use --engine pandas" in err
