"""Python-API battery: tasks_for given no SweepGrid (None, a dict, a path)
refuse naming the argument, never "'NoneType' object has no attribute 'trainer'"."""

import pytest

from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "grid", [None, {"trainer": "logreg"}, "grid.toml"], ids=["None", "dict", "str"]
)
def test_grid_of_wrong_type_refused(grid):
    from ethiclens.experiments import tasks_for

    with pytest.raises(EthicLensInputError) as info:
        tasks_for(grid, [])
    assert info.value.column == "grid"
    assert str(info.value).startswith("argument 'grid': must be a SweepGrid, not ")
