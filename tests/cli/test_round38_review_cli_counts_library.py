"""Round 38 review of c5b5fea4/cf030066/1ec59eaa (CLI faces).

``count_target`` (the Python face of ``ethiclens counts``) ignored a key a counts table is not
made of (a policy, a model card) and counted the first of a comparison's two predictions without
a word: the refusal lived in the CLI alone. It is the library's now, in the same words on every
face. And a number's typed text is kept per run: a second ``main([...])`` in one process quotes
its own text, never the first run's."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, count_target


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    where = tmp_path_factory.mktemp("rv38counts")
    rows = ["y,p,q,g"] + [f"{i % 2},{(i // 2) % 2},{i % 2},{'ab'[i % 3 == 0]}" for i in range(12)]
    (where / "d.csv").write_text("\n".join(rows) + "\n")
    return where


ROLES = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
REFUSED = [
    ({"policy": {"seed": 3}}, "key 'policy.seed': is not used by a counts table"),
    ({"model": {"name": "m"}}, "key 'model.name': is not used by a counts table"),
    ({"groups": {"merge": {"g": {"x": ["a", "b"]}}}}, "key 'groups.merge': is not used by"),
    (
        {"roles": {**ROLES, "y_pred": ["p", "q"]}},
        "key 'roles.y_pred': gives two models' predictions; a counts table counts one",
    ),
]


@pytest.mark.parametrize(("more", "said"), REFUSED)
def test_python_and_config_refuse_what_a_counts_table_is_not_made_of(data, capsys, more, said):
    spec = {"target": {"file": str(data / "d.csv")}, "roles": dict(ROLES), **more}
    with pytest.raises(EthicLensInputError) as caught:
        count_target(AuditSpec.from_dict(spec))
    assert said in str(caught.value)
    config = data / "c.json"
    config.write_text(__import__("json").dumps(spec))
    assert main(["counts", "--config", str(config), "--out", str(data / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {caught.value}\n", err  # one refusal, the same words
    assert not (data / "x.csv").exists()


def test_what_a_counts_table_is_made_of_is_still_counted(data):
    spec = {"target": {"file": str(data / "d.csv"), "engine": "pandas"}, "roles": ROLES}
    table, _ = count_target(AuditSpec.from_dict(spec))
    assert int(table["count"].sum()) == 12


def test_a_second_run_quotes_its_own_text_not_the_first_runs(data, capsys):
    audit = ["audit", str(data / "d.csv"), "--y-pred", "p", "--protected", "g", "--n-boot"]
    assert main([*audit, "+5"]) == 2
    assert "(value: '+5')" in capsys.readouterr().err
    assert main([*audit, "5"]) == 2  # read as the same 5: no text of the first run kept
    err = capsys.readouterr().err
    assert "(value: 5)" in err and "'+5'" not in err, err


def test_a_nul_in_counts_target_is_refused_in_one_line(data, capsys):
    # 69442148's sibling: counts checked its outputs against TARGET before the spec read it, and
    # os.stat's "ValueError: embedded null byte" ended the run; now audit's words, exit 2
    out = str(data / "n.csv")
    assert main(["counts", "a\x00b.csv", "--y-pred", "p", "--protected", "g", "--out", out]) == 2
    err = capsys.readouterr().err
    said = "error: argument 'TARGET': a path cannot hold a NUL character (\\x00) "
    said += "(value: 'a\\x00b.csv')"
    assert err.startswith(said) and len(err.splitlines()) == 1, err
