"""A report is a title and a list of sections; features (audit, PCER, P2NIA) supply sections.

Everything dynamic goes through ``markupsafe.escape`` (or Jinja's autoescape), so a group
called ``<script>`` is shown, never run; the rendered page then passes
:func:`ethiclens._text.html_safe` (a NUL byte is removed, other control characters and bidi
overrides from user text are shown as escapes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

import jinja2
from markupsafe import Markup, escape

from ._plots import Chart


@dataclass
class Section:
    """One titled part of a report; ``html`` is already escaped markup."""

    id: str
    title: str
    html: Markup


@dataclass
class Report:
    title: str
    subtitle: str
    sections: list[Section] = field(default_factory=list)
    footer: str = ""

    def to_html(self) -> str:
        env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
        template = env.from_string(
            resources.files(__package__).joinpath("templates/report.html.j2").read_text()
        )
        from .._text import html_safe

        return html_safe(template.render(report=self))


def table(headers, rows, caption: str | None = None, numeric=(), notes=None) -> Markup:
    """An HTML table; cells are escaped unless already ``Markup``.

    ``notes``: optional text per row, shown on a full-width line under that row.
    """
    head = "".join(f"<th scope='col'>{escape(h)}</th>" for h in headers)
    body = []
    for k, row in enumerate(rows):
        cells = []
        for i, cell in enumerate(row):
            cls = " class='num'" if i in numeric else ""
            cells.append(f"<td{cls}>{escape(cell)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
        if notes and notes[k]:
            body.append(
                f"<tr class='note'><td colspan='{len(headers)}'>{escape(notes[k])}</td></tr>"
            )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return Markup(
        f"<div class='scroll'><table>{cap}<thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def figure(chart: Chart) -> Markup:
    return Markup(
        f"<figure><img src='{chart.uri}' alt='{escape(chart.alt)}'>"
        f"<figcaption>{escape(chart.caption)}</figcaption>"
        f"<details><summary>Chart as text</summary><p>{escape(chart.alt)}</p></details>"
        "</figure>"
    )


def status_badge(status: str) -> Markup:
    return Markup(
        f"<span class='status status-{escape(status)}'>{escape(status.replace('_', ' '))}</span>"
    )


def paragraph(text: str, cls: str | None = None) -> Markup:
    attr = f" class='{escape(cls)}'" if cls else ""
    return Markup(f"<p{attr}>{escape(text)}</p>")


def definition_list(items) -> Markup:
    return Markup(
        "<dl>" + "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in items) + "</dl>"
    )


def join(*parts) -> Markup:
    return Markup("").join(parts)
