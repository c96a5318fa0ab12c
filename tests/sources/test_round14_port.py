"""Round 14: a database URL whose port is not a number is named as such (not Python's int()
message), on --db and --db-env, its password never shown."""

import pytest

from ethiclens.cli import main

ARGS = ["--table", "t", "--y-true", "y", "--y-pred", "p", "--protected", "sex"]


@pytest.mark.parametrize("how", ["--db", "--db-env"])
def test_a_port_that_is_not_a_number(how, monkeypatch, capsys):
    url = "postgres://bob:S3cretPW@h:notaport/db"
    monkeypatch.setenv("SCORES_DB", url)
    given = [how, url if how == "--db" else "SCORES_DB"]
    rc = main(["audit", *given, *ARGS])
    out = capsys.readouterr()
    text = out.out + out.err
    assert rc == 2, text
    assert "the port after the host is not a whole number" in text
    assert "int()" not in text
    assert "S3cretPW" not in text
