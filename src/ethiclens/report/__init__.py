"""Reports: the versioned JSON schema, atomic writing, HTML reports and model cards."""

import dataclasses

from .._keywords import refusing_exports, refusing_unknown_keywords
from ..errors import EthicLensInputError
from ..fairness import AuditResult, ModelComparison, ThresholdTable
from ..io import check_writable, ensure_output_folder, write_atomic
from ._audit_report import (
    below_floor,
    below_harmful_caveat,
    build_audit_report,
    changes_sentence,
    di_rule_sentence,
    disadvantaged_note,
    withheld_hint,
)
from ._audit_report import fmt as format_number
from ._audit_report import fmt_estimate as format_estimate
from ._compare_report import build_comparison_report
from ._estimate_report import estimate_html
from ._model_card import card_format, render_card, render_model_card, render_model_card_html
from ._model_card import md as markdown_text
from ._notebook import (
    write_audit_card,
    write_audit_html,
    write_comparison_html,
    write_threshold_html,
    write_threshold_png,
)
from ._pdf import check_browser, find_browser, html_to_pdf
from ._provenance import benchmark_provenance, load_card_info
from ._render import Report, Section, masked_sentence, paragraph, report_title, table
from ._schema import load_schema, validate_comparison, validate_report, validate_thresholds
from ._terminal import comparison_summary, terminal_summary, threshold_summary
from ._threshold_report import build_threshold_report
from ._verdict import (
    STATUS_ORDER,
    largest_disparity,
    largest_disparity_note,
    plain_reason,
    policy_edges,
    verdict_sentence,
)


@refusing_unknown_keywords
def render_html(result_or_report, title: str | None = None) -> str:
    """A self-contained HTML report for an ``AuditResult`` (or any ``Report``).

    A ``ModelComparison`` or a ``ThresholdTable`` gives its own report, as its ``to_html``
    does (it failed with "'ModelComparison' object has no attribute 'comparisons'"); ``title``
    replaces a ``Report``'s own (it was dropped without a word); anything else is refused naming
    the argument."""
    if isinstance(result_or_report, Report):
        named = report_title(title, result_or_report.title)
        return dataclasses.replace(result_or_report, title=named).to_html()
    for kind, build in _BUILDERS.items():
        if isinstance(result_or_report, kind):
            return build(result_or_report, title).to_html()
    problem = (
        f"a report is made of an AuditResult, a ModelComparison, a ThresholdTable or a Report, "
        f"not {type(result_or_report).__name__}"
    )
    fix = "pass the result of ethiclens.audit(), compare() or threshold_table()"
    raise EthicLensInputError(problem, column="result_or_report", kind="argument", fix=fix)


_BUILDERS = {
    AuditResult: build_audit_report,
    ModelComparison: build_comparison_report,
    ThresholdTable: build_threshold_report,
}


__all__ = [
    "Report",
    "Section",
    "build_audit_report",
    "render_html",
    "render_model_card",
    "render_model_card_html",
    "card_format",
    "render_card",
    "check_browser",
    "find_browser",
    "html_to_pdf",
    "largest_disparity",
    "largest_disparity_note",
    "verdict_sentence",
    "masked_sentence",
    "plain_reason",
    "policy_edges",
    "STATUS_ORDER",
    "terminal_summary",
    "comparison_summary",
    "threshold_summary",
    "estimate_html",
    "write_audit_html",
    "write_audit_card",
    "write_comparison_html",
    "write_threshold_png",
    "write_threshold_html",
    "load_schema",
    "validate_report",
    "validate_comparison",
    "validate_thresholds",
    "write_atomic",
    "check_writable",
    "ensure_output_folder",
    "format_number",
    "format_estimate",
    "below_floor",
    "below_harmful_caveat",
    "changes_sentence",
    "di_rule_sentence",
    "disadvantaged_note",
    "withheld_hint",
    "benchmark_provenance",
    "load_card_info",
    "paragraph",
    "table",
    "markdown_text",
]

# a keyword an exported name does not take: one refusal with its near miss, never Python's
# bare TypeError (ethiclens._keywords)
refusing_exports(globals())
