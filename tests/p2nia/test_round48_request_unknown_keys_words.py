"""Round 48 (second wave, 9c51497e's and 2116d8d3's siblings): a P2NIA request's unknown key
was the one request-file key still named as the option ('option '--request': unknown keys
['epsilom']'), while 9c51497e names a request file's other keys as the audit's config file
does ('key 'epsilon': req.json: ...'); its keys (and the sweep grid file's) were listed as a
Python list ('allowed keys: ['accounting', ...]') where every other refusal lists names as
words (2116d8d3); and a Python request dict holding a key 10**5000 crashed with the int-to-text
ValueError while its keys were sorted for the refusal."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import as_request, make_request, read_request


def _request(**edit) -> dict:
    return make_request(100, "g", protected_domain=["a", "b"], epsilon=1).to_dict() | edit


def _refusal(call, *args) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as err:
        call(*args)
    return err.value


ALLOWED = "allowed keys: accounting, delta, epsilon, mechanism, metrics, n, protected, "


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_request_file_names_its_unknown_key_as_a_config_file_does(tmp_path, suffix):
    path = tmp_path / f"req{suffix}"
    path.write_text(json.dumps(_request(epsilom=1)))  # JSON is YAML too
    exc = _refusal(read_request, path)
    assert (exc.kind, exc.column, exc.problem) == ("key", "epsilom", f"{path}: unknown key")
    assert exc.fix.startswith("did you mean 'epsilon'? " + ALLOWED), exc.fix


def test_the_command_line_says_the_same(tmp_path, capsys):
    (path := tmp_path / "req.json").write_text(json.dumps(_request(epsilom=1)))
    (data := tmp_path / "d.csv").write_text("y,p,g\n1,1,a\n0,1,b\n")
    args = ["p2nia", "release", "--request", str(path), "--data", str(data), "--y-true", "y"]
    assert main([*args, "--y-pred", "p", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert f"error: key 'epsilom': {path}: unknown key. Fix: did you mean 'epsilon'? " in err
    assert "[" not in err, err


def test_a_dict_lists_its_unknown_keys_as_words_and_a_huge_key_is_named():
    exc = _refusal(as_request, _request(colour="blue", metric=["dp"]))
    assert (exc.kind, exc.column, exc.problem) == (
        "argument",
        "request",
        "unknown keys colour, metric",
    )
    assert (
        exc.fix == "'metric': did you mean 'metrics'? " + ALLOWED + "protected_domain, track_budget"
    )
    exc = _refusal(as_request, _request() | {10**5000: 1})  # was: ValueError
    assert exc.problem == "unknown keys 100000000000…000000 (5,001 digits)"
    assert "required keys are missing: mechanism, n, protected" in str(
        _refusal(as_request, {"epsilon": 1})
    )


def test_a_grid_file_lists_its_keys_as_words(tmp_path):
    from ethiclens.experiments import load_grid

    (path := tmp_path / "g.toml").write_text('datasetz = ["compas"]\n')
    exc = _refusal(load_grid, path)
    assert exc.fix == (
        "did you mean 'datasets'? allowed keys: attributes, datasets, epsilons, features, "
        "max_rows, seeds, train, trainer"
    )
