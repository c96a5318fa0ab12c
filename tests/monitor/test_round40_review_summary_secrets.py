"""Review of 1e8e9161 (the monitor's page masks passwords): the terminal summary
(``summary_lines``, which ``ethiclens monitor`` prints) still showed a group named like a DB
URL whole: ``g: postgresql://u:hunter2@h/db vs b``, where the audit's terminal table and the
monitor's page show ``u:***@h``. The summary now masks it too; other names are kept."""

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor, summary_lines

pytestmark = pytest.mark.usefixtures("secret_groups_audited")  # round 47: such groups are refused

N = 24


def test_the_terminal_summary_masks_a_password_in_a_group_name(tmp_path):
    frame = pd.DataFrame(
        {
            "ts": [f"2024-03-0{1 + i % 2}T00:00:00Z" for i in range(N)],
            "g": ["postgresql://u:hunter2@h/db" if i % 2 else "b" for i in range(N)],
            "password": ["plain" if i % 3 else "other" for i in range(N)],
            "pred": [(i // 3) % 2 for i in range(N)],
        }
    )
    request = MonitorRequest(
        target=frame, time="ts", window="1d", y_pred="pred", protected=("g", "password=plain")
    )
    text = "\n".join(summary_lines(run_monitor(request, tmp_path / "s.sqlite").to_dict()))
    assert "hunter2" not in text
    assert "g: postgresql://u:***@h/db vs b" in text
    assert "password: other vs plain" in text  # a column named password is no secret
