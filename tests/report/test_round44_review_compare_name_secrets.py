"""Round 44 review: a model comparison's JSON kept the password in a model's name
(compare(names=('postgresql://u:hunter2@h/db', 'B')): ``models.a`` held 'hunter2') where its
HTML report, notebook view and terminal mask it ('u:***@h'). Each name is now kept masked, as
provenance is, so every output of the comparison holds what its report shows."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
import ethiclens.sources  # noqa: F401 - imported at collection, not in the first test
from ethiclens.cli import main


def _data(n=200):
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "token=hunter2": rng.integers(0, 2, n),
            "g": np.array(["a", "b"])[np.arange(n) % 2],
        }
    )


@pytest.mark.parametrize(
    ("name", "shown"),
    [("postgresql://u:hunter2@h/db", "postgresql://u:***@h/db"), ("token=hunter2", "token=***")],
)
def test_compare_json_masks_a_models_password(name, shown, tmp_path):
    df = _data()
    comp = ethiclens.compare(
        df.y, df.p, df["token=hunter2"], df.g, n_boot=100, random_state=0, names=(name, "B")
    )
    assert json.loads(comp.to_json())["models"] == {"a": shown, "b": "B"}
    views = [comp.to_json(), repr(comp), comp._repr_html_(), str(comp.to_frame())]
    views.append(comp.to_html(tmp_path / "c.html").read_text())
    assert not [v for v in views if "hunter2" in v]


def test_cli_compare_refuses_a_prediction_column_named_with_a_password(tmp_path, capsys):
    _data().to_csv(tmp_path / "d.csv", index=False)
    out = tmp_path / "c.json"
    args = ["compare", str(tmp_path / "d.csv"), "--y-true", "y", "--protected", "g"]
    args += ["--y-pred", "token=hunter2", "--y-pred", "p", "--n-boot", "100", "--json", str(out)]
    # round 50: refused, as a group so named is; run, its JSON's run.spec.roles named the column
    # as read ('token=hunter2', to re-run it): the password written
    assert main(args) == 2
    said = capsys.readouterr()
    assert "the column's name holds a secret key's value" in said.err
    assert "hunter2" not in said.out + said.err and not out.exists()
