"""Round 47 review of 99bbc6bc (every run_monitor refusal in a Python caller's words): the
command line's placeholder TARGET became "target" wherever the text said it, a path too:
run_monitor over a folder /data/TARGET refused a missing y_true column as "column 'nope' not
found in /data/target", a folder that does not exist. A placeholder a refusal's words rename
(TARGET, a config file's or a Python caller's words alike: errors' renamed) is now a word of its
own, never a piece of a path; "out of TARGET" is still the request's target."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


@pytest.mark.parametrize(
    "text, said",
    [
        ("not found in /data/TARGET", "not found in /data/TARGET"),
        ("not found in TARGET/day1.csv.", "not found in TARGET/day1.csv."),
        ("not found in C:\\TARGET\\x", "not found in C:\\TARGET\\x"),
        (
            "take them out of TARGET, or start a new --store",
            "take them out of target, or start a new store_path",
        ),  # fmt: skip
        ("names TARGET's own files.", "names target's own files."),
    ],
)
def test_a_placeholder_is_renamed_as_a_word_never_in_a_path(text, said):
    exc = EthicLensInputError(text, column="y_true", kind="argument")
    words = {"TARGET": "target", "--store": "store_path"}
    assert exc.renamed({}, None, words).problem == said


def test_run_monitor_names_a_folder_called_target_as_it_is(tmp_path):
    folder = tmp_path / "TARGET"
    folder.mkdir()
    rows = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 4, "g": ["A", "B"] * 2, "p": [0, 1] * 2})
    rows.to_csv(folder / "a.csv", index=False)
    request = MonitorRequest(target=str(folder), time="ts", window="1d", y_pred="p",
                             y_true="nope", protected=("g",))  # fmt: skip
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, tmp_path / "s.sqlite", warn=False)
    assert f"not found in {folder}." in str(caught.value), caught.value
