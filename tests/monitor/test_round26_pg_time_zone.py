"""Round 26: a PostgreSQL database whose session time zone is not UTC (a server configured for
its city) reads a time without an offset as UTC, as the files and SQLite do (docs/monitoring.md:
"without an offset UTC is assumed"). It read a naive text time and a `timestamp without time
zone` in the server's zone: rows near midnight moved to another day, silently."""

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

REQ = dict(time="ts", window="1d", y_pred="pred", y_true="label", protected=("race=White",))


@pytest.mark.parametrize(
    "zone, style", [("America/New_York", "ISO, MDY"), ("Asia/Kolkata", "SQL, DMY")]
)
def test_a_non_utc_postgres_server_reads_naive_times_as_utc(pg_url, tmp_path, days, zone, style):
    import sqlalchemy as sa

    data = days(tmp_path / "data", range(3), n=300)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))])
    stamps = pd.to_datetime(frame["ts"], utc=True)
    tables = {
        "naive_text": frame.assign(ts=stamps.dt.strftime("%Y-%m-%d %H:%M:%S")),
        "naive_typed": frame.assign(ts=stamps.dt.tz_localize(None)),
        "offset_text": frame.assign(ts=[t.tz_convert("Asia/Tokyo").isoformat() for t in stamps]),
        "aware_typed": frame.assign(ts=stamps),
        "dates": frame.assign(ts=stamps.dt.strftime("%Y-%m-%d")),
        "dates_typed": frame.assign(ts=stamps.dt.normalize().dt.tz_localize(None).dt.date),
    }
    engine = sa.create_engine(pg_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as con:
        con.execute(sa.text("DROP DATABASE IF EXISTS tz_ny"))
        con.execute(sa.text("CREATE DATABASE tz_ny"))
        con.execute(sa.text(f"ALTER DATABASE tz_ny SET timezone TO '{zone}'"))
        con.execute(sa.text(f"ALTER DATABASE tz_ny SET datestyle TO '{style}'"))
    engine.dispose()
    url = pg_url.replace("/postgres?", "/tz_ny?")
    engine = sa.create_engine(url)
    with engine.begin() as con:
        for name, table in tables.items():
            table.to_sql(name, con, index=False)
    engine.dispose()
    for name, table in tables.items():
        source = tmp_path / f"{name}.csv"
        table.to_csv(source, index=False)
        files = run_monitor(MonitorRequest(target=str(source), **REQ), tmp_path / f"{name}.f")
        db = MonitorRequest(target="db", db=url, table=name, **REQ)
        doc = run_monitor(db, tmp_path / f"{name}.sqlite").data
        assert doc["windows"] == files.data["windows"], name
        assert doc["comparisons"] == files.data["comparisons"], name
