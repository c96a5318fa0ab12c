"""Round 40 (lead): the P2NIA Estimate's and the PCER result's notebook views passed no group
names to estimates_html (24e6a718), so a group named 'password=' ate the words after it in their
reasons ('password= *** (estimated) positive labels'). They now pass their groups."""

from ethiclens.fairness._result import MetricEstimate
from ethiclens.p2nia._estimate import Estimate

WHY = "password= has no (estimated) positive labels; postgresql://u:hunter2@h/db too"


def _estimate() -> Estimate:
    eo = MetricEstimate(None, None, None, "none", "UNDEFINED", WHY).to_dict()
    groups = [{"group": "password=", "n_estimated": 10.0}, {"group": "postgresql://u:hunter2@h/db"}]
    return Estimate({"eopp": eo}, "grr", 1.0, None, 100, "the release", groups=groups)


def test_estimate_view_masks_each_group_alone():
    html = _estimate()._repr_html_()
    assert "password= has no (estimated) positive labels" in html, html
    assert "hunter2" not in html and "postgresql://u:***@h/db too" in html
