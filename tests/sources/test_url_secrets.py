"""Passwords are never printed, whatever the database URL looks like: an unescaped '@', '/'
or '#' in the password, spaces pasted around it, one slash after the scheme, and drivers'
messages that echo a piece of the host part."""

import pytest

from ethiclens._secrets import mask_url, scrub
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

from .conftest import SECRET_URLS as URLS


@pytest.mark.parametrize(("url", "secret"), URLS)
def test_mask_url_hides_the_whole_password(url, secret):
    masked = mask_url(url)
    host = "127.0.0.1:1/db" if "dsn=" in url else "***@127.0.0.1:1/db"  # a DSN keeps its user
    assert secret not in masked and host in masked and "***" in masked


def test_driver_messages_echoing_a_piece_of_the_password_are_scrubbed():
    url = "postgresql://u:p@ssw0rdX@127.0.0.1:1/db"
    line = scrub("failed to resolve host 'ssw0rdX@127.0.0.1'", url)
    assert "ssw0rdX" not in line and "127.0.0.1" in line
    assert "b#SlashPw" not in scrub("bad host b#SlashPw", "postgresql://u:a/b#SlashPw@h/db")


def test_urls_without_passwords_are_unchanged():
    for url in ("sqlite:////tmp/x.db", "postgresql://u@h/db", "postgresql+psycopg://h:5432/db"):
        assert mask_url(url) == url


def _audit(capsys, *argv):
    rc = main(["audit", "--y-pred", "pred", "--y-true", "label", "--protected", "race", *argv])
    out = capsys.readouterr()
    return rc, out.out + out.err


@pytest.mark.parametrize(("url", "secret"), URLS)
def test_audit_db_never_prints_the_password(capsys, monkeypatch, url, secret):
    pytest.importorskip("sqlalchemy")
    rc, text = _audit(capsys, "--db", url, "--table", "t")
    assert rc == 2 and "--db" in text and secret not in text
    monkeypatch.setenv("EL_TEST_DB", url)
    rc, text = _audit(capsys, "--db-env", "EL_TEST_DB", "--table", "t")
    assert rc == 2 and secret not in text


def test_a_single_slash_is_a_malformed_url_not_a_folder(capsys):
    rc, text = _audit(capsys, "--db", "postgresql:/u:OneSlashPw@h/db", "--table", "t")
    assert rc == 2 and "malformed" in text and "OneSlashPw" not in text


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://user:S3cretPw/db",
        "postgresql://user:S%40cretPw/db",
        "postgresql+psycopg://user:S3cretPw",
    ],
)
def test_a_password_without_its_host_is_never_printed(capsys, monkeypatch, url):
    """No '@host': a parser reads the password as the port, and its error quotes it."""
    pytest.importorskip("sqlalchemy")
    monkeypatch.setenv("MYURL", url)
    for argv in (["--db-env", "MYURL"], ["--db", url]):
        rc, said = _audit(capsys, *argv, "--table", "preds")
        assert rc == 2 and "S3cret" not in said and "S%40cret" not in said and "S@cret" not in said
        assert "***" in said or "the port after the host is not a whole number" in said
    assert mask_url("postgresql://h:5432/db") == "postgresql://h:5432/db"  # a port stays


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://u:***@h/db",  # the password masked, as a report writes it
        "postgresql://***@h/db",  # the whole user:password masked
        "sqlite:///a.db?password=***",
    ],
)
def test_a_url_with_the_mask_for_its_password_is_refused(url, capsys):
    """A URL copied from a report or run record holds '***' where its password was; it must not
    be sent to the database as the password '***'."""
    from ethiclens.sources import checked_db_url

    with pytest.raises(EthicLensInputError, match=r"holds the mask \*\*\* where its password"):
        checked_db_url(url)
    args = ["audit", "--db", url, "--table", "t", "--y-pred", "p", "--protected", "g"]
    assert main(args) == 2
    assert "--db-env NAME" in capsys.readouterr().err


@pytest.mark.parametrize("url", ["postgresql://u:pa***ss@h/db", "sqlite:////tmp/a***.db"])
def test_stars_elsewhere_in_a_url_are_not_the_mask(url):
    from ethiclens.sources import checked_db_url

    assert checked_db_url(url) == url


def test_a_masked_url_seen_once_does_not_mask_user_names_later():
    """Refusing ``postgresql://u:***@h/db`` (a URL copied from a report) remembered ``u:***``
    as a secret, so every later masked URL of user ``u`` lost its user name too."""
    from ethiclens.sources import checked_db_url

    with pytest.raises(EthicLensInputError):
        checked_db_url("postgresql://u:***@h/db")
    assert mask_url("postgresql://u:Other-Secret-2@nohost/db") == "postgresql://u:***@nohost/db"
