"""Round 30: ``MonitorRequest``'s merges and exclusions of another shape than a spec file
allows (``groups.merge``: attribute -> new group -> list of groups; ``groups.exclude``:
attribute -> list of groups) are refused in words naming the field, as a spec file's are
("must be a list"). Before: AttributeError/TypeError tracebacks ('str' object has no
attribute 'items', 'NoneType' object is not iterable)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

FRAME = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 3, "g": ["A", "B", "C"], "p": [0, 1, 1]})


def _request(**edits):
    return MonitorRequest(
        target=FRAME, time="ts", window="1d", y_pred="p", protected=("g",), **edits
    )


@pytest.mark.parametrize(
    "edits, field",
    [
        ({"merge_groups": {"g": ["A", "B"]}}, "merge_groups"),
        ({"merge_groups": {"g": None}}, "merge_groups"),
        ({"merge_groups": {"g": {"AB": "A"}}}, "merge_groups"),
        ({"merge_groups": {"g": {"AB": ["A", "B"], "CD": None}}}, "merge_groups"),
        ({"merge_groups": {"g": {"AB": ["A", ["B"]]}}}, "merge_groups"),
        ({"exclude_groups": {"g": "A"}}, "exclude_groups"),
        ({"exclude_groups": {"g": 5}}, "exclude_groups"),
        ({"exclude_groups": {"g": None}}, "exclude_groups"),
        ({"exclude_groups": {"g": {"A"}}}, "exclude_groups"),
        ({"exclude_groups": {"g": {"x": ["A"]}}}, "exclude_groups"),
    ],
)
def test_an_edit_of_another_shape_is_refused_naming_the_field(edits, field):
    with pytest.raises(EthicLensInputError, match=f"'{field}'") as caught:
        _request(**edits)
    assert "must be" in str(caught.value) and "e.g." in str(caught.value)


def test_edits_of_the_spec_shape_still_pass():
    request = _request(merge_groups={"g": {"AB": ("B", "A")}}, exclude_groups={"g": ["C", 1]})
    assert request.merge_groups == {"g": {"AB": ["A", "B"]}}
    assert request.exclude_groups == {"g": ["1", "C"]}
