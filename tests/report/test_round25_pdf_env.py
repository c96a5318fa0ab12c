"""Round 25: ``$ETHICLENS_CHROMIUM`` set to a path that runs nothing is named in the refusal.

Before, the refusal said "no PDF renderer was found" with the fix "set ETHICLENS_CHROMIUM=..."
although it was set: the user could not tell that the variable's value was the problem."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.report import html_to_pdf


def _bad_variable(tmp_path, monkeypatch):
    wrong = tmp_path / "no-such-chromium"
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(wrong))
    monkeypatch.setenv("PATH", str(tmp_path))
    return str(wrong)


def test_the_library_names_the_variable_and_its_value(tmp_path, monkeypatch):
    wrong = _bad_variable(tmp_path, monkeypatch)
    with pytest.raises(EthicLensInputError, match="no PDF renderer") as info:
        html_to_pdf("<p>x</p>", tmp_path / "r.pdf")
    text = str(info.value)
    assert f"now {wrong!r}" in text and "unset it" in text, text
    assert "apt-get install chromium" in text


def test_the_cli_names_the_variable_and_its_value(tmp_path, monkeypatch, capsys):
    wrong = _bad_variable(tmp_path, monkeypatch)
    assert main(["audit", "compas", "--pdf", str(tmp_path / "r.pdf")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1, err
    assert err.startswith("error: option '--pdf': no PDF renderer was found. Fix: install Chromium")
    assert f"ETHICLENS_CHROMIUM=/path/to/chrome (now {wrong!r}" in err, err


def test_an_unset_variable_keeps_the_plain_fix(tmp_path, monkeypatch):
    monkeypatch.delenv("ETHICLENS_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(EthicLensInputError, match="no PDF renderer") as info:
        html_to_pdf("<p>x</p>", tmp_path / "r.pdf")
    assert "(now " not in str(info.value)
