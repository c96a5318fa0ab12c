"""Round 26: the run record's request re-runs to the same numbers when it names a group with
an invisible character (a zero-width space, a bidi mark). The page shows such a character as
an escape (``\\u200b``); inside YAML's plain text that escape read back as six characters, so
the saved request named a group the data lacks and was refused. Such a request is now printed
as JSON (which YAML reads), where the escape is the character itself."""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pandas as pd

from ethiclens.cli import main


def _request(page: str) -> str:
    return html.unescape(re.search(r"<pre class='spec'>(.*?)</pre>", page, re.S).group(1))


def test_a_request_naming_an_invisible_character_reruns(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    n = 900
    groups = rng.choice(["a", "zw\u200bj", "\u202eRTL\u202c", "plain"], n)
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": groups})
    frame.to_csv("d.csv", index=False)
    argv = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--n-boot", "100"]
    argv += ["--protected", "g=\u202eRTL\u202c", "--exclude-group", "g=zw\u200bj"]
    assert main([*argv, "--html", "r.html", "--json", "r.json"]) == 0
    saved = _request((tmp_path / "r.html").read_text(encoding="utf-8"))
    assert "\\u200b" in saved and "\u200b" not in saved  # shown, never invisible
    (tmp_path / "audit.yaml").write_text(saved, encoding="utf-8")
    assert main(["audit", "--config", "audit.yaml", "--json", "check.json"]) == 0
    first, again = (json.loads((tmp_path / f).read_text()) for f in ("r.json", "check.json"))
    assert first["comparisons"] == again["comparisons"]


def test_a_plain_request_stays_yaml(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(1)
    n = 600
    frame = pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": rng.choice(["é", "b"], n)}
    )
    frame.to_csv("d.csv", index=False)
    argv = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--n-boot", "100", "--html", "r.html"]) == 0
    saved = _request((tmp_path / "r.html").read_text(encoding="utf-8"))
    assert saved.startswith("version: 1\ntarget:") and "{" not in saved.splitlines()[0]
