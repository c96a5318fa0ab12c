"""Masking clips no text that only looks like a URL: a group named "ref http://wiki:home" is
shown as written, while a database URL's password is masked whatever its shape."""

import pytest

from ethiclens._secrets import mask_secrets, mask_url, remember_url
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "text",
    [
        "use one of ['Zed', 'ref http://wiki:home']",
        "see http://wiki C:notes",
        "groups ['https://example.org:main', 'b']",
    ],
)
def test_text_that_only_looks_like_a_url_is_kept(text):
    assert mask_secrets(text) == text
    err = EthicLensInputError("unknown reference group", column="src", fix=text)
    assert str(err).endswith(f"Fix: {text}")


def test_real_credentials_are_masked_in_any_text():
    text = "groups ['postgresql://alice:Hid-den1@db/w', 'password=Hid-den2']"
    masked = mask_secrets(text)
    assert "Hid-den1" not in masked and "Hid-den2" not in masked and "db/w" in masked


def test_a_database_url_without_its_host_stays_masked_once_given():
    url = "postgresql://user:NoHostPw7/db"
    assert mask_url(url) == "postgresql://user:***/db"
    assert "NoHostPw7" not in mask_secrets(f"cannot connect to {url}")
    remember_url("mysql://u:OtherPw8/db")
    assert "OtherPw8" not in str(EthicLensInputError("driver said: bad port 'OtherPw8'"))
