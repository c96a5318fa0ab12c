"""End to end in a real browser (Debian's Chromium through Selenium, headless), against the real
``ethiclens serve`` in a subprocess: upload a CSV, confirm the proposed mapping, run, read
FLAGGED and the plain-words verdict, download the config and check that ``ethiclens audit
--config``, run in the folder holding the user's file, gives identical JSON; the same with
model B's file uploaded from the mapping screen, for a benchmark, and for a PostgreSQL table
(``serve --db URL``: no page or download shows the password). Saves the README's screenshots
(docs/img/web-*.png)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.sources.conftest import PG_PASSWORD

from .conftest import assert_same_json, cli_json, make_frame

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (CHROMIUM and CHROMEDRIVER) and not os.environ.get("CI"),
        reason="chromium/chromedriver not installed (make test installs them)",
    ),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    yield from _serve(tmp_path)


@pytest.fixture
def pg_server(tmp_path, postgres_url):
    """The server started with ``--db URL`` of the tests' throw-away PostgreSQL, which holds
    the table ``web_browser_loans``."""
    sa = pytest.importorskip("sqlalchemy")
    pytest.importorskip("psycopg")
    engine = sa.create_engine(postgres_url)
    frame = make_frame(6000).drop(columns=["age", "constant"]).rename(columns={"group": "race"})
    frame.to_sql("web_browser_loans", engine, index=False, if_exists="replace")
    engine.dispose()
    yield from _serve(tmp_path, ["--db", postgres_url])


def _serve(tmp_path, args=(), env=None):
    """``ethiclens serve`` in a subprocess on a free port; yields its address."""
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    argv = [sys.executable, "-m", "ethiclens", "serve", "--port", str(port)]
    argv += ["--data-dir", str(tmp_path / "data"), "--workers", "1", *args]
    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.time() + 180
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(proc.stdout.read()) from None
            time.sleep(0.2)
    else:
        proc.kill()
        raise AssertionError("the server did not start")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    assert PG_PASSWORD not in proc.stdout.read()  # nor in anything the server printed


@pytest.fixture
def driver(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--window-size=1280,1000",
    ):
        options.add_argument(flag)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    drv.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    drv.downloads = downloads
    yield drv
    drv.quit()


def _shot(driver, name: str) -> None:
    out = ROOT / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.body.scrollHeight")
    driver.set_window_size(1280, min(max(height, 700), 2400))
    assert driver.save_screenshot(str(out / name))


def _wait_file(folder: Path, suffix: str, timeout=120) -> Path:
    # Chromium may show the final name before it has written the bytes: wait until the file
    # has some and their count held still for one poll
    deadline, last = time.time() + timeout, None
    while time.time() < deadline:
        found = [p for p in folder.iterdir() if p.name.endswith(suffix)]
        size = found[0].stat().st_size if found else 0
        if size and size == last:
            return found[0]
        last = size or None
        time.sleep(0.2)
    raise AssertionError(f"no {suffix} downloaded")


def test_upload_map_run_download_in_chromium(server, driver, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    data = tmp_path / "loan-decisions.csv"
    frame = make_frame(6000).rename(columns={"group": "sex"})
    frame["sex"] = frame["sex"].map({"A": "Male", "B": "Female"})
    frame.drop(columns=["constant"]).to_csv(data, index=False)

    driver.get(server)
    assert "Audit a model" in driver.find_element(By.TAG_NAME, "h1").text
    _shot(driver, "web-data.png")
    driver.find_element(By.ID, "file").send_keys(str(data))
    driver.find_element(By.CSS_SELECTOR, "#upload-form button").click()
    WebDriverWait(driver, 120).until(ec.presence_of_element_located((By.ID, "mapping-form")))
    assert "proposed these roles" in driver.page_source
    _shot(driver, "web-mapping.png")
    driver.find_element(By.ID, "run").click()
    word = WebDriverWait(driver, 400).until(ec.presence_of_element_located((By.ID, "verdict-word")))
    assert word.text == "FLAGGED"
    plain = driver.find_element(By.ID, "plain").text
    assert "treated differently" in plain and "sex:Female" in plain
    assert "Female is disadvantaged" in driver.find_element(By.ID, "lines").text
    # the library's report, embedded
    frame_el = driver.find_element(By.CSS_SELECTOR, "iframe.report")
    driver.switch_to.frame(frame_el)
    assert "Female" in driver.find_element(By.TAG_NAME, "body").text
    driver.switch_to.default_content()
    _shot(driver, "web-result.png")
    # nothing outside this server was asked for, and no console errors
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert errors == []
    asked = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg["method"] == "Network.requestWillBeSent":
            asked.append(msg["params"]["request"]["url"])
    asked = [u for u in asked if not u.startswith("chrome://")]  # the browser's own pages
    assert asked and all(u.startswith((server, "data:", "about:")) for u in asked), asked
    # downloads: the PDF, the config and the JSON, as a user gets them
    from ethiclens.web._portable import pdf_available

    if pdf_available():
        driver.find_element(By.ID, "dl-pdf").click()
        pdf = _wait_file(driver.downloads, ".pdf")
        assert pdf.read_bytes().startswith(b"%PDF")
    # the config names the user's file: run in the folder holding it, it gives the same JSON
    _same_json_as_cli(driver, tmp_path, {"loan-decisions.csv": data.read_bytes()})
    _model_b_from_a_second_upload(driver, server, tmp_path, frame.drop(columns=["constant"]))


def _model_b_from_a_second_upload(driver, server, tmp_path, frame) -> None:
    """Model A's file, then model B's from the mapping screen: compared, and reproduced by
    ``ethiclens compare`` from the downloaded config and joined table."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    model_a, model_b = tmp_path / "model-a.csv", tmp_path / "model-b.csv"
    frame.to_csv(model_a, index=False)
    frame.assign(pred=frame["pred"].where(frame.index % 4 != 0, 1 - frame["pred"])).to_csv(
        model_b, index=False
    )
    driver.get(server)
    driver.find_element(By.ID, "file").send_keys(str(model_a))
    driver.find_element(By.CSS_SELECTOR, "#upload-form button").click()
    WebDriverWait(driver, 120).until(ec.presence_of_element_located((By.ID, "model-b-form")))
    driver.find_element(By.ID, "file-b").send_keys(str(model_b))
    driver.find_element(By.ID, "upload-b").click()
    WebDriverWait(driver, 120).until(ec.url_contains("mapping?b="))
    chosen = driver.find_element(By.CSS_SELECTOR, "#model_b option:checked").text
    assert chosen == "model-b.csv: pred"
    driver.find_element(By.CSS_SELECTOR, "details.card summary").click()  # the policy
    driver.find_element(By.ID, "n_boot").send_keys("500")
    driver.find_element(By.ID, "run").click()
    WebDriverWait(driver, 400).until(ec.presence_of_element_located((By.ID, "verdict-word")))
    assert "model B (model-b)" in driver.find_element(By.ID, "lines").text
    for old in driver.downloads.iterdir():
        old.unlink()
    driver.find_element(By.ID, "dl-table").click()
    table = _wait_file(driver.downloads, "model-a-vs-model-b.csv")
    _same_json_as_cli(driver, tmp_path, {table.name: table.read_bytes()}, "compare")


def _same_json_as_cli(driver, tmp_path, files=None, command="audit", database=None) -> None:
    """The downloaded config, run by the CLI in a folder holding ``files`` (the user's data
    under their own names), gives the downloaded JSON; ``database``: (the variable, its URL)
    of a database, which the web app names by its variable, the CLI by its masked URL."""
    from selenium.webdriver.common.by import By

    for old in driver.downloads.iterdir():
        old.unlink()
    driver.find_element(By.ID, "dl-config").click()
    config = _wait_file(driver.downloads, ".yaml")
    driver.find_element(By.ID, "dl-json").click()
    web_json = _wait_file(driver.downloads, ".json")
    folder = tmp_path / f"cli-{config.stem}"
    cli = cli_json(folder, config.read_text(), files, command)
    if database is not None:
        from ethiclens.sources import mask_url

        name, url = database
        cli = json.loads(json.dumps(cli).replace(mask_url(url), name))
    assert_same_json(json.loads(web_json.read_text()), cli)


def test_benchmark_in_chromium(server, driver, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver.get(server)
    Select(driver.find_element(By.ID, "dataset")).select_by_visible_text("compas")
    driver.find_element(By.ID, "n_boot-b").send_keys("500")
    driver.find_element(By.CSS_SELECTOR, "#benchmark-form button").click()
    word = WebDriverWait(driver, 400).until(ec.presence_of_element_located((By.ID, "verdict-word")))
    assert word.text == "FLAGGED"
    assert "African-American is disadvantaged" in driver.find_element(By.ID, "lines").text
    _same_json_as_cli(driver, tmp_path)


def test_a_postgresql_table_in_chromium(pg_server, driver, tmp_path, monkeypatch, postgres_url):
    """A table of the database given by ``--db URL``: the browser sees the name the server
    gave the URL (ETHICLENS_DB_1), never the password, on any page, report or download."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    seen = []
    driver.get(pg_server)
    seen.append(driver.page_source)
    assert "ETHICLENS_DB_1" in driver.page_source
    driver.find_element(By.ID, "table").send_keys("web_browser_loans")
    driver.find_element(By.CSS_SELECTOR, "#database-form button").click()
    WebDriverWait(driver, 120).until(ec.presence_of_element_located((By.ID, "mapping-form")))
    seen.append(driver.page_source)
    driver.find_element(By.CSS_SELECTOR, "details.card summary").click()  # the policy
    driver.find_element(By.ID, "n_boot").send_keys("500")
    driver.find_element(By.ID, "run").click()
    word = WebDriverWait(driver, 400).until(ec.presence_of_element_located((By.ID, "verdict-word")))
    assert word.text == "FLAGGED"
    assert "race: B vs A" in driver.find_element(By.ID, "lines").text
    seen.append(driver.page_source)
    driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, "iframe.report"))
    seen.append(driver.page_source)  # the library's report
    driver.switch_to.default_content()
    audit = driver.current_url
    for url in ("history", "monitoring"):
        driver.get(pg_server + url)
        seen.append(driver.page_source)
    driver.get(audit)
    assert not [text for text in seen if PG_PASSWORD in text]
    monkeypatch.setenv("ETHICLENS_DB_1", postgres_url)  # what the config's comment asks for
    _same_json_as_cli(driver, tmp_path, database=("ETHICLENS_DB_1", postgres_url))
    config = next(driver.downloads.glob("*.yaml")).read_text()
    assert "db_env: ETHICLENS_DB_1" in config and "export ETHICLENS_DB_1=" in config
