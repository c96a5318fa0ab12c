"""Round 44 review (99a6b646 / efb99833's found-not-fixed): privacy.get_trainer('Opacus') from
Python named its value as a data column ("column 'trainer': unknown trainer"), though no
column is read: it names the argument ``name`` now; a sweep grid's key and the flag as before."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid
from ethiclens.privacy import get_trainer


def test_get_trainer_names_its_argument_and_the_near_miss():
    with pytest.raises(EthicLensInputError) as info:
        get_trainer("Opacus")
    said = str(info.value)
    assert said.startswith("argument 'name': unknown trainer") and "column" not in said
    assert "did you mean 'opacus'?" in said


@pytest.mark.parametrize(
    ("where", "start"), [("trainer", "key 'trainer'"), ("--trainer", "option '--trainer'")]
)
def test_a_grid_key_and_a_flag_are_named_as_before(where, start):
    with pytest.raises(EthicLensInputError) as info:
        get_trainer("Opacus", where)
    assert str(info.value).startswith(f"{start}: unknown trainer")
    with pytest.raises(EthicLensInputError, match="^key 'trainer': unknown trainer"):
        SweepGrid(trainer="Opacus")
