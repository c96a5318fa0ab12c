"""Round 45 review (web, after bf95ac90, the same class): a bins box of blanks only was read as
empty and the column audited by its values, where the command line (``--bins 'group=  '``:
"must be ATTR=E0,E1,...") and a config (``groups.bins.group: '  '``: "must be a list") refuse
it. The box now reads blanks as typed, refused by the field (422); an empty box is still none."""

from __future__ import annotations

import re

from tests.web.conftest import make_frame, mapping_form, upload

DATA = make_frame(300).to_csv(index=False).encode()


def test_a_bins_box_of_blanks_is_refused_by_its_field(client):
    url = upload(client, DATA).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200", bins_3="  "))
    assert r.status_code == 422, r.headers.get("location")
    error = re.search(r'<p class="error" id="error-bins_3" role="alert">(.*?)</p>', r.text)
    assert error and "bin edges must be numbers" in error.group(1)
