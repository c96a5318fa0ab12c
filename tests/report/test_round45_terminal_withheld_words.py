"""Round 45 (sibling of 96d1b6af, terminal face): the audit's terminal summary gave a withheld
headline's reason as the JSON stores it, metric keys and status keys ('a component is undefined
or below its sample floor for g:b (disparate_impact insufficient_data,
statistical_parity_difference insufficient_data)'), where the HTML report and the model card
say it in words (one helper, _plain_withheld). The terminal now says the same words; the JSON
keeps its reason."""

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import terminal_summary
from ethiclens.report._audit_report import _plain_withheld


def test_a_withheld_headline_reads_in_the_reports_words():
    rng = np.random.default_rng(0)
    g = np.array(["a"] * 250 + ["b"] * 60)  # b: below the 100-row selection floor
    n = len(g)
    result = ethiclens.audit(rng.integers(0, 2, n), rng.integers(0, 2, n),
                             pd.DataFrame({"g": g}), n_boot=100)  # fmt: skip
    text = "\n".join(x for x in terminal_summary(result) if isinstance(x, str))
    for h, label in ((result.composite, "Composite bias score"),
                     (result.min_disparate_impact, "Minimum DI")):  # fmt: skip
        assert h.withheld and f"{label}: [yellow]withheld[/yellow] — {_plain_withheld(h)}" in text
    assert "Affected: g:b." in text
    assert "disparate_impact" not in text and "insufficient_data" not in text
    assert "disparate_impact insufficient_data" in result.composite.withheld_reason  # the JSON's
