"""PNG of the threshold view: rates per group and each comparison's status over thresholds."""

from __future__ import annotations

import io

from .._text import terminal_safe
from ..io import write_atomic
from ._plots import OKABE_ITO, STATUS_COLOUR, STATUS_MARKER, _pyplot, safe_figure_text


def threshold_figure_png(table, attribute: str | None = None) -> bytes:
    """The threshold figure as PNG bytes (see :func:`threshold_figure`)."""
    fig = threshold_figure(table, attribute)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, metadata={"Software": None})
    _pyplot().close(fig)
    return buf.getvalue()


def threshold_figure(table, attribute: str | None = None):
    """Selection rate, TPR and FPR per group (one panel each) and the comparison status strip;
    the audited threshold is a dashed vertical line."""
    plt = _pyplot()
    frame = table.frame
    attrs = list(dict.fromkeys(frame["attribute"]))
    attribute = attribute or attrs[0]
    if attribute not in attrs:
        raise KeyError(f"no attribute {attribute!r}; use one of {attrs}")
    f = frame[frame["attribute"] == attribute]
    labelled = f["tpr"].notna().any()
    panels = ["selection_rate", "tpr", "fpr"] if labelled else ["selection_rate"]
    fig, axes = plt.subplots(
        1, len(panels) + 1, figsize=(4.2 * (len(panels) + 1), 3.6), squeeze=False
    )
    axes = axes[0]
    groups = list(dict.fromkeys(f["group"]))
    for ax, col in zip(axes, panels, strict=False):
        _rate_panel(ax, f, groups, col, table.audited_threshold)
    axes[0].legend(fontsize=7, title=attribute, title_fontsize=7)
    _status_strip(axes[-1], plt, f, groups, table.audited_threshold)
    fig.suptitle(f"EthicLens threshold view: {attribute} (dashed: audited threshold)")
    safe_figure_text(fig)  # group names with control characters
    fig.tight_layout()
    return fig


_TITLES = {"selection_rate": "Selection rate", "tpr": "TPR", "fpr": "FPR"}


def _rate_panel(ax, f, groups, col: str, audited: float) -> None:
    """One rate (column ``col``) of each group over the thresholds."""
    for i, g in enumerate(groups):
        rows = f[f["group"] == g]
        ax.plot(
            rows["threshold"],
            rows[col],
            color=OKABE_ITO[i % len(OKABE_ITO)],
            marker="o",
            markersize=3,
            label=str(g),
        )
    ax.axvline(audited, color="black", linestyle="--", linewidth=1)
    ax.set_title(_TITLES[col])
    ax.set_xlabel("threshold (score >= t is positive)")
    ax.set_ylim(-0.02, 1.02)


def _status_strip(ax, plt, f, groups, audited: float) -> None:
    """Each comparison's DI/EO status at every threshold, one row per compared group."""
    comps = [g for g in groups if f.loc[f["group"] == g, "status"].notna().any()]
    for y, g in enumerate(comps):
        rows = f[f["group"] == g]
        for _, r in rows.iterrows():
            ax.scatter(
                r["threshold"],
                y,
                color=STATUS_COLOUR.get(r["status"], "#999999"),
                marker=STATUS_MARKER.get(r["status"], "o"),
                s=30,
            )
    ax.axvline(audited, color="black", linestyle="--", linewidth=1)
    ax.set_ylim(-0.5, max(len(comps), 1) - 0.5)
    ax.set_yticks(range(len(comps)))
    ax.set_yticklabels(
        [terminal_safe(f"{g} vs {f['reference'].iloc[0]}") for g in comps], fontsize=7
    )
    ax.set_title("DI/EO verdict")
    ax.set_xlabel("threshold")
    seen = sorted(set(f["status"].dropna()))
    handles = [
        plt.Line2D(
            [], [], color=STATUS_COLOUR.get(s, "#999"), marker=STATUS_MARKER.get(s, "o"), ls=""
        )
        for s in seen
    ]
    ax.legend(handles, seen, fontsize=6, loc="upper right")


def write_threshold_png(table, path, attribute=None):
    """The threshold view's PNG, written atomically."""
    return write_atomic(path, threshold_figure_png(table, attribute))
