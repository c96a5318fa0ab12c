"""Round 43 (web2): a column named like one of the library's keywords was blamed on another
field. A protected attribute named ``y_true`` (refused by the library on every face: a reserved
counts-table name) was shown on the audit page as 'Label (the true outcome): a protected
attribute may not use a reserved counts-table name', and "Fix the mapping" put it next to the
label's field; ``ethiclens audit`` says "column 'y_true': ...". A column of the file is its own
field (its role's, else its attribute's row); a keyword the library names is still mapped."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web._roles import field_of

from .conftest import mapping_form, upload, wait_done

COLUMNS = ["seed", "--json", "y_true", "bins", "reference", "sample_weight"]


@pytest.mark.parametrize("name", ["y_true", "bins", "reference", "sample_weight"])
def test_a_column_named_like_a_keyword_is_its_own_row(name):
    spec = {"roles": {"y_true": "seed", "y_pred": ["--json"], "protected": {name: None}}}
    exc = EthicLensInputError("has a single group: nothing to compare", column=name)
    assert field_of(exc, COLUMNS, spec) == f"prot_{COLUMNS.index(name)}"


def test_a_keyword_the_library_names_is_still_mapped():
    spec = {"roles": {"y_true": "seed", "y_pred": ["--json"], "protected": {"y_true": None}}}
    exc = EthicLensInputError("bad", column="reference", kind="argument", value="x")
    assert field_of(exc, COLUMNS, spec) != "prot_4"
    assert field_of(EthicLensInputError("bad", column="y_true"), ["a"], spec) == "y_true"


def test_the_audit_page_names_the_attribute_not_the_label(client):
    rows = "".join(f"{i % 2},{(i // 2) % 2},{'AB'[i % 3 % 2]}\n" for i in range(60))
    url = upload(client, ("seed,--json,y_true\n" + rows).encode()).headers["location"]
    form = mapping_form(client.get(url).text, y_true="seed", protected=["2"], n_boot="100")
    form["y_pred"] = "--json"
    sent = client.post(url, data=form)
    assert sent.status_code == 303, sent.text[-2000:]
    page = wait_done(client, sent.headers["location"])
    assert page.status_code == 422, page.text[-2000:]
    assert "<strong>y_true</strong>: a protected attribute may not use a reserved" in page.text
    assert "Label (the true outcome)</strong>: a protected" not in page.text
