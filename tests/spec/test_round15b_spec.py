"""Round 15b: ``AuditSpec.of`` takes a ``Path`` target and refuses any other non-text one (never
drops it); a section given as a keyword points at its fields or ``replace``; a counts table
counted with ``--bins`` records its edges, and its audit gates against a report of the file
audited with the same ``--bins``."""

import pytest

from ethiclens import AuditSpec, EthicLensInputError


def test_of_takes_a_path_target(tmp_path):
    path = tmp_path / "train.csv"
    assert AuditSpec.of(path).target.file == str(path)
    assert AuditSpec.of(path, y_pred="p").target.file == str(path)


@pytest.mark.parametrize("target", [{"file": "d.csv"}, 3, ["d.csv"]])
def test_of_refuses_another_target_type(target):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.of(target)
    text = str(err.value)
    assert "argument 'target': must be a benchmark name or a path" in text
    assert f"not {type(target).__name__}" in text
    assert "pathlib.Path" in err.value.fix


@pytest.mark.parametrize(("section", "field"), [("gate", "fail_on=..."), ("outputs", "json=...")])
def test_of_section_keyword_points_at_its_fields(section, field):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.of("compas", **{section: {}})
    text = str(err.value)
    assert "is a section of the spec, not a keyword of AuditSpec.of" in text
    assert field in err.value.fix
    assert f".replace({section}=" in err.value.fix
    assert "states" not in text and "'counts'" not in text
