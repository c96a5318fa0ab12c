"""Round 44 (lead, left by the privacy review): ``get_model('RF')`` and ``get_mechanism('GRR')``
called from Python named a command-line flag ("option '--models'", "option '--mechanism'") for
the argument the caller passed; ``get_trainer`` had been mended alone (9531500a). The one
``Registry.get`` now names a getter's own parameter as the argument it is, for every getter;
the command line and request files still name their flag or key."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import get_mechanism, get_model
from ethiclens.privacy import get_trainer


@pytest.mark.parametrize(
    ("getter", "name", "near"),
    [(get_model, "RF", "rf"), (get_mechanism, "GRR", "grr"), (get_trainer, "Opacus", "opacus")],
)
def test_a_python_getter_names_its_argument_and_the_near_miss(getter, name, near):
    with pytest.raises(EthicLensInputError) as caught:
        getter(name)
    assert str(caught.value).startswith("argument 'name': unknown ")
    assert f"did you mean '{near}'?" in caught.value.fix
    with pytest.raises(EthicLensInputError, match="^option '--x': unknown "):
        getter(name, "--x")
