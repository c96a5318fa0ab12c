"""Round 16: a baseline window in which a group holds one label only (no negatives: no FPR
bound) is stored, its missing bound left out, not refused as 'came out not a number'."""

from __future__ import annotations

import json

from ethiclens.cli import main


def test_a_baseline_group_without_negatives_is_stored(tmp_path, capsys):
    rows = []
    for day in range(3):
        for i in range(40):
            g = "AB"[i % 2]
            y = 1 if (day == 0 and g == "B") else (i // 2) % 2
            rows.append(f"2024-01-0{day + 1}T{i % 24:02d}:00:00,{g},{y},{(i // 4) % 2}")
    path = tmp_path / "min.csv"
    path.write_text("t,g,y,p\n" + "\n".join(rows) + "\n")
    argv = ["monitor", str(path), "--time", "t", "--window", "1d", "--y-pred", "p", "--y-true",
            "y", "--protected", "g", "--n-boot", "100", "--store", str(tmp_path / "s"),
            "--baseline-windows", "1", "--json", str(tmp_path / "m.json")]  # fmt: skip
    assert main(argv) == 0, capsys.readouterr().err
    report = json.loads((tmp_path / "m.json").read_text())
    assert "not a number" not in json.dumps(report)
    assert main(argv) == 0, capsys.readouterr().err  # the store reads back
