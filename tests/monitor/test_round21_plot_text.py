"""Round 21: the monitor's trend plot draws a group named like mathtext ('$\\notacmd$',
'$0-$25k') as written; it crashed the dashboard."""

import numpy as np
import pandas as pd

from ethiclens.monitor import render_html, run_monitor

from .conftest import request_of


def test_dollar_group_names_draw_in_the_trend_plot(tmp_path):
    rng = np.random.default_rng(0)
    n = 600
    data = tmp_path / "data"
    data.mkdir()
    pd.DataFrame(
        {
            "ts": pd.date_range("2024-03-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ"),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "grp": rng.choice(["$\\notacmd$", "$0-$25k"], n),
        }
    ).to_csv(data / "d.csv", index=False)
    request = request_of(data, protected=("grp=$0-$25k",))
    doc = run_monitor(request, tmp_path / "s.sqlite").data
    page = render_html(doc)
    assert "$\\notacmd$ vs $0-$25k" in page
    assert page.count("data:image/png;base64,") == 1
