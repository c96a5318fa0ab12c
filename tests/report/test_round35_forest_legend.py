"""Round 35: the forest plot's threshold legend sat in each panel's lower-right corner and hid
what was drawn there (a flagged equalized-odds difference of 1.0 on the bottom row). The
panels' lines now join the statuses in one legend above the panels, inside the figure. The
PPV/FPR chart's legend, placed where matplotlib found room inside the panel, covered the tops of
bars near 1 (an FPR of 1.0 and its whisker): it now stands beside the panel."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens


def _figure(labelled: bool, di_threshold: float = 0.8):
    g = np.repeat(["a", "b", "c"], 300)
    y = np.tile([0, 1], 450)
    p = np.zeros(900, dtype=int)
    p[300:600] = 1  # b always selected: a and c never, EO 1.0 on both rows
    result = ethiclens.audit(
        y if labelled else None,
        p,
        {"g": g},
        reference={"g": "b"},
        n_boot=100,
        policy=ethiclens.Policy(di_threshold=di_threshold),
    )
    fig = result.plot()
    fig.draw_without_rendering()  # the constrained layout placed
    return fig


@pytest.mark.parametrize(("labelled", "threshold"), [(True, 0.8), (False, 0.777777)])
def test_the_threshold_legend_is_above_the_panels_and_inside_the_figure(labelled, threshold):
    fig = _figure(labelled, threshold)
    assert all(ax.get_legend() is None for ax in fig.axes)
    (legend,) = fig.legends
    texts = [t.get_text() for t in legend.texts]
    assert any(t.startswith("DI: outside [") for t in texts), texts
    assert ("EO: lower bound above 0.10 flags" in texts) is labelled
    assert "flagged" in texts and "parity (1.0)" in texts
    box = legend.get_window_extent()
    assert not any(box.overlaps(ax.get_window_extent()) for ax in fig.axes)
    assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1


def test_the_rates_legend_stands_beside_the_bars():
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b", "c"], 300)
    y = (rng.random(900) < 0.9).astype(int)
    result = ethiclens.audit(y, np.ones(900, dtype=int), {"g": g}, n_boot=100)  # FPR 1.0
    fig = result.plot("rates")
    fig.draw_without_rendering()
    (ax,) = fig.axes
    box = ax.get_legend().get_window_extent()
    assert not box.overlaps(ax.get_window_extent())
    assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1
