"""Round 50: an intersection's crossed group is named by joining its parts with '&', so
('x&y', 'z') and ('x', 'y&z') are both 'x&y&z'. The audit and one monitor run refuse the clash
in one table, but a second run over the next files (the first ones rotated away) counted the
other crossing into the store's 'x&y&z' without a word, and a --baseline-target's crossings were
pooled under TARGET's names alike. The store now keeps each crossed name's parts (meta
'crossed'; a store written before that: its groups) and a run crossing other parts under a name
it holds is refused, on every face, before anything is written."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

CLASH = "groups ('x', 'y&z') and ('x&y', 'z') would both be labelled 'x&y&z'"
EARLIER = "(this store's earlier windows counted ('x&y', 'z') under that name)"


def _days(first: int, a: str, b: str) -> pd.DataFrame:
    """Two days of hourly rows whose A writes ``a`` or 'w' and B ``b`` or 'v'."""
    times = pd.date_range("2024-01-01", periods=48, freq="h") + pd.Timedelta(days=first)
    return pd.DataFrame(
        {
            "t": times.strftime("%Y-%m-%dT%H:%M:%S"),
            "A": [a, "w", a, "w"] * 12,
            "B": [b, b, "v", "v"] * 12,
            "p": [1, 0, 0, 1, 1, 1] * 8,
        }
    )


def _request(target, **more) -> MonitorRequest:
    return MonitorRequest(
        target=target, time="t", window="1d", y_pred="p", protected=("A", "B"),
        intersections=(("A", "B"),), **more,
    )  # fmt: skip


def _windows(store) -> int:
    with sqlite3.connect(store) as con:
        return con.execute("SELECT COUNT(*) FROM windows").fetchone()[0]


@pytest.mark.parametrize("face", ["python", "cli"])
def test_a_later_run_crossing_other_parts_under_a_stored_name_is_refused(tmp_path, face):
    store = tmp_path / "s.sqlite"
    run_monitor(_request(_days(0, "x&y", "z")), store)
    later = tmp_path / "later.csv"
    _days(2, "x", "y&z").to_csv(later, index=False)  # the first days' files rotated away
    if face == "python":
        with pytest.raises(EthicLensInputError) as caught:
            run_monitor(_request(str(later)), store)
        said = str(caught.value)
        assert said.startswith("argument 'intersections': " + CLASH) and "store_path" in said
    else:
        args = ["--time", "t", "--window", "1d", "--y-pred", "p", "--protected", "A"]
        args += ["--protected", "B", "--intersect", "A,B", "--store", str(store)]
        assert main(["monitor", str(later), *args]) == 2
    assert _windows(store) == 2  # nothing of the refused run was written


def test_a_store_without_the_kept_parts_is_judged_by_its_groups(tmp_path):
    store = tmp_path / "s.sqlite"
    run_monitor(_request(_days(0, "x&y", "z")), store)
    with sqlite3.connect(store) as con:  # as a store of an earlier version holds it
        con.execute("DELETE FROM meta WHERE key = 'crossed'")
    with pytest.raises(EthicLensInputError, match=f"{CLASH} {EARLIER}".replace("(", r"\(")
                       .replace(")", r"\)")):  # fmt: skip
        run_monitor(_request(_days(2, "x", "y&z")), store)


def test_a_baseline_crossing_other_parts_under_a_name_is_refused(tmp_path):
    base = tmp_path / "base.csv"
    _days(0, "x", "y&z").to_csv(base, index=False)
    with pytest.raises(EthicLensInputError, match="would both be labelled 'x&y&z'"):
        run_monitor(_request(_days(2, "x&y", "z"), baseline_target=str(base)), tmp_path / "s.db")


def test_the_same_crossing_again_is_counted(tmp_path):
    store = tmp_path / "s.sqlite"
    run_monitor(_request(_days(0, "x&y", "z")), store)
    result = run_monitor(_request(_days(2, "x&y", "z")), store).to_dict()
    assert _windows(store) == 4
    assert "x&y&z" in {c["group"] for c in result["comparisons"] if c["attribute"] == "A&B"}
