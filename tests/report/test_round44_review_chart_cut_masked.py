"""Round 44 (review of ae7706f6, its class in the charts): a chart cut a long group or attribute
name in its middle before the figure's masking ran, so a name holding a URL whose '@' fell in
the cut-away part was drawn with the start of its password: the HTML report's PPV/FPR and
calibration charts drew 'postgresql://u:SqSqSqSqSqS…dddd' and 'u:ZkZkZkZkZkZk…eeee' where its
tables say 'u:***@'; the threshold chart's legend and ticks, the monitor's trend titles and the
experiments' legends cut the same way (_text.short_labels / middle_cut). Each label to be cut is
masked whole first now (their ``mask``); a plain long name is cut as before."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import ethiclens  # noqa: E402
from ethiclens import _checks  # noqa: E402
from ethiclens._secrets import mask_secrets  # noqa: E402
from ethiclens._text import middle_cut, short_labels  # noqa: E402
from ethiclens.monitor._render import chart_title  # noqa: E402 (imported at collection: < 1 s)
from ethiclens.report._plots import calibration_figure, ppv_fpr_figure  # noqa: E402

URL = "postgresql://u:" + "Sq" * 30 + "@h/" + "d" * 40
BARE = "u:" + "Zk" * 30 + "@host.example.org/" + "e" * 40


def _texts(fig) -> str:
    fig.canvas.draw()
    return " ".join(t.get_text() for t in fig.findobj(Text))


def test_a_cut_label_is_masked_whole_first():
    assert "ZkZk" not in middle_cut(BARE, 30, mask_secrets)
    assert all("SqSq" not in s for s in short_labels([URL, BARE], 24, mask_secrets))
    assert middle_cut("x" * 50, 11, mask_secrets) == "xxxxx…xxxxx"


def test_the_monitor_trend_title_masks_then_cuts():
    title = chart_title({"attribute": "a", "group": BARE, "reference": URL})
    assert "ZkZk" not in title and "SqSq" not in title and "u:***@" in title


@pytest.fixture(scope="module")
def groups():
    rng = np.random.default_rng(1)
    n = 300
    y, score = rng.integers(0, 2, n), rng.random(n)
    attrs = {"g": rng.choice([URL, BARE, "plain"], n)}
    # round 47: an audit refuses such groups; the charts must still mask groups made otherwise
    # (conftest's secret_groups_audited, at this fixture's module scope)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_checks, "holds_secret", lambda text: False)
        result = ethiclens.audit(y, (score > 0.5).astype(int), attrs, y_score=score, n_boot=100)
    return next(a.groups for a in result.attributes)


def test_the_reports_group_charts_mask_then_cut(groups):
    for figure in (ppv_fpr_figure(URL, groups), calibration_figure(URL, groups)):
        shown = _texts(figure[0])
        assert "SqSq" not in shown and "ZkZk" not in shown and "u:***@" in shown
