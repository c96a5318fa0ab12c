"""Round 49 (after da78248f: values listed as words): a positive label one column holds and
the other writes otherwise was refused with the other column's values as a Python list
("'y' holds ['0', '1']") on the command line, a config's run, Python and the web's Positive
label field, where every other refusal lists values as words ("found values no, yes"). The
values are now words on every face, quoted only where a value would read ambiguously bare."""

import html
import re

import pytest

from ethiclens.cli import main
from ethiclens.spec import refuse_written_apart

from .conftest import mapping_form, upload

CSV = "y,p,g\n1,a,a\n1,b,a\n0,a,b\n0,a,b\n1,b,a\n"


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_command_line_lists_the_values_as_words(tmp_path, capsys, engine):
    path = tmp_path / "f.csv"
    path.write_text(CSV)
    args = [str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", "a"]
    assert main(["audit", *args, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "'p' holds 'a', 'y' holds 0, 1; one pos_label" in err and "[" not in err


def test_python_quotes_only_values_that_read_ambiguously():
    with pytest.raises(Exception) as said:
        refuse_written_apart("yes", {"label": ["yes", "no"], "pred": [" x", "a, b", "y"]})
    assert "'pred' holds ' x', 'a, b', y; one pos_label" in str(said.value)


def test_the_web_form_lists_the_values_as_words(client):
    rows = "income,pred,race\n" + ">50K.,>50K,a\n<=50K.,<=50K,b\n" * 150
    url = upload(client, rows.encode()).headers["location"]
    form = mapping_form(client.get(url).text, y_true="income", y_pred="pred", pos_label=">50K")
    form["protected"] = ["2"]
    r = client.post(url, data=form)
    assert r.status_code == 422
    said = " ".join(html.unescape(e) for e in re.findall(r'class="error"[^>]*>(.*?)</', r.text))
    assert "'income' holds <=50K., >50K.; one pos_label" in said, said


def test_numbers_are_listed_in_numeric_order_as_the_audit_lists_them():
    with pytest.raises(Exception) as said:
        refuse_written_apart("a", {"pred": ["a", "b"], "label": [10, 2, 10, 3]})
    assert "'label' holds 2, 3, 10; one pos_label" in str(said.value)
