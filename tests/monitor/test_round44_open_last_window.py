"""A week still filling (5 days of rows, --window 7d) was processed with no word, and the
sixth day, given next run, refused as late rows with only "start a new --store" for a fix: a
new user was locked out. A run now says when the last window it processed has whole days after
the data's last row (it is counted as it stands; --hold-last holds it), and the refusal of late
or changed rows in the last processed window names --hold-last. Python and the command line
say the same words."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli

OPEN = "ends after the data's last row"
HOLD = "start a new --store and monitor with --hold-last"
# a Python caller's words (round 47: run_monitor said the command line's flags)
PY_HOLD = "start a new store_path and monitor with hold_last=True"


def _days(path, days):
    """Rows every 4 hours of January 2024's days ``days`` (Jan 1 is a Monday), two groups."""
    times = [pd.Timestamp(f"2024-01-{d:02d}") + pd.Timedelta(hours=h) for d in days
             for h in range(0, 24, 4)]  # fmt: skip
    n = len(times)
    pd.DataFrame(
        {
            "ts": [t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in times],
            "p": [i % 2 for i in range(n)],
            "g": ["a" if i % 3 else "b" for i in range(n)],
        }
    ).to_csv(path, index=False)
    return path


def _req(target, window="7d", **kw):
    return MonitorRequest(str(target), time="ts", window=window, y_pred="p", protected=("g",), **kw)


def test_a_week_still_filling_is_said_to_be_open(tmp_path):
    five = _days(tmp_path / "five.csv", range(1, 6))
    notes = run_monitor(_req(five), tmp_path / "s.sqlite").data["run"].get("notes", [])
    said = [n for n in notes if OPEN in n]
    # a Python caller's words (round 47: the command line's --hold-last/--store were pinned)
    assert said == [
        "window 0 (2024-01-01T00:00:00Z to 2024-01-08T00:00:00Z) ends after the data's last row "
        "(2024-01-05T20:00:00Z): it is counted as it stands, and rows of it given later are "
        "refused as late rows; if more rows for it will come, use hold_last=True to hold the "
        "newest window until a later window has rows (from a new store_path: this one has "
        "counted window 0)"
    ], notes
    # a day window's rows run into its last day; a whole week; a held week: nothing to say
    whole = _days(tmp_path / "whole.csv", range(1, 8))
    for target, window, kw in (
        (five, "1d", {}),
        (whole, "7d", {}),
        (five, "7d", {"hold_last": True}),
    ):
        store = tmp_path / f"{target.stem}-{window}-{bool(kw)}.sqlite"
        notes = run_monitor(_req(target, window, **kw), store).data["run"].get("notes", [])
        assert not [n for n in notes if OPEN in n], notes


def test_late_rows_of_the_last_processed_window_name_hold_last(tmp_path):
    store = tmp_path / "s.sqlite"
    run_monitor(_req(_days(tmp_path / "five.csv", range(1, 6))), store)
    with pytest.raises(EthicLensInputError, match="late or changed rows: window 0") as caught:
        run_monitor(_req(_days(tmp_path / "six.csv", range(1, 7))), store)
    last = "window 0 is the last one processed: if it was counted while rows of it were still "
    assert f"{last}to come, {PY_HOLD}" in str(caught.value), caught.value
    # late rows of an earlier window: --hold-last would not have helped, and is not named
    two = tmp_path / "two.sqlite"
    run_monitor(_req(_days(tmp_path / "weeks.csv", range(1, 15))), two)
    with pytest.raises(EthicLensInputError, match="late or changed rows: window 0") as caught:
        run_monitor(_req(_days(tmp_path / "more.csv", [*range(1, 15), 3])), two)
    assert "--hold-last" not in str(caught.value), caught.value


def test_the_command_line_says_the_same(tmp_path, capsys):
    five, six = _days(tmp_path / "five.csv", range(1, 6)), _days(tmp_path / "six.csv", range(1, 7))
    flags = ["--time", "ts", "--window", "7d", "--y-pred", "p", "--protected", "g"]
    rc, out, err = run_cli(capsys, "monitor", five, *flags, "--store", tmp_path / "s.sqlite")
    assert (
        rc == 0
        and "note: window 0 (2024-01-01T00:00:00Z to 2024-01-08T00:00:00Z) " + OPEN in out + err
    )
    rc, out, err = run_cli(capsys, "monitor", six, *flags, "--store", tmp_path / "s.sqlite")
    assert rc == 2 and err.startswith("error: ") and HOLD in err, err
