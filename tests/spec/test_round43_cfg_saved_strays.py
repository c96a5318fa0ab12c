"""Round 43 (cfg): a benchmark option named for another target (AuditSpec.of('compas',
year=2018), refused when run) was dropped by save() at its default, so the saved file ran where
the spec it came from is refused; it is written now, and the file reads back as the same spec."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
@pytest.mark.parametrize(
    ("target", "option"),
    [("compas", {"year": 2018}), ("adult", {"states": "CO"}), ("compas", {"download": False})],
)
def test_a_stray_option_at_its_default_is_saved(tmp_path, suffix, target, option):
    spec = AuditSpec.of(target, **option)
    path = spec.save(tmp_path / f"spec{suffix}")
    again = AuditSpec.from_file(path)
    assert again == spec
    assert next(iter(option)) in path.read_text()
    for face in (spec, again):  # both refused alike when checked for a run
        with pytest.raises(EthicLensInputError) as info:
            from ethiclens.spec._unused import check_used

            check_used(face, "audit")
        assert next(iter(option)) in str(info.value)


def test_an_option_of_its_own_target_at_its_default_is_still_left_out(tmp_path):
    spec = AuditSpec.of("acs-income", year=2018, states="CO")
    assert AuditSpec.from_file(spec.save(tmp_path / "a.yaml")) == spec
    assert "year" not in (tmp_path / "a.yaml").read_text()
    assert "target" not in spec.to_dict(minimal=True) or set(
        spec.to_dict(minimal=True)["target"]
    ) == {"dataset"}
