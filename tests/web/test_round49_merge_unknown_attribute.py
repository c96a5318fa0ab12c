"""Round 49: a merge line of one group whose attribute is no protected column ('nope=A:B')
was refused "a merge needs two or more different groups" on the command line and in the web
form's Merge groups box, where Python, the exclude flag and the exclude box name the unknown
attribute. The attribute is now named first (the count of groups is refused for a known one)."""

from __future__ import annotations

import html
import re

import pytest

from ethiclens.cli import main
from tests.web.conftest import make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    ("merge", "said"),
    [
        ("nope=A:B", "unknown attribute 'nope'. Fix: use one of group"),
        ("nope=A,A:B", "unknown attribute 'nope'. Fix: use one of group"),
        ("group=A:B", "a merge needs two or more different groups"),
    ],
)
def test_the_command_line_names_the_unknown_attribute(tmp_path, capsys, merge, said):
    data = tmp_path / "d.csv"
    data.write_text("label,pred,group\n1,1,A\n0,0,B\n1,0,A\n0,1,B\n")
    args = ["audit", str(data), "--y-true", "label", "--y-pred", "pred", "--protected", "group"]
    assert main([*args, "--merge-groups", merge]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("box", ["merge", "exclude"])
def test_the_merge_box_names_it_as_the_exclude_box_does(client, box):
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    line = {"merge": "nope=A:B", "exclude": "nope=A"}[box]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", **{box: line})
    r = client.post(url, data=form)
    assert r.status_code == 422
    found = re.search(rf'id="error-{box}"[^>]*>([^<]*)<', r.text)
    assert found, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    assert html.unescape(found[1]).startswith("'nope' is not a protected attribute of this audit")


def test_a_config_file_names_it_too(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("label,pred,group\n1,1,A\n0,0,B\n1,0,A\n0,1,B\n")
    roles = '{"y_true": "label", "y_pred": "pred", "protected": ["group"]}'
    for attr, said in (("nope", "unknown attribute 'nope'"), ("group", "needs at least 2")):
        config = tmp_path / "c.json"
        config.write_text(
            f'{{"target": {{"file": "{data}"}}, "roles": {roles}, '
            f'"groups": {{"merge": {{"{attr}": {{"B": ["A"]}}}}}}}}'
        )
        assert main(["audit", "--config", str(config)]) == 2
        assert said in capsys.readouterr().err


def test_the_benchmark_form_names_it(client):
    from tests.web.conftest import csrf_of

    token = csrf_of(client.get("/").text)
    form = {"csrf": token, "dataset": "compas", "merge": "nope=A:B"}
    r = client.post("/benchmark", data=form)
    assert r.status_code == 422
    found = re.search(r'id="error-merge"[^>]*>([^<]*)<', r.text)
    assert found and "unknown attribute 'nope'" in html.unescape(found[1]), r.text[-2000:]
