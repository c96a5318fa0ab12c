"""Round 7 of the testers' findings on the forms: a body that is not a form is a 400 with its
fix on every form (never a 500), an over-long text field is refused next to its field with its
limit, and a reference group the file does not have is refused at once, naming the value and
the groups; a refusal the library makes while running shows its value on the audit page."""

from __future__ import annotations

import html
import re

import pytest

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done

BROKEN_BODIES = {
    # a CR inside a header: the tester's badmultipart.bin
    "CR in a header": b'--bnd\r\nContent-Disposition: form-data; name="file"; filename="a\rb.csv"'
    b"\r\n\r\na,b\n1,2\n\r\n--bnd--\r\n",
    "no boundary at all": b"garbage without boundary",  # badmp2.bin
    "cut short": b'--bnd\r\nContent-Disposition: form-data; name="file"; filename="a.csv"'
    b"\r\n\r\na,b\n1,2\n\r\n--bn",
}
MULTIPART = {"content-type": "multipart/form-data; boundary=bnd"}


def _errors(page: str) -> dict[str, str]:
    """{field: message} of the error paragraphs on a page."""
    found = re.findall(r'<p class="error" id="error-([^"]*)"[^>]*>([^<]*)<', page)
    return {name: html.unescape(text) for name, text in found}


def _draft(client, frame=None) -> tuple[str, str]:
    """(mapping address, its page) of a new upload of ``frame`` (a default one)."""
    frame = make_frame(400) if frame is None else frame
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    return url, client.get(url).text


@pytest.mark.parametrize("body", list(BROKEN_BODIES.values()), ids=list(BROKEN_BODIES))
def test_a_broken_upload_body_is_a_400_that_says_the_form_could_not_be_read(client, body):
    r = client.post("/upload", content=body, headers=MULTIPART)
    assert r.status_code == 400
    said = _errors(r.text)["file"]
    assert said.startswith("the form could not be read: ") and "Fix: " in said
    assert not list((client.app.state.config.data_dir / "uploads").glob("*")), "nothing kept"


@pytest.mark.parametrize("body", list(BROKEN_BODIES.values()), ids=list(BROKEN_BODIES))
def test_a_broken_body_on_every_other_form_is_a_400_with_its_fix(client, body):
    url, _ = _draft(client)
    audit = url.split("/")[2]
    for address in ("/pick", "/benchmark", url, f"/audits/{audit}/reopen"):
        r = client.post(address, content=body, headers=MULTIPART)
        assert r.status_code == 400, address
        text = html.unescape(r.text)
        assert "he form could not be read: " in text and "Fix:" in text, address


@pytest.mark.parametrize("field", ["intended_use", "model_name", "merge"])
@pytest.mark.parametrize("size", [100_000, 900_000])
def test_an_over_long_mapping_field_is_refused_next_to_it_with_its_limit(client, field, size):
    url, page = _draft(client)
    r = client.post(url, data=mapping_form(page, **{field: "x" * size}))
    assert r.status_code == 422
    said = _errors(r.text)[field]
    assert "over this form's limit of 64 kB" in said and "Fix: shorten it" in said
    assert f'id="{field}"' in r.text  # the field is on the page, its message by it


def test_an_over_long_benchmark_field_is_refused_by_its_field(client):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "compas", "merge": "x" * 70_000})
    assert r.status_code == 422
    assert "over this form's limit of 64 kB" in _errors(r.text)["merge"]


def test_an_unknown_reference_group_is_refused_at_once_by_its_field(client):
    url, page = _draft(client)
    r = client.post(url, data=mapping_form(page, protected=["3"], ref_3="nosuch"))
    assert r.status_code == 422
    assert _errors(r.text)["ref_3"] == (
        "unknown reference group of 'group' (value: 'nosuch'). Fix: use one of A, B"
    )
    for ref in ("B", " A "):  # a group of the file, as typed or with spaces around it
        r = client.post(url, data=mapping_form(page, protected=["3"], ref_3=ref))
        assert "error-ref_3" not in r.text


def _failed_audit(client, frame, **fields):
    """The audit page of a request the library refuses while running, and its address."""
    url, page = _draft(client, frame)
    audit_url = client.post(url, data=mapping_form(page, **fields)).headers["location"]
    r = wait_done(client, audit_url)
    assert r.status_code == 422
    return r.text, audit_url


def _problem(page: str) -> str:
    return html.unescape(re.search(r'<p id="problem">(.*?)</p>', page, re.S).group(1))


def test_a_refusal_while_running_shows_its_value_on_the_audit_page(client):
    # more rows than the form profiles: the form cannot know the label's values (it refuses
    # a value absent from a file it read whole: test_round21_form_values)
    page, _ = _failed_audit(client, make_frame(50_001), pos_label="zzz")
    assert _problem(page).endswith(" (value: 'zzz')")
    assert "Fix:</strong> this column holds" in page


def test_an_unknown_reference_group_the_library_refuses_is_placed_by_its_field(client):
    """More groups than the profile keeps: the library refuses the reference while running;
    the audit page names the field as the form labels it, the value and the fix, as the
    command line does, and the mapping reopened has it next to the reference group's field."""
    frame = make_frame(400)
    frame["group"] = [f"g{i % 70}" for i in range(len(frame))]
    page, audit_url = _failed_audit(client, frame, protected=["3"], ref_3="nosuch")
    assert _problem(page) == (
        "<strong>Reference group of group</strong>: unknown reference group of 'group' "
        "(value: 'nosuch')"  # the library's words since round 26 (it names the attribute)
    )
    assert "Fix:</strong> use one of" in page
    token = csrf_of(page)
    mapping = client.post(f"{audit_url}/reopen", data={"csrf": token}).headers["location"]
    assert _errors(client.get(mapping).text)["ref_3"].startswith(
        "unknown reference group of 'group' (value: 'nosuch'). Fix: use one of"
    )


def _multipart(form: dict, boundary: str = "cutbnd") -> bytes:
    """``form`` encoded as a browser sends it (a list value: one part per item)."""
    parts = []
    for name, value in form.items():
        for one in value if isinstance(value, list) else [value]:
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{one}\r\n'
            )
    return ("".join(parts) + f"--{boundary}--\r\n").encode()


def test_a_mapping_form_cut_short_is_a_400_and_runs_nothing(client):
    """Starlette's parser drops a cut body's unfinished last field: the audit must not run
    without it (intended use lost without a word)."""
    url, page = _draft(client)
    body = _multipart(mapping_form(page, intended_use="screening loan files"))
    headers = {"content-type": "multipart/form-data; boundary=cutbnd"}
    r = client.post(url, content=body[:-12], headers=headers, follow_redirects=False)
    assert r.status_code == 400
    assert "the body ends before the form's closing boundary" in html.unescape(r.text)
    assert 'name="y_true"' in client.get(url).text  # still the mapping: nothing queued
    whole = client.post(url, content=body, headers=headers, follow_redirects=False)
    assert whole.status_code == 303  # the same form whole runs
