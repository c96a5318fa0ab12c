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


def test_the_unpaired_column_is_compare_of_the_test_split_arrays():
    """The README's unpaired intervals and 76 % agreement, from the call it names."""
    import numpy as np

    import ethiclens
    from ethiclens.datasets import load_compas
    from ethiclens.models import train_standard_model

    ds = load_compas()
    run = train_standard_model(ds, seed=0)
    decile = ds.extra["score_text"].loc[run.y_test.index].isin(["Medium", "High"])
    decile = decile.astype(int).to_numpy()
    assert "ethiclens.compare(y_true, pred_a, pred_b, sensitive_features, paired=False)" in (
        " ".join(README.split())
    )
    assert f"{np.mean(decile == run.y_pred):.0%}".replace("%", " %") in README
    result = ethiclens.compare(
        run.y_test.to_numpy(),
        run.y_pred,
        decile,
        run.protected_test,
        names=("model", "decile"),
        paired=False,
        random_state=0,
        positive_is_favorable=False,
        reference={"race": "Caucasian", "sex": "Female"},
    )
    metrics = {"DI": "disparate_impact", "EO difference": "equalized_odds_difference"}
    rows = re.findall(
        r"^\| (sex|race): (\S+) vs \S+ \| (DI|EO difference) \|.*\| \[(\S+), (\S+)\] \|$",
        README,
        re.M,
    )
    assert len(rows) == 4
    found = {(r["group"], r["metric"]): r["difference"] for r in result.to_dict()["differences"]}
    for _attr, group, metric, low, high in rows:
        diff = found[(group, metrics[metric])]
        got = [f"{diff['ci_low']:.3f}", f"{diff['ci_high']:.3f}"]
        assert got == [low.replace("\u2212", "-"), high.replace("\u2212", "-")], (group, metric)


def test_config_doc_says_thresholds_has_no_ci_flag():
    from click.testing import CliRunner

    from ethiclens.cli import cli

    doc = " ".join((ROOT / "docs" / "config.md").read_text().split())
    assert "`ethiclens thresholds` has no `--ci` flag" in doc
    out = CliRunner().invoke(cli, ["thresholds", "--help"]).output
    assert "--ci " not in out and "--ci\n" not in out


def test_config_doc_says_bios_has_no_standard_audit_model():
    import pytest

    import ethiclens
    from ethiclens.errors import EthicLensInputError

    doc = (ROOT / "docs" / "config.md").read_text()
    row = next(line for line in doc.splitlines() if line.startswith("| `target.dataset`"))
    assert "bios, a text dataset with no standard audit model, is refused" in row
    with pytest.raises(EthicLensInputError, match="without a standard audit model"):
        ethiclens.audit("bios")


def test_setup_names_what_make_test_installs():
    make = (ROOT / "Makefile").read_text()
    setup = " ".join(README.split("## Setup and extras", 1)[1].split("\n## ", 1)[0].split())
    for script, package in (
        ("ensure-chromium.sh", "chromium"),
        ("ensure-postgres.sh", "postgresql"),
    ):
        assert f"bash scripts/{script}" in make
        assert f"apt-get install {package}" in (ROOT / "scripts" / script).read_text()
        assert package in setup
    assert "installs Debian's chromium and postgresql" in setup


def test_engines_doc_counts_the_agreement_cases():
    import importlib.util

    path = ROOT / "tests" / "sources" / "test_engine_agreement.py"
    spec = importlib.util.spec_from_file_location("_agreement_cases", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = " ".join((ROOT / "docs" / "engines.md").read_text().split())
    assert f"`tests/sources/test_engine_agreement.py` runs {len(module.CASES)} good and" in doc


def test_readme_names_the_catalogs_refused_as_postgresql_s(tmp_path, capsys):
    """SQLite's sqlite_master (the schema, no secrets) is read: only PostgreSQL's are refused."""
    import sqlite3

    from ethiclens.cli import main

    db = tmp_path / "w.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (pred INTEGER, race TEXT)")
    query = "SELECT 1 AS pred, type AS race FROM sqlite_master"
    code = main(
        ["audit", "--db", f"sqlite:///{db}", "--query", query, "--y-pred", "pred"]
        + ["--protected", "race", "--n-boot", "200"]
    )
    assert code == 2
    assert "single group 'table'" in capsys.readouterr().err  # read, not refused
    text = " ".join(README.split())
    assert "and PostgreSQL's system catalogs are refused)" in text


def test_the_stored_population_bias_files_are_described_as_bare_lists():
    import json

    folder = ROOT / "docs" / "reproductions" / "p2nia"
    for name in ("population-bias-CO-NE.json", "population-bias-NE-CO.json"):
        records = json.loads((folder / name).read_text())
        if isinstance(records, dict):  # rewritten in the current format: the note is stale
            raise AssertionError(f"{name} now has the wrapper; drop the note in p2nia.md")
        assert {"train_state", "audit_state", "abs_error"} <= set(records[0])
    doc = " ".join((ROOT / "docs" / "reproductions" / "p2nia.md").read_text().split())
    assert "written before `--json` wrapped the records" in doc


def test_layout_names_every_subpackage():
    layout = README.split("## Layout", 1)[1].split("```")[1]
    package = ROOT / "src" / "ethiclens"
    for sub in sorted(p.name for p in package.iterdir() if (p / "__init__.py").exists()):
        assert f"{sub}/" in layout, sub
    assert "models.py" in layout
