"""Round 44 (lead, from the report review): a password in a model's text (``--model-name
postgresql://u:hunter2@h/db``) was masked in the card and the HTML but written as typed in the
JSON's ``run.spec`` and in a saved config. Every file that records the request masks it now
(``to_dict(mask=True)``, ``to_config``: ``save``, ``--save-config``, the web's config)."""

from __future__ import annotations

import json

from ethiclens.cli import main
from ethiclens.spec import AuditSpec

SECRET_NAME = "postgresql://u:hunter2@h/db"


def test_the_json_and_the_saved_config_never_hold_the_models_password(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n" + "1,1,a\n0,1,b\n1,0,a\n0,0,b\n" * 10)
    out, saved = tmp_path / "o.json", tmp_path / "s.yaml"
    args = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    args += ["--model-name", SECRET_NAME, "--model-version", "token=hunter2", "--n-boot", "100"]
    assert main([*args, "--json", str(out), "--save-config", str(saved)]) == 0
    printed = capsys.readouterr()
    for text in (out.read_text(), saved.read_text(), printed.out + printed.err):
        assert "hunter2" not in text
    model = json.loads(out.read_text())["run"]["spec"]["model"]
    assert model["name"] == "postgresql://u:***@h/db"


def test_a_spec_keeps_the_name_as_given_and_masks_it_where_it_is_written():
    spec = AuditSpec.from_dict({"model": {"name": SECRET_NAME, "intended_use": "password=hunter2"}})
    assert spec.model.name == SECRET_NAME  # the run's own, as given
    assert spec.to_dict()["model"]["name"] == SECRET_NAME
    for data in (spec.to_dict(mask=True), spec.to_config(), spec.to_config("thresholds")):
        assert "hunter2" not in json.dumps(data)


def test_a_configs_data_never_holds_the_databases_password():
    """Round 44 (the lead's review): to_config() returned target.db with its password; save
    refuses such a spec first, but the data a config holds is never to carry one."""
    spec = AuditSpec.of(db="postgresql://u:hunter2@h/db", table="t")
    assert spec.to_config()["target"]["db"] == "postgresql://u:***@h/db"
    plain = AuditSpec.of(db="sqlite:///x.db", table="t")
    assert plain.to_config()["target"] == {"db": "sqlite:///x.db", "table": "t"}
