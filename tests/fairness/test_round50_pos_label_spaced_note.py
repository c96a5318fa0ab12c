"""A positive label typed with spaces around it is named in the note as the column writes it
(round 50).

pos_label='y ' on labels written Y / y / N counts the column's 'y' rows (a typed label the
column does not hold as typed is matched stripped), yet the note said "only 'y ' is positive
... did you mean 'y '? 'Y' differs from it only in case or spaces: recode it as 'y '": a value
no row holds, and recoding 'Y' to 'y ' as told would have made 'y ' exact, turning every 'y'
row negative. The note now names 'y' on every face (arrays, a counts table, the command line).
"""

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import ethiclens
from ethiclens.cli import cli
from ethiclens.sources import Roles, counts_of

_RNG = np.random.default_rng(1)
_N = 300
_ROWS = pd.DataFrame(
    {
        "y": _RNG.choice(["Y", "y", "N"], _N),
        "p": _RNG.choice(["Y", "y", "N"], _N),
        "g": _RNG.choice(["a", "b"], _N),
    }
)
_SAID = "column 'y (y_true)': only 'y' is positive; the other values were all counted as negative"
_HINT = "did you mean 'y'? 'Y' differs from it only in case or spaces: recode it as 'y' in the data"


def _notes(face, tmp_path):
    if face == "arrays":
        result = ethiclens.audit(_ROWS.y, _ROWS.p, _ROWS.g, pos_label="y ", n_boot=100)
        return result.data["provenance"]["notes"]
    if face == "counts":
        table = counts_of(_ROWS, Roles(y_true="y", y_pred="p", protected=["g"]))
        return ethiclens.audit_counts(table, pos_label="y ", n_boot=100).data["provenance"]["notes"]
    data, out = tmp_path / "d.csv", tmp_path / "r.json"
    _ROWS.to_csv(data, index=False)
    args = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    args += ["--pos-label", "y ", "--engine", "pandas", "--n-boot", "100", "--json", str(out)]
    ran = CliRunner().invoke(cli, args)
    assert ran.exit_code == 0, ran.output
    return json.loads(out.read_text())["data"]["provenance"]["notes"]


@pytest.mark.parametrize("face", ["arrays", "counts", "cli"])
def test_the_note_names_the_label_as_the_column_writes_it(face, tmp_path):
    notes = _notes(face, tmp_path)
    said = [n for n in notes if n.startswith(_SAID)]
    assert said, notes
    assert _HINT in said[0]
    assert "'y '" not in said[0]


def test_a_label_the_column_holds_with_its_spaces_is_named_as_typed():
    labels = pd.Series(["y ", "Y", "N"] * 40)
    result = ethiclens.audit(labels, labels, pd.Series(["a", "b"] * 60), pos_label="y ", n_boot=100)
    notes = result.data["provenance"]["notes"]
    assert any("only 'y ' is positive" in n for n in notes), notes
