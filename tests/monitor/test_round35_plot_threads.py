"""Round 35: the dashboard's trend plots from threads and under a read-only HOME.

``trend_png`` drew on a matplotlib Figure (not pyplot) but two threads drawing at once still
shared matplotlib's mathtext parser (a log axis writes 10^k as mathtext): ``ValueError:
ParseException`` from a thread pool, and its ``catch_warnings`` set the process's warning
filters from a worker thread. Now one plot is drawn at a time, the same bytes, the filters
untouched. And ``monitor --html`` with HOME unwritable printed matplotlib's two lines
('mkdir -p failed for path …', 'Matplotlib created a temporary cache directory …') on its
import, as the report's --html did before round 34: the import filters those two only."""

import datetime as dt
import logging
import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd

from ethiclens.monitor import MonitorRequest, _render, run_monitor, trend_png


def _doc(tmp_path):
    rng = np.random.default_rng(35)
    n = 300
    frame = pd.DataFrame(
        {
            "ts": pd.Timestamp("2024-03-01", tz="UTC")
            + pd.to_timedelta(rng.integers(0, 3 * 86400, n), unit="s"),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(["White", "Black"], n),
        }
    )
    request = MonitorRequest(frame, time="ts", window="1d", y_pred="pred", y_true="label",
                             protected=("race=White",))  # fmt: skip
    now = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    return run_monitor(request, tmp_path / "s.sqlite", now=now).to_dict()


def test_trend_plots_drawn_from_threads_are_the_plots_drawn_alone(tmp_path):
    doc = _doc(tmp_path)
    comparison = doc["comparisons"][0]
    alone = trend_png(doc, comparison)
    filters = list(warnings.filters)
    with ThreadPoolExecutor(3) as pool:
        drawn = list(pool.map(lambda _: trend_png(doc, comparison), range(3)))
    assert all(png == alone for png in drawn)
    assert warnings.filters == filters


def test_matplotlibs_unwritable_folder_notes_are_not_printed_on_import(
    tmp_path, monkeypatch, caplog
):
    # a stand-in for matplotlib (already imported in this process): a package whose import
    # logs the two notes a read-only HOME makes matplotlib log, and one other message
    package = tmp_path / "plotpkg35"
    package.mkdir()
    (package / "__init__.py").write_text(
        "import logging\n"
        "log = logging.getLogger('plotpkg35')\n"
        "log.warning('mkdir -p failed for path /home/x/.config/matplotlib: [Errno 30]')\n"
        "log.warning('Matplotlib created a temporary cache directory at /tmp/m')\n"
        "log.warning('another note')\n"
    )
    (package / "figure.py").write_text("Figure = object\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with caplog.at_level(logging.WARNING, logger="plotpkg35"):
        module = _render._matplotlib_figure("plotpkg35.figure")
    assert module.Figure is object
    assert [r.getMessage() for r in caplog.records] == ["another note"]
    assert not logging.getLogger("plotpkg35").filters  # only while it is imported
