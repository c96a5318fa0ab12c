"""cfg item (a): a bad choice was worded by click on some commands and by the library on
others: 'ethiclens monitor --fail-on bogus' said "'bogus' is not one of 'never', 'alarm'. Fix:
choose from never, alarm" where 'ethiclens audit --fail-on bogus' says "must be one of flagged,
... (value: 'bogus'). Fix: use one of ..."; a registry and P2NIA's metrics listed a Python list
("choose from ['dp', 'eo', 'eopp']"). Every face now says the library's one line."""

import pytest

from ethiclens import p2nia
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _data(tmp_path):
    path = tmp_path / "d.csv"
    rows = [f"{i % 2},{(i // 2) % 2},{'ab'[i % 3 % 2]},2024-01-0{1 + i % 5}" for i in range(20)]
    path.write_text("y,p,g,t\n" + "\n".join(rows) + "\n")
    return str(path)


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (
            ["--accounting", "Record"],
            "option '--accounting': must be one of record, per-column "
            "(value: 'Record'). Fix: did you mean 'record'? use one of record, per-column",
        ),
        (
            ["--mechanism", "zzz"],
            "option '--mechanism': unknown mechanism: must be one of grr, "
            "mst, aim (value: 'zzz'). Fix: use one of grr, mst, aim",
        ),
        (
            ["--metrics", "EO"],
            "option '--metrics': unknown metric: must be one of dp, eo, eopp "
            "(value: 'EO'). Fix: did you mean 'eo'? use one of dp, eo, eopp",
        ),
    ],
)
def test_p2nia_choices_say_the_same_words(tmp_path, capsys, words, expected):
    base = ["p2nia", "request", "--n", "100", "--protected", "g", "--epsilon", "1"]
    assert main([*base, "--out", str(tmp_path / "r.json"), *words]) == 2
    assert capsys.readouterr().err == f"error: {expected}\n"


def test_no_python_list_in_a_choice_fix():
    for call in (
        lambda: p2nia.get_mechanism("zzz"),
        lambda: p2nia.make_request(
            100, "g", protected_domain=["a", "b"], epsilon=1, metrics=["zz"]
        ),
    ):
        with pytest.raises(EthicLensInputError) as info:
            call()
        assert "[" not in info.value.fix and info.value.fix.startswith("use one of ")


def test_monitor_and_audit_fail_on_say_one_wording(tmp_path, capsys):
    data = _data(tmp_path)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(["monitor", data, *roles, "--time", "t", "--fail-on", "bogus"]) == 2
    said = capsys.readouterr().err
    assert said == (
        "error: option '--fail-on': must be one of never, alarm (value: 'bogus'). "
        "Fix: use one of never, alarm\n"
    )
    assert main(["audit", data, *roles, "--fail-on", "bogus"]) == 2
    audit = capsys.readouterr().err
    assert audit.startswith("error: option '--fail-on': must be one of flagged, ")
    assert "(value: 'bogus'). Fix: use one of flagged, " in audit
