"""Round 30: a writer's path holding a NUL character (no file system takes one) is refused in
one line naming the argument 'path', not a ValueError ("embedded null byte") from os."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def _inputs():
    rng = np.random.default_rng(0)
    n = 300
    return rng.integers(0, 2, n), rng.integers(0, 2, n), {"g": rng.choice(["a", "b"], n)}


def _writers(tmp_path):
    y, p, groups = _inputs()
    audit = ethiclens.audit(y, p, groups, n_boot=100, random_state=0)
    comparison = ethiclens.compare(y, p, 1 - p, groups, n_boot=100, random_state=0)
    rng = np.random.default_rng(1)
    table = ethiclens.threshold_table(y, rng.uniform(0, 1, len(y)), groups, n_boot=100)
    bad = str(tmp_path / "x\x00.html")
    return {
        "audit.to_html": lambda: audit.to_html(bad),
        "audit.to_model_card": lambda: audit.to_model_card(bad),
        "compare.to_html": lambda: comparison.to_html(bad),
        "thresholds.to_html": lambda: table.to_html(bad),
        "thresholds.to_csv": lambda: table.to_csv(bad[:-5] + ".csv"),
    }


@pytest.mark.parametrize(
    "writer",
    [
        "audit.to_html",
        "audit.to_model_card",
        "compare.to_html",
        "thresholds.to_html",
        "thresholds.to_csv",
    ],
)
def test_a_nul_in_the_path_is_refused_naming_it(tmp_path, writer):
    with pytest.raises(EthicLensInputError, match="NUL") as err:
        _writers(tmp_path)[writer]()
    assert err.value.column == "path"
    assert list(tmp_path.iterdir()) == []
