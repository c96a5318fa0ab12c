"""Round 39 review (rev_k): a database URL pasted with an invisible character around it (a
zero-width space, a byte-order mark) is used as the URL it is: ``checked_db_url`` returned it
with the character (``str.strip`` keeps it), so ``ethiclens audit --db '\\u200bsqlite:///…'``
(or --db-env naming a variable so pasted) failed with SQLAlchemy's 'Could not parse' instead
of what is wrong with the database."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens.cli import main
from ethiclens.sources import checked_db_url, env_db_url


@pytest.mark.parametrize("char", ["\u200b", "\ufeff", "\u2060", "\x1b"])
def test_disguised_url_is_the_url(char):
    url = "postgresql://u:pw@h/d"
    assert checked_db_url(f"{char}{url}{char} ") == url
    assert checked_db_url(f" {url}") == url  # a plain space, as before


def test_audit_says_what_is_wrong(tmp_path, capsys):
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE other (p INTEGER)")
    args = ["--table", "preds", "--y-pred", "p", "--protected", "race"]
    assert main(["audit", "--db", f"\u200bsqlite:///{db}", *args]) == 2
    err = capsys.readouterr().err
    assert "cannot be read" in err and "parse" not in err


def test_env_variable_disguised_url_is_the_url(monkeypatch):
    monkeypatch.setenv("REV_K_DB", "\u200bpostgresql://u:pw@h/d")
    assert env_db_url("REV_K_DB") == "postgresql://u:pw@h/d"
