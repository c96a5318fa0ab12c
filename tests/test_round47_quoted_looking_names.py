"""Round 47 (review of the spaced-names class): a name with whitespace around it is shown
quoted (' e' -> 'e '), but a group whose own name holds one pair of quotes around it ("'e '",
'"A"') was shown bare, so the groups "'e '" and 'e ' read alike on every face (the audit's
repr: "g: 'e ' vs f" twice). Such a name is now quoted too ("'e '", '"A"'); other names read
as before."""

import numpy as np
import pandas as pd
import pytest

from ethiclens._text import spaced_name
from ethiclens.fairness import audit


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("'e '", "\"'e '\""),
        ('"A"', "'\"A\"'"),
        ("e ", "'e '"),
        ("A", "A"),
        ("it's", "it's"),
        ('"A', '"A'),
        ("'", "'"),
        (3, "3"),
    ],
)
def test_a_name_that_reads_as_a_quoted_name_is_quoted(name, shown):
    assert spaced_name(name) == shown


def test_the_two_groups_read_apart_in_the_repr():
    rng = np.random.default_rng(0)
    g = np.repeat(["'e '", "e ", "f"], 200)
    y, p = rng.integers(0, 2, 600), rng.integers(0, 2, 600)
    lines = repr(audit(y, p, pd.DataFrame({"g": g}), reference={"g": "f"}, n_boot=100))
    assert "g: \"'e '\" vs f" in lines and "g: 'e ' vs f" in lines
