"""Round 33c: the notebook view and repr of an AuditResult printed the composite bias score to 3
places, so a stored 0.5996 (band High Risk: below 0.60) read "0.600 (High Risk)", while the JSON,
the HTML report, the model card and the terminal say 0.5996. It now prints its 4 stored places."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.fairness._result import Headline
from ethiclens.report import render_html


def test_the_composite_prints_its_four_places_in_the_repr_and_notebook_view():
    rng = np.random.default_rng(1)
    g = rng.choice(["A", "B"], 4000)
    y = rng.integers(0, 2, g.size)
    p = (rng.random(g.size) < np.where(g == "B", 0.3, 0.5)).astype(int)
    result = ethiclens.audit(y, p, pd.DataFrame({"g": g}), n_boot=200)
    assert not result.composite.withheld
    composite = Headline("composite", 0.5996, result.composite.comparison, None, band="High Risk")
    result = dataclasses.replace(result, composite=composite)
    said = "Composite bias score: 0.5996 ("
    assert said in repr(result)
    assert said in result._repr_html_()
    assert "0.5996 · High Risk" in render_html(result)
    assert "0.600 (" not in repr(result)
