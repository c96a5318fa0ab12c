"""Round 50 holdout: a stream whose time column holds Unix epoch counts (1704067282 seconds,
1704067282000 milliseconds: a log's or a database export's) was refused 'not a date or
time ... Fix: write times as ISO 8601', never saying what the numbers are. The fix now says
they look like epoch seconds/milliseconds and the time the first reads as, on every engine;
other bad times (and a compact date 202401011200) keep the ISO fix alone."""

import pytest

from ethiclens.cli import main

ROWS = "".join(
    f"{1704067282 + 3600 * i}{{ms}},{i % 2},{i % 3 % 2},{'ab'[i % 2]}\n" for i in range(8)
)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(("ms", "unit"), [("", "seconds"), ("000", "milliseconds")])
def test_the_monitor_says_epoch_counts(tmp_path, capsys, engine, ms, unit):
    path = tmp_path / "s.csv"
    path.write_text("t,y,p,g\n" + ROWS.replace("{ms}", ms))
    args = ["--time", "t", "--window", "1d", "--y-pred", "p", "--protected", "g"]
    store = ["--store", str(tmp_path / "m.sqlite"), "--engine", engine]
    assert main(["monitor", str(path), *args, *store]) == 2
    err = capsys.readouterr().err
    said = f"Fix: the times look like Unix epoch {unit} (1704067282{ms} is 2024-01-01T00:01:22Z)"
    assert said in err and "write times as ISO 8601" in err


def test_other_values_keep_the_iso_fix_alone():
    from ethiclens.monitor._windows import _epoch_said

    assert _epoch_said("202401011200") == _epoch_said("yesterday") == _epoch_said("12") == ""
    assert _epoch_said("1704067282.0").startswith("the times look like Unix epoch seconds")
    # a date and hour YYYYMMDDHH is none (it read as epoch seconds in 2034: review of 8f12b908)
    assert _epoch_said("2024010112") == _epoch_said("1999123123") == ""
    assert _epoch_said("1999123160").startswith("the times look like Unix epoch seconds")
