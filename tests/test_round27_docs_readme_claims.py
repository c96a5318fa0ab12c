"""Round 27 (docs): README sentences a new reader checked against the code.

- ``thresholds compas --score decile --seed 1`` is another 70/30 split, not only other draws:
  the README says so, with the "Other" rows of both splits.
- The Quickstart names ``preds.csv``'s columns in the order ``make_preds.py`` writes them.
- ``docs/report-schema.md`` names the engines ``run.engine`` holds for a database.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _other_rows(seed: int) -> int:
    from ethiclens.datasets import load_compas
    from ethiclens.models import train_standard_model

    run = train_standard_model(load_compas(), seed=seed)
    return int((run.protected_test["race"] == "Other").sum())


def test_seed_1_is_another_split_with_the_other_rows_the_readme_gives():
    text = " ".join(README.split())
    found = re.search(r'--seed 1` \(another 70/30 split: (\d+) "Other" rows, not (\d+)', text)
    assert found, "the README should say that --seed 1 draws another split"
    assert int(found.group(1)) == _other_rows(1)
    assert int(found.group(2)) == _other_rows(0)
    assert "can turn with the draws." not in text


def test_quickstart_lists_preds_columns_in_the_written_order():
    frame = runpy.run_path(str(ROOT / "docs" / "examples" / "make_preds.py"))["make_preds"]()
    assert f"writes preds.csv: {', '.join(frame.columns)} (COMPAS)" in README


def test_report_schema_names_the_sql_engines_as_written():
    doc = " ".join((ROOT / "docs" / "report-schema.md").read_text().split())
    assert "`sql (sqlite)` or `sql (postgresql)`" in doc
    source = (ROOT / "src" / "ethiclens" / "sources" / "_sql.py").read_text()
    assert 'f"sql ({backend})"' in source
