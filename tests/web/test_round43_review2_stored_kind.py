"""Round 43 review (rweb2) of 1f80aae4: a failed run's refusal is stored, then read back for
its page and for "Fix the mapping"; the library's kind of the name it is about was not stored,
so it was guessed again from the name. A column called '--weight', 'roles.y_true' or
'policy.n_boot' (ethiclens audit: "column '--weight': holds non-numeric values ...") was read
back as an option or a spec key: the page said 'Sample weight: holds non-numeric values' /
'Label (the true outcome): ...' / 'Interval draws: ...' and the form marked that field. The
stored refusal now keeps its kind: 'Bins of --weight', by that row's Bins field."""

from __future__ import annotations

import re

import pytest

from .conftest import csrf_of, mapping_form, upload, wait_done

ROWS = "".join(f"{i % 2},{(i // 2) % 2},{'AB'[i % 3 % 2]}\n" for i in range(40))


@pytest.mark.parametrize(
    ("name", "wrong"), [("--weight", "Sample weight"), ("roles.y_true", "Label (the true outcome)")]
)
def test_a_stored_refusal_of_a_column_named_like_a_flag_is_by_its_row(client, name, wrong):
    url = upload(client, (f"label,pred,{name}\n" + ROWS).encode()).headers["location"]
    form = mapping_form(client.get(url).text, y_true="label", protected=["2"], n_boot="100")
    form.update(y_pred="pred", y_score="", weight="", bins_2="0,10")
    sent = client.post(url, data=form)
    assert sent.status_code == 303, sent.text[-2000:]
    page = wait_done(client, sent.headers["location"])
    assert page.status_code == 422, page.text[-2000:]
    assert f"<strong>Bins of {name}</strong>: holds non-numeric values" in page.text
    assert f"<strong>{wrong}</strong>" not in page.text
    audit = sent.headers["location"].rsplit("/", 1)[1]
    reopened = client.post(f"/audits/{audit}/reopen", data={"csrf": csrf_of(page.text)})
    again = client.get(reopened.headers["location"])
    marked = re.findall(r'id="error-([a-z_0-9]+)" role="alert"', again.text)
    assert marked == ["bins_2"], again.text[-3000:]
