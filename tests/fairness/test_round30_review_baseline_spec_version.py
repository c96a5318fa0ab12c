"""Round 30 review: a baseline whose run.spec.version is no whole number >= 1 (0, -1, "1",
1.0, true) was accepted by the gate (only a newer version was refused): it is refused as an
edited report, naming the baseline and the key, as the spec itself refuses such a version."""

import copy
import json

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._gate import check_baseline


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    import numpy as np
    import pandas as pd

    from ethiclens.cli import main

    r, n, folder = np.random.default_rng(0), 200, tmp_path_factory.mktemp("b")
    frame = {"g": np.array(["x", "y"])[np.arange(n) % 2], "y": r.integers(0, 2, n)}
    pd.DataFrame({**frame, "p": r.integers(0, 2, n)}).to_csv(folder / "d.csv", index=False)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]
    assert main(["audit", str(folder / "d.csv"), *roles, "--json", str(folder / "r.json")]) == 0
    return json.loads((folder / "r.json").read_text())


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True])
def test_a_spec_version_no_spec_has_is_refused(report, version):
    old = copy.deepcopy(report)
    old["run"]["spec"]["version"] = version
    with pytest.raises(EthicLensInputError) as err:
        check_baseline(old, report, "base.json")
    assert "base.json" in str(err.value) and "run.spec.version" in str(err.value)


def test_the_report_itself_is_a_baseline(report):
    check_baseline(copy.deepcopy(report), report, "base.json")
