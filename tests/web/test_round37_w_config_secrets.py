"""WebConfig shows no secret, and refuses a history URL of another database as --store does."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig


def test_repr_masks_the_store_password_the_token_and_a_monitor_store(tmp_path):
    """Before: repr(WebConfig(...)) (a log line, a traceback's locals) printed the history's
    and a monitor store's password and the access token as given."""
    config = WebConfig(
        data_dir=tmp_path / "d",
        store="postgresql+psycopg://auditor:S3cretPw@db.example/audits",
        token="abcdefghijklmnopqrstuvwxyz0123",
        monitor_stores=("postgresql://watch:M0nitorPw@db.example/watch",),
    )
    for shown in (repr(config), str(config)):
        assert "S3cretPw" not in shown and "M0nitorPw" not in shown
        assert "abcdefghijklmnopqrstuvwxyz0123" not in shown
        assert "postgresql+psycopg://auditor:***@db.example/audits" in shown
        assert "postgresql://watch:***@db.example/watch" in shown
        assert "token='***'" in shown
    assert config.token == "abcdefghijklmnopqrstuvwxyz0123"  # kept as given, only not shown


@pytest.mark.parametrize("url", ["mysql://auditor:S3cretPw@db/audits", "sqlite:///history.db"])
def test_a_url_of_another_database_is_refused_as_the_command_line_refuses_it(tmp_path, url):
    """Before: taken for a file path and refused as 'unable to open database file' (the CLI's
    --store says it is not a PostgreSQL URL)."""
    with pytest.raises(EthicLensInputError) as caught:
        WebConfig(data_dir=tmp_path / "d", store=url)
    text = str(caught.value)
    assert caught.value.column == "WebConfig.store"
    assert "is not a PostgreSQL URL" in text and "S3cretPw" not in text
    assert not (tmp_path / "d").exists()  # nothing made
