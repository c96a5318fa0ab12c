"""Round 47 (the names-with-spaces class, the monitor's last siblings): a group with whitespace
around it was still named bare by the trend plot's title (drawn in the PNG: 'g: b  vs  a',
where the heading above it says "g: 'b ' vs ' a'") and by the note on a comparison without a
baseline test ('race: b has no baseline test'), so ' b' and 'b' read alike. Both now quote it
as the monitor's lines do."""

import numpy as np
import pytest

from ethiclens.monitor._baseline import Baseline
from ethiclens.monitor._render import chart_title

from .conftest import request_of


def test_the_trend_plot_title_quotes_names_with_whitespace_around():
    said = chart_title({"attribute": "g", "group": "b ", "reference": " a"})
    assert said == "g: 'b ' vs ' a'"
    assert chart_title({"attribute": "g", "group": "b", "reference": "a"}) == "g: b vs a"
    assert chart_title({"attribute": "g", "group": "\tb", "reference": "a"}) == "g: '\\tb' vs a"


def test_the_no_baseline_test_note_quotes_names_with_whitespace_around(tmp_path):
    request = request_of(tmp_path / "feed", baseline_target=str(tmp_path / "base"))
    zeros = np.zeros((2, 6))
    pooled = (zeros + 50, np.array([[50.0] * 6, [0.0] * 6]))
    pairs = [("race", "Black"), ("race", " Asian")]
    baseline = Baseline(request, True, pairs, [{}, {}], pooled)
    assert baseline.notes() == [
        "race:' Asian' has no baseline test: --baseline-target holds no rows of it or its reference"
    ]


def test_the_changed_rows_refusal_quotes_names_with_whitespace_around(tmp_path):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.monitor import MonitorRequest, run_monitor

    def feed(flip: bool):
        rows = ["ts,label,pred,race"]
        for d in (1, 2):
            for i in range(20):
                g = " a" if i % 2 or (flip and d == 1 and i == 0) else "b "
                rows.append(f"2024-03-0{d}T{i:02d}:00:00Z,{i // 2 % 2},{i // 4 % 2},{g}")
        (tmp_path / "f.csv").write_text("\n".join(rows) + "\n")
        return str(tmp_path / "f.csv")

    def request(target):
        return MonitorRequest(target, "ts", "1d", "pred", ("race",), "label", n_draws=100)

    run_monitor(request(feed(False)), tmp_path / "s.sqlite", warn=False)
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(request(feed(True)), tmp_path / "s.sqlite", warn=False)
    assert "group ' a' of race: rows 10 → 11" in str(exc.value)


def test_group_edits_name_groups_with_whitespace_around_as_typed_and_quoted():
    """'was written by another request' typed --exclude-group/--merge-groups bare ('race= ?',
    which the flag reads as '?'); the request lines said 'left out: race  ?'."""
    from ethiclens.monitor import request_lines
    from ethiclens.monitor._request import _typed

    assert _typed("exclude_groups", {"race": [" ?", "W"]}) == ['race=" ?"', "race=W"]
    merged = _typed("merge_groups", {"race": {" X": [" ?", "B "]}})
    assert merged == ['race=" ?","B ":" X"']
    edits = {"exclude_groups": {"race": [" ?"]}, "merge_groups": {"race": {" X": [" ?", "B "]}}}
    lines = request_lines(edits)
    assert lines == ["merged: race ' X' = ' ?' + 'B '", "left out: race ' ?'"]
