"""Round 38: `ethiclens monitor --config` whose file names no y_pred (or no protected
attribute) told the config-file user "option '--y-pred': is required ... --y-pred pred", a flag
they did not use, where `audit --config` names the key. The monitor now names the key and says
where it goes (the file, or the flag); without --config its words are the flag's, as before."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ROWS = "ts,g,y,p\n2024-03-01T00:00:00Z,A,1,1\n2024-03-01T01:00:00Z,B,0,1\n"
RUN = ["--time", "ts", "--window", "1d", "--store"]


@pytest.mark.parametrize(
    ("roles", "said"),
    [
        (
            "  y_true: y\n  protected: [g]\n",
            "error: key 'roles.y_pred': is required. Fix: name the prediction column: "
            "roles: {y_pred: pred} in c.yaml, or --y-pred pred",
        ),
        (
            "  y_true: y\n  y_pred: p\n",
            "error: key 'roles.protected': is required. Fix: name a protected attribute: "
            "roles: {protected: [race]} in c.yaml, or --protected race",
        ),
    ],
)
def test_a_config_without_a_role_is_told_its_key(tmp_path, monkeypatch, capsys, roles, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    (tmp_path / "c.yaml").write_text("target:\n  file: d.csv\nroles:\n" + roles)
    assert main(["monitor", "--config", "c.yaml", *RUN, "s.sqlite"]) == 2
    assert capsys.readouterr().err.strip() == said
    assert not (tmp_path / "s.sqlite").exists()


def test_flags_alone_keep_the_flags_words(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    assert main(["monitor", "d.csv", "--y-true", "y", *RUN, "s.sqlite"]) == 2
    err = capsys.readouterr().err.strip()
    assert (
        err
        == "error: option '--y-pred': is required. Fix: name the prediction column: --y-pred pred"
    )
