"""Round 34 review: a spec file whose top level is not a mapping (a YAML list, a single value)
is refused naming where the file was given, as an empty one is: the CLI's ``--config``, the
Python argument (``path``, ``run``'s ``spec``); was ``key 'spec'``, a key no file has."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

FILES = {"list.yaml": "- a\n- b\n", "one.yaml": "hello\n", "list.json": "[1, 2]", "n.json": "3"}


@pytest.fixture(params=sorted(FILES))
def config(request, tmp_path):
    path = tmp_path / request.param
    path.write_text(FILES[request.param], encoding="utf-8")
    return path


def test_the_command_line_names_its_flag(config, capsys):
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    kind = "a list" if "list" in config.name else "a single value"
    assert err.startswith(
        f"error: option '--config': {config.name} holds {kind}, not a spec: a spec is a "
        "mapping of sections. Fix: start the file with sections such as target:, roles:, policy:"
    ), err


def test_python_names_its_argument(config):
    with pytest.raises(EthicLensInputError, match=r"^argument 'path': ") as info:
        ethiclens.AuditSpec.from_file(config)
    assert "a spec is a mapping of sections" in str(info.value)
    if config.suffix == ".yaml":  # run() reads a .json path as data
        with pytest.raises(EthicLensInputError, match=r"^argument 'spec': .* not a spec: "):
            ethiclens.run(str(config))
