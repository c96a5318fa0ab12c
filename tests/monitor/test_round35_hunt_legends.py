"""Round 35 hunt: the monitor's charts drew each legend inside its panel (loc='best'), where it
covered the data matplotlib found least of: a DI estimate near the band's top, an e-value
curve, the evidence figure's curves. As the report's since this round, each legend stands
beside its panel, inside the figure (nothing cut), the PNG as large as before."""

import datetime as dt
import io

import numpy as np
import pandas as pd
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from ethiclens.monitor import MonitorRequest, run_monitor, trend_png
from ethiclens.monitor._sim import figure


@pytest.fixture
def drawn(monkeypatch):
    """The figures saved while the test runs."""
    figures, save = [], Figure.savefig

    def record(fig, *args, **kwargs):
        figures.append(fig)
        return save(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", record)
    return figures


def _legends_beside(fig) -> int:
    renderer = FigureCanvasAgg(fig).get_renderer()
    width = fig.bbox.width
    legends = 0
    for ax in fig.axes:
        legend = ax.get_legend()
        if legend is None:
            continue
        box, panel = legend.get_window_extent(renderer), ax.get_window_extent(renderer)
        assert box.x0 >= panel.x1, "the legend covers the panel"
        assert box.x1 <= width, "the legend runs past the figure's edge"
        legends += 1
    return legends


def test_trend_legends_stand_beside_their_panels(tmp_path, drawn):
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
    doc = run_monitor(request, tmp_path / "s.sqlite", now=now).to_dict()
    png = trend_png(doc, doc["comparisons"][0])
    assert _legends_beside(drawn[-1]) == 3  # DI, gaps, e-values
    assert Image.open(io.BytesIO(png)).size == (720, 702)  # 8 x 7.8 in at 90 dpi, as before


def test_the_evidence_figures_legend_stands_beside_it(tmp_path, drawn):
    curve = list(np.linspace(0.0, 0.9, 20))
    result = {"days": 20, "streams": 10, "n": 200, "alpha": 0.05}
    result["false_alarm"] = {
        k: curve for k in ("fixed_di_curve", "fixed_eo_curve", "ours_di_curve", "ours_eo_curve")
    }
    figure(result, tmp_path / "evidence.png")
    assert _legends_beside(drawn[-1]) == 1
    assert Image.open(tmp_path / "evidence.png").size == (700, 360)
