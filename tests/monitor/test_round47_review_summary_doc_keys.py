"""Review of 5202c7ab: summary_lines checks the keys it always reads (method, windows,
comparisons) and 'store' only when a run's line names it, so a document without a store
(tests/report/test_round22_threshold_text.py builds one) is summarised as before, and one
without comparisons is refused by name, never the KeyError of reading them."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import summary_lines

DOC = {"windows": [], "method": {"alpha": 0.05}, "comparisons": []}


def test_no_store_and_no_run_is_summarised():
    assert summary_lines(DOC) == ["", "alarms: none"]


@pytest.mark.parametrize(
    "doc, key",
    [
        ({"store": "s.db", "windows": [], "method": {"alpha": 0.05}}, "comparisons"),
        ({**DOC, "run": {"new_windows": 1}}, "store"),
    ],
    ids=["no-comparisons", "run-without-store"],
)
def test_a_key_read_but_missing_is_named(doc, key):
    with pytest.raises(EthicLensInputError) as info:
        summary_lines(doc)
    assert info.value.column == "doc"
    assert f"it has no key {key!r}" in str(info.value)
