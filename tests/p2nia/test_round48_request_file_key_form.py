"""Round 48: a p2nia request file named a key in its own form (``key 'epsilon in r2.json':
...``), where the audit's config file names one as ``key 'policy.n_boot': ...`` and its schema
errors ``key 'outputs.json': c.yaml: ...``. A request file's key is now named in that form:
``key 'epsilon': r2.json: ...`` (release, estimate --request, read_request; JSON and YAML);
a dict keeps its ``epsilon in request``."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import as_request, make_request, read_request, release, write_release

from .conftest import audit_frame

BASE = {"n": 100, "protected": "sex", "mechanism": "grr", "epsilon": 2.0, "metrics": ["dp"]}
CASES = [
    ("epsilon", "abc", "ε must be a number"),
    ("n", -3, "n′ must be an integer"),
    ("protected", 5, "the protected attribute must be a column name"),
    ("delta", 1e-6, "GRR is pure ε-differential privacy: it uses no δ"),
]


def _write(tmp_path, suffix, key, value):
    path = tmp_path / f"r2{suffix}"
    path.write_text(json.dumps({**BASE, key: value}))  # JSON is YAML too
    return path


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
@pytest.mark.parametrize("key,value,said", CASES)
def test_a_request_file_key_is_named_as_a_config_file_key(tmp_path, suffix, key, value, said):
    path = _write(tmp_path, suffix, key, value)
    with pytest.raises(EthicLensInputError) as exc:
        read_request(path)
    assert exc.value.column == key and exc.value.kind == "key", exc.value
    assert str(exc.value).startswith(f"key '{key}': {path}: {said}"), exc.value


@pytest.mark.parametrize("command", ["release", "estimate"])
def test_the_commands_name_a_request_file_key_alike(tmp_path, capsys, command):
    path = _write(tmp_path, ".json", "epsilon", "abc")
    data = tmp_path / "d.csv"
    audit_frame(200, 0).to_csv(data, index=False)
    if command == "release":
        argv = ["p2nia", "release", "--request", str(path), "--data", str(data)]
        argv += ["--y-pred", "pred", "--out", str(tmp_path / "rel")]
    else:
        req = make_request(100, "sex", epsilon=2.0, metrics=["dp"])
        write_release(release(req, audit_frame(200, 0), None, "pred"), tmp_path / "rel")
        argv = ["p2nia", "estimate", str(tmp_path / "rel"), "--request", str(path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: key 'epsilon': {path}: ε must be a number"), err
    assert "epsilon in" not in err and 'Fix: e.g. "epsilon": 1.0' in err, err


def test_a_dict_keeps_naming_its_key_in_the_request():
    with pytest.raises(EthicLensInputError) as exc:
        as_request({**BASE, "epsilon": "abc"})
    assert exc.value.column == "epsilon in request", exc.value
