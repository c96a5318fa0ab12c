"""Round 30 (report): the threshold view's header counted one threshold as "1 thresholds" (the
audited threshold is among those counted: 0.3 and 0.7 with 0.5 audited are three)."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens


@pytest.mark.parametrize(
    "thresholds, words", [([0.5], "· 1 threshold ·"), ([0.3, 0.7], "· 3 thresholds ·")]
)
def test_the_header_counts_thresholds_in_words(tmp_path, thresholds, words):
    rng = np.random.default_rng(30)
    n = 600
    y = rng.integers(0, 2, n)
    score = np.clip(rng.random(n) * 0.8 + 0.2 * y, 0, 1)
    sex = rng.choice(["f", "m"], n)
    table = ethiclens.threshold_table(
        y, score, {"sex": sex}, thresholds=thresholds, n_boot=100, random_state=0
    )
    table.to_html(tmp_path / "t.html")
    assert words in (tmp_path / "t.html").read_text(encoding="utf-8")
