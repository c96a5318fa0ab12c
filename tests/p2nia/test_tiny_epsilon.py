"""An ε too small to invert the randomized-response matrices is refused in one line naming ε,
on the request when the request alone shows it, else on the estimate; never a
singular-matrix traceback. Python's refusals name the argument, not the CLI option."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia import debias, estimate, make_request, release, response_matrix


@pytest.mark.parametrize("eps", [1e-4, 1e-8, 1e-12, 1e-300])
@pytest.mark.parametrize("accounting", ["record", "per-column"])
def test_a_request_whose_matrices_cannot_be_inverted_is_refused(eps, accounting):
    with pytest.raises(EthicLensInputError) as err:
        make_request(500, "race", epsilon=eps, accounting=accounting)
    message = str(err.value)
    assert message.startswith("argument 'epsilon': ε = ") and "too small" in message
    assert "\n" not in message and "Fix: " in message


def test_a_small_but_invertible_budget_is_still_requested():
    assert make_request(500, "race", epsilon=0.01).epsilon == 0.01


def test_the_estimate_refuses_matrices_the_request_could_not_see():
    # 12 groups the request does not list: the request checks two (the mildest case) and
    # passes; the released 12-group matrix is too close to singular for the estimate.
    rng = np.random.default_rng(0)
    n = 3000
    data = pd.DataFrame(
        {
            "g": rng.choice([f"g{i}" for i in range(12)], n),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
        }
    )
    rel = release(make_request(2000, "g", epsilon=1e-3), data, "y", "p", random_state=0)
    with pytest.raises(EthicLensInputError) as err:
        estimate(rel, n_boot=0)
    message = str(err.value)
    assert message.startswith("key 'manifest.json:epsilon': ε = 0.001 is too small")
    assert "cannot be inverted" in message and "\n" not in message


def test_debias_refuses_a_singular_matrix():
    mats = [response_matrix(1e-12, 2), response_matrix(1e-12, 2)]
    with pytest.raises(EthicLensInputError, match="argument 'matrices': its ε is too small"):
        debias(np.full((2, 2), 0.25), mats)


@pytest.mark.parametrize(
    "options,argument",
    [
        ({"epsilon": 0}, "epsilon"),
        ({"delta": 5}, "delta"),
        ({"mechanism": "laplace"}, "mechanism"),
        ({"metrics": ["zz"]}, "metrics"),
        ({"protected_domain": ["A"]}, "protected_domain"),
        ({"accounting": "per-row"}, "accounting"),
        ({"track_budget": 3}, "track_budget"),
    ],
)
def test_python_refusals_name_the_argument_not_the_option(options, argument):
    with pytest.raises(EthicLensInputError) as err:
        make_request(500, "race", **{"epsilon": 1.0, **options})
    assert str(err.value).startswith(f"argument '{argument}': "), str(err.value)
    assert "--" not in str(err.value).partition(":")[0]


def test_python_fix_examples_are_written_as_arguments():
    with pytest.raises(EthicLensInputError, match=r"argument 'n': .*Fix: e\.g\. n=2000"):
        make_request(0, "race")


def test_python_release_and_estimate_name_their_arguments():
    data = pd.DataFrame({"race": ["A", "B"] * 50, "y": [0, 1] * 50, "p": [1, 0] * 50})
    request = make_request(50, "race", epsilon=1.0)
    with pytest.raises(EthicLensInputError, match=r"^argument 'random_state': "):
        release(request, data, "y", "p", random_state=-1)
    rel = release(request, data, "y", "p", random_state=0)
    with pytest.raises(EthicLensInputError, match=r"^argument 'n_boot': "):
        estimate(rel, n_boot=10)
