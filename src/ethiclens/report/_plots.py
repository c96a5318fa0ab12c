"""Charts for reports: matplotlib, Okabe-Ito colours, every chart with a text alternative.

Each chart is returned as a self-contained SVG data URI (text drawn as paths, so no font or
network is needed, and separate documents so element ids of several charts cannot clash).
"""

from __future__ import annotations

import base64
import contextlib
import functools
import html
import io
import math
import threading
import warnings
from dataclasses import dataclass

from .._secrets import mask_secrets
from .._text import (  # noqa: F401 - middle_cut, short_labels: the report's charts' helpers
    beside,
    middle_cut,
    one_line,
    percent,
    short_labels,
    spaced_name,
    terminal_safe,
    threshold_text,
    unbounded_text,
)
from .._text import literal_figure as _literal_figure
from ..fairness import STATUS_LOOKS
from ._verdict import di_band


def _subplots(nrows=1, ncols=1, *, figsize=None, layout=None, **kwargs):
    """pyplot's ``subplots`` on matplotlib's object API (imported on first use, not at ``import
    ethiclens``).

    No global figure list and no backend switch: a notebook keeps its inline backend (so a
    returned figure is drawn once, below its cell), and the web app's worker threads share no
    pyplot state. Saving works on any figure (``savefig`` uses Agg for PNG/SVG).
    """
    _import_quietly()
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize, layout=layout)
    return fig, fig.subplots(nrows, ncols, **kwargs)


def _unwritable_folder_note(record) -> bool:
    """False for matplotlib's note that it made a temporary folder (a read-only HOME)."""
    return not str(record.msg).startswith(("mkdir -p failed", "Matplotlib created a temporary"))


def _import_quietly() -> None:
    """Import matplotlib without the two lines it logs where its config folder cannot be
    written (a read-only HOME: it then uses a temporary one, itself, harmlessly), on every
    ``--html``; every other message of its import still shows."""
    import logging
    import sys

    if "matplotlib.figure" in sys.modules:
        return
    log = logging.getLogger("matplotlib")
    log.addFilter(_unwritable_folder_note)
    try:
        import matplotlib.figure  # noqa: F401 - its config and font cache folders are read now
    finally:
        log.removeFilter(_unwritable_folder_note)


# Okabe & Ito (2008): distinguishable with the common colour-vision deficiencies.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]
# status -> colour and marker (fairness.STATUS_LOOKS): shape as well as colour, so a status
# survives greyscale printing.
STATUS_COLOUR = {status: look.chart for status, look in STATUS_LOOKS.items()}
STATUS_MARKER = {status: look.marker for status, look in STATUS_LOOKS.items()}


@dataclass(frozen=True)
class Chart:
    """A rendered chart and what it shows, in words."""

    uri: str
    alt: str
    caption: str


# The characters of a chart's label ("attribute: group" beside the forest plot; half as many
# under a bar or in a legend) before it is cut in its middle.
LABEL_ROOM = 60


@contextlib.contextmanager
def _quiet_layout_warning():
    """Names too long for the layout are drawn unconstrained (the tight box holds them all),
    without matplotlib's warning; only in the main thread: catch_warnings() is not
    thread-safe, and in a web worker thread it restored the filters under the main thread's
    own context (the oracle command lost the warning it records)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "constrained_layout not applied", UserWarning)
        warnings.filterwarnings("ignore", "Tight layout not applied", UserWarning)
        yield


def literal_figure(fig):
    """:func:`ethiclens._text.literal_figure`, every text (tick labels given as strings too)
    with its passwords shown as ``***``, as the report's text shows them: a group or column
    named ``postgresql://u:secret@h/db`` or ``...?token=...`` was drawn whole in the charts
    (pixels of the PNG, text of the SVG embedded in the HTML report). Returns ``fig``."""
    return _literal_figure(fig, mask=mask_secrets)


def _to_uri(fig) -> str:
    import matplotlib

    literal_figure(fig)  # every text drawn literally and made terminal-safe
    buf = io.BytesIO()
    with (
        matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": "ethiclens"}),
        _quiet_layout_warning(),
    ):
        _svg_canvas()(fig)  # its renderers share one table of text sizes (below)
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue()).decode()


# Text sizes an SVG renderer measured, by the text settings of matplotlib's rc they were measured
# under (at most 4 kept); each table emptied at _METRICS_KEPT sizes.
_METRICS: dict = {}
_METRICS_KEPT = 20_000


def _text_settings() -> tuple:
    """The rc settings a text's measured size depends on (its fonts, hinting, mathtext, TeX)."""
    import matplotlib

    prefixes = ("font.", "text.", "mathtext.")
    return tuple((k, repr(v)) for k, v in matplotlib.rcParams.items() if k.startswith(prefixes))


def _shared_metrics() -> dict:
    """The table of text sizes for the current rc (:func:`_text_settings`)."""
    key = _text_settings()
    table = _METRICS.get(key)
    if table is None:
        if len(_METRICS) >= 4:
            _METRICS.clear()
        table = _METRICS[key] = {}
    elif len(table) >= _METRICS_KEPT:
        table.clear()
    return table


@functools.cache
def _svg_renderer():
    """The SVG renderer of :func:`_svg_canvas`: its text sizes and font heights kept in the
    shared table it is given (``metrics``), not per renderer."""
    from matplotlib.backends.backend_svg import RendererSVG

    class Renderer(RendererSVG):
        def __init__(self, *args, metrics: dict, figure, **kwargs):
            super().__init__(*args, **kwargs)
            self._metrics, self._fig = metrics, figure

        def _get_font_height_metrics(self, prop):
            # matplotlib 3.11's text layout asks its renderer for a font's ascent, descent and
            # line gap, else reads them from the font's tables for each text it lays out (a
            # font look-up and three table reads each time); kept here, at the figure's dpi
            key = ("heights", prop.copy(), self._fig.dpi)
            heights = self._metrics.get(key)
            if heights is None:
                heights = self._metrics[key] = _font_heights(prop, self._fig.dpi)
            return heights

        def get_text_width_height_descent(self, s, prop, ismath):
            key = (s, prop.copy(), ismath)
            size = self._metrics.get(key)
            if size is None:
                size = self._metrics[key] = super().get_text_width_height_descent(s, prop, ismath)
            return size

    return Renderer


@functools.cache
def _svg_canvas():
    """An SVG canvas class whose renderers measure each text once per rc, not once per renderer.

    matplotlib caches a text's size per renderer object, and saving one chart made three SVG
    renderers (its constrained layout's, the tight box's draw and the SVG's own draw; a report
    draws several charts): every label, tick and legend entry was measured again by each, with
    a font look-up per text. An SVG renderer's sizes depend only on the text, its font
    properties and the rc's text settings (it measures at 72 dpi whatever the figure's), so
    they are kept in one table by those settings; the SVG is the same, byte for byte."""
    import codecs

    from matplotlib.backends.backend_mixed import MixedModeRenderer
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    Renderer = _svg_renderer()

    class Canvas(FigureCanvasSVG):
        def get_renderer(self):  # what constrained layout measures with
            return Renderer(72, 72, io.StringIO(), metrics=_shared_metrics(), figure=self.figure)

        def print_svg(self, filename, *, bbox_inches_restore=None, metadata=None, **_):
            # FigureCanvasSVG.print_svg (matplotlib 3.8 to 3.11) with this Renderer, into the
            # byte buffer _to_uri gives; savefig's other keywords (orientation, dpi, colours)
            # are for other formats, as matplotlib's own canvas drops them
            fh = codecs.getwriter("utf-8")(filename)
            dpi = self.figure.dpi
            self.figure.dpi = 72
            width, height = self.figure.get_size_inches()
            svg = Renderer(
                width * 72,
                height * 72,
                fh,
                image_dpi=dpi,
                metadata=metadata,
                metrics=_shared_metrics(),
                figure=self.figure,
            )
            renderer = MixedModeRenderer(
                self.figure, width, height, dpi, svg, bbox_inches_restore=bbox_inches_restore
            )
            self.figure.draw(renderer)
            renderer.finalize()

    return Canvas


def _font_heights(prop, dpi) -> tuple:
    """(ascent, descent, line gap) of ``prop``'s font at ``dpi``, from its OS/2 or hhea table,
    as matplotlib's ``Text._get_layout`` reads them; (None, None, None) for a font with neither
    (the layout then measures 'lp', as it does)."""
    from matplotlib.font_manager import fontManager, get_font

    font = get_font(fontManager._find_fonts_by_props(prop))
    for name, gap, ascent, descent in (
        ("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
        ("hhea", "lineGap", "ascent", "descent"),
    ):
        table = font.get_sfnt_table(name)
        if table is not None:
            scale = 1 / font.get_sfnt_table("head")["unitsPerEm"] * prop.get_size_in_points()
            scale = scale * dpi / 72
            return table[ascent] * scale, -table[descent] * scale, table[gap] * scale
    return None, None, None


def _fmt(v, edges=()) -> str:
    """A figure to 3 places, or as many more as put it on its side of the nearest of ``edges``
    (a policy metric's thresholds, :func:`~ethiclens._text.beside`), as the report's table
    prints it."""
    if v is None:
        return "undefined"
    return beside(v, edges) if edges else f"{v:z.3f}"


# A chart draws at most this many comparisons or groups: thousands (an ID-like attribute) took
# minutes of text layout for an unreadable figure; the report's tables list every one.
MAX_DRAWN = 60
SEVERITY = {"FLAGGED": 0, "INCONCLUSIVE": 1, "PASS": 2, "INSUFFICIENT_DATA": 3}


def _drawn(items: list, status_of) -> tuple[list, str]:
    """``items`` as drawn (all, or the ``MAX_DRAWN`` most severe, in their order) and the
    caption's note of what was left out."""
    if len(items) <= MAX_DRAWN:
        return items, ""
    keep = sorted(range(len(items)), key=lambda i: (SEVERITY.get(status_of(items[i]), 4), i))
    kept = sorted(keep[:MAX_DRAWN])
    note = (
        f" Showing {MAX_DRAWN} of {len(items):,} (flagged and inconclusive first); the "
        "tables list every one."
    )
    return [items[i] for i in kept], note


def _interval_note(level, estimates) -> str:
    """How the drawn intervals of ``estimates`` (MetricEstimates, None skipped) were made, by
    method name as the report's tables name them, each once, then how some were taken from
    another scale: '95% intervals: bca (of the signed difference, folded at 0)'."""
    used, how = set(), set()
    for m in estimates:
        if m is not None and m.ci_low is not None and m.ci_method:
            name, _, rest = m.ci_method.split(":")[0].split(" (")[0].partition(", ")
            used.add(name)
            how |= {rest} - {""}
    if not used:
        return "No intervals drawn: every value is below the sample floor or undefined."
    scale = f" ({'; '.join(sorted(how))})" if how else ""
    return f"{percent(level)} intervals: {', '.join(sorted(used))}{scale}."


def _figure_note(fig, level, estimates, left_out: str, what: str) -> None:
    """Say in the figure itself (under its panels) how its intervals were made and, when it
    was capped at ``MAX_DRAWN``, how many of how many ``what`` it shows: a PNG saved from it
    alone, or the notebook's figure, is not read beside the report's caption."""
    note = _interval_note(level, estimates)
    if left_out:
        note += "\n" + left_out_line(left_out, what)
    fig.supxlabel(note, fontsize=7, color="#333333")


def left_out_line(left_out: str, what: str) -> str:
    """:func:`_drawn`'s note naming what it counts: 'Showing 60 of 70 groups (flagged and
    inconclusive first); ...'."""
    return left_out.strip().replace("(", what + " (", 1)


def forest_plot(
    rows, di_threshold: float, eo_threshold: float, di_rule: str = "two_sided", level=0.95
) -> Chart:
    """The forest figure as a chart for the HTML report (see :func:`forest_figure`)."""
    return _chart(
        "forest plot", lambda: forest_figure(rows, di_threshold, eo_threshold, di_rule, level)
    )


def _chart(what: str, draw) -> Chart:
    """``draw()``'s (figure, alt text, caption) as a :class:`Chart`, or the note of
    :func:`chart_or_note` in its place when matplotlib fails to draw it."""

    def make() -> Chart:
        fig, alt, caption = draw()
        return Chart(_to_uri(fig), alt, caption)

    return chart_or_note(what, make)


def chart_or_note(what: str, make) -> Chart:
    """``make()``'s :class:`Chart`. A chart matplotlib fails to draw is a warning and a one-line
    note in its place, never the end of the report: its tables, the model card and the other
    outputs are still written."""
    try:
        return make()
    except Exception as exc:  # noqa: BLE001 - any drawing failure; the report goes on
        why = f"{type(exc).__name__}: {one_line(exc)}"
        warnings.warn(f"the {what} could not be drawn ({why})", RuntimeWarning, stacklevel=4)
        svg = (
            "<svg xmlns='http://www.w3.org/2000/svg' width='420' height='24'><text x='4' y='16' "
            f"font-family='sans-serif' font-size='12'>The {html.escape(what)} could not be drawn."
            "</text></svg>"
        )
        uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
        note = f"The {what} could not be drawn ({why}); the tables list every value."
        return Chart(uri, note, note)


def forest_figure(
    rows, di_threshold: float, eo_threshold: float, di_rule: str = "two_sided", level=0.95
):
    """DI and EO per comparison with their CIs against the policy thresholds.

    ``rows``: list of (label, status, di MetricEstimate, eo MetricEstimate or None).
    ``di_rule``: "two_sided" (flag outside [t, 1/t]) or "below" (flag below t); ``level``:
    the intervals' confidence level, as the captions state it.
    """
    two_sided = di_rule != "below"
    rows, left_out = _drawn(list(rows), lambda r: r[1])
    where = di_band({"di_threshold": di_threshold, "di_rule": di_rule})
    panels = _forest_panels(rows, di_threshold, eo_threshold, where)
    fig, axes = _subplots(
        1,
        len(panels),
        figsize=(4.6 * len(panels) + 1.5, 0.42 * len(rows) + 2.0),
        sharey=True,
        squeeze=False,
        layout="constrained",  # the legend above and the note below are inside the figure
    )
    ys = list(range(len(rows)))[::-1]
    lines = []
    for ax, panel in zip(axes[0], panels, strict=True):
        lines += _forest_panel(ax, panel, rows, ys, two_sided, level)
    labels = short_labels([r[0] for r in rows], LABEL_ROOM, mask_secrets)
    axes[0][0].set_yticks(ys, list(map(terminal_safe, labels)), fontsize=8)
    _status_legend(fig, axes[0])
    drawn = [m for r in rows for m in r[2:4]]
    _figure_note(fig, level, drawn, left_out, "comparisons")
    literal_figure(fig)
    alt = "Forest plot of every comparison against its reference group. " + "; ".join(lines)
    caption = (
        f"Point estimates with {percent(level)} intervals (grey crosses without an interval: below "
        f"the sample floor). A comparison is flagged when its DI "
        f"interval lies entirely {where} or its equalized-odds interval's "
        f"lower bound exceeds {threshold_text(eo_threshold)}. {_interval_note(level, drawn)}"
        f"{left_out}"
    )
    return fig, alt, caption


def _forest_panels(rows, di_threshold: float, eo_threshold: float, where: str) -> list:
    """(metric, index in a row, title, threshold, legend rule) of DI (``where``: where its
    interval flags, :func:`di_band`) and, when any row has one, EO."""
    di = ("disparate_impact", 2, "Disparate impact (ratio to reference)", di_threshold)
    eo_rule = f"lower bound above {threshold_text(eo_threshold)} flags"
    eo = ("equalized_odds_difference", 3, "Equalized-odds difference", eo_threshold, eo_rule)
    return [(*di, f"{where} flags")] + ([eo] if any(r[3] is not None for r in rows) else [])


def _forest_panel(ax, panel, rows, ys, two_sided: bool, level: float) -> list[str]:
    """Draw one metric's panel: its threshold lines and each row's estimate and interval.
    Returns each drawn row in words (for the figure's alt text)."""
    name, idx, title, thr, rule = panel
    short = "DI" if name == "disparate_impact" else "EO"  # in the figure's one legend
    ax.axvline(thr, color="#D55E00", ls="--", lw=1.2, label=f"{short}: {rule}")
    if name == "disparate_impact":
        ax.axvline(1.0, color="#555555", ls=":", lw=1, label="parity (1.0)")
        if two_sided:
            ax.axvline(1 / thr, color="#D55E00", ls="--", lw=1.2)
    edges = (thr, 1 / thr) if name == "disparate_impact" and two_sided else (thr,)
    lines = []
    for y, row in zip(ys, rows, strict=True):
        m = row[idx]
        # an unbounded DI (a reference never selected) is no point matplotlib draws: named in
        # words, as an undefined value is, and the axis is not stretched to its interval's end
        unbounded = m is not None and m.value == math.inf
        if m is None or m.value is None or unbounded:
            ax.text(
                0.02,
                y,
                "unbounded" if unbounded else "undefined",
                va="center",
                fontsize=8,
                color=STATUS_COLOUR[m.status] if unbounded else "#555555",
                transform=ax.get_yaxis_transform(),
            )
            if not unbounded:
                continue
        else:
            colour, marker = STATUS_COLOUR[m.status], STATUS_MARKER[m.status]
            if m.ci_low is not None:
                ax.plot([m.ci_low, m.ci_high], [y, y], color=colour, lw=2.2)
            ax.plot([m.value], [y], marker=marker, color=colour, ms=7, ls="none")
        if m.ci_low is None:
            ci = "no interval" + (f" ({m.reason})" if m.reason else "")
        else:
            low, high = _fmt(m.ci_low, edges), _fmt(m.ci_high, edges)
            ci = f"{percent(level)} CI [{low}, {high}]"
            if unbounded:  # the reports' words, never [57.698, inf]
                ci = f"{percent(level)} CI {unbounded_text(low).removeprefix('unbounded ')}"
        value = "unbounded" if unbounded else _fmt(m.value, edges)
        lines.append(f"{row[0]}: {title.split(' (')[0]} {value}, {ci}, {m.status}")
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", color="#dddddd")
    return lines


def _status_legend(fig, axes=()) -> None:
    """The statuses' markers and each panel's threshold lines (``axes``: the panels, whose
    lines say their metric: ``DI: outside [0.80, 1.25] flags``) in one legend above the
    panels: a legend in a panel's corner hid the point or interval drawn under it (a flagged
    EO of 1.0 on the bottom row)."""
    from matplotlib.lines import Line2D

    handles = [
        Line2D(
            [],
            [],
            color=STATUS_COLOUR[s],
            marker=STATUS_MARKER[s],
            ls="none",
            label=STATUS_LOOKS[s].words,
        )
        for s in ("FLAGGED", "INCONCLUSIVE", "PASS", "INSUFFICIENT_DATA")
    ]
    for ax in axes:
        handles += ax.get_legend_handles_labels()[0]
    ncol = 4 if len(axes) > 1 else 3  # one panel's figure is narrow: the DI rule's line fits
    fig.legend(handles=handles, loc="outside upper center", ncol=ncol, fontsize=8, frameon=False)


def ppv_fpr_plot(attribute: str, groups, level=0.95) -> Chart:
    """PPV and FPR side by side per group, with CIs (the impossibility theorem's two sides)."""
    return _chart("PPV and FPR chart", lambda: ppv_fpr_figure(attribute, groups, level))


def ppv_fpr_figure(attribute: str, groups, level=0.95):
    """(figure, alt text, caption) of :func:`ppv_fpr_plot`."""
    groups, left_out = _drawn(list(groups), _group_status)
    many = len(groups) > 8  # narrower bars and upright labels: 60 groups fit in 25 inches
    width_in = 1.1 * len(groups) if not many else 8.8 + 0.25 * (len(groups) - 8)
    fig, ax = _subplots(figsize=(max(4.5, width_in + 2), 3.6), layout="constrained")
    lines = _ppv_fpr_bars(ax, groups)
    ax.set_xticks(
        range(len(groups)),
        list(
            map(
                terminal_safe,
                short_labels([spaced_name(g.group) for g in groups], LABEL_ROOM // 2, mask_secrets),
            )
        ),
        fontsize=7 if many else 8,
        rotation=90 if many else 20,
        ha="center" if many else "right",
        rotation_mode="anchor" if not many else "default",
    )
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("rate")
    title = middle_cut(spaced_name(attribute), LABEL_ROOM, mask_secrets)  # ' g' quoted
    ax.set_title(f"{title}: PPV and FPR by group", fontsize=10)
    if ax.get_legend_handles_labels()[0]:  # no bar drawn (every rate n/a): no legend to show
        # beside the panel, as the calibration plot's: inside it, the legend hid the tops of
        # bars near 1 (an FPR of 1.0 and its whisker)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(axis="y", color="#dddddd")
    drawn = [
        g.metrics[k] for g in groups for k in ("positive_predictive_value", "false_positive_rate")
    ]
    _figure_note(fig, level, drawn, left_out, "groups")
    literal_figure(fig)
    alt = f"Bar chart for {spaced_name(attribute)}. " + ". ".join(lines)
    return (
        fig,
        alt,
        f"Bars show point estimates, whiskers {percent(level)} intervals; faded bars are below the "
        f"sample floor. {_interval_note(level, drawn)}{left_out}",
    )


def _ppv_fpr_bars(ax, groups) -> list[str]:
    """Draw each group's PPV and FPR bars (whiskers: their intervals; "n/a" where a rate has no
    value) side by side; return one alt-text line per metric."""
    width = 0.38
    lines = []
    for k, (metric, label, colour, hatch) in enumerate(
        [
            ("positive_predictive_value", "PPV (precision)", OKABE_ITO[0], ""),
            ("false_positive_rate", "False-positive rate", OKABE_ITO[1], "//"),
        ]
    ):
        named = False  # the metric's first drawn bar names it (a first group's may be n/a)
        for i, g in enumerate(groups):
            m = g.metrics[metric]
            x = i + (k - 0.5) * width
            if m.value is None:
                ax.text(x, 0.02, "n/a", ha="center", fontsize=7)
                continue
            err = None if m.ci_low is None else [[m.value - m.ci_low], [m.ci_high - m.value]]
            ax.bar(
                x,
                m.value,
                width,
                color=colour,
                hatch=hatch,
                edgecolor="#333333",
                yerr=err,
                capsize=3,
                label=None if named else label,
                alpha=0.55 if m.status == "INSUFFICIENT_DATA" else 1.0,
            )
            named = True
        lines.append(
            label
            + ": "
            + ", ".join(f"{spaced_name(g.group)} {_fmt(g.metrics[metric].value)}" for g in groups)
        )
    return lines


def _group_status(g) -> str:
    """A group's most severe metric status (how :func:`_drawn` orders groups)."""
    statuses = [getattr(m, "status", None) for m in g.metrics.values()]
    return min(statuses, key=lambda s: SEVERITY.get(s, 4), default="PASS")


def calibration_plot(attribute: str, groups) -> Chart:
    """Reliability diagram per group: observed positive rate against mean score per bin."""
    return _chart("calibration chart", lambda: calibration_figure(attribute, groups))


def calibration_figure(attribute: str, groups):
    """(figure, alt text, caption) of :func:`calibration_plot`."""
    fig, ax = _subplots(figsize=(4.8, 4.2))
    ax.plot([0, 1], [0, 1], color="#555555", ls=":", lw=1, label="perfect calibration")
    lines, omitted = [], []
    markers = "osD^vP*X"
    names = short_labels([spaced_name(g.group) for g in groups], LABEL_ROOM // 2, mask_secrets)
    for i, g in enumerate(groups):
        bins = g.calibration or []
        ece = g.metrics.get("ece")
        if not bins or ece is None or ece.status == "INSUFFICIENT_DATA":
            omitted.append(spaced_name(g.group))
            continue
        xs = [b["mean_score"] for b in bins]
        ys = [b["observed_rate"] for b in bins]
        ax.plot(
            xs,
            ys,
            marker=markers[i % len(markers)],
            color=OKABE_ITO[i % 8],
            lw=1.5,
            label=f"{names[i]} (ECE {_fmt(ece.value)})",
        )
        lines.append(
            f"{spaced_name(g.group)}: "
            + ", ".join(f"score {x:.2f} observed {y:.2f}" for x, y in zip(xs, ys, strict=True))
        )
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("mean predicted score in bin")
    ax.set_ylabel("observed positive rate")
    title = middle_cut(spaced_name(attribute), LABEL_ROOM, mask_secrets)  # ' g' quoted
    ax.set_title(f"{title}: calibration by group", fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0))
    ax.grid(color="#eeeeee")
    alt = f"Reliability diagram for {spaced_name(attribute)}. " + "; ".join(lines)
    caption = (
        "Points on the diagonal are calibrated; below it the model over-predicts the "
        "positive label for that group."
    )
    if omitted:
        caption += f" Not drawn (below the sample floor): {', '.join(omitted)}."
    return fig, alt, caption
