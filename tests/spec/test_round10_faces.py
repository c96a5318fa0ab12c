"""Each face names a refusal in its own words (round 10): a misspelt benchmark is named as the
CLI's TARGET, a config file's key or the Python argument, with the near miss; a fix names the
key of a config file, not the flag; a YAML number where text is asked says to quote it; a
P2NIA release from Python names release()'s arguments; a value that is not a number is named
with its line."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import p2nia
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _error(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def _rows(tmp_path, n=400):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "s": rng.random(n),
            "g": rng.choice(["a", "b"], n),
        }
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return frame, path


def test_a_misspelt_benchmark_is_named_by_each_face_with_the_near_miss(tmp_path, capsys):
    assert _error(capsys, "audit", "compass").startswith(
        "error: argument 'TARGET': unknown dataset or file (value: 'compass'). Fix: did you "
        "mean 'compas'?"
    )
    config = tmp_path / "a.yaml"
    config.write_text("version: 1\ntarget:\n  dataset: compass\n")
    said = _error(capsys, "audit", "--config", config)
    assert said.startswith("error: key 'target.dataset': unknown dataset (value: 'compass')")
    assert "did you mean 'compas'?" in said
    for call in (ethiclens.run, ethiclens.audit, ethiclens.threshold_table):
        with pytest.raises(EthicLensInputError) as err:
            call("compass")
        assert str(err.value).startswith("argument 'spec': unknown dataset or file")
        assert "did you mean 'compas'?" in str(err.value)
    with pytest.raises(EthicLensInputError, match=r"^key 'target\.dataset'.*did you mean"):
        ethiclens.run({"version": 1, "target": {"dataset": "compass"}})


def test_a_config_files_refusal_names_its_key_in_the_fix_too(tmp_path, capsys):
    _, data = _rows(tmp_path)
    config = tmp_path / "c.yaml"
    config.write_text(
        f"version: 1\ntarget:\n  file: {data}\nroles:\n  y_true: y\n  y_pred: [p]\n"
        f"  protected: [g]\noutputs:\n  json: {data}\n"
    )
    said = _error(capsys, "audit", "--config", config)
    assert said.startswith("error: key 'outputs.json': output")
    assert said.endswith("Fix: choose another path for outputs.json") and "--json" not in said
    # the same output given as a flag names the flag
    said = _error(capsys, "audit", data, "--y-true", "y", "--y-pred", "p", "--protected", "g",
                  "--json", data)  # fmt: skip
    assert said.endswith("Fix: choose another path for --json")


def test_a_yaml_number_where_text_is_asked_says_to_quote_it(tmp_path, capsys):
    config = tmp_path / "v.yaml"
    config.write_text("version: 1\ntarget:\n  dataset: compas\nmodel:\n  version: 2.1\n")
    said = _error(capsys, "audit", "--config", config)
    assert said.startswith("error: key 'model.version'")
    assert said.endswith('Fix: quote it so it reads as text, not a number or true/false: '
                         'version: "2.1"')  # fmt: skip


def test_a_python_release_names_its_own_arguments(tmp_path):
    frame, _ = _rows(tmp_path)
    grr = p2nia.make_request(n=200, protected="g", protected_domain=["a", "b"], epsilon=1.0)
    with pytest.raises(EthicLensInputError) as err:
        p2nia.release(grr, frame, None, "p")
    assert str(err.value).startswith("argument 'y_true': ") and "pass y_true" in str(err.value)
    with pytest.raises(EthicLensInputError, match=r"^argument 'columns': .*drop columns/disc"):
        p2nia.release(grr, frame, "y", "p", columns=["s"])
    mst = p2nia.make_request(
        n=200, protected="g", protected_domain=["a", "b"], epsilon=1.0, mechanism="mst"
    )
    with pytest.raises(EthicLensInputError) as err:
        p2nia.release(mst, frame, "y", "p", columns=["p2"], discretization={"s": [0, 1]})
    assert str(err.value).startswith("argument \"discretization['s']\": bins given")
    assert "--" not in str(err.value)


def test_a_yes_no_keyword_is_named_as_an_argument():
    y = np.array([0, 1] * 100)
    with pytest.raises(EthicLensInputError, match=r"^argument 'positive_is_favorable'"):
        ethiclens.audit(y, y, np.array(["a", "b"] * 100), positive_is_favorable="no")


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_score_that_is_not_a_number_is_named_with_its_value_and_line(tmp_path, capsys, engine):
    frame, _ = _rows(tmp_path)
    frame = frame.astype({"s": object})
    frame.loc[5, "s"] = "high"
    path = tmp_path / "s.csv"
    frame.to_csv(path, index=False)
    said = _error(capsys, "thresholds", path, "--y-true", "y", "--y-score", "s",
                  "--protected", "g", "--engine", engine)  # fmt: skip
    assert said == (
        "error: column 's (y_score)': scores must be numbers in [0, 1]; 1 value is not a number, "
        "first at s.csv line 7 (value: 'high'). Fix: pass probabilities"
    )


@pytest.mark.parametrize("given", [["x"], [True], ["0.5"]])
def test_thresholds_that_are_not_numbers_are_refused_as_the_argument(given):
    y = np.array([0, 1] * 100)
    scores = np.linspace(0.01, 0.99, 200)
    groups = np.array(["a", "b"])[np.arange(200) % 2]
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.threshold_table(y, scores, groups, thresholds=given, n_boot=100)
    assert str(err.value).startswith("argument 'thresholds': 1 threshold(s) are not numbers")


def test_an_unused_category_in_a_parquet_file_gets_a_fix_a_file_user_can_apply(tmp_path, capsys):
    frame, _ = _rows(tmp_path)
    frame["g"] = pd.Categorical(frame["g"], categories=["a", "b", "c"])
    path = tmp_path / "c.parquet"
    frame.to_parquet(path)
    said = _error(capsys, "audit", path, "--y-true", "y", "--y-pred", "p", "--protected", "g")
    assert "group(s) c have no rows" in said
    assert "in a Parquet file: write it again without them, or store the column as text" in said


def test_a_config_users_refusal_names_keys_in_its_words_not_flags(tmp_path, capsys):
    _, data = _rows(tmp_path)
    roles = "roles:\n  y_true: y\n  y_pred: [p]\n  protected: [g]\n"
    cases = {
        "groups:\n  bins:\n    zz: [0, 1]\n": "Fix: add roles.protected zz, or bin one of",
        "target:\n  db: sqlite:///nowhere.db\n": "target.db needs target.table NAME or "
        "target.query SQL. Fix: e.g. target: {table: predictions}",
    }
    for body, words in cases.items():
        config = tmp_path / "c.yaml"
        head = "" if "target" in body else f"target:\n  file: {data}\n"
        config.write_text(f"version: 1\n{head}{roles}{body}")
        said = _error(capsys, "audit", "--config", config)
        assert words in said and "--" not in said, said
    # a flag the user typed is still named as a flag; the rest of its words, by key
    config.write_text(f"version: 1\ntarget:\n  file: {data}\n{roles}")
    said = _error(capsys, "audit", "--config", config, "--bins", "zz=0,1")
    assert said.startswith("error: option '--bins'") and "add roles.protected zz" in said


def test_a_python_caller_is_told_keywords_not_flags(tmp_path):
    _, data = _rows(tmp_path)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.run(str(data), y_true="y", y_pred="p")
    # y_pred is given: only the missing protected is named
    assert str(err.value).startswith("argument 'protected': an audit needs at least one protected")
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.run(str(data), y_true="y", y_pred="p", protected=["g"], table="t")
    assert "Fix: add db URL (or db_env NAME), or drop table/query" in str(err.value)
    assert "--" not in str(err.value)


def test_the_monitor_names_a_config_files_keys_in_its_words(tmp_path, capsys):
    _, data = _rows(tmp_path)
    config = tmp_path / "m.yaml"
    config.write_text(
        f"version: 1\ntarget:\n  file: {data}\nroles:\n  y_pred: [p]\n  protected: [g]\n"
        "  weight: g\n"
    )
    said = _error(capsys, "monitor", "--config", config, "--time", "t", "--window", "1d",
                  "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert said == (
        "error: key 'roles.protected': roles.protected and roles.weight both name 'g': one "
        "column plays two roles (value: 'g'). Fix: give each of roles.protected and "
        "roles.weight its own column"
    )


def test_a_release_names_the_argument_that_repeats_a_column(tmp_path):
    frame, _ = _rows(tmp_path)
    grr = p2nia.make_request(n=200, protected="g", protected_domain=["a", "b"], epsilon=1.0)
    with pytest.raises(EthicLensInputError, match=r"^argument 'y_true': the protected, label"):
        p2nia.release(grr, frame, "g", "p")
    with pytest.raises(EthicLensInputError, match=r"^argument 'y_pred': the protected, label"):
        p2nia.release(grr, frame, "y", "y")
