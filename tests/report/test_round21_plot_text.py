"""Round 21: every user string a figure draws is literal text, never mathtext ('$\\notacmd$'
crashed the HTML report, the PNGs and ``plot()``; '$0-$25k' was redrawn as italic math), and a
figure says itself how its intervals were made and when it shows only some of its rows."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report._plots import MAX_DRAWN

NAMES = ["$\\notacmd$", "$0-$25k", "$5_$10", "a\\$b", "ok"]


def _audit(names, n_per: int = 40, reference="ok"):
    rng = np.random.default_rng(0)
    g = np.repeat(names, n_per)
    n = len(g)
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    protected = pd.DataFrame({"grp": g})
    return ethiclens.audit(
        y, p, protected, reference={"grp": reference}, n_boot=100, random_state=0
    )


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=40)
    return buf.getvalue()


def _texts(fig) -> list[str]:
    from matplotlib.text import Text

    return [t.get_text() for t in fig.findobj(Text)]


@pytest.fixture(scope="module")
def dollars():
    return _audit(NAMES)


def test_dollar_names_render_to_html_card_and_png(dollars, tmp_path):
    dollars.to_html(tmp_path / "m.html")
    dollars.to_model_card(tmp_path / "m.md")
    assert (tmp_path / "m.html").stat().st_size > 0 and (tmp_path / "m.md").exists()
    for kind in ("forest", "rates"):
        assert _png(dollars.plot(kind)).startswith(b"\x89PNG")


def test_tick_labels_are_the_group_names_literally(dollars):
    forest = dollars.plot("forest")
    _png(forest)  # drawn: the labels below are the ones on the image
    labels = forest.axes[0].get_yticklabels()
    assert sorted(t.get_text() for t in labels) == sorted(f"grp: {n}" for n in NAMES[:-1])
    assert not any(t.get_parse_math() for t in labels)
    rates = dollars.plot("rates")
    _png(rates)
    labels = rates.axes[0].get_xticklabels()
    assert [t.get_text() for t in labels] == [g.group for g in dollars.attributes[0].groups]
    assert {t.get_text() for t in labels} == set(NAMES)
    assert not any(t.get_parse_math() for t in labels)


def test_titles_and_legends_built_from_names_are_literal():
    from matplotlib.figure import Figure

    from ethiclens._text import literal_figure

    fig = Figure()
    ax = fig.subplots()
    ax.plot([1, 10], [1, 2], label="$x_$")
    ax.set_yscale("log")  # matplotlib's own 10^k tick labels stay mathtext
    ax.set_title("$\\notacmd$")
    ax.legend(title="$\\alpha$")
    literal_figure(literal_figure(fig))  # twice: nothing changes
    _png(fig)
    assert {"$x_$", "$\\notacmd$", "$\\alpha$"} <= set(_texts(fig))
    assert any("mathdefault" in t.get_text() for t in ax.get_yticklabels())


def test_threshold_plot_draws_dollar_names():
    rng = np.random.default_rng(1)
    g = rng.choice(NAMES, 1500)
    y = rng.integers(0, 2, 1500)
    table = ethiclens.threshold_table(y, rng.random(1500), {"grp": g}, n_boot=100, random_state=0)
    fig = table.plot()
    assert _png(fig).startswith(b"\x89PNG")
    strip = [ax for ax in fig.axes if ax.get_title() == "DI/EO verdict"][0]
    labels = strip.get_yticklabels()
    assert {t.get_text() for t in labels} == {f"{n} vs ok" for n in NAMES[:-1]}
    assert not any(t.get_parse_math() for t in labels)
    assert "grp" in _texts(fig)  # the legend's title, as given


def test_figures_state_their_interval_method_and_level(dollars):
    result = _audit(NAMES, n_per=150)
    for kind in ("forest", "rates"):
        assert any("95% intervals: jeffreys" in t for t in _texts(result.plot(kind)))
        assert any("No intervals drawn" in t for t in _texts(dollars.plot(kind)))


def test_capped_figures_say_how_many_they_show():
    many = [f"g{i:03d}" for i in range(MAX_DRAWN + 5)]
    result = _audit(many, n_per=6, reference="g000")
    forest = result.plot("forest")
    assert len(forest.axes[0].get_yticks()) == MAX_DRAWN
    assert any(f"Showing {MAX_DRAWN} of {MAX_DRAWN + 4} comparisons" in t for t in _texts(forest))
    rates = result.plot("rates")
    assert len(rates.axes[0].get_xticks()) == MAX_DRAWN
    assert any(f"Showing {MAX_DRAWN} of {MAX_DRAWN + 5} groups" in t for t in _texts(rates))
    assert rates.get_figwidth() < 30  # 68 inches wide before


def test_a_chart_that_fails_to_draw_leaves_the_report_written(dollars, tmp_path, monkeypatch):
    from ethiclens.report import _plots

    def broken(*args, **kwargs):
        raise ValueError("Unknown symbol: \\notacmd")

    monkeypatch.setattr(_plots, "forest_figure", broken)
    with pytest.warns(RuntimeWarning, match="forest plot could not be drawn"):
        dollars.to_html(tmp_path / "m.html")
    page = (tmp_path / "m.html").read_text(encoding="utf-8")
    assert "The forest plot could not be drawn (ValueError: Unknown symbol" in page
    assert "ok" in page  # the tables are there
