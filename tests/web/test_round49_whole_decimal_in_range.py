"""Round 49: the form's whole-number fields refused '50.0' with 'Fix: give 50' before the
field's range was checked (n_boot takes at least 100) and '1e11' with 'give 100000000000'
(above its most). The field's own check now says what to give: a number in its range (the
CLI's and a config file's words), else the range."""

import html
import re

import pytest

from .conftest import mapping_form, upload


@pytest.mark.parametrize(
    "field, value, said",
    [
        ("n_boot", "50.0", "from 100 to 1,000,000"),
        ("n_boot", "1e11", "from 100 to 1,000,000"),
        ("n_boot", "300.0", "written without a decimal point (value: '300.0'). Fix: give 300"),
        ("seed", "1e11", "non-negative integer"),
    ],
)
def test_the_form_s_fix_is_one_it_accepts(client, csv_bytes, field, value, said):
    url = upload(client, csv_bytes).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, **{field: value}))
    assert r.status_code == 422
    errors = dict(re.findall(r'id="error-([^"]*)"[^>]*>([^<]*)<', r.text))
    message = html.unescape(errors[field])
    assert said in message, message
    if "Fix: give" not in said:
        assert not re.search(r"Fix: give \d", message), message
