"""Round 14: a GRR request carrying δ (a file written by hand, or an AuditRequest built
directly) is refused at release, as `p2nia request --delta` is: the release would state a δ
GRR never uses."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import AuditRequest, release


def _data(n=400, seed=1):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": rng.choice(["a", "b"], n)}
    )


def test_a_request_file_with_delta_for_grr_is_refused_at_release(tmp_path, capsys):
    request = {
        "format": "ethiclens-p2nia-request/1",
        "n": 200,
        "protected": "g",
        "protected_domain": None,
        "metrics": ["dp", "eo", "eopp"],
        "mechanism": "grr",
        "epsilon": 1.0,
        "delta": 1e-05,
        "track_budget": False,
        "accounting": "record",
    }
    (tmp_path / "req.json").write_text(json.dumps(request))
    _data().to_csv(tmp_path / "good.csv", index=False)
    out = tmp_path / "rel"
    argv = ["p2nia", "release", "--request", str(tmp_path / "req.json")]
    argv += ["--data", str(tmp_path / "good.csv"), "--y-true", "y", "--y-pred", "p"]
    rc = main([*argv, "--seed", "1", "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 2 and "GRR is pure ε-differential privacy: it uses no δ" in err
    assert f"key 'delta': {tmp_path / 'req.json'}: GRR" in err and not out.exists()


def test_a_python_request_with_delta_for_grr_is_refused_at_release():
    request = AuditRequest(200, "g", mechanism="grr", epsilon=1.0, delta=1e-5)
    with pytest.raises(EthicLensInputError, match="it uses no δ"):
        release(request, _data(), "y", "p", random_state=1)
