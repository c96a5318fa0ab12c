"""Round 26: a DataFrame whose time column holds Python datetimes, some naive and some aware
(an object column, as rows gathered from two sources give), is counted by DuckDB as pandas
counts it (a time without an offset is UTC). DuckDB refused it ("DuckDB could not count a
pandas DataFrame ...: Conversion Error: Could not convert 'datetime' to type TIMESTAMP WITH
TIME ZONE") where the pandas engine gave the windows: two engines, two answers. Likewise an
object group column of bools and ints ("Mismatch Type Error")."""

import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor


def test_naive_and_aware_datetimes_in_one_frame_column_count_alike(tmp_path, days):
    data = days(tmp_path / "data", range(3), n=300)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    stamps = pd.to_datetime(frame["ts"], utc=True)
    mixed = [t.to_pydatetime() if i % 2 else t.tz_localize(None).to_pydatetime()
             for i, t in enumerate(stamps)]  # fmt: skip
    req = dict(time="ts", window="1d", y_pred="pred", y_true="label", protected=("race=White",))
    docs = {}
    for engine in ("pandas", "duckdb"):
        target = frame.assign(ts=pd.Series(mixed, dtype=object))
        result = run_monitor(MonitorRequest(target=target, engine=engine, **req), tmp_path / engine)
        docs[engine] = result.data
    plain = run_monitor(MonitorRequest(target=str(data), **req), tmp_path / "files").data
    for doc in docs.values():
        assert doc["windows"] == plain["windows"]
        assert doc["comparisons"] == plain["comparisons"]


def test_an_object_column_duckdb_cannot_type_is_counted_as_pandas_counts_it(tmp_path, days):
    data = days(tmp_path / "data", range(2), n=200)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    # bools beside 2 and 3 (True beside 1 is refused since a6bd9eb7: one hash, two spellings)
    cells = [bool(i % 2) if i % 3 else 2 + i % 2 for i in range(len(frame))]
    flags = pd.Series(cells, dtype=object)
    req = dict(time="ts", window="1d", y_pred="pred", y_true="label", protected=("race",))
    docs = [
        run_monitor(MonitorRequest(target=frame.assign(race=flags), engine=e, **req), tmp_path / e)
        for e in ("pandas", "duckdb")
    ]
    assert docs[0].data["comparisons"] == docs[1].data["comparisons"]
    assert docs[0].data["windows"] == docs[1].data["windows"]
