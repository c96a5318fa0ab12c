"""Writers behind ``AuditResult.to_html`` / ``to_model_card`` and ``ModelComparison.to_html``.

The result objects live in ``ethiclens.fairness``, below this layer; they call these writers
through ``fairness.register_renderer`` (registered when ``ethiclens.report`` is imported).
"""

from __future__ import annotations

from ..fairness import register_renderer
from ._audit_report import build_audit_report
from ._model_card import render_model_card
from ._write import write_atomic


def write_audit_html(result, path, title=None):
    """The audit's HTML report, written atomically (as ``ethiclens audit --html``)."""
    return write_atomic(path, build_audit_report(result, title).to_html())


def write_audit_card(result, path):
    """The audit's Markdown model card, written atomically."""
    return write_atomic(path, render_model_card(result))


def write_comparison_html(comparison, path, title=None):
    """The two-model comparison's HTML report, written atomically."""
    from ._compare_report import build_comparison_report

    return write_atomic(path, build_comparison_report(comparison, title).to_html())


def write_threshold_png(table, path, attribute=None):
    """The threshold view's plot (PNG), written atomically."""
    from ._threshold_plot import write_threshold_png as write

    return write(table, path, attribute)


def write_threshold_html(table, path, title=None):
    """The threshold view's HTML report (plot and verdicts per attribute), written atomically."""
    from ._threshold_report import build_threshold_report

    return write_atomic(path, build_threshold_report(table, title).to_html())


register_renderer("audit_html", write_audit_html)
register_renderer("thresholds_html", write_threshold_html)
register_renderer("thresholds_png", write_threshold_png)
register_renderer("write_text", write_atomic)
register_renderer("audit_card", write_audit_card)
register_renderer("compare_html", write_comparison_html)
