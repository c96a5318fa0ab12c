"""Round 46 review of e1f30418: the one item of a list where one value is meant was spelled
for a YAML file as written plain, so ``y_true: [true]`` (a column named "true", quoted) was
told ``y_true: true`` (a boolean), ``["null"]`` ``y_true: null`` (which runs with no y_true at
all), ``["0x1F"]`` the number 31, ``[NaN]`` a NaN the field refuses; and the Python faces
(``run(pos_label=[1])``, ``AuditSpec.from_dict``) were only told "see docs/config.md"."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

ROLES = {"y_pred": "p", "protected": "g"}


@pytest.mark.parametrize(
    "item, spelled",
    [
        ('"true"', 'y_true: "true"'),
        ('"null"', 'y_true: "null"'),
        ('"0x1F"', 'y_true: "0x1F"'),
        ('"-"', 'y_true: "-"'),
        ("y", "y_true: y"),
    ],
)
def test_a_files_one_item_is_spelled_as_yaml_reads_it_back(tmp_path, item, spelled):
    path = tmp_path / "c.yaml"
    path.write_text(f"target: {{file: d.csv}}\nroles: {{y_true: [{item}], y_pred: p}}\n")
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_file(path)
    assert str(caught.value).endswith(f"Fix: give one value, not a list: {spelled}")


def test_a_files_non_finite_item_is_not_offered(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(
        "target: {file: d.csv}\nroles: {y_true: y, y_pred: p}\npolicy: {di_threshold: [.nan]}\n"
    )
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_file(path)
    assert str(caught.value).endswith("Fix: give one value, not a list")


def test_a_keyword_list_is_told_the_keyword_of_one_value(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.run(str(path), y_true="y", y_pred="p", protected="g", pos_label=[1])
    assert str(caught.value).endswith("Fix: give one value, not a list: pos_label=1")


def test_a_dicts_list_is_told_the_dict_entry_of_one_value():
    data = {"target": {"file": "d.csv"}, "roles": {**ROLES, "y_true": ["y"]}}
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_dict(data)
    assert str(caught.value).endswith("Fix: give one value, not a list: 'y_true': 'y'")
