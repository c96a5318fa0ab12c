"""Tester round 17: the request a report records leaves its outputs out (re-running it to check
a signed report writes nothing), and a database named by --db-env is recorded by that name."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.spec import AuditSpec, recorded_request


@pytest.fixture
def folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(3)
    n = 900
    g = rng.choice(["A", "B"], n)
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": (rng.random(n) < np.where(g == "A", 0.5, 0.35)).astype(int),
            "race": g,
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race=A", "--n-boot", "100"]


def test_rerunning_the_recorded_request_rewrites_no_signed_file(folder, capsys):
    args = ["audit", "d.csv", *ROLES, "--json", "signed.json", "--html", "signed.html"]
    assert main([*args, "--model-card", "signed.md"]) == 0
    report = json.loads((folder / "signed.json").read_text())
    assert "outputs" not in report["run"]["spec"]  # docs/config.md: it leaves the outputs out
    (folder / "req.json").write_text(json.dumps(report["run"]["spec"]))
    signed = {p.name: p.read_bytes() for p in folder.glob("signed.*")}
    for p in folder.glob("signed.*"):
        p.write_bytes(b"signed")  # a later write would show
    capsys.readouterr()
    assert main(["audit", "--config", "req.json"]) == 0
    assert {p.name: p.read_bytes() for p in folder.glob("signed.*")} == dict.fromkeys(
        signed, b"signed"
    )
    # the record still gates against itself (outputs are never compared)
    (folder / "base.json").write_text(json.dumps(report))
    assert main(["audit", "--config", "req.json", "--baseline", "base.json"]) == 0


def test_the_json_and_the_html_record_one_request():
    spec = AuditSpec.of("d.csv", y_pred="p", protected=["g"]).replace(
        outputs={"json": "r.json", "html": "r.html"}
    )
    recorded = recorded_request(spec)
    assert "outputs" not in recorded and recorded == recorded_request({**recorded, "outputs": {}})
    assert AuditSpec.from_dict(recorded).outputs.json is None


def test_db_env_records_the_variable_not_the_url(folder, monkeypatch, capsys):
    # tester round 17: --db-env NAME wrote the database's absolute path into input.database
    import sqlite3

    with sqlite3.connect(folder / "secret_place.db") as con:
        pd.read_csv(folder / "d.csv").to_sql("preds", con, index=False)
    url = f"sqlite:///{folder / 'secret_place.db'}"
    monkeypatch.setenv("AUDIT_DB", url)
    args = ["audit", "--table", "preds", *ROLES]
    assert main([*args, "--db-env", "AUDIT_DB", "--json", "e.json", "--html", "e.html"]) == 0
    for name in ("e.json", "e.html"):
        assert "secret_place" not in (folder / name).read_text(), name
    by_env = json.loads((folder / "e.json").read_text())["run"]["input"]
    assert by_env["database"] == "AUDIT_DB"  # as the web app names it
    # --db (the URL on the command line) is named as before, and the two are one input
    assert main([*args, "--db", url, "--json", "u.json", "--baseline", "e.json"]) == 0
    assert "other input" not in capsys.readouterr().err
    by_url = json.loads((folder / "u.json").read_text())["run"]["input"]
    assert by_url["database"] == url and by_url["sha256"] == by_env["sha256"]
