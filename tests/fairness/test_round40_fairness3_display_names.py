"""Round 40: the notebook views (repr / _repr_html_ of AuditResult, Comparison, ModelComparison,
ThresholdTable) masked each line whole, so a group named 'password=' ate the words after it:
'x: password= *** b', '(x:password=*** Low Risk)'. Each user name is masked alone now, as the
reports do (ethiclens._text.name_pieces), and a password inside a name is still masked."""

import numpy as np
import pytest

import ethiclens as el
import ethiclens.report  # noqa: F401 - the views' notes writers: loaded at collection, not in the test

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

Y = np.array([0, 1] * 60)
P = np.array([0, 1, 1, 1] * 30)
G = np.repeat(["password=", "b", "postgresql://u:hunter2@h/db"], 40)
KW = {"sensitive_features": {"x": G}, "n_boot": 100, "random_state": 0}


def test_a_secret_shaped_group_keeps_the_words_after_it():
    audit = el.audit(Y, P, **KW)
    one = next(c for c in audit.comparisons if c.group == "password=")
    comp = el.compare(Y, P, 1 - P, names=("password=", "B"), **KW)
    table = el.threshold_table(Y, P * 0.6 + 0.2, thresholds=[0.5], **KW)
    views = [repr(audit), audit._repr_html_(), repr(one), one._repr_html_()]
    views += [repr(comp), comp._repr_html_(), table._repr_html_()]
    for view in views:
        assert "password= ***" not in view and "password=***" not in view, view
        assert "hunter2" not in view
        assert "postgresql://u:***@h/db" in view or view in (repr(one), one._repr_html_())
    assert repr(one).startswith("Comparison(x: password= vs b, ")
    assert "x: password=</td>" in table._repr_html_()
    assert "<strong>EthicLens: B vs password=</strong>" in comp._repr_html_()
