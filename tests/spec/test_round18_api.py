"""Tester round 18 (Python API): data given where a spec names a column (``ethiclens.audit(
"german", sample_weight=weights)``) is refused on one line, the array abbreviated; intersections
spelled as one name (``"s*t"``) are refused with a spelling that works, built from the real
attribute names, on every face that reads a spec."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.fixture
def folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(18)
    n = 200
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "s": rng.choice(["a", "b"], n),
            "t": rng.choice(["x", "y"], n),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


ROLES = {"y_true": "y", "y_pred": "p", "protected": ["s", "t"], "n_boot": 100}


def _refusal(call) -> str:
    with pytest.raises(EthicLensInputError) as info:
        call()
    text = str(info.value)
    assert "\n" not in text and "1., 1." not in text and len(text) < 400, text
    return text


@pytest.mark.parametrize(
    "keyword",
    ["sample_weight", "weight", "y_true", "y_pred", "y_score", "protected", "sensitive_features"],
)
@pytest.mark.parametrize(
    ("data", "words"),
    [
        (np.ones(300), "a numpy array of 300 values"),
        (pd.Series(np.ones(300)), "a pandas Series of 300 values"),
        (list(range(300)), "a list of 300 values"),
    ],
)
def test_data_where_a_dataset_takes_a_column_name(keyword, data, words):
    text = _refusal(lambda: ethiclens.audit("german", **{keyword: data}))
    assert text.startswith(f"argument {keyword!r}: must be a column name") or text.startswith(
        f"argument {keyword!r}: must be column names"
    )
    assert f"when the data is a dataset name, a file or a database, not {words}" in text
    assert "or pass arrays for all roles instead of a dataset name" in text
    lists = keyword in ("y_pred", "protected", "sensitive_features")
    column = "protected=" if keyword in ("protected", "sensitive_features") else f"{keyword}="
    assert f"Fix: name the column{'s' if lists else ''}: {column}" in text


def test_data_in_a_spec_call_and_run_is_refused_the_same():
    weights = np.ones(300)
    for call in (
        lambda: ethiclens.run("german", sample_weight=weights),
        lambda: AuditSpec.of("german", weight=weights),
        lambda: ethiclens.compare("german", pred_a=weights),
        lambda: ethiclens.threshold_table("german", y_score=weights.reshape(30, 10)),
    ):
        assert "not a numpy array of 300 values" in _refusal(call)


def test_column_names_still_pass():
    spec = AuditSpec.of("d.csv", y_true="y", y_pred=["p", "q"], protected=["s", "t"])
    assert spec.roles.y_pred == ("p", "q")
    assert AuditSpec.of("german", sample_weight="w").roles.weight == "w"


def test_an_array_for_any_other_key_is_abbreviated():
    text = _refusal(lambda: ethiclens.audit("german", pos_label=np.ones(300)))
    assert "not a numpy array of 300 values" in text and "value:" not in text
    text = _refusal(lambda: AuditSpec.from_dict({"policy": {"n_boot": np.arange(50.0)}}))
    assert "not a numpy array of 50 values" in text


@pytest.mark.parametrize("given", ["s*t", ["s*t"], "s&t", ["s & t"], "s,t", ["s", "t"]])
def test_intersections_as_one_name_suggest_the_attributes(folder, given):
    text = _refusal(lambda: ethiclens.audit("d.csv", intersections=given, **ROLES))
    assert text.startswith("argument 'intersections': ")
    assert text.endswith("Fix: intersections=[['s', 't']]")


def test_intersections_of_unknown_attributes_name_the_valid_ones(folder):
    text = _refusal(lambda: ethiclens.audit("d.csv", intersections=["q*r"], **ROLES))
    assert "'q', 'r' are not protected attributes" in text
    assert text.endswith(
        "Fix: cross two or more of the protected attributes (s, t): intersections=[['s', 't']]"
    )
    text = _refusal(lambda: ethiclens.audit("d.csv", intersections="s", **ROLES))
    assert text.endswith("(s, t): intersections=[['s', 't']]")


def test_a_benchmarks_attributes_are_its_own():
    text = _refusal(lambda: AuditSpec.of("german", intersections="sex*age"))
    assert text.endswith("Fix: intersections=[['sex', 'age']]")
    text = _refusal(lambda: AuditSpec.of("german", intersections=["race*sex"]))
    assert "'race' is not a protected attribute" in text
    assert text.endswith("(sex, age): intersections=[['sex', 'age']]")


def test_a_spec_file_is_told_its_own_spelling(folder):
    (folder / "spec.yaml").write_text(
        "target: {file: d.csv}\nroles: {y_true: y, y_pred: p, protected: [s, t], "
        "intersections: [s*t]}\n"
    )
    text = _refusal(lambda: AuditSpec.from_file(folder / "spec.yaml"))
    assert text.endswith("Fix: intersections: [[s, t]]")


def test_the_command_line_is_told_its_flag(folder, capsys):
    args = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "s"]
    assert main([*args, "--protected", "t", "--intersect", "s*t", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: option '--intersect': ")
    assert "(value: 's*t')" in err and err.endswith("Fix: --intersect s,t")
    assert "[['s*t']]" not in err
    assert main(["audit", "german", "--intersect", "q", "--n-boot", "100"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(
        "Fix: cross two or more of the protected attributes (sex, age): --intersect sex,age"
    )
