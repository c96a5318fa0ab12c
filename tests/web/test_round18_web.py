"""Round 18 of the web app: a data-folder file with odd spaces or a bidi control in its
name picked from the list, a column or group with a bidi override chosen, a huge revision
or page number refused (not a 500), a data file gone before the run a 4xx, missing group
values named as the command line names them, a cancelled upload logged, a SQLite database's
config said in its own form."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest

from tests.web.conftest import csrf_of, make_app, make_frame, mapping_form, upload, wait_done


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _client(app):
    from starlette.testclient import TestClient

    return TestClient(app, follow_redirects=False)


# -- 1. a data-folder file with an odd name is picked from the list -----------------------------
ODD_NAMES = ["two  spaces.csv", " lead.csv", "trail .csv", "new\nline.csv", "\u202eA.csv"]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_listed_file_with_an_odd_name_is_picked_by_its_option_value(tmp_path, name):
    app = make_app(tmp_path)
    (tmp_path / "data").mkdir(exist_ok=True)
    (tmp_path / "data" / name).write_bytes(make_frame(n=200).to_csv(index=False).encode())
    with _client(app) as client:
        home = client.get("/").text
        values = re.findall(r'<select id="path" name="path">(.*?)</select>', home, re.S)[0]
        (value,) = re.findall(r'<option value="([^"]*)"', values)
        sent = html.unescape(value)  # what a browser sends: the value attribute, exactly
        r = client.post("/pick", data={"csrf": csrf_of(home), "path": sent})
        assert r.status_code == 303, _text(r.text)[-400:]
        mapping = client.get(r.headers["location"])
        assert mapping.status_code == 200
        # the escaped shown form, or the name with its spaces collapsed, is still refused
        for other in ("two spaces.csv", "lead.csv", "\\u202eA.csv", "/../x.csv", "/%2e%2e/x.csv"):
            if other != name:
                r = client.post("/pick", data={"csrf": csrf_of(home), "path": other})
                assert r.status_code == 403, other


# -- 2. a column or group with a bidi override is chosen as the page shows it -------------------
def _bidi_frame() -> pd.DataFrame:
    frame = make_frame(n=600).rename(columns={"pred": "\u2067pred"})
    frame["grp"] = frame["group"].map({"A": "\u202eA", "B": "B"})
    frame.loc[:100, "grp"] = "C"
    return frame


def _sent(form: dict) -> dict:
    """The form as a browser sends it: each option's value attribute, unescaped."""
    return {k: html.unescape(v) if isinstance(v, str) else v for k, v in form.items()}


def test_a_column_with_a_bidi_override_is_chosen_by_the_pages_own_proposal(client):
    url = upload(client, _bidi_frame().to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    form = _sent(mapping_form(page, protected=["6"], n_boot="200", bins_4=""))
    assert form["y_pred"] == "\\u2067pred"  # offered in its visible form
    # a refused form keeps the column selected
    refused = client.post(url, data={**form, "n_boot": "x"})
    assert refused.status_code == 422
    assert "not a column of this file" not in _text(refused.text)
    assert _sent(mapping_form(refused.text))["y_pred"] == "\\u2067pred"
    r = client.post(url, data={**form, "rev": mapping_form(refused.text)["rev"]})
    assert r.status_code == 303, _text(r.text)[-400:]
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 200 and "could not run" not in done.text
    report = client.get(r.headers["location"] + "/download/json").json()
    assert report["run"]["spec"]["roles"]["y_pred"] == ["\u2067pred"]


@pytest.mark.parametrize(
    ("box", "typed", "says"),
    [("merge", "grp=\\u202eA,B:AB", "C vs AB"), ("exclude", "grp=\\u202eA", "C vs B")],
)
def test_a_group_with_a_bidi_override_is_typed_as_the_page_shows_it(client, box, typed, says):
    url = upload(client, _bidi_frame().to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    form = _sent(mapping_form(page, protected=["6"], n_boot="200", bins_4=""))
    r = client.post(url, data={**form, box: typed})
    assert r.status_code == 303, _text(r.text)[-400:]
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 200, _text(done.text)[-400:]
    assert "has no group" not in _text(done.text) and says in _text(done.text)


# -- 3./4. a revision, a page or a length of many digits: refused, never a 500 ------------------
HUGE = ["9223372036854775808", "9" * 4301]


def test_a_threshold_form_with_a_huge_revision_is_a_stale_form_not_a_500(client):
    url = upload(client, make_frame(n=600).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    url = client.post(url, data=form).headers["location"]
    done = wait_done(client, url).text
    for rev in HUGE:
        r = client.post(url + "/thresholds", data={"csrf": csrf_of(done), "rev": rev})
        assert r.status_code == 409, (rev[:20], _text(r.text)[-300:])
        assert "changed in another tab" in _text(r.text)
    r = client.post(url + "/thresholds", data={"csrf": csrf_of(done), "rev": "1_0"})
    assert r.status_code == 400 and "is not a number" in _text(r.text)
    # the mapping form reads its revision alike
    draft = upload(client, make_frame(n=600).to_csv(index=False).encode()).headers["location"]
    page = client.get(draft).text
    for rev, status in [*((h, 409) for h in HUGE), (" 0", 400), ("٠", 400)]:
        r = client.post(draft, data=mapping_form(page, rev=rev, protected=["3"], bins_4=""))
        assert r.status_code == status, rev[:20]


@pytest.mark.parametrize("page", [*HUGE, "0" * 5000 + "1"])
def test_a_history_page_of_many_digits_is_a_page_not_a_500(client, page):
    r = client.get("/history", params={"page": page})
    assert r.status_code == 200 and "Traceback" not in r.text


def test_a_declared_length_of_many_digits_is_too_large_not_a_500(client):
    from tests.web.conftest import csrf_of as token_of

    token = token_of(client.get("/").text)
    for path in ("/upload", "/pick"):
        r = client.post(
            path,
            content=f"csrf={token}".encode(),
            headers={
                "content-type": "application/x-www-form-urlencoded",
                "content-length": "9" * 4301,
            },
        )
        assert r.status_code == 413, (path, r.status_code)


# -- 5. a data file removed or replaced before the run is the user's problem, not a 500 ----------
@pytest.mark.parametrize(
    ("change", "status", "says"),
    [("remove", 410, "does not exist"), ("latin1", 422, "not UTF-8")],
)
def test_a_data_file_gone_or_replaced_before_the_run_is_a_4xx(tmp_path, change, status, says):
    app = make_app(tmp_path)
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    path = folder / "feed.csv"
    path.write_bytes(make_frame(n=600).to_csv(index=False).encode())
    with _client(app) as client:
        home = client.get("/").text
        url = client.post("/pick", data={"csrf": csrf_of(home), "path": "feed.csv"})
        url = url.headers["location"]
        form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
        if change == "remove":
            path.unlink()
        else:
            frame = make_frame(n=600)
            frame["group"] = frame["group"].map({"A": "Ä", "B": "B"})
            path.write_bytes(frame.to_csv(index=False).encode("latin-1"))
        r = client.post(url, data=form)
        assert r.status_code == 303, _text(r.text)[-400:]
        done = wait_done(client, r.headers["location"])
        assert done.status_code == status, _text(done.text)[-400:]
        assert says in _text(done.text) and "internal error" not in _text(done.text)


# -- 6. missing values in a ticked attribute: the command line's words, not "a single group" ----
@pytest.mark.parametrize(
    ("label", "says"),
    [
        ([1, None] * 60, "60 missing value(s), first at x.parquet row 2"),
        ([1, 0] * 60, "60 missing group value(s), first at x.parquet row 2"),
    ],
)
def test_missing_values_of_a_ticked_attribute_are_said_as_the_cli_says(client, label, says):
    import io

    frame = pd.DataFrame({"label": label, "pred": [0, 1] * 60, "race": ["A", None] * 60})
    content = io.BytesIO()
    frame.to_parquet(content)
    url = upload(client, content.getvalue(), name="x.parquet").headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, protected=["2"], n_boot="200"))
    assert r.status_code == 303, _text(r.text)[-400:]
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 422
    text = _text(done.text)
    assert says in text and "single group" not in text
    assert "Fix: drop" in text


# -- 7. a cancelled upload: the one line in the log reaches a served log -------------------------
def test_a_cancelled_upload_is_logged_at_the_level_serve_shows(caplog):
    import asyncio
    import logging

    from starlette.requests import ClientDisconnect, Request

    from ethiclens.web._app import _client_gone

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/upload",
        "headers": [],
        "query_string": b"",
    }
    # `ethiclens serve` runs uvicorn at log level "warning" and sets no level of its own
    with caplog.at_level(logging.WARNING):
        response = asyncio.run(_client_gone(Request(scope), ClientDisconnect()))
    assert response.status_code == 400
    (line,) = [r for r in caplog.records if r.name == "ethiclens.web"]
    assert line.levelno >= logging.WARNING and not line.exc_info
    assert "the client left during POST /upload" in line.getMessage()


# -- 8. a SQLite database's config says the sqlite:/// form -------------------------------------
def test_the_config_of_a_sqlite_database_says_the_sqlite_url_form(tmp_path, monkeypatch):
    import sqlite3

    pytest.importorskip("sqlalchemy")
    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    make_frame(n=600).drop(columns=["age", "constant"]).to_sql("predictions", con, index=False)
    con.close()
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with _client(app) as client:
        token = csrf_of(client.get("/").text)
        data = {"csrf": token, "db": "WAREHOUSE_URL", "table": "predictions"}
        url = client.post("/database", data=data).headers["location"]
        r = client.post(url, data=mapping_form(client.get(url).text, n_boot="200"))
        wait_done(client, r.headers["location"])
        config = client.get(r.headers["location"] + "/download/config").text
    assert "export WAREHOUSE_URL='sqlite:///path/to/the-database.db' first" in config
    assert "postgresql" not in config and str(db) not in config


def test_the_config_of_another_database_says_its_own_url_form(monkeypatch):
    from ethiclens.web._portable import url_example

    monkeypatch.setenv("SOME_DB", "postgresql://me:secret@db.example/prod")
    assert url_example("SOME_DB") == "postgresql://user:password@host/db"
    monkeypatch.setenv("SOME_DB", "sqlite+pysqlite:////srv/x.db")
    assert url_example("SOME_DB") == "sqlite:///path/to/the-database.db"
    monkeypatch.delenv("SOME_DB")
    assert url_example("SOME_DB") == "postgresql+psycopg://user:password@host/db"


def test_the_docs_say_the_report_names_the_users_file_as_it_does(client):
    from pathlib import Path

    url = upload(client, make_frame(n=600).to_csv(index=False).encode(), name="loans.csv")
    url = url.headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], bins_4=""))
    wait_done(client, r.headers["location"])
    report = client.get(r.headers["location"] + "/download/json").json()
    assert report["data"]["provenance"]["dataset"] == "loans.csv"
    assert list(report["run"]["input"]["files"]) == ["loans.csv"]
    assert report["run"]["spec"]["target"]["file"] == "loans.csv"
    docs = " ".join((Path(__file__).parents[2] / "docs" / "web.md").read_text().split())
    assert "the server's path in the web app's report" not in docs
    assert "(your file's name, never the server's path)" in docs
    assert "`sqlite:///path/to/the-database.db` for a SQLite file" in docs


# -- 1./2. in a real browser: every listed file picked, a bidi column run ------------------------
@pytest.mark.slow
def test_odd_names_are_picked_and_run_in_chromium(tmp_path):
    browser = pytest.importorskip("tests.web.test_browser")
    if not (browser.CHROMIUM and browser.CHROMEDRIVER):
        pytest.skip("chromium/chromedriver not installed (make test installs them)")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    folder = tmp_path / "data"
    folder.mkdir()
    frame = _bidi_frame()
    for name in ODD_NAMES:
        (folder / name).write_bytes(frame.to_csv(index=False).encode())
    served = browser._serve(tmp_path)
    server = next(served)
    drivers = browser.driver.__wrapped__(tmp_path)
    driver = next(drivers)
    try:
        for i in range(len(ODD_NAMES)):
            driver.get(server)
            Select(driver.find_element(By.ID, "path")).select_by_index(i)
            driver.find_element(By.CSS_SELECTOR, "form[action='/pick'] button").click()
            wait = WebDriverWait(driver, 60)
            wait.until(ec.presence_of_element_located((By.ID, "mapping-form")))
        # the last file picked: its proposal, the bidi column included, runs as sent
        assert (
            "\\u2067pred" in Select(driver.find_element(By.ID, "y_pred")).first_selected_option.text
        )
        driver.find_element(By.ID, "prot_6").click()
        driver.find_element(By.ID, "run").click()
        word = WebDriverWait(driver, 400).until(
            ec.presence_of_element_located((By.ID, "verdict-word"))
        )
        assert word.text in ("FLAGGED", "INCONCLUSIVE", "NOT FLAGGED", "PASS"), word.text
    finally:
        next(drivers, None)
        next(served, None)


# -- round 19: a picked file replaced by a link out of the data folder is never read -------------
def _picked_and_run(client, folder):
    """(the audit's URL, its finished page) of feed.csv picked from ``folder`` and run."""
    home = client.get("/").text
    url = client.post("/pick", data={"csrf": csrf_of(home), "path": "feed.csv"})
    url = url.headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    return url, form


def test_a_picked_file_replaced_by_a_link_out_of_the_folder_is_refused(tmp_path):
    app = make_app(tmp_path)
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    outside = tmp_path / "outside.csv"
    outside.write_bytes(make_frame(n=600).to_csv(index=False).encode())
    path = folder / "feed.csv"
    path.write_bytes(outside.read_bytes())
    with _client(app) as client:
        url, form = _picked_and_run(client, folder)
        path.unlink()
        path.symlink_to(outside)
        r = client.post(url, data=form)
        assert r.status_code == 403, _text(r.text)[-400:]
        assert "only the files listed can be audited" in _text(r.text)
        # the same file run while inside, then linked out: its threshold view is refused
        path.unlink()
        path.write_bytes(outside.read_bytes())
        r = client.post(url, data=form)
        assert r.status_code == 303, _text(r.text)[-400:]
        done = wait_done(client, r.headers["location"]).text
        path.unlink()
        path.symlink_to(outside)
        r = client.post(r.headers["location"] + "/thresholds", data={"csrf": csrf_of(done)})
        assert r.status_code == 403, _text(r.text)[-400:]
        assert "only the files listed can be audited" in _text(r.text)


@pytest.mark.parametrize("n", ["9" * 4400, "9223372036854775808", "0", "00", "x", "-1"])
def test_a_monitor_store_number_of_many_digits_is_a_404_not_a_500(client, n):
    r = client.get(f"/monitoring/{n}")
    assert r.status_code == 404, (n[:20], _text(r.text)[-300:])
    assert "no such monitor store" in _text(r.text).lower()


# -- round 19: a group or a column whose name holds a line break is chosen as the page shows it --
def _newline_frame() -> pd.DataFrame:
    frame = make_frame(n=600).rename(columns={"pred": "pr\ned"})
    frame["grp"] = frame["group"].map({"A": "X\nY", "B": "B"})
    frame.loc[:100, "grp"] = "C"
    return frame


def _pred_option(page: str) -> str:
    """The y_pred select's option value for the column 'pr' line break 'ed'."""
    select = re.search(r'<select id="y_pred" name="y_pred"[^>]*>(.*?)</select>', page, re.S)
    (value,) = re.findall(r'<option value="(pr[^"]*ed)"', select.group(1))
    return value


def _browser_sent(form: dict) -> dict:
    """The form as a browser sends it: each value attribute unescaped, a line break as CR LF
    (HTML's form encoding)."""
    return {
        k: v.replace("\r\n", "\n").replace("\n", "\r\n") if isinstance(v, str) else v
        for k, v in _sent(form).items()
    }


@pytest.mark.parametrize(
    ("box", "typed", "says"),
    [
        ("merge", "grp=X\\nY,B:XB", "C vs XB"),
        ("exclude", "grp=X\\nY", "C vs B"),
        ("ref_6", "X\\nY", "C vs X"),
    ],
)
def test_a_group_with_a_line_break_is_typed_as_the_page_shows_it(client, box, typed, says):
    url = upload(client, _newline_frame().to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    assert '<option value="X\\nY">' in page  # the reference list offers the shown form
    fields = {"protected": ["6"], "n_boot": "200", "bins_4": "", "y_pred": _pred_option(page)}
    form = _browser_sent(mapping_form(page, **fields))
    r = client.post(url, data={**form, box: typed})
    assert r.status_code == 303, _text(r.text)[-400:]
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 200, _text(done.text)[-400:]
    assert "has no group" not in _text(done.text) and says in _text(done.text)


def test_a_column_with_a_line_break_is_chosen_by_its_option_value(client):
    url = upload(client, _newline_frame().to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    fields = {"protected": ["6"], "n_boot": "200", "bins_4": "", "y_pred": _pred_option(page)}
    form = _browser_sent(mapping_form(page, **fields))
    assert form["y_pred"] == "pr\\ned"  # offered in its shown form, which comes back as is
    refused = client.post(url, data={**form, "n_boot": "x"})
    assert refused.status_code == 422 and "not a column of this file" not in _text(refused.text)
    assert _sent(mapping_form(refused.text))["y_pred"] == "pr\\ned"  # still selected
    r = client.post(url, data={**form, "rev": mapping_form(refused.text)["rev"]})
    assert r.status_code == 303, _text(r.text)[-400:]
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 200 and "could not run" not in done.text
    report = client.get(r.headers["location"] + "/download/json").json()
    assert report["run"]["spec"]["roles"]["y_pred"] == ["pr\ned"]
