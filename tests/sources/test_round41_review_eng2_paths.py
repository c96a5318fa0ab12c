"""Round 41 review (eng2): io's messages escaped a path's control characters (524640ab), but
the sources' own messages still quoted TARGET raw on the Python face: a folder 'da\\nta' of
header-only files said 'da<newline>ta has no data rows' on pandas and DuckDB alike, a missing
SQLite file 'x<U+202E>y.db' put a bidi override in the message. Now they show it as io does."""

import pytest

from ethiclens.errors import EmptyInputError, EthicLensInputError
from ethiclens.sources import Roles, duckdb_counts, pandas_counts, sql_counts

ROLES = Roles(y_pred="yhat", protected=["g"], y_true="y")


@pytest.mark.parametrize("count", [pandas_counts, duckdb_counts])
def test_no_rows_names_the_folder_escaped(tmp_path, count):
    folder = tmp_path / "da\nta"
    folder.mkdir()
    for name in ("a.csv", "b.csv"):
        (folder / name).write_text("y,yhat,g\n")
    with pytest.raises(EmptyInputError) as info:
        count(str(folder), ROLES)
    said = str(info.value)
    assert "da\\nta has no data rows" in said and "\n" not in said


def test_missing_sqlite_file_escaped(tmp_path):
    with pytest.raises(EthicLensInputError) as info:
        sql_counts(f"sqlite:///{tmp_path}/x\u202ey.db", ROLES, table="t")
    said = str(info.value)
    assert "the SQLite database file" in said and "x\\u202ey.db does not exist" in said
    assert "\u202e" not in said
