"""A --store that is a loop of symbolic links is refused naming the store, from Python too
(round 32 resolved the link's target for its folder: Python's run_monitor raised the
RuntimeError 'Symlink loop from ...'; before it, 'cannot be written: ... read-only')."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


def test_a_store_that_is_a_loop_of_links_is_refused_by_name(tmp_path):
    frame = pd.DataFrame(
        {"ts": ["2024-01-01T00:00:00Z"] * 4, "p": [0, 1, 1, 0], "g": ["a", "a", "b", "b"]}
    )
    link = tmp_path / "s.sqlite"
    link.symlink_to(link)
    request = MonitorRequest(target=frame, time="ts", window="1d", y_pred="p", protected=("g",))
    with pytest.raises(EthicLensInputError, match="is a loop of symbolic links") as caught:
        run_monitor(request, link)
    # run_monitor's argument (round 47: was the command line's --store)
    assert caught.value.column == "store_path" and caught.value.value == str(link)
    assert link.is_symlink() and not link.exists()
