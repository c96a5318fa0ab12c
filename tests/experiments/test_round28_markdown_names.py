"""Round 28 (auditor): the research harnesses' Markdown tables (``pcer tables``' tables.md,
``p2nia experiment``'s <dataset>-tables.md) print the user's names (a registered dataset, its
attributes and groups, a registered mechanism) escaped, as the model card does: a name held
``<img onerror=...>`` as raw HTML, a ``|`` that ended a cell early and a newline that split a
row. The built-in names print as before."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ethiclens.experiments import _p2nia_figures as figs
from ethiclens.experiments import write_tables
from ethiclens.experiments._store import open_existing

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"
HTML = "<img src=x onerror=alert(1)>"


def _table_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("|")]


def _cells(line: str) -> int:
    """Cells of a Markdown table row: its unescaped '|' less one."""
    return line.replace("\\|", "").count("|") - 1


def test_pcer_tables_markdown_escapes_dataset_attribute_and_group_names(tmp_path):
    groups = open_existing(STORE).group_stats()
    names = {"Other": f"Ot|her{HTML}", "African-American": "A\nB"}
    groups["group_name"] = groups["group_name"].replace(names)
    groups["dataset"] = "my|data"
    text = write_tables(groups, tmp_path)["markdown"].read_text()
    assert HTML not in text and "\\<img src=x onerror=alert\\(1\\)\\>" in text
    assert "## my\\|data / race (group 0 = Ot\\|her" in text and "group 1 = A\\\\nB;" in text
    for block in text.split("\n\n"):  # every row of a table has its header's cells
        rows = _table_rows(block)
        assert len({_cells(r) for r in rows}) <= 1, block


def test_pcer_tables_markdown_keeps_the_builtin_names_as_written(tmp_path):
    text = write_tables(open_existing(STORE).group_stats(), tmp_path)["markdown"].read_text()
    assert "## compas / race (group 0 = Other, group 1 = African-American;" in text
    assert "| δ Other | δ African-American |" in text


def test_p2nia_tables_markdown_escapes_a_registered_mechanism_and_the_dataset(tmp_path):
    rows = pd.DataFrame(
        [
            dict(dataset="d", model="rf", rep=r, mechanism=m, epsilon=e, accounting=None,
                 n=n, metric="dp", abs_error=0.1 + r / 100)
            for r in (0, 1)
            for m, e in (("blackbox", 0.0), (f"me|ch{HTML}", 10.0))
            for n in (250, 500)
        ]
    )  # fmt: skip
    path = figs.write_tables(rows, tmp_path, "toy|set", metric_epsilons=(10.0,))
    text = Path(path).read_text()
    assert HTML not in text and "# P2NIA on toy\\|set" in text
    assert "P2NIA (me\\|ch\\<img" in text
    for block in text.split("\n\n"):
        assert len({_cells(r) for r in _table_rows(block)}) <= 1, block
    assert "models: ['rf']" in text and "| black-box |" in text


def test_pcer_tables_markdown_prints_the_std_of_one_seed_as_undefined_never_nan(tmp_path):
    # one seed: its std (ddof 1) is undefined; the paper-style table printed "0.567 ± nan"
    groups = open_existing(STORE).group_stats()
    text = write_tables(groups[groups.seed == 0], tmp_path)["markdown"].read_text()
    assert "nan" not in text.lower()
    assert "(± —: one seed, no std)" in text
    rows = [r for r in _table_rows(text) if r.startswith("| no-DP | 0.")]
    assert rows and " ± — | " in rows[0] and " ± — [—] | " in rows[0]
