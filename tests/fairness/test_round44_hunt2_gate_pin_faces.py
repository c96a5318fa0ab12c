"""Round 44 (second-wave hunt): a baseline of another reference group was refused with a fix
in the command line's flags on every face: AuditResult.gate(baseline=...) in Python said
'--protected g=a in place of --protected g', ethiclens.audit(..., baseline=) 'protected g=a
in place of protected g', a config file's user 'roles.protected g=a in place of
roles.protected g (in a config file: ...)' (flags renamed into keys). Each face now gets its
words: Python's keyword (and a config file's key), the command line's flags (and the key);
an intersection's pins alike."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = ["--y-true", "y", "--y-pred", "p", "--n-boot", "100"]


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    root = tmp_path_factory.mktemp("pinfaces")
    rng = np.random.default_rng(0)
    n = 600
    g = rng.choice(["a", "b", "b"], n)  # b the largest: the default reference
    frame = pd.DataFrame({"g": g, "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)})
    frame.to_csv(root / "d.csv", index=False)
    assert main(["audit", str(root / "d.csv"), *ROLES, "--protected", "g=a", "--json",
                 str(root / "b.json")]) == 0  # fmt: skip
    return root


def test_python_is_told_the_keyword(place):
    result = ethiclens.audit(str(place / "d.csv"), y_true="y", y_pred="p", protected=["g"],
                             n_boot=100)  # fmt: skip
    for call in (
        lambda: result.gate(baseline=str(place / "b.json")),
        lambda: ethiclens.audit(
            str(place / "d.csv"),
            y_true="y",
            y_pred="p",
            protected=["g"],
            n_boot=100,
            baseline=str(place / "b.json"),
        ),  # fmt: skip
    ):
        with pytest.raises(EthicLensInputError) as info:
            call()
        said = str(info.value)
        assert "Fix: pin the baseline's reference group: protected=['g=a'] in Python" in said
        assert "--protected" not in said and "protected g" not in said


def test_the_command_line_and_a_config_file_are_told_theirs(place, capsys):
    base = str(place / "b.json")
    capsys.readouterr()
    assert (
        main(["audit", str(place / "d.csv"), *ROLES, "--protected", "g", "--baseline", base]) == 2
    )
    err = capsys.readouterr().err
    assert "--protected g=a in place of --protected g on the command line" in err
    config = place / "c.yaml"
    config.write_text(
        f"version: 1\ntarget: {{file: {place / 'd.csv'}}}\n"
        "roles: {y_true: y, y_pred: p, protected: [g]}\npolicy: {n_boot: 100}\n"
        f"gate: {{baseline: {base}}}\n"
    )
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert "roles.protected g=a in place of" not in err  # no flag renamed into the key's words
    assert "(in a config file: roles.protected ['g=a'])" in err
