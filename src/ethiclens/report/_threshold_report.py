"""HTML report of the threshold view: the plot per attribute and the verdict table."""

from __future__ import annotations

import base64

from markupsafe import Markup

from .._text import percent
from ._audit_report import EMPTY_CROSSINGS_LEAD, below_harmful_caveat, fmt, run_record
from ._plots import Chart, chart_or_note
from ._render import Report, Section, figure, generated_by, join, paragraph, status_badge, table
from ._threshold_plot import threshold_figure_png
from ._verdict import di_band


def _di_cells(row) -> tuple[str, str]:
    """DI and its interval; an undefined DI (no reference selected) reads "undefined", —."""
    if row["di"] != row["di"] or row["di"] is None:
        return "undefined", "—"
    return fmt(row["di"]), f"[{fmt(row['di_ci_low'])}, {fmt(row['di_ci_high'])}]"


def _chart(tt, attr) -> Chart:
    """The threshold plot of ``attr`` (PNG) with its alt text and caption."""
    png = threshold_figure_png(tt, attr)
    return Chart(
        "data:image/png;base64," + base64.b64encode(png).decode(),
        f"Selection rate, TPR and FPR of each {attr} group over thresholds, and each "
        f"comparison's DI/EO status; dashed line: the audited threshold "
        f"{tt.audited_threshold:g}.",
        f"{attr}: rates and verdicts by threshold",
    )


def build_threshold_report(tt, title: str | None = None) -> Report:
    """A self-contained HTML report of a ``ThresholdTable``."""
    cfg = tt.config
    frame = tt.frame
    sections = []
    # a crossing with no rows is named under its intersection, not left out without a word
    empty = tt.empty_crossing_notes
    for attr in dict.fromkeys(frame["attribute"]):
        chart = chart_or_note(f"{attr} threshold chart", lambda a=attr: _chart(tt, a))
        rows = []
        sub = frame[(frame["attribute"] == attr) & frame["status"].notna()]
        for _, r in sub.iterrows():
            rows.append(
                (
                    f"{r['group']} vs {r['reference']}",
                    f"{r['threshold']:g}{' (audited)' if r['audited'] else ''}",
                    fmt(r["selection_rate"]),
                    *_di_cells(r),
                    fmt(r["eo"]),
                    status_badge(r["status"]),
                )
            )
        tab = table(
            ["comparison", "threshold", "selection rate", "DI", "DI interval", "EO diff", "status"],
            rows,
            numeric=(2, 3, 5),
        )
        note = paragraph(EMPTY_CROSSINGS_LEAD + empty[attr]) if attr in empty else Markup("")
        sections.append(Section(f"thresholds-{attr}", str(attr), join(figure(chart), note, tab)))
    intro = paragraph(
        f"A row is predicted positive when its score is at least the threshold. Intervals: "
        f"{percent(cfg['confidence_level'])} {cfg['ci_method']}, {cfg['n_boot']} draws, seed "
        f"{cfg['random_state']}. DI is flagged when its interval lies entirely "
        f"{di_band(cfg['policy'])}, EO when its interval's lower bound exceeds "
        f"{cfg['policy']['eo_threshold']:.2f}."
    )
    harmful = not cfg.get("positive_is_favorable", True)  # a view recorded before it said
    caveat = below_harmful_caveat(cfg["policy"], harmful)
    intro = join(intro, paragraph(caveat)) if caveat else intro
    sections.insert(0, Section("about", "How to read this", intro))
    sections.append(run_record(tt.run, cfg, "thresholds"))
    return Report(
        title or "Threshold view",
        f"{tt.data['n_rows']:,} rows · {len(cfg['thresholds'])} thresholds · audited "
        f"{tt.audited_threshold:g}",
        sections,
        generated_by(cfg, seed=False),
    )
