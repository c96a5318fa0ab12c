"""Round 38 (leftovers-words): html_to_pdf's renderer refusals in the Python caller's words.

A hung or failing renderer was refused to a Python caller as "option '--pdf': ... did not finish
within 1 s" (the command line's flag, which it never typed) and told only to retry; it now names
the argument 'path' and, for a time-out, the argument timeout. The command line, which calls the
same writer, keeps "option '--pdf'" and its own fix (no timeout flag there)."""

import stat

import pytest

from ethiclens.errors import EthicLensInputError, in_cli_words
from ethiclens.report import html_to_pdf
from ethiclens.spec._outputs import output_not_written


def _renderer(tmp_path, monkeypatch, body: str):
    fake = tmp_path / "chrome"
    fake.write_text(f"#!/bin/sh\n{body}\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(fake))


def _refusal(tmp_path, timeout):
    with pytest.raises(EthicLensInputError) as info:
        html_to_pdf("<p>x</p>", tmp_path / "r.pdf", timeout=timeout)
    assert not (tmp_path / "r.pdf").exists()
    return info.value


def test_hung_renderer_names_path_and_timeout(tmp_path, monkeypatch):
    _renderer(tmp_path, monkeypatch, "sleep 60")
    e = _refusal(tmp_path, 0.2)
    assert (e.column, e.kind) == ("path", "argument"), str(e)
    assert "--pdf" not in str(e) and "did not finish within 0.2 s" in str(e)
    assert "e.g. timeout=300, or None for no limit" in e.fix
    # the command line's line (spec.output_not_written, then its CLI words)
    cli = str(in_cli_words(output_not_written(tmp_path / "r.pdf", e, "--pdf")))
    assert cli.startswith("option '--pdf': the PDF renderer did not finish within 0.2 s"), cli
    assert cli.endswith("Fix: retry, or print the HTML report from a browser"), cli


def test_failing_and_missing_renderer_name_path(tmp_path, monkeypatch):
    _renderer(tmp_path, monkeypatch, "echo boom >&2\nexit 3")
    e = _refusal(tmp_path, 10)
    assert (e.column, e.kind, "exit 3" in e.problem) == ("path", "argument", True), str(e)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(tmp_path / "none"))
    e = _refusal(tmp_path, 10)
    assert str(e).startswith("argument 'path': no PDF renderer was found"), str(e)
    cli = str(in_cli_words(output_not_written(tmp_path / "r.pdf", e, "--pdf")))
    assert cli.startswith("option '--pdf': no PDF renderer was found"), cli
