"""Round 48 (api battery leftover, class: a spec section of the wrong type).

``ethiclens.AuditSpec(target=None)`` (any section given None, a dict, text or another
section) raised a plain TypeError: the refusal was no EthicLensInputError, so a face or a
caller catching the project's refusals saw a crash. It is now both (as
sources.RolesTypeError), in the same words (test_round4_face pins them)."""

import pytest

import ethiclens
from ethiclens.spec._spec import _SECTIONS

OTHER = {"target": "roles", "roles": "target"}


@pytest.mark.parametrize("section", list(_SECTIONS))
@pytest.mark.parametrize("bad", [None, {"file": "d.csv"}, "d.csv", "other"])
def test_a_wrong_section_is_the_products_refusal_and_a_type_error(section, bad):
    if bad == "other":  # another section's object
        bad = _SECTIONS[OTHER.get(section, "target")]()
    with pytest.raises(ethiclens.EthicLensInputError) as err:
        ethiclens.AuditSpec(**{section: bad})
    assert isinstance(err.value, TypeError)
    kind = _SECTIONS[section].__name__
    said = "None" if bad is None else type(bad).__name__
    assert str(err.value) == (
        f"AuditSpec argument {section!r} must be a {kind}, not {said}; "
        f"from plain data use AuditSpec.from_dict({{{section!r}: {{...}}}})"
    )
