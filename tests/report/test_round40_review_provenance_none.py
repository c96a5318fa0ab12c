"""Round 40 review of bdfe50be: the model card now leaves a None in the user's provenance out,
but the signed HTML report's "Data, model and run provenance" section still printed Python's
word for it ('data.source None', 'model.version None', 'data.k 1, None'). Left out there too."""

import html
import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report._audit_report import _provenance  # the section alone: no charts


def test_the_html_provenance_section_leaves_none_out():
    rng = np.random.default_rng(0)
    groups = pd.DataFrame({"g": np.repeat(["a", "b"], 100)})
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    provenance = {
        "data": {"source": None, "k": [1, None], "kept": "survey"},
        "model": {"name": "m", "version": None},
        "label": None,
    }
    result = ethiclens.audit(
        y, p, sensitive_features=groups, n_boot=100, random_state=0, provenance=provenance
    )
    section = html.unescape(re.sub(r"<[^>]+>", " ", str(_provenance(result).html)))
    words = section.split()
    assert "None" not in words, section
    shown = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", str(_provenance(result).html)))
    assert "data source" not in shown and "model version" not in shown and "label" not in shown
    assert shown["data k"] == "1"
    assert shown["data kept"] == "survey"
    assert shown["model name"] == "m"
