"""Round 45 (review): a benchmark name that is none (``dataset='compass'``, a config's
``target: {dataset: compass}``) given with a file's role (``y_pred='p'``) was refused "is not
used with a benchmark: compass brings its own labels", as if compass were one. The unknown
name is refused first, with its near miss, on every face."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: ethiclens.run(dataset="compass", y_pred="p"), "argument 'dataset'"),
        (
            lambda: ethiclens.run({"target": {"dataset": "compass"}, "roles": {"y_true": "y"}}),
            "key 'target.dataset'",
        ),
    ],
)
def test_an_unknown_benchmark_is_refused_before_its_roles(call, named):
    with pytest.raises(EthicLensInputError) as caught:
        call()
    text = str(caught.value)
    assert text.startswith(f"{named}: unknown dataset"), text
    assert "did you mean 'compas'" in text and "brings its own labels" not in text


def test_a_known_benchmark_still_refuses_a_file_role():
    with pytest.raises(EthicLensInputError, match="compas brings its own labels"):
        ethiclens.run(dataset="compas", y_pred="p")
