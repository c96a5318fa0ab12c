"""Round 26: with --config, a reference group the data lacks is named by its whole key
(``roles.protected.g``), as the library names it, not cut to ``roles.protected``; a flag
still names --protected."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    rows = "".join(
        f"{i % 2},{i // 2 % 2},{i // 3 % 2},{'ab'[i % 2]},0.{i % 9 + 1}\n" for i in range(40)
    )
    path.write_text("y,p,q,g,s\n" + rows)
    return path


def _config(tmp_path, data, roles: str) -> str:
    path = tmp_path / "c.yaml"
    path.write_text(f"version: 1\ntarget:\n  file: {data}\nroles: {roles}\n")
    return str(path)


@pytest.mark.parametrize(
    "command, roles",
    [
        ("audit", "{y_true: y, y_pred: p, protected: {g: nosuch}}"),
        ("compare", "{y_true: y, y_pred: [p, q], protected: {g: nosuch}}"),
        ("thresholds", "{y_true: y, y_score: s, protected: {g: nosuch}}"),
    ],
)
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_config_reference_is_named_by_its_whole_key(
    tmp_path, data, capsys, command, roles, engine
):
    config = _config(tmp_path, data, roles)
    assert main([command, "--config", config, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "error: key 'roles.protected.g': unknown reference group of 'g'" in err, err


def test_a_flag_names_the_flag(data, capsys):
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g=nosuch"]
    assert main(argv) == 2
    assert "error: option '--protected': unknown reference group of 'g'" in capsys.readouterr().err
