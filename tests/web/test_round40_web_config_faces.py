"""Round 40 (web): ``WebConfig(allowed_hosts=())`` was taken, and the server it made refused
every request (400, "does not answer to that host name"), where a host name no Host can match
is refused since round 39; and a history ``create_app`` could not open told a Python caller
about ``option '--store'``, a flag it never typed (``ethiclens serve`` still says --store)."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_no_allowed_host_at_all_is_refused(tmp_path):
    from ethiclens.web import WebConfig

    with pytest.raises(EthicLensInputError, match="answer no one") as info:
        WebConfig(data_dir=tmp_path / "data", allowed_hosts=())
    assert "WebConfig.allowed_hosts" in str(info.value) and "None" in str(info.value)


def test_a_history_that_cannot_be_opened_names_each_callers_word(tmp_path, capsys):
    from ethiclens.cli import main
    from ethiclens.web import WebConfig, create_app

    store = tmp_path / "no" / "such" / "history.sqlite"
    config = WebConfig(data_dir=tmp_path / "data", store=store, pool="thread")
    with pytest.raises(EthicLensInputError, match="cannot open the history") as info:
        create_app(config)
    assert "WebConfig.store" in str(info.value) and "--store" not in str(info.value)
    assert main(["serve", "--data-dir", str(tmp_path / "d2"), "--store", str(store)]) == 2
    assert "option '--store': cannot open the history" in capsys.readouterr().err
