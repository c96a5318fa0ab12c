"""Round 49 review (monitor): a stream whose labels change from yes/no to 1/0 under
--pos-label yes was refused with the fix "if '0', '1' means a negative, write it as the store
has seen it (e.g. 'no')": it called the 1 -- the positive of 0/1 labels, likely 'yes' written
another way -- a negative. The fix now names the value that reads as a positive, says the rows
are ambiguous, and gives both recodings; a value that reads as no positive keeps its words."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 20


def _run(tmp_path, day, pred, store):
    path = tmp_path / f"d{day}.csv"
    pd.DataFrame(
        {
            "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
            "g": ["a", "b"] * (N // 2),
            "pred": (list(pred) * N)[:N],
        }
    ).to_csv(path, index=False)
    request = MonitorRequest(
        target=path, time="ts", window="1d", y_pred="pred", protected=("g=a",),
        pos_label="yes", engine="pandas",
    )  # fmt: skip
    return run_monitor(request, store, warn=False)


@pytest.mark.parametrize(
    ("later", "one", "rest"),
    [
        ([1, 0], "'1'", " and '0' as the store has seen a negative (e.g. 'no')"),
        (["True"], "'True'", ""),
    ],
    ids=["one_zero", "true_only"],
)
def test_a_positive_looking_value_is_never_called_a_negative(tmp_path, later, one, rest):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, 1, ["yes", "no"], store)
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, 2, later, store)
    fix = err.value.fix
    assert "means a negative, write it" not in fix.split(";")[0], fix  # was: if '0', '1' means ...
    assert (
        f"{one} reads as the positive of 0/1 or true/false labels, so these rows are ambiguous"
        in fix
    )
    assert f"write {one} as 'yes'{rest} and run again" in fix, fix
    assert f"if {one} means a negative instead, write it as the store has seen one" in fix, fix


def test_a_value_reading_as_no_positive_keeps_its_words(tmp_path):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, 1, ["yes", "no"], store)
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, 2, ["No", "0"], store)
    assert (
        "if '0', 'No' means a negative, write it as the store has seen it (e.g. 'no')"
        in err.value.fix
    )
