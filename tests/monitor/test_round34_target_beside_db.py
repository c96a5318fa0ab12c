"""``ethiclens monitor TARGET --db URL`` (or ``--db-env NAME``) names the two flags that give
two targets, as ``ethiclens audit`` does ("argument 'TARGET' and option '--db': names 2
targets", round 45); it named them as a config file's keys ("key 'target.file/target.db'")
though no config file was given (round 34). A config file that names both keeps its keys' words."""

import pytest

from ethiclens.cli import main

ROLES = ["--time", "t", "--window", "1d", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--db", "sqlite:///x.db"], "argument 'TARGET' and option '--db'"),
        (["--db-env", "ETHICLENS_R34_DB"], "argument 'TARGET' and option '--db-env'"),
    ],
)
def test_a_target_beside_a_database_names_both_flags(tmp_path, capsys, monkeypatch, flags, words):
    monkeypatch.setenv("ETHICLENS_R34_DB", "sqlite:///x.db")
    (tmp_path / "rows.csv").write_text("t,p,g\n2024-01-01,1,A\n")
    store = tmp_path / "s.sqlite"
    argv = ["monitor", str(tmp_path / "rows.csv"), *ROLES, *flags, "--table", "t"]
    assert main([*argv, "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {words}: names 2 targets (file, db)"), err
    assert not store.exists()


def test_a_config_naming_both_keeps_its_keys(tmp_path, capsys):
    config = tmp_path / "audit.yaml"
    config.write_text("target:\n  file: rows.csv\n  db: sqlite:///x.db\n  table: t\n")
    argv = ["monitor", "--config", str(config), *ROLES, "--store", str(tmp_path / "s.sqlite")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'target.file/target.db': names 2 targets"), err
