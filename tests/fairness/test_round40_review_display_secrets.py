"""Notebook views (repr() and _repr_html_() of AuditResult, ModelComparison, Comparison and
ThresholdTable) showed a password held in a group or model name (postgresql://u:pw@h/db) that
the HTML report and the terminal mask. They mask it now, before escaping: a model named
'password=a' no longer has its mask eat the page's markup."""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
import ethiclens.fairness  # noqa: F401 - imported at collection, not in the first test

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

N = 360
G = np.repeat(["postgresql://u:hunter2@h/db", "<b>x</b>", "plain"], N // 3)
RNG = np.random.default_rng(1)
Y, P, P2, S = RNG.integers(0, 2, N), RNG.integers(0, 2, N), RNG.integers(0, 2, N), RNG.random(N)
KW = {"sensitive_features": pd.DataFrame({"g": G}), "n_boot": 100, "random_state": 0}


def test_every_notebook_view_masks_a_password_in_a_group_name():
    audit = el.audit(Y, P, **KW)
    comp = el.compare(Y, P, P2, **KW)
    one = next(c for c in audit.comparisons if "postgresql" in c.group + c.reference)
    table = el.threshold_table(Y, S, thresholds=[0.5], **KW)
    views = [repr(audit), audit._repr_html_(), repr(one), one._repr_html_()]
    views += [comp._repr_html_(), table._repr_html_()]
    for view in views:
        assert "hunter2" not in view
        assert "postgresql://u:***@h/db" in view
    # 'g:postgresql://u:...' (attribute:group) is masked from its first colon on
    assert "hunter2" not in repr(comp) and "***@h/db" in repr(comp)
    assert "<b>x</b>" not in audit._repr_html_()  # still escaped


def test_a_secret_shaped_model_name_keeps_the_markup():
    comp = el.compare(Y, P, P2, names=("password=a", "b"), **KW)
    html = comp._repr_html_()
    assert "password=a" not in html and "password=a" not in repr(comp)
    assert html.count("<p ") == html.count("</p>") == 2
    assert "<strong>EthicLens: b vs password=***</strong>" in html
