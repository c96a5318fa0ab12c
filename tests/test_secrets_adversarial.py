"""No piece of a password survives masking, whatever characters it holds (security).

A password whose word after a space held a quote (``pa ss'wd``) was written
``auditor:*** ss'wd@`` everywhere: ``mask_url`` ran its port-like pattern before the URL's
literal secrets, so it masked ``pa`` and the rest no longer matched. A password with an
unencoded '@' leaked through the driver's message, which quotes the host with Python's repr
(``failed to resolve host 'cd\\\\efgh@127.0.0.1'``): the remembered tail no longer matched once
repr had doubled its '\\' or escaped its quote.

Passwords drawn (fixed seed) from an adversarial alphabet: for a URL holding each, ``mask_url``,
``scrub`` and driver-like messages (plain, repr-quoted, JSON-quoted, libpq DSN) never contain any
3-character piece of the password.
"""

import json
import random

import pytest

from ethiclens import _secrets
from ethiclens._secrets import mask_secrets, mask_url, scrub

ALPHABET = [" ", "\t", "\xa0", "'", '"', "\\", "@", ":", "/", "%", "#", "?", "&", "=", ";"]
ALPHABET += ["é", "€", "ß", "😀", "\u200b", "ü"]
LETTERS = "abcdefgHIJKLmn0123456789"
HOST = "127.0.0.1:5432/postgres"


def _passwords(count=400, seed=20261204):
    """Each adversarial character twice in a plain password, then random mixes."""
    rng = random.Random(seed)
    out = [f"Ab{c}cD{c}eF" for c in ALPHABET]
    out += [f"{c}{c}Qx{c}" for c in ALPHABET]
    out += ["pa ss'wd", "x y'z", '"dq sec"', "lead 'quote", 'qq\\\\rr ss"tt']
    out += ["p@ss w\"o'rd\\x y", "ab@cd\\efgh", "ab@c\"d'efgh"]
    for _ in range(count):
        size = rng.randint(3, 16)
        out.append("".join(rng.choice(ALPHABET + list(LETTERS)) for _ in range(size)))
    return out


def _libpq(value):
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _messages(password, url):
    """What a driver or a report may say about ``url``: a DSN quoting the password, the URL
    itself and the host a parser read after each '@' of the password, each of these two plain,
    repr-quoted and JSON-quoted (escaped once: messages are masked before they are written)."""
    hosts = [password[i + 1 :] + "@" + HOST for i, c in enumerate(password) if c == "@"]
    said = [url, *hosts]
    out = [f"connection failed: host=127.0.0.1 password={_libpq(password)} user=auditor"]
    for text in said:
        out += [f"cannot connect: {text}", f"failed to resolve host {text!r}"]
        out += [json.dumps({"db": text}), json.dumps({"db": text}, ensure_ascii=False)]
    return out


def _pieces(password):
    grams = {password[i : i + 3] for i in range(len(password) - 2)}
    out = set()
    for gram in grams:
        out |= {gram, repr(gram)[1:-1], json.dumps(gram)[1:-1], gram.replace("\\", "\\\\")}
    return out


def _leaks(password, masked, context):
    """The password's 3-character pieces (as typed or escaped) in ``masked`` that the text
    around the password (``context``, the same message without it) does not hold anyway."""
    return sorted(p for p in _pieces(password) if p in masked and p not in context)


@pytest.mark.parametrize("password", _passwords())
def test_no_piece_of_an_adversarial_password_is_ever_shown(password):
    with _secrets._LOCK:
        _secrets._GIVEN_SECRETS.clear()
    url = f"postgresql+psycopg://auditor:{password}@{HOST}"
    blank = f"postgresql+psycopg://auditor:@{HOST}"
    shown = mask_url(url)
    assert shown == f"postgresql+psycopg://auditor:***@{HOST}", (password, shown)
    context = " ".join(_messages("", blank))
    for message in _messages(password, url):
        for masked in (scrub(message, url), mask_secrets(message)):
            assert not _leaks(password, masked, context), (password, message, masked)


@pytest.mark.parametrize("password", ["pa ss'wd", "x y'z", '"dq sec"', "lead 'quote"])
def test_a_quoted_word_in_an_unremembered_url_is_masked(password):
    """A URL nobody gave as a database URL (in a driver's message): the pattern runs to its
    last '@', quotes and all."""
    with _secrets._LOCK:
        _secrets._GIVEN_SECRETS.clear()
    masked = mask_secrets(f"cannot connect to postgresql://auditor:{password}@h/db: refused")
    assert masked == "cannot connect to postgresql://auditor:***@h/db: refused"


def test_a_password_with_many_pieces_never_forgets_its_own():
    """Its escaped pieces may outnumber MAX_REMEMBERED: the oldest other secrets go, never its."""
    password = "@".join(f"piece{i:04d}\\'" for i in range(_secrets.MAX_REMEMBERED // 4))
    url = f"postgresql://u:{password}@h/db"
    mask_url(url)
    # a parser cutting at the first '@' reads the rest, the longest piece, as the host
    message = f"failed to resolve host {password.partition('@')[2] + '@h'!r}"
    assert "piece0002" not in mask_secrets(message)
