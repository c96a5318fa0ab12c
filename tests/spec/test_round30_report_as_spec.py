"""Round 30 (spec): a JSON report (audit, compare or thresholds) given where a spec goes
(``--config report.json``, ``AuditSpec.from_dict(report)``) is refused as a report, naming
where its request is (``run.spec``), not as an unknown key ``attributes`` (or ``audits``, or
``audited_threshold`` with "did you mean 'thresholds.threshold'?")."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

ROLES = ["--y-true", "y", "--protected", "g", "--n-boot", "100"]
RUNS = {
    "audit": ["audit", "d.csv", "--y-pred", "p", *ROLES],
    "compare": ["compare", "d.csv", "--y-pred", "p", "--y-pred", "q", *ROLES],
    "thresholds": ["thresholds", "d.csv", "--y-score", "s", *ROLES],
}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(30)
    n = 300
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "s": rng.random(n).round(3),
            "g": rng.choice(["a", "b"], n),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command", RUNS)
def test_a_report_given_as_the_spec_is_named_a_report(command, folder, capsys):
    assert main([*RUNS[command], "--json", "r.json"]) == 0
    capsys.readouterr()
    assert main([command, "--config", "r.json", "--json", "again.json"]) == 2
    err = capsys.readouterr().err
    # named as the option that gave the file (round 44: was "key 'spec'", no key of the file)
    assert err.startswith("error: option '--config': r.json is a JSON report of EthicLens"), err
    assert "run.spec" in err and len(err.strip().splitlines()) == 1
    assert not (folder / "again.json").exists()
    with pytest.raises(EthicLensInputError, match="is a JSON report of EthicLens, not a spec"):
        AuditSpec.from_dict(json.loads((folder / "r.json").read_text()))
    # its request, as the report records it, is a spec that runs again
    request = json.loads((folder / "r.json").read_text())["run"]["spec"]
    (folder / "request.json").write_text(json.dumps(request))
    assert main([command, "--config", "request.json", "--json", "again.json"]) == 0


def test_run_of_a_report_file_names_it_a_report(folder, capsys):
    """``ethiclens.run("r.json")`` of a report is the report refused, not a data table."""
    import ethiclens

    assert main([*RUNS["audit"], "--json", "r.json"]) == 0
    with pytest.raises(EthicLensInputError, match="r.json is a JSON report of EthicLens"):
        ethiclens.run("r.json")
