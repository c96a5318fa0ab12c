"""End to end in a real browser (Debian's Chromium through Selenium, headless), against the real
``ethiclens serve`` in a subprocess: upload a CSV, confirm the proposed mapping, run, read
FLAGGED and the plain-words verdict, download the config and check that ``ethiclens audit
--config`` gives identical JSON. Saves the README's screenshots (docs/img/web-*.png)."""

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

from .conftest import make_frame

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER) and not os.environ.get("CI"),
    reason="chromium/chromedriver not installed (make test installs them)",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    yield from _serve(tmp_path)


@pytest.fixture
def db_server(tmp_path):
    import sqlite3

    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    frame = make_frame(6000).drop(columns=["age", "constant"])
    frame.rename(columns={"group": "race"}).to_sql("loans", con, index=False)
    con.close()
    env = {"WAREHOUSE_URL": f"sqlite:///{db}"}
    yield from _serve(tmp_path, ["--db-env", "WAREHOUSE_URL"], env)


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
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = [p for p in folder.iterdir() if p.name.endswith(suffix)]
        if found:
            return found[0]
        time.sleep(0.2)
    raise AssertionError(f"no {suffix} downloaded")


def test_upload_map_run_download_in_chromium(server, driver, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    from ethiclens.cli import main

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
    driver.find_element(By.ID, "dl-config").click()
    config = _wait_file(driver.downloads, ".yaml")
    driver.find_element(By.ID, "dl-json").click()
    web_json = _wait_file(driver.downloads, ".json")
    out = tmp_path / "cli.json"
    assert main(["audit", "--config", str(config), "--json", str(out)]) == 0
    web, cli = json.loads(web_json.read_text()), json.loads(out.read_text())
    for d in (web, cli):
        d["run"].pop("generated_at")
        d["run"]["spec"]["outputs"] = None
    assert web == cli


def _same_json_as_cli(driver, tmp_path, monkeypatch=None) -> None:
    from selenium.webdriver.common.by import By

    from ethiclens.cli import main

    for old in driver.downloads.iterdir():
        old.unlink()
    driver.find_element(By.ID, "dl-config").click()
    config = _wait_file(driver.downloads, ".yaml")
    driver.find_element(By.ID, "dl-json").click()
    web_json = _wait_file(driver.downloads, ".json")
    out = tmp_path / f"cli-{config.stem}.json"
    assert main(["audit", "--config", str(config), "--json", str(out)]) == 0
    web, cli = json.loads(web_json.read_text()), json.loads(out.read_text())
    for d in (web, cli):
        d["run"].pop("generated_at")
        d["run"]["spec"]["outputs"] = None
    assert web == cli


def test_benchmark_and_database_table_in_chromium(db_server, driver, tmp_path, monkeypatch):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    # a shipped benchmark
    driver.get(db_server)
    Select(driver.find_element(By.ID, "dataset")).select_by_visible_text("compas")
    driver.find_element(By.ID, "n_boot-b").send_keys("500")
    driver.find_element(By.CSS_SELECTOR, "#benchmark-form button").click()
    word = WebDriverWait(driver, 400).until(ec.presence_of_element_located((By.ID, "verdict-word")))
    assert word.text == "FLAGGED"
    assert "African-American is disadvantaged" in driver.find_element(By.ID, "lines").text
    _same_json_as_cli(driver, tmp_path)
    # a table of a database the server was started with (--db-env): only its name is shown
    driver.get(db_server)
    assert "WAREHOUSE_URL" in driver.page_source and "warehouse.db" not in driver.page_source
    driver.find_element(By.ID, "table").send_keys("loans")
    driver.find_element(By.CSS_SELECTOR, "#database-form button").click()
    WebDriverWait(driver, 120).until(ec.presence_of_element_located((By.ID, "mapping-form")))
    driver.find_element(By.CSS_SELECTOR, "details.card summary").click()  # the policy
    driver.find_element(By.ID, "n_boot").send_keys("500")
    driver.find_element(By.ID, "run").click()
    word = WebDriverWait(driver, 400).until(ec.presence_of_element_located((By.ID, "verdict-word")))
    assert word.text == "FLAGGED"
    assert "race: B vs A" in driver.find_element(By.ID, "lines").text
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{tmp_path / 'warehouse.db'}")
    _same_json_as_cli(driver, tmp_path)
