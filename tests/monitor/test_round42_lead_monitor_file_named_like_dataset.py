"""Round 42: a folder named like a registered dataset (``compas`` in the current folder) is the
folder to the monitor, which reads files only. Since round 42 the audit refuses such a bare name
as both a dataset and a file; the monitor took up that refusal, whose fix offered the dataset
route the monitor does not accept."""

from __future__ import annotations

import json

from .conftest import run_cli


def test_the_monitor_reads_a_folder_named_like_a_dataset(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rows = [(f"2026-01-0{1 + i // 4}T00:00:00Z", "AB"[i % 2], i % 2) for i in range(12)]
    (tmp_path / "compas").mkdir()  # a folder of files, as a growing feed is
    (tmp_path / "compas" / "day.csv").write_text(
        "ts,g,p\n" + "".join(f"{t},{g},{p}\n" for t, g, p in rows)
    )
    rc, _, err = run_cli(capsys, "monitor", "compas", "--time", "ts", "--window", "1d",
                         "--y-pred", "p", "--protected", "g=A", "--store", "s.sqlite",
                         "--json", "out.json")  # fmt: skip
    assert rc == 0, err
    doc = json.loads((tmp_path / "out.json").read_text())
    assert sum(w["rows"] for w in doc["windows"]) == 12
