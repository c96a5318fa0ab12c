"""Round 26: a fix's example written with flags ("e.g. --y-true label --y-pred pred
--protected sex=Male") is written as config for a config file's user and as keywords for a
Python caller, not as flags renamed one by one ("e.g. roles.y_true label roles.y_pred pred")."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n" + "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 2]}\n" for i in range(8)))
    return path


def test_a_config_users_fix_is_written_as_config(tmp_path, data, capsys):
    config = tmp_path / "c.yaml"
    config.write_text(f"version: 1\ntarget:\n  file: {data}\nroles:\n  y_true: y\n")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert "Fix: e.g. roles: {y_true: label, y_pred: pred, protected: {sex: Male}}" in err
    assert "roles.y_true label" not in err


def test_flags_keep_the_flags(data, capsys):
    assert main(["audit", str(data), "--y-true", "y"]) == 2
    assert "Fix: e.g. --y-true label --y-pred pred --protected sex=Male" in capsys.readouterr().err


def test_a_spec_dict_is_written_as_config(data):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.run({"target": {"file": str(data)}, "roles": {"y_true": "y"}})
    assert "e.g. roles: {y_true: label, y_pred: pred, protected: {sex: Male}}" in str(info.value)


def test_a_python_caller_is_shown_keywords(data):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.run(str(data), y_true="y")
    said = 'e.g. y_true="label", y_pred="pred", protected={"sex": "Male"}'
    assert said in str(info.value)


@pytest.mark.parametrize(
    "words, said",
    [
        ({"--exclude-group": "groups.exclude"}, "e.g. groups: {exclude: {race: [Asian]}}"),
        ({"--exclude-group": "exclude_groups"}, 'e.g. exclude_groups={"race": ["Asian"]}'),
        ({"--exclude-group": "the field Exclude"}, "e.g. the field Exclude race=Asian"),
    ],
)
def test_each_face_writes_an_example_its_way(words, said):
    exc = EthicLensInputError("x", column="--exclude-group", fix="e.g. --exclude-group race=Asian")
    assert exc.renamed({}, None, words).fix == said
