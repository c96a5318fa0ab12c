"""Round 47: a Merge/Leave-out line naming its column in double quotes (the column ' g', the
fix the run's refusal of 'g' gives) is echoed and read back as the run reads it (one parse,
spec.edit_attribute), as the command line reads --exclude-group '" g"=c'."""

from __future__ import annotations

import html
import re

import pytest

from ethiclens.spec import parse_excludes, parse_merges
from ethiclens.web._roles import _group_edits, shown_edits
from tests.web.conftest import csrf_of, upload

SECRET = " grp password=sekP3"  # a spaced column whose name holds "=" and a password
GROUP = "password=sekZ5"
PROFILED = [{"name": "label", "values": ["0", "1"]}, {"name": SECRET, "values": ["x", GROUP]}]


def test_a_quoted_attribute_holding_an_equals_sign_is_split_after_its_closing_quote():
    from ethiclens.spec import edit_attribute

    assert edit_attribute('" g=h"=c', [" g=h"]) == ('" g=h"', " g=h", "c")
    assert parse_excludes(['" g=h"=c'], [" g=h"]) == {" g=h": ["c"]}
    assert parse_merges(['" g=h"=a,b:n'], [" g=h"]) == {" g=h": {"n": ["a", "b"]}}
    assert edit_attribute("g=c", ["g"]) == ("g", "g", "c")  # as before
    assert edit_attribute("gc", ["g"]) == ("", "", "gc")


@pytest.mark.parametrize("merge", [False, True])
def test_a_quoted_column_is_echoed_name_by_name_and_read_back(merge):
    line = f'"{SECRET}"=' + (f"x,{GROUP}:XY" if merge else GROUP)
    shown = str(shown_edits(line, PROFILED, merge))
    # the column and each group masked alone (was the line masked whole: the merge's ':XY' lost)
    want = '" grp password=***"=' + ("x,password=***:XY" if merge else "password=***")
    assert shown == want and "sek" not in shown
    name = "merge" if merge else "exclude"
    for text in (line, shown):  # as typed, and as the page sends it back
        groups, errors = {}, {}
        _group_edits({"protected_list": ["1"], name: text}, groups, errors, PROFILED)
        assert errors == {}
        assert groups[name] == ({SECRET: {"XY": ["x", GROUP]}} if merge else {SECRET: [GROUP]})


def test_the_web_form_echoes_a_quoted_spaced_column_as_typed(client):
    rows = "".join(f"{i % 2},{(i // 2) % 2},{('c', 'd', GROUP)[i % 3]}\n" for i in range(60))
    url = upload(client, f"label,pred, g\n{rows}".encode()).headers["location"]
    page = client.get(url).text
    form = {"csrf": csrf_of(page), "rev": re.search(r'name="rev" value="(\d+)"', page).group(1)}
    form.update(y_true="label", y_pred="pred", protected=["2"], n_boot="abc")
    form.update(exclude='" g"=c', merge=f'" g"=c,{GROUP}:N')
    r = client.post(url, data=form)
    assert r.status_code == 422, r.text
    assert "sekZ5" not in r.text
    for name, want in (("exclude", '" g"=c'), ("merge", '" g"=c,password=***:N')):
        box = re.search(rf'<textarea id="{name}" name="{name}" rows="2">(.*?)</textarea>', r.text)
        assert html.unescape(box.group(1)) == want  # merge: was '" g"=c,password=***'
