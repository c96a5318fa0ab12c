"""Round 26: the threshold view's HTML report prints a threshold as the terminal does (as
written, up to 12 significant digits): ``:g`` printed an audited threshold of 0.1234567 as
0.123457 in the table, the subtitle and the chart's caption, while the terminal and the JSON
said 0.1234567 (0.10000001 read as 0.1, beside the grid's own 0.1). The P2NIA estimate's run
record writes its confidence level as given (0.9999999, not 1)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import estimate_html


def test_the_threshold_report_prints_the_audited_threshold_as_given(tmp_path):
    rng = np.random.default_rng(0)
    n = 600
    table = ethiclens.threshold_table(
        rng.integers(0, 2, n),
        rng.random(n),
        pd.DataFrame({"g": rng.choice(["A", "B"], n)}),
        audited_threshold=0.10000001,
        step=0.1,
        n_boot=100,
    )
    page = table.to_html(tmp_path / "t.html").read_text(encoding="utf-8")
    cells = re.findall(r"<tr><td>[^<]*</td><td>([^<]*)</td>", page)
    assert "0.10000001 (audited)" in cells and "0.1" in cells
    assert "audited 0.10000001 ·" in page
    assert "the audited threshold 0.10000001." in page


def test_the_estimate_record_writes_its_level_as_given():
    config = {"ethiclens_version": "0", "random_state": 0, "n_boot": 200, "metrics": ["dp"]}
    values = {"dp": {"value": 0.2, "ci_low": 0.1, "ci_high": 0.3, "status": "REPORTED"}}
    values["dp"]["reason"] = None
    document = {"config": {**config, "confidence_level": 0.9999999}, "run": {}}
    page = estimate_html("t", "b", values, "percentile", document)
    assert "<dt>confidence level</dt><dd>0.9999999</dd>" in page
