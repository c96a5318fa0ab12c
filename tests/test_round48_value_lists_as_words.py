"""Round 48 (second wave, 2116d8d3's siblings): two more lists of names a user chooses from
were still printed as Python lists: the refusal of a pos_label that no value of a column
matches ("Fix: this column holds ['no', 'yes']: use one of them", every engine, the audit and
the monitor) and the monitor's note of a named group the batch lacks ("(this batch's groups:
['A', 'B'])"), while the audit's unknown reference group reads "Fix: use one of A, B". Both
now list them as words (_checks.names_words), a name with a comma quoted."""

import warnings

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._validate import positive_mask


def test_a_pos_label_absent_lists_the_column_s_values_as_words():
    with pytest.raises(EthicLensInputError) as err:
        positive_mask(pd.Series(["yes", "no", "no"]), "p (y_pred)", "maybe")
    assert err.value.fix.startswith("this column holds no, yes: use one of them "), err.value.fix


def test_the_monitor_s_absent_group_note_lists_the_batch_s_groups_as_words(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    n = 48
    groups = ["A", "B, C"] * (n // 2)
    times = pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ")
    pd.DataFrame({"ts": times, "p": [0, 1] * (n // 2), "g": groups}).to_csv(
        tmp_path / "f.csv", index=False
    )
    request = MonitorRequest(
        target=str(tmp_path / "f.csv"), time="ts", window="1d", y_pred="p", protected=("g=Z",)
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_monitor(request, tmp_path / "s.sqlite")
    notes = [str(w.message) for w in caught if "this batch's groups" in str(w.message)]
    assert notes, [str(w.message) for w in caught]
    assert "(this batch's groups: A, 'B, C')" in notes[0], notes[0]  # a comma's name quoted
