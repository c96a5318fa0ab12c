"""Round 21: a trend plot matplotlib fails to draw is a note in its place on the monitor's
dashboard (the dashboard and the JSON are still written); the window axis has whole-number
ticks only."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pandas as pd

from ethiclens.cli import main
from ethiclens.monitor import run_monitor, trend_png

from .conftest import request_of


def _data(tmp_path, n=600):
    rng = np.random.default_rng(0)
    data = tmp_path / "data"
    data.mkdir()
    pd.DataFrame(
        {
            "ts": pd.date_range("2024-03-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ"),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "grp": rng.choice(["a", "b"], n),
        }
    ).to_csv(data / "d.csv", index=False)
    return data


def _fail(*args, **kwargs):
    raise RuntimeError("simulated draw failure")


def test_dashboard_is_written_with_a_note_when_drawing_fails(tmp_path, capsys):
    data = _data(tmp_path)
    js, page = tmp_path / "m.json", tmp_path / "m.html"
    argv = ["monitor", str(data / "d.csv"), "--time", "ts", "--window", "1d"]
    argv += ["--y-true", "label", "--y-pred", "pred", "--protected", "grp"]
    argv += ["--store", str(tmp_path / "s.sqlite"), "--json", str(js), "--html", str(page)]
    with mock.patch("matplotlib.figure.Figure.savefig", _fail):
        assert main(argv) == 0
    err = capsys.readouterr().err
    assert "trend could not be drawn" in err
    assert "Traceback" not in err and js.exists()
    text = page.read_text()
    assert "The trend plot could not be drawn (RuntimeError: simulated draw failure)" in text
    assert "data:image/png" not in text and "<table>" in text


def test_window_axis_has_whole_number_ticks(tmp_path):
    import matplotlib.figure

    data = _data(tmp_path, n=72)  # three daily windows: matplotlib's default ticks 1, 1.25, ...
    doc = run_monitor(request_of(data, protected=("grp=a",)), tmp_path / "s.sqlite").data
    drawn = []
    real = matplotlib.figure.Figure.savefig

    def keep(fig, *args, **kwargs):
        drawn.append(fig)
        return real(fig, *args, **kwargs)

    with mock.patch("matplotlib.figure.Figure.savefig", keep):
        trend_png(doc, doc["comparisons"][0])
    ticks = drawn[0].axes[-1].get_xticks()
    assert len(ticks) and all(float(t).is_integer() for t in ticks), ticks
