"""Round 21: every example config in docs/examples runs, as the README tells a reader to, on the
``preds.csv`` that docs/examples/make_preds.py writes (test_spec.py only checks the schema), and
every example that reads preds.csv, config or README command, says its positive label is a
harm: otherwise the report names the groups given "high risk" least often as disadvantaged."""

from __future__ import annotations

import json
import re
import runpy
import shlex
import sqlite3
from pathlib import Path

import pytest

from ethiclens.cli import main
from ethiclens.spec import AuditSpec

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
CONFIGS = [p for p in sorted(EXAMPLES.glob("*.*")) if p.suffix in (".yaml", ".json")]


@pytest.fixture(scope="module")
def preds(tmp_path_factory):
    """A folder holding preds.csv as the README makes it, and the database warehouse.yaml reads
    (table ``predictions``: the same rows)."""
    root = tmp_path_factory.mktemp("examples")
    frame = runpy.run_path(str(EXAMPLES / "make_preds.py"))["make_preds"]()
    frame.to_csv(root / "preds.csv", index=False)
    with sqlite3.connect(root / "warehouse.db") as con:
        frame.to_sql("predictions", con, index=False)
    return root


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_every_example_config_runs(path, preds, monkeypatch, capsys):
    monkeypatch.chdir(preds)
    monkeypatch.setenv("AUDIT_DB", f"sqlite:///{preds / 'warehouse.db'}")
    spec = AuditSpec.from_file(path)
    code = main(["audit", "--config", str(path), "--n-boot", "100"])
    err = capsys.readouterr().err
    gated = spec.gate.fail_on is not None
    assert code in ((0, 1) if gated else (0,)), err  # 2 is bad input: the example is broken
    for out in (spec.outputs.json, spec.outputs.html, spec.outputs.model_card):
        assert out is None or (preds / out).is_file(), f"{path.name} did not write {out}"


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_an_example_on_preds_csv_says_the_positive_label_is_a_harm(path):
    # (a database example, warehouse.yaml, is checked by the next test)
    spec = AuditSpec.from_file(path)
    if spec.target.file is not None:
        assert spec.target.file == "preds.csv", f"{path.name} reads a file the README never makes"
        assert spec.roles.positive == "harmful", f"{path.name}: add roles.positive: harmful"


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_every_example_says_its_positive_label_is_a_harm(path):
    # docs/config.md: every example is run on preds.csv's rows (warehouse.yaml on a database
    # table of them), "so they say roles.positive: harmful"; warehouse.yaml did not, and its
    # audit of those rows named Caucasian, Hispanic and Other as disadvantaged.
    assert "so they say `roles.positive: harmful`" in (ROOT / "docs" / "config.md").read_text()
    spec = AuditSpec.from_file(path)
    if spec.target.dataset is None:  # a benchmark's label has its own direction (COMPAS: harmful)
        assert spec.roles.positive == "harmful", f"{path.name}: add roles.positive: harmful"


def test_the_ci_example_names_african_american_as_disadvantaged(preds, monkeypatch, capsys):
    monkeypatch.chdir(preds)
    main(["audit", "--config", str(EXAMPLES / "predictions-ci.yaml"), "--n-boot", "100"])
    capsys.readouterr()
    report = json.loads((preds / "audit.json").read_text())
    race = [c for c in report["comparisons"] if c["attribute"] == "race" and c["flagged"]]
    assert race and {c["disadvantaged"] for c in race} == {"African-American"}


def _commands_on_preds(text: str) -> list[str]:
    joined = re.sub(r"\\\n\s*", " ", text)
    lines = [ln.strip() for ln in joined.splitlines() if ln.strip().startswith("ethiclens ")]
    # an audit of preds.csv, or of the counts table made from it
    return [ln for ln in lines if " preds.csv " in ln or "--counts counts.parquet" in ln]


def test_every_readme_command_on_preds_csv_says_positive_harmful():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    commands = [
        c
        for page in pages
        for c in _commands_on_preds(page.read_text())
        if shlex.split(c)[1] in ("audit", "compare", "thresholds")
    ]
    assert len(commands) >= 5
    missing = [c for c in commands if "--positive harmful" not in c]
    assert missing == []


def test_make_preds_says_the_positive_label_is_a_harm():
    text = (EXAMPLES / "make_preds.py").read_text()
    assert "--positive harmful" in text.split('if __name__ == "__main__":', 1)[1]
