"""Databases, round 4 of the tester's findings.

- a password is masked in every spelling of a URL: without a scheme (``u:pw@h/db``), with a
  scheme missing its ':' (``postgresql//u:pw@h``), or folded by a path (``postgresql/u:pw@h``);
- a query whose result names one column twice is refused as a file's header is;
- a SQLite URI (``sqlite:///file:x.db?mode=rwc&uri=true``) gets the missing-file check of a
  plain path, and never creates the file; a folder is named as a folder;
- a refused statement is named by what the user wrote (SAVEPOINT, REINDEX), not by sqlglot's
  node (Alias, Column);
- a refusal names the option that gave the URL (``--db-env NAME``).
"""

import sqlite3

import pytest

from ethiclens._secrets import mask_secrets, mask_url, scrub
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_columns, sql_counts
from ethiclens.sources._sql import read_only_query

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

PASSWORD = "S3cretPW"
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--n-boot", "100"]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "rows.sqlite"
    with sqlite3.connect(path) as con:
        make_frame(1, n=300).to_sql("t", con, index=False)
    return path


def _error(capsys, *argv) -> str:
    assert main(list(map(str, argv))) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(
    "url, shown",
    [
        ("u:S3cretPW@h/db", "u:***@h/db"),
        ("postgresql//u:S3cretPW@127.0.0.1:1/db", "postgresql//u:***@127.0.0.1:1/db"),
        ("postgresql/u:S3cretPW@127.0.0.1:1/db", "postgresql/u:***@127.0.0.1:1/db"),
        ("u:pa:ss/S3cretPW@h/db", "u:***@h/db"),
        ("postgresql+psycopg://u:S3cretPW@h/db", "postgresql+psycopg://u:***@h/db"),
    ],
)
def test_a_password_is_masked_whatever_the_url_lacks(url, shown):
    assert mask_url(url) == shown
    assert mask_secrets(f"option '--db {url}': cannot connect") == (
        f"option '--db {shown}': cannot connect"
    )
    # a driver that echoes the password without its key is scrubbed too
    assert PASSWORD not in scrub(f"bad password {PASSWORD!r}", url)


@pytest.mark.parametrize("text", ["sqlite:///a@b.db", "sqlite:////data/x@y.db", "at 12:30 a@b"])
def test_paths_and_text_without_a_password_are_kept(text):
    assert mask_url(text) == text
    assert mask_secrets(text) == text


@pytest.mark.parametrize("how", ["--db", "--db-env"])
@pytest.mark.parametrize("url", ["u:S3cretPW@h/db", "postgresql//u:S3cretPW@h/db"])
def test_the_cli_never_prints_a_schemeless_password(capsys, monkeypatch, how, url):
    monkeypatch.setenv("MYDB3", url)
    given = url if how == "--db" else "MYDB3"
    line = _error(capsys, "audit", how, given, "--table", "t", *ROLES)
    assert PASSWORD not in line
    assert "u:***@" in line or how == "--db-env"


def test_a_refusal_names_the_option_that_gave_the_url():
    with pytest.raises(EthicLensInputError) as caught:
        sql_columns("u:S3cretPW@h/db", table="t", flag="--db-env MYDB3")
    assert caught.value.column == "--db-env MYDB3"
    assert PASSWORD not in str(caught.value)
    with pytest.raises(EthicLensInputError) as caught:
        sql_columns("u:S3cretPW@h/db", table="t")
    assert caught.value.column == "--db u:***@h/db"


@pytest.mark.parametrize(
    "query, name",
    [
        ("SELECT y, p, race, 1 - y AS y FROM t", "y"),
        ("SELECT *, p AS p FROM t", "p"),
        ("SELECT t.race, u.race FROM t, t AS u", "race"),
    ],
)
def test_a_query_naming_a_column_twice_is_refused(db, query, name):
    roles = Roles(y_true="y", y_pred="p", protected=["race"])
    for read in (
        lambda: sql_columns(f"sqlite:///{db}", query=query),
        lambda: sql_counts(f"sqlite:///{db}", roles, query=query),
    ):
        with pytest.raises(EthicLensInputError) as caught:
            read()
        assert caught.value.column == "--query"
        assert f"has two columns named {name!r}" in str(caught.value)
        assert "rename the columns so each name is unique" in str(caught.value)


def test_a_query_with_distinct_names_is_read(db):
    assert sql_columns(f"sqlite:///{db}", query="SELECT y, p, race, 1 - y AS y2 FROM t") == [
        "y",
        "p",
        "race",
        "y2",
    ]


@pytest.mark.parametrize(
    "form",
    [
        "sqlite:///file:{name}?mode=rwc&uri=true",
        "sqlite:///file:{name}?uri=true",
        "sqlite:///{name}?uri=true",
        "sqlite:///file:{name}",  # without uri=true SQLite takes 'file:...' for a file name
    ],
)
def test_a_missing_sqlite_file_is_refused_and_never_created(tmp_path, monkeypatch, form):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError, match="does not exist"):
        sql_columns(form.format(name="created.db"), table="t")
    assert list(tmp_path.iterdir()) == []


def test_a_sqlite_uri_to_an_existing_file_is_read(db):
    for url in (f"sqlite:///file:{db}?mode=ro&uri=true", f"sqlite:///file:{db}?uri=true"):
        assert sql_columns(url, table="t")[:3] == ["race", "sex", "y"]


def test_an_in_memory_sqlite_uri_is_not_taken_for_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for url in ("sqlite:///file::memory:?uri=true", "sqlite:///file:x?mode=memory&uri=true"):
        with pytest.raises(EthicLensInputError, match="cannot be read: no such table"):
            sql_columns(url, table="t")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_named_as_a_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in").mkdir()
    for url in ("sqlite:///in", "sqlite:///file:in?uri=true"):
        line = _error(capsys, "audit", "--db", url, "--table", "t", *ROLES)
        assert "in is a folder, not a SQLite database file" in line
        assert "does not exist" not in line


@pytest.mark.parametrize(
    "query, name",
    [
        ("SAVEPOINT a", "SAVEPOINT"),
        ("RELEASE a", "RELEASE"),
        ("REINDEX", "REINDEX"),
        ("/* why */ reindex t", "REINDEX"),
        ("VACUUM", "VACUUM"),
        ("DELETE FROM t", "DELETE"),
        ("WITH x AS (SELECT 1) DELETE FROM t", "DELETE"),
        ("REPLACE INTO t SELECT * FROM t", "REPLACE"),
        ("PRAGMA query_only = 0", "PRAGMA"),
        ("ANALYZE", "ANALYZE"),
    ],
)
def test_a_refused_statement_is_named_as_written(query, name):
    article = "an" if name[0] in "AEIOU" else "a"
    with pytest.raises(EthicLensInputError) as caught:
        read_only_query(query, "sqlite")
    assert f"the query is {article} {name} statement, not a SELECT" in str(caught.value)
