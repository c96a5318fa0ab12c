"""Round 40 (p2nia hunt): a number past a float's range (an int such as 10**400, which JSON
and Python both hold) stopped P2NIA at a float() with an OverflowError traceback: a request's
δ (delta=±10**400 in Python, or a request file holding it, read by ``p2nia release``), and a
re-signed manifest's delta, record_epsilon, request.delta or a column's keep_probability
(``p2nia estimate``). Each is now refused by name, as any δ or manifest number out of range."""

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from ethiclens.cli import cli
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_release, read_request, release, write_release
from ethiclens.p2nia._protocol import _manifest_digest

HUGE = 10**400


def test_a_huge_negative_delta_is_refused_in_python():
    with pytest.raises(EthicLensInputError, match=r"δ must be in \(0, 1e-05\)") as info:
        make_request(100_000, "sex", epsilon=1.0, mechanism="mst", delta=-HUGE)
    assert info.value.column == "delta"


@pytest.mark.parametrize(
    "delta,words", [(HUGE, "δ must be below 1/n′ = 0.0025"), (-HUGE, r"δ must be in \(0, 0.001\]")]
)
def test_a_huge_delta_is_refused_in_python(delta, words):
    with pytest.raises(EthicLensInputError, match=words) as info:
        make_request(400, "sex", epsilon=1.0, mechanism="aim", delta=delta)
    assert info.value.column == "delta"


def test_a_huge_delta_in_a_request_file_is_refused(tmp_path):
    body = {"n": 100_000, "protected": "sex", "mechanism": "aim", "epsilon": 1.0, "delta": 0}
    path = tmp_path / "request.json"
    path.write_text(json.dumps(body).replace('"delta": 0', '"delta": -1' + "0" * 400))
    with pytest.raises(EthicLensInputError, match=r"δ must be in \(0, 1e-05\)"):
        read_request(path)
    path.write_text(json.dumps({**body, "n": 400}).replace('"delta": 0', '"delta": 1' + "0" * 400))
    data = tmp_path / "data.csv"
    pd.DataFrame({"sex": ["a", "b"] * 10, "y": [0, 1] * 10, "p": [1, 0] * 10}).to_csv(data)
    args = ["p2nia", "release", "--request", str(path), "--data", str(data), "--y-true", "y"]
    result = CliRunner().invoke(cli, [*args, "--y-pred", "p", "--out", str(tmp_path / "r")])
    # the CLI's entry point prints an EthicLensInputError as one line, exit 2
    assert isinstance(result.exception, EthicLensInputError), result.exception
    assert "δ must be below 1/n′ = 0.0025 for n′ = 400" in str(result.exception)


def _edited(tmp_path, edit):
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"A": rng.choice(["a", "b"], 40), "y": rng.integers(0, 2, 40)})
    df["p"] = rng.integers(0, 2, 40)
    req = make_request(40, "A", epsilon=2.0, protected_domain=["a", "b"])
    folder = write_release(release(req, df, "y", "p", random_state=0), tmp_path / "rel")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    edit(manifest)
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("key", "edit"),
    [
        ("delta", lambda m: m.update(delta=HUGE)),
        ("record_epsilon", lambda m: m.update(record_epsilon=HUGE)),
        ("request", lambda m: m["request"].update(delta=-HUGE)),
        ("keep_probability", lambda m: m["columns"]["A"].update(keep_probability=HUGE)),
    ],
)
def test_a_huge_number_in_a_resigned_manifest_is_refused(tmp_path, key, edit):
    folder = _edited(tmp_path, edit)
    with pytest.raises(EthicLensInputError, match="manifest.json") as info:
        read_release(folder)
    assert key in str(info.value)
