"""Load (slow): 20 users audit 100,000-row files at once through the real server (2 worker
processes); every audit finishes, each result equals the library's for the same request (the
config the page offers), and the server's memory stays bounded. Prints p50/p95 and peak RSS."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bench_web import run  # noqa: E402

from .conftest import assert_same_json  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore:Using `httpx`")]


def test_twenty_users_at_once(tmp_path, capsys, monkeypatch):
    from ethiclens.spec import AuditSpec, run_audit

    out = run(rows=100_000, users=20, workers=2, folder=tmp_path)
    results = out["results"]
    assert [r["word"] for r in results] == ["FLAGGED"] * 20, [r["page"] for r in results]
    monkeypatch.chdir(tmp_path)  # the config names each user's file: run where it is
    for r in results:
        spec = AuditSpec.from_dict(yaml.safe_load(r["config"]))
        assert_same_json(json.loads(r["json"]), json.loads(run_audit(spec).to_json()))
    assert out["peak_rss_mb"] < 1536
    with capsys.disabled():
        print(
            f"\nload: 20 users x 100,000 rows, 2 workers: p50 {out['p50']:.1f} s, p95 "
            f"{out['p95']:.1f} s, max {out['max']:.1f} s; peak RSS {out['peak_rss_mb']:.0f} MB"
        )
