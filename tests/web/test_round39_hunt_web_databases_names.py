"""Round 39 (hunt_web): WebConfig(databases=...) takes names of environment variables (as
``--db-env``); a database URL given there instead (a natural slip) was accepted, shown with its
password by repr(WebConfig) and listed on every visitor's page in the database field. Now it is
refused with the password masked, as is any text that is no variable's name."""

from __future__ import annotations

import pytest

from tests.web.conftest import csrf_of, make_app

PASSWORD = "s3cretPW9"


@pytest.mark.parametrize(
    "name",
    [
        f"postgresql://u:{PASSWORD}@h/d",
        f"\u200bpostgresql://u:{PASSWORD}/d",
        f"u:{PASSWORD}@h",
        "\u200bWAREHOUSE",
        "two words",
        "1ST",
    ],
)
def test_not_a_variable_name_is_refused_masked(tmp_path, name):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import WebConfig

    with pytest.raises(EthicLensInputError, match="WebConfig.databases") as info:
        WebConfig(data_dir=tmp_path / "data", databases=("WAREHOUSE", name))
    assert PASSWORD not in str(info.value)


def test_variable_names_are_listed(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    monkeypatch.setenv("_WAREHOUSE_2", f"sqlite:///{tmp_path / 'w.db'}")
    with TestClient(make_app(tmp_path, databases=("_WAREHOUSE_2",))) as client:
        page = client.get("/").text
    csrf_of(page)
    assert "<option>_WAREHOUSE_2</option>" in page
