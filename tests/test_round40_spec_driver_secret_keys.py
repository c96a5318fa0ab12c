"""Round 40: a database URL's secret query keys were only password/passwd/pwd/secret/token/
api_key: BigQuery's ``credentials_base64`` (a service account's key), Snowflake's
``private_key``, a key file's ``passphrase`` and an ``api-key`` were echoed whole by
``ethiclens audit --db URL``'s refusal of an unsupported database (stderr, CI logs) and by
``mask_url``/``mask_secrets`` anywhere else. They are masked now; plain settings are kept."""

from __future__ import annotations

import pytest

from ethiclens import _secrets
from ethiclens._secrets import mask_secrets, mask_url
from ethiclens.errors import EthicLensInputError

SECRET = "Zq9xK7secret"
KEYS = ["credentials_base64", "credentials", "private_key", "private_key_file_pwd", "passphrase"]
KEYS += ["api-key", "x-api-key", "API_KEY"]


@pytest.fixture(autouse=True)
def _forget(monkeypatch):
    # a secret remembered by an earlier test would be masked here by that memory alone
    monkeypatch.setattr(_secrets, "_GIVEN_SECRETS", {})


@pytest.mark.parametrize("key", KEYS)
def test_a_drivers_secret_key_is_masked_in_a_url_and_in_any_text(key):
    assert mask_url(f"bigquery://proj/ds?{key}={SECRET}") == f"bigquery://proj/ds?{key}=***"
    _secrets._GIVEN_SECRETS.clear()
    assert mask_secrets(f"connect failed: {key}={SECRET} x") == f"connect failed: {key}=*** x"


@pytest.mark.parametrize("key", ["sslmode", "application_name", "pass"])
def test_plain_settings_are_kept(key):
    assert mask_url(f"postgresql://h/db?{key}=verify") == f"postgresql://h/db?{key}=verify"


def test_a_refusal_naming_the_url_does_not_echo_its_key():
    # what ``audit --db URL`` printed refusing BigQuery (an unsupported database): the URL as value
    url = f"bigquery://proj/ds?credentials_base64={SECRET}"
    text = str(EthicLensInputError("EthicLens reads bigquery databases only ...", value=url))
    assert "credentials_base64=***" in text
    assert SECRET not in text
