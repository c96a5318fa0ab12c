"""Round 46: a comparison's own config did not state the group edits both its audits made
(``exclude_groups``, ``merge_groups``, ``intersections``): a rerun from the comparison's
recorded config audited other groups. They are now stated as done (the audits' own config),
as the threshold view states them; absent when none was asked for (outputs unchanged)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

import ethiclens as el
from ethiclens.cli import main
from ethiclens.report._schema import validate_comparison

EDITS = ("intersections", "exclude_groups", "merge_groups")


def _data(n=900):
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(
        {
            "g": rng.choice(["a", "b", "<c>", "d"], n),
            "h": rng.choice(["x", "y"], n),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
        }
    )
    frame["q"] = np.where(rng.random(n) < 0.2, 1 - frame["p"], frame["p"])
    return frame


def _compare(frame, **edits):
    return el.compare(
        frame["y"], frame["p"], frame["q"], frame[["g", "h"]], n_boot=100, random_state=5, **edits
    )


def test_the_comparison_states_its_group_edits_and_reruns_from_them():
    frame = _data()
    given = {
        "exclude_groups": {"g": ["d"]},
        "merge_groups": {"g": {"ab": ["a", "b"]}},
        "intersections": [("g", "h")],
    }
    comp = _compare(frame, **given)
    config = comp.to_dict()["config"]
    for key in EDITS:
        assert config[key] == comp.audit_a.config[key] == comp.audit_b.config[key]
    assert config["exclude_groups"] == {"g": ["d"]}
    assert config["merge_groups"] == {"g": {"ab": ["a", "b"]}}
    assert config["intersections"] == [["g", "h"]]
    validate_comparison(comp.to_dict())
    again = _compare(frame, **{k: config[k] for k in EDITS})  # a rerun from the record
    assert again.to_dict()["differences"] == comp.to_dict()["differences"]
    comp.config["exclude_groups"]["g"].append("x")  # its own copy, not the audit's
    assert comp.audit_a.config["exclude_groups"] == {"g": ["d"]}


def test_no_edit_leaves_the_config_as_before():
    config = _compare(_data()).to_dict()["config"]
    assert not set(EDITS) & set(config)


def test_the_command_line_comparison_states_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _data().to_csv("d.csv", index=False)
    argv = ["compare", "d.csv", "--y-true", "y", "--y-pred", "p", "--y-pred", "q"]
    argv += ["--protected", "g", "--exclude-group", "g=d", "--n-boot", "100", "--seed", "1"]
    assert main([*argv, "--json", "c.json"]) == 0
    config = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))["config"]
    assert config["exclude_groups"] == {"g": ["d"]} and config["merge_groups"] == {}
