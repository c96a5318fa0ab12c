"""``monitor --config F --query Q`` where F names a ``target.table`` (or ``--table`` over its
``target.query``): the flag replaces the file's other key with a note, as ``audit`` does
(``spec.replaced_table_or_query``, one rule); was refused as a table and a query at once."""

import json
import sqlite3

import pandas as pd
import pytest
import yaml

from .conftest import FLAGS
from .conftest import run_cli as _cli


@pytest.fixture
def config(tmp_path, days):
    folder = days(tmp_path / "data", range(3), n=200)
    rows = pd.concat([pd.read_csv(f) for f in sorted(folder.glob("*.csv"))], ignore_index=True)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        rows.to_sql("preds", con, index=False)
    url = f"sqlite:///{db}"

    def write(**target) -> str:
        path = tmp_path / "spec.yaml"
        path.write_text(yaml.safe_dump({"target": {"db": url, **target}}))
        return str(path)

    return write


@pytest.mark.parametrize(
    ("file_key", "old", "flag_key", "flag", "value"),
    [
        ("table", "preds", "query", "--query", "SELECT * FROM preds WHERE race = 'White'"),
        ("query", "SELECT * FROM preds", "table", "--table", "preds"),
    ],
    ids=["query-over-table", "table-over-query"],
)
def test_a_table_or_query_flag_replaces_the_files_other_with_a_note(
    tmp_path, config, capsys, file_key, old, flag_key, flag, value
):
    path = config(**{file_key: old})
    out = tmp_path / "out.json"
    rc, _, err = _cli(
        capsys, "monitor", "--config", path, *FLAGS, "--protected", "race", flag, value,
        "--store", tmp_path / "s.sqlite", "--json", out,
    )  # fmt: skip
    assert rc == 0, err  # was 2: a table and a query at once
    assert f"note: {flag} {value} overrides target.{file_key} = {old} from {path}" in err
    run = json.loads(out.read_text())["run"]
    assert ("(query)" in run["target"]) == (flag_key == "query")  # the flag's, read
    assert ("one group so far (White)" in str(run.get("notes"))) == (flag_key == "query"), run


def test_a_table_and_a_query_on_the_command_line_are_still_refused(tmp_path, config, capsys):
    rc, _, err = _cli(
        capsys, "monitor", "--config", config(table="preds"), *FLAGS, "--protected", "race",
        "--table", "preds", "--query", "SELECT * FROM preds", "--store", tmp_path / "s.sqlite",
    )  # fmt: skip
    assert rc == 2 and "--query" in err and "Traceback" not in err
