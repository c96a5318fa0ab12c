"""Round 31: ``MonitorRequest``'s refusals of a field of another shape name it as the Python
caller wrote it, ``argument 'merge_groups'`` (as the audit's Python face names it), not
``column 'merge_groups'``, with the type's article ("not an int"). An attribute with no
merges (``merge_groups={'g': {}}``, ``groups: {merge: {g: {}}}`` in a spec file) is no merge
(was an AttributeError traceback), and attributes or new groups keyed by numbers beside text
are sorted by their text (was a TypeError traceback)."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

FRAME = pd.DataFrame(
    {"ts": ["2024-01-01T10:00:00Z"] * 4, "g": ["A", "B", "C", "A"], "p": [0, 1, 1, 0]}
)


def _request(**fields):
    return MonitorRequest(
        **{"target": FRAME, "time": "ts", "window": "1d", "y_pred": "p", "protected": ("g",)}
        | fields
    )


@pytest.mark.parametrize(
    "fields, named",
    [
        ({"merge_groups": {"g": ["A", "B"]}}, "merge_groups"),
        ({"merge_groups": ["g"]}, "merge_groups"),
        ({"exclude_groups": {"g": "A"}}, "exclude_groups"),
        ({"exclude_groups": 5}, "exclude_groups"),
        ({"bins": [1]}, "bins"),
        ({"intersections": "g"}, "intersections"),
        ({"baseline_target": 5}, "baseline_target"),
        ({"target": 5}, "target"),
    ],
)
def test_a_field_of_another_shape_is_named_as_an_argument(fields, named):
    with pytest.raises(EthicLensInputError) as caught:
        _request(**fields)
    assert str(caught.value).startswith(f"argument '{named}': ")
    assert " a int" not in str(caught.value)


def test_the_article_follows_the_type():
    with pytest.raises(EthicLensInputError, match="must be a list of groups, not an int"):
        _request(exclude_groups={"g": 5})
    with pytest.raises(EthicLensInputError, match=r"not an int\. Fix"):
        _request(baseline_target=5)


def test_an_attribute_without_merges_is_no_merge(tmp_path):
    plain = run_monitor(_request(), str(tmp_path / "a.sqlite")).to_dict()
    empty = run_monitor(_request(merge_groups={"g": {}}), str(tmp_path / "b.sqlite")).to_dict()
    assert empty["comparisons"] == plain["comparisons"]


def test_an_attribute_without_merges_in_a_spec_file(tmp_path, capsys):
    data = tmp_path / "d.csv"
    FRAME.to_csv(data, index=False)
    config = tmp_path / "c.yaml"
    config.write_text("roles: {y_pred: p, protected: [g]}\ngroups: {merge: {g: {}}}\n")
    args = [str(data), "--config", str(config), "--time", "ts", "--window", "1d"]
    assert main(["monitor", *args, "--store", str(tmp_path / "s.sqlite")]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_numbers_beside_text_as_keys_are_sorted_by_their_text():
    request = _request(merge_groups={"g": {1: ["A", "B"], "x": ["C", "D"]}})
    assert request.merge_groups == {"g": {"1": ["A", "B"], "x": ["C", "D"]}}
    with pytest.raises(EthicLensInputError, match="unknown attribute '1'"):
        run_monitor(_request(exclude_groups={1: ["A"], "g": ["B"]}), ":memory:")
