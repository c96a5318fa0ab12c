"""Round 25: a monitor value that came from the --config file is named by its key there, as
the audit names it (a reference group the data lacks: roles.protected.sex, not
'--protected sex'; the file's database: target.db URL, not '--db URL'); a flag keeps its name."""

import sqlite3

import pandas as pd

from .conftest import run_cli as _cli


def _data(tmp_path, days):
    data = days(tmp_path / "data", range(3))
    frame = pd.concat(pd.read_csv(f) for f in sorted(data.glob("*.csv")))
    return frame.rename(columns={"race": "sex"})


def test_a_config_reference_group_not_in_the_data_is_named_by_its_key(tmp_path, days, capsys):
    _data(tmp_path, days).to_csv(tmp_path / "all.csv", index=False)
    config = tmp_path / "mon.yaml"
    config.write_text(
        f"target: {{file: {tmp_path / 'all.csv'}}}\n"
        "roles: {y_true: label, y_pred: pred, protected: {sex: asian}}\n",
        encoding="utf-8",
    )
    run = ("monitor", "--config", config, "--time", "ts", "--window", "7d", "--store")
    rc, _, err = _cli(capsys, *run, tmp_path / "a.sqlite")
    assert rc == 2 and "key 'roles.protected.sex'" in err and "--protected" not in err, err
    # in the audit's words too (it said "is not a group of the data", "choose from")
    assert "unknown reference group (value: 'asian')" in err and "use one of Asian," in err, err
    rc, _, err = _cli(capsys, *run, tmp_path / "b.sqlite", "--protected", "sex=asian")
    assert rc == 2 and "option '--protected sex'" in err, err  # a flag keeps its name


def test_a_config_database_is_named_by_its_key(tmp_path, days, capsys):
    with sqlite3.connect(tmp_path / "x.db") as con:
        _data(tmp_path, days).to_sql("t", con, index=False)
    url = f"sqlite:///{tmp_path / 'x.db'}"
    config = tmp_path / "mon.yaml"
    config.write_text(
        f'target: {{db: "{url}", table: nosuch}}\n'
        "roles: {y_true: label, y_pred: pred, protected: [sex]}\n",
        encoding="utf-8",
    )
    run = ("monitor", "--config", config, "--time", "ts", "--window", "7d", "--store")
    rc, _, err = _cli(capsys, *run, tmp_path / "a.sqlite")
    assert rc == 2 and f"key 'target.db {url}'" in err and "--db" not in err, err
    rc, _, err = _cli(capsys, *run, tmp_path / "b.sqlite", "--db", url)
    assert rc == 2 and f"option '--db {url}'" in err, err  # a flag keeps its name


def test_an_empty_table_or_query_is_named_as_the_audit_names_it(tmp_path, days, capsys):
    # it named nothing ("error: table t has no data rows"): the audit says option '--table'
    # (key 'target.table' from a config file)
    with sqlite3.connect(tmp_path / "x.db") as con:
        _data(tmp_path, days).head(0).to_sql("t", con, index=False)
    url = f"sqlite:///{tmp_path / 'x.db'}"
    config = tmp_path / "mon.yaml"
    config.write_text(
        f'target: {{db: "{url}", table: t}}\n'
        "roles: {y_true: label, y_pred: pred, protected: [sex]}\n",
        encoding="utf-8",
    )
    run = ("monitor", "--time", "ts", "--window", "7d", "--store", tmp_path / "s.sqlite")
    rc, _, err = _cli(capsys, *run, "--config", config)
    assert rc == 2 and "key 'target.table': table t has no data rows" in err, err
    flags = ("--y-true", "label", "--y-pred", "pred", "--protected", "sex", "--db", url)
    rc, _, err = _cli(capsys, *run, *flags, "--query", "select * from t")
    assert rc == 2 and "option '--query': the query has no data rows" in err, err
