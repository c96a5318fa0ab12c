"""Round 40: estimates_html (the P2NIA / PCER notebook table) masked each reason whole, so a
group 'password=' ate the words after it ('password= *** (estimated) positive labels'); given
the groups as ``names`` it masks each alone, and a URL's password is still masked."""

from ethiclens.fairness import estimates_html
from ethiclens.fairness._result import MetricEstimate


def test_named_groups_are_masked_alone():
    why = "password= has no (estimated) positive labels; postgresql://u:hunter2@h/db too"
    stats = {"eo": MetricEstimate(None, None, None, "none", "UNDEFINED", why)}
    names = ["password=", "postgresql://u:hunter2@h/db"]
    html = estimates_html("t", stats, names=names)
    assert "password= has no (estimated) positive labels" in html
    assert "hunter2" not in html and "postgresql://u:***@h/db too" in html
