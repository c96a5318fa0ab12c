"""Round 19: a sign-off date may carry a time of day with a fraction of a second and a time
zone (``datetime.now()``, ``2026-02-28T10:00:00Z``), impossible ones are still refused and
the refusal suggests the user's own day; a blank sign-off name is refused; the run record
says that its request's relative paths are read from the folder a run starts in."""

import datetime
import re
import sqlite3

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.report import load_card_info
from ethiclens.report._provenance import check_card_info, relative_paths


def _load(tmp_path, text: str) -> dict:
    path = tmp_path / "card.yaml"
    path.write_text(text)
    return load_card_info(path, "--card-info")


def _refusal(tmp_path, text: str) -> str:
    with pytest.raises(EthicLensInputError) as err:
        _load(tmp_path, text)
    said = str(err.value)
    assert "\n" not in said
    return said


@pytest.mark.parametrize(
    "date",
    [
        "2026-02-28T10:00:00Z",
        "2026-02-28T10:00:00+01:00",
        "2026-02-28T10:00:00.123456",
        "2026-02-28 10:00:00.5-0530",
        "2026-02-28T10:00Z",
    ],  # fmt: skip
)
@pytest.mark.parametrize("quote", ["", "'"])
def test_an_iso_date_time_with_a_fraction_or_a_time_zone_stands(tmp_path, date, quote):
    card = _load(tmp_path, f"sign_off:\n  date: {quote}{date}{quote}\n")
    day = card["sign_off"]["date"]
    assert isinstance(day, str) and day.startswith("2026-02-28")


@pytest.mark.parametrize("now", [datetime.datetime.now(), datetime.datetime.now(datetime.UTC)])
def test_python_datetime_now_stands_as_its_iso_text(now):
    card = check_card_info({"sign_off": {"date": now}})
    assert card["sign_off"]["date"] == now.isoformat()


@pytest.mark.parametrize(
    "date",
    [
        "2026-02-30",
        "2026-02-28T25:61",
        "yesterday",
        "2026-02-28T10:00:00Zx",
        "2026-02-28T10:00:00+01:00 garbage",
        "2026-02-28T10:00:00.1234567890",
    ],  # fmt: skip
)
def test_an_impossible_date_time_is_still_refused(tmp_path, date):
    said = _refusal(tmp_path, f"sign_off:\n  date: '{date}'\n")
    assert "sign_off.date is not a calendar date written YYYY-MM-DD" in said


@pytest.mark.parametrize(
    ("date", "day"),
    [
        ("2026-2-8", "2026-02-08"),
        ("2026/02/08", "2026-02-08"),
        ("20260208", "2026-02-08"),
        ("2026-02-08T25:61", "2026-02-08"),
    ],  # fmt: skip
)
def test_the_refusal_suggests_the_users_own_day(tmp_path, date, day):
    said = _refusal(tmp_path, f"sign_off:\n  date: '{date}'\n")
    assert said.endswith(f"Fix: write the day of the sign-off, e.g. date: {day} (YYYY-MM-DD)")


def test_an_unreadable_date_gets_todays_day_as_the_example(tmp_path):
    said = _refusal(tmp_path, "sign_off:\n  date: 'yesterday'\n")
    assert f"e.g. date: {datetime.date.today().isoformat()} (YYYY-MM-DD)" in said


@pytest.mark.parametrize(("key", "what"), [("prepared_by", "name"), ("reviewed_by", "name"),
                                           ("decision", "decision")])  # fmt: skip
@pytest.mark.parametrize("blank", ["'   '", "''", '"\\t"', '"\\u200b "'])
def test_a_blank_sign_off_field_is_refused(tmp_path, key, what, blank):
    said = _refusal(tmp_path, f"sign_off:\n  {key}: {blank}\n")
    assert said.startswith(f"option '--card-info': sign_off.{key} is blank (value: ")
    assert said.endswith(f"Fix: write the {what}, or leave {key} out (the report then leaves "
                         "a line for ink)")  # fmt: skip


def test_the_run_record_says_where_relative_paths_are_read_from(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rows = [f"{i % 2},{i // 2 % 2},{'AB'[i % 3 == 0]}" for i in range(300)]
    (tmp_path / "d.csv").write_text("y,p,g\n" + "\n".join(rows) + "\n")
    (tmp_path / "card.yaml").write_text("sign_off:\n  prepared_by: Ann\n")
    argv = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g=A",
            "--card-info", "card.yaml", "--n-boot", "100", "--html", "r.html"]  # fmt: skip
    assert main(argv) == 0
    text = re.sub(r"<[^>]+>", "", (tmp_path / "r.html").read_text())
    assert (
        "Relative paths in it (target.file: d.csv; model.card_info: card.yaml) are read from "
        "the folder you run it in, as this audit read them from the folder it ran in" in text
    )
    assert "SHA-256 above identifies the data file to use" in text
    assert str(tmp_path) not in text  # no folder of this machine is written


def test_a_request_without_relative_paths_gets_no_note(tmp_path, monkeypatch):
    rows = [f"{i % 2},{i // 2 % 2},{'AB'[i % 3 == 0]}" for i in range(300)]
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n" + "\n".join(rows) + "\n")
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g=A",
            "--n-boot", "100", "--html", str(tmp_path / "r.html")]  # fmt: skip
    assert main(argv) == 0
    assert "Relative paths in it" not in (tmp_path / "r.html").read_text()


# Round 20: a relative SQLite database is named by the run record's note too; a sign-off date
# may carry an offset with seconds (isoformat() of such a time zone) and one space before it.


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("sqlite:///cp.db", "sqlite:///cp.db"),
        ("sqlite:///dir/x.db", "sqlite:///dir/x.db"),
        ("sqlite+pysqlite:///x.db?mode=ro", "sqlite+pysqlite:///x.db?mode=ro"),
        ("sqlite:///file:x.db?uri=true", "sqlite:///file:x.db?uri=true"),
        ("sqlite://u:secret@/x.db", "sqlite://u:***@/x.db"),  # never its password
    ],  # fmt: skip
)
def test_a_relative_sqlite_database_is_named(url, named):
    assert relative_paths({"target": {"db": url}}) == [("target.db", named)]


@pytest.mark.parametrize(
    "target",
    [
        {"db": "sqlite:////abs/x.db"},
        {"db": "sqlite://"},
        {"db": "sqlite:///:memory:"},
        {"db": "sqlite:///file:x?mode=memory&uri=true"},
        {"db": "postgresql://u:secret@host/db"},
        {"db": "duckdb:///x.db"},
        {"db_env": "AUDIT_DB"},  # the URL is not in the request
    ],  # fmt: skip
)
def test_an_absolute_in_memory_or_server_database_is_not_named(target):
    assert relative_paths({"target": target}) == []


def _sqlite_db(path) -> None:
    with sqlite3.connect(path) as con:
        con.execute("create table t (y int, p int, g text)")
        con.executemany(
            "insert into t values (?, ?, ?)",
            [(i % 2, i // 2 % 2, "AB"[i % 3 == 0]) for i in range(300)],
        )
    con.close()


def _db_note(tmp_path, monkeypatch, *db) -> str:
    monkeypatch.chdir(tmp_path)
    _sqlite_db(tmp_path / "cp.db")
    argv = [*"audit --table t --y-true y --y-pred p --protected g=A --n-boot 100".split(),
            *db, "--html", "r.html"]  # fmt: skip
    assert main(argv) == 0
    return re.sub(r"<[^>]+>", "", (tmp_path / "r.html").read_text())


def test_the_run_record_names_a_relative_sqlite_database(tmp_path, monkeypatch):
    text = _db_note(tmp_path, monkeypatch, "--db", "sqlite:///cp.db")
    assert "Relative paths in it (target.db: sqlite:///cp.db) are read from the folder" in text
    assert str(tmp_path) not in text


def test_a_database_named_by_db_env_gets_no_note(tmp_path, monkeypatch):
    monkeypatch.setenv("AUDIT_DB", "sqlite:///cp.db")
    assert "Relative paths in it" not in _db_note(tmp_path, monkeypatch, "--db-env", "AUDIT_DB")


_OFFSET = datetime.timezone(datetime.timedelta(hours=5, minutes=30, seconds=15))


@pytest.mark.parametrize(
    "when",
    [
        datetime.datetime(2026, 12, 3, 10, tzinfo=_OFFSET),
        datetime.datetime(
            2026,
            12,
            3,
            10,
            tzinfo=datetime.timezone(-datetime.timedelta(hours=5, seconds=15, microseconds=1)),
        ),
    ],  # fmt: skip
)
def test_a_datetime_with_an_offset_in_seconds_stands_as_its_iso_text(when):
    card = check_card_info({"sign_off": {"date": when}})
    assert card["sign_off"]["date"] == when.isoformat()


@pytest.mark.parametrize(
    "date",
    [
        "2026-12-03 10:00:00 +01:00",
        "2026-12-03T10:00:00 -0530",
        "2026-12-03 10:00 Z",
        "2026-12-03T10:00:00+05:30:15",
        "2026-12-03T10:00:00+05:30:15.000001",
        "2026-12-03T10:00:00+053015",
    ],  # fmt: skip
)
def test_a_space_before_the_offset_or_its_seconds_stand(tmp_path, date):
    assert _load(tmp_path, f"sign_off:\n  date: '{date}'\n")["sign_off"]["date"] == date


@pytest.mark.parametrize(
    "date",
    [
        "2026-12-03 10:00:00  +01:00",
        "2026-12-03 +01:00",
        "2026-12-03T10:00:00+05:75",
        "2026-12-03T10:00:00+05:30:75",
        "2026-12-03T10:00:00+0530:15",
        "2026-12-03 10:00:00 +01:00 x",
        "2026-02-30 10:00:00 +01:00",
    ],  # fmt: skip
)
def test_an_impossible_offset_or_trailing_text_is_still_refused(tmp_path, date):
    said = _refusal(tmp_path, f"sign_off:\n  date: '{date}'\n")
    assert "sign_off.date is not a calendar date written YYYY-MM-DD" in said
