"""Round 30 (spec): a path holding a NUL character (``target.file: "d\\0.csv"`` in a config
file, ``AuditSpec.of("d\\x00.csv")``, ``spec.save("a\\x00.yaml")``) is refused when the spec is
made, naming the key or argument, exit 2 on the command line: never a ValueError traceback
("embedded null byte") from the first look at the file."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

PATH_KEYS = {
    "target": ["file", "counts"],
    "gate": ["baseline"],
    "model": ["card_info"],
    "outputs": ["json", "html", "model_card", "pdf", "csv", "plot"],
}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(30)
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, 300),
            "p": rng.integers(0, 2, 300),
            "g": rng.choice(["a", "b"], 300),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("key", [f"{s}.{k}" for s, keys in PATH_KEYS.items() for k in keys])
def test_a_config_file_path_with_nul_is_one_line(key, folder, capsys):
    section, name = key.split(".")
    target = "" if section == "target" else "target: {file: d.csv}\n"
    text = f'version: 1\n{target}{section}: {{{name}: "x\\0.json"}}\n'
    text += "roles: {y_true: y, y_pred: p, protected: g}\npolicy: {n_boot: 100}\n"
    (folder / "c.yaml").write_text(text)
    before = sorted(p.name for p in folder.iterdir())
    assert main(["audit", "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: key '{key}': ") and "NUL" in err, err
    assert len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in folder.iterdir()) == before


def test_python_faces_refuse_a_path_with_nul(folder):
    for call in (
        lambda: AuditSpec.of("d\x00.csv"),
        lambda: ethiclens.run("d\x00.csv", y_true="y", y_pred="p", protected="g"),
        lambda: AuditSpec.from_file("a\x00.yaml"),
        lambda: AuditSpec.of("compas").save("a\x00.yaml"),
    ):
        with pytest.raises(EthicLensInputError, match="NUL"):
            call()
