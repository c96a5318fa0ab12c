"""Round 50: a PostgreSQL array or JSON column given as a group (g int[], g jsonb), or as the
labels, made the database audit fail with "option '--db ...': cannot connect: unhashable type:
'list'. Fix: check the host, port, database name and credentials" (psycopg hands such a value
over as a list or dict; the GROUP BY's first_spellings could not factorize it), where a Parquet
list or struct column is refused on every file engine as "group values must be scalars". The
database's cells are now refused in those words, naming no row (a cell is no source row).

No PostgreSQL server here: the GROUP BY result of a SQLite table is given the values psycopg
hands over for an array and a JSON column."""

from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _sql, counts_of, sql_counts

FRAME = pd.DataFrame({"y": [1, 0] * 4, "p": [1, 0, 0, 1] * 2, "g": ["a", "b"] * 4})


@pytest.fixture
def url(tmp_path):
    path = tmp_path / "d.sqlite"
    with sqlite3.connect(path) as con:
        FRAME.to_sql("t", con, index=False)
    return f"sqlite:///{path}"


def _as_postgres_hands_over(monkeypatch, column, value):
    real = _sql._count

    def count(*args, **kwargs):
        frame = real(*args, **kwargs)
        frame[column] = pd.Series([value(v) for v in frame[column]], dtype=object)
        return frame

    monkeypatch.setattr(_sql, "_count", count)


@pytest.mark.parametrize("value", [lambda v: [v], lambda v: {"k": v}], ids=["array", "json"])
def test_an_array_or_json_group_is_refused_as_every_engine_refuses_it(monkeypatch, url, value):
    _as_postgres_hands_over(monkeypatch, "g", value)
    with pytest.raises(EthicLensInputError) as db:
        sql_counts(url, Roles("p", ["g"], "y"), table="t")
    rows = FRAME.assign(g=[value(v) for v in FRAME["g"]])
    with pytest.raises(EthicLensInputError) as frame:
        counts_of(rows, Roles("p", ["g"], "y"))
    said = str(db.value)
    assert "cannot connect" not in said and "unhashable" not in said
    assert said.startswith("column 'g': group values must be scalars")
    assert said == str(frame.value).replace(", first at row 0", "")


def test_an_array_label_is_refused_in_the_labels_words(monkeypatch, url):
    _as_postgres_hands_over(monkeypatch, "y_true", lambda v: [v])
    with pytest.raises(EthicLensInputError) as db:
        sql_counts(url, Roles("p", ["g"], "y"), table="t")
    assert str(db.value).startswith("column 'y (y_true)': ")
    assert "cannot connect" not in str(db.value)
