"""Round 33c: the impossibility sentence (HTML report and model card) printed the base rates it
says differ to 2 places, so two rates whose intervals are apart read the same: "Base rates
differ (B 0.50 vs A 0.50)". They now print to as many places as it takes to tell them apart."""

from __future__ import annotations

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import render_html, render_model_card


def _result():
    n = 400_000
    group = np.array(["A"] * n + ["B"] * n)
    label = np.zeros(2 * n, int)
    label[: int(n * 0.498)] = 1  # A: base rate 0.498
    label[n : n + int(n * 0.502)] = 1  # B: 0.502, intervals about ±0.0016 each
    pred = label.copy()
    return ethiclens.audit(
        label, pred, pd.DataFrame({"g": group}), reference={"g": "A"}, n_boot=200
    )


def test_the_base_rates_said_to_differ_are_printed_apart():
    result = _result()
    rates = {g.group: g.metrics["base_rate"] for g in result.attributes[0].groups}
    assert rates["B"].ci_low > rates["A"].ci_high  # the intervals are apart
    said = "Base rates differ (B 0.502 vs A 0.498"
    assert said + ")" in render_html(result)
    assert said.replace("(", "\\(") + "\\)" in render_model_card(result)  # Markdown-escaped
