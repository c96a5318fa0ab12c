"""The monitor's trend plot masks a password in a group's name, as the report's charts do since
cdfad21b (the monitor's drew it whole)."""

import matplotlib.figure
import matplotlib.text
import pytest

from ethiclens.monitor import render_html, run_monitor

from .conftest import request_of, write_days

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused


def test_a_password_in_a_group_name_is_not_drawn(tmp_path, monkeypatch):
    names = ["postgresql://u:hunter2@h/db", "plain"]
    data = write_days(tmp_path / "data", range(25), n=24, groups=(names, [0.5, 0.5]))
    request = request_of(data, protected=("race=plain",))
    doc = run_monitor(request, tmp_path / "s.sqlite").data
    drawn = []
    save = matplotlib.figure.Figure.savefig

    def record(fig, *args, **kwargs):
        drawn.extend(t.get_text() for t in fig.findobj(matplotlib.text.Text))
        return save(fig, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", record)
    render_html(doc)
    assert drawn and any("plain" in t for t in drawn)
    assert not any("hunter2" in t for t in drawn)
