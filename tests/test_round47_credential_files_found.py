"""Round 47 (engines): a folder or glob target whose files lie in a folder named like a
password ('data/u:pw@h/d.csv', 'data/password=hunter2/d.csv') was audited and each file's path
written in clear in the JSON report's run.input.files (the fingerprint), though the same path
given as the target is refused. Every file a folder or glob resolves to is now checked by the
same rule, on every engine, before anything is written."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ROWS = "y,p,g\n" + "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 2]}\n" for i in range(40))


@pytest.mark.parametrize("folder", ["u:hunter2@h", "password=hunter2"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("shape", ["folder", "glob"])
def test_a_file_found_so_named_is_refused(tmp_path, capsys, folder, engine, shape):
    data = tmp_path / "data"
    (data / folder).mkdir(parents=True)
    (data / folder / "d.csv").write_text(ROWS)
    target = str(data) if shape == "folder" else f"{data}/*/d.csv"
    out = tmp_path / "r.json"
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(["audit", target, "--engine", engine, *roles, "--json", str(out)]) == 2
    said = capsys.readouterr()
    assert "the path's part" in said.err and "hunter2" not in said.err + said.out
    assert not out.exists()
