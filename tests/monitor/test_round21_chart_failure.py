"""Round 21: a trend plot matplotlib fails to draw is a note in its place on the monitor's
dashboard (the dashboard and the JSON are still written); the window axis has whole-number
ticks only."""

from __future__ import annotations

from unittest import mock

from ethiclens.cli import main
from ethiclens.monitor import run_monitor, trend_png

from .conftest import request_of, write_days


def _data(tmp_path, days=25, n=24):
    """Hourly-ish rows of groups a and b over ``days`` daily windows (conftest's feed)."""
    return write_days(tmp_path / "data", range(days), n=n, groups=(["a", "b"], [0.5, 0.5]))


def _fail(*args, **kwargs):
    raise RuntimeError("simulated draw failure")


def test_dashboard_is_written_with_a_note_when_drawing_fails(tmp_path, capsys):
    data = _data(tmp_path)
    js, page = tmp_path / "m.json", tmp_path / "m.html"
    argv = ["monitor", str(data), "--time", "ts", "--window", "1d"]
    argv += ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
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

    data = _data(tmp_path, days=3)  # three daily windows: matplotlib's default ticks 1, 1.25, ...
    doc = run_monitor(request_of(data, protected=("race=a",)), tmp_path / "s.sqlite").data
    drawn = []
    real = matplotlib.figure.Figure.savefig

    def keep(fig, *args, **kwargs):
        drawn.append(fig)
        return real(fig, *args, **kwargs)

    with mock.patch("matplotlib.figure.Figure.savefig", keep):
        trend_png(doc, doc["comparisons"][0])
    ticks = drawn[0].axes[-1].get_xticks()
    assert len(ticks) and all(float(t).is_integer() for t in ticks), ticks
