"""Round 33 review (monitor): a refusal of the target, named by the config file's key
(``target.file``) when the file gave it, keeps the command line's words for its fix (was the
Python face's ``target=pd.read_json(path)``: the key's renaming dropped the fix the command
line gives), and a database the command line gave (``--db`` over the file's ``target.file``)
is not named by a key the file never held (was ``key 'target.db'``; the audit says TARGET)."""

import sqlite3

import pandas as pd

from ethiclens.cli import main

ARGS = ["--time", "ts", "--window", "1d", "--store", "s.sqlite"]
ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)


def _config(tmp_path, target: str) -> str:
    text = f"target:\n  file: {target}\nroles:\n  y_pred: p\n  protected: [g]\n"
    (tmp_path / "spec.yaml").write_text(text)
    return str(tmp_path / "spec.yaml")


def test_a_config_files_json_target_is_told_the_command_lines_fix(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    ROWS.to_json("rows.json", orient="records")
    rc = main(["monitor", "--config", _config(tmp_path, "rows.json"), *ARGS])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("error: key 'target.file': the monitor reads .csv"), err
    assert "Fix: save the rows as .csv or .parquet\n" in err and "pd." not in err


def test_a_database_given_on_the_command_line_is_not_a_config_key(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    ROWS.to_csv("rows.csv", index=False)
    with sqlite3.connect("db.sqlite") as con:
        ROWS.to_sql("preds", con, index=False)
    db = ["--db", f"sqlite:///{tmp_path}/db.sqlite", "--table", "preds"]
    args = ["monitor", "--config", _config(tmp_path, "rows.csv"), *db, *ARGS]
    assert main(args) == 0
    with sqlite3.connect("db.sqlite") as con:
        con.execute("insert into preds values ('2024-01-01T05:00:00', 'A', 1)")
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "error: argument 'TARGET': late or changed rows" in err and "target.db" not in err
