"""Round 46 (second-wave web hunt): a mapping form with a field sent twice (``seed=1&seed=2``)
was refused with the field named by its form key ("Field: y_true", "Field: n_boot") and only a
link to the start, where the threshold form names its field by its words on the page. The
mapping form now names it as its page labels it ("Field: Interval draws") and links back to
the mapping screen."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from .conftest import make_frame, mapping_form, upload


def test_a_mapping_field_sent_twice_is_named_by_its_label(client):
    url = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, n_boot="200")
    pairs = [(k, v) for k, v in form.items() if k not in ("protected", "n_boot")]
    pairs += [("protected", "3"), ("n_boot", "200"), ("n_boot", "300")]
    kind = {"content-type": "application/x-www-form-urlencoded"}
    r = client.post(url, content=urlencode(pairs).encode(), headers=kind)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.text)).replace("&#39;", "'")
    assert r.status_code == 400
    assert "the field 'n_boot' is sent more than once" in text.lower()
    assert "Field: Interval draws" in text, text[-600:]
    assert f'href="{url}"' in r.text  # back to the mapping screen
