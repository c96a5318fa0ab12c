"""Round 43 (report2): the compare report's "interval excludes 0" column said "no" for a B − A
that has no interval at all (a group below its sample floor, an undefined difference), as if
the data gave an interval spanning 0. It now says "no interval"; a computed interval still
reads yes/no."""

from __future__ import annotations

import re

import numpy as np

from ethiclens.fairness import compare


def _rows(html: str) -> dict[str, list[str]]:
    """comparison label -> the 'interval excludes 0' cells of its rows (differences table)."""
    table = html.split('id="differences"', 1)[1].split("</table>", 1)[0]
    out: dict[str, list[str]] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table, flags=re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
        if cells:
            out.setdefault(cells[0], []).append(cells[-1])
    return out


def test_a_difference_without_interval_is_not_said_to_span_zero(tmp_path):
    rng = np.random.default_rng(0)
    n = 2000
    g = np.where(np.arange(n) < 12, "small", np.where(np.arange(n) % 2, "a", "b"))
    y, a = rng.integers(0, 2, n), rng.integers(0, 2, n)
    b = a.copy()
    b[:400] = 1
    result = compare(y, a, b, g, n_boot=100, random_state=0, reference="a")
    html = result.to_html(tmp_path / "c.html").read_text(encoding="utf-8")
    rows = _rows(html)
    small = [v for k, v in rows.items() if k.startswith("g: small") or "small vs" in k]
    assert small, rows.keys()
    assert all(cell == "no interval" for cell in small[0]), small
    judged = [v for k, v in rows.items() if "small" not in k]
    assert judged and all(cell in ("yes", "no") for cells in judged for cell in cells)
    for d in result.differences:  # the JSON's interval_excludes_zero agrees where one exists
        if d.difference.ci_low is not None:
            label = f"{d.attribute}: {d.group} vs {d.reference}"
            assert ("yes" if d.excludes_zero else "no") in rows[label]
