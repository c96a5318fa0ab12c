"""Round 45: the compare report (HTML and terminal) names each metric in the audit report's
words, the registry's label ('Disparate impact'), never its JSON key ('disparate_impact');
the JSON keeps the keys."""

import numpy as np

import ethiclens
from ethiclens.report import comparison_summary, write_comparison_html


def _comparison():
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b"], 150)
    y = rng.integers(0, 2, 300)
    return ethiclens.compare(
        y, rng.integers(0, 2, 300), rng.integers(0, 2, 300), {"g": g}, n_boot=100,
        reference={"g": "a"},
    )  # fmt: skip


def test_compare_terminal_and_html_name_metrics_in_words(tmp_path):
    comp = _comparison()
    lines = comparison_summary(comp)
    assert any(x.startswith("  Disparate impact: ") for x in lines)
    assert any(x.startswith("  Equalized odds difference (absolute): ") for x in lines)
    assert not any("disparate_impact" in x or "equalized_odds" in x for x in lines)
    page = write_comparison_html(comp, tmp_path / "c.html").read_text()
    for words in ("Disparate impact", "Equalized odds difference (absolute)",
                  "FNR difference (absolute)", "Selection rate", "TPR"):  # fmt: skip
        assert f">{words}<" in page
    for key in ("disparate_impact", "equalized_odds_difference", "fnr_difference",
                "selection_rate", "true_positive_rate"):  # fmt: skip
        assert key not in page
    keys = {d["metric"] for d in comp.to_dict()["differences"]}
    assert {"disparate_impact", "equalized_odds_difference"} <= keys  # the JSON keeps its keys
