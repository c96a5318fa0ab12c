"""Round 40: ``_optional.check_dask_address`` built its Python fix by a text replace on the
flag's fix (a silent no-op the day the wording moved) and a flag other than --scheduler was told
to pass ``--scheduler local-cluster``. The fix is now built from the name it was given."""

from __future__ import annotations

import pytest

from ethiclens._optional import DASK_ADDRESS_FIX, check_dask_address, dask_address_fix
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("column", "local"),
    [
        ("--scheduler", "--scheduler local-cluster"),
        ("--dask-scheduler", "--dask-scheduler local-cluster"),
        ("scheduler", "scheduler='local-cluster'"),
        ("address", "address='local-cluster'"),
    ],
)
def test_the_fix_names_the_column_it_was_given(column, local):
    with pytest.raises(EthicLensInputError) as info:
        check_dask_address("tcp://", column)
    text = str(info.value)
    assert f"or {local} to count on this machine" in text
    assert text.count("local-cluster") == 1
    assert dask_address_fix(column) in text


def test_the_flag_fix_is_the_shared_constant():
    assert dask_address_fix() == DASK_ADDRESS_FIX
    assert "--scheduler local-cluster" in DASK_ADDRESS_FIX
