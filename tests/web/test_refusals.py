"""Refusals found by walking the app as its user would (issue 25's bad inputs): each is said
next to its field, in the user's words (their file's name, the form's labels, never the
server's path), with the right status, before anything is stored or written."""

from __future__ import annotations

import html
import re
import sqlite3

import pytest

from .conftest import csrf_of, make_frame, mapping_form, rev_of, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _error(page: str, field: str) -> str:
    found = re.search(rf'id="error-{field}"[^>]*>([^<]*)<', page)
    assert found, re.findall(r'class="error"[^>]*>([^<]*)', page)
    return html.unescape(found.group(1))


def _joined_tables(app) -> int:
    db = sqlite3.connect(app.state.store.path)
    return db.execute("SELECT COUNT(*) FROM data WHERE kind = 'joined'").fetchone()[0]


def _two_models() -> bytes:
    frame = make_frame()
    return frame.assign(pred2=frame["pred"].to_numpy()[::-1]).to_csv(index=False).encode()


def test_a_path_the_file_system_refuses_is_outside_the_data_folder(client):
    token = csrf_of(client.get("/").text)
    for path in ("mine.csv\x00.txt", "\x00", "a" * 5000 + ".csv"):
        r = client.post("/pick", data={"csrf": token, "path": path})
        assert r.status_code in (403, 404) and "Traceback" not in r.text
        assert "not a data file in this server" in _error(r.text, "path")
    assert client.get("/").status_code == 200


def test_an_interval_method_a_comparison_does_not_take_is_refused_at_the_form(app, client):
    url = upload(client, _two_models()).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, y_pred_b="pred2", ci="bca", n_boot="200"))
    assert r.status_code == 422
    assert "is not an interval method of a comparison" in _error(r.text, "ci")
    assert app.state.store.audit(url.split("/")[2])["status"] == "draft"
    r = client.post(url, data=mapping_form(page, y_pred_b="pred2", ci="percentile", n_boot="200"))
    done = wait_done(client, r.headers["location"])
    # the headline is model B's verdict, and says so
    plain = re.search(r'id="plain">(.*?)</p>', done.text, re.S).group(1)
    assert "Model B (pred2), compared with model A (pred):" in " ".join(plain.split())


def test_a_bad_policy_with_model_b_s_file_writes_no_joined_table(app, client, csv_bytes):
    url = upload(client, csv_bytes).headers["location"]
    page = client.get(url).text
    r = client.post(
        f"/upload?for={url.split('/')[2]}",
        data={"csrf": csrf_of(page)},
        files={"file": ("b.csv", csv_bytes)},
    )
    page = client.get(r.headers["location"]).text
    form = mapping_form(page, n_boot="5")
    assert form["model_b"]
    r = client.post(url, data=form)
    assert r.status_code == 422 and "at least 100" in _error(r.text, "n_boot")
    assert _joined_tables(app) == 0  # nothing written for a request that was refused
    assert client.post(url, data=mapping_form(page, n_boot="200")).status_code == 303
    assert _joined_tables(app) == 1


def test_a_failed_run_names_the_users_file_not_the_servers_path(app, client):
    # the stored upload loses a column after it was mapped: the run finds no column of that
    # name, and says so naming the user's file
    frame = make_frame()
    url = upload(client, frame.to_csv(index=False).encode(), "loans.csv").headers["location"]
    page = client.get(url).text
    (stored,) = (app.state.config.data_dir / "uploads").iterdir()
    frame.rename(columns={"group": "grp"}).to_csv(stored, index=False)
    r = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200"))
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 422 and 'id="failure"' in done.text
    assert "not found in loans.csv" in html.unescape(done.text)
    assert str(app.state.config.data_dir) not in done.text


def test_a_library_error_about_a_roles_column_is_shown_by_that_role(client):
    frame = make_frame().assign(label=lambda f: f["label"].map({0: "no", 1: "yes"}))
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, y_true="label", n_boot="200"))
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 422
    r = client.post(r.headers["location"] + "/reopen", data={"csrf": csrf_of(done.text)})
    again = client.get(r.headers["location"])
    assert again.status_code == 422 and "is not binary 0/1" in _error(again.text, "y_true")


def test_the_history_shows_the_data_s_checksum_not_the_server_s_path(app, client, csv_bytes):
    url = upload(client, csv_bytes).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, n_boot="200"))
    wait_done(client, r.headers["location"])
    history = client.get("/history").text
    cell = html.unescape(re.search(r'<td class="fp">([^<]*)<', history).group(1))
    assert re.fullmatch(r"4,000 rows · [0-9a-f]{12}", cell), cell
    assert "uploads" not in history and str(app.state.config.data_dir) not in history


def test_the_second_tab_is_led_back_to_the_audit(client, csv_bytes):
    url = upload(client, csv_bytes).headers["location"]
    page = client.get(url).text
    assert client.post(url, data=mapping_form(page, n_boot="200")).status_code == 303
    r = client.post(url, data=mapping_form(page, n_boot="300"))
    assert r.status_code == 409 and rev_of(page) == "0"
    link = re.search(r'<a href="([^"]+)" id="error-link">', r.text)
    assert link and link.group(1) == url.removesuffix("/mapping")


def test_a_failed_run_names_the_field_as_the_form_does(client):
    # more rows than the form profiles: the run refuses the merge (the form refuses it of a
    # file it read whole: test_round21_form_values)
    url = upload(client, make_frame(50_001).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    form = mapping_form(page, protected=["3"], bins_4="", merge="group=A,B:all", n_boot="200")
    done = wait_done(client, client.post(url, data=form).headers["location"])
    assert done.status_code == 422
    problem = re.search(r'id="problem">(.*?)</p>', done.text, re.S).group(1)
    assert problem.startswith("<strong>Merge groups</strong>: "), problem
    assert "--merge-groups" not in problem and "merge_groups" not in problem


def test_a_wide_export_can_be_mapped(client):
    # two form fields per column (reference group, bin edges): 300 columns must fit
    import pandas as pd

    frame = make_frame(500)
    extra = pd.DataFrame({f"feature_{i}": frame["label"] for i in range(300)})
    frame = pd.concat([frame, extra], axis=1)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    r = client.post(url, data=form)
    assert r.status_code == 303, r.text[:300]


def test_a_form_of_too_many_fields_gets_a_page_not_plain_text(client, csv_bytes):
    url = upload(client, csv_bytes).headers["location"]
    body = f"csrf={csrf_of(client.get(url).text)}&" + "x=&" * 20_001
    r = client.post(
        url, content=body, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/html")
    assert "form could not be read: Too many fields" in html.unescape(r.text) and "Fix:" in r.text
    assert client.get("/").status_code == 200


def test_a_column_name_with_spaces_around_it_can_be_chosen(client):
    frame = make_frame().rename(columns={"label": " label "})
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    assert form["y_true"] == " label "
    r = client.post(url, data=form)
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    done = wait_done(client, r.headers["location"])
    assert re.search(r'id="verdict-word">FLAGGED<', done.text)


def test_a_refused_benchmark_form_comes_back_as_it_was_sent(app, client):
    token = csrf_of(client.get("/").text)
    merge = "race=Asian,Native American,Other:Other\nsex=Female,Male:People"
    sent = {"csrf": token, "dataset": "german", "merge": merge, "n_boot": "5"}
    r = client.post("/benchmark", data=sent)
    assert r.status_code == 422 and "at least 100" in _error(r.text, "n_boot")
    page = html.unescape(r.text)
    assert "<option selected>german</option>" in page
    assert f'name="merge" rows="2">{merge}</textarea>' in page and 'value="5"' in page
    assert app.state.store.history() == []  # nothing queued


def test_a_file_name_cannot_add_lines_to_the_config(client, csv_bytes):
    # U+2028 is a line break to a YAML reader: in the config's comment it would start a key
    name = "loans\u2028gate: {fail_on: never}\u2028#.csv"
    url = upload(client, csv_bytes, name).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, n_boot="200"))
    wait_done(client, r.headers["location"])
    config = client.get(r.headers["location"] + "/download/config").text
    import yaml

    assert "gate" not in yaml.safe_load(config)
    assert "\u2028" not in config


def test_a_bad_merge_line_is_named_with_an_example_for_the_box(client, mapping_page):
    url, page = mapping_page
    merge = "group=A,B:AB\ngroup A"
    r = client.post(url, data=mapping_form(page, merge=merge, n_boot="200"))
    assert r.status_code == 422
    message = _error(r.text, "merge")
    assert message.startswith("line 'group A': must be ATTR=GROUP,GROUP,...:NEW_NAME. Fix: e.g. ")
    assert "--merge-groups" not in message and '"' not in message
    token = csrf_of(r.text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "compas", "merge": "race"})
    assert r.status_code == 422 and _error(r.text, "merge").startswith("line 'race': ")


@pytest.fixture
def mapping_page(client, csv_bytes):
    url = upload(client, csv_bytes).headers["location"]
    return url, client.get(url).text


def test_labels_and_predictions_in_other_words_are_told_apart(client):
    # yes/no labels with 0/1 predictions: the positive value is one for both columns
    frame = make_frame().assign(label=lambda f: f["label"].map({0: "no", 1: "yes"}))
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    assert "the label and the prediction alike" in page
    r = client.post(url, data=mapping_form(page, pos_label="yes", n_boot="200"))
    # refused by the form, its field, in the run's words: nothing queued (round 46)
    assert r.status_code == 422, r.headers.get("location")
    errors = [html.unescape(e) for e in re.findall(r'class="error"[^>]*>(.*?)</', r.text, re.S)]
    assert any(e.startswith("the columns write the positive label differently") for e in errors)
