"""Round 34 review: an option a registered dataset's loader does not take is refused naming
the function the caller can see: a lambda (or a callable object) is called ``load()`` (as in
``datasets.load(name, ...)``), never ``<lambda>()``; a named loader keeps its own name."""

import functools

import pytest

from ethiclens import datasets
from ethiclens.datasets import DatasetEntry
from ethiclens.errors import EthicLensInputError


def _compas(features="full"):
    return datasets.load("compas", features=features)


@pytest.fixture(params=["lambda", "partial", "named"])
def toy(request):
    loader = {
        "lambda": lambda features="full": _compas(features),
        "partial": functools.partial(_compas),
        "named": _compas,
    }[request.param]
    entry = DatasetEntry(
        name="toy34r",
        loader=loader,
        description="t",
        positive_is_favorable=True,
        protected=("race",),
    )
    datasets.register(entry)
    yield "_compas" if request.param == "named" else "load"
    datasets.unregister("toy34r")


def test_the_loader_is_named_as_the_caller_sees_it(toy):
    with pytest.raises(EthicLensInputError) as info:
        datasets.load("toy34r", featurs="full")
    assert str(info.value) == (
        f"{toy}() got an unexpected keyword argument 'featurs'; did you mean 'features'?"
    )
