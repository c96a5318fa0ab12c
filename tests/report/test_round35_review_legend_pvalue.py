"""Round 35 review: the threshold plot's group legend sat inside the selection-rate panel where
matplotlib found room and covered curves; it now stands beside the panel, as the audit charts'
legends do. Its PNG, laid out at 100 dpi and written at 110, cut the verdict legend's last
status at the right edge ("PAS"); it is written in its tight box now. A p-value just under
0.0001 (9.96e-05) printed "1.0e-04", as if it were not below; it reads "< 0.0001"."""

from __future__ import annotations

import io

import numpy as np

import ethiclens
from ethiclens.report._audit_report import _p


def _table():
    """Four statuses in the verdict legend, wider than its strip (as compas's race)."""
    rng = np.random.default_rng(0)
    sizes = {"African-American": 400, "Caucasian": 1500, "Hispanic": 1500, "Native American": 20}
    g = np.repeat(list(sizes), list(sizes.values()))
    y = rng.integers(0, 2, len(g))
    shift = np.where(g == "African-American", 0.25, 0.0)
    score = np.clip(rng.random(len(g)) * 0.7 + 0.15 * y + shift, 0, 1)
    ref = {"race": "Caucasian"}
    return ethiclens.threshold_table(
        y,
        score,
        {"race": g},
        reference=ref,
        step=0.25,
        n_boot=100,
        random_state=0,
    )


def test_the_group_legend_stands_beside_its_panel_and_the_png_cuts_nothing():
    import matplotlib.image

    from ethiclens.report._threshold_plot import threshold_figure, threshold_figure_png

    table = _table()
    assert set(table.frame["status"].dropna()) == {
        "FLAGGED",
        "INCONCLUSIVE",
        "PASS",
        "INSUFFICIENT_DATA",
    }
    fig = threshold_figure(table)
    fig.draw_without_rendering()
    panel = fig.axes[0]
    box = panel.get_legend().get_window_extent()
    assert not any(box.overlaps(ax.get_window_extent()) for ax in fig.axes)
    assert box.x0 >= panel.get_window_extent().x1
    pixels = matplotlib.image.imread(io.BytesIO(threshold_figure_png(table)))
    for edge in (pixels[:, -3:], pixels[:, :3], pixels[-3:], pixels[:3]):
        assert (edge[..., :3] > 0.9).all()  # white: no text runs past the image


def test_a_p_value_under_0_0001_never_prints_as_0_0001():
    assert _p(9.96e-05) == "< 0.0001" and _p(9.95e-05) == "< 0.0001"
    assert _p(9.94e-05) == "9.9e-05" and _p(3.2e-06) == "3.2e-06"
    assert _p(0.0001) == "0.0001" and _p(5e-07) == "< 1e-6" and _p(None) == "—"


def test_a_long_attribute_name_is_cut_in_the_charts_titles_and_legends():
    from ethiclens.report._plots import calibration_figure, ppv_fpr_figure
    from ethiclens.report._threshold_plot import threshold_figure

    rng = np.random.default_rng(1)
    n, long = 600, "income band " + "y" * 200
    y, score = rng.integers(0, 2, n), rng.random(n)
    attrs = {long: rng.choice(["A", "B"], n)}
    table = ethiclens.threshold_table(y, score, attrs, step=0.5, n_boot=100)
    fig = threshold_figure(table)
    texts = [fig.get_suptitle(), fig.axes[0].get_ylabel(), fig.axes[0].get_legend().get_title()]
    texts[2] = texts[2].get_text()
    assert all("…" in t and len(t) < 80 for t in texts), texts
    result = ethiclens.audit(y, (score > 0.5).astype(int), attrs, y_score=score, n_boot=100)
    (groups,) = [a.groups for a in result.attributes]
    for figure in (ppv_fpr_figure(long, groups), calibration_figure(long, groups)):
        title = figure[0].axes[0].get_title()  # (figure, alt text, caption)
        assert "…" in title and len(title) < 100, title
