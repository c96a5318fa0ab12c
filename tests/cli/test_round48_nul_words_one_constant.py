"""Round 48 leftover 5: the NUL-in-path words were written out again in the CLI's path type
(cli/_common.NotFolder) and the spec's path check while io.NUL_IN_PATH / io.NUL_PATH_FIX hold
them; both now read the constants, so a change of the words reaches every face. And
spec._run's purposes are DEFAULT_DRAWS' keys, not a second list of them."""

import pytest

from ethiclens import io
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.fixture
def other_words(monkeypatch):
    monkeypatch.setattr(io, "NUL_IN_PATH", "NUL words of io")
    monkeypatch.setattr(io, "NUL_PATH_FIX", "fix words of io")


def test_the_cli_path_type_says_ios_words(other_words, capsys):
    assert main(["counts", "a\x00b.csv"]) == 2
    err = capsys.readouterr().err
    assert "NUL words of io" in err and "Fix: fix words of io" in err, err


def test_the_spec_says_ios_words(other_words):
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_dict({"target": {"file": "a\x00b.csv"}})
    message = str(info.value)
    assert "key 'target.file': NUL words of io" in message and "fix words of io" in message


def test_the_purposes_are_the_default_draws_keys():
    from ethiclens.spec import _run

    assert _run._PURPOSES == tuple(_run.DEFAULT_DRAWS)
