"""Registry.unregister (p2nia.unregister_mechanism/unregister_model, privacy.unregister_trainer)
crashed with "TypeError: unhashable type: 'set'" on a set or list given as the name; what is no
name (None, a number, a set, a list) is now refused in one line naming the argument."""

import pytest

from ethiclens import p2nia, privacy
from ethiclens.errors import EthicLensInputError

CALLS = [p2nia.unregister_mechanism, p2nia.unregister_model, privacy.unregister_trainer]


@pytest.mark.parametrize("bad", [None, 5, {"a"}, ["grr"]])
@pytest.mark.parametrize("call", CALLS)
def test_no_name_is_refused_by_its_argument(call, bad):
    said = r"^argument 'name': must be a \w+'s name \(text\)"
    with pytest.raises(EthicLensInputError, match=said):
        call(bad)


def test_an_absent_name_is_still_ignored():
    assert p2nia.unregister_mechanism("never-registered") is None
