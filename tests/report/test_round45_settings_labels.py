"""Round 45: an audit setting without words of its own read with the list's JSON prefix under
the 'Audit settings' heading: config.bins (audit(bins={'age': [0, 40, 120]})) listed as
'audit bins age', where the group changes say 'age: binned at edges'."""

import html
import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report._audit_report import _provenance  # no charts: fast


def test_a_setting_reads_without_the_audit_prefix():
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"age": rng.integers(18, 90, 300)})
    result = ethiclens.audit(rng.integers(0, 2, 300), rng.integers(0, 2, 300), df,
                             bins={"age": [0, 40, 120]}, n_boot=100)  # fmt: skip
    settings = html.unescape(str(_provenance(result).html)).split("Audit settings", 1)[1]
    labels = re.findall(r"<dt>(.*?)</dt>", settings)
    assert "age: bin edges" in labels and "age: bin edges = bins.age" in settings
    assert not any(x.startswith("audit ") for x in labels), labels
