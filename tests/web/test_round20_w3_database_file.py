"""Round 20 (W3): every database-level failure (its SQLite file gone, a file that is not a
database, a URL that cannot be used, a login refused, a server not reachable) reaches the
browser and the stored history as the environment variable that holds the URL and a general
reason, at the database field; the server's path or the driver's words only in its log. A
table's problem stays at the Table field."""

from __future__ import annotations

import html
import json
import logging
import re
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web._jobs import database_refusal

from .conftest import csrf_of, make_app, make_frame, mapping_form, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _database(path) -> None:
    con = sqlite3.connect(path)
    make_frame(n=600).drop(columns=["age", "constant"]).to_sql("t", con, index=False)
    con.close()


def _post_table(client, table="t"):
    token = csrf_of(client.get("/").text)
    return client.post("/database", data={"csrf": token, "db": "DB_BOOL", "table": table})


def _in_general_terms(text: str, folder, why: str) -> None:
    assert f"the database DB_BOOL: {why}" in text, text[-800:]
    assert str(folder) not in text and "bool.db" not in text, text[-800:]


def test_a_database_file_gone_before_the_run_fails_it_by_its_variable(
    tmp_path, monkeypatch, caplog
):
    from starlette.testclient import TestClient

    from ethiclens.web._store import Store

    folder = tmp_path / "x"
    folder.mkdir()
    _database(folder / "bool.db")
    monkeypatch.setenv("DB_BOOL", f"sqlite:///{folder}/bool.db")
    app = make_app(tmp_path, databases=("DB_BOOL",))
    with TestClient(app, follow_redirects=False) as client:
        url = _post_table(client).headers["location"]
        form = mapping_form(client.get(url).text, n_boot="200")
        (folder / "bool.db").rename(tmp_path / "moved.db")  # gone since the mapping
        with caplog.at_level(logging.WARNING, logger="ethiclens"):
            page = wait_done(client, client.post(url, data=form).headers["location"])
    assert page.status_code == 422
    _in_general_terms(_text(page.text), folder, "its file does not exist")
    stored = Store(app.config.store).audit(url.split("/")[2])["error"]
    words = " ".join(v for v in json.loads(stored).values() if isinstance(v, str))
    _in_general_terms(words, folder, "its file does not exist")
    assert str(folder / "bool.db") in caplog.text  # the detail is the server's log's


def test_the_threshold_view_of_a_database_file_gone_names_its_variable(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from .test_round14_thresholds import _view_form

    folder = tmp_path / "x"
    folder.mkdir()
    _database(folder / "bool.db")
    monkeypatch.setenv("DB_BOOL", f"sqlite:///{folder}/bool.db")
    app = make_app(tmp_path, databases=("DB_BOOL",))
    with TestClient(app, follow_redirects=False) as client:
        url = _post_table(client).headers["location"]
        form = mapping_form(client.get(url).text, n_boot="200", y_score="score")
        done = wait_done(client, client.post(url, data=form).headers["location"])
        assert done.status_code == 200
        (folder / "bool.db").unlink()
        r = client.post(url.rsplit("/", 1)[0] + "/thresholds", data=_view_form(done.text))
    assert r.status_code == 422
    _in_general_terms(_text(r.text), folder, "its file does not exist")


def test_a_file_that_is_not_a_database_is_refused_at_the_database_field(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    (tmp_path / "notdb.sqlite").write_text("label,pred\n1,0\n" * 100, encoding="utf-8")
    monkeypatch.setenv("DB_BOOL", f"sqlite:///{tmp_path}/notdb.sqlite")
    with TestClient(make_app(tmp_path, databases=("DB_BOOL",))) as client:
        r = _post_table(client)
    assert r.status_code == 422
    assert 'id="error-db"' in r.text and 'id="error-table"' not in r.text
    text = _text(r.text)
    assert "the database DB_BOOL: its file is not a SQLite database" in text, text[-800:]
    assert "notdb" not in text


def test_a_missing_table_stays_at_the_table_field(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    _database(tmp_path / "bool.db")
    monkeypatch.setenv("DB_BOOL", f"sqlite:///{tmp_path}/bool.db")
    with TestClient(make_app(tmp_path, databases=("DB_BOOL",))) as client:
        r = _post_table(client, table="nope")
    assert r.status_code == 422
    assert 'id="error-table"' in r.text and 'id="error-db"' not in r.text
    assert "nope" in _text(r.text)


@pytest.mark.parametrize(
    ("problem", "why"),
    [
        ("the SQLite database file /srv/x/bool.db does not exist", "its file does not exist"),
        ("/srv/x is a folder, not a SQLite database file", "its file is a folder"),
        ("bool.db is not a SQLite database (or is encrypted)", "its file is not a SQLite"),
        ("bool.db is locked: another process is writing to it", "its file is locked"),
        ("bool.db has a leftover rollback journal bool.db-journal (a write", "journal"),
        ("bool.db-wal holds writes not yet copied into bool.db, and SQLite", "journal"),
        ("cannot use this database URL: Could not parse /srv/x", "its URL cannot be used"),
        ("cannot connect: unable to open database file", "the server cannot open its file"),
        ("cannot connect: FATAL: password authentication failed for user", "login"),
        ("cannot connect: connection refused at /srv/pg/.s.PGSQL.5432", "not reachable"),
    ],
)
def test_each_database_level_refusal_is_said_in_general_terms(problem, why):
    for exc in (  # as the library raises it, and quoted by the threshold view's refusal
        EthicLensInputError(problem, column="--db-env DB_BOOL", fix="see /srv/x"),
        EthicLensInputError(
            f"the audit's rows cannot be read again: option '--db-env DB_BOOL': {problem}",
            column="threshold",
        ),
    ):
        said = database_refusal(exc, "DB_BOOL")
        assert said is not None, problem
        assert said.problem.startswith("cannot ") and "the database DB_BOOL: " in said.problem
        assert why in said.problem + " " + said.fix, said.problem
        words = f"{said.problem} {said.fix}"
        assert "/srv" not in words and "bool.db" not in words and "PGSQL" not in words


@pytest.mark.parametrize(
    "problem",
    [
        "table 'nope' cannot be read: no such table: nope",
        "the query failed: no such column: x",
        "the counting query failed: datatype mismatch",
        "the database statement ran past its timeout and was cancelled",
    ],
)
def test_a_table_or_query_refusal_is_not_the_databases(problem):
    assert (
        database_refusal(EthicLensInputError(problem, column="--db-env DB_BOOL"), "DB_BOOL") is None
    )
