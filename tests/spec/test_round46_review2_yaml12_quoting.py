"""Round 46 review of 9a4cbafd: errors._yaml_text, which spells a value for a config file's
fix, left a text plain where PyYAML's YAML 1.1 reads it as text, but a config file is read
by YAML 1.2's core schema (io's loader), where ``1e20``, ``1e5`` and ``0o17`` are numbers:
``y_true: ["1e20"]`` was told ``y_true: 1e20``, which the loader reads as the float 1e20
(refused again: must be text). It is quoted now, and the fix reads back as the text."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError, Example
from ethiclens.spec import AuditSpec


def _spec(tmp_path, y_true: str):
    path = tmp_path / "c.yaml"
    path.write_text(f"target: {{file: d.csv}}\nroles: {{y_true: {y_true}, y_pred: p}}\n")
    return AuditSpec.from_file(path)


@pytest.mark.parametrize("name", ["1e20", "1e5", "0o17", "-1.5e3"])
def test_a_number_like_text_is_quoted_and_reads_back_as_text(tmp_path, name):
    with pytest.raises(EthicLensInputError) as caught:
        _spec(tmp_path, f'["{name}"]')
    fix = str(caught.value).rpartition("give one value, not a list: y_true: ")[2]
    assert fix == f'"{name}"'
    assert _spec(tmp_path, fix).roles.y_true == name  # the fix as written: the text


def test_a_config_keys_example_quotes_it_too():
    said = Example("--html", "1e5").said_as({"--html": "outputs.html"})
    assert said == 'e.g. outputs: {html: "1e5"}'
    assert Example("--html", "a.html").said_as({"--html": "outputs.html"}).endswith("a.html}")
