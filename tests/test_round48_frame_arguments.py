"""API battery leftovers: an exported helper given None, a set or a frame where its frame,
roles, mapping, flag or spec is read is refused naming the argument (EthicLensInputError),
never an AttributeError/TypeError from inside; read_csv_file given no file ('', a folder, a
missing one) is refused as every reader refuses it, never pandas' FileNotFoundError."""

import pandas as pd
import pytest

from ethiclens import io, monitor, sources, spec
from ethiclens.errors import DataFileError, EthicLensInputError
from ethiclens.sources import Roles

ROLES = Roles(y_true="y", y_pred="p", protected=["g"])
ROWS = pd.DataFrame({"y": [0], "p": [1], "g": ["a"]})

CASES = {
    "refuse_repeated_header": (lambda: io.refuse_repeated_header(None, ["a.csv"]), "frame"),
    "require_columns": (lambda: io.require_columns(None, ["a"], "d.csv"), "frame"),
    "refuse_repeated_files": (lambda: io.refuse_repeated_files(None, "d"), "files"),
    "stray_labels_rows": (lambda: sources.refuse_stray_labels(None, ROLES, "d.csv"), "rows"),
    "stray_labels_roles": (lambda: sources.refuse_stray_labels(ROWS, None, "d.csv"), "roles"),
    "missing_code_notes": (lambda: monitor.missing_code_notes({1, 2}), "groups"),
    "evidence_labels": (lambda: monitor.Evidence(labels=pd.DataFrame()), "labels"),
    "edit_attribute": (lambda: spec.edit_attribute(None), "item"),
    "write_outputs": (lambda: spec.write_outputs(None, None, "audit"), "spec"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_refused_by_the_argument_name(case):
    call, name = CASES[case]
    with pytest.raises(EthicLensInputError, match=f"^argument '{name}': must be"):
        call()


@pytest.mark.parametrize("path", ["", "{tmp}", "{tmp}/missing.csv"])
def test_read_csv_file_of_no_file(tmp_path, path):
    with pytest.raises(DataFileError, match="does not exist|a folder, not a file"):
        sources.read_csv_file(path.format(tmp=tmp_path), ["a"])


def test_valid_calls_answer_as_before(tmp_path):
    (tmp_path / "d.csv").write_text("a,b\n1,2\n")
    assert list(sources.read_csv_file(tmp_path / "d.csv", ["a"]).columns) == ["a"]
    assert monitor.missing_code_notes({"g": ["a"]}) == []
    assert spec.edit_attribute("race=a,b") == ("race", "race", "a,b")
    io.require_columns(ROWS, ["g"], "d.csv")


def test_read_csv_file_takes_its_columns_as_a_tuple(tmp_path):
    # review of 5d7cdec9: its guard takes a list or a tuple; a tuple was one key (KeyError)
    (tmp_path / "d.csv").write_text("a,b\n1,2\n")
    assert list(sources.read_csv_file(tmp_path / "d.csv", ("a", "b")).columns) == ["a", "b"]
