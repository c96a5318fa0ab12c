"""The monitor's HTML page masks a password in its text, as the audit's report masks its page:
a group named like a database URL (``postgresql://u:hunter2@h/db``) was shown whole in the
summary, the comparison's heading and the plot's alt text (the plot itself masked it since round
39). A protected column named ``pwd`` keeps its reference group (``pwd=plain``), as the
report's ``--protected pwd=yes`` hint does."""

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, _render, render_html, run_monitor

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

SECRET = "postgresql://u:hunter2@h/db"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("page")
    n = 40
    pd.DataFrame(
        {
            "ts": [f"2024-03-0{1 + i % 2}T00:00:00Z" for i in range(n)],
            "pwd": [(SECRET, "plain", "token=abc123")[i % 3] for i in range(n)],
            "pred": [(i // 3) % 2 for i in range(n)],
        }
    ).to_csv(tmp / "feed.csv", index=False)
    request = MonitorRequest(
        target=str(tmp / "feed.csv"),
        time="ts",
        window="1d",
        y_pred="pred",
        protected=("pwd=plain",),
        exclude_groups={"pwd": ["token=abc123"]},
    )
    doc = run_monitor(request, tmp / "s.sqlite").data
    with pytest.MonkeyPatch.context() as mp:  # the page's text only: round 39 tests the plot
        mp.setattr(_render, "trend_png", lambda doc, comparison: b"")
        return render_html(doc)


def test_no_password_in_the_page_text(page):
    assert "hunter2" not in page
    assert "abc123" not in page
    assert "<h2>pwd: postgresql://u:***@h/db vs plain</h2>" in page
    assert "alt='pwd: postgresql://u:***@h/db vs plain trend'" in page


def test_a_protected_column_named_like_a_key_keeps_its_reference(page):
    assert "- pwd=plain" in page
