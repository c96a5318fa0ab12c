"""A password holding a space, a tab or a no-break space is masked whole (round 22, security).

``--db "postgresql+psycopg://sp:my secret pass@host/db"`` was written ``sp:*** secret pass@``
to stderr, JSON, HTML and the model card, ``?password=my secret pass`` as ``password=***
secret pass``, and a tab kept the rest of the password: the patterns stopped at the first
space, and ran before the URL's remembered literal secrets, which then no longer matched.
"""

import pytest

from ethiclens._secrets import mask_secrets, mask_url, scrub
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

SPACES = [" ", "\t", "\xa0", "  ", " \t\xa0 "]


@pytest.mark.parametrize("space", SPACES)
def test_a_password_with_spaces_is_masked_up_to_the_urls_last_at(space):
    url = f"postgresql+psycopg://sp:my{space}secret{space}PASS9@127.0.0.1:5/postgres"
    assert mask_url(url) == "postgresql+psycopg://sp:***@127.0.0.1:5/postgres"
    at = f"postgresql://u:p@ss{space}w@rdSECRET@h/db"  # unencoded '@' and a space
    assert mask_url(at) == "postgresql://u:***@h/db"
    tab = f"postgresql+psycopg://u:a{space}bSECRET@h/db"
    assert "SECRET" not in mask_url(tab) and mask_url(tab).endswith("u:***@h/db")


@pytest.mark.parametrize("space", SPACES)
def test_a_query_password_with_spaces_is_masked_up_to_the_next_ampersand(space):
    base = "postgresql+psycopg://sp@127.0.0.1:5/postgres"
    url = f"{base}?password=my{space}secret{space}PASS9"
    assert mask_url(url) == f"{base}?password=***"
    kept = f"{base}?sslmode=require&PASSWORD=my{space}secret{space}PASS9&sslkey=/k/a b.key"
    assert mask_url(kept) == f"{base}?sslmode=require&PASSWORD=***&sslkey=/k/a b.key"


def test_literal_secrets_are_replaced_before_the_patterns():
    """A driver echoing the password in a DSN (``password=my secret pass``): the pattern alone
    masks the first word; the URL's remembered password, replaced first, masks it whole."""
    url = "postgresql+psycopg://sp:my secret PASS9@127.0.0.1:5/postgres"
    said = scrub("connection failed: host=127.0.0.1 password=my secret PASS9 user=sp", url)
    assert "secret" not in said and "PASS9" not in said and "user=sp" in said
    assert "PASS9" not in str(EthicLensInputError("cannot connect: sp:my secret PASS9@127"))
    query = "postgresql://sp@h/db?password=the secret PASS9"
    mask_url(query)
    assert "secret PASS9" not in mask_secrets("said: the secret PASS9")
    # the password's first word alone is no secret: 'the' stays readable elsewhere
    assert mask_secrets("the table") == "the table"


@pytest.mark.parametrize(
    "text",
    [
        "cannot connect to postgresql://zz:un known PASS9@host/db: refused",
        "value 'postgresql://zz:un\tknown PASS9@host/db'",
        "conn 'pg://h/db?password=un known PASS9&x=1'",
    ],
)
def test_an_unremembered_url_in_any_text_is_masked_whole(text):
    masked = mask_secrets(text)
    assert "known" not in masked and "PASS9" not in masked and "***" in masked


@pytest.mark.parametrize(
    "text",
    [
        "use one of ['Zed', 'ref http://wiki:home', 'b@c']",
        "note: contact me at a@b",
        "x 'postgresql://zz:***@host/db' then y@z. Fix: check it",
        "(value: 'pg://h/db?password=***'). Fix: check the host, port and credentials",
    ],
)
def test_text_around_masks_and_spaces_is_kept(text):
    assert mask_secrets(text) == text


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://sp:my secret PASS9@127.0.0.1:1/postgres",
        "postgresql+psycopg://sp:my\tsecret\xa0PASS9@127.0.0.1:1/postgres",
        "postgresql+psycopg://sp@127.0.0.1:1/postgres?password=my secret PASS9",
    ],
)
def test_the_cli_never_prints_a_spaced_password(url, capsys, tmp_path, monkeypatch):
    pytest.importorskip("sqlalchemy")
    args = ["--table", "t", "--y-pred", "p", "--protected", "g"]
    assert main(["audit", "--db", url, *args, "--json", str(tmp_path / "r.json")]) == 2
    monkeypatch.setenv("SPACED_DB", url)
    assert main(["counts", "--db-env", "SPACED_DB", *args, "--out", str(tmp_path / "c.csv")]) == 2
    err = capsys.readouterr().err
    assert "secret" not in err and "PASS9" not in err and "***" in err, err
