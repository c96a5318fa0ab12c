"""HTML report of the threshold view: the plot per attribute and the verdict table."""

from __future__ import annotations

import base64

from markupsafe import Markup

from .._text import is_unbounded, percent, spaced_name, threshold_text, unbounded_text
from . import _render
from ._audit_report import (
    EMPTY_CROSSINGS_LEAD,
    changes_sentence,
    fmt,
    run_notes,
    run_record,
    threshold_notes,
)
from ._plots import Chart, chart_or_note
from ._render import (
    Report,
    Section,
    figure,
    generated_by,
    join,
    names_alone,
    paragraph,
    status_badge,
    table,
)
from ._terminal import _threshold
from ._threshold_plot import threshold_figure_png
from ._verdict import di_band, policy_edges


def _number(v) -> str:
    """A rate as the audit's tables show it: an undefined one reads "undefined", never 0."""
    return "undefined" if v is None or v != v else fmt(v)


_POLICY_METRIC = {"di": "disparate_impact", "eo": "equalized_odds_difference"}


def _cells(row, metric: str, policy: dict) -> tuple[str, str]:
    """``metric`` (di, eo) and its interval as the audit's tables show them: an undefined value
    (DI with no reference selected) reads "undefined", —; below the sample floor the value has
    no interval, and says why; a bound beside one of ``policy``'s thresholds prints on its
    side of it (:func:`~._verdict.policy_edges`)."""
    if _number(row[metric]) == "undefined":
        return "undefined", "—"
    if row[f"{metric}_status"] == "INSUFFICIENT_DATA":
        return fmt(row[metric]), "none: below the sample floor"
    edges = policy_edges(_POLICY_METRIC[metric], policy)
    low, high = (fmt(row[f"{metric}_ci_{end}"], edges=edges) for end in ("low", "high"))
    if is_unbounded(row[metric]):  # the reference never selected: the audit's words, not inf
        return "unbounded", unbounded_text(low).removeprefix("unbounded ")
    return fmt(row[metric], edges=edges), f"[{low}, {high}]"


def _methods(cfg: dict, labelled: bool) -> str:
    """The table's caption: how each interval was made (the audit's tables say it per
    comparison; here one method at every threshold, DI's and EO's scales named)."""
    eo = "; EO's of the signed TPR and FPR differences, folded at 0" if labelled else ""
    return (
        f"{percent(cfg['confidence_level'])} intervals, {cfg['ci_method']}: DI's on the log "
        f"ratio{eo}. 'unbounded': the reference group is never selected and the group "
        "is, so DI has no upper bound (null in the JSON), its interval [lower bound, ∞); "
        "'undefined': no value (e.g. neither group selected: DI 0/0); "
        "'below the sample floor': shown without an interval, never judged."
    )


def _chart(tt, attr) -> Chart:
    png = threshold_figure_png(tt, attr)
    return Chart(
        "data:image/png;base64," + base64.b64encode(png).decode(),
        f"Selection rate, TPR and FPR of each {attr} group over thresholds, and each "
        f"comparison's DI/EO status; dashed line: the audited threshold "
        f"{_threshold(tt.audited_threshold)}.",
        f"{attr}: rates and verdicts by threshold",
    )


@names_alone
def build_threshold_report(tt, title: str | None = None) -> Report:
    """A self-contained HTML report of a ``ThresholdTable``."""
    cfg = tt.config
    title = _render.report_title(title, "Threshold view")  # a refusal before the charts
    frame = tt.frame
    sections = []
    # a crossing with no rows is named under its intersection, not left out without a word
    empty = tt.empty_crossing_notes
    codes = tt.missing_code_notes
    for index, attr in enumerate(dict.fromkeys(frame["attribute"]), start=1):
        said = spaced_name(attr)  # ' g' never as 'g' (a browser folds the spaces)
        chart = chart_or_note(f"{said} threshold chart", lambda a=attr: _chart(tt, a))
        tab = _verdict_table(frame[(frame["attribute"] == attr) & frame["status"].notna()], cfg)
        note = paragraph(EMPTY_CROSSINGS_LEAD + empty[attr]) if attr in empty else Markup("")
        if attr in codes:  # a group named like a missing value ('?'): audited, with a note
            note = join(note, paragraph(codes[attr]))
        # a valid id, unique whatever the name ('race ethnicity', 'a b' beside 'a-b')
        key = _render.section_id("thresholds", index, attr)
        sections.append(Section(key, said, join(figure(chart), note, tab)))
    intro = paragraph(
        f"A row is predicted positive when its score is at least the threshold. Intervals: "
        f"{percent(cfg['confidence_level'])} {cfg['ci_method']}, {cfg['n_boot']} draws, seed "
        f"{cfg['random_state']}. DI is flagged when its interval lies entirely "
        f"{di_band(cfg['policy'])}, EO when its interval's lower bound exceeds "
        f"{threshold_text(cfg['policy']['eo_threshold'])}."
    )
    intro = join(intro, *map(paragraph, threshold_notes(tt)))  # weighted; the DI rule's caveat
    intro = join(intro, *map(paragraph, run_notes(tt)))  # a label's values counted as negative
    changes = changes_sentence(cfg, tt.run, "threshold view")  # bins, exclusions, merges
    intro = join(paragraph(changes, "callout changes"), intro) if changes else intro
    sections.insert(0, Section("about", "How to read this", intro))
    sections.append(run_record(tt.run, cfg, "thresholds"))
    n = len(cfg["thresholds"])
    return Report(
        title,
        f"{tt.data['n_rows']:,} rows · {n} threshold{'' if n == 1 else 's'} · audited "
        f"{_threshold(tt.audited_threshold)} · seed {cfg['random_state']} · "
        f"{cfg['n_boot']} interval draws",
        sections,
        generated_by(cfg, tt.run),
    )


def _verdict_table(sub, cfg: dict):
    """The comparisons of one attribute at every threshold: rates, DI and (with labels) EO with
    their intervals, and the status."""
    labelled = bool(sub["eo_status"].notna().any())
    rows = []
    for _, r in sub.iterrows():
        eo = _cells(r, "eo", cfg["policy"]) if labelled else ()
        rows.append(
            (
                f"{spaced_name(r['group'])} vs {spaced_name(r['reference'])}",
                f"{_threshold(r['threshold'])}{' (audited)' if r['audited'] else ''}",
                _number(r["selection_rate"]),
                *_cells(r, "di", cfg["policy"]),
                *eo,
                status_badge(r["status"]),
            )
        )
    heads = ["comparison", "threshold", "selection rate", "DI", "DI interval"]
    heads += ["EO diff", "EO interval"] if labelled else []
    return table(
        [*heads, "status"],
        rows,
        caption=_methods(cfg, labelled),
        numeric=(2, 3, 5) if labelled else (2, 3),
    )
