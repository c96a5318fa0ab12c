"""Round 29 review: a benchmark's seed is checked again before its data is read and its model
trained, as before the round, for a spec whose frozen policy was changed after it was made
(the field checker ran on the old seed): the refusal names the spec key, first."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


def _changed(seed, **options):
    spec = AuditSpec.of("compas", n_boot=200, **options)
    object.__setattr__(spec.policy, "seed", seed)
    return spec


@pytest.mark.parametrize(
    ("seed", "problem"),
    [
        (-1, "must be a non-negative integer, from 0 to 4,294,967,295"),
        (2**32, "must be below 4,294,967,296"),
    ],
)
def test_changed_seed_refused_by_its_key(seed, problem):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.run(_changed(seed))
    exc = info.value
    assert (exc.column, exc.kind, exc.value, exc.problem) == ("policy.seed", "key", seed, problem)
    assert exc.fix == "use e.g. 0"


def test_changed_seed_refused_before_the_models():
    # an unknown model for compas is refused later: the seed's refusal wins
    spec = _changed(-1, y_pred=("model", "nosuch"))
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.compare(spec)
    assert info.value.column == "policy.seed"
