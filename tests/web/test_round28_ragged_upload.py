"""Round 28: a ragged CSV (a row with more fields than its header) was refused at upload as
"the file line 3 has 4 fields ...": the page now names the file as its user knows it, in the
command line's own words for the same file (line, fields found and expected, the fix), next
to the file field, with 400; and so does every other refusal of the upload in the library's
words. A row with fewer fields is read as the command line reads it (its last fields
missing), so the audit refuses a missing label by its line, as there."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, upload

HEADER = "label,pred,group\n"


def _field_error(page: str, field: str = "file") -> str:
    m = re.search(rf'id="error-{field}"[^>]*>(.*?)</p>', page, re.S)
    assert m, page[-1500:]
    return html.unescape(m.group(1))


def _cli_error(tmp_path, capsys, name: str, content: bytes) -> str:
    from ethiclens.cli import main

    path = tmp_path / "cli" / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(content)
    argv = ["audit", str(path), "--y-true", "label", "--y-pred", "pred", "--protected", "group"]
    assert main(argv) == 2
    line = capsys.readouterr().err.strip().splitlines()[-1]
    return line.removeprefix("error: ").replace(str(path.parent) + "/", "")


RAGGED = {
    "surplus value": HEADER + "1,0,A\n0,1,B,extra\n1,1,A\n",
    "comma ending rows": HEADER + "1,0,A\n0,1,B,\n1,1,A,\n",
    "quoted line break": HEADER + '1,0,"A\nB"\n0,1,B,x\n',
    "CR LF": (HEADER + "1,0,A\n0,1,B,x\n").replace("\n", "\r\n"),
    "first row": "label,pred\n1,0,1\n0,1,0\n",
}


@pytest.mark.parametrize("case", RAGGED)
def test_a_ragged_upload_is_refused_in_the_command_lines_words(client, tmp_path, capsys, case):
    content = RAGGED[case].encode()
    r = upload(client, content, "loans.csv")
    assert r.status_code == 400, r.headers.get("location")
    said = _field_error(r.text)
    cli = _cli_error(tmp_path, capsys, "loans.csv", content)
    assert re.match(r"loans\.csv line \d+ has \d+ fields but its header has \d+\. Fix: ", cli)
    assert said == cli


def test_a_ragged_file_picked_in_the_data_folder_is_named_by_its_listed_name(client, tmp_path):
    folder = tmp_path / "data" / "sub"
    folder.mkdir(parents=True)
    (folder / "x.csv").write_text(RAGGED["surplus value"], encoding="utf-8")
    token = csrf_of(client.get("/").text)
    r = client.post("/pick", data={"csrf": token, "path": "sub/x.csv"})
    assert r.status_code == 400
    said = _field_error(r.text, "path")
    assert said.startswith("sub/x.csv line 3 has 4 fields but its header has 3. Fix: "), said
    assert str(tmp_path) not in r.text


def test_model_bs_ragged_file_is_named_by_model_bs_field(client):
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    audit_id = url.split("/")[2]
    token = csrf_of(client.get(url).text)
    r = client.post(
        f"/upload?for={audit_id}",
        data={"csrf": token},
        files={"file": ("model-b.csv", RAGGED["surplus value"].encode())},
    )
    assert r.status_code == 400
    said = _field_error(r.text, "model_b")
    assert said.startswith("model-b.csv line 3 has 4 fields but its header has 3. Fix: "), said


def test_a_name_holding_the_servers_name_is_not_renamed_twice():
    from pathlib import Path

    from ethiclens.web._uploads import without_server_path

    path = Path("/srv/data/sub/x.csv")
    said = without_server_path(f"{path} line 3; x.csv line 4", path, "sub/x.csv")
    assert said == "sub/x.csv line 3; sub/x.csv line 4"
    assert without_server_path(f"file {path} is empty", path) == "the file is empty"


def test_a_row_with_fewer_fields_is_refused_as_the_command_line_refuses_it(
    client, tmp_path, capsys
):
    # round 49: a short row is refused by its line as a long one is (its missing fields are no
    # empty values); it was read with its prediction missing ('1 missing value(s) ...')
    frame = make_frame(300)
    lines = frame.to_csv(index=False).splitlines()
    lines[4] = "1"  # data row 3 (line 5) holds only its label: its prediction is missing
    content = ("\n".join(lines) + "\n").encode()
    r = upload(client, content, "short.csv")
    assert r.status_code == 400
    said = _field_error(r.text)
    assert "short.csv line 5 has 1 fields but its header has" in said, said
    cli = _cli_error(tmp_path, capsys, "short.csv", content)
    assert "short.csv line 5 has 1 fields but its header has" in cli


def test_a_hostile_file_name_in_the_refusal_is_shown_as_text(client):
    r = upload(client, RAGGED["surplus value"].encode(), '<img src=x onerror="go()">\u202e.csv')
    assert r.status_code == 400
    assert "<img" not in r.text and "\u202e" not in r.text
    said = _field_error(r.text)
    # the bidi control shown as its escape (round 38: it was dropped, like another file's name)
    assert said.startswith("<img src=x onerror="), said
    assert ">\\u202e.csv line 3 has 4 fields" in said, said
