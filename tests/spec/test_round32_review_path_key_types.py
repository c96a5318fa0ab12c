"""Round 32 review: a config path key given a number or true/false (``target: {file: 5}``,
``outputs.json: true``, ``gate.baseline: 1.5``) is refused naming the key ("must be text"),
exit 2: the NUL check ran on it first and raised Python's TypeError "argument of type 'int'
is not iterable" (exit 1)."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

KEYS = [
    "target.file",
    "target.counts",
    "model.card_info",
    "outputs.json",
    "outputs.html",
    "outputs.model_card",
    "outputs.pdf",
    "outputs.csv",
    "outputs.plot",
    "gate.baseline",
]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("value", [5, True, 1.5, -1])
def test_the_key_is_named(key, value):
    section, name = key.split(".")
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_dict({section: {name: value}})
    said = str(caught.value)
    assert said.startswith(f"key '{key}': ") and "must be text" in said, said


@pytest.mark.parametrize("value", ["5", "true", "1.5"])
def test_the_command_line_refuses_it(tmp_path, capsys, value):
    config = tmp_path / "c.yaml"
    config.write_text(f"target: {{file: {value}}}\nroles: {{y_true: a, y_pred: b}}\n")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'target.file': "), err
    assert "must be text or null" in err and len(err.strip().splitlines()) == 1, err
