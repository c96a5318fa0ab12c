"""The HTML page of a P2NIA estimate (``ethiclens p2nia estimate --html``), from its values
only: the report does not import p2nia (ADR 0007)."""

from __future__ import annotations

from ._render import Report, Section, paragraph, table


def estimate_html(title: str, basis: str, values: dict, methods: str) -> str:
    """A self-contained page: per metric its estimate, interval and status.

    ``values``: metric -> ``{"value", "ci_low", "ci_high", "status", "reason"}`` (an
    ``Estimate``'s ``values``); ``basis``: what it was estimated from; ``methods``: the
    intervals' methods in words.
    """
    rows = [
        (
            k.upper(),
            "undefined" if v["value"] is None else f"{v['value']:z.4f}",
            "—" if v["ci_low"] is None else f"[{v['ci_low']:z.4f}, {v['ci_high']:z.4f}]",
            v["status"] + (f": {v['reason']}" if v["reason"] else ""),
        )
        for k, v in values.items()
    ]
    body = table(["metric", "estimate", "95% interval", "status"], rows, numeric=(1, 2))
    section = Section("estimate", "Estimate", body + paragraph(f"Intervals: {methods}."))
    return Report(title, basis, [section]).to_html()
