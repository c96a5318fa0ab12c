"""Round 21: a number too small for a double (``1e-400``) typed in a config file is refused as
typed, naming the key, in the words the command line and the web form use ("1e-400 underflows
to 0: ..."); before, YAML and JSON configs said "(value: 0.0)". The refusal offers the field's
own example (``--confidence-level``: not "e.g. 0.5", which it refuses too), and a negative one
(``-1e-400``) is said to be too small in size, not below the smallest positive number."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

WORDS = "underflows to 0"
BASE = {"version": 1, "target": {"dataset": "compas"}}


def _yaml(tmp_path, key, text):
    path = tmp_path / "a.yaml"
    path.write_text(f"version: 1\ntarget:\n  dataset: compas\npolicy:\n  {key}: {text}\n")
    return path


def _json(tmp_path, key, text):
    path = tmp_path / "a.json"
    body = json.dumps({**BASE, "policy": {key: "@"}}).replace('"@"', text)
    path.write_text(body)
    return path


@pytest.mark.parametrize("write", [_yaml, _json])
@pytest.mark.parametrize(
    ("key", "text", "fix"),
    [
        ("di_threshold", "1e-400", "e.g. 0.8"),
        ("confidence_level", "-1e-400", "e.g. 0.95"),
        ("eo_threshold", "0.0001e-330", "e.g. 0.1"),
    ],
)
def test_a_config_number_that_underflows_is_refused_as_typed(tmp_path, write, key, text, fix):
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_file(write(tmp_path, key, text))
    message = str(caught.value)
    assert f"policy.{key}" in message and f"{text} {WORDS}" in message, message
    assert "value: 0.0" not in message and f"Fix: {fix}" in message, message


def test_the_command_line_refuses_a_config_underflow_in_one_line(tmp_path, capsys):
    assert main(["audit", "--config", str(_yaml(tmp_path, "di_threshold", "1e-400"))]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: key 'policy.di_threshold': 1e-400 underflows to 0"), err
    assert "value: 0.0" not in err


def test_a_zero_as_written_is_still_checked_as_zero(tmp_path):
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_file(_yaml(tmp_path, "di_threshold", "0e5"))
    assert WORDS not in str(caught.value) and "from 0.01" in str(caught.value)


def test_a_negative_underflow_is_too_small_in_size(tmp_path, capsys):
    argv = ["audit", "compas", "--confidence-level", "-1e-400"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "-1e-400 underflows to 0: its size is below the smallest positive number" in err


def test_the_underflow_fix_is_the_options_own(capsys):
    assert main(["audit", "compas", "--confidence-level", "1e-400"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("Fix: e.g. 0.95 (the default) or 0.99"), err
    assert "e.g. 0.5" not in err


def test_field_fix_names_a_field_by_key_or_flag():
    from ethiclens.spec import field_fix

    assert field_fix("--confidence-level") == field_fix("policy.confidence_level")
    assert "0.95" in field_fix("--confidence-level")
    assert field_fix("--no-such-flag") == "give a number (e.g. 0.5)"
