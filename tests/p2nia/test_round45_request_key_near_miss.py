"""Round 45: a P2NIA request (file, YAML, a release's manifest, a Python dict) with an unknown
key ('epsilom') was refused 'unknown keys ['epsilom']. Fix: allowed keys: [...]' with no near
miss, where the audit config and the sweep grid name it ("did you mean 'target'?"). The fix
now names each unknown key's near miss first; a far key lists the keys only, as before."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import as_request, make_request, read_request


def _request(**edit) -> dict:
    d = make_request(100, "g", protected_domain=["a", "b"], epsilon=1).to_dict()
    d["epsilom"] = d.pop("epsilon")
    return d | edit


def _fix(call, *args) -> str:
    with pytest.raises(EthicLensInputError) as err:
        call(*args)
    assert "unknown key" in err.value.problem
    return err.value.fix


def test_a_typo_names_its_key(tmp_path):
    (path := tmp_path / "req.json").write_text(json.dumps(_request()))
    assert _fix(read_request, path).startswith("did you mean 'epsilon'? allowed keys: accounting, ")
    (yml := tmp_path / "req.yaml").write_text("n: 100\nprotected: g\nmechanism: grr\nEpsilon: 1\n")
    assert _fix(read_request, yml).startswith("did you mean 'epsilon'? allowed keys: accounting, ")
    assert _fix(as_request, _request()).startswith("did you mean 'epsilon'? ")


def test_several_unknown_keys_each_named():
    fix = _fix(as_request, _request(metric=["dp"], colour="blue"))
    assert fix.startswith("'epsilom': did you mean 'epsilon'? 'metric': did you mean 'metrics'? ")
    assert "colour" not in fix.split("allowed keys")[0]


def test_a_far_key_lists_the_keys_only():
    d = _request(colour="blue")
    d["epsilon"] = d.pop("epsilom")
    assert _fix(as_request, d).startswith("allowed keys: accounting, ")


def test_cli_names_it(tmp_path, capsys):
    (path := tmp_path / "req.json").write_text(json.dumps(_request()))
    (data := tmp_path / "d.csv").write_text("y,p,g\n1,1,a\n0,1,b\n")
    args = ["p2nia", "release", "--request", str(path), "--data", str(data)]
    assert main([*args, "--y-true", "y", "--y-pred", "p", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert f"key 'epsilom': {path}: unknown key. Fix: did you mean 'epsilon'? allowed keys" in err


@pytest.mark.parametrize(
    "d,words",
    [
        ({"format": "other/1"}, "not an EthicLens P2NIA request"),
        ({"n": 100}, "required keys"),
        ({**_request(), "epsilon": 1}, "unknown keys epsilom"),
    ],
)
def test_a_dicts_problem_names_the_argument_not_an_option(d, words):
    """as_request(dict) (estimate's and check_release_for's request) named option '--request',
    a flag no Python caller gave; a path read from Python already named the argument."""
    with pytest.raises(EthicLensInputError) as err:
        as_request(d)
    assert (err.value.kind, err.value.column) == ("argument", "request")
    assert words in str(err.value)
