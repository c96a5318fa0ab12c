"""Reports: the versioned JSON schema, atomic writing, HTML reports and model cards."""

from ._audit_report import build_audit_report
from ._audit_report import fmt as format_number
from ._audit_report import fmt_estimate as format_estimate
from ._model_card import render_model_card
from ._render import Report, Section
from ._schema import load_schema, validate_report
from ._write import check_writable, write_atomic


def render_html(result_or_report, title: str | None = None) -> str:
    """A self-contained HTML report for an ``AuditResult`` (or any ``Report``)."""
    report = (result_or_report if isinstance(result_or_report, Report)
              else build_audit_report(result_or_report, title))
    return report.to_html()


__all__ = ["Report", "Section", "build_audit_report", "render_html", "render_model_card",
           "load_schema", "validate_report", "write_atomic", "check_writable", "format_number",
           "format_estimate"]
