"""Round 37: a refusal's example of a flag whose value holds commas (``--bins age=0,40,100``)
was cut at the first comma when renamed for another face: a Python caller of ``release`` read
``discretization={"age": 0},40,100`` and a config file's user ``{bins: {age: [0]}},40,100``.
The whole value is renamed now, as a list where the key takes one."""

import warnings

import pytest

from ethiclens.errors import EthicLensInputError, _in_words
from ethiclens.p2nia import make_request, release

from .conftest import audit_frame


def test_python_release_names_every_edge_of_its_example():
    data = audit_frame(400, 0, age=lambda rng, n: rng.integers(18, 80, n))
    req = make_request(200, "sex", epsilon=3, mechanism="mst", delta=1e-6)
    with warnings.catch_warnings(), pytest.raises(EthicLensInputError) as err:
        warnings.simplefilter("ignore")
        release(req, data, "y", "pred", columns=["age"], discretization={"age": [0, 90]})
    assert err.value.fix == (
        'give three or more edges (e.g. discretization={"age": [0, 40, 100]}), or pass open_bins'
    )


@pytest.mark.parametrize(
    "flags,said",
    [
        (
            {"--bins": "groups.bins", "--exclude": "groups.exclude"},
            "e.g. groups: {bins: {age: [0, 25, 45]}, exclude: {race: [Asian, Other]}}, or not",
        ),
        (
            {"--bins": "discretization", "--exclude": "exclude_groups"},
            'e.g. discretization={"age": [0, 25, 45]}, exclude_groups={"race": ["Asian", '
            '"Other"]}, or not',
        ),
    ],
)
def test_comma_values_are_renamed_whole(flags, said):
    text = "e.g. --bins age=0,25,45 --exclude race=Asian,Other, or not"
    assert _in_words(text, flags) == said


def test_a_comma_before_a_space_still_ends_the_example():
    flags = {"--table": "target.table"}
    assert _in_words("e.g. --table t, or --query", flags) == "e.g. target: {table: t}, or --query"
