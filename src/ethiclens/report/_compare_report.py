"""HTML report of a two-model comparison: verdicts side by side, B − A with paired intervals."""

from __future__ import annotations

from markupsafe import Markup

from .._text import percent, plural
from ..fairness import COMPARISON_METRIC_SPECS, metric_words, names_text, pair_text
from . import _render
from ._audit_report import (
    EMPTY_CROSSINGS_LEAD,
    changes_sentence,
    fmt,
    missing_code_notes,
    run_notes,
    run_record,
)
from ._render import (
    Report,
    Section,
    generated_by,
    join,
    names_alone,
    paragraph,
    status_badge,
    table,
)


def difference_text(m) -> str:
    """B − A with its interval, or why it has none (the JSON's reason), in every view."""
    if m.value is None:
        return m.reason or "undefined"  # the reason says undefined, and under which model
    if m.ci_low is None:
        return f"{fmt(m.value)} ({m.reason or 'below the sample floor'}: no interval)"
    # an interval that excludes 0 prints on its side of 0 (-0.0001, not 0.000, beside "yes")
    edges = (0.0,) if m.ci_low > 0 or m.ci_high < 0 else ()
    low, high = fmt(m.ci_low, edges=edges), fmt(m.ci_high, edges=edges)
    return f"{fmt(m.value, edges=edges)} [{low}, {high}]"


ABSOLUTE_MARK = " (absolute)"  # a comparison metric that is |group - reference|
ABSOLUTE_NOTE = (
    "(absolute): the metric is the size of the gap, |group − reference|, never negative; its "
    "B − A says whether the gap grew or shrank, not which group is ahead. The other "
    "differences are signed (group − reference) and disparate impact is a ratio."
)


def metric_label(metric: str, group: bool = False) -> str:
    """A comparison metric's name in the audit report's words (the registry's label,
    :func:`ethiclens.fairness.metric_words`: 'Disparate impact', not its JSON key), marked
    ``(absolute)`` when it is |group − reference| (its registry kind), so a B − A table does
    not mix signed and absolute gaps without a word; a group metric's (``group``: a per-group
    rate) its label alone."""
    words = metric_words(metric, group)
    spec = None if group else COMPARISON_METRIC_SPECS.get(metric)
    return words + ABSOLUTE_MARK if spec is not None and spec.absolute else words


@names_alone
def build_comparison_report(comp, title: str | None = None) -> Report:
    """A self-contained HTML report of a ``ModelComparison``."""
    a, b = comp.names
    cfg = comp.config
    title = _render.report_title(title, f"Model comparison: {b} vs {a}")
    subtitle = (
        f"{comp.data['n_rows']:,} rows, both models on the same rows · EthicLens "
        f"{cfg['ethiclens_version']} · seed {cfg['random_state']} · {cfg['n_boot']} draws"
    )
    sections = [
        _summary(comp),
        Section("verdicts", "Verdicts under each model", _verdicts(comp)),
        Section(
            "differences",
            f"Differences {b} − {a}",
            join(
                _differences(comp),
                paragraph(f"Interval method: {_methods_of(comp.differences)}."),
                paragraph(ABSOLUTE_NOTE) if _any_absolute(comp.differences) else Markup(""),
            ),
        ),
        Section(
            "group-differences",
            "Per-group rates",
            join(
                _group_differences(comp),
                paragraph(f"Interval method: {_methods_of(comp.group_differences)}."),
            ),
        ),
        run_record(comp.run, cfg, "compare"),
    ]
    return Report(title, subtitle, sections, generated_by(cfg, comp.run))


def comparison_changes(comp) -> str | None:
    """The groups binned, excluded and merged before the comparison, as the audit report says
    them: both models' audits had the same (their config's edits; the edges as the
    comparison's config states them, else as the audits')."""
    config = {**comp.audit_a.config, **comp.config}
    return changes_sentence(config, comp.run, "comparison")


def _methods_of(differences) -> str:
    """The interval methods of ``differences``' B − A intervals, each once ('none' when no
    interval was made): every table of the report names its own."""
    found = dict.fromkeys(
        d.difference.ci_method for d in differences if d.difference.ci_low is not None
    )
    return "; ".join(found) or "none"


def _summary(comp) -> Section:
    a, b = comp.names
    cfg = comp.config
    changed = comp.changed
    empty = comp.audit_a.empty_crossing_notes  # both models audit the same rows
    changes = comparison_changes(comp)
    return Section(
        "summary",
        "Summary",
        join(
            paragraph(changes, "callout changes") if changes else Markup(""),
            paragraph(EMPTY_CROSSINGS_LEAD + "; ".join(empty)) if empty else Markup(""),
            *map(paragraph, missing_code_notes(comp.audit_a)),  # the same rows
            *map(paragraph, run_notes(comp)),
            paragraph(
                f"{b} − {a}: for every metric and comparison, the difference with a "
                f"{percent(cfg['confidence_level'])} {'paired' if cfg['paired'] else 'unpaired'} "
                "interval (both models scored on each draw of the same rows)."
            ),
            paragraph(
                f"Verdicts changed for {len(changed):,} of "
                f"{plural(len(comp.verdicts), 'comparison')}."
                if changed
                else f"No verdict changed ({plural(len(comp.verdicts), 'comparison')})."
            ),
        ),
    )


def _verdicts(comp):
    a, b = comp.names
    rows = [
        (
            names_text(v),
            status_badge(v.status_a),
            status_badge(v.status_b),
            "yes" if v.changed else "no",
        )
        for v in comp.verdicts
    ]
    return table(["comparison", f"status {a}", f"status {b}", "changed"], rows)


UNBOUNDED = "unbounded (the reference's selection rate is 0)"


def model_value(d, which: str) -> str:
    """Model ``which``'s ("a" or "b") value of a difference ``d``: an infinite one (a DI whose
    reference is never selected; null in the JSON, as the audit's) reads "unbounded (the
    reference's selection rate is 0)", as that model's audit calls it; an undefined one
    (null) reads ``undefined``, as in the audit report."""
    if getattr(d, f"unbounded_{which}", False):
        return UNBOUNDED if d.metric == "disparate_impact" else "unbounded"
    v = getattr(d, f"value_{which}")
    return "undefined" if v is None or v != v else fmt(v)


def _difference_cells(d, label: str) -> tuple:
    metric = metric_label(d.metric, group=d.reference is None)  # None: a group's rate
    values = (model_value(d, "a"), model_value(d, "b"))
    return (label, metric, *values, difference_text(d.difference))


def _any_absolute(differences) -> bool:
    return any(_is_absolute(d.metric) for d in differences)


def _is_absolute(metric: str) -> bool:
    spec = COMPARISON_METRIC_SPECS.get(metric)
    return spec is not None and spec.absolute


def _differences(comp):
    a, b = comp.names
    rows = [
        (
            *_difference_cells(d, names_text(d)),
            _excludes_zero(d),
        )
        for d in comp.differences
    ]
    return table(
        ["comparison", "metric", a, b, f"{b} − {a} [CI]", "interval excludes 0"],
        rows,
        numeric=(2, 3, 4),
    )


def _excludes_zero(d) -> str:
    """Whether B − A's interval excludes 0: 'yes', 'no', or 'no interval' where none was
    made (below the floor, undefined, not computed): a 'no' there read as an interval that
    spans 0, a finding the data never gave."""
    m = d.difference
    if m.ci_low is None or m.ci_high is None:
        return "no interval"
    return "yes" if d.excludes_zero else "no"


def _group_differences(comp):
    a, b = comp.names
    rows = [_difference_cells(d, pair_text(d)) for d in comp.group_differences]
    return table(["group", "metric", a, b, f"{b} − {a} [CI]"], rows, numeric=(2, 3, 4))
