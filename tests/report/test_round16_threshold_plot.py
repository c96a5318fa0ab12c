"""Round 16: the threshold plot draws every attribute, caps its groups as the audit's charts do
(saying what it left out), and is written only to a .png name."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report._plots import MAX_DRAWN


def _table(n_groups: int, n: int = 3000):
    rng = np.random.default_rng(0)
    g = rng.choice([f"g{i:03d}" for i in range(n_groups)], n)
    sex = rng.choice(["f", "m"], n)
    y = rng.integers(0, 2, n)
    score = np.clip(rng.random(n) * 0.8 + 0.2 * y, 0, 1)
    return ethiclens.threshold_table(y, score, {"g": g, "sex": sex}, n_boot=100, random_state=0)


def test_every_attribute_is_drawn_one_row_each():
    fig = _table(3).plot()
    assert len(fig.axes) == 8  # selection rate, TPR, FPR, verdicts for g and for sex
    assert [ax.get_ylabel() for ax in fig.axes[::4]] == ["g", "sex"]
    assert len(_table(3).plot(attribute="sex").axes) == 4


def test_many_groups_draw_the_cap_and_say_what_was_left_out():
    fig = _table(MAX_DRAWN + 10, n=12_000).plot(attribute="g")
    strip = fig.axes[3]
    assert len(strip.get_yticks()) <= MAX_DRAWN
    texts = " ".join(t.get_text() for ax in fig.axes for t in ax.texts)
    assert f"Showing {MAX_DRAWN} of {MAX_DRAWN + 10}" in texts
    assert fig.get_figheight() > 3.6 * 2  # grows with the rows drawn
    assert len(fig.axes[0].lines) <= MAX_DRAWN + 1  # the groups drawn and the audited line


def test_a_plot_path_not_ending_in_png_is_refused_before_drawing(tmp_path):
    with pytest.raises(EthicLensInputError, match="argument 'path'.*must end in .png"):
        _table(2).plot(tmp_path / "t.pdf")
    assert not (tmp_path / "t.pdf").exists()


def test_the_verdict_legend_sits_under_its_strip_not_on_its_marks():
    from ethiclens.report._threshold_plot import threshold_figure

    fig = threshold_figure(_table(8))
    fig.canvas.draw()
    strips = [ax for ax in fig.axes if ax.get_title() == "DI/EO verdict"]
    assert strips
    for ax in strips:
        legend = ax.get_legend()
        assert legend is not None
        assert legend.get_window_extent().y1 <= ax.get_window_extent().y0
