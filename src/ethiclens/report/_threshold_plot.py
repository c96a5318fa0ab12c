"""PNG of the threshold view: rates per group and each comparison's status over thresholds."""

from __future__ import annotations

import io
import textwrap
from types import SimpleNamespace

from .._checks import names_words
from .._secrets import mask_secrets
from .._text import spaced_name, terminal_safe
from ._audit_report import below_harmful_caveat
from ._plots import (
    OKABE_ITO,
    SEVERITY,
    STATUS_COLOUR,
    STATUS_MARKER,
    _drawn,
    _figure_note,
    _quiet_layout_warning,
    _subplots,
    left_out_line,
    literal_figure,
    short_labels,
)

# A legend names each group's colour while the colours do not repeat; past that the verdict
# strip names the groups (the HTML table lists every one).
_LEGEND_MAX = len(OKABE_ITO)
# The characters of a group name in the legend and of "group vs reference" beside the verdict
# strip: a longer one is cut in its middle, as the terminal's grid cuts it (whole, a 250-character
# name drew across every panel); the HTML table lists every name whole.
_LEGEND_ROOM, _TICK_ROOM = 24, 40


def threshold_figure_png(table, attribute: str | None = None) -> bytes:
    """The threshold figure as PNG bytes (see :func:`threshold_figure`)."""
    fig = threshold_figure(table, attribute)
    buf = io.BytesIO()
    # the tight box: laid out at 100 dpi, the verdict legend's last status ran past the
    # figure's right edge at 110 (cut off: "PAS")
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight", metadata={"Software": None})
    return buf.getvalue()


def threshold_figure(table, attribute: str | None = None):
    """Selection rate, TPR and FPR per group (one panel each) and the comparison status strip,
    one row of panels per protected attribute (``attribute``: that one only); the audited
    threshold is a dashed vertical line. An attribute of more than ``MAX_DRAWN`` groups draws
    the most severe at the audited threshold, and its row says what was left out. Under the
    panels, as under the audit's charts: how the verdicts' intervals were made and, with a
    harmful label under the one-sided DI rule, what that rule misses."""
    frame = table.frame
    attrs = list(dict.fromkeys(frame["attribute"]))
    if attribute is not None and attribute not in attrs:
        raise KeyError(f"no attribute {attribute!r}; use one of {names_words(attrs)}")
    shown = [attribute] if attribute is not None else attrs
    labelled = frame["tpr"].notna().any()
    panels = ["selection_rate", "tpr", "fpr"] if labelled else ["selection_rate"]
    rows = [_attribute_rows(frame[frame["attribute"] == a], table.audited_threshold) for a in shown]
    heights = [max(3.6, 1.6 + 0.17 * len(r[1])) for r in rows]
    fig, axes = _subplots(
        len(shown),
        len(panels) + 1,
        figsize=(4.2 * (len(panels) + 1), sum(heights)),
        squeeze=False,
        gridspec_kw={"height_ratios": heights},
    )
    # a long attribute name cut in its middle, as its groups' names: whole, a 200-character
    # one drew its legend's title across every panel (the HTML table has it whole)
    cut = dict(zip(shown, short_labels(shown, _LEGEND_ROOM, mask_secrets), strict=True))
    for ax_row, attr, (f, groups, note) in zip(axes, shown, rows, strict=True):
        for ax, col in zip(ax_row, panels, strict=False):
            _rate_panel(ax, f, groups, col, table.audited_threshold)
        lines = [note.strip()] if note else []
        if len(groups) <= _LEGEND_MAX:  # beside the panel: inside, it covered the curves
            ax_row[0].legend(fontsize=7, title=cut[attr], title_fontsize=7, loc="upper left",
                             bbox_to_anchor=(1.01, 1.0))  # fmt: skip
        else:  # a line of its own: one as wide as the row leaves tight_layout no room
            lines.append(
                "Colours repeat past 8 groups: the verdict strip names each compared group."
            )
        _status_strip(ax_row[-1], f, groups, table.audited_threshold)
        ax_row[0].set_ylabel(terminal_safe(cut[attr]))
        if lines:
            ax_row[0].annotate(
                f"{cut[attr]}: " + "\n".join(lines),
                (0, 0),
                xycoords="axes fraction",
                xytext=(0, -34),
                textcoords="offset points",
                fontsize=7,
                va="top",
            )
    title = ", ".join(cut.values())
    fig.suptitle(f"EthicLens threshold view: {title} (dashed: audited threshold)")
    _method_note(fig, table.config, [r[0] for r in rows])
    literal_figure(fig)  # group names with control characters
    with _quiet_layout_warning():  # a 10,000-character name: drawn, without matplotlib's warning
        fig.tight_layout()
    return fig


def _method_note(fig, config: dict, drawn) -> None:
    """The audit charts' method line (:func:`_figure_note`) for the verdicts drawn (each DI and
    EO interval of the rows ``drawn``, one frame per attribute), then the one-sided DI rule's
    caveat under a harmful label (a view recorded before it said reads as favourable)."""
    estimates = [
        SimpleNamespace(ci_low=low, ci_method=config["ci_method"])
        for f in drawn
        for col in ("di_ci_low", "eo_ci_low")
        for low in f[col].dropna()
    ]
    _figure_note(fig, config["confidence_level"], estimates, "", "groups")
    harmful = not config.get("positive_is_favorable", True)
    caveat = below_harmful_caveat(config["policy"], harmful)
    if caveat:
        width = int(16 * fig.get_figwidth())  # characters of 7 pt text the figure holds
        note = fig.get_supxlabel() + "\n" + textwrap.fill(caveat, width)
        fig.supxlabel(note, fontsize=7, color="#333333")


def _attribute_rows(f, audited: float) -> tuple:
    """(the attribute's rows as drawn, its groups drawn, the note of what was left out): at
    most ``MAX_DRAWN`` groups, the most severe status at the audited threshold first, the
    reference always drawn."""
    at = f[f["audited"]] if "audited" in f else f.iloc[0:0]
    status = dict(zip(at["group"], at["status"], strict=False))
    reference = f["reference"].iloc[0] if len(f) else None
    groups = list(dict.fromkeys(f["group"]))

    def severity(g):
        return min(SEVERITY) if g == reference else status.get(g)

    drawn, note = _drawn(groups, severity)
    if len(drawn) < len(groups):
        f = f[f["group"].isin(drawn)]
        note = left_out_line(note, "groups")
    return f, drawn, note


_TITLES = {"selection_rate": "Selection rate", "tpr": "TPR", "fpr": "FPR"}


def _rate_panel(ax, f, groups, col: str, audited: float) -> None:
    by_group = dict(tuple(f.groupby("group", sort=False)))
    # a long name cut in its middle: whole, the legend covered the panels (the table has it)
    said = [spaced_name(g) for g in groups]  # ' d' quoted: its space is not seen in a chart
    names = dict(zip(groups, short_labels(said, _LEGEND_ROOM, mask_secrets), strict=True))
    for i, g in enumerate(groups):
        rows = by_group[g]
        ax.plot(
            rows["threshold"].to_numpy(),
            rows[col].to_numpy(dtype=float),
            color=OKABE_ITO[i % len(OKABE_ITO)],
            marker="o" if len(groups) <= _LEGEND_MAX else None,
            markersize=3,
            linewidth=1 if len(groups) <= _LEGEND_MAX else 0.6,
            label=names[g],
        )
    ax.axvline(audited, color="black", linestyle="--", linewidth=1)
    ax.set_title(_TITLES[col])
    ax.set_xlabel("threshold (score >= t is positive)")
    ax.set_ylim(-0.02, 1.02)


def _status_strip(ax, f, groups, audited: float) -> None:
    """Each comparison's DI/EO status at every threshold, one row per compared group: one
    scatter per status."""
    judged = f[f["status"].notna()]
    comps = [g for g in groups if g in set(judged["group"])]
    y_of = {g: y for y, g in enumerate(comps)}
    ys = judged["group"].map(y_of)
    seen = sorted(set(judged["status"]))
    for s in seen:
        mask = (judged["status"] == s).to_numpy()
        ax.scatter(
            judged["threshold"].to_numpy()[mask],
            ys.to_numpy()[mask],
            color=STATUS_COLOUR.get(s, "#999999"),
            marker=STATUS_MARKER.get(s, "o"),
            s=30 if len(comps) <= 20 else 12,
            label=s,
        )
    ax.axvline(audited, color="black", linestyle="--", linewidth=1)
    ax.set_ylim(-0.5, max(len(comps), 1) - 0.5)
    ax.set_yticks(range(len(comps)))
    reference = f["reference"].iloc[0] if len(f) else ""
    labels = short_labels(
        [f"{spaced_name(g)} vs {spaced_name(reference)}" for g in comps], _TICK_ROOM, mask_secrets
    )  # long: over panels
    ax.set_yticklabels(list(map(terminal_safe, labels)), fontsize=7 if len(comps) <= 20 else 5)
    ax.set_title("DI/EO verdict")
    ax.set_xlabel("threshold")
    if seen:  # under the threshold axis: inside the strip it would cover the top rows' marks
        ax.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=len(seen),
                  frameon=False)  # fmt: skip


def write_threshold_png(table, path, attribute=None):
    """The threshold view's PNG, written atomically; a name not ending in .png is refused
    before it is drawn (the file holds PNG bytes)."""
    from ..fairness import ThresholdTable
    from ._paths import check_result, write_suffixed  # no path, another format: named 'path'

    # the table and the attribute as ThresholdTable.plot checks them (a name it has not: its
    # NotFoundError, a KeyError too, naming 'attribute' and the valid ones), before the path
    attribute = check_result(table, ThresholdTable, "table")._attribute(attribute)
    png = lambda: threshold_figure_png(table, attribute)  # noqa: E731 - drawn once it passed
    what = "the threshold plot (PNG)"
    return write_suffixed(path, "thresholds.png", "--plot", ".png", what, png)
