"""Round 50 (charts' CPU time): saving a report chart measured every text again with each of the
three SVG renderers one save makes (constrained layout, the tight box, the SVG itself), and again
for every chart. The SVG renderers of report/_plots now share their measured sizes; the SVG is
the same, byte for byte."""

import base64
import io

import matplotlib
from matplotlib.backends.backend_svg import RendererSVG
from matplotlib.figure import Figure

from ethiclens.report import _plots

NAMES = [f"Ünïcødé grôup Ωmega — a rather long name indeed ✓ {i}" for i in range(3)]


def _figure():
    fig = Figure(figsize=(5, 3), layout="constrained")
    ax = fig.subplots()
    ax.bar(range(3), [0.2, 0.5, 0.9], label="PPV (precision)")
    ax.set_xticks(range(3), NAMES, rotation=20, ha="right", rotation_mode="anchor")
    ax.set_title("$5_$10: PPV and FPR by group")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.supxlabel("95% intervals: bca.", fontsize=7)
    return fig


def _plain_svg(fig) -> bytes:
    """The SVG matplotlib's own canvas saves (how _to_uri saved it before)."""
    _plots.literal_figure(fig)
    buf = io.BytesIO()
    with matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": "ethiclens"}):
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    return buf.getvalue()


def test_chart_svg_is_the_same_bytes_as_matplotlibs_own():
    uri = _plots._to_uri(_figure())
    assert base64.b64decode(uri.split(",", 1)[1]) == _plain_svg(_figure())
    assert _plots._to_uri(_figure()) == uri  # deterministic


def test_a_chart_drawn_again_measures_no_text_again(monkeypatch):
    measured = []
    plain = RendererSVG.get_text_width_height_descent

    def counting(self, s, prop, ismath):
        measured.append(s)
        return plain(self, s, prop, ismath)

    monkeypatch.setattr(RendererSVG, "get_text_width_height_descent", counting)
    monkeypatch.setattr(_plots, "_METRICS", {})  # none measured yet
    _plots._to_uri(_figure())
    first = list(measured)
    assert any(NAMES[0] in s for s in first)
    assert len(first) == len(set(first))  # each text measured once: not once per renderer
    measured.clear()
    _plots._to_uri(_figure())
    assert measured == []


def test_a_changed_font_setting_is_measured_anew(monkeypatch):
    _plots._to_uri(_figure())
    measured = []
    plain = RendererSVG.get_text_width_height_descent
    monkeypatch.setattr(
        RendererSVG,
        "get_text_width_height_descent",
        lambda self, s, prop, ismath: measured.append(s) or plain(self, s, prop, ismath),
    )
    with matplotlib.rc_context({"font.size": 13}):
        _plots._to_uri(_figure())
    assert measured


def test_the_figure_still_saves_as_png_after():
    fig = _figure()
    _plots._to_uri(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    assert buf.getvalue().startswith(b"\x89PNG")


def test_a_fonts_heights_are_read_once_and_as_matplotlib_reads_them(monkeypatch):
    read = []
    heights = _plots._font_heights
    monkeypatch.setattr(_plots, "_font_heights", lambda *a: read.append(a) or heights(*a))
    monkeypatch.setattr(_plots, "_METRICS", {})
    fig = _figure()
    _plots._to_uri(fig)
    assert read and len(read) == len({(p, dpi) for p, dpi in read})  # once per font and size
    read.clear()
    _plots._to_uri(_figure())
    assert read == []
    # a two-line text (its line gap) laid out as matplotlib lays it out itself
    text = fig.text(0.1, 0.5, "two\nlines", fontsize=11)
    ours = _plots._svg_canvas()(fig).get_renderer()
    plain = RendererSVG(72, 72, io.StringIO())
    assert text.get_window_extent(ours).bounds == text.get_window_extent(plain).bounds
