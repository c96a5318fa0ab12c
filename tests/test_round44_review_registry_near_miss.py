"""Round 44 review (of 99a6b646): the near miss of an unknown registry name was each caller's
to pass (Registry.get(near=...): mechanisms and P2NIA models did; DP-SGD trainers named none:
get_trainer('Opacus') said only "choose from ['vectorized', 'opacus']"). Registry.get names it
itself now, one spelling for every registry, with no caller's help."""

import pytest

from ethiclens._registry import Registry
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import get_mechanism, get_model
from ethiclens.privacy import get_trainer


def test_every_registry_names_the_near_miss():
    for get, name, near in (
        (get_trainer, "Opacus", "opacus"),
        (get_mechanism, "GRR", "grr"),
        (get_model, "RF", "rf"),
    ):
        with pytest.raises(EthicLensInputError, match=rf"Fix: did you mean '{near}'\? use one of "):
            get(name)


def test_the_registry_itself_names_it_and_no_more():
    class Item:
        def __init__(self, name):
            self.name = name

    reg = Registry("widget", Item, "Item(name)")
    reg.register(Item("alpha"))
    with pytest.raises(EthicLensInputError, match=r"Fix: did you mean 'alpha'\? use one of alpha$"):
        reg.get("Alpha")
    for far in ("zzz", 3, None):
        with pytest.raises(EthicLensInputError) as info:
            reg.get(far)
        assert info.value.fix == "use one of alpha"
