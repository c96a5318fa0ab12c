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


def test_remembered_secrets_are_bounded_and_a_url_given_again_is_masked_again():
    """A server sees a URL per request: the remembered secrets stay at most MAX_REMEMBERED
    (masking stays fast), and a URL given again is masked again, however old."""
    from ethiclens import _secrets

    first = "postgresql://u:first-secret-0@db/x"
    _secrets.remember_url(first)
    for i in range(_secrets.MAX_REMEMBERED):
        _secrets.remember_url(f"postgresql://u:other-secret-{i:05d}@db/x")
    assert len(_secrets._GIVEN_SECRETS) <= _secrets.MAX_REMEMBERED
    assert "first-secret-0" not in _secrets._GIVEN_SECRETS
    _secrets.remember_url(first)
    assert _secrets.mask_secrets("port first-secret-0 refused") == "port *** refused"


@pytest.mark.parametrize("command", [["audit"], ["thresholds"], ["monitor"]])
def test_an_option_given_twice_never_shows_a_password(command, capsys):
    """The note 'is given twice (A, then B)' showed both URLs as typed: the old and the new
    password in clear on the terminal (and in CI logs)."""
    from ethiclens.cli import main

    urls = [f"postgresql+psycopg://bob:{pw}@127.0.0.1:1/db?password=Q{pw}" for pw in "AB"]
    flag = "--store" if command == ["monitor"] else "--db"
    main([*command, flag, urls[0], flag, urls[1], "--table", "t", "--y-pred", "p"])
    err = capsys.readouterr().err
    assert f"note: {flag} is given twice" in err, err
    assert "bob:A@" not in err and "bob:B@" not in err and "QA" not in err and "QB" not in err
