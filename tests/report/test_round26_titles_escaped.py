"""Round 26: a report's title, subtitle and section titles (a file's or a column's name) show a
newline or CR as ``\\n`` / ``\\r``, as every table cell does: the template escaped them with
Jinja's own escape, so the page's heading folded ``a\\nb.csv`` into ``a b.csv`` while its run
record said ``a\\nb.csv``."""

from __future__ import annotations

from markupsafe import Markup

from ethiclens.report import Report, Section


def test_titles_show_a_newline_and_a_cr_as_escapes():
    page = Report(
        "audit: a\nb<i>.csv",
        "sub\rtitle",
        [Section("s-1", "attr\nname", Markup("<p>x</p>"))],
        "foot\ner",
    ).to_html()
    assert "<title>audit: a\\nb&lt;i&gt;.csv</title>" in page
    assert "<h1>audit: a\\nb&lt;i&gt;.csv</h1>" in page
    assert '<p class="subtitle">sub\\rtitle</p>' in page
    assert "<h2>attr\\nname</h2>" in page and "<footer>foot\\ner</footer>" in page
    assert "<p>x</p>" in page  # a section's markup is kept as it is
