"""A stretch the linear masking skips (a start with no '@', a scheme-like run, the rest of a
word) never hides a password that a later start masks: the same outputs as the masking gave
before it was made linear (measured on the old code), long skipped stretches included."""

import pytest

from ethiclens._secrets import _masked_url, mask_secrets, masked_quotes

LONG = "q" * 3000
URL = "postgresql://u:pw@h"
SHOWN = "postgresql://u:***@h"


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        # a failed 'scheme://user:' start, then a URL after a space, a quote, a line break
        (f"x://a:b c {URL}", f"x://a:b c {SHOWN}"),
        (f"a://b:{LONG} {URL}", f"a://b:{LONG} {SHOWN}"),
        (f"'a://b:c' '{URL}'", f"'a://b:c' '{SHOWN}'"),
        (f"x://a:b\n{URL}", f"x://a:b\n{SHOWN}"),
        (f"x://a:b\u3000{URL}", f"x://a:b\u3000{SHOWN}"),
        # a bare user:pw@ after spaces of any kind: masked from the first start, as before
        ("x://a:b\tu:pw@h", "x://a:***@h"),
        ("x://a:b\u00a0u:pw@h", "x://a:***@h"),
        ("x://a:b\u2028u:pw@h", "x://a:***@h"),
        # a failed bare 'x:' start: its word still reaches the '@' of a piece after ',;&/'
        (f"x:{LONG},user:pw@host", "x:***@host"),
        ("x:y;u:pw@h", "x:***@h"),
        ("x:y&u:pw@h", "x:***@h"),
        ("x:y/u:pw@h", "x:***@h"),
        # a scheme-like run skipped whole: what follows it is still read
        ("a.b-c+" * 500 + " u:pw@h", "a.b-c+" * 500 + " u:***@h"),
        (f"a.b-c+x: {URL}", f"a.b-c+x: {SHOWN}"),
        ("a.b-c+//u:pw@h", "a.b-c+//u:***@h"),
        (" ".join(["x://a:b", URL] * 20), " ".join(["x://a:b", SHOWN] * 20)),
    ],
)
def test_a_password_after_a_skipped_stretch_is_masked(text, masked):
    assert (mask_secrets(text), masked_quotes(text, mask_secrets)) == (masked, masked)
    assert _masked_url(text) == masked


def test_a_port_like_password_after_a_scheme_like_run_is_masked_in_a_url():
    text = "a.b-c+x://u:pw/db"
    assert mask_secrets(text) == text  # any text: read as a host and port
    assert _masked_url(text) == "a.b-c+x://u:***/db"
