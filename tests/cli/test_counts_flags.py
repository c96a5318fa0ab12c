"""``ethiclens counts`` names a problem by the flag the user typed, as ``audit`` does (was: the
request's key, ``key 'target.db_env'``, for ``--db-env``)."""

from ethiclens.cli import main


def test_an_unset_db_env_is_named_by_its_flag(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ETHICLENS_TEST_UNSET_DB", raising=False)
    args = ["--db-env", "ETHICLENS_TEST_UNSET_DB", "--table", "t", "--y-pred", "p"]
    rc = main(["counts", *args, "--protected", "g", "--out", str(tmp_path / "c.csv")])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith("error: option '--db-env': environment variable ETHICLENS_TEST_UNSET")
    assert "target.db_env" not in err
    assert not (tmp_path / "c.csv").exists()
    rc = main(["audit", *args, "--protected", "g"])
    audit_err = capsys.readouterr().err
    assert audit_err.split(":")[:2] == err.split(":")[:2]


def test_a_missing_column_stays_a_column(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n" + "1,0,a\n0,1,b\n" * 40)
    rc = main(["counts", str(data), "--y-pred", "nope", "--protected", "g", "--out",
               str(tmp_path / "c.csv")])  # fmt: skip
    assert rc == 2 and "option '--y-pred': column 'nope' not found" in capsys.readouterr().err
