"""Round 34 review: ``spec.save(path)`` that cannot write its file names its argument
``path`` in Python, as the CLI names ``--save-config`` (was an unnamed "output nodir/s.yaml:
folder nodir does not exist"); the command line's words are unchanged."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "where,said",
    [
        ("nodir/s.yaml", "folder {tmp}/nodir does not exist"),
        ("f.csv/s.yaml", "{tmp}/f.csv is a file, not a folder"),
    ],
)
def test_python_names_its_argument(tmp_path, where, said):
    (tmp_path / "f.csv").write_text("a\n1\n", encoding="utf-8")
    path = tmp_path / where
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.AuditSpec.of("compas").save(path)
    said = f"argument 'path': output {path}: " + said.format(tmp=tmp_path)
    assert str(info.value).startswith(said) and info.value.kind == "argument"
    assert not path.exists()


def test_the_command_line_keeps_its_words(tmp_path, capsys):
    path = tmp_path / "nodir" / "s.yaml"
    assert main(["audit", "compas", "--n-boot", "100", "--save-config", str(path)]) == 2
    assert capsys.readouterr().err.startswith(
        f"error: option '--save-config': output {path}: folder {path.parent} does not exist"
    )


def test_a_write_that_fails_late_names_the_flag(tmp_path, capsys, monkeypatch):
    # the folder checked before the run, gone when the file is written: named by its flag
    import ethiclens.io as io

    real = io.write_atomic

    def gone(path, text):
        return real(tmp_path / "gone" / "s.yaml", text)

    monkeypatch.setattr(io, "write_atomic", gone)
    path = tmp_path / "s.yaml"
    assert main(["audit", "compas", "--n-boot", "100", "--save-config", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: option '--save-config': output ")
