"""Round 33 review (monitor): ``read_store_report`` of a PostgreSQL URL whose schema holds no
store is refused as ``read_store`` refuses it, and nothing is made there (was: the schema
created and a report of nothing returned, the SQLite case 18e0273a fixed); a PostgreSQL
store a run wrote is still reported."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store_report, run_monitor

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)
REQUEST = MonitorRequest(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g",))


def _schemas(pg_url) -> set:
    import sqlalchemy as sa

    engine = sa.create_engine(pg_url)
    with engine.connect() as con:
        found = {r[0] for r in con.execute(sa.text("SELECT nspname FROM pg_namespace"))}
    engine.dispose()
    return found


def test_a_schema_with_no_store_is_refused_and_not_made(pg_url):
    url = f"{pg_url}&schema=r33_review_none"
    with pytest.raises(EthicLensInputError, match="not an EthicLens monitor store"):
        read_store_report(url, REQUEST)
    assert "r33_review_none" not in _schemas(pg_url)


def test_a_postgres_store_is_reported(pg_url):
    url = f"{pg_url}&schema=r33_review_store"
    run_monitor(REQUEST, url)
    assert len(read_store_report(url, REQUEST).to_dict()["windows"]) == 2
