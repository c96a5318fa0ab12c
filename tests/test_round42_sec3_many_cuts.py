"""A password holding thousands of '@' (or '/', '#', '?', ':') is masked without listing every
piece either side of every cut: that list was quadratic (5,000 '@': 30,000 values, 150 M
characters, 41 s for secret_values)."""

from ethiclens import _secrets
from ethiclens._secrets import mask_secrets, mask_typed_url, mask_url, secret_values

PASSWORD = "s3cr" + "@" * 5000 + "Xq"
URL = f"postgresql://alice:{PASSWORD}@db.example/sales"


def test_many_cuts_password_is_masked_in_urls_and_messages():
    values = secret_values(URL)
    assert PASSWORD in values
    assert len(values) < 100  # the pieces of a few cuts only, not of all 5,000
    for shown in (mask_url(URL), mask_typed_url(URL)):
        assert PASSWORD not in shown and "s3cr" not in shown
        assert shown.startswith("postgresql://alice:") and shown.endswith("@db.example/sales")
    message = mask_secrets(f"could not connect to {URL}: host '{PASSWORD[5:]}@db.example'")
    assert "s3cr" not in message and "@Xq" not in message


def test_pieces_below_the_cap_are_all_listed():
    password = "ab" + "@cd" * _secrets._MAX_CUTS
    values = secret_values(f"postgresql://u:{password}@h/db")
    # the tail after each cut, as a parser cutting there echoes it ("host 'cd@cd@h'")
    tails = [password[i + 1 :] for i, c in enumerate(password) if c == "@"]
    assert len(tails) == _secrets._MAX_CUTS
    assert all(tail in values for tail in tails if len(tail) >= 3)
