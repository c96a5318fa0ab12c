"""oracle_disparate_impacts and oracle_report refuse a wrong argument by name: a list cell
raised "TypeError: unhashable type: 'list'", None "TypeError: 'NoneType' object is not
iterable", '0.6' was read as its characters (refused as the DI '0'), and oracle_report([1])
raised AttributeError."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes._oracle import oracle_disparate_impacts, oracle_report


def test_disparate_impacts_refuse_a_list_cell_and_a_string_by_name():
    with pytest.raises(EthicLensInputError, match="must be a finite number, not list") as info:
        oracle_disparate_impacts([[0.5], 0.6])
    assert info.value.column == "disparate_impact"
    with pytest.raises(EthicLensInputError, match="must be a list of DIs") as info:
        oracle_disparate_impacts("0.6")
    assert info.value.value == "0.6"
    assert oracle_disparate_impacts(None) == (0.6, 1.0)  # left out: the default


@pytest.mark.parametrize("results", [None, [1], "x"])
def test_oracle_report_refuses_what_is_no_list_of_results(results):
    with pytest.raises(EthicLensInputError, match="list of run_oracle's results") as info:
        oracle_report(results)
    assert info.value.column == "results"
