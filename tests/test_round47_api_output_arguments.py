"""Python-API battery: the outputs checks of p2nia and the probes given outputs that are no
dict (None, a text) or inputs that are no list (None, a number, one text) refuse naming the
argument, never "'str' object has no attribute 'items'" or "'NoneType' object is not
iterable"."""

import pytest

from ethiclens.errors import EthicLensInputError


def _check(face):
    if face == "p2nia":
        from ethiclens.p2nia import check_command_outputs

        return check_command_outputs
    from ethiclens.probes import check_probe_outputs

    return check_probe_outputs


@pytest.mark.parametrize(
    "outputs, inputs, argument",
    [
        (None, (), "outputs"),
        ("out.json", (), "outputs"),
        ({"--json": None}, None, "inputs"),
        ({"--json": None}, 3, "inputs"),
        ({"--json": None}, "data.csv", "inputs"),
    ],
    ids=["outputs-None", "outputs-str", "inputs-None", "inputs-int", "inputs-str"],
)
@pytest.mark.parametrize("face", ["p2nia", "probes"])
def test_refused_naming_the_argument(face, outputs, inputs, argument):
    with pytest.raises(EthicLensInputError) as info:
        _check(face)(outputs, inputs)
    assert info.value.column == argument
    assert f"argument '{argument}'" in str(info.value)


@pytest.mark.parametrize("face", ["p2nia", "probes"])
def test_dict_and_list_as_before(face, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _check(face)({"--json": None}, ["data.csv"])
    _check(face)({"--json": None}, ())
