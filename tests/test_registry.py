"""The one registry type behind datasets, trainers, P2NIA mechanisms and audited models."""

from dataclasses import dataclass

import pytest

from ethiclens._registry import Registry
from ethiclens.errors import EthicLensInputError


@dataclass(frozen=True)
class Entry:
    name: str


def test_one_set_of_rules_for_every_registry():
    reg = Registry("widget", Entry, "build one with Entry(name=...)", reserved=("none",))
    reg.add_builtin(Entry("a"))
    reg.register(Entry("b"))
    assert reg.names() == ["a", "b"] and reg.is_builtin("a") and not reg.is_builtin("b")
    assert reg.get("b") == Entry("b") and "b" in reg and list(reg) == [Entry("a"), Entry("b")]
    with pytest.raises(EthicLensInputError, match="already registered"):
        reg.register(Entry("b"))
    assert reg.register(Entry("b"), replace=True) == Entry("b")
    for name in ("a", "none"):  # a built-in and a reserved name are never taken over
        with pytest.raises(EthicLensInputError, match="already registered .built-in."):
            reg.register(Entry(name), replace=True)
    for bad in ("b", Entry("")):
        with pytest.raises(EthicLensInputError, match="must be a Entry with a non-empty name"):
            reg.register(bad)
    with pytest.raises(EthicLensInputError, match=r"unknown widget: must be one of a, b"):
        reg.get("zzz", "--widget")
    with pytest.raises(EthicLensInputError, match="built-in widgets cannot be unregistered"):
        reg.unregister("a")
    reg.unregister("b")
    reg.unregister("b")  # absent: a no-op, so teardowns may always call it
    assert reg.names() == ["a"]


def test_the_extension_points_share_it():
    from ethiclens.datasets import _registry as datasets
    from ethiclens.p2nia import _mechanisms, _models
    from ethiclens.privacy import _trainers

    for module in (datasets, _mechanisms, _models, _trainers):
        assert isinstance(module._REGISTRY, Registry)
