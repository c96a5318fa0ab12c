"""Round 20 (W1): an integer of more digits than Python's int() converts (4,300) typed in the
mapping form's Seed, Interval draws or a floor is refused in its range's words, shortened, as
the command line refuses it (tests/test_round20_ints.py): not as "not a valid integer" (it is
digits only), not echoing 5,000 characters."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload

BIG = "1" * 5000


@pytest.mark.parametrize(
    ("field", "said"),
    [
        ("seed", "must be below 4,294,967,296"),
        ("n_boot", "at most 1,000,000 draws"),
        ("min_labels", "must be a whole number of at least 1, of at most 9,007,199,254,740,992"),
        (
            "min_group_size",
            "must be a whole number of at least 1, of at most 9,007,199,254,740,992",
        ),
    ],
)
def test_a_5000_digit_number_in_the_form_gets_its_range_message(client, field, said):
    url = upload(client, make_frame(n=400).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", **{field: BIG})
    r = client.post(url, data=form)
    assert r.status_code == 422, r.status_code
    shown = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', r.text)
    assert shown, re.findall(r'id="error-[^"]*"[^>]*>[^<]*<', r.text)
    text = html.unescape(shown[1])
    assert text.startswith(said) and "valid integer" not in text, text
    assert BIG[:100] not in text  # the field shows what was typed; its message does not
